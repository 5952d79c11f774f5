"""Rulings checked directly through the API: pools and odds text, dice by hand, undo, views, rendering."""

from __future__ import annotations

import pytest
from ib_helpers import at, seeded

import core.imperio as ib
from core import replay
from core.imperio.board import NEIGHBOURS, SQUARES, distance
from core.imperio.combat import Pool
from core.imperio.state import ImperioState
from core.protocol import CHANCE, Action, IllegalAction, InputError


def act(state: ImperioState, notation: str) -> Action:
    for action in state.legal_actions():
        if str(action) == notation:
            return action
    raise AssertionError(f"{notation} not legal; legal: {[str(a) for a in state.legal_actions()]}")


def test_ib01_the_board_is_9_by_9_with_files_a_to_i() -> None:
    assert len(SQUARES) == 81 and ib.name(0) == "a1" and ib.name(80) == "i9" and ib.parse("e5") == 40
    assert all(ib.parse(ib.name(sq)) == sq for sq in SQUARES)
    assert len(NEIGHBOURS[40]) == 8 and len(NEIGHBOURS[0]) == 3
    for bad in ("j1", "a0", "a10", "", 5, None):
        with pytest.raises(InputError):
            ib.parse(bad)


def test_ib17_ib27_modifiers_stack_and_every_fighter_rolls_at_least_one_die() -> None:
    state = at({"d6": "K", "e7": "p"}, units={"e7": ["entrenched"]})
    (duel,) = state.duels(act(state, "Kd6xe7"))
    assert str(duel.attacker) == "Knight 3 − 1 adjacent − 1 against a pikeman = 1 die"
    assert str(duel.defender) == "Pikeman 2 + 1 entrenched + 2 against a knight = 5 dice"
    assert Pool("Footsoldier", 1, (("penalty", -3),)).dice == 1
    assert str(Pool("Footsoldier", 1, (("penalty", -3),))).endswith("= 1 die (at least 1)")


def test_odds_name_every_modifier_and_are_exact() -> None:
    state = at({"b3": "K", "f6": "a"})
    for step in ("Kb3-c4", "Kc4-d5", "Kd5-e5"):
        state = state.apply(act(state, step))
    odds = ib.odds(state, act(state, "Ke5xf6"))
    (duel,) = odds.duels
    assert f"{duel.duel.attacker} vs {duel.duel.defender}" == \
        "Knight 3 − 1 adjacent + 2 charge (3 steps) = 4 dice vs Archer 1 die"
    assert (duel.win, duel.tie, duel.loss) == ib.combat_odds(4, 1)
    assert "both die" in str(odds)


def test_shot_odds_include_the_splash_duels() -> None:
    state = at({"e3": "A", "e6": "k", "d7": "f", "f6": "K"})
    odds = ib.odds(state, act(state, "Ae3*e6"))
    assert [(d.duel.kind, d.duel.attacker.dice, d.duel.defender.dice) for d in odds.duels] == \
        [("shot", 3, 3), ("splash", 1, 4), ("splash", 1, 3)]
    assert all("lives" in d.tie_means for d in odds.duels)
    assert len(str(odds).splitlines()) == 3


def test_odds_refuse_moves_and_illegal_attacks() -> None:
    state = at({"d4": "K", "f6": "k"})
    with pytest.raises(IllegalAction):
        ib.odds(state, act(state, "Kd4-d5"))
    with pytest.raises(IllegalAction):
        ib.odds(state, ib.Attack("K", ib.parse("d4"), ib.parse("f6")))


def test_a_base_attack_tie_means_the_attacker_dies() -> None:
    state = at({"d4": "K", "e5": "b"})
    (duel,) = ib.odds(state, act(state, "Kd4xe5")).duels
    assert duel.tie_means == "the attacker dies"


