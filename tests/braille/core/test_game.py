"""The braille variant as a game: the rulebook's rulings and examples, on the real engine."""

from __future__ import annotations

import random

import pytest

import core
from core.bots import make_bot
from core.braille import speech
from core.braille.options import recipe
from core.braille.state import BrailleState, roll_action, seat_table
from core.braille.table import SIZES
from core.buttonmen.actions import Attack, Pass, Roll, Surrender
from core.buttonmen.recipe import parse_recipe
from core.protocol import CHANCE, IllegalAction, State

GAME = core.get_game("button-man-braille")
EN = speech.Voice("en")
NAMES = ("Anna", "Bob")


def rolled(values: list[int], **options: object) -> BrailleState:
    """A new manual-dice match whose opening roll is ``values`` (Anna's five, then Bob's)."""
    state = GAME.new(seed=1, dice_source="manual", **options)  # type: ignore[arg-type]
    for v in values:
        state = state.apply(Roll(v))
    assert isinstance(state, BrailleState)
    return state


def attack(state: State, kind: str, attackers: tuple[int, ...], target: int) -> Attack:
    found = [a for a in state.legal_actions()
             if isinstance(a, Attack) and a.kind == kind and a.attackers == attackers and a.targets == (target,)]
    assert found, f"{kind} {attackers} -> {target} is not legal"
    return found[0]


# Anna d3 3, d4 3, twin 10, A 6, B 6; Bob d3 2, d4 4, twin 9, A 5, B 1: Bob's 1 is lowest, Bob begins.
EXAMPLE = [3, 3, 10, 6, 6, 2, 4, 9, 5, 1]


def test_registered_with_the_rulebook_defaults() -> None:
    # a preset of the engine with plain dice only: the engine's version 3 changed skills and
    # wildcards alone, so the variant's records keep replaying under its version 2
    assert GAME.rules_version == "2" and core.get_game("button-men").rules_version == "3"
    assert all(not spec.skills and not spec.wildcard for spec in parse_recipe(recipe(2)))
    options = dict(GAME.new(seed=0).options)
    assert options == {
        "braille_d6_per_player": 2, "initiative_full_tie": "draw_round", "must_attack": True,
        "max_wins": 3, "round_cap": 200, "dice_source": "rng", "announce_language": "en",
        "braille_cells": False, "braille_code": "de",
    }
    with pytest.raises(ValueError, match="braille_d6_per_player"):
        GAME.new(seed=0, braille_d6_per_player=3)


@pytest.mark.parametrize(("count", "sizes"), [(2, [3, 4, 12, 6, 6]), (1, [3, 4, 12, 6])])
def test_each_player_has_the_fixed_dice(count: int, sizes: list[int]) -> None:
    state = GAME.new(seed=5, braille_d6_per_player=count)
    assert isinstance(state, BrailleState)
    assert state.inner.recipes == (recipe(count), recipe(count))
    for p in (0, 1):
        assert [d.size for d in state.dice[p]] == sizes
        twin = state.dice[p][2]
        assert twin.is_twin and 2 <= twin.value <= 12
    assert [d.slot for d in seat_table(state, NAMES).dice[0]] == ["d3", "d4", "twin", "A", "B"][: 3 + count]


def test_only_power_and_multi_die_skill_attacks_no_surrender() -> None:
    for seed in range(30):
        state = GAME.new(seed=seed)
        for action in state.legal_actions():
            assert not isinstance(action, Surrender)
            if isinstance(action, Attack):
                assert action.kind in ("Power", "Skill")
                assert action.kind == "Power" or len(action.attackers) >= 2
        engine_attacks = [a for a in state.inner.legal_actions() if isinstance(a, Attack)]
        mine = [a for a in state.legal_actions() if isinstance(a, Attack)]
        assert mine == [a for a in engine_attacks if a.kind == "Power" or len(a.attackers) >= 2]


def test_initiative_lowest_value_then_next_lowest() -> None:
    assert rolled(EXAMPLE).to_move == 1
    # equal lowest (1), next lowest decides: Anna 1,2,.. beats Bob 1,3,..
    assert rolled([1, 2, 12, 6, 6, 1, 3, 12, 6, 6]).to_move == 0


