"""Small live runs of the engine, told turn by turn with every rule in words: one per piece, a battle,
a stand-off and a prediction cycle."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from core import rng
from core.fairsquare import Board, BoardRecord, Piece, simulate
from core.fairsquare.explain import turn_sentences
from core.fairsquare.geometry import parse_square
from core.fairsquare.placement import placement_problem
from core.fairsquare.render import record_svg
from core.fairsquare.scoring import round_points
from core.fairsquare.trace import PieceStep
from core.teach import Html, message
from core.teach.fairsquare.setting import BOARD, Team, round_roster, rule_words, side_by_side


# --------------------------------------------------------------------------- small live runs


def run(teams: Sequence[Team], round_number: int = 1, on: Board = BOARD, seed: int = 1) -> BoardRecord:
    """Play one board with the engine: ``teams[k]`` are player k+1's pieces, as (type, square name)."""
    kinds = {t.name: t for t in round_roster(round_number)}
    placed = [Piece(k, kinds[kind], parse_square(square)) for k, team in enumerate(teams)
              for kind, square in sorted(team, key=lambda piece: parse_square(piece[1]))]
    players = len(teams)
    result = simulate(on, placed, players, rng.seed_stream(seed), record=True)
    places = result.places()
    return BoardRecord(round_number, 0, on, tuple(range(players)), tuple(placed), result.turns, result.threes,
                       result.twos, result.left, places, tuple(round_points(p) for p in places))


def caption_of(turn: int) -> str:
    return "As placed" if turn == 0 else f"After turn {turn}"


def turn_title(turn: int) -> str:
    return "Before turn 1" if turn == 0 else f"Turn {turn}"


def _plain_rule(record: BoardRecord, step: PieceStep, line: str) -> str:
    """The engine's sentence with the number of the rule that moved the piece (``(rule 2)``) followed by that
    rule in the lesson's words."""
    kind = record.pieces[step.piece].kind
    texts = [rule.text for rule in kind.rules]
    if step.rule not in texts:
        return line
    number = texts.index(step.rule)
    return line.replace(f"(rule {number + 1})", f"(rule {number + 1}: {rule_words(kind)[number]})", 1)


def _said(record: BoardRecord, turn: int, quiet: bool) -> list[str]:
    """The engine's sentences of one turn, each rule in words; ``quiet`` leaves out a piece staying to capture
    when the capture count that follows says so already."""
    steps = record.turns[turn].steps
    said = [_plain_rule(record, steps[k], line) if k < len(steps) else line
            for k, line in enumerate(turn_sentences(record, turn))]
    if not quiet:
        return said
    trace = record.turns[turn]
    counted = {p.piece for p in trace.progress}
    return [line for k, line in enumerate(said) if k >= len(trace.steps) or not (
        trace.steps[k].piece in counted and trace.steps[k].rule in ("hold", "anchor"))]


def turn_list(record: BoardRecord, turns: Sequence[int], quiet: bool = False) -> Html:
    """The engine's sentences of ``turns`` (turns without any are left out), as a list under each turn."""
    markup, lines = [], []
    for k in turns:
        said = _said(record, k, quiet)
        if said:
            markup.append(f'<p style="margin:.5em 0 0"><strong>{turn_title(k)}</strong></p><ul style="margin:0">'
                          + "".join(f"<li>{html.escape(s)}</li>" for s in said) + "</ul>")
            lines += [f"{turn_title(k)}: {s}" for s in said]
    return Html("".join(markup), "\n".join(lines))


def story(record: BoardRecord, last: int, pictures: Sequence[int], title: str) -> Html:
    """Turns 0 to ``last`` of a run: pictures after the turns in ``pictures``, then what happened, in words
    (a piece staying to capture is told by its capture count)."""
    figures = side_by_side([(record_svg(record, k), caption_of(k)) for k in pictures])
    events = turn_list(record, range(last + 1), quiet=True)
    return Html(f"<p><strong>{html.escape(title)}</strong></p>{figures}{events.markup}", f"{title}\n{events.text}")


def first_turn(record: BoardRecord, last: int, kind: str) -> int | None:
    """The first turn up to ``last`` with a battle (``kind="battle"``) or a completed capture."""
    for trace in record.turns[1:last + 1]:
        if trace.battles if kind == "battle" else any(p.captured for p in trace.progress):
            return trace.turn
    return None


DEMOS: dict[str, tuple[tuple[Team, ...], int]] = {
    "Sprinter": (((("Sprinter", "C2"),),), 4),
    "Dasher": (((("Dasher", "B3"),),), 4),
    "Ranger": (((("Ranger", "E2"),), (("Sprinter", "C2"),)), 4),
    "Traveller": (((("Traveller", "F5"),), (("Dasher", "F6"),)), 5),
    "Fortress": (((("Fortress", "B2"),),), 5),
    "Marauder": (((("Marauder", "E2"),), (("Sprinter", "E1"),)), 5),
}
"""Per round-1 piece: player 1's piece (and a rival that shows its rules at work), and the turns to tell."""


def watch(piece: str, square: str | None = None) -> Html:
    """A few turns of one round-1 piece on the default board (optionally starting on ``square``)."""
    piece = str(piece).capitalize()
    if piece not in DEMOS:
        return message(f"Pick one of the round 1 pieces: {', '.join(DEMOS)}.")
    teams, last = DEMOS[piece]
    if square is not None:
        square = str(square).upper()
        problem = placement_problem(BOARD, round_roster(), [], piece, parse_square(square)) \
            if re.fullmatch(r"[A-G][1-7]", square) else "name a square from A1 to G7, like \"B3\""
        if problem:
            return message(f"Not on {square}: {problem}.")
        teams = (((piece, square),), *teams[1:])
    record = run(teams)
    key = first_turn(record, last, "battle") or first_turn(record, last, "capture")
    pictures = sorted({0, last, *([key] if key else [])})
    who = " against a rival " + " and ".join(k for k, _ in teams[1]) if len(teams) > 1 else ""
    return story(record, last, pictures, f"The {piece} from {teams[0][0][1]}{who}, turns 1 to {last}:")


def battle() -> Html:
    """A battle from turn 2 on: the highest rank stays, every other piece on the square goes, friends too."""
    record = run(((("Traveller", "E6"), ("Marauder", "G4")), (("Ranger", "B6"),)))
    turn = first_turn(record, 15, "battle")
    assert turn is not None
    return story(record, turn, (0, turn - 1, turn), f"Player 1's Traveller and Marauder, player 2's Ranger, "
                                                    f"turns 1 to {turn}:")


def standoff() -> Html:
    """Two pieces of the same rank meet: no battle; they separate next turn, and the square stays contested."""
    record = run(((("Ranger", "B3"),), (("Ranger", "F5"),)))
    return story(record, 4, (2, 3, 4), "Two Rangers of different players both want D4, turns 1 to 4:")


def cycle() -> Html:
    """Round 3: a Marauder aiming where a Traveller will go, and the Traveller dodging where the Marauder will
    go, each wait for the other's prediction; both pick a move at random."""
    record = run(((("Marauder", "A3"),), (("Traveller", "B2"),)), round_number=3)
    turn = first_turn(record, 15, "battle")
    assert turn is not None
    return story(record, turn, range(turn + 1), f"Round 3: player 1's Marauder, player 2's dodging Traveller, "
                                                f"turns 1 to {turn}:")
