"""The server's SVG line charts (``web.core.charts``): a chart of a club's years draws a
line point a night but formats only the last :data:`MARKED` points' values (issue 25: the
club page spent most of its time writing a tooltip for every night)."""

from __future__ import annotations

import re

from web.core.charts import MARKED, line_chart


def test_a_long_line_keeps_every_point_and_marks_the_last_ones():
    written = []

    def fmt(value: int) -> str:
        written.append(value)
        return f"{value} c"

    points = [(f"n{i}", i * 10) for i in range(200)]
    svg = str(line_chart(points, x_label="x", y_label="y", title="t", fmt=fmt))
    coords = re.search(r'<polyline points="([^"]+)"', svg).group(1).split()
    assert len(coords) == 200                                   # the line: every night
    tips = re.findall(r"<circle[^>]*><title>([^<]*)</title>", svg)
    assert tips == [f"n{i}: {i * 10} c" for i in range(200 - MARKED, 200)]
    ticks = len(re.findall(r'class="y-tick"', svg))
    assert len(written) == ticks + MARKED                        # not one figure a night


def test_a_short_line_marks_every_point():
    svg = str(line_chart([("a", 1), ("b", 2)], x_label="x", y_label="y", title="t"))
    assert re.findall(r"<circle[^>]*><title>([^<]*)</title>", svg) == ["a: 1", "b: 2"]
