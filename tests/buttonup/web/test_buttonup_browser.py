"""Button Up! in Chromium against ``panel serve``: whole games, undo, reload, share links."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import core
from core.buttonup import ButtonUpState, Sow
from tests.browser import (TAP_READY, address_record, address_state, focused, grows, live, open_app, seeded_link,
                           settled_record, share_link, squash, status, tap, wait_for_state)
from webapp.buttonup.board import PIXELS_PER_UNIT, X_RANGE, stack_pixels
from webapp.shell import links

pytestmark = pytest.mark.browser

GAME = core.get_game("button-up")
STACK_LINE = re.compile(r"^\s*stack (\d+):", re.MULTILINE)


def log_items(page: Page) -> Locator:
    return page.locator("ol[reversed] li")


def open_page(page: Page, url: str | None) -> None:
    """Go to ``url`` (None: reload) and wait until the app is drawn."""
    open_app(page, url, "Button Up!, round")
    expect(page.locator(".bk-Canvas").first).to_be_visible()


def game_record(page: Page) -> dict[str, Any]:
    record = address_record(page.url)
    assert record is not None
    return record


def wait_for_red(page: Page) -> str:
    """Wait until Red (the human) must act or the game is over; return the status line."""
    expect(status(page)).to_have_text(re.compile(r"^(Red to move|Red chooses|Game over)"), timeout=30_000)
    return status(page).inner_text()


def act(page: Page, do: Any) -> None:
    """Run ``do()`` and wait for the move log to grow."""
    grows(log_items(page), do)


def focus_text(page: Page) -> str:
    return str(focused(page).evaluate("el => el ? el.textContent.trim() : ''"))


def tap_stack(page: Page, index: int) -> None:
    """Tap the bottom button of stack ``index`` on the Bokeh canvas (the board shrinks on narrow screens)."""
    count = len(STACK_LINE.findall(live(page).inner_text()))
    x, y = stack_pixels(index, count)
    tap(page, x, y, (X_RANGE[1] - X_RANGE[0]) * PIXELS_PER_UNIT)


def test_whole_game_against_the_bot_by_taps_and_keyboard(offline_page: Page, buttonup_url: str,
                                                         tmp_path: Path) -> None:
    page = offline_page
    open_page(page, buttonup_url)
    opener = page.get_by_role("button", name="New game", exact=True)
    opener.click()
    dialog = page.get_by_role("dialog", name="New game")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")  # Escape closes the dialog and the focus returns to its button
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()
    opener.click()
    page.get_by_label("Black player").select_option(label="Bot - Perfect: solves every round exactly")
    page.get_by_label("Target score").fill("1")
    page.get_by_label("Deal number (blank: random)").fill("3")
    page.get_by_role("button", name="Start new game").click()
    expect(dialog).to_be_hidden()  # a game that starts closes the dialog
    page.get_by_label("Show each sowing").select_option(label="all at once")
    expect(page.get_by_text("Black (bot: Perfect: solves every round exactly)")).to_be_visible()
    expect(page.get_by_text("First to 1 points wins.")).to_be_visible()

    turn, keyboard_turn, focus_checks = 0, False, 0
    while (line := wait_for_red(page)) != "" and not line.startswith("Game over"):
        if line.startswith("Red chooses"):
            act(page, lambda: page.keyboard.press("r"))  # the key map's shortcut
            continue
        moves = page.get_by_role("button", name=re.compile(r"^Sow stack \d+"))
        expect(moves.first).to_be_visible()
        label = moves.first.inner_text()
        stack = int(re.findall(r"\d+", label)[0]) - 1
        if turn % 2 == 0:
            act(page, partial(tap_stack, page, stack))
        else:  # keyboard only: Tab from the "New game" button over the board reaches the first move button
            opener.focus()
            page.keyboard.press("Tab")
            assert focus_text(page) == label
            act(page, lambda: page.keyboard.press("Enter"))
            keyboard_turn = True
        expect(log_items(page).first).to_contain_text(f"Red: sow stack {stack + 1}")
        turn += 1
        if keyboard_turn and wait_for_red(page).startswith("Red to move"):
            # the focus came back to the first move button after the bot's reply
            expect(moves.first).to_be_focused()
            assert focus_text(page) == moves.first.inner_text()
            focus_checks += 1
        keyboard_turn = False

    assert turn >= 3 and focus_checks >= 1
    summary = page.get_by_role("region", name="Game summary")
    expect(summary).to_contain_text(re.compile(r"(Red|Black) wins \d+ to \d+"))
    expect(live(page)).to_contain_text("Game over")
    expect(page.get_by_role("button", name="New game, same settings")).to_be_visible()
    state = core.replay(game_record(page))
    assert isinstance(state, ButtonUpState) and state.is_over and log_items(page).count() == len(state.history)
    page.locator("summary", has_text="Round history").click()  # a folded section of the side panel
    assert page.get_by_role("table", name="Round history").locator("tbody tr").count() == len(state.rounds)
    page.screenshot(path=str(tmp_path / "buttonup-game-over.png"), full_page=True)


def test_undo_reload_and_share_link_restore_the_exact_game(offline_page: Page, buttonup_url: str) -> None:
    page = offline_page
    record = GAME.new(seed=21, start="WRBWBRWBR").to_record()
    open_page(page, f"{buttonup_url}?game={links.encode(record, ['human', 'greedy'])}")
    expect(page.get_by_text("Black (bot: Greedy: best immediate result)")).to_be_visible()
    entries = page.evaluate("history.length")
    act(page, lambda: page.get_by_role("button", name="Red starts the round").click())
    decision = core.replay(settled_record(page, log_items(page)))
    expect(live(page)).to_contain_text(decision.describe())

    act(page, lambda: page.get_by_role("button", name="Sow stack 4 (white)").click())
    expect(page.get_by_text("Black is thinking…").first).to_be_visible()
    wait_for_red(page)
    assert log_items(page).count() >= 3
    undo = page.get_by_role("button", name="Undo (U)")
    expect(undo).to_be_enabled()
    undo.click()
    expect(log_items(page)).to_have_count(1)
    expect(live(page)).to_contain_text(decision.describe())
    assert settled_record(page, log_items(page)) == decision.to_record()

    act(page, lambda: page.get_by_role("button", name="Sow stack 7 (white)").click())
    wait_for_red(page)
    moved = settled_record(page, log_items(page))
    shown, log = live(page).inner_text(), log_items(page).all_inner_texts()
    assert squash(core.replay(moved).describe()) in squash(shown)

    open_page(page, None)
    expect(log_items(page)).to_have_count(len(log))
    assert live(page).inner_text() == shown and log_items(page).all_inner_texts() == log
    assert settled_record(page, log_items(page)) == moved
    assert page.evaluate("history.length") == entries, "moves replace the history entry, they add none"

    share = share_link(page)
    assert share is not None and "game=" in share
    other = page.context.new_page()  # a second session, offline like the first
    open_page(other, share)
    expect(log_items(other)).to_have_count(len(log))
    assert live(other).inner_text() == shown
    other.close()


def test_back_and_forward_go_from_game_to_game_never_to_an_older_position(offline_page: Page,
                                                                          buttonup_url: str) -> None:
    page = offline_page
    page.goto("about:blank")
    open_page(page, f"{buttonup_url}?game={links.encode(GAME.new(seed=21).to_record(), ['human', 'human'])}")
    for label in ("Red starts the round", "Sow stack "):
        act(page, lambda label=label: page.get_by_role("button", name=re.compile(f"^{label}")).first.click())
    first = settled_record(page, log_items(page))
    assert len(first["actions"]) == 2

    page.get_by_role("button", name="New game", exact=True).click()
    page.get_by_label("Deal number (blank: random)").fill("22")
    page.get_by_role("button", name="Start new game").click()
    page.get_by_role("button", name="Yes, start the new game").click()  # the game in progress ends only now
    expect(log_items(page)).to_have_count(0)
    act(page, lambda: page.get_by_role("button", name=re.compile("^Red starts the round")).click())
    second = settled_record(page, log_items(page))
    assert second["seed"] == 22 and len(second["actions"]) == 1

    page.go_back()  # the first game as it was left, not the second one before its move
    expect(log_items(page)).to_have_count(2)
    assert settled_record(page, log_items(page)) == first
    page.go_forward()
    expect(log_items(page)).to_have_count(1)
    assert settled_record(page, log_items(page)) == second
    page.go_back()
    expect(log_items(page)).to_have_count(2)
    page.go_back()  # before the first game: the page is left
    page.wait_for_url("about:blank")
    page.go_forward()
    expect(log_items(page)).to_have_count(2)
    assert settled_record(page, log_items(page)) == first, "Forward comes back to the game as it was left"


def test_a_damaged_link_explains_and_starts_a_fresh_game(offline_page: Page, buttonup_url: str) -> None:
    page = offline_page
    open_page(page, f"{buttonup_url}?game=not-a-game")
    expect(page.get_by_role("alert")).to_contain_text("could not be opened")
    page.locator("summary", has_text="Move log").click()  # a folded section of the side panel
    expect(page.get_by_text("No moves yet.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"[?&]game=eN"))


YOUR_TURN = "p => p.classList.contains('rb-your-turn')"
"""True when the status line marks the player's turn."""


