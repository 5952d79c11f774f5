"""Run Imperio Bellum conformance scenarios through the real engine.

``python -m core.imperio.conformance FILE.json [FILE.json ...]`` prints one line per
scenario (``ok   name`` or ``FAIL name: why``) and a closing ``N passed, M failed``;
the exit status is 1 when a scenario fails and 2 (one line on stderr, no traceback) when a
file is not a valid scenario file (:mod:`core.conformance`, the kit every runner shares).

File format (schema ``imperio-conformance/1``)::

    {"schema": "imperio-conformance/1",
     "scenarios": [{
        "name": "IB-16: a knight stepping into a pikeman's zone stops",
        "options": {"combat_dice_rule": "sum"},      # game options (dice_source is always manual)
        "board": ["9 . . . . . . . . .",              # ranks 9 down to 1, files a-i; the rank
                  ...                                 # number in front is optional; upper case:
                  "1 . . . . . . . . ."],             # the attacker's pieces, lower case: the defender's
        "to_move": "attacker",                        # or "defender" (default: attacker)
        "spawning": false,                            # still in the spawn step (default false)
        "units": {"c3": ["actions=2", "steps=2", "run_start=a3"],
                  "e7": ["entrenched"], "b2": ["captured"]},
        "reserves": {"attacker": "K2 P1", "defender": ""},
        "start": {"units": [15, 15], "reserves": [50, 50]},   # setup totals (IB-35 tie-break)
        "hq_lost": [false, false],                    # per role: attacker, defender
        "steps": [
            {"do": "Kc3xd4", "dice": [6, 5, 1, 1], "pools": [[2, 1]]},
            {"do": "Kd4-d5", "legal": false},
            {"do": "H@e7", "refused": "outside your deployment zone"}],
        "expect": {"board": [...], "winner": "attacker", "to_move": "defender", "attacker": 1,
                   "units": {"d4": ["entrenched"]}, "legal": ["end"], "illegal": ["Pd4-d5"],
                   "reserves": {"defender": "P1"}, "reason": "no base"}}]}

Without ``board`` a scenario starts from a new game (seed 0) and its steps play the
setup.  A step names an action by its notation (``str(action)``); ``legal`` (default
true) says whether it is among the legal actions, and ``refused`` (a text; the step is then illegal)
is a part of the sentence that refuses it (a step, attack, shot, placement or spawn); ``dice``
are typed one by one for the dice the engine asks for, and must be exactly as many; ``pools`` are the dice counts
(attacker, defender) of each duel the action causes, main duel first (splash duels after
it, in any order).  Roles in ``to_move``, ``winner`` and ``reserves`` map to seats through the
roles of the game (in a ``board`` scenario the attacker is player 1).
Unit states: ``entrenched``, ``captured`` (a base held by the other side),
``actions=N``, ``steps=N``, ``run_start=SQ``, ``moved``, ``attacked``, ``stopped``,
``fresh``.  Reserves are written ``K2 A1 P0 F3``.  ``winner`` is ``attacker``,
``defender``, ``draw`` or null (the game goes on); ``attacker`` is the attacker's player
number (1 or 2); ``reason`` is a part of the game-over reason.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.imperio.actions import Attack, Place, Roll, Shot, Spawn, Step
from core.imperio.army import Reserve
from core.imperio.board import EMPTY_BOARD, FILES, UNITS, Piece, parse, square
from core.imperio.game import GAME
from core.imperio.render import grid
from core.imperio.state import ImperioState, Usage, UsageMap
from core import conformance as kit
from core.conformance import Mismatch, items, obj
from core.protocol import CHANCE, Action, IllegalAction, InputError, is_int

SCHEMA = "imperio-conformance/1"
MAX_STEPS = 500
ROLES = ("attacker", "defender")
FLAGS = ("moved", "attacked", "stopped", "fresh")
NUMBERS = ("actions", "steps")


def _obj(value: object, where: str) -> Mapping[str, Any]:
    return obj(value, where)


def _list(value: object, where: str, limit: int = MAX_STEPS) -> Sequence[Any]:
    return items(value, where, limit=limit)


def _role(value: object, where: str) -> int:
    if value not in ROLES:
        raise InputError(where, "must be 'attacker' or 'defender'", value)
    return ROLES.index(str(value))


def _seat(state: ImperioState, role: object, where: str) -> int:
    index = _role(role, where)
    if state.attacker is None:
        raise Mismatch(f"{where}: the roles are not set yet")
    return state.attacker if index == 0 else 1 - state.attacker


def parse_board(rows: object, where: str = "board") -> tuple[Piece | None, ...]:
    """A board from 9 text rows (rank 9 first); attacker pieces upper case (owner 0), defender lower (1)."""
    lines = _list(rows, where, 9)
    if len(lines) != 9:
        raise InputError(where, "must have 9 rows, rank 9 first", rows)
    board = list(EMPTY_BOARD)
    uid = 1
    for index, line in enumerate(lines):
        rank = 9 - index
        if not isinstance(line, str):
            raise InputError(f"{where} row {index + 1}", "must be a string", line)
        cells = line.split()
        if len(cells) == 10 and cells[0] == str(rank):
            cells = cells[1:]
        if len(cells) != 9:
            raise InputError(f"{where} rank {rank}", "must hold 9 cells: '.' or one of HBKAPF/hbkapf", line)
        for f, cell in enumerate(cells):
            if cell == ".":
                continue
            if len(cell) != 1 or cell.upper() not in "HB" + UNITS:
                raise InputError(f"{where} {FILES[f]}{rank}", "must be '.' or one of HBKAPF/hbkapf", cell)
            owner = 0 if cell.isupper() else 1
            board[square(f, rank)] = Piece(cell.upper(), owner, uid, owner)
            uid += 1
    return tuple(board)


def _reserve(text: object, where: str) -> Reserve:
    if not isinstance(text, str):
        raise InputError(where, "must be a string like 'K2 A1'", text)
    counts = [0, 0, 0, 0]
    for token in text.split():
        if len(token) < 2 or token[0] not in UNITS or not token[1:].isdigit() or len(token) > 4:
            raise InputError(where, "must be tokens like K2 A10 (a unit letter and a count)", token)
        counts[UNITS.index(token[0])] += int(token[1:])
    return counts[0], counts[1], counts[2], counts[3]


def _apply_unit_states(board: list[Piece | None], states: Mapping[str, Any]) -> dict[int, Usage]:
    usage: dict[int, Usage] = {}
    for key, tokens in states.items():
        sq = parse(key, f"units {key!r}")
        piece = board[sq]
        if piece is None:
            raise InputError(f"units {key}", "names an empty square")
        use = Usage(run_start=sq)
        for token in _list(tokens, f"units {key}", 10):
            if token == "entrenched":
                piece = Piece(piece.kind, piece.owner, piece.uid, piece.home, True)
            elif token == "captured":
                piece = Piece(piece.kind, piece.owner, piece.uid, 1 - piece.owner, piece.entrenched)
            elif token in FLAGS:
                use = Usage(**{**use.__dict__, token: True})
            elif isinstance(token, str) and "=" in token:
                field, value = token.split("=", 1)
                if field == "run_start":
                    use = Usage(**{**use.__dict__, "run_start": parse(value, f"units {key} run_start")})
                elif field in NUMBERS and value.isdigit() and len(value) < 3:
                    use = Usage(**{**use.__dict__, field: int(value)})
                else:
                    raise InputError(f"units {key}", "unknown state", token)
            else:
                raise InputError(f"units {key}", "unknown state", token)
        board[sq] = piece
        if use != Usage(run_start=sq):
            usage[piece.uid] = use
    return usage


def position(scenario: Mapping[str, Any]) -> ImperioState:
    """The scenario's starting state (manual dice)."""
    options = dict(_obj(scenario.get("options", {}), "options"))
    options["dice_source"] = "manual"
    if "board" not in scenario:
        state = GAME.new(seed=0, **options)
        assert isinstance(state, ImperioState)
        return state
    resolved = GAME.resolve_options(options)
    board = list(parse_board(scenario["board"]))
    usage = _apply_unit_states(board, _obj(scenario.get("units", {}), "units"))
    reserves = _obj(scenario.get("reserves", {}), "reserves")
    unknown = set(reserves) - set(ROLES)
    if unknown:
        raise InputError("reserves", "keys must be 'attacker' and 'defender'", sorted(unknown))
    res = tuple(_reserve(reserves.get(role, ""), f"reserves {role}") for role in ROLES)
    start = _obj(scenario.get("start", {}), "start")
    pair: dict[str, tuple[int, int]] = {}
    for key in ("units", "reserves"):
        value = _list(start.get(key, [0, 0]), f"start {key}", 2)
        if len(value) != 2 or not all(is_int(v) and 0 <= v <= 1000 for v in value):
            raise InputError(f"start {key}", "must be two counts [attacker, defender]", value)
        pair[key] = (value[0], value[1])
    lost = _list(scenario.get("hq_lost", [False, False]), "hq_lost", 2)
    if len(lost) != 2 or not all(isinstance(v, bool) for v in lost):
        raise InputError("hq_lost", "must be two booleans [attacker, defender]", lost)
    spawning = scenario.get("spawning", False)
    if not isinstance(spawning, bool):
        raise InputError("spawning", "must be true or false", spawning)
    mover = _role(scenario.get("to_move", "attacker"), "to_move")
    uid = 1 + max((p.uid for p in board if p is not None), default=0)
    return ImperioState(options=resolved, seed=0, rng=0, board=tuple(board), reserves=(res[0], res[1]),
                        attacker=0, phase="play", mover=mover, turn=1, spawning=spawning, usage=UsageMap(usage),
                        next_uid=uid, start_units=pair["units"], start_reserves=pair["reserves"],
                        hq_lost=(lost[0], lost[1]))


