"""Replay conformance scenarios (schema ``fairsquare-conformance/1``) through the turn engine.

``python -m core.fairsquare.conformance FILE.json`` prints one line per scenario and a
closing ``N passed, M failed`` line; the exit status is 1 on any failure and 2 (with one
line on stderr) on a file it cannot read or a scenario of the wrong shape: every scenario is
checked (:func:`check_scenario`, with the shared kit :mod:`core.conformance`) before any is played.

A file is ``{"schema": "fairsquare-conformance/1", "scenarios": [...]}``; a scenario::

    {
      "id": "FS-03 arrival does not count",      text shown in the report
      "board": {"B2": 2, "F6": 1},                or "default" (the rulebook's board)
      "round": 1,                                 the roster used (1-3; default 1)
      "pieces": "project_v1",                     a bundled set or a fas-pieces/1 object (default)
      "options": {"friendly_losses": true, "score_by": "value"},      optional
      "owners": {"A1": 1},                        squares owned before turn 1 (optional)
      "placements": [[["Ranger", "B3"]], [["Ranger", "F7"]]],
                                                  per board player (2-4): [type, square] pairs;
                                                  placement rules are not enforced, so a
                                                  scenario may put pieces anywhere
      "letters": [{"Fortress": "CBAD"}, {}],      garnet move orders per player (optional)
      "seed": 0,                                  the board's random stream (optional)
      "expect": [                                 checks after a turn (0-15), any keys of:
        {"after_turn": 1,
         "squares": {"0@B3": "B2", "1@F7": "removed"},   piece "player@start square"
         "occupied": {"A2": 1, "B1": 1},                   pieces per square (order-free)
         "owners": {"B2": 0, "F6": null},                  board player or null
         "totals": [0, 1],                                  owned totals
         "rules": {"0@B3": "best_open_within:4"}}          the rule that decided the move
      ],
      "result": {"scores": [2, 1], "places": [1, 2], "points": [3, 2]}   optional
    }
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core import conformance as kit
from core.conformance import Mismatch, integer, items, obj

from core.fairsquare.boards import DEFAULT_BOARD, board_from_json
from core.fairsquare.geometry import SIZE, name, parse_square
from core.fairsquare.pieces import piece_set
from core.fairsquare.scoring import round_points
from core.fairsquare.sim import TURNS, simulate
from core.fairsquare.trace import REMOVED, Piece, TurnTrace
from core.protocol import InputError, is_int

SCHEMA = "fairsquare-conformance/1"
SCENARIO_KEYS = ("id", "board", "round", "pieces", "options", "owners", "placements", "letters", "seed", "expect",
                 "result")
EXPECT_KEYS = ("after_turn", "squares", "occupied", "owners", "totals", "rules")
RESULT_KEYS = ("scores", "places", "points")
MAX_TEAM = 16
"""The most pieces one player's team may hold in a scenario (a placement has four)."""


def _pieces(scenario: Mapping[str, Any]) -> tuple[list[Piece], dict[str, int]]:
    pieces_set = piece_set(scenario.get("pieces", "project_v1"))
    round_number = scenario.get("round", 1)
    if round_number not in (1, 2, 3) or not is_int(round_number):
        raise InputError("round", "must be 1, 2 or 3", round_number)
    roster = {t.name: t for t in pieces_set.roster(round_number)}
    placements = scenario["placements"]
    if not isinstance(placements, list) or not 2 <= len(placements) <= 4:
        raise InputError("placements", "must list the pieces of 2-4 players", placements)
    letters = scenario.get("letters", [{}] * len(placements))
    pieces: list[Piece] = []
    keys: dict[str, int] = {}
    for player, (team, orders) in enumerate(zip(placements, letters, strict=True)):
        for kind, square_name in team:
            if kind not in roster:
                raise InputError(f"placements of player {player}", f"no type {kind!r} in round {round_number}")
            square = parse_square(square_name, f"placements of player {player}")
            t = roster[kind]
            keys[f"{player}@{name(square)}"] = len(pieces)
            pieces.append(Piece(player, t.reordered(orders[kind]) if kind in orders else t, square))
    return pieces, keys


