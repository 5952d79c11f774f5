"""What a player is told: reasons for refused actions and the text view while dice are rolled."""

from __future__ import annotations

import pytest
from bm_helpers import GAME, play, position

from core.buttonmen import Attack, ButtonMenState, ChooseOption, ChooseSwing, Pass, Roll, Surrender
from core.buttonmen.conformance import choose_sizes, roll_values
from core.protocol import IllegalAction


def manual(buttons: tuple[str, str], recipes: tuple[str, str] | None = None, **options: object) -> ButtonMenState:
    state = GAME.new(seed=0, buttons=buttons, recipes=recipes, dice_source="manual", **options)
    assert isinstance(state, ButtonMenState)
    return state


def refusal(state: ButtonMenState, action: object) -> str:
    with pytest.raises(IllegalAction) as error:
        state.apply(action)  # type: ignore[arg-type]
    return str(error.value)


# --- impossible die results (manual dice) ------------------------------------------------


def test_an_impossible_roll_names_the_possible_results() -> None:
    state = manual(("Avis", "Bauer"))
    state = choose_sizes(choose_sizes(state, 0, {"X": 10}, {}), 1, {"X": 12}, {})
    assert state.awaiting is not None and state.awaiting.label == "Avis's (4)"
    assert refusal(state, Roll(6)) == "6 is not a possible result of Avis's (4): enter 1 to 4"
    assert refusal(state, Roll(0)) == "0 is not a possible result of Avis's (4): enter 1 to 4"
    assert "enter the result of Avis's (4) first" in refusal(state, Pass())
    twin = manual(("Avis", "Bauer"), ("(4)", "(6,6)")).apply(Roll(1))
    assert refusal(twin, Roll(1)) == "1 is not a possible result of Bauer's (6,6): enter 2 to 12"


def test_an_impossible_choice_draw_lists_its_values() -> None:
    state = position("(X)? (20)", "(20) (20)", [[5, 20], [2, 20]], swing=({"X": 20}, {}))
    state = state.apply(Attack("Power", (0,), (0,)))
    assert state.awaiting is not None and state.awaiting.choices
    assert refusal(state, Roll(5)) == (
        f"5 is not a possible result of {state.awaiting.label}: enter one of 4, 6, 8, 10, 12, 20")
    tie = manual(("Avis", "Bauer"), ("(6)", "(6)"))
    tie = tie.apply(Roll(3)).apply(Roll(3))
    assert isinstance(tie, ButtonMenState)
    assert tie.awaiting is not None and tie.awaiting.choices == (0, 1)
    assert refusal(tie, Roll(2)).endswith(": enter 0 or 1")


def test_a_roll_with_nothing_to_roll_says_so() -> None:
    state = position("(20)", "(4)", [[5], [2]])
    assert refusal(state, Roll(3)) == "no die roll is awaited; enter a result only when asked for one"


# --- button specials in attack refusals ----------------------------------------------------


def test_skill_attacks_of_the_flying_squirrel_and_largo_name_the_button_rule() -> None:
    for name in ("The Flying Squirrel", "Largo"):
        state = roll_values(manual((name, "Bauer"), ("(4) (4)", "(8) (10)"), first_player=0), [[2, 4], [6, 9]])
        reason = refusal(state, Attack("Skill", (0, 1), (0,)))
        assert reason == f"{name} cannot make Skill attacks (a rule of this button)"


def test_skill_attacks_on_the_japanese_beetle_name_the_button_rule() -> None:
    state = manual(("Bauer", "The Japanese Beetle"), ("(4) (4)", "(8) (10)"), first_player=0)
    state = roll_values(state, [[2, 4], [6, 9]])
    assert refusal(state, Attack("Skill", (0, 1), (0,))) == (
        "The Japanese Beetle's dice cannot be Skill-attack targets (a rule of this button)")


