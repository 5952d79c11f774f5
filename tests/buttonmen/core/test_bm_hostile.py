"""Issue 14's Button Men cases, kept as named regression tests: hostile action JSON and records."""

from __future__ import annotations

import json
from typing import Any

import pytest

import core
from core.protocol import IllegalAction, InputError

GAME = core.get_game("button-men")


def attack_phase() -> Any:
    state = GAME.new(seed=3, recipes=("f(6) f(8) !(X) (10)", "(4) (6) (8) (12)"), first_player=0)
    while state.phase != "attack":
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("data", [
    {"focus": 3}, {"focus": None}, {"focus": [[0]]}, {"focus": [["0", 1]]}, {"focus": [[True, 1]]},
    {"focus": [[0, 2**80]]}, {"focus": [[0, 1]] * 1000},
    {"attack": "Power"}, {"attack": "Power", "attackers": [0]},
    {"attack": "Power", "attackers": ["0"], "targets": [0]},
    {"attack": "Power", "attackers": [0], "targets": [99]},
    {"attack": "Power", "attackers": [0], "targets": [0], "turbo": [[7, 4]]},
    {"attack": "Power", "attackers": [0], "targets": [0], "turbo": [["x", 4]]},
    {"attack": "Power", "attackers": [0], "targets": [0], "turbo": "big"},
    {"attack": "Power", "attackers": [2**70], "targets": [0]},
    {"attack": None, "attackers": [0], "targets": [0]},
    {"attack": "Power", "attackers": [0], "targets": [0], "surprise": 1},
    {"swing": "X", "size": "4"}, {"roll": 1.5}, {"roll": True}, [], "Power", None, 7,
])
def test_wrong_shaped_action_json_is_one_clear_refusal(data: Any) -> None:
    state = attack_phase()
    before = state.to_record()
    for actor in state.actors:
        with pytest.raises(IllegalAction, match="not a legal action|not an action"):
            state.action_from_json(data, actor)
    assert state.to_record() == before


def test_a_record_with_a_damaged_action_names_it() -> None:
    record = attack_phase().to_record()
    record["actions"].append({"attack": "Power", "attackers": ["0"], "targets": None})
    with pytest.raises(IllegalAction, match=rf"action {len(record['actions'])} of the record"):
        core.replay(json.loads(json.dumps(record)))


@pytest.mark.parametrize(("recipes", "reason"), [
    (["(4)" * 40, "(6)"], "recipes"),
    (["(4) " * 12, "(6)"], "recipes"),
    ([1, 2], "recipes"),
    (["(4)", "(" * 10_000], "recipes"),
])
def test_custom_recipes_outside_the_rulebook_limits_are_refused(recipes: Any, reason: str) -> None:
    with pytest.raises(InputError, match=reason) as caught:
        GAME.new(seed=1, recipes=recipes)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("names", [["x" * 10_000, "Avis"], ["Bauer"], "Bauer", [None, None], ["Avis", "Bau\ner"]])
def test_bad_button_names_are_refused_briefly(names: Any) -> None:
    with pytest.raises(InputError, match="buttons") as caught:
        GAME.new(seed=1, buttons=names)
    assert len(str(caught.value)) < 400