def _check(trace: TurnTrace, expect: Mapping[str, Any], keys: Mapping[str, int], players: int) -> list[str]:
    problems = []
    for key, wanted in expect.get("squares", {}).items():
        square = trace.positions[keys[key]]
        got = "removed" if square == REMOVED else name(square)
        if got != wanted:
            problems.append(f"{key} on {got}, expected {wanted}")
    if "occupied" in expect:
        got_counts = Counter(name(s) for s in trace.positions if s != REMOVED)
        if dict(got_counts) != expect["occupied"]:
            problems.append(f"occupied {dict(sorted(got_counts.items()))}, expected {expect['occupied']}")
    for square_name, wanted in expect.get("owners", {}).items():
        got_owner = trace.owners[parse_square(square_name)]
        if got_owner != (-1 if wanted is None else wanted):
            problems.append(f"{square_name} owned by {None if got_owner < 0 else got_owner}, expected {wanted}")
    if "totals" in expect and list(trace.totals) != expect["totals"]:
        problems.append(f"totals {list(trace.totals)}, expected {expect['totals']}")
    steps = {s.piece: s for s in trace.steps}
    for key, wanted in expect.get("rules", {}).items():
        step = steps.get(keys[key])
        got_rule = step.rule if step else "(no move)"
        if got_rule != wanted:
            problems.append(f"{key} moved by {got_rule}, expected {wanted}")
    return problems


def run_scenario(scenario: Mapping[str, Any]) -> None:
    """Play one scenario's board; raises :class:`Mismatch` listing every failed expectation."""
    board_data = scenario.get("board", "default")
    board = board_from_json(DEFAULT_BOARD if board_data == "default" else board_data)
    pieces, keys = _pieces(scenario)
    players = len(scenario["placements"])
    options = scenario.get("options", {})
    owners = [-1] * 49
    for square_name, player in scenario.get("owners", {}).items():
        owners[parse_square(square_name)] = player
    result = simulate(board, pieces, players, scenario.get("seed", 0),
                      friendly_losses=options.get("friendly_losses", True),
                      by_count=options.get("score_by", "value") == "count", record=True, owners=owners)
    problems = []
    for expect in scenario.get("expect", []):
        turn = expect["after_turn"]
        if not is_int(turn) or not 0 <= turn <= TURNS:
            raise InputError("after_turn", f"must be 0-{TURNS}", turn)
        problems += [f"after turn {turn}: {p}" for p in _check(result.turns[turn], expect, keys, players)]
    if "result" in scenario:
        ranked = result.places()
        got = {"scores": list(result.totals[-1]), "places": list(ranked), "points": [round_points(p) for p in ranked]}
        for key, wanted in scenario["result"].items():
            if got[key] != wanted:
                problems.append(f"{key} {got[key]}, expected {wanted}")
    if problems:
        raise Mismatch("; ".join(problems))


def _square_map(value: object, where: str) -> Mapping[str, Any]:
    mapping = obj(value, where)
    if len(mapping) > SIZE * SIZE:
        raise InputError(where, f"names at most {SIZE * SIZE} squares")
    for key in mapping:
        parse_square(key, f"{where} {key!r}")
    return mapping