def test_the_banner_follows_the_sowing_shown_and_a_tap_meanwhile_is_sown_after_it(
        offline_page: Page, buttonup_url: str) -> None:
    page = offline_page
    open_page(page, seeded_link(buttonup_url, "button-up", 3))
    expect(page.get_by_label("Show each sowing")).to_have_value("step by step")  # the default
    wait_for_red(page)
    act(page, lambda: page.keyboard.press("r"))  # Red starts the round
    state = wait_for_state(page, ButtonUpState, lambda s: s.to_move == 0 and not s.choosing, "Red to move")
    sow = next(a for a in state.legal_actions() if isinstance(a, Sow))
    page.keyboard.press(str(sow.stack + 1))
    expect(status(page)).to_have_text(re.compile(rf"^Red sows stack {sow.stack + 1}: shown button by button"))
    black = re.compile(r"^Black sows stack (\d+): shown button by button")
    shown = page.locator(".rb-status", has=page.locator("strong", has_text=black))
    canvas = page.locator(".bk-Canvas").first.bounding_box()  # measured first: the tap must come quickly
    assert canvas is not None
    page.wait_for_function(TAP_READY)
    shown.wait_for(timeout=30_000)  # the bot's reply, while the board shows it (found at once: no polling pause)
    assert not shown.evaluate(YOUR_TURN), "the banner marked Red's turn while the board showed Black's sowing"
    state = address_state(page, ButtonUpState)
    assert state.to_move == 0, "the seeded bot's first sowing gives Red the move"
    mine = next(a for a in state.legal_actions() if isinstance(a, Sow))
    x, y = stack_pixels(mine.stack, len(state.stacks))
    scale = canvas["width"] / ((X_RANGE[1] - X_RANGE[0]) * PIXELS_PER_UNIT)
    page.mouse.click(canvas["x"] + x * scale, canvas["y"] + y * scale)  # while Black's sowing is still shown
    expect(status(page)).to_contain_text(f"Your tap on stack {mine.stack + 1} is sown when it is shown")
    expect(log_items(page).first).to_contain_text(f"Red: sow stack {mine.stack + 1}", timeout=30_000)
    assert address_state(page, ButtonUpState).history[len(state.history)] == mine  # the tap, not lost
