"""Every skill's rule (section 11) and the "interactions to test early"."""

from __future__ import annotations

import pytest
from bm_helpers import play, position, values

import core
from core.buttonmen import Attack, Chance, Decline, Focus, Pass, Roll
from core.buttonmen.dice import MOOD_SIZES
from core.protocol import IllegalAction


def kinds(state: object) -> set[str]:
    return set(state.attack_types())  # type: ignore[attr-defined]


def attacks_of(state: object, kind: str) -> list[Attack]:
    return [a for a in state.attacks() if a.kind == kind]  # type: ignore[attr-defined]


def test_shadow_takes_values_between_its_value_and_size_and_never_powers() -> None:
    state = position("s(20)", "(20) (20)", [[11], [12, 10]])
    assert {(a.attackers, a.targets) for a in attacks_of(state, "Shadow")} == {((0,), (0,))}
    assert not attacks_of(state, "Power")
    after = play(state, Attack("Shadow", (0,), (0,)), [4])
    assert after.captured[0][0].value == 12 and values(after) == [[4], [10]]


def test_poison_scores() -> None:
    state = position("p(10) (4)", "p(20) (6)", [[1, 4], [3, 2]])
    assert state.round_scores == (-10 + 2, -20 + 3)
    after = play(state, Attack("Power", (1,), (0,)), [1])
    assert after.round_scores == (-10 + 2 - 10, 3)


def test_focus_must_win_outright_and_makes_dice_dizzy() -> None:
    state = position("(10) f(10)", "(6) (6)", [[5, 7], [5, 6]], first=None)
    assert state.may_react(0) and not state.may_react(1) and state.initiative == 1
    with pytest.raises(IllegalAction, match="outright"):
        state.apply(Focus(((1, 7),)))        # unchanged: still loses
    tie = position("(10) f(10)", "(6) (6)", [[6, 9], [5, 6]], first=None)
    with pytest.raises(IllegalAction, match="outright"):
        tie.apply(Focus(((1, 5),)))          # 5,6 against 5,6 is a tie
    after = state.apply(Focus(((1, 4),)))
    assert after.initiative == 0 and after.dizzy() == ([1], []) and after.to_move == 0
    assert not any(1 in a.attackers for a in after.attacks())
    moved = play(after, Attack("Power", (0,), (0,)), [2])
    assert moved.dizzy() == ([], [])


def test_chance_reroll_flips_initiative_or_ends_reactions() -> None:
    state = position("(10) c(10)", "(6) (6)", [[5, 9], [5, 6]], first=None)
    assert state.may_react(0) and Chance(1) in state.legal_actions()
    won = play(state, Chance(1), [2])
    assert won.initiative == 0 and won.to_move == 0      # the other side has nothing to react with
    lost = play(state, Chance(1), [8])
    assert lost.initiative == 1 and lost.to_move == 1 and values(lost)[0] == [5, 8]
    declined = play(state, Decline())
    assert declined.to_move == 1 and declined.phase == "attack"


def test_speed_attack() -> None:
    state = position("z(20) (4)", "(6) (6) (8)", [[12, 1], [6, 6, 8]])
    speed = {a.targets for a in attacks_of(state, "Speed")}
    assert speed == {(0, 1)}
    after = play(state, Attack("Speed", (0,), (0, 1)), [3])
    assert len(after.captured[0]) == 2


def test_rush_needs_a_rush_die_on_either_side() -> None:
    state = position("(8)", "#(4) (6) (6)", [[7], [3, 4, 3]])
    assert {a.targets for a in attacks_of(state, "Rush")} == {(0, 1)}
    plain = position("(8)", "(4) (6)", [[7], [3, 4]])
    assert not attacks_of(plain, "Rush")
    own = position("#(8)", "(4) (6)", [[7], [3, 4]])
    assert {a.targets for a in attacks_of(own, "Rush")} == {(0, 1)}


def test_trip_reach_and_twin_target() -> None:
    state = position("t(1)", "(3,3)", [[1], [2]])
    assert not attacks_of(state, "Trip") and kinds(state) == {"Pass"}
    state = position("t(4)", "(6)", [[1], [6]])
    assert kinds(state) == {"Trip"}
    failed = play(state, Attack("Trip", (0,), (0,)), [2, 5])
    assert values(failed) == [[2], [5]] and not failed.captured[0]


