"""The generic page in Chromium against ``panel serve``: Button Up! through the generic module (the page every
game has before its own board), opened on a seeded deal against an untimed bot and played by clicking."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from core.buttonup import ButtonUpState
from tests.browser import address_state, grows, live, open_app, seeded_link, status, wait_for_state
from webapp.shell.session import HUMAN
from webapp.shell.widgets import default_label

pytestmark = pytest.mark.browser

SEATS = [HUMAN, "greedy"]
TITLE = re.compile(r"<title>(.*?)</title>")


def moves(page: Page) -> Locator:
    return page.get_by_role("group", name="Your moves").get_by_role("button")


def log_items(page: Page) -> Locator:
    return page.locator("ol[reversed] li")


def mine(state: ButtonUpState) -> bool:
    """Player 1 (the person) is to act, or the game is over."""
    return state.is_over or state.to_move == 0


def shows(page: Page, state: ButtonUpState) -> None:
    """The page shows ``state`` as player 1 sees it: core's picture (its title) and text, and its moves."""
    title = TITLE.search(state.svg(0))
    assert title is not None
    expect(page.locator(".rb-picture svg title")).to_have_text(title.group(1))
    expect(live(page)).to_contain_text(state.describe(0).splitlines()[0])
    expect(moves(page)).to_have_text([default_label(a) for a in state.legal_actions(0)] if not state.is_over else [])


def test_button_up_is_played_by_clicking_on_its_generic_page(page: Any, panel_serve: Callable[[str], str]) -> None:
    page.set_default_timeout(30_000)
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_app(page, seeded_link(panel_serve("button-up"), "button-up", 5, SEATS), "Button Up!, round 1")
    expect(status(page)).to_have_text("Player 1: your move.")
    state = address_state(page, ButtonUpState)
    shows(page, state)
    for _ in range(4):
        label, played = default_label(state.legal_actions(0)[0]), len(state.history)
        grows(log_items(page), lambda label=label: moves(page).get_by_text(label, exact=True).click())
        state = wait_for_state(page, ButtonUpState, lambda s, n=played: len(s.history) > n and mine(s),
                               "player 1's next decision")
        expect(status(page)).to_have_text(re.compile(r"^(Player 1: your move\.|Game over)"))
        shows(page, state)
        if state.is_over:
            break
    assert log_items(page).count() == len(state.history)
    page.get_by_role("button", name="Undo (U)").click()
    undone = wait_for_state(page, ButtonUpState, lambda s: len(s.history) < len(state.history), "the move undone")
    shows(page, undone)