def _check_expect(value: object, where: str, keys: set[str], players: int) -> None:
    expect = obj(value, where, EXPECT_KEYS)
    integer(expect.get("after_turn"), f"{where}.after_turn", 0, TURNS)
    for key, wanted in obj(expect.get("squares", {}), f"{where}.squares").items():
        if key not in keys:
            raise InputError(f"{where}.squares", "names no placed piece (player@square)", key)
        if wanted != "removed":
            parse_square(wanted, f"{where}.squares {key}")
    for square_name, count in _square_map(expect.get("occupied", {}), f"{where}.occupied").items():
        integer(count, f"{where}.occupied {square_name}", 0, players * MAX_TEAM)
    for square_name, owner in _square_map(expect.get("owners", {}), f"{where}.owners").items():
        if owner is not None:
            integer(owner, f"{where}.owners {square_name}", 0, players - 1)
    if "totals" in expect:
        items(expect["totals"], f"{where}.totals", "int", length=players)
    for key, rule in obj(expect.get("rules", {}), f"{where}.rules").items():
        if key not in keys or not isinstance(rule, str):
            raise InputError(f"{where}.rules", "maps placed pieces (player@square) to rule names", key)


def check_scenario(scenario: object, where: str) -> None:
    """Raise :class:`InputError` unless ``scenario`` is well formed (bounded: at most 4 players of
    :data:`MAX_TEAM` pieces, turns 0-15); the engine checks the board and pieces it names."""
    data = obj(scenario, where, SCENARIO_KEYS)
    where = f"scenario {kit.text_of(data.get('id'), f'{where}.id')!r}"
    if data.get("board", "default") != "default":
        board_from_json(data["board"], f"{where}.board")
    piece_set(data.get("pieces", "project_v1"))
    integer(data.get("round", 1), f"{where}.round", 1, 3)
    teams = items(data.get("placements"), f"{where}.placements", limit=4)
    if len(teams) < 2:
        raise InputError(f"{where}.placements", "must list the pieces of 2-4 players")
    keys: set[str] = set()
    for player, team in enumerate(teams):
        for piece in items(team, f"{where}.placements[{player}]", limit=MAX_TEAM):
            pair = items(piece, f"{where}.placements[{player}]", length=2)
            kit.text_of(pair[0], f"{where}.placements[{player}] type", 40)
            keys.add(f"{player}@{name(parse_square(pair[1], f'{where}.placements[{player}]'))}")
    for player, orders in enumerate(items(data.get("letters", [{}] * len(teams)), f"{where}.letters",
                                          length=len(teams))):
        for kind, letters in obj(orders, f"{where}.letters[{player}]").items():
            kit.text_of(letters, f"{where}.letters[{player}] {kind}", 12)
    options = obj(data.get("options", {}), f"{where}.options", ("friendly_losses", "score_by"))
    if options.get("friendly_losses", True) not in (True, False) or \
            options.get("score_by", "value") not in ("value", "count"):
        raise InputError(f"{where}.options", "friendly_losses is true or false, score_by 'value' or 'count'")
    for square_name, owner in _square_map(data.get("owners", {}), f"{where}.owners").items():
        integer(owner, f"{where}.owners {square_name}", 0, len(teams) - 1)
    integer(data.get("seed", 0), f"{where}.seed", 0, (1 << 63) - 1)
    for n, expect in enumerate(items(data.get("expect", []), f"{where}.expect", limit=TURNS + 1), start=1):
        _check_expect(expect, f"{where}.expect[{n}]", keys, len(teams))
    for key, wanted in obj(data.get("result", {}), f"{where}.result", RESULT_KEYS).items():
        items(wanted, f"{where}.result.{key}", "int", length=len(teams))


def load(path: Path) -> list[Mapping[str, Any]]:
    """The scenarios of a file, every one checked before any is played."""
    _, scenarios = kit.load(path, (SCHEMA,))
    for n, scenario in enumerate(scenarios, start=1):
        check_scenario(scenario, f"scenario {n}")
    return scenarios


def play_file(path: Path) -> kit.Report:
    """Every scenario of a file."""
    return kit.play(load(path), run_scenario)


def run_file(path: Path) -> tuple[int, int]:
    """Run every scenario of a file, printing one line each; returns (passed, failed)."""
    report = kit.show(play_file(path))
    return report.passed, report.failed


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 all passed, 1 a scenario failed, 2 bad arguments or a bad file."""
    return kit.main(argv, "core.fairsquare.conformance", play_file)


if __name__ == "__main__":
    sys.exit(main())
