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


OKABE_ITO = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
"""The Okabe-Ito palette's colours (its black aside: the pages are dark)."""


def test_each_line_has_its_own_look_from_a_colour_blind_safe_palette_and_a_legend():
    names = [f"Jugador {i}" for i in range(12)]
    series = {name: [("a", i), ("b", i * 2)] for i, name in enumerate(names)}
    svg = str(line_chart(series, x_labels=["a", "b"], x_label="x", y_label="y", title="t"))
    lines = [(n, c, d) for c, d, n in re.findall(
        r'<g class="series" data-colour="([^"]*)" data-dash="([^"]*)" data-series="([^"]*)">', svg)]
    legend = re.findall(r'<g class="legend" data-legend="([^"]*)" data-colour="([^"]*)" data-dash="([^"]*)">', svg)
    assert [name for name, *_ in lines] == names
    assert legend == lines                                      # the legend names each line in its look
    looks = [(colour, dash) for _name, colour, dash in lines]
    assert len(set(looks)) == len(names)                        # no two lines alike
    assert [c for c, _ in looks[:7]] == list(dict.fromkeys(c for c, _ in looks[:7]))  # 7 colours, none twice
    assert {c for c, _ in looks} - {"#FFFFFF"} <= OKABE_ITO
    assert all(dash == "" for _, dash in looks[:8]) and all(dash for _, dash in looks[8:])
    assert len(re.findall(r'<g class="legend"[^>]*><title>[^<]*</title><line [^>]*stroke="#', svg)) == 12


def test_the_lines_run_oldest_left_in_the_order_of_the_labels():
    svg = str(line_chart({"Ana": [("1 ene", 5), ("8 ene", 10), ("15 ene", 20)]},
                         x_labels=["1 ene", "8 ene", "15 ene"], x_label="x", y_label="y", title="t"))
    xs = [float(x) for x, _ in (p.split(",") for p in re.search(r'points="([^"]+)"', svg).group(1).split())]
    assert xs == sorted(xs) and len(set(xs)) == 3
    ticks = re.findall(r'class="x-tick" x="([^"]+)"[^>]*>([^<]*)<', svg)
    assert [label for _, label in sorted(ticks, key=lambda t: float(t[0]))] == ["1 ene", "8 ene", "15 ene"]
