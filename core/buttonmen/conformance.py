"""Replay conformance scenarios through the real engine.

``python -m core.buttonmen.conformance FILE.json`` prints one line per scenario
and a closing ``N passed, M failed`` line; the exit status is 1 on any failure
and 2 (with one line naming the problem, never a traceback) when the file cannot
be read or is not a valid scenario file.  Dice come in as ``Roll`` actions
(``dice_source="manual"``), so every random result is the scenario's.

Schema ``buttonmen-conformance/1`` is the shared one (``../shared/buttonmen/README.md``).
Schema ``buttonmen-conformance/2`` is our extension of it, for what version 1
cannot express; a version-2 file may use everything below as well:

* scenario ``options``: engine options by name (e.g. ``{"fire_overshoot": true}``; not those the
  scenario sets itself: buttons, recipes, dice source, first player, ``max_wins``, which may be
  left out: 3).
* a player's ``recipe`` may be ``null``: the button's roster recipe (Echo and Zero copy the
  opponent's; then every player must give ``null``).
* ``start.auxiliary``: ``[bool, bool]``, each player's answer to the auxiliary-dice offer.
* attack steps: ``fire`` maps a helping Fire die's position to how far it is turned down;
  ``turbo`` maps an attacking Turbo die's position to its new size (``rolls`` then hold the
  Turbo-sized reroll; Mood and Mad size draws are rolls too, before the die's value).
* step ``{"do": "chance", "player", "die", "rolls"}``: reroll a Chance die to react to initiative.
* step ``{"do": "decline", "player"}``: decline to react to initiative.
* ``next_round``: ``option`` (per player, like ``swing``) for the loser's option-die choices and
  ``reserve`` (the round loser's recipe position of the reserve die to add, ``null``: none).
* expectation keys: ``recipes`` (both players' current recipes), ``sides`` and ``notation``
  (sizes and site notation with swing sizes, e.g. ``(X=9)``, of the dice in play per player),
  ``log`` (texts that the step's new log lines must contain) and ``kept_option`` (like
  ``kept_swing``, option positions as strings).
* a zero-sided die shows 0 and needs no roll (neither in ``start.values`` draws nor in ``rolls``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.buttonmen.actions import (
    ATTACK_TYPES, Attack, Auxiliary, Chance, ChooseOption, ChooseSwing, Decline, Focus, Pass, Reserve, Roll, Surrender,
)
from core.buttonmen.game import GAME
from core.buttonmen.position import Phase
from core.buttonmen.recipe import validate_custom
from core.buttonmen.state import ButtonMenState
from core import conformance as kit
from core.conformance import Mismatch, items, need, obj
from core.protocol import JSON, Action, IllegalAction, InputError, is_int

SCHEMAS = ("buttonmen-conformance/1", "buttonmen-conformance/2")


def _state(value: object) -> ButtonMenState:
    assert isinstance(value, ButtonMenState)
    return value


def roll_values(state: ButtonMenState, values: Sequence[Sequence[int]]) -> ButtonMenState:
    """Answer the pending opening-roll draws with ``values[player][die]``."""
    while state.awaiting is not None:
        draw = state.awaiting
        if draw.die < 0:
            raise Mismatch(f"the engine asked for {draw.label}, which the scenario does not give")
        if draw.die >= len(values[draw.player]):
            raise Mismatch(f"the opening values give no value for {draw.label}")
        state = _apply(state, Roll(values[draw.player][draw.die]))
    return state


def choose_sizes(state: ButtonMenState, player: int, swing: Mapping[str, int], option: Mapping[str, int]) -> \
        ButtonMenState:
    """Make ``player``'s pending swing and option choices from the given sizes."""
    while state.phase == Phase.SWING and state.to_move == player:
        key = state.needed(player)[0]
        if key.isdigit():
            if key not in option:
                raise Mismatch(f"player {player} must choose option die {key}; the scenario gives none")
            state = _apply(state, ChooseOption(int(key), option[key]))
        else:
            if key not in swing:
                raise Mismatch(f"player {player} must choose swing {key}; the scenario gives none")
            state = _apply(state, ChooseSwing(key, swing[key]))
    return state