def test_boom_leaves_play_and_rerolls_the_target() -> None:
    state = position("b(6) (4)", "d(10) `(6)", [[3, 1], [9, 6]])
    booms = {a.targets for a in attacks_of(state, "Boom")}
    assert booms == {(0,)}        # Stealth may be targeted, Warrior never
    after = play(state, Attack("Boom", (0,), (0,)), [2])
    assert after.out_of_play[0][0].recipe == "b(6)" and values(after) == [[1], [2, 6]]
    assert after.round_scores == (2, 5)


def test_mad_and_mood_resize_on_rerolls() -> None:
    state = position("(X)&", "(20) (20)", [[7], [3, 9]], swing=({"X": 7}, {}))
    after = state.apply(Attack("Power", (0,), (0,)))
    assert after.awaiting is not None and set(after.awaiting.values()) == set(range(4, 21, 2))
    after = play(after, Roll(10), [9])
    assert after.dice[0][0].size == 10 and after.dice[0][0].value == 9
    mood = position("(X)?", "(20)", [[7], [3]], swing=({"X": 7}, {}))
    pending = mood.apply(Attack("Power", (0,), (0,)))
    assert pending.awaiting is not None
    assert set(pending.awaiting.values()) == {s for s in MOOD_SIZES if 4 <= s <= 20}


def test_mood_resizes_on_ornery_rerolls() -> None:
    state = position("(10) o(X)?", "(20) (20)", [[9, 7], [3, 8]], swing=({"X": 7}, {}))
    after = play(state, Attack("Power", (0,), (0,)), [5, 12, 11])
    assert [d.size for d in after.dice[0]] == [10, 12] and values(after)[0] == [5, 11]


def test_berserk_twin_halving_and_no_skill() -> None:
    state = position("B(5,5)", "(4) (4) (20)", [[8], [4, 4, 20]])
    assert not attacks_of(state, "Skill")
    after = play(state, Attack("Berserk", (0,), (0, 1)), [3])
    assert after.dice[0][0].halves == (3, 2) and after.dice[0][0].recipe == "(3,2)"


def test_berserk_with_mighty_halves_then_grows() -> None:
    state = position("BH(20)", "(4) (6) (20)", [[7], [3, 4, 20]])
    after = play(state, Attack("Berserk", (0,), (0, 1)), [5])
    assert after.dice[0][0].size == 12


def test_turbo_picks_a_new_size_when_it_attacks() -> None:
    state = position("(X)!", "(20) (20)", [[7], [3, 20]], swing=({"X": 7}, {}))
    options = [a.turbo for a in attacks_of(state, "Power")]
    assert len(options) == 17 and ((0, 4),) in options
    after = play(state, Attack("Power", (0,), (0,), turbo=((0, 15),)), [14])
    assert after.dice[0][0].size == 15 and after.dice[0][0].value == 14


def test_queer_attacks_depend_on_parity() -> None:
    odd = position("q(10)", "(20) (20)", [[3], [2, 5]])
    assert kinds(odd) == {"Shadow"} and {a.targets for a in attacks_of(odd, "Shadow")} == {(1,)}
    even = position("q(10)", "(20) (20)", [[4], [2, 5]])
    assert kinds(even) == {"Power"}


def test_stealth_restrictions() -> None:
    state = position("(10) (6)", "d(10)", [[9, 2], [3]])
    assert not attacks_of(state, "Power") and not attacks_of(state, "Skill")
    pair = position("(10) (6)", "d(10)", [[1, 2], [3]])
    assert {a.attackers for a in attacks_of(pair, "Skill")} == {(0, 1)}
    lone = position("d(10) (6)", "(10)", [[5, 1], [5]])
    assert not any(0 in a.attackers for a in lone.attacks())


def test_fire_helps_power_and_skill_and_is_lowered() -> None:
    state = position("(10) F(8)", "(20) (20)", [[6, 5], [8, 20]])
    power = [a for a in attacks_of(state, "Power") if a.attackers == (0,)]
    assert power == [Attack("Power", (0,), (0,), fire=((1, 2),))]
    assert not any(a.attackers == (1,) for a in attacks_of(state, "Power"))
    after = play(state, Attack("Power", (0,), (0,), fire=((1, 2),)), [4])
    assert values(after)[0] == [4, 3]
    over = position("(10) F(8)", "(20) (20)", [[9, 5], [8, 20]], fire_overshoot=True)
    assert len([a for a in attacks_of(over, "Power") if a.attackers == (0,)]) == 2


