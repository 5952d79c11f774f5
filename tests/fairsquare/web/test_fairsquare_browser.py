"""Fair and Square in Chromium against ``panel serve``: a whole board against three bots, the round
player's controls, a clicked piece's rules, and a reload from the share link."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from core.fairsquare import BoardRecord, FairSquareState, position_after
from core.fairsquare.geometry import name
from core.fairsquare.trace import REMOVED
from tests.browser import address_state, alert, blocking_report, live, open_app, squash, status, tap
from webapp.fairsquare.board import GRID, PIXELS_PER_UNIT, square_pixels
from webapp.fairsquare.page import GAME
from webapp.shell import links

pytestmark = pytest.mark.browser

SEATS = ["human", GAME.default_bot, GAME.default_bot, GAME.default_bot]


@pytest.fixture
def fairsquare_page(page: Page, panel_serve: Any) -> tuple[Page, str]:
    """The test's page (offline but for localhost), tall enough for the board, and the page's URL."""
    page.set_default_timeout(30_000)
    page.set_viewport_size({"width": 1280, "height": 1100})
    return page, panel_serve("fairsquare")


def open_page(page: Page, url: str | None) -> None:
    """Go to ``url`` (None: reload) and wait until the board is drawn."""
    open_app(page, url, "Fair and Square, ")
    expect(page.locator(".bk-Canvas").first).to_be_visible()


def click_square(page: Page, square: int) -> None:
    """Tap the centre of ``square`` on the board (the board may be drawn smaller than its own size)."""
    tap(page, *square_pixels(square), round((GRID.x_range[1] - GRID.x_range[0]) * PIXELS_PER_UNIT))


def test_a_board_against_three_bots_watched_turn_by_turn_then_reloaded(fairsquare_page: tuple[Page, str],
                                                                      tmp_path: Path) -> None:
    page, url = fairsquare_page
    fresh = GAME.new(seed=3, single_board=True, rounds=1).to_record()
    open_page(page, f"{url}?game={links.encode(fresh, SEATS)}")
    expect(status(page)).to_have_text("Round 1 of 1: Player 1, place your pieces (0 of 4 placed).")
    state = address_state(page, FairSquareState)
    board = state.board_of(0)
    legal = sorted(board.legal)

    click_square(page, board.points[0])  # a refusal in plain words
    expect(alert(page)).to_contain_text("may not be placed on a point square")
    page.keyboard.press("1")  # Sprinter by the key map, placed by a click
    click_square(page, legal[0])
    expect(status(page)).to_contain_text("(1 of 4 placed)")
    page.get_by_role("button", name=re.compile(r"^2: Dasher")).click()  # the palette
    page.get_by_role("button", name=f"Place Dasher on {name(legal[1])}").click()  # the legal-action list
    expect(page.locator("text=Types used: 2 of the 3")).to_be_visible()
    for placed, square in ((3, legal[2]), (4, legal[3])):
        page.keyboard.press("3")
        expect(page.get_by_role("button", name=re.compile(r"^3: Ranger.* - chosen$"))).to_be_visible()
        click_square(page, square)
        expect(status(page)).to_contain_text(f"({placed} of 4 placed)")
    page.get_by_role("button", name="Confirm placement (C)").click()

    expect(page.get_by_role("button", name="Pause (P)")).to_be_visible(timeout=60_000)  # the round plays at once
    expect(status(page)).to_contain_text("Round 1, board 1: player 1, player 2, player 3, player 4 - shown as it")
    page.get_by_role("button", name="Pause (P)").click()
    expect(status(page)).to_contain_text("Match over")  # the banner catches up once the playback stops
    expect(page.get_by_role("button", name="Play (P)")).to_be_visible()
    slider = page.get_by_role("slider", name="Turn")
    slider.fill("6")
    expect(page.locator("h3", has_text="Turn 6 of 15")).to_be_visible()
    page.get_by_role("button", name="Next (.)").click()
    expect(page.locator("h3", has_text="Turn 7 of 15")).to_be_visible()
    page.get_by_role("button", name="Back (,)").click()
    expect(page.locator("h3", has_text="Turn 6 of 15")).to_be_visible()
    page.keyboard.press(".")
    expect(page.locator("h3", has_text="Turn 7 of 15")).to_be_visible()
    expect(slider).to_have_value("7")

    record = address_state(page, FairSquareState).records[0]
    at = position_after(record, 7)
    piece = next(i for i, s in enumerate(at.squares) if s != REMOVED)
    step = next(s for s in record.turns[7].steps if s.piece == piece)
    click_square(page, at.squares[piece])
    card = page.get_by_role("region", name="Selected piece")
    expect(card).to_contain_text(f"{record.pieces[piece].kind.name}, rank {record.pieces[piece].kind.rank}.")
    expect(card).to_contain_text("Turn 7: ")
    expect(card).to_contain_text(f"({step.rule})")

    page.get_by_role("button", name="Play (P)").click()
    expect(page.locator("h3", has_text="Turn 9 of 15")).to_be_visible()
    page.get_by_role("button", name="Last").click()
    places = page.get_by_role("table", name="Places on this board")
    expect(places.locator("tbody tr")).to_have_count(4)
    expect(places).to_contain_text("owned")
    expect(page.get_by_role("region", name="Match result")).to_contain_text("Elimination candidate")
    expect(page.locator("h3", has_text="Turn 15 of 15")).to_be_visible()
    report = blocking_report(page)  # the round player, its chart and the places on screen
    assert not report, f"axe found serious/critical problems while watching the round:\n{report}"
    page.screenshot(path=str(tmp_path / "fairsquare-after-the-round.png"), full_page=True)
    match = page.get_by_role("table", name="Match points per round").inner_text()
    text = live(page).inner_text()

    open_page(page, None)  # a reload from the address loses nothing
    expect(page.get_by_role("table", name="Places on this board")).to_be_visible()
    assert page.get_by_role("table", name="Match points per round").inner_text() == match
    expect(page.locator("h3", has_text="Turn 15 of 15")).to_be_visible()
    again = live(page).inner_text()
    assert "match over" in again and squash(text).endswith(squash(again)), "the same match, as text"


YOUR_TURN = "p => p.classList.contains('rb-your-turn')"
"""True when the status line marks the player's turn."""