def _apply(state: ButtonMenState, action: Action) -> ButtonMenState:
    try:
        return _state(state.apply(action))
    except IllegalAction as error:
        raise Mismatch(f"{action} was rejected: {error}") from None


def _pairs(mapping: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((int(k), v) for k, v in mapping.items()))


def _action(state: ButtonMenState, step: Mapping[str, Any]) -> Action:
    kind = step["do"]
    if kind == "attack":
        return Attack(step["type"], tuple(step["attackers"]), tuple(step["targets"]),
                      _pairs(step.get("fire", {})), _pairs(step.get("turbo", {})))
    if kind == "pass":
        return Pass()
    if kind == "surrender":
        return Surrender(tuple(step.get("attackers", ())), tuple(step.get("targets", ())))
    if kind == "chance":
        return Chance(step["die"])
    if kind == "decline":
        return Decline()
    p = step["player"]
    changed = [(i, v) for i, v in _pairs(step["set_values"])
               if not (0 <= i < len(state.dice[p]) and state.dice[p][i].value == v)]
    return Focus(tuple(changed))


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
    if "sides" in expect:
        want("sides", [[d.size for d in state.dice[p]] for p in (0, 1)], expect["sides"])
    if "notation" in expect:
        want("notation", [[d.notation for d in state.dice[p]] for p in (0, 1)], expect["notation"])
    if "recipes" in expect:
        want("recipes", list(state.recipes), expect["recipes"])
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
    if "log" in expect:
        written = "\n".join(state.log[len(before.log):] if before is not None else state.log)
        missing = [text for text in expect["log"] if text not in written]
        if missing:
            problems.append(f"log: {missing!r} not in {written!r}")
    if before is not None:
        _check_step(state, expect, before, actor, problems)
    if "match_score" in expect:
        got_m = [{"W": w, "L": l_, "D": d} for w, l_, d in state.match_score]
        want("match_score", got_m, expect["match_score"])
    if "must_choose_swing" in expect:
        want("must_choose_swing", [bool(state.needed(p)) for p in (0, 1)], expect["must_choose_swing"])
    for key, digits in (("kept_swing", False), ("kept_option", True)):
        if key in expect:
            kept = [{k: v for k, v in state.kept_choices(p).items() if k.isdigit() == digits} for p in (0, 1)]
            want(key, kept, expect[key])
    if problems:
        raise Mismatch("; ".join(problems))


def _check_step(state: ButtonMenState, expect: Mapping[str, Any], before: ButtonMenState, actor: int | None,
                problems: list[str]) -> None:
    """The expectations about what one step changed (round end, captures, the attacker)."""
    ended = len(state.rounds) > len(before.rounds)
    if "round_over" in expect and ended != expect["round_over"]:
        problems.append(f"round_over: expected {expect['round_over']!r}, got {ended!r}")
    if ended:
        last = state.rounds[-1]
        if "final_scores" in expect and list(last.scores) != [float(x) for x in expect["final_scores"]]:
            problems.append(f"final_scores: expected {expect['final_scores']!r}, got {list(last.scores)!r}")
        if "round_winner" in expect and last.winner != expect["round_winner"]:
            problems.append(f"round_winner: expected {expect['round_winner']!r}, got {last.winner!r}")
    if actor is None:
        return
    if "captured" in expect and not ended:
        new = state.captured[actor][len(before.captured[actor]):]
        got = [{"recipe": d.recipe, "sides": d.size, "value": d.value} for d in new]
        wanted = [{k: c[k] for k in ("recipe", "sides", "value")} for c in expect["captured"]]
        if got != wanted:
            problems.append(f"captured: expected {wanted!r}, got {got!r}")
    if "attacker_after" in expect:
        ex = expect["attacker_after"]
        if not any(d.recipe == ex["recipe"] and d.size == ex["sides"] and d.value == ex["value"]
                   for d in state.dice[actor]):
            problems.append(f"attacker_after: no die {ex['recipe']} with {ex['sides']} sides showing "
                            f"{ex['value']} among {[d.label for d in state.dice[actor]]}")