def test_fire_with_mighty_does_not_resize_when_turned_down() -> None:
    state = position("(10) HF(8)", "(20) (20)", [[6, 5], [8, 20]])
    after = play(state, Attack("Power", (0,), (0,), fire=((1, 2),)), [4])
    assert after.dice[0][1].size == 8


def test_null_captures_make_null_dice_and_beat_poison_and_value() -> None:
    state = position("n(10)", "p(20) (4)", [[9], [9, 4]])
    after = play(state, Attack("Power", (0,), (0,)), [2])
    assert after.captured[0][0].skills == "pn" and after.round_scores == (0, 2)
    value = position("v(10)", "(20) (4)", [[9], [9, 4]])
    after = play(value, Attack("Power", (0,), (0,)), [2])
    assert after.round_scores == (1 + 9, 2)


def test_rage_replacement_and_rage_attacker() -> None:
    state = position("(10) (4)", "Gp(8) (20)", [[9, 1], [5, 12]])
    after = play(state, Attack("Power", (0,), (0,)), [7, 3])
    assert after.dice[1][0].recipe == "p(8)" and after.dice[1][0].value == 7
    plain = position("(10) (4)", "Gp(8) (20)", [[9, 1], [5, 12]], rage_copy_skills=False)
    after = play(plain, Attack("Power", (0,), (0,)), [7, 3])
    assert after.dice[1][0].recipe == "(8)"
    attacker = position("G(10) (4)", "(8) (20)", [[9, 1], [5, 12]])
    after = play(attacker, Attack("Power", (0,), (0,)), [2])
    assert after.dice[0][0].recipe == "(10)"


def test_warrior_is_out_of_play_until_it_joins_a_skill_attack() -> None:
    state = position("(4) `(6)", "(10) (20)", [[3, 1], [9, 15]], first=None)
    assert state.dice[0][1].value == 6 and state.initiative_excluded() == ([1], [])
    assert state.round_scores == (2, 15)
    assert kinds(state) == {"Skill", "Pass"}     # the Warrior attack is optional
    after = play(state, Attack("Skill", (0, 1), (0,)), [2, 5])
    assert after.dice[0][1].recipe == "(6)" and values(after)[0] == [2, 5]


def test_ornery_rerolls_after_attacks_not_after_passes() -> None:
    state = position("(10) o(6)", "(8) (20)", [[9, 3], [5, 12]])
    after = play(state, Attack("Power", (0,), (0,)), [4, 6])
    assert values(after)[0] == [4, 6]
    quiet = position("(1) o(6)", "s(20)", [[1, 3], [20]])
    assert values(play(quiet, Pass()))[0] == [1, 3]
    loud = position("(1) o(6)", "s(20)", [[1, 3], [20]], ornery_on_pass=True)
    assert values(play(loud, Pass(), [5]))[0] == [1, 5]


def test_stinger_contributes_any_value_down_to_its_min() -> None:
    state = position("g(10)", "(20) (20)", [[7], [3, 9]])
    assert {a.targets for a in attacks_of(state, "Skill")} == {(0,)}
    shadow = position("gs(10)", "(20) (20)", [[7], [3, 9]])
    assert kinds(shadow) == {"Skill", "Shadow"}
    twin = position("g(5,5)", "(20)", [[6], [1]])
    assert not attacks_of(twin, "Skill")
    assert attacks_of(position("g(5,5)", "(20)", [[6], [1]], stinger_min="one"), "Skill")


def test_mighty_and_weak_resize_on_rerolls() -> None:
    state = position("H(7) h(7)", "(20) (20)", [[7, 7], [3, 4]])
    after = play(state, Attack("Power", (0,), (0,)), [5])
    assert after.dice[0][0].size == 8 and after.dice[0][1].size == 7


def test_weak_shrinks() -> None:
    state = position("h(7)", "(20) (20)", [[7], [3, 4]])
    after = play(state, Attack("Power", (0,), (0,)), [5])
    assert after.dice[0][0].size == 6


def test_time_and_space_odd_roll_gives_another_turn() -> None:
    state = position("^(10) (4)", "(8) (20) (20)", [[9, 1], [5, 12, 13]])
    again = play(state, Attack("Power", (0,), (0,)), [3])
    assert again.to_move == 0
    once = play(state, Attack("Power", (0,), (0,)), [4])
    assert once.to_move == 1


def test_morphing_takes_the_captured_size() -> None:
    state = position("m(4)", "(20) (20)", [[4], [3, 18]])
    after = play(state, Attack("Power", (0,), (0,)), [17])
    assert after.dice[0][0].recipe == "m(20)" and after.dice[0][0].value == 17


