"""Replay conformance scenarios (schema ``buttonmen-conformance/1``) through the real engine.

``python -m core.buttonmen.conformance FILE.json`` prints one line per scenario
and a closing ``N passed, M failed`` line; the exit status is non-zero on any
failure.  Dice come in as ``Roll`` actions (``dice_source="manual"``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import core
from core.buttonmen.actions import Attack, ChooseOption, ChooseSwing, Focus, Pass, Roll, Surrender
from core.buttonmen.state import ButtonMenState
from core.protocol import Action, IllegalAction

SCHEMA = "buttonmen-conformance/1"


class Mismatch(AssertionError):
    """An expectation of a scenario that the engine does not meet."""


def _state(value: object) -> ButtonMenState:
    assert isinstance(value, ButtonMenState)
    return value


def roll_values(state: ButtonMenState, values: Sequence[Sequence[int]]) -> ButtonMenState:
    """Answer the pending opening-roll draws with ``values[player][die]``."""
    while state.awaiting is not None:
        draw = state.awaiting
        if draw.die < 0:
            raise Mismatch(f"the engine asked for {draw.label}, which the scenario does not give")
        state = _state(state.apply(Roll(values[draw.player][draw.die])))
    return state


def choose_sizes(state: ButtonMenState, player: int, swing: Mapping[str, int], option: Mapping[str, int]) -> \
        ButtonMenState:
    """Make ``player``'s pending swing and option choices from the given sizes."""
    while state.phase == "swing" and state.to_move == player:
        key = state.needed(player)[0]
        if key.isdigit():
            if key not in option:
                raise Mismatch(f"player {player} must choose option die {key}; the scenario gives none")
            state = _state(state.apply(ChooseOption(int(key), option[key])))
        else:
            if key not in swing:
                raise Mismatch(f"player {player} must choose swing {key}; the scenario gives none")
            state = _state(state.apply(ChooseSwing(key, swing[key])))
    return state


def _action(state: ButtonMenState, step: Mapping[str, Any]) -> Action:
    kind = step["do"]
    if kind == "attack":
        return Attack(step["type"], tuple(step["attackers"]), tuple(step["targets"]))
    if kind == "pass":
        return Pass()
    if kind == "surrender":
        return Surrender(tuple(step.get("attackers", ())), tuple(step.get("targets", ())))
    if kind == "focus":
        p = step["player"]
        values = {int(k): int(v) for k, v in step["set_values"].items()}
        changed = [(i, v) for i, v in sorted(values.items())
                   if not (0 <= i < len(state.dice[p]) and state.dice[p][i].value == v)]
        return Focus(tuple(changed))
    raise Mismatch(f"unknown step kind {kind!r}")


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 1e-9


def check(state: ButtonMenState, expect: Mapping[str, Any], before: ButtonMenState | None = None,
          actor: int | None = None) -> None:
    """Compare every expectation key present with the state."""
    problems: list[str] = []

    def want(key: str, got: object, expected: object) -> None:
        if got != expected:
            problems.append(f"{key}: expected {expected!r}, got {got!r}")

    if "values" in expect:
        want("values", [[d.value for d in state.dice[p]] for p in (0, 1)], expect["values"])
    if "round_scores" in expect:
        got = list(state.round_scores)
        if not all(_near(a, b) for a, b in zip(got, expect["round_scores"], strict=True)):
            problems.append(f"round_scores: expected {expect['round_scores']}, got {got}")
    if "next_player" in expect:
        want("next_player", state.to_move, expect["next_player"])
    if "valid_attack_types" in expect:
        want("valid_attack_types", sorted(state.attack_types()), sorted(expect["valid_attack_types"]))
    if "initiative_winner" in expect:
        want("initiative_winner", state.initiative, expect["initiative_winner"])
    if "initiative_excluded" in expect:
        want("initiative_excluded", [list(x) for x in state.initiative_excluded()],
             expect["initiative_excluded"])
    if "may_react_to_initiative" in expect:
        want("may_react_to_initiative", [state.may_react(p) for p in (0, 1)],
             expect["may_react_to_initiative"])
    if "dizzy" in expect:
        want("dizzy", [list(x) for x in state.dizzy()], expect["dizzy"])
    if "round_number" in expect:
        want("round_number", state.round_number, expect["round_number"])
    if "consecutive_passes" in expect:
        want("consecutive_passes", state.passes, expect["consecutive_passes"])
    if before is not None:
        ended = len(state.rounds) > len(before.rounds)
        if "round_over" in expect:
            want("round_over", ended, expect["round_over"])
        if ended:
            last = state.rounds[-1]
            if "final_scores" in expect:
                want("final_scores", list(last.scores), [float(x) for x in expect["final_scores"]])
            if "round_winner" in expect:
                want("round_winner", last.winner, expect["round_winner"])
        if "captured" in expect and actor is not None:
            new = state.captured[actor][len(before.captured[actor]):] if not ended else ()
            got_c = [{"recipe": d.recipe, "sides": d.size, "value": d.value} for d in new]
            if not ended:
                wanted = [{k: c[k] for k in ("recipe", "sides", "value")} for c in expect["captured"]]
                want("captured", got_c, wanted)
        if "attacker_after" in expect and actor is not None:
            ex = expect["attacker_after"]
            found = [d for d in state.dice[actor] if d.recipe == ex["recipe"] and d.size == ex["sides"]
                     and d.value == ex["value"]]
            if not found:
                problems.append(f"attacker_after: no die {ex['recipe']} with {ex['sides']} sides showing "
                                f"{ex['value']} among {[d.label for d in state.dice[actor]]}")
    if "match_score" in expect:
        got_m = [{"W": w, "L": l_, "D": d} for w, l_, d in state.match_score]
        want("match_score", got_m, expect["match_score"])
    if "must_choose_swing" in expect:
        want("must_choose_swing", [bool(state.needed(p)) for p in (0, 1)], expect["must_choose_swing"])
    if "kept_swing" in expect:
        kept = [{k: v for k, v in state.kept_choices(p).items() if not k.isdigit()} for p in (0, 1)]
        want("kept_swing", kept, expect["kept_swing"])
    if problems:
        raise Mismatch("; ".join(problems))