def run_scenario(scenario: Mapping[str, Any]) -> ButtonMenState:
    """Replay one (validated) scenario; raises :class:`Mismatch` on the first failed expectation."""
    state = _state(GAME.new(seed=0, **_game_options(scenario)))
    auxiliary = scenario["start"].get("auxiliary")
    while state.phase == Phase.AUXILIARY and state.to_move is not None:
        if auxiliary is None:
            raise Mismatch("the engine offers auxiliary dice; start.auxiliary gives no answer")
        state = _apply(state, Auxiliary(auxiliary[state.to_move]))
    for p, info in enumerate(scenario["players"]):
        state = choose_sizes(state, p, info.get("swing", {}), info.get("option", {}))
    state = roll_values(state, scenario["start"]["values"])
    check(state, scenario.get("expect_start", {}))
    for number, step in enumerate(scenario["steps"], start=1):
        try:
            state = _step(state, step)
        except Mismatch as error:
            raise Mismatch(f"step {number} ({step['do']}): {error}") from None
    return state


def _game_options(scenario: Mapping[str, Any]) -> dict[str, JSON]:
    """The engine options of a scenario: its buttons (and recipes), manual dice, its own options."""
    players = scenario["players"]
    recipes = [p.get("recipe") for p in players]
    options: dict[str, JSON] = {**scenario.get("options", {}), "max_wins": scenario.get("max_wins", 3),
                                "buttons": [p["button"] for p in players], "dice_source": "manual",
                                "first_player": scenario["start"]["first_player"]}
    if all(r is not None for r in recipes):
        options["recipes"] = recipes
    return options


def _step(state: ButtonMenState, step: Mapping[str, Any]) -> ButtonMenState:
    expect = step.get("expect", {})
    if step["do"] == "next_round":
        return _next_round(state, step, expect)
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
        after = _apply(after, Roll(rolls.pop(0)))
    if rolls:
        raise Mismatch(f"{len(rolls)} roll(s) left unused")
    if after.awaiting is not None and len(after.rounds) == len(state.rounds):
        raise Mismatch(f"the engine wants more rolls: {after.awaiting.label}")
    check(after, expect, state, actor)
    return after


def _next_round(state: ButtonMenState, step: Mapping[str, Any], expect: Mapping[str, Any]) -> ButtonMenState:
    before = state
    if state.phase == Phase.RESERVE:
        if "reserve" not in step:
            raise Mismatch(f"player {state.to_move} may add a reserve die; the step gives no reserve choice")
        state = _apply(state, Reserve(step["reserve"]))
    swings, options = step.get("swing", [{}, {}]), step.get("option", [{}, {}])
    for p in (0, 1):
        state = choose_sizes(state, p, swings[p], options[p])
    if state.phase == Phase.SWING:
        raise Mismatch(f"player {state.to_move} still has to choose {state.needed(state.to_move or 0)}")
    state = roll_values(state, step["values"])
    check(state, expect, before)
    return state


# --------------------------------------------------------------------------- validating a file


def _size_map(value: object, where: str, *, digits: bool) -> None:
    mapping = obj(value, where, list(value) if isinstance(value, dict) else [])
    for key, size in mapping.items():
        if digits != key.isdigit() or not is_int(size):
            shape = "die positions (digits)" if digits else "swing letters"
            raise InputError(where, f"maps {shape} to integer sizes", value)


def _per_player(value: object, where: str, *, digits: bool) -> None:
    for p, mapping in enumerate(items(value, where, length=2)):
        _size_map(mapping, f"{where}[{p}]", digits=digits)


def _values(value: object, where: str) -> None:
    for p, row in enumerate(items(value, where, length=2)):
        items(row, f"{where}[{p}]", "int", limit=32)


