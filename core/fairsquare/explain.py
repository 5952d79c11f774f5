"""Words and positions for the turn trace: what each piece did and why, and the board after turn k;
piece cards (moves and rules) and places (with the tie-break that decided them) in words."""

from __future__ import annotations

from dataclasses import dataclass

from core.fairsquare.geometry import DIRECTION_WORDS, name
from core.fairsquare.pieces import Move, PieceType, Rule
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
    """One piece's move in turn ``turn`` in words, with the number of the rule on its card that moved it,
    e.g. ``"player 1's Ranger B2 (rule 1): approaches the rank-1 Sprinter on D2; moves to C2 (move B)."``"""
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
    rules = [rule.text for rule in record.pieces[step.piece].kind.rules]
    number = f" (rule {rules.index(step.rule) + 1})" if step.rule in rules else ""
    return f"{who}{number}: {act}{result}."


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


# --------------------------------------------------------------------------- piece cards and places in words

_CLASS_WORDS = {
    "free": "point square{m} nobody owns",
    "free_empty": "point square{m} nobody owns and no piece stands on",
    "open": "point square{m} its player does not own and none of its player's pieces holds",
    "opponent_owned": "square{m} another player owns",
}
_MOVE_WORDS = {"step": "step {d}", "jump": "jump {d} (exactly 2 squares)", "slide": "slide {d}"}


def move_words(move: Move) -> str:
    """``"B: jump right (exactly 2 squares)"``."""
    return f"{move.letter}: " + _MOVE_WORDS[move.kind].format(d=DIRECTION_WORDS[move.direction])


def rule_meaning(rule: Rule) -> str:
    """What a rule of a piece card does, in the rulebook's words (section 6.1)."""
    r = rule.radius
    if rule.kind == "seek":
        return "approach the nearest " + _CLASS_WORDS[rule.target].format(m=" worth 2 or more" if rule.min2 else "")
    if rule.kind == "hunt":
        aim = ", aiming at the square it is predicted to reach this turn" if rule.intercept else ""
        return f"if an enemy piece of lower rank is within {r} squares, approach the nearest{aim}"
    return {
        "hold": "if alone on a point square its player does not own: stay (it is capturing)",
        "anchor": "if on any point square: stay (capture it, then guard it)",
        "stay": "stay",
        "best_open_within": f"approach the highest-value open point square within {r} squares",
        "evict": f"if an enemy piece of lower rank stands on a point square within {r} squares, approach it",
        "raid": "if on a square another player owns: stay; else approach the nearest such square",
        "flee": f"if an enemy of higher rank is within {r} squares, move as far as possible from the nearest",
        "slide_best": "slide to the highest-value open point square a slide reaches",
        "slide_toward": "approach the nearest open point square by sliding",
    }[rule.kind]


def piece_card(kind: PieceType) -> list[str]:
    """A piece type's card in words: rank, lettered moves (priority order), rules in order, modifiers."""
    lines = [f"{kind.name}, rank {kind.rank}. Moves in priority order: "
             + "; ".join(move_words(m) for m in kind.moves) + "."]
    lines += [f"Rule {k}: {rule_meaning(rule)}." for k, rule in enumerate(kind.rules, 1)]
    if kind.dodge:
        lines.append("Dodges: never ends on a square a higher-ranked enemy is predicted to enter this turn.")
    if kind.stop_before_higher_rank:
        lines.append("Its slides stop before an enemy of higher rank.")
    return lines


TIE_BREAKS = ("3-point squares", "2-point squares", "pieces left")
"""The tie-break counts, in the rulebook's order (before the walk back through the turns)."""


def versus(other: str, ahead: bool, mine: tuple[int, ...], theirs: tuple[int, ...], moment: str) -> str:
    """Which tie-break sets a player apart from ``other`` (tied on points): the first of the counts
    :data:`TIE_BREAKS` that differs, else the most recent ``moment`` their totals differed ("" if never)."""
    side = "ahead of" if ahead else "behind"
    for label, a, b in zip(TIE_BREAKS, mine, theirs, strict=True):
        if a != b:
            return f"{side} {other} on {label} ({a} to {b})"
    return f"{side} {other} most recently ({moment})" if moment else f"tied with {other} through every tie-break"


def place_reason(record: BoardRecord, k: int) -> str:
    """Why board player ``k`` got its place: its owned total, or the tie-break that split a tie."""
    scores = record.scores
    reasons = []
    for q in (q for q in range(len(scores)) if q != k and scores[q] == scores[k]):
        differ = [t for t, trace in enumerate(record.turns) if trace.totals[k] != trace.totals[q]]
        text = versus(actor_name(record.players[q]), record.places[k] < record.places[q],
                      (record.threes[k], record.twos[k], record.left[k]),
                      (record.threes[q], record.twos[q], record.left[q]),
                      f"after turn {differ[-1]}" if differ else "")
        reasons.append(text + (" (shared place)" if record.places[q] == record.places[k] else ""))
    return f"{scores[k]} owned" + ("; " + "; ".join(reasons) if reasons else "")