def run_scenario(scenario: Mapping[str, Any]) -> ButtonMenState:
    """Replay one scenario; raises :class:`Mismatch` on the first failed expectation."""
    players = scenario["players"]
    state = _state(core.get_game("button-men").new(
        seed=0, buttons=tuple(p["button"] for p in players), recipes=tuple(p["recipe"] for p in players),
        max_wins=scenario["max_wins"], dice_source="manual", first_player=scenario["start"]["first_player"],
    ))
    for p, info in enumerate(players):
        state = choose_sizes(state, p, info.get("swing", {}), info.get("option", {}))
    state = roll_values(state, scenario["start"]["values"])
    check(state, scenario.get("expect_start", {}))
    for number, step in enumerate(scenario["steps"], start=1):
        try:
            state = _step(state, step)
        except Mismatch as error:
            raise Mismatch(f"step {number} ({step['do']}): {error}") from None
    return state


def _step(state: ButtonMenState, step: Mapping[str, Any]) -> ButtonMenState:
    expect = step.get("expect", {})
    if step["do"] == "next_round":
        for p, swing in enumerate(step.get("swing", [{}, {}])):
            state = choose_sizes(state, p, swing, {})
        if state.phase == "swing":
            raise Mismatch(f"player {state.to_move} still has to choose {state.needed(state.to_move or 0)}")
        state = roll_values(state, step["values"])
        check(state, expect)
        return state
    actor = step["player"]
    action = _action(state, step)
    legal = expect.get("legal", True)
    try:
        if state.to_move != actor:
            raise IllegalAction(f"player {actor} is not to move")
        after = _state(state.apply(action))
    except IllegalAction as error:
        if legal:
            raise Mismatch(f"rejected: {error}") from None
        return state
    if not legal:
        raise Mismatch(f"{action} was accepted but must be rejected")
    rolls = list(step.get("rolls", []))
    while rolls and after.awaiting is not None:
        after = _state(after.apply(Roll(rolls.pop(0))))
    if rolls:
        raise Mismatch(f"{len(rolls)} roll(s) left unused")
    if after.awaiting is not None and len(after.rounds) == len(state.rounds):
        raise Mismatch(f"the engine wants more rolls: {after.awaiting.label}")
    check(after, expect, state, actor)
    return after


def run_file(path: Path) -> tuple[int, int]:
    """Run every scenario of a file, printing one line each; returns (passed, failed)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("schema") != SCHEMA:
        raise ValueError(f"{path}: schema must be {SCHEMA!r}")
    passed = failed = 0
    for scenario in data["scenarios"]:
        try:
            run_scenario(scenario)
        except (Mismatch, ValueError) as error:
            failed += 1
            print(f"FAIL {scenario['id']}: {error}")
        else:
            passed += 1
            print(f"ok   {scenario['id']}")
    print(f"{passed} passed, {failed} failed")
    return passed, failed


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m core.buttonmen.conformance FILE.json", file=sys.stderr)
        return 2
    try:
        _, failed = run_file(Path(args[0]))
    except (OSError, ValueError, KeyError) as error:
        print(f"cannot read {args[0]}: {error}", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
