"""Issue 14: bounded work -- Focus reactions and Fire help listed quickly, custom recipes within the limits."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from bm_helpers import GAME, position
from hypothesis import given, settings
from hypothesis import strategies as st

from core.buttonmen import Attack, Die, Focus
from core.buttonmen.attacks import (
    OFFSET, SKILL_TEAM_LIMIT, TARGET_SET_LIMIT, _add, _mask_teams, _searched_teams, target_sets,
)
from core.buttonmen.state import FOCUS_LIST_LIMIT
from core.protocol import IllegalAction, InputError

QUICK = 0.1
"""CPU seconds within which any state lists its actions (well under it: about 0.02 on a laptop core)."""


def timed_actions(state: object) -> tuple[list[object], float]:
    start = time.process_time()
    actions = state.legal_actions()  # type: ignore[attr-defined]
    return actions, time.process_time() - start


def test_four_big_focus_dice_list_few_reactions_quickly_and_accept_any_valid_one() -> None:
    state = position("f(99) f(99) f(99) f(99)", "(1) (1) (1)", [[90, 91, 92, 93], [1, 1, 1]], first=None)
    assert state.phase == "react" and state.to_move == 0
    actions, seconds = timed_actions(state)
    focus = [a for a in actions if isinstance(a, Focus)]
    assert seconds < QUICK and 0 < len(focus) <= FOCUS_LIST_LIMIT
    # three dice at 1 tie the three 1s and win by the fourth (more counted dice): any three will do
    assert sorted(a.values for a in focus) == [tuple((i, 1) for i in range(4) if i != kept) for kept in (3, 2, 1, 0)]
    assert all(state.focus_problem(a) is None for a in focus)
    unlisted = Focus(((0, 1), (1, 1), (2, 1), (3, 1)))
    assert unlisted not in focus and state.apply(unlisted).initiative == 0
    with pytest.raises(IllegalAction, match="outright"):
        state.apply(Focus(((0, 1), (1, 1))))


def test_listed_focus_reactions_are_the_highest_that_win() -> None:
    state = position("f(20) f(20) (30)", "(5) (9)", [[12, 15, 30], [5, 9]], first=None)
    focus = {a.values for a in state.legal_actions() if isinstance(a, Focus)}
    # to win outright the lowest die must show 4 or less, or 5 and 9 tie and the (30) wins as a third die
    assert focus == {((0, 4),), ((1, 4),), ((0, 5), (1, 9)), ((0, 9), (1, 5))}


def test_many_fire_dice_list_one_split_per_total_and_accept_every_other_split() -> None:
    recipe = "(99) F(99) F(99) F(99) F(99) F(99) F(99) (2) (3)"
    state = position(recipe, "(99) (98) (97) (50)", [[1, 99, 99, 99, 99, 99, 99, 2, 3], [99, 98, 97, 50]],
                     fire_overshoot=True)
    actions, seconds = timed_actions(state)
    assert seconds < QUICK
    power = [a for a in actions if isinstance(a, Attack) and a.kind == "Power" and a.attackers == (0,)
             and a.targets == (3,)]
    assert sorted(sum(n for _, n in a.fire) for a in power) == list(range(49, 99))
    other = Attack("Power", (0,), (3,), fire=((2, 20), (5, 29)))
    assert other not in actions and state.is_legal(other)
    assert state.apply(other).dice[0][1].value == 99 and state.apply(other).dice[0][2].value == 79
    for bad in (Attack("Power", (0,), (3,), fire=((2, 20), (2, 29))),      # a helper twice
                Attack("Power", (0,), (3,), fire=((7, 1), (2, 48))),       # not a Fire die
                Attack("Power", (0,), (3,), fire=((2, 99),)),              # below its min
                Attack("Power", (0,), (3,), fire=((2, 10),))):             # too little help
        assert not state.is_legal(bad)


def test_focus_and_fire_dice_together_list_quickly() -> None:
    state = position("f(20) f(20) f(20) F(20) F(20) F(20) (X)", "(1) (2) (3) (4) (20)",
                     [[19, 18, 17, 20, 20, 20, 20], [1, 2, 3, 4, 20]], swing=({"X": 20}, {}), first=None)
    _, seconds = timed_actions(state)
    assert seconds < QUICK


@pytest.mark.parametrize(("recipe", "reason"), [
    ("(4) " * 12, "at most 11 dice"),
    ("pszdfcHhm(20) " * 11, "under 150 characters"),
    ("+(4) (6)", "at most one auxiliary die, last"),
    ("(4) +(6) +(8)", "at most one auxiliary die, last"),
])
def test_custom_recipes_beyond_the_rulebook_limits_are_input_errors(recipe: str, reason: str) -> None:
    with pytest.raises(InputError, match=reason):
        GAME.new(seed=1, recipes=(recipe.strip(), "(6)"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-6, 12), min_size=1, max_size=3), min_size=1, max_size=9),
       st.sets(st.integers(-10, 40), min_size=1, max_size=4))
def test_the_pruned_skill_search_finds_the_same_teams_as_every_mask(values: list[list[int]],
                                                                     targets: set[int]) -> None:
    contributions = [sorted(set(c)) for c in values]
    shifts = [c[0] if len(c) == 1 and c[0] >= 0 else -1 for c in contributions]
    wanted = sum(1 << (t + OFFSET) for t in targets)
    below = [1 << OFFSET]
    for c in contributions:
        below.append(below[-1] | _add(below[-1], c))
    assert _searched_teams(shifts, contributions, wanted, below) == list(_mask_teams(shifts, contributions, wanted))


def test_very_many_dice_list_a_bounded_number_of_skill_teams_and_accept_the_rest() -> None:
    # Radioactive splits can give a player more dice than any recipe: 24 ones against a 20
    state = position("(1) (1)", "(20) (20)", [[1, 1], [20, 20]])
    ones = tuple(Die("", (1,), 1, uid=100 + k) for k in range(24))
    crowd = state._with(dice=(ones, state.dice[1]))
    actions, seconds = timed_actions(crowd)
    skill = [a for a in actions if isinstance(a, Attack) and a.kind == "Skill"]
    assert seconds < QUICK and len({a.attackers for a in skill}) == SKILL_TEAM_LIMIT
    unlisted = Attack("Skill", tuple(range(4, 24)), (0,))
    assert unlisted not in skill and crowd.is_legal(unlisted)
    assert not crowd.is_legal(Attack("Skill", tuple(range(5, 24)), (0,)))      # 19 is not 20


def test_a_speed_die_against_very_many_dice_lists_a_bounded_number_of_target_sets() -> None:
    state = position("z(20) (1)", "(1) (1)", [[20, 1], [1, 1]])
    ones = tuple(Die("", (1,), 1, uid=100 + k, owner=1) for k in range(24))
    crowd = state._with(dice=(state.dice[0], ones))
    actions, seconds = timed_actions(crowd)
    speed = [a for a in actions if isinstance(a, Attack) and a.kind == "Speed"]
    assert seconds < QUICK and len(speed) == TARGET_SET_LIMIT
    assert speed[0].targets == tuple(range(20))        # smallest sets first, in lexicographic order
    unlisted = Attack("Speed", (0,), tuple(range(4, 24)))
    assert unlisted not in speed and crowd.is_legal(unlisted)
    assert not crowd.is_legal(Attack("Speed", (0,), tuple(range(5, 24))))       # 19 is not 20
    assert not crowd.is_legal(Attack("Speed", (1,), (0,)))                      # no Speed die


def test_target_sets_keep_the_order_of_combinations() -> None:
    dice = [Die("", (6,), v) for v in (1, 2, 3, 3, 4, 0)]
    expected = [c for r in range(1, 7) for c in combinations(range(6), r) if sum(dice[i].value for i in c) == 6]
    assert target_sets(dice, 6) == expected and target_sets(dice, 6, limit=3) == expected[:3]
