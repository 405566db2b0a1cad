"""Line charts drawn on the server as inline SVG (no JavaScript, no inline style: colours
are SVG presentation attributes, which the Content-Security-Policy allows).

A chart has a title (``<title>`` and ``aria-label`` for screen readers), labelled axes
(x: the label given, e.g. nights by date; y: e.g. the net in the currency), ticks with
their values written by the caller's ``fmt`` (the page's money or chips format), a zero
line, and a legend when it draws more than one line. The figures are the caller's: this
module only places them.
"""

from __future__ import annotations

from typing import Callable

from markupsafe import Markup, escape

COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#FFFFFF")
"""Line colours, one per series in order: the Okabe-Ito palette, told apart by people with
every common colour-blindness (its black made white for the pages' dark background)."""

DASHES = ("", "6 3", "2 3", "8 3 2 3")
"""Line patterns (SVG ``stroke-dasharray``; "" solid): past the eighth series the colours
come round again with the next pattern, so no two of the first 32 lines look alike."""


def series_style(number: int) -> tuple[str, str]:
    """The ``(colour, dash pattern)`` of the chart's ``number``-th line (from 0): every
    colour of :data:`COLOURS` solid, then dashed, and so on (:data:`DASHES`).

    >>> series_style(0), series_style(8)
    (('#E69F00', ''), ('#E69F00', '6 3'))
    """
    return COLOURS[number % len(COLOURS)], DASHES[(number // len(COLOURS)) % len(DASHES)]

WIDTH, HEIGHT = 360, 220
"""The chart's box (SVG user units); it scales to the page's width."""

MARKED = 24
"""A chart marks (a dot with its value as a tooltip) at most this many points in all: each
of its lines its last ``MARKED // lines`` points (at least its last one); the older ones
are drawn by the line alone, so a chart of a club's years costs a line point a night, not
a formatted figure a night (issue 25)."""

LEFT, RIGHT, TOP, BOTTOM = 64, 24, 28, 48
LEGEND_CHARS = 26
"""A longer name is cut short in the legend (with an ellipsis; whole in its ``<title>``)."""
"""Margins (user units): the y ticks' values on the left, the x ticks and the x axis's
label below, the title above."""


def nice_ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering ``low``..``high``
    (ints), zero included.

    >>> nice_ticks(-30, 120)
    [-50, 0, 50, 100, 150]
    >>> nice_ticks(0, 0)
    [0, 1]
    """
    low, high = min(low, 0), max(high, 0)
    if low == high:
        return [low, low + 1]
    raw = (high - low) / count
    power = 1
    while power * 10 <= raw:
        power *= 10
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = (low // step) * step
    ticks = []
    value = first
    while True:
        ticks.append(value)
        if value >= high:
            break
        value += step
    return ticks


def line_chart(series: list[tuple[str, int]] | dict[str, list[tuple[str, int]]], *, x_label: str,
               y_label: str, title: str, fmt: Callable[[int], str] = str, css_class: str = "chart",
               x_labels: list[str] | None = None, data: dict[str, str] | None = None) -> Markup:
    """An SVG line chart.

    :param series: one line as ``[(x label, value)]`` (values ints: cents or chips), or
        several as ``{name: [(x label, value)]}``; with ``x_labels`` (every x position's
        label in order) a series' points sit at the position of their label, so lines
        with gaps share one axis (the club's nights).
    :param x_label: the x axis's label ("Noche (fecha)"); ``y_label``: the y axis's
        ("Neto (EUR)"); ``title``: the chart's title, also its ``<title>`` and aria-label.
    :param fmt: writes a value for the y ticks and each marked point's tooltip (the last
        :data:`MARKED` points in all, the newest of each line).
    :param data: extra ``data-*`` attributes of the ``<svg>`` (name without ``data-``).
    :returns: ``Markup`` of the ``<svg>`` element (every text escaped).
    """
    if isinstance(series, list):  # one line: its points in order (two nights may share a date)
        labels = [label for label, _ in series]
        lines = {"": [(index, value) for index, (_, value) in enumerate(series)]}
    else:  # several lines on the x positions of their labels
        labels = list(x_labels or [])
        for points in series.values():
            labels.extend(label for label, _ in points if label not in labels)
        lines = {name: [(labels.index(label), value) for label, value in points] for name, points in series.items()}
    values = [v for points in lines.values() for _, v in points] or [0]
    ticks = nice_ticks(min(values), max(values))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = (ticks[-1] - ticks[0]) or 1

    def x(index: int) -> float:
        return round(LEFT + (plot_w * index / (len(labels) - 1) if len(labels) > 1 else plot_w / 2), 1)

    def y(value: int) -> float:
        return round(TOP + (ticks[-1] - value) * plot_h / span, 1)

    rows = -(-len(lines) // 2) if len(lines) > 1 else 0  # legend rows (two a row), below the x axis's label
    attrs = "".join(f' data-{escape(k)}="{escape(v)}"' for k, v in (data or {}).items())
    out = [f'<svg class="{escape(css_class)}"{attrs} viewBox="0 0 {WIDTH} {HEIGHT + rows * 14}" role="img" '
           f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
           f"<title>{escape(title)}</title>",
           f'<text class="chart-title" x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13" '
           f'font-weight="bold" fill="currentColor">{escape(title)}</text>']
    for tick in ticks:  # y ticks and grid
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick)}" y2="{y(tick)}" '
                   f'stroke="{"#a9b8ad" if tick == 0 else "#56655b"}" stroke-width="{1 if tick == 0 else 0.5}"/>')
        out.append(f'<text class="y-tick" x="{LEFT - 4}" y="{y(tick) + 4}" text-anchor="end" font-size="10" '
                   f'fill="currentColor">{escape(fmt(tick))}</text>')
    every = max(1, -(-len(labels) // 5))  # at most about five x tick labels
    for index, label in enumerate(labels):
        if index % every and index != len(labels) - 1:
            continue
        out.append(f'<text class="x-tick" x="{x(index)}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle" '
                   f'font-size="10" fill="currentColor">{escape(label)}</text>')
    out.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" stroke="#888"/>')
    out.append(f'<text class="x-label" x="{LEFT + plot_w / 2}" y="{HEIGHT - 8}" text-anchor="middle" '
               f'font-size="11" fill="currentColor">{escape(x_label)}</text>')
    out.append(f'<text class="y-label" x="12" y="{TOP + plot_h / 2}" text-anchor="middle" font-size="11" '
               f'fill="currentColor" transform="rotate(-90 12 {TOP + plot_h / 2})">{escape(y_label)}</text>')
    for number, (name, points) in enumerate(lines.items()):
        colour, dash = series_style(number)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        coords = " ".join(f"{x(index)},{y(value)}" for index, value in points)
        out.append(f'<g class="series" data-colour="{colour}" data-dash="{dash}" data-series="{escape(name)}">')
        if len(points) > 1:
            out.append(f'<polyline points="{coords}" class="line" fill="none" stroke="{colour}" stroke-width="2"{dashed}/>')
        for index, value in points[-max(1, MARKED // len(lines)):]:
            out.append(f'<circle cx="{x(index)}" cy="{y(value)}" r="3" fill="{colour}">'
                       f"<title>{escape(name + ': ' if name else '')}{escape(labels[index])}: "
                       f"{escape(fmt(value))}</title></circle>")
        out.append("</g>")
    if len(lines) > 1:  # the legend, below the title
        for number, name in enumerate(lines):
            lx, ly = LEFT / 2 + (number % 2) * (WIDTH - LEFT / 2) / 2, HEIGHT + (number // 2) * 14
            short = name if len(name) <= LEGEND_CHARS else name[:LEGEND_CHARS - 1] + "\u2026"
            colour, dash = series_style(number)
            dashed = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<g class="legend" data-legend="{escape(name)}" data-colour="{colour}" data-dash="{dash}">'
                       f'<title>{escape(name)}</title><line x1="{lx - 6}" x2="{lx + 8}" y1="{ly + 4}" '
                       f'y2="{ly + 4}" stroke="{colour}" stroke-width="3"{dashed}/><text x="{lx + 11}" y="{ly + 8}" '
                       f'font-size="9" fill="currentColor">{escape(short)}</text></g>')
    out.append("</svg>")
    return Markup("".join(out))
