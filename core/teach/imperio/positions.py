"""Imperio Bellum lesson positions: the default armies, small positions written in words, and moves
played with dice typed by hand or rolled from a fixed stream."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import core.imperio as ib
from core import rng
from core.imperio import conformance
from core.imperio.board import FILES, NAMES
from core.imperio.state import ImperioState
from core.protocol import Action, IllegalAction, InputError


SIDES = ("Red", "Blue")
"""Player 1 (the attacker, seat 0) is Red; player 2 (the defender) is Blue."""
LETTERS = {word: letter for letter, word in NAMES.items()}
CORNER_HQ = ("a1", "i9")
"""Where :func:`position` puts a side's headquarters when the text gives it no base."""
MAX_TEXT = 2000
LANG = "en"
# --------------------------------------------------------------------------- positions


def default_armies(seed: int = 1) -> ImperioState:
    """A new game with both default armies deployed, Red (the attacker) to start; dice by hand or rolled."""
    state = ib.GAME.new(seed=seed, setup="default_armies", dice_source="manual").apply(ib.ChooseRole("attacker"))
    assert isinstance(state, ImperioState)
    return state


def position(text: str, to_move: str = "red") -> ImperioState:
    """A small position from words: ``"red knight d4, blue pikeman e6 entrenched"`` (Red is the attacker).

    A side the text gives no headquarters or base gets its headquarters in its corner (a1 or i9):
    a side without a base has lost.
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise InputError("position", f"must be a text of at most {MAX_TEXT} characters", text)
    if to_move not in ("red", "blue"):
        raise InputError("to_move", "must be 'red' or 'blue'", to_move)
    cells: dict[int, str] = {}
    dug_in: list[str] = []
    for part in filter(str.strip, text.lower().split(",")):
        words = part.split()
        if len(words) not in (3, 4) or words[0] not in ("red", "blue") or words[1] not in LETTERS or \
                words[3:] not in ([], ["entrenched"]) or (words[3:] and words[1] != "pikeman"):
            raise InputError("position", 'write each piece like "red knight d4" (a pikeman may add "entrenched")',
                             part.strip())
        sq = ib.parse(words[2], "position")
        if sq in cells:
            raise InputError("position", "two pieces on one square", words[2])
        letter = LETTERS[words[1]]
        cells[sq] = letter if words[0] == "red" else letter.lower()
        if words[3:]:
            dug_in.append(words[2])
    for side, corner in enumerate(CORNER_HQ):
        if not any(c.upper() in "HB" and c.isupper() == (side == 0) for c in cells.values()):
            sq = ib.parse(corner)
            if sq in cells:
                raise InputError("position", f"give {SIDES[side]} a base (its corner {corner} is taken)")
            cells[sq] = "H" if side == 0 else "h"
    rows = [" ".join(cells.get(ib.parse(f"{f}{rank}"), ".") for f in FILES) for rank in range(9, 0, -1)]
    scenario = {"board": rows, "units": {sq: ["entrenched"] for sq in dug_in},
                "to_move": "attacker" if to_move == "red" else "defender"}
    return conformance.position(scenario)


def find(board: ImperioState, move: str) -> Action:
    """The legal action written ``move`` (as on the game's page: ``Kd4-e5``, ``Kd4xe5``, ``Ae2*e6``, ``end``)."""
    if not isinstance(move, str) or len(move) > 40:
        raise InputError("move", "must be a move as the game writes it, like 'Kd4-e5'", move)
    wanted = " ".join(move.split()).lower()
    for action in board.legal_actions():
        if str(action).lower() == wanted:
            return action
    raise IllegalAction(f"{move} is not possible here: {_why(board, wanted)}")


def _why(board: ImperioState, move: str) -> str:
    squares = re.findall(r"[a-i][1-9]", move)
    if board.result is not None:
        return f"the game is over ({board.result.reason})"
    if not squares:
        return "write moves as the game does, like Kd4-e5 (step), Kd4xe5 (attack) or Ae2*e6 (shot)"
    sq = ib.parse(squares[0])
    reason = board.unit_problem(sq)
    if reason is not None:
        return plain_reason(reason)
    legal = ", ".join(str(a) for a in board.actions_from(sq))
    return f"the piece on {squares[0]} may play {legal}"


def plain_reason(reason: str) -> str:
    """An engine's reason without the ruling number in brackets (the learner has no list of rulings)."""
    return re.sub(r" \([A-Z]{2}-\d+\)", "", reason)


@dataclass
class Cup:
    """The lesson's dice cup: a seeded stream that goes on from roll to roll, so each new roll differs."""

    stream: int = rng.seed_stream(2017)

    def roll(self) -> int:
        self.stream, value = rng.draw(self.stream, 6)
        return value


CUP = Cup()


def _dice(given: Sequence[int] | None) -> Iterable[int]:
    if given is None:
        while True:
            yield CUP.roll()
    for value in given:
        if type(value) is not int or not 1 <= value <= 6:
            raise InputError("dice", "must be numbers 1 to 6", value)
        yield value


def play(board: ImperioState, *moves: str, dice: Sequence[int] | None = None) -> ImperioState:
    """The position after ``moves`` of the side to move; an attack takes ``dice`` (attacker's first) or rolls."""
    if dice is not None and (not isinstance(dice, (list, tuple)) or len(dice) > 100):
        raise InputError("dice", "must be a list of at most 100 numbers 1 to 6", dice)
    typed = iter(_dice(dice))
    for move in moves:
        board = board.apply(find(board, move))
        while board.awaiting is not None:
            value = next(typed, None)
            if value is None:
                raise IllegalAction(f"{move} needs more dice: the next one is {board.awaiting}")
            board = board.apply(ib.Roll(value))
    if dice is not None and next(typed, None) is not None:
        raise IllegalAction(f"{len(dice)} dice given, but these moves rolled fewer")
    return board
