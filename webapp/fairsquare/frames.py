"""What the Fair and Square board shows, without Panel or Bokeh: pieces, arrows, flashes and owners.

A :class:`Frame` is one picture of a played board after turn k (from the engine's
trace, :mod:`core.fairsquare.trace`); :func:`placement_frame` is the picture of a
placement as one viewer may see it.  The page's board draws frames; the tests
read them.  Every fact comes from the core: positions, steps, battles,
separations, capture counters and the sentences of :mod:`core.fairsquare.explain`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.fairsquare import BoardRecord, FairSquareState, position_after, sentence, turn_sentences
from core.fairsquare.explain import piece_card
from core.fairsquare.geometry import name
from core.fairsquare.trace import REMOVED
from core.protocol import actor_name

MARKERS = ("circle", "square", "triangle", "diamond", "hex", "inverted_triangle", "star", "plus")
"""Bokeh marker shapes, one per piece type in roster order."""
MARKER_WORDS = {"circle": "circle", "square": "square", "triangle": "triangle", "diamond": "diamond",
                "hex": "hexagon", "inverted_triangle": "upside-down triangle", "star": "star", "plus": "cross"}


@dataclass(frozen=True)
class Token:
    """A piece as drawn: its square, owner (seat), type, rank and capture progress ("" if none)."""

    piece: int
    """Its number in the record (-1 for a placement not yet played)."""
    square: int
    owner: int
    kind: str
    rank: int
    progress: str = ""
    removed: bool = False
    """True on the turn a battle removes it (drawn faded, once)."""


@dataclass(frozen=True)
class Arrow:
    """A move drawn as an arrow from ``start`` to ``end`` in the owner's colour."""

    piece: int
    start: int
    end: int
    owner: int


@dataclass(frozen=True)
class Frame:
    """One picture of a board: tokens, arrows, flashed squares, square owners and the turn's words."""

    turn: int
    tokens: tuple[Token, ...]
    arrows: tuple[Arrow, ...] = ()
    battles: tuple[int, ...] = ()
    separations: tuple[int, ...] = ()
    owners: tuple[int, ...] = ()
    """Per square: the owning seat, -1 for nobody (empty: nobody owns anything yet)."""
    totals: tuple[int, ...] = ()
    lines: tuple[str, ...] = ()


def frame(record: BoardRecord, turn: int) -> Frame:
    """The board of ``record`` after ``turn`` (0-15), showing how that turn got there."""
    at = position_after(record, turn)
    trace = record.turns[turn]
    progress = {p.piece: f"{p.counter}/{record.board.values[p.square]}" for p in trace.progress if not p.captured}
    removed = {i for battle in trace.battles for i in battle.removed}
    tokens = []
    for i, piece in enumerate(record.pieces):
        square = at.squares[i]
        if square == REMOVED:
            if i not in removed:
                continue
            square = next(b.square for b in trace.battles if i in b.removed)
        tokens.append(Token(i, square, piece.owner, piece.kind.name, piece.kind.rank, progress.get(i, ""),
                            i in removed))
    arrows = tuple(Arrow(s.piece, s.start, s.end, record.pieces[s.piece].owner)
                   for s in trace.steps if s.end != s.start)
    return Frame(turn, tuple(tokens), arrows, tuple(b.square for b in trace.battles),
                 tuple(s.square for s in trace.separations), at.owners, at.totals,
                 tuple(turn_sentences(record, turn)))


def moves_frame(record: BoardRecord, turn: int) -> Frame:
    """Turn ``turn`` (1-15) under way: the pieces where it starts, arrows to where they go."""
    before, after = frame(record, turn - 1), frame(record, turn)
    return Frame(turn, tuple(t for t in before.tokens if not t.removed), after.arrows, owners=before.owners,
                 totals=before.totals, lines=after.lines)


def frames(record: BoardRecord) -> list[Frame]:
    """Every picture of a played board: turn 0 (as placed) to turn 15."""
    return [frame(record, k) for k in range(len(record.turns))]


def placement_frame(state: FairSquareState, viewer: int | None, group: int) -> Frame:
    """Board ``group`` of the current round with the placements ``viewer`` may see."""
    seen = state.view(viewer)
    ranks = {t.name: t.rank for t in state.roster()}
    seats = state.match.groups[state.round_number - 1][group]
    tokens = tuple(Token(-1, s, p, kind, ranks[kind]) for p in seats for kind, s in seen.placements[p].pieces)
    return Frame(0, tokens)


def markers(roster: Sequence[str]) -> dict[str, str]:
    """Piece type name -> its Bokeh marker (in roster order)."""
    return {kind: MARKERS[k % len(MARKERS)] for k, kind in enumerate(roster)}


def at_square(shown: Frame, square: int) -> list[Token]:
    """The tokens drawn on ``square`` (a stack lists several)."""
    return [t for t in shown.tokens if t.square == square]


def piece_info(record: BoardRecord, piece: int, turn: int) -> list[str]:
    """A piece's card and what it did on ``turn``: which of its rules decided the move, in words."""
    p = record.pieces[piece]
    square = position_after(record, turn).squares[piece]
    where = "removed in a battle" if square == REMOVED else f"on {name(square)}"
    lines = [f"{actor_name(p.owner).capitalize()}'s {p.kind.name}, {where} after turn {turn}.", *piece_card(p.kind)]
    if turn == 0:
        return [*lines, "Turn 0 is the placement: pieces only separate from shared squares."]
    step = next((s for s in record.turns[turn].steps if s.piece == piece), None)
    if step is None:
        return [*lines, f"It was no longer on the board on turn {turn}."]
    number = next((k for k, rule in enumerate(p.kind.rules, 1) if rule.text == step.rule), None)
    fired = f"rule {number} ({step.rule}) decided" if number else {
        "separation": "the separation decided (its own rules were ignored)",
        "cycle": "a prediction cycle: a seeded random pick decided",
    }.get(step.rule, "no rule applied")
    return [*lines, f"Turn {turn}: {fired}. {sentence(record, turn, step)}"]
