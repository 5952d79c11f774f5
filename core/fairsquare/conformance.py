"""Replay conformance scenarios (schema ``fairsquare-conformance/1``) through the turn engine.

``python -m core.fairsquare.conformance FILE.json`` prints one line per scenario and a
closing ``N passed, M failed`` line; the exit status is 1 on any failure and 2 (with one
line) on a file it cannot read.

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

import json
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.fairsquare.boards import DEFAULT_BOARD, board_from_json
from core.fairsquare.geometry import name, parse_square
from core.fairsquare.pieces import piece_set
from core.fairsquare.scoring import round_points
from core.fairsquare.sim import TURNS, simulate
from core.fairsquare.trace import REMOVED, Piece, TurnTrace
from core.protocol import InputError, is_int

SCHEMA = "fairsquare-conformance/1"


class Mismatch(AssertionError):
    """An expectation of a scenario that the engine does not meet."""


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


def run_file(path: Path) -> tuple[int, int]:
    """Run every scenario of a file, printing one line each; returns (passed, failed)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or not isinstance(data.get("scenarios"), list):
        raise InputError(str(path), f"must be a {SCHEMA} object with a list of scenarios")
    passed = failed = 0
    for scenario in data["scenarios"]:
        label = scenario.get("id", "?") if isinstance(scenario, dict) else "?"
        try:
            run_scenario(scenario)
        except Mismatch as error:
            failed += 1
            print(f"FAIL {label}: {error}")
        except (InputError, KeyError, TypeError, ValueError) as error:
            failed += 1
            print(f"FAIL {label}: bad scenario: {error}")
        else:
            passed += 1
            print(f"ok   {label}")
    print(f"{passed} passed, {failed} failed")
    return passed, failed


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m core.fairsquare.conformance FILE.json", file=sys.stderr)
        return 2
    try:
        _, failed = run_file(Path(args[0]))
    except (OSError, ValueError) as error:
        print(f"cannot read {args[0]}: {error}", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
