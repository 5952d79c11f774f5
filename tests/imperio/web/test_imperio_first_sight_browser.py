"""Imperio Bellum at 1280x800 in Chromium: a first screen with armies on the board, the roles and the odds
beside the board, above the fold."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import core
import core.imperio as ib
from core.imperio import ImperioState, parse
from tests.browser import open_app, seeded_link, state_link, status, tap
from webapp.imperio.board import PIXELS, X_RANGE, square_pixels

pytestmark = pytest.mark.browser

GAME = core.get_game("imperio-bellum")
DESKTOP = {"width": 1280, "height": 800}
PIECES = """() => {
  for (const m of Bokeh.documents[0].all_models) {
    const data = m.data;
    if (data && "alpha" in data && "marker" in data)
      return {solid: data.alpha.filter(a => a === 1).length, faded: data.alpha.filter(a => a < 1).length};
  }
  return null;
}"""
"""How many pieces the board draws in full colour and how many faded (a preview)."""


def open_desktop(page: Page, url: str) -> None:
    page.set_viewport_size(DESKTOP)
    open_app(page, url, re.compile(r"Imperio Bellum\. "))
    expect(page.locator(".bk-Canvas").first).to_be_visible()


def pieces(page: Page) -> dict[str, int]:
    drawn = page.evaluate(PIECES)
    assert drawn is not None, "the board has no pieces to draw"
    return drawn


def board_right(page: Page) -> float:
    box = page.locator(".bk-Canvas").first.bounding_box()
    assert box is not None
    return box["x"] + box["width"]


def above_the_fold(locator: Locator, what: str) -> dict[str, float]:
    """``locator``'s box, checked to lie wholly inside the 1280x800 window without scrolling."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= DESKTOP["width"] \
        and box["y"] + box["height"] <= DESKTOP["height"], f"{what} is not on the first screen: {box}"
    return box


def test_the_page_opens_on_armies_ready_to_play(page: Page, imperio_url: str) -> None:
    open_desktop(page, imperio_url)
    expect(status(page)).to_contain_text("Turn 1: player 1 (red attacker) to act")
    drawn = pieces(page)
    assert drawn["solid"] >= 20 and drawn["faded"] == 0, f"the first game's armies are not on the board: {drawn}"
    above_the_fold(page.get_by_role("button", name="End the turn (E)"), "End the turn")


def test_a_new_deal_previews_the_default_armies_with_the_roles_beside_the_board(page: Page, imperio_url: str) -> None:
    open_desktop(page, seeded_link(imperio_url, GAME.name, 1))
    expect(status(page)).to_contain_text("Player 1 states the agreed roles")
    assert pieces(page) == {"solid": 0, "faded": 36}, "both default armies (18 pieces a side) are previewed"
    expect(page.get_by_text("The faded pieces on the board preview the default armies")).to_be_visible()
    attack = page.get_by_role("button", name="I attack")
    assert above_the_fold(attack, "the role buttons")["x"] >= board_right(page), "the roles are not beside the board"
    above_the_fold(page.get_by_role("button", name="I defend"), "I defend")

    attack.click()  # the bot deploys for the defender; then red's setup offers the default army first
    expect(status(page)).to_contain_text("Setup: player 1 (red attacker)", timeout=60_000)
    use = page.get_by_role("button", name="Use the default army")
    above_the_fold(use, "Use the default army")
    expect(page.get_by_text("The faded pieces preview your default army")).to_be_visible()
    assert pieces(page)["faded"] == 18, "red's default army is previewed in its zone"
    use.click()
    expect(status(page)).to_contain_text("red attacker")
    expect(page.get_by_text("The faded pieces preview your default army")).to_be_hidden()
    assert pieces(page)["faded"] == 0


def attack_ready() -> tuple[ImperioState, ib.Attack]:
    """The source's armies after red's knight ran d2-d7 and blue passed: it may attack the knight on d8 at once."""
    state = GAME.new(seed=3, setup="default_armies").apply(ib.ChooseRole("attacker"))
    for frm, to in (("d2", "d3"), ("d3", "d4"), ("d4", "d5"), ("d5", "d6"), ("d6", "d7")):
        state = state.apply(ib.Step("K", parse(frm), parse(to)))
    state = state.apply(ib.EndTurn()).apply(ib.EndTurn())
    attack = ib.Attack("K", parse("d7"), parse("d8"))
    assert attack in state.legal_actions()
    return state, attack


def test_at_1280x800_a_chosen_attack_shows_its_odds_and_confirm_beside_the_board(page: Page, imperio_url: str) -> None:
    state, attack = attack_ready()
    open_desktop(page, state_link(imperio_url, state))
    expect(status(page)).to_contain_text("Turn 3: player 1 (red attacker) to act")
    above_the_fold(page.get_by_role("heading", name="Your moves"), "Your moves")
    drawn = (X_RANGE[1] - X_RANGE[0]) * PIXELS
    tap(page, *square_pixels(attack.frm), drawn)
    tap(page, *square_pixels(attack.to), drawn)
    odds = above_the_fold(page.get_by_role("table", name=f"Odds of {attack}"), "the odds")
    assert odds["x"] >= board_right(page), "the odds are not beside the board"
    confirm = page.get_by_role("button", name=f"Confirm {attack} (C)")
    above_the_fold(confirm, "Confirm")
    confirm.click()
    fights = page.get_by_label("Latest fights, newest first")
    expect(fights).to_contain_text(str(attack))
    above_the_fold(fights, "the dice rolled")