def test_complete_initiative_tie_draws_the_round() -> None:
    same = [1, 2, 7, 3, 4]
    state = rolled(same + same)
    assert state.round_number == 2 and state.match_score[0] == (0, 0, 1) and state.full_ties == (1,)
    assert seat_table(state, NAMES).rounds[0].full_tie
    again = rolled(same + same, initiative_full_tie="reroll")
    assert again.round_number == 1 and again.inner.awaiting is not None  # every die is rolled again
    coin = rolled(same + same, initiative_full_tie="random_first")
    assert coin.inner.awaiting is not None and coin.inner.awaiting.choices == (0, 1)
    assert seat_table(coin, NAMES).coin_toss and roll_action(coin, 3) is None
    toss = roll_action(coin, 2)  # typed "2": Bob begins
    assert toss is not None and coin.apply(toss).to_move == 1


def test_attacking_is_mandatory_and_passing_only_without_attack() -> None:
    state = rolled(EXAMPLE)
    with pytest.raises(IllegalAction, match="BR-04"):
        state.apply(Pass())
    loose = rolled(EXAMPLE, must_attack=False)
    assert Pass() in loose.legal_actions() and any(isinstance(a, Attack) for a in loose.legal_actions())
    after = loose.apply(Pass())
    assert after.to_move == 0 and after.inner.passes == 1
    assert core.replay(after.to_record()) == after


def test_one_die_skill_attack_is_refused_with_the_ruling() -> None:
    state = rolled(EXAMPLE)
    with pytest.raises(IllegalAction, match="BR-05"):
        state.apply(Attack("Skill", (2,), (2,)))  # twin 9 alone on ... any target
    with pytest.raises(IllegalAction, match=r"^Player 1's twin shows 2 to 12; 13 is not possible \(BR-13\)\.$"):
        rolled(EXAMPLE[:2]).apply(Roll(13))


def test_refusals_speak_the_announce_language() -> None:
    german = rolled(EXAMPLE, announce_language="de")
    with pytest.raises(IllegalAction, match=r"^Du musst angreifen, solange ein Angriff möglich ist; .* \(BR-04\)\.$"):
        german.apply(Pass())
    with pytest.raises(IllegalAction, match=r"^Eine Skill Attack braucht zwei oder mehr Würfel; .* \(BR-05\)\.$"):
        german.apply(Attack("Skill", (2,), (2,)))
    with pytest.raises(IllegalAction, match=r"^Der Zwilling von Spieler 1 zeigt 2 bis 12; 13 ist nicht möglich \(BR-"):
        rolled(EXAMPLE[:2], announce_language="de").apply(Roll(13))
    with pytest.raises(IllegalAction, match=r"^Gib zuerst das Ergebnis für den W3 von Spieler 2 ein \(BR-13\)\.$"):
        rolled(EXAMPLE[:5], announce_language="de").apply(Pass())
    with pytest.raises(IllegalAction, match=r"^Type the result of Player 2's d3 first \(BR-13\)\.$"):
        rolled(EXAMPLE[:5]).apply(Pass())
    coin = rolled([1, 2, 7, 3, 4] * 2, initiative_full_tie="random_first", announce_language="de")
    with pytest.raises(IllegalAction, match=r"^Der Münzwurf entscheidet, wer beginnt: .* \(BR-03\)\.$"):
        coin.apply(Roll(5))
    finished = GAME.new(seed=2, max_wins=1, announce_language="de")
    bot = make_bot(GAME, "random", seed=1)
    while not finished.is_over:
        finished = finished.apply(bot.choose(finished))
    with pytest.raises(IllegalAction, match="^Die Partie ist vorbei"):
        finished.apply(finished.history[-1])


def test_table_module_is_not_shadowed_by_a_function() -> None:
    import inspect

    import core.braille
    import core.braille.table

    assert inspect.ismodule(core.braille.table) and core.braille.seat_table is seat_table


