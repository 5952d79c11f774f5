"""Every refused attack names the rule it breaks (rulebook sections 8.1 and 8.2), and an action of
another phase names what the phase waits for (issue 21)."""

from __future__ import annotations

import pytest
from bm_helpers import GAME, position

from core.bots import RandomBot
from core.buttonmen import ATTACK_TYPES, Attack, ButtonMenState, ChooseSwing, Pass
from core.protocol import IllegalAction


def refusal(state: ButtonMenState, action: object) -> str:
    with pytest.raises(IllegalAction) as error:
        state.apply(action)  # type: ignore[arg-type]
    assert str(error.value) == state.why_illegal(action, state.to_move)  # type: ignore[arg-type]
    return str(error.value)


# --- 8.2: the condition of each type ----------------------------------------------------------


def test_power_needs_the_attacker_to_show_at_least_the_targets_value() -> None:
    state = position("(4) (10)", "(8) (6)", [[3, 9], [7, 2]])
    assert refusal(state, Attack("Power", (0,), (0,))) == (
        "a Power attack needs the attacker to show at least the target's value: (4):3 shows 3, (8):7 shows 7")


def test_power_with_fire_help_names_the_help_and_the_attackers_size() -> None:
    state = position("(4) F(10)", "(8) (2)", [[2, 8], [7, 2]])
    assert refusal(state, Attack("Power", (0,), (0,), fire=((1, 3),))) == (
        "a Power attack needs the attacker to show at least the target's value: (4):2 shows 2 and Fire help "
        "adds 3, (8):7 shows 7")
    assert refusal(state, Attack("Power", (0,), (0,), fire=((1, 5),))) == (
        "(4):2 has 4 sides, fewer than (8):7 shows: Fire help cannot lift it that far")
    assert refusal(state, Attack("Power", (0,), (1,), fire=((1, 1),))) == (
        "(4):2 already takes (2):2 without Fire help, and Fire help is offered only on a Power attack that "
        "needs it (BM-09 fire_overshoot)")


def test_fire_help_never_lifts_a_power_attacker_past_its_size() -> None:
    state = position("(4) F(10)", "(8) (6)", [[2, 9], [7, 3]], fire_overshoot=True)
    assert refusal(state, Attack("Power", (0,), (1,), fire=((1, 4),))) == (
        "Fire help lifts (4):2 no higher than its size, 4: 2 + 4 is more")


def test_skill_with_konstant_and_stinger_dice_says_no_count_makes_the_value() -> None:
    state = position("k(6) g(4)", "(20)", [[3, 2], [17]])
    assert refusal(state, Attack("Skill", (0, 1), (0,))) == (
        "a Skill attack needs the attacking dice to add up exactly to the target's value: no count of k(6):3, "
        "g(4):2 (Konstant plus or minus, Stinger from its lowest face) makes (20):17's 17")


def test_shadow_takes_a_die_between_the_attackers_value_and_size() -> None:
    state = position("s(6) (4)", "(10) (2)", [[3, 4], [9, 2]])
    expected = ("a Shadow attack takes a die showing from the attacker's value to its size: s(6):3 covers "
                "3 to 6, {} shows {}")
    assert refusal(state, Attack("Shadow", (0,), (0,))) == expected.format("(10):9", 9)
    assert refusal(state, Attack("Shadow", (0,), (1,))) == expected.format("(2):2", 2)
    assert refusal(state, Attack("Shadow", (1,), (1,))) == (
        "a Shadow attack needs a Shadow die, or a Queer die showing an odd number; (4):4 is neither")


def test_speed_berserk_and_rush_take_dice_adding_up_to_the_attackers_value() -> None:
    state = position("z(12) B(10) (6)", "(4) (6) #(8)", [[9, 7, 5], [3, 4, 2]])
    assert refusal(state, Attack("Speed", (0,), (0, 1))) == (
        "a Speed attack takes dice adding up exactly to the attacker's value: (4):3, (6):4 show 7, z(12):9 shows 9")
    assert refusal(state, Attack("Berserk", (1,), (0,))) == (
        "a Berserk attack takes dice adding up exactly to the attacker's value: (4):3 show 3, B(10):7 shows 7")
    assert refusal(state, Attack("Rush", (2,), (0, 1))) == (
        "a Rush attack needs a Rush die: (6):5 or one of its two targets must have Rush")
    assert refusal(state, Attack("Rush", (2,), (1, 2))) == (
        "a Rush attack takes dice adding up exactly to the attacker's value: (6):4, #(8):2 show 6, (6):5 shows 5")


