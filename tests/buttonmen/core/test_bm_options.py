"""The switchable Rulings (BM-08 .. BM-19) beyond their defaults."""

from __future__ import annotations

import pytest
from bm_helpers import GAME, play, position, values

import core
from core.buttonmen import Attack, Chance, Focus, Roll
from core.buttonmen.state import ButtonMenState
from core.protocol import IllegalAction


def test_default_attack_resolves_unambiguous_fits_only() -> None:
    state = position("(10) (4)", "(20) (20)", [[9, 2], [9, 11]], default_attack=True)
    after = play(state, Attack("Default", (0,), (0,)), [3])
    assert after.history[-2] == Attack("Power", (0,), (0,))      # Power and Skill fit: Power
    with pytest.raises(IllegalAction):
        position("(10) (4)", "(20) (20)", [[9, 2], [9, 11]]).apply(Attack("Default", (0,), (0,)))
    assert "Default" not in state.attack_types()


def test_default_attack_rejects_ambiguous_berserk() -> None:
    state = position("B(10)", "(20) (20) (20)", [[9], [9, 4, 5]], default_attack=True)
    with pytest.raises(IllegalAction):
        state.apply(Attack("Default", (0,), (0,)))   # Power and Berserk both fit


def test_mood_resize_on_capture_only() -> None:
    state = position("(X)? (10)", "(20) (20) (20)", [[7, 1], [3, 9, 20]], swing=({"X": 7}, {}),
                     mood_resize_on="capture")
    pending = state.apply(Attack("Power", (0,), (0,)))
    assert pending.awaiting is not None and pending.awaiting.choices     # it captured: resize


def test_turbo_any_roll_resizes_on_other_rerolls() -> None:
    state = position("(10) o(X)!", "(20) (20)", [[9, 7], [3, 9]], swing=({"X": 7}, {}), turbo_on="any_roll")
    after = play(state, Attack("Power", (0,), (0,)), [5, 12, 11])
    assert after.dice[0][1].size == 12


def test_time_and_space_any_roll() -> None:
    state = position("(10) o^(6)", "(20) (20) (20)", [[9, 2], [3, 9, 20]], time_and_space_on="any_roll")
    assert play(state, Attack("Power", (0,), (0,)), [4, 3]).to_move == 0
    plain = position("(10) o^(6)", "(20) (20) (20)", [[9, 2], [3, 9, 20]])
    assert play(plain, Attack("Power", (0,), (0,)), [4, 3]).to_move == 1


def test_chance_then_focus_in_one_step_when_allowed() -> None:
    recipe = "(10) c(10) f(10)"
    start = [[5, 9, 9], [5, 6]]
    strict = position(recipe, "(6) (6)", start, first=None)
    assert strict.may_react(0)
    after = play(strict, Chance(1), [8])
    assert after.to_move == 1 and after.phase == "attack"
    loose = position(recipe, "(6) (6)", start, first=None, one_reaction_kind_per_step=False)
    after = play(loose, Chance(1), [8])
    assert after.to_move == 0 and after.phase == "react" and not any(isinstance(a, Chance)
                                                                      for a in after.legal_actions())
    after = after.apply(Focus(((2, 4),)))
    assert after.initiative == 0


def test_unlisted_focus_is_accepted_and_replays() -> None:
    state = GAME.new(seed=4, recipes=("f(20) f(20) f(20) (20)", "(4) (4) (4)"), dice_source="manual")
    for v in (20, 20, 20, 20, 3, 3, 3):
        state = state.apply(Roll(v))
    assert isinstance(state, ButtonMenState) and state.may_react(0)
    focus = Focus(((0, 1), (1, 2), (2, 2)))
    assert focus not in state.legal_actions()
    after = state.apply(focus)
    assert after.initiative == 0 and values(after)[0] == [1, 2, 2, 20]
    assert core.replay(after.to_record()) == after
