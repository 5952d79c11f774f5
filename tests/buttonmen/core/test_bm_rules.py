"""Match flow, initiative, scoring, choices and options (rulebook sections 3-10, Rulings)."""

from __future__ import annotations

import json

import pytest
from bm_helpers import GAME, play, position, values

import core
from core.protocol import CHANCE, IllegalAction
from core.buttonmen import (
    Attack,
    Auxiliary,
    ChooseOption,
    ChooseSwing,
    Pass,
    Reserve,
    Roll,
    Surrender,
)
from core.buttonmen.conformance import roll_values
from core.buttonmen.dice import Die, captured_score2, kept_score2
from core.buttonmen.flow import initiative_winner
from core.buttonmen.state import ButtonMenState


def dice(*vals: int) -> list[Die]:
    return [Die("", (20,), v) for v in vals]


def test_new_game_api_and_every_ruling_option() -> None:
    names = {o.name for o in GAME.options}
    assert {"buttons", "recipes", "dice_source", "initiative_full_tie", "swing_reselect", "max_wins",
            "round_cap", "allow_surrender", "autopass", "default_attack", "fire_overshoot", "mood_resize_on",
            "time_and_space_on", "rage_copy_skills", "ornery_on_pass", "turbo_on", "stinger_min",
            "echo_mirror_recipe", "paper_specials", "tl_pool", "one_reaction_kind_per_step",
            "fire_exact"} <= names
    tie = next(o for o in GAME.options if o.name == "initiative_full_tie")
    assert tie.default == "random_first" and set(tie.choices) == {"random_first", "draw_round", "reroll"}
    state = core.get_game("button-men").new(seed=5, buttons=("Bauer", "Avis"))
    assert state.buttons == ("Bauer", "Avis") and state.phase == "swing" and state.to_move == 0
    with pytest.raises(ValueError, match="max_wins"):
        GAME.new(seed=1, max_wins=6)
    with pytest.raises(ValueError, match="position"):
        GAME.new(seed=1, recipes=("(4) (Q)", "(4)"))


def test_random_tl_buttons_are_drawn_from_the_seed() -> None:
    a, b = GAME.new(seed=11), GAME.new(seed=11)
    assert a.buttons == b.buttons
    assert len({GAME.new(seed=s).buttons for s in range(8)}) > 1


@pytest.mark.parametrize(("mine", "theirs", "first"), [
    ((1, 5), (2, 3), 0),          # lowest single value
    ((2, 3), (2, 4), 0),          # equal lowest values move to the next
    ((2, 3, 4), (2, 3), 0),       # all compared tie: more counted dice wins
    ((4,), (2, 3), 1),
])
def test_initiative_examples(mine: tuple[int, ...], theirs: tuple[int, ...], first: int) -> None:
    assert initiative_winner([dice(*mine), dice(*theirs)], (False, False)) == first


def test_initiative_exclusions_slow_button_and_complete_tie() -> None:
    trip = [Die("t", (4,), 1), Die("", (20,), 9)]
    assert initiative_winner([trip, dice(5)], (False, False)) == 1
    only_excluded = [Die("w", (4,), 1)]
    assert initiative_winner([only_excluded, dice(20)], (False, False)) == 1
    assert initiative_winner([only_excluded, dice(20)], (False, True)) == 0   # still beats Giant
    assert initiative_winner([dice(3), dice(3)], (True, True)) is None
    assert initiative_winner([dice(3, 4), dice(3, 4)], (False, False)) is None


def test_complete_tie_options() -> None:
    state = GAME.new(seed=0, recipes=("(6) (6)", "(6) (6)"), dice_source="manual")
    for v in (2, 3, 2, 3):
        state = state.apply(Roll(v))
    assert state.awaiting is not None and state.awaiting.choices == (0, 1)   # a drawn first player
    state = state.apply(Roll(1))
    assert state.initiative == 1 and state.to_move == 1
    drawn = GAME.new(seed=0, recipes=("(6) (6)", "(6) (6)"), dice_source="manual",
                     initiative_full_tie="draw_round")
    for v in (2, 3, 2, 3):
        drawn = drawn.apply(Roll(v))
    assert drawn.rounds[0].winner is None and drawn.match_score[0] == (0, 0, 1)
    again = GAME.new(seed=0, recipes=("(6)", "(6)"), dice_source="manual", initiative_full_tie="reroll")
    again = play(again, Roll(2), [2])
    assert again.awaiting is not None and again.awaiting.die == 0 and again.awaiting.player == 0
    again = play(again, Roll(1), [5])
    assert again.initiative == 0


