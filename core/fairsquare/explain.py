"""Words and positions for the turn trace: what each piece did and why, and the board after turn k."""

from __future__ import annotations

from dataclasses import dataclass

from core.fairsquare.geometry import DIRECTION_WORDS, name
from core.fairsquare.trace import REMOVED, BoardRecord, PieceStep, TurnTrace
from core.protocol import actor_name

_ACTS = {
    "hold": "holds {here} (capturing)",
    "anchor": "anchors on {here}",
    "stay": "stays",
    "seek": "heads for {target}",
    "best_open_within": "heads for the best open square {target}",
    "evict": "approaches the rank-{rank} {foe} on {target}",
    "hunt": "hunts the rank-{rank} {foe} on {foe_square}{aim}",
    "raid": "raids {target}",
    "flee": "flees from the rank-{rank} {foe} on {foe_square}",
    "slide_best": "slides to the best open square {target}",
    "slide_toward": "slides toward {target}",
}


def piece_label(record: BoardRecord, piece: int, square: int) -> str:
    """``"player 2's Ranger B2"``."""
    p = record.pieces[piece]
    return f"{actor_name(p.owner)}'s {p.kind.name} {name(square)}"


def sentence(record: BoardRecord, turn: int, step: PieceStep) -> str:
    """One piece's move in turn ``turn`` in words, e.g. ``"player 1's Ranger B2 (evict:2): approaches
    the rank-1 Sprinter on D2; moves to C2 (move B)."``"""
    who = piece_label(record, step.piece, step.start)
    if step.rule == "separation":
        return f"{who} (separation): moves {DIRECTION_WORDS[step.direction]} to {name(step.end)}."
    if step.rule == "cycle":
        where = f"moves to {name(step.end)}" if step.end != step.start else "stays"
        return f"{who} (prediction cycle): picks at random and {where}."
    if step.rule == "no rule applies":
        return f"{who}: no rule applies; stays."
    kind = step.rule.split(":")[0]
    foe = record.pieces[step.foe] if step.foe >= 0 else None
    foe_square = name(record.turns[turn - 1].positions[step.foe]) if foe else "-"
    act = _ACTS[kind].format(here=name(step.start), target=name(step.target) if step.target >= 0 else "-",
                             rank=foe.kind.rank if foe else "", foe=foe.kind.name if foe else "",
                             foe_square=foe_square, aim="" if foe_square == name(step.target) else
                             f", aiming at its predicted square {name(step.target)}")
    if step.end == step.start:
        result = "" if kind in ("hold", "anchor", "stay") else "; stays (no move gets nearer)" \
            if not step.dodged else "; stays (every move would be entered by a higher-ranked enemy)"
    else:
        dodge = " to dodge a higher-ranked enemy" if step.dodged else ""
        result = f"; moves to {name(step.end)} (move {step.letter}){dodge}"
    return f"{who} ({step.rule}): {act}{result}."


def turn_sentences(record: BoardRecord, turn: int) -> list[str]:
    """Everything of one turn in words: each piece's move, then battles, separations and captures."""
    trace = record.turns[turn]
    lines = [sentence(record, turn, s) for s in trace.steps]
    for battle in trace.battles:
        kept = ", ".join(record.pieces[i].kind.name + f" ({actor_name(record.pieces[i].owner)})" for i in battle.kept)
        lost = ", ".join(record.pieces[i].kind.name + f" ({actor_name(record.pieces[i].owner)})"
                         for i in battle.removed)
        lines.append(f"Battle on {name(battle.square)}: {kept} stay; {lost} removed.")
    for stack in trace.separations:
        parts = [f"{record.pieces[i].kind.name} ({actor_name(record.pieces[i].owner)}) "
                 + (f"{DIRECTION_WORDS[d]} to {name(t)}" if d else "stays") for i, d, t in stack.moves]
        lines.append(f"Separation on {name(stack.square)} (next turn): {'; '.join(parts)}.")
    for p in trace.progress:
        piece = record.pieces[p.piece]
        if p.captured:
            lines.append(f"{actor_name(piece.owner)} captures {name(p.square)} with the {piece.kind.name}.")
        else:
            lines.append(f"{actor_name(piece.owner)}'s {piece.kind.name} on {name(p.square)}: capture "
                         f"{p.counter} of {record.board.values[p.square]}.")
    return lines


@dataclass(frozen=True)
class Position:
    """A board after turn k: each piece's square (or :data:`REMOVED`), square owners, owned totals."""

    turn: int
    squares: tuple[int, ...]
    owners: tuple[int, ...]
    totals: tuple[int, ...]


def position_after(record: BoardRecord, turn: int) -> Position:
    """The board of ``record`` after ``turn`` (0: as placed, collisions awaiting separation; 15: final)."""
    if not 0 <= turn < len(record.turns):
        raise ValueError(f"turn must be 0-{len(record.turns) - 1}; got {turn}")
    trace: TurnTrace = record.turns[turn]
    return Position(turn, trace.positions, trace.owners, trace.totals)


def alive_pieces(position: Position) -> list[int]:
    """The pieces still on the board in ``position``."""
    return [i for i, s in enumerate(position.squares) if s != REMOVED]
