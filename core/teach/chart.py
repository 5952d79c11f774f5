"""A two-player score chart as a standalone, accessible SVG (no plotting library in the browser)."""

from __future__ import annotations

from collections.abc import Sequence

from core import svg
from core.teach.words import number as _label

WIDTH, HEIGHT = 520, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 130, 16, 34
COLOURS = ("#b3261e", "#1f4e99")
"""Player 1 red, player 2 blue: both above 4.5:1 against white."""
DASHES = ("", ' stroke-dasharray="6 4"')
"""Player 2's line is dashed as well, so the chart does not rely on colour."""


def score_chart(scores: Sequence[tuple[float, float]], names: tuple[str, str], score_name: str,
                lang: str = "en") -> str:
    """Both players' ``score_name`` after every action of a match, as lines over the move number."""
    steps = max(len(scores) - 1, 1)
    high = max([1.0, *(max(a, b) for a, b in scores)])
    low = min([0.0, *(min(a, b) for a, b in scores)])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return LEFT + plot_w * step / steps

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    body = [f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
            f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#555"/>',
            f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{LEFT + plot_w}" y2="{y(0):.1f}" stroke="#555"/>']
    for value in sorted({low, 0.0, high}):
        body.append(svg.text(LEFT - 6, y(value), _label(value, lang), 11, "#333", "end"))
    body.append(svg.text(LEFT + plot_w / 2, HEIGHT - 10, "→ " + ("Zug" if lang == "de" else "move"), 11, "#333"))
    for player in (0, 1):
        points = " ".join(f"{x(i):.1f},{y(s[player]):.1f}" for i, s in enumerate(scores))
        body.append(f'<polyline points="{points}" fill="none" stroke="{COLOURS[player]}" stroke-width="2.5"'
                    f'{DASHES[player]}/>')
        final = _label(scores[-1][player], lang)
        ly = TOP + 14 + 22 * player
        body.append(f'<line x1="{WIDTH - RIGHT + 10}" y1="{ly}" x2="{WIDTH - RIGHT + 34}" y2="{ly}" '
                    f'stroke="{COLOURS[player]}" stroke-width="2.5"{DASHES[player]}/>')
        body.append(svg.text(WIDTH - RIGHT + 40, ly, f"{names[player]}: {final}", 12, "#222", "start"))
    last = scores[-1]
    title = (f"{score_name}: {names[0]} {_label(last[0], lang)}, {names[1]} {_label(last[1], lang)}, "
             f"{len(scores) - 1} " + ("Züge" if lang == "de" else "moves"))
    return svg.document(WIDTH, HEIGHT, title, body)
