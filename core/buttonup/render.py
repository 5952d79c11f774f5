"""Button Up! positions as plain text (screen readers) and as SVG (notebooks)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from core import svg as svglib
from core.buttonup.rules import COLOURS, PLAYER_NAMES

if TYPE_CHECKING:
    from core.buttonup.rules import ButtonUpState

FILL = {"R": "#c62828", "B": "#212121", "W": "#fafafa"}


def status(state: ButtonUpState) -> str:
    """One sentence: who acts now, or who won."""
    target = state.options["target_score"]
    if state.is_over:
        w = state.winner
        assert w is not None
        return f"Game over: {PLAYER_NAMES[w]} wins {state.points[w]} to {state.points[1 - w]}."
    mover = PLAYER_NAMES[state.mover or 0]
    if state.choosing:
        return f"{mover} chooses who starts round {state.round_number}."
    extra = " (extra turn)" if state.extra else ""
    return f"{mover} to move{extra}; move {state.moves_made + 1} of 8; first to {target} points."


def stack_words(stack: str) -> str:
    """A stack bottom to top in words, e.g. ``"red, white"``."""
    return ", ".join(COLOURS[b] for b in stack)


def describe(state: ButtonUpState) -> str:
    """The whole position in plain text, in reading order."""
    red, black = state.points
    lines = [
        f"Button Up!, round {state.round_number}. Points: Red {red}, Black {black}.",
        status(state),
        "Stacks clockwise, each from bottom to top:",
        *(f"  stack {i}: {stack_words(s)}" for i, s in enumerate(state.stacks, 1)),
    ]
    movable = [str(i) for i, s in enumerate(state.stacks, 1) if "W" in s]
    if not state.is_over and not state.choosing:
        lines.append(f"Stacks that may be lifted (they hold a white): {', '.join(movable)}.")
    if state.rounds:
        last = state.rounds[-1]
        r, b = last.sums
        result = "a tie, nobody scores" if last.winner is None else (
            f"{PLAYER_NAMES[last.winner]} gains {abs(r - b)}"
        )
        lines.append(f"Last round: final stack {stack_words(last.final)}; red {r}, black {b}: {result}.")
    return "\n".join(lines)


def svg(state: ButtonUpState, size: int = 360) -> str:
    """The circle of stacks, stack 1 at the top, clockwise; each stack bottom up."""
    centre, radius, r_button = size / 2, size * 0.34, size * 0.045
    body = [f'<rect width="{size}" height="{size}" fill="#f5efe0"/>']
    n = len(state.stacks)
    for i, stack in enumerate(state.stacks):
        angle = -math.pi / 2 + 2 * math.pi * i / max(n, 1)
        x, y = centre + radius * math.cos(angle), centre + radius * math.sin(angle)
        if n == 1:
            x, y = centre, centre + r_button * 4
        for level, button in enumerate(stack):
            by = y - level * r_button * 1.1
            body.append(
                f'<circle cx="{x:.1f}" cy="{by:.1f}" r="{r_button:.1f}" fill="{FILL[button]}" '
                f'stroke="#555" stroke-width="1.5"/>'
            )
        body.append(svglib.text(x, y + r_button * 2.2, str(i + 1), size=int(size / 28)))
    body.append(svglib.text(centre, size - 14, status(state), size=int(size / 30)))
    return svglib.document(size, size, describe(state).splitlines()[0] + " " + status(state), body)
