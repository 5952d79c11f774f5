"""Every page's new-game form asks before it ends a game in progress; a finished or untouched game goes at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from webapp.battle.moderator import ModeratorView
from webapp.battle.page import BattleView
from webapp.buttonmen.page import ButtonMenView
from webapp.buttonup.page import ButtonUpView
from webapp.fairsquare.page import FairSquareView
from webapp.imperio.page import ImperioView
from webapp.shell.game_page import GamePage
from webapp.shell.newgame import ENDS_GAME, StartGuard
from webapp.shell.session import Step

Form = Callable[[Any], Any]
"""The new-game form of a page's view (it has ``start()`` and ``guard``)."""

PAGES: dict[str, tuple[Callable[[], Any], Form]] = {
    "button-up": (ButtonUpView, lambda view: view.dialog),
    "imperio": (ImperioView, lambda view: view.form),
    "fairsquare": (FairSquareView, lambda view: view.dialog),
    "buttonmen": (ButtonMenView, lambda view: view.setup),
    "battle": (BattleView, lambda view: view.dialog),
    "battle-moderated": (ModeratorView, lambda view: view.moderator_form),
}
MODERATED_PLAYERS = """Irilyth: Horace @ Thaba-Tseka, Craptacular @ Qacha's Nek
Kaori: Gil @ Berea, New Jersey @ Leribe
ElihuRoot: Randy @ Mokhotlong, Death @ Butha-Buthe"""


def page_and_form(name: str) -> tuple[GamePage, Any]:
    make, form = PAGES[name]
    page = GamePage(make)
    page.session.scheduler = None
    shown = form(page.view)
    if name == "battle":
        shown.open()
    if name == "battle-moderated":
        shown.edition.value, shown.map.value = 2, "lesotho"
        shown.players.value, shown.order.value = MODERATED_PLAYERS, "Irilyth, Kaori, ElihuRoot"
    return page, shown


def play_one(page: GamePage) -> None:
    """One action by the people at the table."""
    session = page.session
    actor = min(session.human_actors)
    session.human_play(session.state.legal_actions(actor)[0], actor)


def question_shown(guard: StartGuard) -> bool:
    return guard.asking and guard._question.visible and ENDS_GAME in guard._question.objects[0].object


@pytest.mark.parametrize("name", PAGES)
def test_a_game_in_progress_is_kept_on_no_and_replaced_on_yes(name: str) -> None:
    page, form = page_and_form(name)
    play_one(page)
    playing = page.session.state
    assert page.session.in_progress
    form.start()
    assert question_shown(form.guard) and page.session.state is playing
    form.guard.answer(False)
    assert not form.guard.asking and not form.guard._question.visible and page.session.state is playing
    form.start()
    assert question_shown(form.guard)
    form.guard.answer(True)
    assert not form.guard.asking and page.session.state is not playing, form.guard.error.object
    assert not page.session.in_progress


@pytest.mark.parametrize("name", PAGES)
def test_an_untouched_game_is_replaced_at_once(name: str) -> None:
    page, form = page_and_form(name)
    before = page.session.state
    assert not page.session.in_progress
    form.start()
    assert not form.guard.asking and not form.guard._question.visible
    assert page.session.state is not before and form.guard.error.object == "", form.guard.error.object


def test_a_finished_game_is_replaced_at_once() -> None:
    page, form = page_and_form("button-up")
    page.session.new_game(["human", "human"], seed=3, target_score=1)
    state = page.session.state
    for _ in range(2000):
        if state.is_over:
            break
        state = state.apply(state.legal_actions()[0])
    assert state.is_over
    page.session.state = state
    page.session.steps = [Step(state, state.history[-1], state, 0)]
    assert not page.session.in_progress
    form.start()
    assert not form.guard.asking and page.session.state is not state and not page.session.state.is_over
