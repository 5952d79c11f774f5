"""Imperio Bellum lesson pictures: a position with marked squares, each unit's reach, pikeman zones and
footsoldier shields."""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable
from dataclasses import replace

import core.imperio as ib
from core import svg as svglib
from core.imperio.board import NAMES, Piece, file_of, name, rank_of
from core.imperio.overlays import fire_lines, pike_zone
from core.imperio.render import CELL, MARGIN
from core.imperio.state import ImperioState, UsageMap
from core.protocol import InputError
from core.teach import Picture
from core.teach.imperio.positions import SIDES, plain_reason


# --------------------------------------------------------------------------- pictures


MARKS = {
    "step": '<circle cx="{cx}" cy="{cy}" r="7" fill="#1b5e20" stroke="#fff" stroke-width="2"/>',
    "attack": '<rect x="{x}" y="{y}" width="{w}" height="{w}" fill="none" stroke="#e65100" stroke-width="4"/>',
    "zone": '<rect x="{x}" y="{y}" width="{w}" height="{w}" fill="url(#tb-hatch)"/>',
    "shield": '<rect x="{x}" y="{y}" width="{w}" height="{w}" fill="#455a64" fill-opacity="0.3" '
              'stroke="#263238" stroke-width="2" stroke-dasharray="5 3"/>',
}
"""How each kind of mark is drawn: dots, rings, hatching and dashed grey squares differ in shape, not only colour."""
HATCH = ('<defs><pattern id="tb-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="3" height="8" fill="#6a1b9a" fill-opacity="0.45"/>'
         '</pattern></defs>')
SIZE = re.compile(r'width="(\d+)" height="(\d+)" viewBox="0 0 \d+ \d+"')
CAPTION_CHARS, CAPTION_LINE = 70, 17
"""The caption under a picture: characters per line, and the line height in pixels."""


def scene(state: ImperioState, caption: str, marks: Iterable[tuple[str, Iterable[int]]] = (),
          text: str | None = None) -> Picture:
    """The core's board picture with marks drawn over squares and ``caption`` written under it.

    ``text`` (default: the caption) is the picture's plain-text form.
    """
    svg = state.svg()
    size = SIZE.search(svg)
    assert size is not None
    width, height = int(size[1]), int(size[2])
    lines = textwrap.wrap(caption, CAPTION_CHARS)
    taller = height + CAPTION_LINE * len(lines) + 6
    body = [HATCH]
    for kind, squares in marks:
        for sq in squares:
            x, y = MARGIN + file_of(sq) * CELL, MARGIN + (9 - rank_of(sq)) * CELL
            body.append(MARKS[kind].format(x=x + 3, y=y + 3, w=CELL - 6, cx=x + CELL // 2, cy=y + CELL // 2))
    body.append(f'<rect y="{height}" width="{width}" height="{taller - height}" fill="#f4ecd8"/>')
    body += [svglib.text(MARGIN / 2, height + CAPTION_LINE * (i + 0.5), line, size=13, anchor="start")
             for i, line in enumerate(lines)]
    svg = svg[:size.start()] + f'width="{width}" height="{taller}" viewBox="0 0 {width} {taller}"' + \
        svg[size.end():svg.rindex("</svg>")]
    title_end = svg.index("</title>") + len("</title>")
    if caption:
        svg = svg[:title_end] + f"<desc>{html.escape(caption)}</desc>" + svg[title_end:]
    return Picture(svg + "".join(body) + "</svg>", caption if text is None else text)


def square_list(squares: Iterable[int]) -> str:
    """Squares in board order (a1, a2, ..., i9), comma separated."""
    return ", ".join(name(sq) for sq in sorted(squares, key=lambda sq: (file_of(sq), rank_of(sq)))) or "none"


def show(board: ImperioState) -> Picture:
    """The position as the game draws it, with what the last move did written under it."""
    caption = ("Last action: " + "; ".join(board.events) + ".") if board.events else ""
    return scene(board, caption, text=board.describe())


def _piece_at(board: ImperioState, square: str) -> tuple[int, Piece]:
    sq = ib.parse(square)
    piece = board.board[sq]
    if piece is None:
        raise InputError("square", "holds no piece", square)
    return sq, piece


def reach(board: ImperioState, square: str) -> tuple[set[int], set[int]]:
    """Where the piece on ``square`` can get to this turn by its own steps, and what it can attack on the way.

    A piece of the side not to move is looked at as if its turn began now.
    """
    sq, piece = _piece_at(board, square)
    if piece.owner != board.mover:
        board = replace(board, mover=piece.owner, usage=UsageMap(), spawning=False)
    seen, targets = {sq}, set()
    frontier = [board]
    while frontier:
        later = []
        for state in frontier:
            at = next(i for i, p in enumerate(state.board) if p is not None and p.uid == piece.uid)
            for action in state.actions_from(at):
                if isinstance(action, ib.Step) and action.to not in seen:
                    seen.add(action.to)
                    later.append(state.apply(action))
                elif isinstance(action, (ib.Attack, ib.Shot)):
                    targets.add(action.to)
        frontier = later
    return seen - {sq}, targets


def moves(board: ImperioState, square: str) -> Picture:
    """Dots where the piece on ``square`` can get to this turn, rings on what it can attack."""
    sq, piece = _piece_at(board, square)
    steps, targets = reach(board, square)
    unit = f"The {NAMES[piece.kind]} on {square}"
    problem = board.unit_problem(sq) if piece.owner == board.mover else None
    when = "this turn" if piece.owner == board.mover else "in its next turn"
    if problem is not None:
        caption = f"{unit} cannot act now: {plain_reason(problem)}."
    else:
        attacks = f"attack {square_list(targets)} (rings)" if targets else "attack nothing yet"
        caption = f"{unit} can reach {len(steps)} squares {when} (dots): {square_list(steps)}; it can {attacks}."
    return scene(board, caption, (("step", steps), ("attack", targets)))


def zones(board: ImperioState) -> Picture:
    """Every pikeman's zone hatched: an enemy knight whose step ends there stops for the turn."""
    parts: list[str] = []
    hatched: set[int] = set()
    for side in (0, 1):
        zone = pike_zone(board, side)
        hatched |= zone
        if zone:
            parts.append(f"{SIDES[side]}'s pikemen guard {square_list(zone)}")
    caption = "Pikeman zones (hatched). " + ("; ".join(parts) + "." if parts else "There is no pikeman.")
    return scene(board, caption, (("zone", hatched),))


def shields(board: ImperioState, archer: str) -> Picture:
    """The squares enemy footsoldiers shield against the archer on ``archer`` (grey), and what it may shoot (rings)."""
    sq, piece = _piece_at(board, archer)
    if piece.kind != "A":
        raise InputError("archer", "must be the square of an archer", archer)
    fire = fire_lines(board, sq)
    aims = f"It may shoot at {square_list(fire.targets)} (rings)." if fire.targets else "It has nothing to shoot at."
    caption = f"Shielded against the archer on {archer} (grey): {square_list(fire.shielded)}. {aims}"
    return scene(board, caption, (("shield", fire.shielded), ("attack", fire.targets)))