def _find(state: ImperioState, notation: str) -> Action | None:
    for action in state.legal_actions():
        if str(action) == notation:
            return action
    return None


def play_step(state: ImperioState, step: Mapping[str, Any]) -> ImperioState:
    """One step: check legality and pools, then play the action with the given dice."""
    notation = step.get("do")
    if not isinstance(notation, str):
        raise InputError("step do", "must be an action's notation", notation)
    refused = step.get("refused")
    legal = step.get("legal", refused is None)
    if not isinstance(legal, bool) or (refused is not None and (legal or not isinstance(refused, str))):
        raise InputError(f"step {notation}", "legal must be true or false, and refused a text of an illegal step",
                         step)
    if state.is_over:
        raise Mismatch(f"{notation}: the game is already over ({state.winner_text()})")
    action = _find(state, notation)
    if not legal:
        if action is not None:
            raise Mismatch(f"{notation} is legal, expected illegal")
        if refused is not None:
            _check_refusal(state, notation, refused)
        return state
    if action is None:
        raise Mismatch(f"{notation} is not legal; legal: {', '.join(map(str, state.legal_actions()[:12]))}...")
    if "pools" in step:
        expected = _list(step["pools"], f"step {notation} pools", 9)
        if not all(isinstance(p, list) and len(p) == 2 and all(is_int(n) for n in p) for p in expected):
            raise InputError(f"step {notation} pools", "must be [attacker dice, defender dice] pairs", expected)
        actual = [[d.attacker.dice, d.defender.dice] for d in state.duels(action)]
        if expected[:1] != actual[:1] or sorted(expected[1:]) != sorted(actual[1:]):
            pools = "; ".join(f"{d.attacker} vs {d.defender}" for d in state.duels(action))
            raise Mismatch(f"{notation}: pools {actual} ({pools}), expected {expected}")
    dice = _list(step.get("dice", []), f"step {notation} dice", 100)
    if not all(is_int(d) and 1 <= d <= 6 for d in dice):
        raise InputError(f"step {notation} dice", "must be die values 1-6", dice)
    state = _state(state.apply(action))
    for value in dice:
        if state.awaiting is None:
            raise Mismatch(f"{notation}: more dice given than rolled ({len(dice)})")
        state = _state(state.apply(Roll(value), CHANCE))
    if state.awaiting is not None:
        raise Mismatch(f"{notation}: the engine asks for {state.awaiting}, which the scenario does not give")
    return state


