"""Battles as real Button Men matches: sub-games, streams per battle, typed dice, match records, views."""

from __future__ import annotations

import pytest
from bb_helpers import attack, belgium_setup, pass_

import core
from core.battle import GAME
from core.battle.bots import OrderBot
from core.battle.record import load_record, write_record
from core.bots import RandomBot
from core.buttonmen import ButtonMenState
from core.protocol import CHANCE, IllegalAction, SubAction


def engine(seed: int = 3, **options):
    options.setdefault("battle_max_wins", 1)
    state = GAME.new(seed, setup=belgium_setup(), **options)
    state = attack(state, "Ann", "antwerp", "flemish_brabant")
    state = attack(state, "Dan", "hainaut", "flemish_brabant")
    state = attack(state, "Cat", "walloon_brabant", "liege")
    state = attack(state, "Bob", "west_flanders", "hainaut")
    return pass_(state, "Eve")


def play_battles(state, order, seed: int = 0):
    """Play the open battles to the end, one battle at a time in ``order``, with random moves."""
    bot = RandomBot(seed)
    for index in order:
        while state.phase == "battles" and state.battles[index].result is None:
            match = state.matches[index]
            seat = min(match.actors)
            actor = CHANCE if seat == CHANCE else state.battles[index].players[seat]
            inner, inner_seat = state.subgame(index, actor)
            state = state.apply(SubAction(index, bot.choose(inner, inner_seat)), actor)
    return state


def test_subgame_gives_the_battle_and_the_seat() -> None:
    state = engine()
    assert state.phase == "battles"
    ann, cat = state.names.index("Ann"), state.names.index("Cat")
    match, seat = state.subgame(0, ann) or state.subgame(0, cat)
    assert isinstance(match, ButtonMenState) and match.buttons == ("Lucky", "Kith")
    assert match.options["max_wins"] == 1
    assert ann in state.actors or cat in state.actors
    for index, battle in enumerate(state.battles):
        for seat_number, player in enumerate(battle.players):
            found = state.subgame(index, player)
            if found is not None:
                assert found[1] == seat_number and found[0] is state.matches[index]
    assert state.subgame(0, state.names.index("Eve")) is None
    outsider = next(p for p in state.actors if p not in state.battles[0].players)
    with pytest.raises(IllegalAction, match=f"{state.names[outsider]} does not fight in battle 1"):
        state.apply(SubAction(0, match.legal_actions(min(match.actors))[0]), outsider)


def test_undo_takes_back_orders_but_not_dealt_battles() -> None:
    state = GAME.new(3, setup=belgium_setup(), battle_max_wins=1)
    state = attack(state, "Ann", "antwerp", "flemish_brabant")
    assert state.can_undo and state.undo() == GAME.new(3, setup=belgium_setup(), battle_max_wins=1)
    assert not engine().can_undo


def test_results_do_not_depend_on_the_order_battles_are_played() -> None:
    forward = play_battles(engine(), [0, 1, 2, 3])
    backward = play_battles(engine(), [3, 2, 1, 0])
    assert forward.past[0].battles == backward.past[0].battles
    assert forward.land == backward.land


def test_battle_record_is_the_matchs_own_record() -> None:
    state = play_battles(engine(), [0, 1, 2, 3])
    for index, battle in enumerate(state.past[0].battles):
        data = state.battle_record(1, index)
        assert data["game"] == "button-men"
        match = core.protocol.replay(data)
        assert match.is_over and match.winner == battle.result.winner
        assert battle.result.score.wins == match.options["max_wins"]


def test_engine_small_points_follow_bb14() -> None:
    state = play_battles(engine(battle_max_wins=2), [0, 1, 2, 3])
    for index, battle in enumerate(state.past[0].battles):
        match = core.protocol.replay(state.battle_record(1, index))
        w = battle.result.winner
        signed = sum(r.scores2[w] - r.scores2[1 - w] for r in match.rounds)
        assert battle.result.small_points == round(signed / 2)


def test_typed_dice_make_chance_an_actor() -> None:
    state = engine(battle_dice="manual")
    bot = RandomBot(1)
    while CHANCE not in state.actors:
        actor = min(state.actors)
        index = next(i for i in range(4) if state.subgame(i, actor))
        inner, inner_seat = state.subgame(index, actor)
        state = state.apply(SubAction(index, bot.choose(inner, inner_seat)), actor)
    match, seat = next(found for i in range(4) if (found := state.subgame(i, CHANCE)))
    assert seat == CHANCE and CHANCE in match.actors


def test_bot_campaign_replays_exactly_and_writes_a_record_with_matches() -> None:
    state = GAME.new(9, players=3, battle_max_wins=1)
    bots = [OrderBot(p, "random") for p in range(3)]
    while not state.is_over:
        actor = min(state.actors)
        state = state.apply(bots[actor].choose(state, actor), actor)
    again = core.protocol.replay(state.to_record())
    assert again == state and again.describe() == state.describe()
    written = write_record(state)
    assert all("match" in b for r in written["rounds"] for b in r["battles"] + r.get("tiebreaks", []))
    replayed = load_record(written)
    assert replayed.mismatches == [] and replayed.state.land == state.land


def test_views_hide_secret_swing_choices_from_the_record() -> None:
    state = engine(seed=4)
    assert state.public_length() <= len(state.history)
    state = GAME.new(1, setup=[{"name": p["name"], "armies": [{"button": "Avis", "territory": "antwerp"}]}
                               for p in belgium_setup()[:1]] + [
        {"name": "Bob", "armies": [{"button": "Bauer", "territory": "limburg"}]},
        {"name": "Cat", "armies": [{"button": "Delia", "territory": "liege"}]}], armies_per_player=1, battle_max_wins=1)
    state = attack(state, "Ann", "antwerp", "limburg")
    state = attack(state, "Bob", "limburg", "liege")
    state = pass_(state, "Cat")
    ann = state.names.index("Ann")
    match, seat = state.subgame(0, ann)
    swing = match.legal_actions(seat)[0]
    after = state.apply(SubAction(0, swing), ann)
    assert after.public_length() == len(state.history)
    assert len(after.to_record(public=True)["actions"]) == len(state.history)
