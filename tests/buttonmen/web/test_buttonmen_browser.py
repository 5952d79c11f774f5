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
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

import core
from core.buttonmen import Attack, ButtonMenState, Pass
from webapp.buttonmen.model import MIN_X_END, PIXELS_PER_UNIT, X_START, action_label, die_pixel
from webapp.shell import links

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect  # noqa: E402

AXE = Path(__file__).resolve().parents[3] / "tests" / "js" / "node_modules" / "axe-core" / "axe.min.js"
HUMAN_TURN = re.compile(r"^(Bauer to move|Bauer: choose|Match over)")


def text_view(page: Page) -> Any:
    return page.locator(".rb-live")


def status(page: Page) -> Any:
    return page.locator("strong").filter(has_text=re.compile(r"to move|: choose|: react|Match over|cancelled"))


def current_state(page: Page) -> ButtonMenState:
    """The game in the address bar (the share link), replayed."""
    value = parse_qs(urlparse(page.url).query)["game"][0]
    state = core.replay(links.decode(value)[0])
    assert isinstance(state, ButtonMenState)
    return state


def wait_for_human(page: Page, moves_before: int) -> ButtonMenState:
    """Wait until Bauer (the human) must act, or the match is over, after ``moves_before`` actions.

    A drawn round (a random deal, rare) stays on screen, the bots waiting, until "Next round":
    it is pressed on the way, whoever moves first in the next round.
    """
    next_round = page.get_by_role("button", name="Next round", exact=True)
    deadline = time.monotonic() + 60
    while True:
        if next_round.is_visible():
            next_round.click()
            expect(next_round).to_be_hidden()
        state = current_state(page)
        line = status(page).inner_text()
        settled = HUMAN_TURN.match(line) is not None and state.is_over == line.startswith("Match over") \
            and state.to_move in (0, None)
        if settled and len(state.history) > moves_before:
            return state
        assert time.monotonic() < deadline, f"the page did not settle: {line!r}, {len(state.history)} actions"
        page.wait_for_timeout(200)


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now (the attack controls shown)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [f"{v['id']} ({v['impact']}): {node['target']} - {v['help']}"
            for v in found if v.get("impact") in ("serious", "critical") for node in v["nodes"]]


def click_die(page: Page, state: ButtonMenState, player: int, index: int) -> None:
    """Click a die as player 1 sees the board (their row at the bottom), at the board's size on screen."""
    box = page.locator(".bk-Canvas").first.bounding_box()
    assert box is not None
    x, y = die_pixel(state, player, index, viewer=0)
    scale = box["width"] / ((MIN_X_END - X_START) * PIXELS_PER_UNIT)
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
    page.wait_for_timeout(350)  # BokehJS takes two clicks within ~250 ms for one double tap


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
    page.goto(url)
    expect(text_view(page)).to_contain_text("Button Men, round 1", timeout=60_000)
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    choose_button(page, 1, "Bau", "Bauer (Soldiers, tournament legal): (8) (10) (12) (20) (X)")
    choose_button(page, 2, "avis", "Avis (Soldiers, tournament legal): (4) (4) (10) (12) (X)")
    page.get_by_label("Player 2 is played by").select_option(label="Bot - Greedy: best immediate result")
    page.get_by_label("Rounds needed to win the match").select_option(label="1")
    page.get_by_role("button", name="Start match").click()
    expect(page.get_by_role("dialog", name="New game")).to_be_hidden()
    expect(text_view(page)).to_contain_text("Bauer's recipe: (8) (10) (12) (20) (X).")
    expect(text_view(page)).to_contain_text("first to 1 wins")


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
            if attacks == 0 and AXE.exists():  # the issue-4 audit, with the attack controls on screen
                assert serious_violations(page) == []
            choice.click()
            attacks += 1
        else:
            assert any(isinstance(a, Pass) for a in state.legal_actions())
            expect(page.get_by_text("No attack is possible, so you must pass")).to_be_visible()
            page.get_by_role("button", name="Pass (P)").click()
            passes += 1
        state = wait_for_human(page, before)
        if shared is None and not state.is_over:
            shared = page.get_by_role("link", name="Link to this game").get_attribute("href")

    summary = page.get_by_role("status").filter(has=page.get_by_role("heading", name="Match over"))
    expect(summary).to_contain_text(re.compile(r"(Bauer|Avis) wins the match against (Avis|Bauer), 1 round to 0"))
    expect(page.get_by_role("button", name="New match, same settings")).to_be_visible()
    expect(text_view(page)).to_contain_text("wins the match.")
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
    if AXE.exists():
        assert serious_violations(page) == []
    page.screenshot(path=str(tmp_path / "buttonmen-match-over.png"), full_page=True)

    # a mid-match share link, opened in a fresh page, shows the same position
    assert shared is not None, "the match ended on the human's first attack"
    middle = core.replay(links.decode(parse_qs(urlparse(shared).query)["game"][0])[0])
    other = page.context.new_page()
    other.goto(shared)
    expect(text_view(other)).to_contain_text(middle.describe(0), timeout=60_000)
    assert current_state(other) == middle
    other.close()

    # reloading the finished match loses nothing
    final = page.url
    page.reload()
    expect(summary).to_be_visible(timeout=60_000)
    expect(page.locator("ol.bm-log li")).to_have_count(len(state.log))
    assert current_state(page) == state and page.url == final