NOTATIONS = (
    (re.compile(r"([HBKAPF])([a-i][1-9])-([a-i][1-9])"), lambda m: Step(m[1], square_of(m[2]), square_of(m[3]))),
    (re.compile(r"([HBKAPF])([a-i][1-9])x([a-i][1-9])"), lambda m: Attack(m[1], square_of(m[2]), square_of(m[3]))),
    (re.compile(r"A([a-i][1-9])\*([a-i][1-9])"), lambda m: Shot(square_of(m[1]), square_of(m[2]))),
    (re.compile(r"([HBKAPF])@([a-i][1-9])"), lambda m: Place(m[1], square_of(m[2]))),
    (re.compile(r"spawn ([KAPF])@([a-i][1-9]) from ([a-i][1-9])"),
     lambda m: Spawn(m[1], square_of(m[2]), square_of(m[3]))),
)
"""The notations a ``refused`` step may name (actions that are not listed, so not found by :func:`_find`)."""


def square_of(text: str) -> int:
    return parse(text, "square")


def _check_refusal(state: ImperioState, notation: str, wanted: str) -> None:
    for pattern, build in NOTATIONS:
        match = pattern.fullmatch(notation)
        if match:
            actor = state.to_move if state.to_move is not None else 0
            reason = state.why_illegal(build(match), actor)
            if wanted not in reason:
                raise Mismatch(f"{notation} is refused with {reason!r}, expected {wanted!r} in it")
            return
    raise InputError(f"step {notation} refused", "names no step, attack, shot, placement or spawn", notation)