def test_score_formula_per_die() -> None:
    plain, poison = Die("", (10,), 3), Die("p", (10,), 3)
    value, pv, null = Die("v", (10,), 3), Die("pv", (10,), 3), Die("np", (10,), 3)
    assert (kept_score2(plain), captured_score2(plain)) == (10, 20)
    assert (kept_score2(poison), captured_score2(poison)) == (-20, -10)
    assert (kept_score2(value), captured_score2(value)) == (3, 6)
    assert (kept_score2(pv), captured_score2(pv)) == (-6, -3)
    assert (kept_score2(null), captured_score2(null)) == (0, 0)
    assert kept_score2(Die("`", (6,), 6)) == 0


def test_scores_keep_half_points_exactly() -> None:
    state = position("(5) (X)", "(20)", [[1, 1], [3]], swing=({"X": 7}, {}))
    assert state.round_scores == (6.0, 10.0) and state.doubled_scores == (12, 20)
    state = position("(5) (X)", "(20)", [[1, 1], [3]], swing=({"X": 8}, {}))
    assert state.round_scores == (6.5, 10.0)
    assert state.side_score == round(2 / 3 * (6.5 - 10), 1)


def test_swing_choice_is_secret_and_resampled() -> None:
    state = GAME.new(seed=3, recipes=("(4) (X)", "(6) (Y)"))
    state = state.apply(ChooseSwing("X", 17))
    assert state.to_move == 1 and state.legal_actions()[0] == ChooseSwing("Y", 1)
    assert "17" not in state.describe(viewer=1) and "X=17" in state.describe(viewer=0)
    seen = {dict(state.determinize(1, s).chosen[0])["X"] for s in range(20)}
    assert len(seen) > 3 and all(4 <= x <= 20 for x in seen)
    with pytest.raises(IllegalAction):
        state.apply(ChooseSwing("Y", 21))


def test_option_dice_choose_each_side_independently() -> None:
    state = GAME.new(seed=1, recipes=("(2/20) (4/8)", "(6)"))
    assert state.legal_actions() == [ChooseOption(0, 2), ChooseOption(0, 20)]
    state = state.apply(ChooseOption(0, 20))
    assert state.legal_actions() == [ChooseOption(1, 4), ChooseOption(1, 8)]
    state = state.apply(ChooseOption(1, 4))
    assert state.phase == "attack" and [d.size for d in state.dice[0]] == [20, 4]


def test_only_the_loser_rechooses_and_draw_keeps_both() -> None:
    state = position("(X)", "(Y)", [[3], [2]], swing=({"X": 10}, {"Y": 5}))
    state = play(state, Surrender())
    assert state.rounds[-1].winner == 1 and state.needed(0) == ["X"] and state.needed(1) == []
    assert state.kept_choices(1) == {"Y": 5}
    both = position("(X)", "(Y)", [[3], [2]], swing=({"X": 10}, {"Y": 5}), swing_reselect="both_players")
    both = play(both, Surrender())
    assert both.needed(0) == ["X"] and both.needed(1) == ["Y"]


def test_two_passes_end_the_round_and_any_attack_resets_the_counter() -> None:
    state = position("(1)", "s(20)", [[1], [20]])
    assert state.attack_types() == ["Pass"]
    state = play(state, Pass())
    assert state.passes == 1 and state.to_move == 1
    state = play(state, Pass())
    assert state.rounds[-1].scores == (0.5, 10.0) and state.rounds[-1].winner == 1