def test_skill_attacks_on_an_insult_die_name_the_skill() -> None:
    state = position("(4) (4)", "I(10)", [[3, 4], [7]])
    reason = refusal(state, Attack("Skill", (0, 1), (0,)))
    assert reason == "I(10):7 is an Insult die: it cannot be a Skill-attack target"


def test_a_skill_attack_that_does_not_add_up_still_shows_the_sum() -> None:
    state = position("(4) (4)", "(8) (10)", [[2, 4], [7, 9]])
    assert refusal(state, Attack("Skill", (0, 1), (0,))) == (
        "a Skill attack needs the attacking dice to add up exactly to the target's value: (4):2, (4):4 make 6, "
        "(8):7 shows 7")


# --- swing and option sizes ----------------------------------------------------------------


def test_an_out_of_range_swing_size_names_the_letters_range() -> None:
    state = GAME.new(seed=0, buttons=("Avis", "Bauer"))
    assert refusal(state, ChooseSwing("X", 25)) == "swing X = 25: X swing dice are 4 to 20 sides"
    assert refusal(state, ChooseSwing("X", 3)) == "swing X = 3: X swing dice are 4 to 20 sides"
    assert refusal(state, ChooseSwing("Y", 5)) == "swing Y = 5: choose the size of your X swing dice now"


def test_an_impossible_option_size_names_both_sides() -> None:
    state = GAME.new(seed=0, recipes=("(2/20) (4)", "(6)"))
    assert refusal(state, ChooseOption(0, 5)) == "option die 1 = 5 sides: option die 1 is (2/20): choose 2 or 20"


def test_button_special_swing_limits_are_explained() -> None:
    state = GAME.new(seed=0, buttons=("Guillermo", "Bauer")).apply(ChooseSwing("X", 10))
    assert isinstance(state, ButtonMenState)
    letter = state.needed(0)[0]
    assert refusal(state, ChooseSwing(letter, 10)) == (
        f"swing {letter} = 10: Guillermo's swing letters must all have different sizes (X is 10)")
    gordo = GAME.new(seed=0, buttons=("Gordo", "Bauer")).apply(ChooseSwing("V", 8))
    assert isinstance(gordo, ButtonMenState)
    letter = gordo.needed(0)[0]
    assert refusal(gordo, ChooseSwing(letter, 8)).endswith(
        "Gordo's swing sizes must differ from each other and from every other die's size")


# --- the text view during a manual opening roll --------------------------------------------


def test_describe_shows_dice_not_yet_rolled_and_no_round_score() -> None:
    state = manual(("Avis", "Bauer"), ("(4) (8)", "(6)"))
    assert state.phase == "roll"
    text = state.describe()
    assert "showing 0" not in text and "Round score if it ended now" not in text
    assert text.count("not rolled yet") == 3
    assert "opening roll" in state.svg() and "points" not in state.svg()
    state = state.apply(Roll(3))
    assert isinstance(state, ButtonMenState)
    text = state.describe()
    assert "(4):3 (4 sides, showing 3)" in text and text.count("not rolled yet") == 2
    assert "Round score" not in text and state.not_rolled() == ([1], [0])
    state = roll_values(state, [[3, 5], [2]])
    assert "not rolled yet" not in state.describe() and "Round score if it ended now" in state.describe()
    assert state.not_rolled() == ([], [])


def test_describe_at_a_later_round_start_and_during_a_reroll() -> None:
    state = position("(4) (8)", "(6)", [[3, 5], [2]])
    state = play(state, Surrender())
    assert state.awaiting is not None and state.round_number == 2
    assert state.describe().count("not rolled yet") == 3 and "Round score" not in state.describe()
    mid = position("(4) (8)", "(20) (10)", [[3, 5], [2, 7]]).apply(Attack("Power", (0,), (0,)))
    assert isinstance(mid, ButtonMenState) and mid.awaiting is not None
    assert "not rolled yet" not in mid.describe() and "Round score if it ended now" in mid.describe()