def _state(value: object) -> ImperioState:
    assert isinstance(value, ImperioState)
    return value


def check(state: ImperioState, expect: Mapping[str, Any]) -> None:
    """Compare the final state with the expectations."""
    if "board" in expect:
        wanted = parse_board(expect["board"], "expect board")
        shown = ImperioState(options=state.options, seed=0, rng=0, board=wanted, attacker=0)
        if grid(shown) != grid(state):
            raise Mismatch("board differs:\n" + "\n".join(grid(state)))
    if "winner" in expect:
        winner = expect["winner"]
        if winner not in (*ROLES, "draw", None):
            raise InputError("expect winner", "must be attacker, defender, draw or null", winner)
        if state.winner_text() != winner:
            raise Mismatch(f"winner {state.winner_text()}, expected {winner}"
                           + (f" ({state.result.reason})" if state.result else ""))
    if "reason" in expect and (state.result is None or str(expect["reason"]) not in state.result.reason):
        raise Mismatch(f"reason {state.result.reason if state.result else None!r}, expected {expect['reason']!r}")
    if "attacker" in expect and expect["attacker"] != (None if state.attacker is None else state.attacker + 1):
        raise Mismatch(f"the attacker is player {state.attacker}, expected {expect['attacker']} (1-based)")
    if "to_move" in expect and state.to_move != _seat(state, expect["to_move"], "expect to_move"):
        raise Mismatch(f"player {state.to_move} to move, expected the {expect['to_move']}")
    legal = {str(a) for a in state.legal_actions()}
    for key, should_be_legal in (("legal", True), ("illegal", False)):
        notations = _list(expect.get(key, []), f"expect {key}")
        if not all(isinstance(n, str) for n in notations):
            raise InputError(f"expect {key}", "must be a list of action notations", notations)
        for notation in notations:
            if (notation in legal) != should_be_legal:
                raise Mismatch(f"{notation} is {'not ' if should_be_legal else ''}legal at the end")
    for key, tokens in _obj(expect.get("units", {}), "expect units").items():
        _check_unit(state, key, _list(tokens, f"expect units {key}", 10))
    for role, text in _obj(expect.get("reserves", {}), "expect reserves").items():
        have = state.reserves[_seat(state, role, "expect reserves")]
        if have != _reserve(text, f"expect reserves {role}"):
            raise Mismatch(f"{role} reserves {have}, expected {text}")


def _check_unit(state: ImperioState, key: str, tokens: Sequence[Any]) -> None:
    piece = state.board[parse(key, f"expect units {key!r}")]
    if piece is None:
        raise Mismatch(f"{key} is empty")
    use = state.usage.get(piece.uid, Usage())
    for token in tokens:
        negated = isinstance(token, str) and token.startswith("not ")
        word = token[4:] if negated else token
        if word == "entrenched":
            value = piece.entrenched
        elif word == "captured":
            value = piece.home != piece.owner
        elif word in FLAGS:
            value = getattr(use, word)
        else:
            raise InputError(f"expect units {key}", "unknown state (entrenched, captured, moved, ...)", token)
        if value == negated:
            raise Mismatch(f"{key} is {'' if value else 'not '}{word}")


def run_scenario(scenario: Mapping[str, Any]) -> None:
    """Play one scenario; raises :class:`Mismatch` when the engine disagrees."""
    state = position(scenario)
    for step in _list(scenario.get("steps", []), "steps"):
        try:
            state = play_step(state, _obj(step, "step"))
        except IllegalAction as error:
            raise Mismatch(str(error)) from None
    check(state, _obj(scenario.get("expect", {}), "expect"))


def load(path: Path) -> list[Mapping[str, Any]]:
    """The scenarios of a file, checked for shape."""
    _, scenarios = kit.load(path, (SCHEMA,))
    for n, scenario in enumerate(scenarios, start=1):
        if not isinstance(obj(scenario, f"scenario {n}").get("name"), str):
            raise InputError(f"scenario {n}", "needs a name", scenario.get("name"))
    return scenarios


def play_file(path: Path) -> kit.Report:
    """Every scenario of a file (the file's shape checked before any is played)."""
    return kit.play(load(path), run_scenario, label="name")


def run_file(path: Path) -> tuple[int, int, list[str]]:
    """Passed count, failed count and one line per scenario."""
    report = play_file(path)
    return report.passed, report.failed, report.lines


def main(argv: Sequence[str]) -> int:
    """The command line: 0 all passed, 1 a scenario failed, 2 bad arguments or a bad file."""
    return kit.main(argv, "core.imperio.conformance", play_file, many=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