def test_mandatory_attack_forbids_pass_and_illegal_actions_change_nothing() -> None:
    state = position("(20) (4)", "(6) (8)", [[10, 2], [5, 7]])
    assert "Pass" not in state.attack_types()
    with pytest.raises(IllegalAction, match="must attack"):
        state.apply(Pass())
    with pytest.raises(IllegalAction):
        state.apply(Attack("Power", (1,), (0,)))
    with pytest.raises(IllegalAction, match="no dice selected"):
        state.apply(Surrender((0,), (1,)))
    assert state.to_move == 0 and values(state) == [[10, 2], [5, 7]]


def test_surrender_option_and_winner_regardless_of_score() -> None:
    state = position("(20) (20)", "(4)", [[1, 1], [4]], first=0)
    after = play(state, Surrender())
    assert after.rounds[-1].winner == 1 and after.rounds[-1].surrendered == 0
    blocked = position("(20) (20)", "(4)", [[1, 1], [4]], first=0, allow_surrender=False)
    assert Surrender() not in blocked.legal_actions()


def test_match_ends_at_max_wins_and_round_cap_cancels() -> None:
    state = position("(4)", "(4)", [[1], [2]], max_wins=1)
    state = play(state, Surrender())
    assert state.is_over and state.winner == 1 and state.match_score == ((0, 1, 0), (1, 0, 0))
    capped = position("(4)", "(4)", [[2], [2]], first=None, initiative_full_tie="draw_round", round_cap=1)
    assert capped.is_over and capped.cancelled and capped.winner is None


def test_autopass_never_on_first_turn() -> None:
    state = position("(1)", "s(20) (4)", [[1], [20, 4]], autopass=True)
    assert state.to_move == 0 and state.attack_types() == ["Pass"]
    state = play(state, Pass())
    state = play(state, Attack("Power", (1,), (0,)))     # takes the last die: no reroll (our ruling BM-R1)
    assert state.rounds and state.rounds[-1].winner == 1


def test_reserve_die_offered_to_the_loser() -> None:
    state = position("(4) r(X)", "(6)", [[1], [2]], max_wins=3)
    state = play(state, Surrender())
    assert state.phase == "reserve" and state.to_move == 0
    assert state.legal_actions() == [Reserve(1), Reserve(None)]
    state = state.apply(Reserve(1))
    assert state.recipes[0] == "(4) (X)" and state.phase == "swing" and state.needed(0) == ["X"]
    state = state.apply(ChooseSwing("X", 9))
    assert state.awaiting is not None
    state = play(state, Roll(1), [9, 3])
    assert [d.size for d in state.dice[0]] == [4, 9]


def test_auxiliary_dice_join_only_if_both_add() -> None:
    state = GAME.new(seed=0, recipes=("(4) (8) +(6)", "(10) (12)"))
    assert state.phase == "auxiliary" and state.recipes[1] == "(10) (12) +(6)"
    both = state.apply(Auxiliary(True)).apply(Auxiliary(True))
    assert both.recipes == ("(4) (8) (6)", "(10) (12) (6)") and len(both.dice[0]) == 3
    one = state.apply(Auxiliary(True)).apply(Auxiliary(False))
    assert one.recipes == ("(4) (8)", "(10) (12)")


def test_records_replay_and_undo_never_cross_a_draw() -> None:
    state: core.State = GAME.new(seed=9, buttons=("Bauer", "Avis"))
    from core.bots import make_bot

    bot = make_bot(GAME, "random", 2)
    for _ in range(25):
        if state.is_over:
            break
        state = state.apply(bot.choose(state))
    assert core.replay(state.to_record()) == state
    assert core.replay(json.loads(json.dumps(state.to_record()))) == state
    fresh = GAME.new(seed=9, buttons=("Bauer", "Avis"))
    chosen = fresh.apply(ChooseSwing("X", 12))
    assert chosen.can_undo and chosen.undo() == fresh


def test_describe_svg_and_log() -> None:
    state = position("p(X) (6)", "(20)", [[3, 6], [5]], swing=({"X": 10}, {}))
    text = state.describe()
    assert "p(X=10):3" in text and "Poison" in text and "Player 1 to move" in text
    assert state.svg().startswith("<svg") and "p(X=10)" in state.svg()
    after = play(state, Attack("Power", (1,), (0,)), [2])
    line = next(x for x in after.log if "Power attack" in x)
    assert "(20):5" in line and after.rounds[0].scores == (-10 + 3 + 20, 0)


