"""Button Men in Chromium against ``panel serve``: Bauer against Avis, a whole match by clicks.

The test plays as a new user would: it picks the buttons in the roster search
fields, chooses the swing size, then clicks its dice and the target on the
Bokeh board and presses the attack offered by name, until the end-of-match
summary.  Which attack to click is read from the game record in the address
bar (the share link), replayed with :mod:`core`; the page itself is only driven
by clicks.  A share link opened in a fresh page restores the exact game.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import core
from core.bots import make_bot
from core.buttonmen import Attack, ButtonMenState, Pass
from tests.browser import (TAP_READY, address_record, address_state, blocking_report, live, open_app, settle,
                           share_link, state_link, status, tap, until, wait_for_focus)
from webapp.buttonmen.model import MIN_X_END, PIXELS_PER_UNIT, X_START, action_label, die_pixel

pytestmark = pytest.mark.browser

HUMAN_TURN = re.compile(r"^(Bauer to move|Bauer: choose|Match over)")
DEAL = "5"
"""The deal number of every match here: the same match on any machine (the bots play untimed)."""


def current_state(page: Page) -> ButtonMenState:
    """The game in the address bar (the share link), replayed."""
    return address_state(page, ButtonMenState)


def wait_for_human(page: Page, moves_before: int) -> ButtonMenState:
    """Wait until Bauer (the human) must act, or the match is over, after ``moves_before`` actions.

    A drawn round stays on screen, the bots waiting, until "Next round": it is pressed on the way,
    whoever moves first in the next round.
    """
    next_round = page.get_by_role("button", name="Next round", exact=True)

    def settled() -> ButtonMenState | None:
        if next_round.is_visible():
            next_round.click()
            return None
        state = current_state(page)
        line = status(page).inner_text()
        ready = HUMAN_TURN.match(line) is not None and state.is_over == line.startswith("Match over") \
            and state.to_move in (0, None)
        return state if ready and len(state.history) > moves_before else None

    return until(page, settled, f"Bauer's turn after {moves_before} actions")


def click_die(page: Page, state: ButtonMenState, player: int, index: int) -> None:
    """Tap a die as player 1 sees the board (their row at the bottom); its check box follows."""
    x, y = die_pixel(state, player, index, viewer=0)
    tap(page, x, y, (MIN_X_END - X_START) * PIXELS_PER_UNIT)
    whose = "Your" if player == 0 else "Their"
    expect(page.get_by_role("checkbox", name=re.compile(rf"^{whose} die {index + 1}: "))).to_be_checked()


def choose_button(page: Page, player: int, typed: str, info: str) -> None:
    """Search the roster field of ``player`` and pick the button; its recipe line then shows."""
    field = page.get_by_label(f"Player {player}'s button (type to search the roster)")
    for _ in range(3):  # a field edited while the first render still syncs can be reset: retry
        field.click()
        field.press("Control+a")
        field.press_sequentially(typed, delay=30)
        if player == 1:  # pick from the roster's suggestions
            page.locator(".bk-menu div").filter(has_text=re.compile(r"^Bauer$")).click()
        else:  # or type a name in any case and press Enter
            field.press("Enter")
        try:
            expect(page.get_by_text(info)).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            continue
    expect(page.get_by_text(info)).to_be_visible()


def start_bauer_against_avis(page: Page, url: str) -> None:
    open_app(page, url, "Button Men, round 1")
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    choose_button(page, 1, "Bau", "Bauer (Soldiers, tournament legal): (8) (10) (12) (20) (X)")
    choose_button(page, 2, "avis", "Avis (Soldiers, tournament legal): (4) (4) (10) (12) (X)")
    page.get_by_label("Player 2 is played by").select_option(label="Bot - Greedy: best immediate result")
    page.get_by_label("Rounds needed to win the match").select_option(label="1")
    page.get_by_label("Deal number (blank: random)").fill(DEAL)
    page.get_by_role("button", name="Start match").click()
    expect(page.get_by_role("dialog", name="New game")).to_be_hidden()
    expect(live(page)).to_contain_text("Bauer's recipe: (8) (10) (12) (20) (X).")
    expect(live(page)).to_contain_text("first to 1 wins")


def test_bauer_against_avis_whole_match_by_clicks_then_share_link(page: Page, panel_serve: Any,
                                                                  tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    start_bauer_against_avis(page, panel_serve("buttonmen"))

    expect(page.get_by_label("Size of swing X")).to_be_visible()
    page.get_by_label("Size of swing X").select_option(label="12 sides")
    page.get_by_role("button", name="Confirm size").click()

    state = wait_for_human(page, 0)
    assert state.chosen[0] == (("X", 12),)
    attacks = passes = 0
    shared: str | None = None
    while not state.is_over:
        assert state.phase == "attack", f"unexpected phase {state.phase}"
        before = len(state.history)
        offered = [a for a in state.legal_actions() if isinstance(a, Attack)]
        if offered:
            attack = max(offered, key=lambda a: (a.kind == "Power", -len(a.attackers)))
            expect(page.get_by_text("Attacking is mandatory")).to_be_visible()
            for i in attack.attackers:
                click_die(page, state, 0, i)
            for j in attack.targets:
                click_die(page, state, 1, j)
            choice = page.get_by_role("button", name=action_label(state, attack), exact=True)
            expect(choice).to_be_visible()
            if attacks == 0:  # the issue-4 audit, with the attack controls on screen
                assert blocking_report(page) == ""
            choice.click()
            attacks += 1
        else:
            assert any(isinstance(a, Pass) for a in state.legal_actions())
            expect(page.get_by_text("No attack is possible, so you must pass")).to_be_visible()
            page.get_by_role("button", name="Pass (P)").click()
            passes += 1
        state = wait_for_human(page, before)
        if shared is None and not state.is_over:
            shared = share_link(page)

    summary = page.get_by_role("status").filter(has=page.get_by_role("heading", name="Match over"))
    expect(summary).to_contain_text(re.compile(r"(Bauer|Avis) wins the match against (Avis|Bauer), 1 round to 0"))
    expect(page.get_by_role("button", name="New match, same settings")).to_be_visible()
    expect(live(page)).to_contain_text("wins the match.")
    page.locator("summary", has_text="Round history").click()  # a folded section of the side panel
    history = page.get_by_role("table", name="Round history").locator("tbody tr")
    expect(history).to_have_count(len(state.rounds))
    expect(page.locator("ol.bm-log li")).to_have_count(len(state.log))
    assert attacks >= 1, "the human never attacked"
    # the last round stays on screen: its result, each side's dice and captures, and the scores
    expect(page.get_by_role("heading", name=f"Round {state.rounds[-1].number} over")).to_be_visible()
    ended = page.get_by_role("table", name="How the round ended").locator("tbody tr")
    expect(ended).to_have_count(2)
    expect(ended.first).to_contain_text("Bauer")
    assert blocking_report(page) == ""
    page.screenshot(path=str(tmp_path / "buttonmen-match-over.png"), full_page=True)

    # a mid-match share link, opened in a fresh page, shows the same position
    assert shared is not None, "the match ended on the human's first attack"
    record = address_record(shared)
    assert record is not None
    middle = core.replay(record)
    other = page.context.new_page()
    open_app(other, shared, middle.describe(0))
    assert current_state(other) == middle
    other.close()

    # reloading the finished match loses nothing
    final = page.url
    page.reload()
    expect(summary).to_be_visible(timeout=60_000)
    expect(page.locator("ol.bm-log li")).to_have_count(len(state.log))
    assert current_state(page) == state and page.url == final


def test_keyboard_focus_follows_the_player_and_surrender_asks_first(page: Page, panel_serve: Any) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    start_bauer_against_avis(page, panel_serve("buttonmen"))
    canvas = page.locator(".bk-Canvas").first
    expect(canvas).to_have_attribute("aria-label", re.compile(r"^Dice board"))
    assert canvas.locator("[tabindex='0']").count() == 0, "the board is no unnamed tab stop"

    page.get_by_role("button", name="Confirm size").focus()
    page.keyboard.press("Enter")
    state = wait_for_human(page, 0)
    assert wait_for_focus(page, "Your die 1: ").startswith("Your die 1: ")
    mine = page.get_by_role("group", name="Your dice (Bauer), attacking")
    theirs = page.get_by_role("group", name="Their dice (Avis), to capture")
    expect(mine.get_by_role("checkbox")).to_have_count(len(state.dice[0]))
    expect(theirs.get_by_role("checkbox")).to_have_count(len(state.dice[1]))

    attack = next(a for a in state.legal_actions() if isinstance(a, Attack))
    for i in attack.attackers:
        page.get_by_role("checkbox", name=re.compile(rf"^Your die {i + 1}: ")).focus()
        page.keyboard.press("Space")
    for j in attack.targets:
        page.get_by_role("checkbox", name=re.compile(rf"^Their die {j + 1}: ")).focus()
        page.keyboard.press("Space")
    choice = page.get_by_role("button", name=action_label(state, attack), exact=True)
    choice.focus()
    page.keyboard.press("Enter")
    state = wait_for_human(page, len(state.history))
    if not state.is_over:
        wait_for_focus(page, "Your die 1: ")
        page.get_by_role("button", name="Surrender the round").focus()
        page.keyboard.press("Enter")
        assert wait_for_focus(page, "No, keep playing") == "No, keep playing"
        expect(page.get_by_text(f"Surrender round {state.round_number}?")).to_be_visible()
        assert blocking_report(page) == ""
        page.keyboard.press("Enter")
        expect(page.get_by_text(f"Surrender round {state.round_number}?")).to_be_hidden()
        wait_for_focus(page, "Surrender the round")
        assert current_state(page) == state, "No keeps playing"

    page.get_by_role("button", name="New game", exact=True).focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Start match").focus()
    page.keyboard.press("Enter")
    if not state.is_over:  # a match in progress is replaced only after "Yes"
        assert wait_for_focus(page, "Yes, start the new game") == "Yes, start the new game"
        page.keyboard.press("Enter")
    expect(page.get_by_label("Size of swing X")).to_be_visible()
    wait_for_focus(page, "New game")  # a new match gives the focus back to the dialog's button


def test_two_quick_clicks_on_two_dice_select_both(page: Page, panel_serve: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    start_bauer_against_avis(page, panel_serve("buttonmen"))
    page.get_by_role("button", name="Confirm size").click()
    state = wait_for_human(page, 0)
    canvas = page.locator(".bk-Canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    scale = box["width"] / ((MIN_X_END - X_START) * PIXELS_PER_UNIT)
    points = [die_pixel(state, 0, 0, viewer=0), die_pixel(state, 1, 0, viewer=0)]
    page.wait_for_function(TAP_READY)
    started = page.evaluate("performance.now()")
    for x, y in points:  # one click after the other, well within BokehJS's 300 ms double-tap window
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
    assert page.evaluate("performance.now()") - started < 300, "the clicks were not quick"
    expect(page.get_by_role("checkbox", name=re.compile(r"^Your die 1: "))).to_be_checked()
    expect(page.get_by_role("checkbox", name=re.compile(r"^Their die 1: "))).to_be_checked()


DICE_LABELS = """() => {
  const found = [], ctx = document.createElement("canvas").getContext("2d");
  for (const doc of Bokeh.documents) for (const m of doc.all_models) {
    if (m.type !== "GlyphRenderer" || m.glyph.type !== "Text" || m.glyph.text.field !== "notation") continue;
    const plot = [...doc.all_models].find(p => Array.isArray(p.renderers) && p.renderers.includes(m));
    const unit = plot.inner_width / (plot.x_range.end - plot.x_range.start);
    const data = m.data_source.data;
    Array.from(data.notation).forEach((text, i) => {
      ctx.font = `${data.notation_size[i]} ${m.glyph.text_font.value || "helvetica"}`;
      found.push({text, die: data.size[i] * unit, width: ctx.measureText(text).width,
                  font: parseFloat(data.notation_size[i])});
    });
  }
  return found;
}"""
"""Every die's notation label drawn on the boards: its text, width and font size, and its die's width (CSS px)."""


def test_on_a_phone_the_dice_are_larger_and_every_label_fits_its_die(page: Page, panel_serve: Any) -> None:
    state = core.get_game("button-men").new(seed=4)  # swing dice to choose, then chosen: "(X=...)" labels
    bot = make_bot(state.game, state.game.default_bot, seed=1)
    while not (state.phase == "attack" and 0 in state.actors):
        assert not state.is_over
        actor = min(state.actors)
        state = state.apply(bot.choose(state, actor), actor)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(state_link(panel_serve("buttonmen"), state))
    settle(page)

    def fitted() -> list[dict[str, Any]] | None:
        labels = [d for d in page.evaluate(DICE_LABELS) if d["text"]]
        fit = labels and all(d["font"] >= 12 and d["width"] <= d["die"] for d in labels)
        return labels if fit and min(d["die"] for d in labels) >= 48 else None

    labels = until(page, fitted, "dice of 48 px or more, each label at 12 px or more inside its die", 30_000)
    assert any("=" in d["text"] for d in labels), f"no chosen swing die is drawn: {labels}"