def test_rulebook_power_attack_example_and_announcement() -> None:
    before = rolled(EXAMPLE)
    power = attack(before, "Power", (2,), 1)  # Bob's twin 9 takes Anna's d4 showing 3
    pending = before.apply(power)
    assert pending.actors == {CHANCE} and pending.inner.roller == 1  # Bob rolls his twin by hand
    after = pending.apply(Roll(5))
    first, last = seat_table(before, NAMES), seat_table(after, NAMES)
    chosen = next(a for a in first.attacks if a.action == power)
    assert speech.change(first, chosen, last, EN)[:2] == [
        "Bob, Power Attack: twin 9 takes Anna's d4 showing 3.",
        "Bob rerolls the twin: now 5.",
    ]
    # the page announces the same in two steps with typed dice
    middle = seat_table(pending, NAMES)
    assert speech.change(first, chosen, middle, EN)[1] == "Bob rerolls the twin."
    assert speech.change(middle, None, last, EN)[0] == "Bob's twin now shows 5."
    assert [d.slot for d in middle.dice[0]] == ["d3", "twin", "A", "B"]
    assert after.captured[1][0].size == 4 and after.doubled_scores == (31 - 4, 31 + 8)


def test_attack_list_order_is_br14() -> None:
    lines = speech.attack_list(seat_table(rolled(EXAMPLE), NAMES), EN)
    assert lines[1] == "1. Power: your twin showing 9 takes Anna's braille A showing 6."
    items = lines[1:]
    power = [i for i, line in enumerate(items) if "Power:" in line]
    skill = [i for i, line in enumerate(items) if "Skill:" in line]
    assert power and skill and max(power) < min(skill)
    assert "Skill: your twin showing 9 + braille B showing 1 take Anna's twin showing 10." in items[skill[0]]
    dice_counts = [items[i].count(" + ") for i in skill]
    assert dice_counts == sorted(dice_counts)


def test_scores_in_half_points_never_rounded() -> None:
    state = rolled(EXAMPLE)
    assert state.doubled_scores == (31, 31) and state.round_scores == (15.5, 15.5)
    rng = random.Random(4)
    for seed in range(15):
        s = GAME.new(seed=seed)
        while not s.is_over:
            now = seat_table(s, NAMES)
            for p in (0, 1):
                kept = sum(SIZES[d.slot] for d in now.dice[p])
                taken = sum(2 * SIZES[d.slot] for d in now.captured[p])
                assert now.doubled[p] == kept + taken == s.doubled_scores[p]
            assert sum(now.doubled) <= 93 + 31  # 46.5 for a clean sweep
            s = s.apply(rng.choice(s.legal_actions()))
        assert s.winner is not None and s.match_score[s.winner][0] == 3
        for r in s.inner.rounds:
            assert r.winner == (None if r.scores2[0] == r.scores2[1] else int(r.scores2[1] > r.scores2[0]))


def test_round_ends_at_once_when_a_player_has_no_dice_or_after_two_passes() -> None:
    """BR-06: every round ends by two passes in a row or by a capture that empties a side."""
    choose = random.Random(2)
    for seed in range(12):
        state = GAME.new(seed=seed)
        while len(state.inner.rounds) == 0:
            before = state
            state = state.apply(choose.choice(state.legal_actions()))
        assert isinstance(before, BrailleState)
        last = state.history[-1]
        if isinstance(last, Pass):
            assert before.inner.passes == 1
        else:
            target = last.targets[0]  # type: ignore[attr-defined]
            assert target == 0 and len(before.dice[1 - before.inner.mover]) == 1  # type: ignore[operator]


def test_max_wins_and_round_cap() -> None:
    state = GAME.new(seed=2, max_wins=1)
    bot = make_bot(GAME, "random", seed=1)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    assert state.winner is not None and state.match_score[state.winner][0] == 1
    same = [2, 2, 2, 2, 2]
    capped = rolled(same + same, round_cap=1)
    assert capped.is_over and capped.inner.cancelled and capped.winner is None
    assert "cancelled" in speech.change(seat_table(rolled(same + same[:4], round_cap=1), NAMES), None,
                                        seat_table(capped, NAMES), EN)[-1]


def test_records_replay_and_undo_stops_at_rolls() -> None:
    state = GAME.new(seed=9, must_attack=False)
    bot = make_bot(GAME, "random", seed=3)
    for _ in range(25):
        if state.is_over:
            break
        state = state.apply(bot.choose(state))
        assert not state.can_undo or isinstance(state.history[-1], Pass)
    assert core.replay(state.to_record()) == state


def test_describe_and_svg_speak_the_chosen_language() -> None:
    state = GAME.new(seed=3, announce_language="de", braille_cells=True, braille_code="ueb")
    text = state.describe()
    assert text.startswith("Spieler 1: W3 zeigt 1 ⠼⠁;")
    assert "fünfzehneinhalb ⠼⠁⠑⠲⠑" in text
    picture = state.svg()
    assert picture.startswith("<svg") and "<title>Spieler 1: W3 zeigt 1;" in picture