def test_outcomes_enumerate_the_duels_exactly() -> None:
    state = at({"d4": "K", "e5": "f"})
    results = ib.outcomes(state, act(state, "Kd4xe5"))
    assert sum(p for p, _ in results) == pytest.approx(1)
    win = [p for p, s in results if s.board[ib.parse("e5")] is not None and s.board[ib.parse("e5")].owner == 0]
    assert win == [pytest.approx(float(ib.combat_odds(2, 1)[0]))]
    shot = at({"e3": "A", "e6": "k", "d7": "f", "f6": "K"})
    assert sum(p for p, _ in ib.outcomes(shot, act(shot, "Ae3*e6"))) == pytest.approx(1)
    assert len(ib.outcomes(shot, act(shot, "Ae3*e6"))) == 8


def test_manual_dice_pause_for_the_chance_actor() -> None:
    state = at({"d4": "K", "e5": "f"})
    state = state.apply(act(state, "Kd4xe5"))
    assert state.actors == frozenset({CHANCE}) and state.awaiting == "attack: Knight die 1 of 2"
    assert ib.Roll(7) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="type the result"):
        state.apply(ib.EndTurn(), CHANCE)
    for value in (6, 6):
        state = state.apply(ib.Roll(value))
    assert state.awaiting == "defence: Footsoldier die 1 of 1"
    state = state.apply(ib.Roll(1))
    assert state.to_move == 0 and state.board[ib.parse("e5")] is not None
    assert any("rolls 6+6 = 12" in e for e in state.events)


def test_undo_works_within_the_turn_up_to_the_first_die() -> None:
    state = seeded(at({"b3": "K", "e5": "f"}))
    moved = state.apply(act(state, "Kb3-c4"))
    assert moved.can_undo
    fought = moved.apply(act(moved, "Kc4-d4")).apply(ib.Attack("K", ib.parse("d4"), ib.parse("e5")))
    assert fought.rolls > 0 and not fought.can_undo


def test_a_record_replays_identically_and_undo_steps_back() -> None:
    state = ib.GAME.new(seed=5, setup="default_armies")
    state = state.apply(ib.ChooseRole("attacker"))
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    assert replay(state.to_record()) == state
    assert state.undo().history == state.history[:-1]


def test_why_illegal_names_the_rule() -> None:
    state = at({"b3": "K", "e7": "p", "g3": "A", "g6": "k", "g5": "f"}, spawning=True, reserves={"attacker": "F1"})
    state = state.apply(act(state, "spawn F@a2 from a1"))
    with pytest.raises(IllegalAction, match="IB-10"):
        state.apply(ib.Step("F", ib.parse("a2"), ib.parse("a3")))
    for step in ("Kb3-c4", "Kc4-d5", "Kd5-d6"):
        state = state.apply(act(state, step))
    with pytest.raises(IllegalAction, match="IB-16"):
        state.apply(ib.Step("K", ib.parse("d6"), ib.parse("c6")))
    with pytest.raises(IllegalAction, match="footsoldier"):
        state.apply(ib.Shot(ib.parse("g3"), ib.parse("g6")))


def test_ib04_a_setup_action_over_a_limit_names_the_limit() -> None:
    state = ib.GAME.new(seed=1, max_knights_start=1, max_knights_total=1, max_reserve=2).apply(
        ib.ChooseRole("attacker"))
    for unit, square in (("H", "e8"), ("B", "a8"), ("B", "i8"), ("K", "c8")):
        state = state.apply(ib.Place(unit, ib.parse(square)))
    with pytest.raises(IllegalAction, match=r"IB-04.*at most 1 knights on the board \(max_knights_start\)"):
        state.apply(ib.Place("K", ib.parse("d8")))
    state = state.apply(ib.Ready())
    with pytest.raises(IllegalAction, match=r"IB-04.*at most 1 knights in all \(max_knights_total\)"):
        state.apply(ib.AddReserve("K"))
    state = state.apply(ib.AddReserve("A")).apply(ib.AddReserve("F"))
    with pytest.raises(IllegalAction, match=r"IB-04.*at most 2 reserve units \(max_reserve\)"):
        state.apply(ib.AddReserve("P"))
    with pytest.raises(IllegalAction, match="^your units on the board are ready; now lay out reserve units"):
        state.apply(ib.Place("P", ib.parse("e5")))


