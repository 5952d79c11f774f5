"""Every refusal a player reads is a sentence naming its reason; a ruling id may only follow it (issue 23)."""

from __future__ import annotations

import re

import pytest
from bb_helpers import belgium, lesotho

from core.battle import GAME
from core.battle.actions import Attack, Choose, Pass, PickButton, ReportResult
from core.battle.model import Score
from core.battle.state import CampaignState
from core.buttonmen import ChooseSwing
from core.protocol import MODERATOR, Action, IllegalAction, SubAction

RULING = re.compile(r"\s*\(BB-\d\d\)")


def refusal(state: CampaignState, action: Action, actor: int | None) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action, actor)
    return str(refused.value)


def assert_sentence(text: str) -> None:
    words = RULING.sub("", text).split()
    assert len(words) >= 4, text
    assert not re.search(r"\w\(|player \d|game \d|territory \d", text), text   # no reprs, indices or seat numbers


def engine_battle() -> CampaignState:
    setup = [{"name": name, "armies": [{"button": button, "territory": territory}]}
             for name, button, territory in [("Ana", "Avis", "antwerp"), ("Ben", "Bauer", "limburg"),
                                             ("Cleo", "Coil", "namur")]]
    state = GAME.new(1, setup=setup, armies_per_player=1)
    return state.apply(Attack(0, 4), 0).apply(Pass(), 1).apply(Pass(), 2)


def test_order_refusals_name_their_reason() -> None:
    state = belgium()
    ann = state.names.index("Ann")
    cases = [Attack(99, 0), Attack(0, 99), Pass(), Choose(0, 0), ReportResult(0, 0, Score(3, 0)),
             PickButton("Avis")]
    cases += [Attack(origin, target) for origin in range(state.board.size) for target in range(state.board.size)
              if not state.is_legal(Attack(origin, target), ann)]
    for action in cases:
        assert_sentence(refusal(state, action, ann))


def test_pick_and_battle_refusals_name_their_reason() -> None:
    picks = GAME.new(6, players=3, button_picks="players", edition=2, pick_list=[
        {"name": n} for n in ("Avis", "Bauer", "Lucky", "Delia", "Kith", "Eiko", "Keegan")])
    for action in (PickButton("Gawaine"), Attack(0, 1)):
        assert_sentence(refusal(picks, action, 0))
    assert_sentence(refusal(picks.apply(PickButton("Avis"), 0), PickButton("Avis"), 1))
    battle = engine_battle()
    assert battle.actors == {0}
    for action in (SubAction(3, ChooseSwing("X", 4)), Attack(0, 4), Pass(), SubAction(0, ChooseSwing("Q", 4))):
        assert_sentence(refusal(battle, action, 0))
    assert refusal(battle, SubAction(3, ChooseSwing("X", 4)), 0) == "there is no Button Men battle 4 this round"


def test_reported_result_refusals_name_their_reason() -> None:
    state = lesotho()
    while state.phase == "orders":
        actor = min(state.actors)
        state = state.apply(state.legal_actions(actor)[0], actor)
    assert state.phase == "battles"
    for action in (ReportResult(40, 0, Score(3, 0)), ReportResult(0, 0, Score(2, 0)), Pass(), Attack(0, 1)):
        assert_sentence(refusal(state, action, MODERATOR))
