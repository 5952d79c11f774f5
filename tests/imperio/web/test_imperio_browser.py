"""Imperio Bellum in Chromium against ``panel serve``: a few turns against the bot, odds, a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import core
import core.imperio as ib
from core.imperio import Attack, ImperioState, Shot, Step
from tests.browser import (INPUT_DELAYS, grows, live, open_app, settle, settled_record, share_link, status, tap,
                           wait_for_focus)
from webapp.imperio.board import LABEL_PIXELS, PIXELS, SHAPE_SIZES, X_RANGE, square_pixels
from webapp.imperio.newgame import FIRST_GAME
from webapp.imperio.labels import piece_label
from webapp.shell import links
from webapp.shell.geometry import LEAST_FONT

pytestmark = pytest.mark.browser

GAME = core.get_game("imperio-bellum")


def log_items(page: Page) -> Locator:
    return page.get_by_role("region", name="Move log, newest first").locator("li")


def open_page(page: Page, url: str | None) -> None:
    """Go to ``url`` (None: reload) and wait until the game is drawn, its move log unfolded."""
    open_app(page, url, re.compile(r"Imperio Bellum\. (Turn \d+|Game over)"))
    expect(page.locator(".bk-Canvas").first).to_be_visible()
    page.locator("summary").filter(has_text="Move log").click()  # the log is folded at first
    expect(page.get_by_role("region", name="Move log, newest first")).to_be_visible()


def settled_state(page: Page) -> ImperioState:
    """The game in the address bar once it holds every action of the move log."""
    state = core.replay(settled_record(page, log_items(page)))
    assert isinstance(state, ImperioState)
    return state


def wait_for_turn(page: Page, turn: int) -> ImperioState:
    """Wait until red (the human, player 1) acts in ``turn`` or the game is over; the game as it stands."""
    mine = re.compile(rf"Turn {turn}: player 1 \(red attacker\) to act|Game over")
    expect(status(page)).to_contain_text(mine, timeout=60_000)
    return settled_state(page)


def click_square(page: Page, square: int, flipped: bool = False) -> None:
    """Tap the centre of a square on the Bokeh board (``flipped``: rank 9 is at the bottom; the board
    shrinks with a narrow column)."""
    tap(page, *square_pixels(square, flipped), (X_RANGE[1] - X_RANGE[0]) * PIXELS)


def act(page: Page, do: Any) -> None:
    """Run ``do()`` and wait for the move log to grow."""
    grows(log_items(page), do)


def attack_after_the_odds(page: Page, state: ImperioState, action: Attack | Shot) -> None:
    """Click the attacker and its target, check the odds shown, then confirm."""
    click_square(page, action.frm)
    click_square(page, action.to)  # at once: each tap is its own event
    odds = page.get_by_role("table", name=f"Odds of {action}")
    expect(odds).to_be_visible()
    for duel in ib.odds(state, action).duels:
        expect(odds).to_contain_text(str(duel.duel.attacker))
        expect(odds).to_contain_text(f"{float(duel.win):.1%}")
    assert log_items(page).count() == len(state.history), "nothing is played before the confirmation"
    act(page, lambda: page.get_by_role("button", name=f"Confirm {action} (C)").click())
    expect(page.get_by_label("Latest fights, newest first").locator("li").first).to_contain_text(str(action))
    expect(page.get_by_label("Latest fights, newest first").first).to_contain_text("rolls")


def forward_step(state: ImperioState) -> Step:
    """A step of one of red's units toward the blue side (an archer first: it may shoot next turn)."""
    steps = [a for a in state.legal_actions() if isinstance(a, Step) and a.unit in "KAPF" and a.to // 9 > a.frm // 9]
    return min(steps, key=lambda a: ("AKFP".index(a.unit), -a.to // 9, abs(a.to % 9 - 4)))


def test_a_few_turns_against_the_bot_with_an_attack_after_its_odds_then_a_reload(
        tall_page: Page, imperio_url: str) -> None:
    page = tall_page
    opening = GAME.new(seed=11, setup="default_armies").apply(ib.ChooseRole("attacker"))
    open_page(page, f"{imperio_url}?game={links.encode(opening.to_record(), ['human', GAME.default_bot])}")
    expect(page.get_by_role("button", name="d2: knight")).to_be_visible()

    attacked, turn = False, 1
    for turn in range(1, 12, 2):  # red plays the odd turns
        state = wait_for_turn(page, turn)
        if state.is_over:
            break
        attacks = [a for a in state.legal_actions() if isinstance(a, (Attack, Shot))]
        if attacks and not attacked:
            attack_after_the_odds(page, state, attacks[0])
            attacked = True
        else:
            step = forward_step(state)
            click_square(page, step.frm)
            expect(page.get_by_role("button", name=f"{step} (step)")).to_be_visible()
            act(page, lambda step=step: click_square(page, step.to))
        if not settled_state(page).is_over and settled_state(page).mover == 0:
            act(page, lambda: page.keyboard.press("e"))
        if attacked:
            break
    assert attacked, "an attack came within six turns"

    state = wait_for_turn(page, turn + 2)
    shown, log = live(page).inner_text(), log_items(page).all_inner_texts()
    share = share_link(page)
    assert share is not None and "game=" in share
    open_page(page, None)
    expect(log_items(page)).to_have_count(len(log))
    assert live(page).inner_text() == shown and log_items(page).all_inner_texts() == log
    assert settled_state(page) == state
    other = page.context.new_page()
    open_page(other, share)
    expect(log_items(other)).to_have_count(len(log))
    other.close()


def test_a_whole_game_against_the_bot_ends_with_its_summary(tall_page: Page, imperio_url: str) -> None:
    """Red ends every turn at once; the bot takes every base and the page sums the game up."""
    page = tall_page
    opening = GAME.new(seed=3, setup="default_armies").apply(ib.ChooseRole("attacker"))
    open_page(page, f"{imperio_url}?game={links.encode(opening.to_record(), ['human', GAME.default_bot])}")
    end_turn = page.get_by_role("button", name="End the turn (E)")
    turn = 1
    while not (state := wait_for_turn(page, turn)).is_over:
        expect(end_turn).to_be_visible()
        act(page, lambda: page.keyboard.press("e"))
        turn += 2
        assert turn < 40, "the game did not end"
    summary = page.get_by_role("region", name="Game summary")
    expect(summary).to_contain_text("The defender (blue) wins")
    assert state.outcome is not None
    expect(summary).to_contain_text(re.compile(re.escape(state.outcome.reason), re.IGNORECASE))
    expect(live(page)).to_contain_text("Game over")
    expect(end_turn).to_have_count(0)
    assert state.winner_text() == "defender"


SHRUNK_SIZES = """([shape, font]) => {
    const specs = [...Bokeh.documents[0].all_models].flatMap(m => [m.size, m.text_font_size]);
    const scaled = specs.filter(s => s != null && s.transform != null).map(s => s.transform);
    return [Math.max(...scaled.map(t => t.compute(shape)).filter(v => typeof v === 'number')),
            Math.max(...scaled.map(t => t.compute(font)).filter(v => typeof v === 'string').map(parseFloat))];
}"""
"""The largest piece size and font size the page's own transforms make of a full-size ``shape`` and ``font``."""


def test_on_a_phone_the_pieces_and_words_shrink_with_the_board(page: Page, imperio_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    first = GAME.new(seed=5, **FIRST_GAME).apply(ib.ChooseRole("attacker"))  # the page's first game, a fixed deal
    open_page(page, f"{imperio_url}?game={links.encode(first.to_record(), ['human', GAME.default_bot])}")
    box = page.locator(".bk-Canvas").first.bounding_box()
    assert box is not None
    scale = box["width"] / ((X_RANGE[1] - X_RANGE[0]) * PIXELS)
    assert scale < 0.7, f"the board did not shrink on a phone ({box['width']} pixels wide)"
    diamond, font = page.evaluate(SHRUNK_SIZES, [SHAPE_SIZES["diamond"], LABEL_PIXELS])
    assert diamond == pytest.approx(SHAPE_SIZES["diamond"] * scale, abs=1.5), "a piece outgrows its square"
    assert font == pytest.approx(max(LEAST_FONT, LABEL_PIXELS * scale), abs=1), "the words overflow or go unreadable"


def test_a_bot_turn_shows_in_one_update_and_the_page_answers_clicks_while_the_bot_plays(
        tall_page: Page, imperio_url: str) -> None:
    page = tall_page
    opening = GAME.new(seed=11, setup="default_armies").apply(ib.ChooseRole("attacker"))
    open_page(page, f"{imperio_url}?game={links.encode(opening.to_record(), ['human', 'greedy'])}")
    state = wait_for_turn(page, 1)
    expect(page.get_by_label("Show the bot's turn")).to_have_value("the whole turn at once")  # the default pace
    step = forward_step(state)
    click_square(page, step.frm)
    expect(page.get_by_role("button", name=f"{step} (step)")).to_be_visible()
    act(page, lambda: click_square(page, step.to))
    page.evaluate(INPUT_DELAYS)
    page.keyboard.press("e")  # the bot (blue) plays its turn: about 1.5 s of thinking in all
    heading = page.get_by_role("heading", name="Your moves")
    mine = status(page).filter(has_text=re.compile(r"Turn 3: player 1 \(red attacker\) to act"))
    ended = log_items(page).count() + 1  # the log once red's end of turn is in it
    logged = set()
    while True:
        heading.click()  # plain text: the click does nothing, but the page must take it at once
        logged.add(log_items(page).count())
        if mine.is_visible():
            break
    state = settled_state(page)
    blue = len(state.history) - len(opening.history) - 2  # red's step and end of turn, then blue's whole turn
    assert state.turn == 3 and blue >= 3
    assert logged <= {ended - 1, ended, len(state.history)}, f"the log showed the bot's turn in steps: {logged}"
    delays = page.evaluate("window.rbDelays")
    assert delays and max(delays) <= 100, f"clicks waited {delays} ms while the bot played"


def test_the_keyboard_focus_stays_among_the_controls_after_a_step(tall_page: Page, imperio_url: str) -> None:
    page = tall_page
    opening = GAME.new(seed=11, setup="default_armies").apply(ib.ChooseRole("attacker"))
    open_page(page, f"{imperio_url}?game={links.encode(opening.to_record(), ['human', 'greedy'])}")
    state = wait_for_turn(page, 1)
    step = forward_step(state)
    page.get_by_role("button", name=piece_label(state, step.frm), exact=True).focus()
    page.keyboard.press("Enter")  # the piece is chosen; the focus goes on to its first move
    wait_for_focus(page, "")
    page.get_by_role("button", name=f"{step} (step)").focus()
    act(page, lambda: page.keyboard.press("Enter"))
    settle(page)
    after = settled_state(page)
    ready = [piece_label(after, sq) for sq in sorted({a.frm for a in after.legal_actions() if hasattr(a, "frm")})]
    name = wait_for_focus(page, "")
    assert name != "(page body)", "the step dropped the keyboard focus to the page"
    assert name in ready or name.startswith("End the turn"), f"the focus went to {name!r}"