FOCUSED = """() => {
  let a = document.activeElement
  while (a && a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement }
  if (!a || a === document.body) { return "(page body)" }
  const label = a.getAttribute("aria-label") || (a.labels && a.labels.length ? a.labels[0].textContent : "") ||
    (a.closest("label") ? a.closest("label").textContent : "") || a.textContent || a.tagName
  return label.trim()
}"""


def focus_moves_to(page: Page, start: str, timeout: float = 30_000) -> str:
    """Wait until the keyboard focus is on a control whose name starts with ``start``; its name."""
    page.wait_for_function(f"() => ({FOCUSED})().startsWith({start!r})", timeout=timeout)
    return str(page.evaluate(FOCUSED))


def test_keyboard_focus_follows_the_player_and_surrender_asks_first(page: Page, panel_serve: Any) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    start_bauer_against_avis(page, panel_serve("buttonmen"))
    canvas = page.locator(".bk-Canvas").first
    expect(canvas).to_have_attribute("aria-label", re.compile(r"^Dice board"))
    assert canvas.locator("[tabindex='0']").count() == 0, "the board is no unnamed tab stop"

    page.get_by_role("button", name="Confirm size").focus()
    page.keyboard.press("Enter")
    state = wait_for_human(page, 0)
    assert focus_moves_to(page, "Your die 1: ").startswith("Your die 1: ")
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
        focus_moves_to(page, "Your die 1: ")
        page.get_by_role("button", name="Surrender the round").focus()
        page.keyboard.press("Enter")
        assert focus_moves_to(page, "No, keep playing") == "No, keep playing"
        expect(page.get_by_text(f"Surrender round {state.round_number}?")).to_be_visible()
        if AXE.exists():
            assert serious_violations(page) == []
        page.keyboard.press("Enter")
        expect(page.get_by_text(f"Surrender round {state.round_number}?")).to_be_hidden()
        focus_moves_to(page, "Surrender the round")
        assert current_state(page) == state, "No keeps playing"

    page.get_by_role("button", name="New game", exact=True).focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Start match").focus()
    page.keyboard.press("Enter")
    if not state.is_over:  # a match in progress is replaced only after "Yes"
        assert focus_moves_to(page, "Yes, start the new game") == "Yes, start the new game"
        page.keyboard.press("Enter")
    expect(page.get_by_label("Size of swing X")).to_be_visible()
    focus_moves_to(page, "New game")  # a new match gives the focus back to the dialog's button
