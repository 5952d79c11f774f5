"""Issue 12: the corrected rulebook (Wildcard in section 2, Trip reach in 8.2, Mighty, Morphing, Radioactive)."""

from __future__ import annotations

import pytest
from bm_helpers import play, position, values

from core.buttonmen import Attack, Roll
from core.protocol import IllegalAction


def test_a_morphing_die_that_trips_successfully_takes_the_size_and_rerolls() -> None:
    # "a successful Trip included ... and rerolls -- also after a successful Trip"
    state = position("mt(4) (4)", "(20) (6)", [[2, 1], [15, 5]])
    after = play(state, Attack("Trip", (0,), (0,)), [4, 3, 17])     # trip roll, target roll, morph reroll
    assert after.captured[0][0].label == "(20):3"
    assert after.dice[0][0].label == "mt(20):17"
    assert after.log[-1].endswith("trip roll 4 against 3; captured (20):3; attacker now mt(20):17.")


def test_a_morphing_die_whose_trip_fails_keeps_its_size_and_trip_roll() -> None:
    state = position("mt(4) (4)", "(20) (6)", [[2, 1], [15, 5]])
    after = play(state, Attack("Trip", (0,), (0,)), [2, 9])
    assert after.dice[0][0].label == "mt(4):2" and values(after)[1] == [9, 5] and not after.captured[0]


def test_a_radioactive_twin_splits_each_half() -> None:
    # "%(1,2) becomes (1,1) and (0,1)"
    state = position("%(1,2) (4)", "(2) (20)", [[3, 1], [2, 20]])
    after = play(state, Attack("Power", (0,), (0,)), [2, 1])
    assert [d.recipe for d in after.dice[0]] == ["(1,1)", "(0,1)", "(4)"] and values(after)[0] == [2, 1, 1]
    assert [d.size for d in after.dice[0]] == [2, 1, 4]
    assert after.log[-1].endswith("attacker now (1,1):2, (0,1):1.")


def test_split_swing_dice_keep_their_letter() -> None:
    # "(X=17) becomes (X=9) and (X=8)", in the recipe text and in the log
    state = position("%(X) (4)", "(8) (20)", [[12, 1], [5, 20]], swing=({"X": 17}, {}))
    after = play(state, Attack("Power", (0,), (0,)), [9, 3])
    assert [d.notation for d in after.dice[0]] == ["(X=9)", "(X=8)", "(4)"]
    assert [d.recipe for d in after.dice[0]][:2] == ["(X)", "(X)"]
    assert after.log[-1].endswith("attacker now (X=9):9, (X=8):3.")


def test_mood_takes_its_size_first_then_mighty_grows() -> None:
    state = position("H(X)?", "(20) (20)", [[7], [3, 20]], swing=({"X": 7}, {}))
    pending = state.apply(Attack("Power", (0,), (0,)))
    assert pending.awaiting is not None and "mood" in pending.awaiting.label
    after = play(pending, Roll(10), [11])        # Mood picks 10, Mighty grows it to 12, it rolls 11
    assert after.dice[0][0].notation == "H(X=12)?" and after.dice[0][0].value == 11


def test_mad_takes_its_size_first_then_weak_shrinks() -> None:
    state = position("h(X)&", "(20) (20)", [[7], [3, 20]], swing=({"X": 7}, {}))
    after = play(state, Attack("Power", (0,), (0,)), [10, 5])
    assert after.dice[0][0].notation == "h(X=8)&"


def test_a_captured_radioactive_die_keeps_radioactive_and_the_attacker_parts_lose_it() -> None:
    state = position("(10) (4)", "%(6) (20)", [[9, 1], [5, 20]])
    after = play(state, Attack("Power", (0,), (0,)), [2, 4])
    assert after.captured[0][0].recipe == "%(6)"
    assert [d.recipe for d in after.dice[0]] == ["(5)", "(5)", "(4)"]
    assert after.round_scores[0] == 6 + 5 / 2 + 5 / 2 + 2


def test_a_target_that_survives_a_failed_trip_keeps_radioactive() -> None:
    state = position("t(4) (4)", "%(6) (20)", [[1, 3], [2, 20]])
    after = play(state, Attack("Trip", (0,), (0,)), [2, 5, 1, 2])
    assert after.dice[1][0].label == "%(6):5" and not after.captured[0]
    assert [d.recipe for d in after.dice[0]] == ["t(2)", "t(2)", "(4)"]


def test_trip_reach_uses_a_maximum_targets_size_after_its_own_resize() -> None:
    # "a Mighty Maximum HM(4) grows to 6 before it rolls, so a t(4) can never trip it"
    state = position("t(4) (2)", "HM(4) (20)", [[1, 2], [0, 20]])
    assert state.dice[1][0].value == 4
    assert [a.targets for a in state.attacks() if a.kind == "Trip"] == [(1,)]      # only the (20)
    with pytest.raises(IllegalAction, match=r"t\(4\):1 can roll at most 4 and HM\(4\):4 shows at least 6"):
        state.apply(Attack("Trip", (0,), (0,)))
    reach = position("t(6) (2)", "HM(4) (20)", [[1, 2], [0, 20]])
    assert [a.targets for a in reach.attacks() if a.kind == "Trip"] == [(0,), (1,)]
    after = play(reach, Attack("Trip", (0,), (0,)), [6])      # the target grows to 6 and shows 6
    assert after.captured[0][0].label == "HM(6):6"


def test_a_wildcard_scores_as_a_sixteen_sided_die_kept_and_captured() -> None:
    state = position("(C) (4)", "(20) (6)", [[3, 2], [12, 5]], first=1)
    assert state.round_scores == (16 / 2 + 4 / 2, 20 / 2 + 6 / 2)
    after = play(state, Attack("Power", (0,), (0,)), [7])
    assert after.captured[1][0].label == "(C):3" and after.round_scores == (2, 16 + 10 + 3)


def test_trip_reach_counts_the_largest_mood_size_of_the_attacker() -> None:
    # ruling BM-R3: a Mood tripper picks its size before the trip roll, up to 20 for X
    state = position("t(X)? (2)", "M(12) (20)", [[3, 2], [0, 20]], swing=({"X": 4}, {}))
    assert (0,) in [a.targets for a in state.attacks() if a.kind == "Trip"]
    calm = position("t(X)? (2)", "M(12) (20)", [[3, 2], [0, 20]], swing=({"X": 4}, {}), mood_resize_on="capture")
    assert (0,) not in [a.targets for a in calm.attacks() if a.kind == "Trip"]


def test_radioactive_option_dice_split_into_plain_dice() -> None:
    # ruling BM-R2
    state = position("%(4/10) (4)", "(8) (20)", [[9, 1], [5, 20]], option=({"0": 10}, {}))
    after = play(state, Attack("Power", (0,), (0,)), [2, 4])
    assert [d.notation for d in after.dice[0]] == ["(5)", "(5)", "(4)"]
