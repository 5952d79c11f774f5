"""Every game page on a phone (390x844, Chromium, ``panel serve``) in the states a player meets.

Not only the first screen: Button Up! mid-game, Button Men while choosing swing dice and while attacking,
the braille variant mid-game, Battle with the player's battle shown, Fair and Square placing and watching,
Imperio Bellum with an attack's odds shown; the pages beside the games too: the roster with a button shown
and with a lab run's results, the Battle moderator's desk with a result to report and with its form open.
Each state is a seeded game played on in Python (random legal moves, seeded) and opened by its link (the
roster: its first page, then a seeded lab run).  In each the page must not scroll sideways, show no text
under 12 CSS px (the page's own text by its computed font size; the Bokeh boards' text by the sizes the
figures draw, their own transforms applied) and offer no control under 24x24 CSS px, no button under
44x44 (WCAG 2.5.8 / 2.5.5).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import core
import core.imperio as ib
from core.battle import GAME as BATTLE
from core.battle.setup import campaign_setup
from core.buttonmen import roster
from core.protocol import State
from tests.browser import app_link, settle, state_link, tap
from webapp.battle.dialog import BOT_FIRST
from webapp.battle.page import OPENING_NAMES
from webapp.imperio.board import PIXELS, X_RANGE, square_pixels
from webapp.shell.session import HUMAN

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LEAST_TEXT = 12
"""Least font size in CSS pixels of any visible text."""
LEAST_TARGET, BUTTON_TARGET = 24, 44
"""Least width and height in CSS pixels of any control, and of a button (the game's main controls)."""

PAGE_TEXT = """() => {
  const found = [];
  const shown = (el) => { const s = getComputedStyle(el), r = el.getBoundingClientRect();
    return s.visibility !== "hidden" && r.width > 1 && r.height > 1 };
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (["SCRIPT", "STYLE", "TEMPLATE", "OPTION"].includes(el.tagName)) continue;
      const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join("").trim();
      if (text && shown(el)) found.push({text: text.slice(0, 40), size: parseFloat(getComputedStyle(el).fontSize)});
    }
  };
  walk(document);
  return found;
}"""
"""Every visible text of the page (options of a closed list are drawn by the browser) with its font size."""

BOARD_TEXT = """() => {
  const found = [];
  const plain = (spec) => (spec != null && typeof spec === "object" && "value" in spec) ? spec.value : spec;
  for (const doc of Bokeh.documents) for (const m of doc.all_models) {
    if (m.type === "GlyphRenderer" && m.visible && m.glyph.type === "Text") {
      const g = m.glyph, data = m.data_source.data, spec = g.text_font_size;
      const texts = g.text.field ? (data[g.text.field] || []) : [plain(g.text)];
      texts.forEach((text, i) => {
        if (text == null || !String(text).trim()) return;
        let size = spec.field ? data[spec.field][i] : plain(spec);
        if (spec.transform) size = spec.transform.compute(size);
        found.push({text: String(text).slice(0, 40), size: parseFloat(size)});
      });
    } else if (m.type === "Legend" && m.visible && m.items.length) {
      found.push({text: "a chart's legend", size: parseFloat(plain(m.label_text_font_size))});
    } else if (m.type && m.type.endsWith("Axis") && m.visible) {
      found.push({text: "an axis's numbers", size: parseFloat(plain(m.major_label_text_font_size))});
      if (m.axis_label) found.push({text: m.axis_label, size: parseFloat(plain(m.axis_label_text_font_size))});
    } else if (m.type === "Title" && m.visible && m.text) {
      found.push({text: m.text, size: parseFloat(plain(m.text_font_size))});
    }
  }
  return found;
}"""
"""Every text the page's Bokeh figures draw (glyphs, legends, axes, titles) with its font size in CSS pixels."""

OUTSIDE = f"""() => {{
  const found = [];
  const walk = (root) => {{
    for (const el of root.querySelectorAll("*")) {{
      if (el.shadowRoot) walk(el.shadowRoot);
      const r = el.getBoundingClientRect();
      const inner = [...el.children].some(c => c.getBoundingClientRect().right >= r.right);
      if (r.right > {PHONE["width"]} + 1 && r.width > 0 && !inner)
        found.push(`${{el.tagName.toLowerCase()}}.${{el.className}} ${{Math.round(r.width)}} px`);
    }}
  }};
  walk(document);
  return found.slice(0, 5);
}}"""
"""The innermost elements reaching past the phone's right edge (what makes the page scroll sideways)."""

CONTROLS = """() => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      const role = el.getAttribute("role");
      const button = el.tagName === "BUTTON" || role === "button";
      if (!button && !["SELECT", "INPUT", "TEXTAREA", "SUMMARY"].includes(el.tagName) &&
          !["checkbox", "radio", "slider", "tab"].includes(role)) continue;
      if (el.type === "hidden" || getComputedStyle(el).visibility === "hidden") continue;
      const box = ["checkbox", "radio"].includes(el.type) && el.closest("label") || el;
      const r = box.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const name = el.getAttribute("aria-label") || box.textContent || el.value || el.tagName;
      found.push({name: name.trim().slice(0, 40), button, width: r.width, height: r.height});
    }
  };
  walk(document);
  return found;
}"""
"""Every shown control (a checkbox or radio button by its label, which takes the tap too) and its size."""


def phone_problems(page: Page) -> list[str]:
    """What breaks the page on a phone as it is now, one line each ([] when nothing does)."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        problems.append(f"the page is {width} px wide: it scrolls sideways ({', '.join(page.evaluate(OUTSIDE))})")
    for where, script in (("page", PAGE_TEXT), ("board", BOARD_TEXT)):
        problems += [f"{where} text {t['text']!r} is {t['size']:.1f} px" for t in page.evaluate(script)
                     if t["size"] < LEAST_TEXT]
    for c in page.evaluate(CONTROLS):
        least = BUTTON_TARGET if c["button"] else LEAST_TARGET
        if c["width"] < least - 0.5 or c["height"] < least - 0.5:
            problems.append(f"control {c['name']!r} is {c['width']:.0f}x{c['height']:.0f} px (least {least})")
    return problems


def check(page: Page, where: str) -> None:
    """Fail naming ``where`` and every problem of the page on a phone."""
    problems = phone_problems(page)
    assert not problems, f"{where} on a phone:\n" + "\n".join(problems)


def played(state: State, until: Callable[[Any], bool], seed: int = 1, limit: int = 2000) -> Any:
    """``state`` played on by random legal moves (from ``seed``) until ``until`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        actor = min(state.actors)
        state = state.apply(rng.choice(state.legal_actions(actor)), actor)
    pytest.fail(f"no state of the kind wanted within {limit} moves")


def my_turn_after(moves: int) -> Callable[[State], bool]:
    """True once ``moves`` moves are played and player 1 (you) is to act."""
    return lambda s: len(s.history) >= moves and 0 in s.actors


def open_phone(page: Page, url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(url)
    settle(page)


def test_button_up_mid_game(page: Page, panel_serve: Any) -> None:
    state = played(core.get_game("button-up").new(seed=3), my_turn_after(6))
    open_phone(page, state_link(panel_serve("buttonup"), state))
    check(page, "Button Up! mid-game")


@pytest.mark.parametrize(("seed", "phase"), [(4, "swing"), (3, "attack")])
def test_button_men_choosing_swing_dice_and_attacking(page: Page, panel_serve: Any, seed: int, phase: str) -> None:
    state = core.get_game("button-men").new(seed=seed)
    assert state.phase == phase and 0 in state.actors
    open_phone(page, state_link(panel_serve("buttonmen"), state))
    if phase == "attack":  # your die 1 and their die 4 picked: the attack they make is offered
        page.get_by_role("checkbox", name=re.compile("^Your die 1")).check()
        page.get_by_role("checkbox", name=re.compile("^Their die 4")).check()
        expect(page.get_by_role("button", name=re.compile("Power"))).not_to_have_count(0)
    check(page, f"Button Men in its {phase} phase")


def test_braille_mid_game(page: Page, panel_serve: Any) -> None:
    state = played(core.get_game("button-man-braille").new(seed=3), my_turn_after(4))
    open_phone(page, state_link(panel_serve("braille"), state))
    check(page, "the braille variant mid-game")


def test_battle_with_your_battle_shown_and_the_lands_table(page: Page, panel_serve: Any) -> None:
    options: dict[str, Any] = {"players": 4}
    setup = campaign_setup(11, BATTLE.resolve_options(options), OPENING_NAMES, [[None, None]] * 4, None)
    state = played(BATTLE.new(seed=11, **options, setup=setup), lambda s: s.phase == "battles" and 0 in s.actors)
    open_phone(page, state_link(panel_serve("battle"), state, [HUMAN, *[BOT_FIRST] * 3]))
    expect(page.get_by_text("Your move in a battle.")).to_be_visible()
    check(page, "Battle with your battle shown")
    headers = page.locator("th[scope='col']").filter(has_text=re.compile("^(Player|Lands|Status)$"))
    expect(headers).to_have_count(3)
    for header in headers.all():
        whole = header.evaluate("th => th.scrollWidth <= th.clientWidth && th.getClientRects().length === 1 && "
                                "th.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(th).lineHeight)")
        assert whole, f"the lands table's header {header.inner_text()!r} breaks inside its word"


def test_fair_and_square_watching_then_placing(page: Page, panel_serve: Any) -> None:
    state = played(core.get_game("fair-and-square").new(seed=3),
                   lambda s: bool(s.records) and s.placing and 0 in s.actors)  # a round played: boards to watch
    open_phone(page, state_link(panel_serve("fairsquare"), state))
    back = page.get_by_role("button", name="Back to the placement (W)")
    expect(back).to_be_visible()  # the page opens on the round just played
    check(page, "Fair and Square while watching")
    back.click()
    expect(page.get_by_role("button", name="Watch the played boards (W)")).to_be_visible()
    check(page, "Fair and Square while placing")


def test_imperio_with_the_odds_shown(page: Page, panel_serve: Any) -> None:
    opening = core.get_game("imperio-bellum").new(seed=3, setup="default_armies").apply(ib.ChooseRole("attacker"))
    state = played(opening, lambda s: 0 in s.actors and any(isinstance(a, ib.Attack) for a in s.legal_actions(0)))
    attack = next(a for a in state.legal_actions(0) if isinstance(a, ib.Attack))
    open_phone(page, state_link(panel_serve("imperio"), state))
    drawn = (X_RANGE[1] - X_RANGE[0]) * PIXELS
    tap(page, *square_pixels(attack.frm), drawn)
    tap(page, *square_pixels(attack.to), drawn)
    expect(page.get_by_role("table", name=f"Odds of {attack}")).to_be_visible()
    check(page, "Imperio Bellum with an attack's odds shown")


def test_roster_with_a_button_shown_and_a_lab_run(page: Page, panel_serve: Any) -> None:
    open_phone(page, app_link(panel_serve("roster"), "roster"))
    expect(page.get_by_role("status", name="Buttons found")).to_have_text(
        f"{len(roster.buttons())} of {len(roster.buttons())} buttons.")
    search = page.get_by_label("Search by name")
    search.click()
    search.press_sequentially("Bauer", delay=30)
    expect(page.get_by_role("status", name="Buttons found")).to_have_text(f"1 of {len(roster.buttons())} buttons.")
    expect(page.get_by_role("link", name="Play with Bauer")).to_be_visible()
    check(page, "the roster with a button shown")
    page.get_by_label("Play against").select_option(label="The buttons named below")
    page.get_by_label("Button names, separated by commas").fill("Avis, Bauer")
    page.get_by_label("Matches per opponent (even: every deal from both sides)").fill("2")
    page.get_by_label("Seed (the same seed gives the same result)").fill("0")
    page.get_by_label("Seed (the same seed gives the same result)").press("Tab")
    page.get_by_role("button", name="Run the lab").click()
    expect(page.get_by_role("status", name="Lab verdict")).to_contain_text("Verdict: ", timeout=120_000)
    expect(page.get_by_role("region", name="Results per opponent")).to_be_visible()
    check(page, "the roster with a lab run's results")


def test_moderator_desk_with_a_result_to_report_and_its_form(page: Page, panel_serve: Any) -> None:
    options: dict[str, Any] = {"players": 4, "battle_source": "reported"}
    setup = campaign_setup(11, BATTLE.resolve_options(options), OPENING_NAMES, [[None, None]] * 4, None)
    state = played(BATTLE.new(seed=11, **options, setup=setup), lambda s: s.phase == "battles")
    open_phone(page, state_link(panel_serve("battle-moderator"), state, [HUMAN] * 4))
    check(page, "the moderator's desk with a result to report")
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    check(page, "the moderator's desk with its form open")