V1_EXPECT = ("legal", "captured", "attacker_after", "values", "round_scores", "next_player", "valid_attack_types",
             "initiative_winner", "initiative_excluded", "may_react_to_initiative", "dizzy", "round_over",
             "final_scores", "round_winner", "match_score", "consecutive_passes", "must_choose_swing",
             "kept_swing", "round_number", "note")
V2_EXPECT = ("recipes", "sides", "notation", "log", "kept_option")
V1_STEPS: dict[str, tuple[str, ...]] = {
    "attack": ("do", "player", "type", "attackers", "targets", "rolls", "expect"),
    "pass": ("do", "player", "expect"),
    "surrender": ("do", "player", "attackers", "targets", "expect"),
    "focus": ("do", "player", "set_values", "expect"),
    "next_round": ("do", "swing", "values", "expect"),
}
V2_STEPS: dict[str, tuple[str, ...]] = {
    "attack": ("fire", "turbo"), "chance": ("do", "player", "die", "rolls", "expect"),
    "decline": ("do", "player", "expect"), "next_round": ("option", "reserve"),
}


def _validate_expect(value: object, where: str, v2: bool) -> None:
    expect = obj(value, where, V1_EXPECT + V2_EXPECT if v2 else V1_EXPECT)
    if "legal" in expect and not isinstance(expect["legal"], bool):
        raise InputError(f"{where}.legal", "must be true or false", expect["legal"])
    for key in ("values", "sides", "initiative_excluded", "dizzy"):
        if key in expect:
            _values(expect[key], f"{where}.{key}")
    for key in ("round_scores", "final_scores"):
        if key in expect:
            items(expect[key], f"{where}.{key}", "number", length=2)
    if "log" in expect:
        items(expect["log"], f"{where}.log", "str", limit=50)
    if "recipes" in expect:
        items(expect["recipes"], f"{where}.recipes", "str", length=2)
    for key in ("next_player", "initiative_winner", "round_winner"):
        if key in expect:
            need(expect, where, key, "int_or_null")
    for key in ("captured", "valid_attack_types", "notation", "match_score", "kept_swing", "kept_option",
                "may_react_to_initiative", "must_choose_swing"):
        if key in expect:
            items(expect[key], f"{where}.{key}")
    dice = [(f"{where}.captured[{n}]", die) for n, die in enumerate(expect.get("captured", []))]
    if "attacker_after" in expect:
        dice.append((f"{where}.attacker_after", expect["attacker_after"]))
    for place, value in dice:
        die = obj(value, place, ("recipe", "sides", "value", "note"))
        need(die, place, "recipe", "str")
        need(die, place, "sides", "int")
        need(die, place, "value", "int")


def _validate_step(step: object, where: str, v2: bool) -> None:
    kinds = dict(V1_STEPS)
    if v2:
        kinds = {k: kinds.get(k, ()) + V2_STEPS.get(k, ()) for k in {*kinds, *V2_STEPS}}
    if not isinstance(step, dict) or step.get("do") not in kinds:
        raise InputError(where, f"must be an object whose 'do' is one of {', '.join(sorted(kinds))}", step)
    step = obj(step, where, kinds[step["do"]])
    if step["do"] != "next_round":
        need(step, where, "player", "int")
        if step["player"] not in (0, 1):
            raise InputError(f"{where}.player", "must be 0 or 1", step["player"])
    if step["do"] == "attack":
        need(step, where, "type", "str")
        if step["type"] not in (*ATTACK_TYPES, "Default"):
            raise InputError(f"{where}.type", f"must be one of {', '.join(ATTACK_TYPES)}", step["type"])
        for key in ("attackers", "targets"):
            items(step.get(key), f"{where}.{key}", "int", limit=32)
        for key in ("fire", "turbo"):
            if key in step:
                _size_map(step[key], f"{where}.{key}", digits=True)
    if step["do"] == "surrender":
        for key in ("attackers", "targets"):
            if key in step:
                items(step[key], f"{where}.{key}", "int", limit=32)
    if step["do"] == "focus":
        _size_map(step.get("set_values"), f"{where}.set_values", digits=True)
    if step["do"] == "chance":
        need(step, where, "die", "int")
    if "rolls" in step:
        items(step["rolls"], f"{where}.rolls", "int", limit=64)
    if step["do"] == "next_round":
        _values(step.get("values"), f"{where}.values")
        for key, digits in (("swing", False), ("option", True)):
            if key in step:
                _per_player(step[key], f"{where}.{key}", digits=digits)
        if "reserve" in step:
            need(step, where, "reserve", "int_or_null")
    if "expect" in step:
        _validate_expect(step["expect"], f"{where}.expect", v2)