@pytest.mark.parametrize("source", ["rng", "manual"])
def test_agrees_with_the_button_men_engine(source: str) -> None:
    """Same dice, same actions: the variant and the engine reach the same positions."""
    engine_game = core.get_game("button-men")
    choose = random.Random(11)
    for seed in range(6):
        mine = GAME.new(seed=seed, dice_source=source)
        theirs = engine_game.new(seed=seed, recipes=(recipe(), recipe()), dice_source=source,
                                 initiative_full_tie="draw_round")
        assert isinstance(mine, BrailleState)
        steps = 0
        while not mine.is_over and steps < 400:
            legal = mine.legal_actions()
            engine_legal = theirs.legal_actions()
            assert (Pass() in legal) == (Pass() in engine_legal)
            action = choose.choice(legal)
            assert action in engine_legal
            mine, theirs = mine.apply(action), theirs.apply(action)
            assert isinstance(mine, BrailleState)
            assert mine.inner.dice == theirs.dice and mine.inner.captured == theirs.captured
            assert mine.doubled_scores == theirs.doubled_scores
            assert mine.match_score == theirs.match_score and mine.to_move == theirs.to_move
            steps += 1
        assert mine.is_over == theirs.is_over and mine.winner == theirs.winner
        assert mine.scores == theirs.scores


def round_ending_attack_with_typed_dice() -> tuple[BrailleState, BrailleState]:
    """Typed dice, every reroll a 3, until an attack ends round 1: the positions before and after.

    The last step is the round-ending attack itself, or the typed reroll that completes it if the
    engine asks for the attacker's reroll first.  After it the engine, having scored round 1,
    waits for round 2's opening roll.
    """
    state = rolled([2, 2, 2, 2, 2, 3, 3, 5, 3, 5])
    while True:
        if Pass() in state.legal_actions():
            state = state.apply(Pass())
            continue
        before, state = state, state.apply(next(a for a in state.legal_actions() if isinstance(a, Attack)))
        if not state.inner.rounds and state.inner.awaiting is not None:
            before, state = state, state.apply(Roll(3))
        if state.inner.rounds:
            assert isinstance(before, BrailleState) and isinstance(state, BrailleState)
            return before, state


def test_typed_dice_after_a_round_ending_attack_show_the_new_round() -> None:
    before, after = round_ending_attack_with_typed_dice()
    assert after.inner.round_number == 2 and after.inner.awaiting is not None
    assert after.inner.pending is not None  # the engine still holds the attack that ended round 1
    now = seat_table(after, NAMES)
    assert [len(now.dice[p]) for p in (0, 1)] == [5, 5] and now.captured == ((), ())
    assert all(d.value is None for p in (0, 1) for d in now.dice[p])
    assert now.doubled == (31, 31)  # a fresh round, nothing captured yet
    text = after.describe()
    assert "Player 1 has captured nothing." in text and "Player 2 has captured nothing." in text
    assert "?" not in text and "Round 2, if it ended now: Player 1 fifteen and a half, " \
        "Player 2 fifteen and a half." in text
    assert after.svg().count(">?</text>") == 10 and ">-</text>" not in after.svg()
    first = seat_table(before, NAMES)
    chosen = next((a for a in first.attacks if a.action == after.history[-1]), None)
    said = speech.change(first, chosen, now, EN)
    assert any(line.startswith("Round 1 ends:") for line in said) and "Round 2." in said
    assert said[-1] == "Anna, roll your d3 and type the result (1 to 3)."
    assert len(said[said.index("Round 2.") + 1].split("waits for a roll")) == 6  # all five dice
    done = after
    for v in [2, 2, 2, 2, 2, 3, 3, 5, 3, 5]:
        done = done.apply(Roll(v))
    assert seat_table(done, NAMES).doubled == done.doubled_scores == (31, 31)


def test_scores_key_after_the_match_says_the_result() -> None:
    state = GAME.new(seed=2, max_wins=1)
    bot = make_bot(GAME, "random", seed=1)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    winner = state.winner
    assert winner is not None
    lines = speech.scores(seat_table(state, NAMES), EN)
    assert lines[0] == f"{NAMES[winner]} wins the match, 1 round to 0."
    assert not any("if it ended now" in line for line in lines)