def still_piece(record: BoardRecord, start: int, span: int = 6) -> int:
    """The square of a piece that stands there from turn ``start - 1`` to ``start + span`` (or the end)."""
    at = [position_after(record, t).squares for t in range(max(start - 1, 0), min(start + span, 15) + 1)]
    for piece, square in enumerate(at[0]):
        if square != REMOVED and all(squares[piece] == square for squares in at):
            return square
    raise AssertionError(f"no piece stands still from turn {start} on")


def test_the_banner_and_match_table_follow_the_played_board_and_a_tap_meanwhile_shows_a_piece(
        fairsquare_page: tuple[Page, str]) -> None:
    page, url = fairsquare_page
    fresh = GAME.new(seed=3, single_board=True, rounds=2).to_record()
    open_page(page, f"{url}?game={links.encode(fresh, SEATS)}")
    expect(status(page)).to_have_text("Round 1 of 2: Player 1, place your pieces (0 of 4 placed).")
    legal = sorted(address_state(page, FairSquareState).board_of(0).legal)
    for placed, (key, square) in enumerate(zip("1233", legal, strict=False), 1):
        page.get_by_role("button", name=re.compile(rf"^{key}: ")).click()  # the palette
        expect(page.get_by_role("button", name=re.compile(rf"^{key}: .* - chosen$"))).to_be_visible()
        page.get_by_role("button", name=re.compile(rf"^Place .* on {name(square)}$")).click()
        expect(status(page)).to_contain_text(f"({placed} of 4 placed)")
    table = page.get_by_role("table", name="Match points per round")
    before = table.inner_text()
    page.get_by_role("button", name="Confirm placement (C)").click()

    expect(page.get_by_role("button", name="Pause (P)")).to_be_visible(timeout=60_000)  # the board plays out
    shown = page.locator(".rb-status", has=page.locator("strong", has_text="shown as it was played"))
    assert not shown.evaluate(YOUR_TURN), "the banner marked the next placement while the board still plays"
    assert table.inner_text() == before, f"the match table ran ahead of the board: {status(page).inner_text()!r}"
    record = address_state(page, FairSquareState).records[0]
    now = page.locator("h3", has_text=re.compile(r"^(Turn \d+ of|As placed)")).first.inner_text()
    square = still_piece(record, int(re.findall(r"\d+", now)[0]) if now.startswith("Turn") else 0)
    click_square(page, square)  # while the board plays on
    card = page.get_by_role("region", name="Selected piece")
    expect(card).to_contain_text(re.compile(r", rank \d+\."))  # the card of the piece there (a stack's first)

    expect(status(page)).to_have_text("Round 2 of 2: Player 1, place your pieces (0 of 4 placed).",
                                      timeout=30_000)  # the playback's end: the next placement
    expect(page.get_by_role("button", name="Play (P)")).to_be_visible()
    assert table.inner_text() != before  # now the round's points