def test_evaluate_is_bounded_and_rewards_the_leader() -> None:
    state = position("(20) (20)", "(4)", [[1, 1], [4]])
    ahead = GAME.evaluate(state, 0)
    assert 0.5 < ahead <= 1 and abs(GAME.evaluate(state, 1) - (1 - ahead)) < 1e-9


def test_manual_dice_are_typed_by_chance_for_the_owner() -> None:
    state = GAME.new(seed=0, recipes=("(4)", "(6,6)"), dice_source="manual")
    assert state.phase == "roll" and state.actors == {CHANCE} and state.roller == 0
    assert [a.to_json() for a in state.legal_actions()] == [{"roll": v} for v in range(1, 5)]
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        state.apply(Roll(2), 0)    # no player, and so no bot, picks its own dice
    state = state.apply(Roll(2))
    assert state.roller == 1 and state.legal_actions()[0] == Roll(2) and state.legal_actions()[-1] == Roll(12)
    assert isinstance(state, ButtonMenState)


def test_a_capture_that_ends_the_round_asks_for_no_reroll_that_cannot_matter() -> None:
    state = position("(4) o(8)", "(20)", [[3, 5], [2]])
    after = play(state, Attack("Power", (0,), (0,)))
    assert after.rounds[-1].scores == (26.0, 0.0) and after.round_number == 2
    assert after.awaiting is not None and after.awaiting.label == "Player 1's (4)"   # round 2's opening roll
    assert "attacker now (4) (not rerolled: the round is over)" in next(x for x in after.log if "Power" in x)
    boom = play(position("b(4)", "(20) (10)", [[3], [2, 7]]), Attack("Boom", (0,), (0,)))
    assert boom.rounds[-1].scores == (0.0, 15.0) and boom.round_number == 2


def test_rolls_that_still_matter_at_round_end_are_made() -> None:
    value = position("v(4) (8)", "(20)", [[3, 5], [2]])
    value = value.apply(Attack("Power", (0,), (0,)))
    assert value.awaiting is not None and value.awaiting.label == "Player 1's v(4)"
    value = play(value, Roll(1))
    assert value.rounds[-1].scores2 == (2 * 2 + 1 + 8, 0)
    mood = position("(X)? (8)", "(20)", [[3, 5], [2]], swing=({"X": 10}, {}))
    mood = mood.apply(Attack("Power", (0,), (0,)))
    assert mood.awaiting is not None and mood.awaiting.choices        # the new size still counts
    mood = play(mood, Roll(4))
    assert mood.rounds[-1].scores == (2 + 4 + 20, 0.0)


def test_the_seeded_stream_skips_the_same_rolls_as_manual_dice() -> None:
    for seed in range(5):
        state = GAME.new(seed=seed, recipes=("(20) o(20)", "(1)"), first_player=0, max_wins=1)
        assert isinstance(state, ButtonMenState) and state.to_move == 0
        after = state.apply(Attack("Power", (0,), (0,)))
        assert after.is_over and after.rng == state.rng
        passing = GAME.new(seed=seed, recipes=("o(6)", "so(20)"), first_player=0, max_wins=1,
                           ornery_on_pass=True, dice_source="manual")
        assert isinstance(passing, ButtonMenState)
        passing = roll_values(passing, [[1], [20]])
        passing = play(play(passing, Pass(), [4]), Pass())       # the second pass ends the round: no reroll
        assert passing.is_over and passing.rounds[-1].scores == (3.0, 10.0)


def test_a_finished_round_keeps_both_sides_final_dice() -> None:
    state = GAME.new(seed=5, recipes=("(4) (6)", "(8)"), first_player=0, max_wins=2)
    while len(state.rounds) < 1:
        state = state.apply(state.legal_actions()[0])
    end = state.rounds[0]
    assert sum(len(side) for side in end.dice) + sum(len(side) for side in end.captured) == 3
    assert all(d.value >= 1 for side in end.dice for d in side)
    doubled = [sum(d.size for d in end.dice[p]) + 2 * sum(d.size for d in end.captured[p]) for p in (0, 1)]
    assert tuple(doubled) == end.scores2
