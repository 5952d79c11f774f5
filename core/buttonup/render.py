"""Button Up! positions as plain text (screen readers) and as SVG (notebooks)."""

from __future__ import annotations

import math
from core import svg as svglib
from core.buttonup.buttons import COLOURS, PLAYER_NAMES
from core.buttonup.sowing import RoundResult
from core.buttonup.state import ButtonUpState

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
    tallest = max(len(s) for s in state.stacks)
    ring = size * 0.3
    button = min(size * 0.045, (size - 2 * ring - 40) / ((tallest - 1) * 1.1 + 4.2))
    step = button * 2.2 if len(state.stacks) == 1 else button * 1.1
    centre_x, centre_y = size / 2, size / 2 + (tallest - 1) * step / 2
    body = [f'<rect width="{size}" height="{size + 30}" fill="#f5efe0"/>']
    n = len(state.stacks)
    for i, stack in enumerate(state.stacks):
        angle = -math.pi / 2 + 2 * math.pi * i / n
        x, y = (centre_x + ring * math.cos(angle), centre_y + ring * math.sin(angle)) if n > 1 else (
            centre_x, size - 40
        )
        body += _stack(x, y, stack, button * (2 if n == 1 else 1), step)
        body.append(svglib.text(x, y + button * 2.2, str(i + 1), size=int(size / 28)))
    body.append(svglib.text(size / 2, size + 14, status(state), size=int(size / 30)))
    return svglib.document(size, size + 30, describe(state).splitlines()[0] + " " + status(state), body)


def _stack(x: float, y: float, stack: str, radius: float, step: float) -> list[str]:
    """Circles for one stack, bottom button at ``(x, y)``."""
    return [
        f'<circle cx="{x:.1f}" cy="{y - level * step:.1f}" r="{radius:.1f}" fill="{FILL[b]}" '
        f'stroke="#555" stroke-width="1.5"/>'
        for level, b in enumerate(stack)
    ]


def round_svg(result: RoundResult, size: int = 200) -> str:
    """A finished round: the final stack with each button's height and the sums."""
    radius, step = 11.0, 23.0
    x, bottom = size / 2 - 20, 40 + 8 * step
    body = [f'<rect width="{size}" height="{bottom + 50:.0f}" fill="#f5efe0"/>']
    body += _stack(x, bottom, result.final, radius, step)
    for height in range(1, len(result.final) + 1):
        body.append(svglib.text(x + 28, bottom - (height - 1) * step, str(height), size=12, anchor="start"))
    red, black = result.sums
    body.append(svglib.text(size / 2, bottom + 32, f"red {red}, black {black}", size=13))
    title = f"Final stack, bottom to top: {stack_words(result.final)}; red {red}, black {black}"
    return svglib.document(size, int(bottom + 50), title, body)
