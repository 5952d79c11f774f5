"""Imperio Bellum in Chromium: two people at one screen set their armies up by hand, then turn 1 begins.

Blue (the defender) places its pieces square by square and lays out reserves by counts, red takes
the default army, blue makes its alterations; the game that starts holds exactly that.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from core.imperio import parse
from core.imperio.army import DEFAULT_RESERVES, default_placements
from core.imperio.board import name
from tests.browser import alert, blocking_report, status
from tests.imperio.web.test_imperio_browser import act, click_square, log_items, open_page, settled_state
from webapp.imperio.setup import PIECE_LABELS

pytestmark = pytest.mark.browser

PALETTE = "Piece in hand (tap a square of your zone to place it)"


def limit(page: Page, row: str) -> Locator:
    """The count cell of one row of the live limits table."""
    table = page.get_by_role("table", name="Limits of your army")
    return table.get_by_role("row").filter(has=page.get_by_role("rowheader", name=row, exact=True)).locator("td")


def press(page: Page, label: str) -> None:
    """Press a button and wait for the move log to grow."""
    act(page, lambda: page.get_by_role("button", name=label, exact=True).click())


def take_in_hand(page: Page, piece: str) -> None:
    """Choose ``piece`` in the palette; the next tap, however quick, places it (``webapp.shell.boards.TapChoices``)."""
    page.get_by_label(PALETTE).select_option(label=PIECE_LABELS[piece])


def place(page: Page, square: str) -> None:
    """Tap ``square`` to place the piece in hand; wait for the move log to list it."""
    act(page, lambda: click_square(page, parse(square)))
    try:
        expect(alert(page)).to_have_count(0)
    except AssertionError:
        raise AssertionError(f"placing on {square}: {alert(page).all_inner_texts()}") from None


def start_hot_seat_setup_by_hand(page: Page) -> None:
    page.get_by_role("button", name="New game", exact=True).click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_label("Opponent (player 2)").select_option(label="Another person at this screen")
    dialog.get_by_label("Your side (player 1)").select_option(label="Attacker (red, moves first)")
    dialog.get_by_label("Armies").select_option(label="Set up by hand")
    dialog.get_by_label("Deal number (blank: random)").fill("7")
    dialog.get_by_role("button", name="Start new game").click()
    expect(dialog).to_be_hidden()


def defender_deploys(page: Page) -> None:
    """Blue's headquarters and bases, then a unit of each type, the limits table following along."""
    expect(status(page)).to_have_text(
        "Setup: player 2 (blue defender) places its headquarters in its zone (or uses the default army).")
    expect(limit(page, "Headquarters")).to_have_text("0 of 1")
    expect(page.get_by_label(PALETTE).locator("option")).to_have_text([PIECE_LABELS["H"]])
    before = log_items(page).count()
    click_square(page, parse("e5"))
    expect(alert(page)).to_have_text("e5 is not a free square of your deployment zone for the headquarters.")
    assert log_items(page).count() == before, "a refused tap plays nothing"
    assert blocking_report(page) == "", "the setup screen passes axe"

    for square, row, count in (("e8", "Headquarters", "1 of 1"), ("a8", "Bases", "1 of 2"), ("i8", "Bases", "2 of 2")):
        place(page, square)
        expect(limit(page, row)).to_have_text(count)
    expect(page.get_by_label(PALETTE).locator("option")).to_have_text([PIECE_LABELS[u] for u in "KAPF"])
    click_square(page, parse("e8"))
    expect(alert(page)).to_have_text("e8 is not a free square of your deployment zone for the knight.")
    for units, (square, piece) in enumerate((("d8", "P"), ("c8", "K"), ("f9", "A"), ("e9", "F")), start=1):
        take_in_hand(page, piece)
        place(page, square)
        expect(limit(page, "Units on the board")).to_have_text(f"{units} of 15 (at least 1)")
    expect(limit(page, "Knights on the board")).to_have_text("1 of 8")
    press(page, "Ready")


def defender_lays_out_reserves(page: Page) -> None:
    """Two knights and three footsoldiers, then knights up to the limit of ten in all (the last one refused)."""
    expect(status(page)).to_have_text(
        "Setup: player 2 (blue defender) lays out reserves (0 of at most 50), then 'ready'.")
    page.get_by_label("Knights to add").fill("2")
    page.get_by_label("Footsoldiers to add").fill("3")
    page.get_by_role("button", name="Add to the reserve").click()
    expect(limit(page, "Reserve units")).to_have_text("5 of 50")
    expect(limit(page, "Knights in all")).to_have_text("3 of 10")
    page.get_by_label("Knights to add").fill("8")
    page.get_by_role("button", name="Add to the reserve").click()
    expect(alert(page)).to_contain_text("Not possible: reserve +K would break a deployment limit (IB-04): "
                                          "at most 10 knights in all (max_knights_total)")
    expect(limit(page, "Knights in all")).to_have_text("10 of 10")
    expect(limit(page, "Reserve units")).to_have_text("12 of 50")
    press(page, "Ready")


def defender_alters(page: Page) -> None:
    """Blue moves its pikeman back a rank and changes a reserve footsoldier into an archer."""
    expect(status(page)).to_have_text("Setup: player 2 (blue defender) may make 4 more alteration(s).")
    expect(page.get_by_label("Alteration", exact=True)).to_have_value("Move a piece")
    click_square(page, parse("d8"))  # the piece to move, then its new square
    act(page, lambda: click_square(page, parse("d9")))
    expect(log_items(page).first).to_contain_text("alter: move Pd8-d9")
    page.get_by_label("Alteration", exact=True).select_option(label="Change a unit's type")
    page.get_by_label(PALETTE).select_option(label=PIECE_LABELS["A"])
    page.get_by_label("Reserve unit", exact=True).select_option(label=PIECE_LABELS["F"])
    press(page, "Change one into the piece in hand")
    expect(log_items(page).first).to_contain_text("alter: change F (reserve) to A")
    expect(status(page)).to_have_text("Setup: player 2 (blue defender) may make 2 more alteration(s).")
    expect(page.get_by_text("In reserve: knight 9, archer 1, footsoldier 2.")).to_be_visible()
    press(page, "Ready")


def test_both_sides_set_up_by_hand_at_one_screen_and_the_game_starts_with_exactly_that(
        tall_page: Page, imperio_url: str) -> None:
    page = tall_page
    open_page(page, imperio_url)
    start_hot_seat_setup_by_hand(page)
    defender_deploys(page)
    defender_lays_out_reserves(page)
    expect(status(page)).to_contain_text("Setup: player 1 (red attacker) places its headquarters")
    press(page, "Use the default army")  # its reserves come with it: blue's alterations follow at once
    defender_alters(page)

    expect(status(page)).to_have_text(re.compile(r"^Turn 1: player 1 \(red attacker\) to act"))
    expect(page.get_by_role("table", name="Limits of your army")).to_have_count(0)
    state = settled_state(page)
    assert state.phase == "play" and state.turn == 1 and state.mover == state.attacker == 0
    pieces = [{name(sq): p.kind for sq, p in enumerate(state.board) if p is not None and p.owner == player}
              for player in (0, 1)]
    assert pieces[1] == {"e8": "H", "a8": "B", "i8": "B", "d9": "P", "c8": "K", "f9": "A", "e9": "F"}
    assert pieces[0] == {name(sq): letter for letter, sq in default_placements(True)}
    assert state.reserves == (DEFAULT_RESERVES[True], (9, 1, 0, 2))