def test_each_type_takes_its_number_of_attackers_and_targets() -> None:
    state = position("z(12) (6) (6)", "(4) (6) #(8)", [[9, 3, 4], [3, 4, 2]])
    assert refusal(state, Attack("Power", (1, 2), (0,))) == (
        "a Power attack is made by exactly one of your dice (section 8.2)")
    assert refusal(state, Attack("Power", (1,), (0, 1))) == "a Power attack takes exactly one target (section 8.2)"
    assert refusal(state, Attack("Skill", (1, 2), (0, 1))) == "a Skill attack takes exactly one target (section 8.2)"
    assert refusal(state, Attack("Rush", (0,), (0,))) == "a Rush attack takes exactly two targets (section 8.2)"


# --- 8.1: restrictions of every attack ---------------------------------------------------------


def test_stealth_dice_attack_and_fall_only_to_skill_attacks_of_two_or_more_dice() -> None:
    state = position("d(8) (6) (4)", "d(10) (6)", [[5, 4, 1], [4, 6]])
    assert refusal(state, Attack("Power", (0,), (1,))) == (
        "d(8):5 is a Stealth die: it attacks only as one of two or more dice in a Skill attack (section 8.1)")
    assert refusal(state, Attack("Power", (0,), (1,))) == refusal(state, Attack("Skill", (0,), (1,)))
    target = "d(10):4 is a Stealth die: only a Skill attack by two or more dice, or a Boom attack, can take it " \
             "(section 8.1)"
    assert refusal(state, Attack("Power", (1,), (0,))) == target
    assert refusal(state, Attack("Skill", (1,), (0,))) == target


def test_queer_dice_showing_odd_attack_as_shadow_not_power() -> None:
    state = position("q(8) s(6)", "(4)", [[3, 5], [2]])
    assert refusal(state, Attack("Power", (0,), (0,))) == (
        "q(8):3 is a Queer die showing an odd number: it attacks as a Shadow die, not by Power")
    assert refusal(state, Attack("Power", (1,), (0,))) == "s(6):5 cannot make Power attacks: it is a Shadow die"


def test_a_die_that_does_not_exist_is_named_as_players_count() -> None:
    state = position("(4) (10)", "(8)", [[3, 9], [7]])
    assert refusal(state, Attack("Power", (2,), (0,))) == (
        "you have 2 dice in play: there is no die 3 of yours to attack with")
    assert refusal(state, Attack("Power", (0,), (1,))) == (
        "your opponent has 1 dice in play: there is no die 2 of theirs to attack")


def test_fire_help_only_on_power_and_skill() -> None:
    state = position("z(12) F(10)", "(4) (6)", [[10, 8], [4, 6]])
    assert refusal(state, Attack("Speed", (0,), (0, 1), fire=((1, 1),))) == (
        "Fire help applies to Power and Skill attacks only (section 8.2)")


def test_a_default_attack_asks_for_the_type() -> None:
    state = position("(4) (10)", "(8)", [[3, 9], [7]])
    assert refusal(state, Attack("Default", (1,), (0,))) == "choose the attack type (Default attacks need BM-08)"


def test_every_refused_attack_of_random_tl_matches_names_a_rule() -> None:
    """Attacks of every type on every pair of dice, in positions of seeded TL matches: each refusal is a
    rule's sentence, never the last resort and never a raw list of dice."""
    checked = 0
    for seed in range(6):
        state = GAME.new(seed=seed)
        bot = RandomBot(seed)
        for _ in range(40):
            if state.is_over:
                break
            if state.phase == "attack" and state.to_move is not None:
                mine, theirs = len(state.dice[state.to_move]), len(state.dice[1 - state.to_move])
                for kind in ATTACK_TYPES:
                    for attack in (Attack(kind, (i,), (j,)) for i in range(mine) for j in range(theirs)):
                        if not state.is_legal(attack, state.to_move):
                            reason = state.why_illegal(attack, state.to_move)
                            assert "no rule of section 8" not in reason and "[" not in reason, reason
                            checked += 1
            state = state.apply(bot.choose(state))
    assert checked > 1000


# --- actions of another phase ---------------------------------------------------------------


def test_an_action_of_another_phase_names_what_the_phase_waits_for() -> None:
    setup = GAME.new(seed=0, buttons=("Avis", "Bauer"))
    assert isinstance(setup, ButtonMenState)
    assert refusal(setup, Attack("Power", (0,), (0,))) == (
        "Power attack: dice 1 on 1 is not a legal action in the swing phase: the players first choose the sizes of "
        "their swing and option dice (section 5)")
    state = position("(4) (10)", "(8)", [[3, 9], [7]])
    assert refusal(state, ChooseSwing("X", 10)).endswith(
        "is not a legal action in the attack phase: the player to move attacks, passes or surrenders (section 7)")
    assert refusal(state, Pass()) == (
        "you must attack when any attack is possible; Pass is only legal when none is")