SET_BY_SCENARIO = ("buttons", "recipes", "dice_source", "first_player", "max_wins")
"""Engine options a scenario sets through its own keys (never in ``options``)."""
SCENARIO_KEYS = ("id", "title", "source", "covers", "max_wins", "players", "start", "expect_start", "steps")


def check_scenario(scenario: object, where: str, v2: bool) -> None:
    """Raise :class:`InputError` unless ``scenario`` is well formed (types and keys; the engine
    checks the recipes and options it names)."""
    data = obj(scenario, where, SCENARIO_KEYS + ("options",) if v2 else SCENARIO_KEYS)
    need(data, where, "id", "str")
    where = f"scenario {data['id'][:60]!r}"
    need(data, where, "max_wins", "int", optional=v2)
    players = items(data.get("players"), f"{where}.players", length=2)
    for p, player in enumerate(players):
        player = obj(player, f"{where}.players[{p}]", ("button", "recipe", "swing", "option"))
        need(player, f"{where}.players[{p}]", "button", "str")
        if not (v2 and player.get("recipe") is None):
            need(player, f"{where}.players[{p}]", "recipe", "str")
        for key, digits in (("swing", False), ("option", True)):
            if key in player:
                _size_map(player[key], f"{where}.players[{p}].{key}", digits=digits)
    if len({p.get("recipe") is None for p in players}) > 1:
        raise InputError(f"{where}.players", "give both recipes or neither")
    start = obj(data.get("start"), f"{where}.start", ("values", "first_player", "auxiliary") if v2
                    else ("values", "first_player"))
    _values(start.get("values"), f"{where}.start.values")
    need(start, f"{where}.start", "first_player", "int_or_null")
    if "auxiliary" in start:
        items(start["auxiliary"], f"{where}.start.auxiliary", "bool", length=2)
    if "expect_start" in data:
        _validate_expect(data["expect_start"], f"{where}.expect_start", v2)
    for n, step in enumerate(items(data.get("steps"), f"{where}.steps"), start=1):
        _validate_step(step, f"{where} step {n}", v2)
    if "options" in data:
        obj(data["options"], f"{where}.options", [o.name for o in GAME.options if o.name not in SET_BY_SCENARIO])
    try:
        for player in players:
            if player.get("recipe") is not None:
                validate_custom(player["recipe"])
        GAME.resolve_options(_game_options(data))
    except ValueError as error:
        raise InputError(where, str(error)) from None


def load(path: Path) -> list[Mapping[str, Any]]:
    """The scenarios of a file, validated; :class:`InputError` for anything unreadable or malformed."""
    schema, scenarios = kit.load(path, SCHEMAS)
    for n, scenario in enumerate(scenarios, start=1):
        check_scenario(scenario, f"scenario {n}", schema == SCHEMAS[1])
    return scenarios


def run_file(path: Path) -> tuple[int, int]:
    """Run every scenario of a file, printing one line each and the totals; returns (passed, failed)."""
    report = kit.show(play_file(path))
    return report.passed, report.failed


def play_file(path: Path) -> kit.Report:
    """Every scenario of a file (the whole file checked before any is played)."""
    return kit.play(load(path), run_scenario)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 all passed, 1 a scenario failed, 2 bad arguments or a bad file."""
    return kit.main(argv, "core.buttonmen.conformance", play_file)


if __name__ == "__main__":
    sys.exit(main())