def test_konstant_keeps_its_value_on_trip_and_ornery() -> None:
    state = position("(10) ok(6)", "(8) (20)", [[9, 3], [5, 12]])
    after = play(state, Attack("Power", (0,), (0,)), [4])
    assert values(after)[0] == [4, 3]
    trip = position("tk(6)", "(4) (20)", [[3], [2, 20]])
    assert {a.kind for a in trip.attacks()} == {"Trip"}
    after = play(trip, Attack("Trip", (0,), (0,)), [3])      # only the target rolls
    assert after.captured[0][0].value == 3 and values(after) == [[3], [20]]


def test_konstant_maximum_keeps_its_value() -> None:
    state = position("kM(6) (4)", "(8) (20)", [[0, 2], [8, 12]])
    assert state.dice[0][0].value == 6
    after = play(state, Attack("Skill", (0, 1), (0,)), [3])
    assert values(after) == [[6, 3], [12]]


def test_insult_is_no_skill_target() -> None:
    state = position("(4) (4)", "I(10)", [[3, 4], [7]])
    assert not attacks_of(state, "Skill")


def test_radioactive_splits_the_attacker() -> None:
    state = position("%(10) (4)", "(8) (20)", [[9, 1], [5, 12]])
    after = play(state, Attack("Power", (0,), (0,)), [2, 4])
    assert [d.recipe for d in after.dice[0]] == ["(5)", "(5)", "(4)"] and values(after)[0] == [2, 4, 1]


def test_doppelganger_copies_a_rage_die_and_keeps_rage() -> None:
    state = position("D(10)", "G(12) (20)", [[9], [5, 12]])
    after = play(state, Attack("Power", (0,), (0,)), [4, 6])
    assert after.dice[0][0].recipe == "G(12)"


def test_slow_and_maximum() -> None:
    state = position("w(4) (10)", "M(6) (20)", [[1, 5], [6, 7]], first=None)
    assert state.dice[1][0].value == 6 and state.initiative_excluded() == ([0], [])
    assert state.initiative == 0


def test_jolt_gives_another_turn_when_attacking_or_captured() -> None:
    state = position("J(10) (4)", "(8) (20) (20)", [[9, 1], [5, 12, 13]])
    after = play(state, Attack("Power", (0,), (0,)), [4])
    assert after.to_move == 0 and after.dice[0][0].recipe == "(10)"
    captor = position("(10) (4)", "J(8) (20) (20)", [[9, 1], [5, 12, 13]])
    assert play(captor, Attack("Power", (0,), (0,)), [4]).to_move == 0


def test_wildcard_draws_cards() -> None:
    state = position("(C)", "(20)", [[13], [3]])
    die = state.dice[0][0]
    assert die.size == 20 and die.value == 13
    ace = position("(C)", "(20)", [[1], [12]])
    assert attacks_of(ace, "Power")       # an Ace counts 14 in Power attacks


def test_konstant_chance_die_cannot_reroll() -> None:
    state = position("(10) ck(10)", "(6) (6)", [[5, 9], [5, 6]], first=None)
    assert not state.may_react(0) and state.to_move == 1


def test_radioactive_trip_splits_the_attacker_after_the_trip_roll() -> None:
    state = position("%t(8) (4)", "(6) (20)", [[1, 3], [4, 20]])
    after = play(state, Attack("Trip", (0,), (0,)), [5, 2, 3, 2])
    assert [d.recipe for d in after.dice[0]] == ["t(4)", "t(4)", "(4)"] and after.captured[0][0].value == 2


def test_initiative_log_names_ignored_dice() -> None:
    state = position("t(4) (10)", "(6) (6)", [[1, 5], [4, 6]], first=None)
    assert "ignored for initiative: t(4):1" in state.log[-1]


def test_many_turbo_attackers_list_few_sizes_but_accept_all() -> None:
    state = position("(Y)! (Y)! (Y)!", "(20) (20)", [[3, 4, 5], [12, 20]], swing=({"Y": 10}, {}))
    skill = [a for a in attacks_of(state, "Skill") if a.attackers == (0, 1, 2)]
    assert 1 < len(skill) < 100                       # not 20**3 combinations
    combo = Attack("Skill", (0, 1, 2), (0,), turbo=((0, 2), (1, 17), (2, 5)))
    assert combo not in skill
    after = play(state, combo, [1, 9, 4])
    assert [d.size for d in after.dice[0]] == [2, 17, 5]
    assert core.replay(after.to_record()) == after
