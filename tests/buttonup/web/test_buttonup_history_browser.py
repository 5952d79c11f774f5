"""Back and Forward in Chromium: one history entry per game, never one per move."""

from __future__ import annotations

import re

import pytest

from tests.buttonup.web.test_buttonup_browser import GAME, act, log_items, open_page, settled_record
from webapp.shell import links

from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_back_returns_to_the_game_before_the_new_one_and_forward_comes_back(offline_page: Page,
                                                                             buttonup_url: str) -> None:
    page = offline_page
    page.goto("about:blank")
    open_page(page, f"{buttonup_url}?game={links.encode(GAME.new(seed=21).to_record(), ['human', 'human'])}")
    for label in ("Red starts the round", "Sow stack "):
        act(page, lambda label=label: page.get_by_role("button", name=re.compile(f"^{label}")).first.click())
    first = settled_record(page)

    page.get_by_role("button", name="New game", exact=True).click()
    page.get_by_label("Deal number (blank: random)").fill("22")
    page.get_by_role("button", name="Start new game").click()
    page.get_by_role("button", name="Yes, start the new game").click()  # the game in progress ends only now
    expect(log_items(page)).to_have_count(0)
    act(page, lambda: page.get_by_role("button", name=re.compile("^Red starts the round")).click())
    second = settled_record(page)
    assert second["seed"] == 22 and len(second["actions"]) == 1

    page.go_back()  # the first game as it was left, not the second one before its move
    expect(log_items(page)).to_have_count(2)
    assert settled_record(page) == first
    page.go_forward()
    expect(log_items(page)).to_have_count(1)
    assert settled_record(page) == second
    page.go_back()
    expect(log_items(page)).to_have_count(2)
    page.go_back()  # before the first game: the page is left
    page.wait_for_url("about:blank")
