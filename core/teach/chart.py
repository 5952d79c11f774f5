"""Line charts as standalone, accessible SVG (no plotting library in the browser): one line per
player over the moves, turns or rounds of a game, each line with its own colour *and* dash pattern."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core import svg
from core.teach.words import number as _label

WIDTH, HEIGHT = 560, 230
LEFT, RIGHT, TOP, BOTTOM = 44, 150, 16, 36
COLOURS = ("#b3261e", "#1f4e99")
"""Player 1 red, player 2 blue: both above 4.5:1 against white."""
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4")
"""Each line is dashed its own way too, so the chart does not rely on colour."""


@dataclass(frozen=True)
class Line:
    """One player's values, in order, drawn in ``colour``; the legend reads ``name: last value``."""

    name: str
    values: Sequence[float]
    colour: str


def line_chart(lines: Sequence[Line], title: str, axis: str, *, x_ticks: Sequence[tuple[int, str]] = (),
               mark: tuple[float, str] | None = None, lang: str = "en") -> str:
    """The ``lines`` over their steps (``axis`` names them), with labelled ``x_ticks`` (step, label)
    and an optional dashed level ``mark`` (value, label) such as the territories that win."""
    values = [v for line in lines for v in line.values]
    steps = max(max(len(line.values) for line in lines) - 1, 1)
    high = max(1.0, *values, mark[0] if mark else 0.0)
    low = min(0.0, *values)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return LEFT + plot_w * step / steps

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    body = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
            f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#555"/>',
            f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{LEFT + plot_w}" y2="{y(0):.1f}" stroke="#555"/>']
    step = max(1, round(high / 4))
    for value in sorted({low, *range(0, int(high) + 1, step), high}):
        body.append(svg.text(LEFT - 6, y(value), _label(value, lang), 11, "#333", "end"))
    for at, label in x_ticks:
        body.append(svg.text(x(at), TOP + plot_h + 12, label, 11, "#333"))
    body.append(svg.text(LEFT + plot_w / 2, HEIGHT - 8, axis, 11, "#333"))
    if mark:
        body += [f'<line x1="{LEFT}" y1="{y(mark[0]):.1f}" x2="{LEFT + plot_w}" y2="{y(mark[0]):.1f}" '
                 'stroke="#777" stroke-dasharray="3 3"/>',
                 svg.text(LEFT + 4, y(mark[0]) - 8, mark[1], 11, "#333", "start")]
    for k, line in enumerate(lines):
        dash = f' stroke-dasharray="{DASHES[k % len(DASHES)]}"' if DASHES[k % len(DASHES)] else ""
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values))
        body.append(f'<polyline points="{points}" fill="none" stroke="{line.colour}" stroke-width="2.5"{dash}/>')
        ly = TOP + 12 + 22 * k
        body.append(f'<line x1="{WIDTH - RIGHT + 10}" y1="{ly}" x2="{WIDTH - RIGHT + 36}" y2="{ly}" '
                    f'stroke="{line.colour}" stroke-width="2.5"{dash}/>')
        body.append(svg.text(WIDTH - RIGHT + 42, ly, f"{line.name}: {_label(line.values[-1], lang)}", 12, "#222",
                             "start"))
    return svg.document(WIDTH, HEIGHT, title, body)


def score_chart(scores: Sequence[tuple[float, float]], names: tuple[str, str], score_name: str,
                lang: str = "en") -> str:
    """Both players' ``score_name`` after every action of a match, as lines over the move number."""
    last = scores[-1]
    title = (f"{score_name}: {names[0]} {_label(last[0], lang)}, {names[1]} {_label(last[1], lang)}, "
             f"{len(scores) - 1} " + ("Züge" if lang == "de" else "moves"))
    lines = [Line(names[p], [s[p] for s in scores], COLOURS[p]) for p in (0, 1)]
    return line_chart(lines, title, "→ " + ("Zug" if lang == "de" else "move"), lang=lang)