def test_actions_from_a_selected_unit() -> None:
    state = at({"e3": "A", "e6": "k", "e4": "k"})
    actions = {str(a) for a in state.actions_from(ib.parse("e3"))}
    assert {"Ae3*e6", "Ae3xe4", "Ae3-d3"} <= actions
    assert all(str(a).startswith("Ae3") for a in actions)
    assert state.actions_from(ib.parse("e6")) == [] and state.actions_from(ib.parse("c5")) == []


def test_ib05_hidden_reserves_show_only_a_count() -> None:
    state = at({"c3": "K"}, reserves={"attacker": "K2 F3", "defender": "A4"}, options={"public_reserves": False})
    text = state.describe(0)
    assert "K×2, F×3" in text and "4 units (make-up hidden)" in text and "A×4" not in text
    assert "A×4" in state.describe(None)
    assert "A×4" in at({}, reserves={"defender": "A4"}).describe(0)


def test_describe_and_svg_show_the_position() -> None:
    state = ib.GAME.new(seed=1, setup="default_armies").apply(ib.ChooseRole("defender"))
    text = state.describe()
    assert "Turn 1: player 2 (red attacker) to act" in text
    assert " 2 K B A K H K A B K" in text and " 9 p f a f a p a f p" in text
    assert "pikemen a9 (entrenched)" in text and "Reserves: K×6, A×10, P×14, F×20." in text
    assert "Still able to act this turn:" in text
    svg = state.svg()
    assert svg.startswith("<svg") and svg.count("<rect") >= 81 + 6
    assert all(f">{f}</text>" in svg for f in "abcdefghi") and ">9</text>" in svg
    moved = state.apply(state.legal_actions()[-2])
    assert "action(s) left" in moved.describe() or "done this turn" in moved.describe()


def test_ib38_neither_side_able_to_act_ends_the_game_by_section_7() -> None:
    pieces = {f"{f}{r}": ("B" if r <= 5 else "b") for f in "abcdefghi" for r in range(1, 10)}
    pieces.update({"a1": "F", "i9": "f"})
    state = at(pieces, spares=False, start={"units": [3, 2], "reserves": [0, 0]})
    assert [str(a) for a in state.legal_actions()] == ["end"]
    over = state.apply(ib.EndTurn())
    assert over.winner_text() == "defender" and over.winner == 1
    assert over.outcome.reason == ("neither side can act (IB-38); "  # type: ignore[union-attr]
                                   "player 2 wins on fewer units deployed at the start")


def test_ib38_the_turn_limit_ends_the_game_with_a_winner_never_a_draw() -> None:
    state = ib.GAME.new(seed=3, setup="default_armies", turn_limit=2).apply(ib.ChooseRole("defender"))
    over = state.apply(ib.EndTurn()).apply(ib.EndTurn())
    assert over.is_over and over.winner is not None and over.turn == 3
    assert over.outcome.reason.startswith("the turn limit of 2 turns was reached (turn_limit, IB-38); ")  # type: ignore[union-attr]
    # both default armies deployed 15 units; the attacker keeps 50 reserves, the defender 50: more reserves left
    # (equal) and bases (equal) and both headquarters held leave the defender as the winner
    assert over.winner_text() == "defender" and over.outcome.reason.endswith(  # type: ignore[union-attr]
        "every criterion was equal, so the defender wins")


def test_knights_adjacent_only_fight_enemies() -> None:
    state = at({"d4": "K", "e5": "F"})
    assert not any(str(a) == "Kd4xe5" for a in state.legal_actions())
    assert distance(ib.parse("d4"), ib.parse("e5")) == 1



def test_hostile_action_json_is_refused_with_one_error() -> None:
    state = at({"d4": "K", "e5": "f"})
    for data in ({"do": "step", "from": "z9", "to": "d5"}, {"do": "attack"}, [], "end", None, {"do": "end", "x": 1},
                 {"do": "roll", "value": 3}, {"do": "step", "from": "d4", "to": "d6"}):
        with pytest.raises(IllegalAction):
            state.action_from_json(data)
    assert str(state.action_from_json({"do": "step", "from": "d4", "to": "d5"})) == "Kd4-d5"
    with pytest.raises(InputError):
        ib.GAME.new(seed=1, max_board_units=True)
    with pytest.raises(InputError):
        ib.GAME.new(seed=1, combat_dice_rule="max")
