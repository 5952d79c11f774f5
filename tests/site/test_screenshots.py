"""Every game page at desktop (1280x800) and phone (390x844) size, under ``panel serve``.

Each page of ``webapp.registry`` is opened in Chromium at both sizes and saved as
``test-artifacts/screenshots/<page>-desktop.png`` / ``-phone.png`` (git-ignored,
kept by CI as artifacts).  Checked mechanically on each: the viewport meta tag;
at 1280x800 a one-line header, the board (large) starting within its first
110 px, and a control the player acts with on screen without scrolling, with the
side panel beside the board and its secondary tools folded in "More"; at 390 px
a header at most 70 px tall, no horizontal scrolling, and one column with the
board first.  The T key opens "More" on the position as text, which the screen
reader hears while it is folded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser import app_link, focused, settle, wait_for_focus
from webapp.shell.game_page import MORE

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NOT_PLAYING = ("New game", "Undo", "Close")
"""Buttons of the frame, not of the game: they do not count as the page's main controls."""
LARGE = 480
"""Least width in pixels of a drawn board at 1280x800."""
BOARD_TOP = 110
"""Most pixels above the board's top at 1280x800 (header and turn banner)."""
PHONE_HEADER = 70
"""Most height in pixels of the header on a phone."""

HEADER_LINE = """() => {
  const parts = [...document.querySelectorAll(
    ".rb-header > .rb-brand, .rb-header > h1, .rb-header > nav, .rb-menu > summary")];
  const boxes = parts.map(el => el.getBoundingClientRect());
  return {parts: parts.length, lowestTop: Math.max(...boxes.map(b => b.top)),
          highestBottom: Math.min(...boxes.map(b => b.bottom)),
          height: document.querySelector(".rb-header").getBoundingClientRect().height};
}"""
"""The header's parts (site name, title, the game's links, the menu) and whether they share one line."""

BOXES = """(main) => {
  const seen = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      const tag = el.tagName;
      const role = el.getAttribute("role");
      if (tag === "BUTTON" || tag === "SELECT" || tag === "INPUT" || role === "button" || role === "checkbox") {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width > 0 && r.height > 0 && style.visibility !== "hidden" && !el.disabled) {
          seen.push({name: (el.getAttribute("aria-label") || el.textContent || el.value || tag).trim(),
                     top: r.top + window.scrollY, bottom: r.bottom + window.scrollY});
        }
      }
    }
  };
  walk(main);
  return seen;
}"""


def board_box(page: Any) -> dict[str, float]:
    """Where the board is: the Bokeh canvas, or (a text-first page) the first heading of the game."""
    canvas = page.locator(".bk-Canvas")
    target = canvas.first if canvas.count() else page.locator("main h2").first
    box = target.bounding_box()
    assert box is not None, "the page shows no board"
    return {"top": box["y"], "bottom": box["y"] + box["height"], "right": box["x"] + box["width"],
            "width": box["width"]}


def side_box(page: Any) -> dict[str, float] | None:
    """Where the side panel of a board-and-panels page is (None on a text-first page)."""
    side = page.locator(".rb-side")
    box = side.first.bounding_box() if side.count() else None
    return None if box is None else {"top": box["y"], "left": box["x"]}


def header(page: Any) -> dict[str, float]:
    """The header's height and its parts' lines (one line: the lowest top above the highest bottom)."""
    found: dict[str, float] = page.evaluate(HEADER_LINE)
    assert found["parts"] == 4, "the header lacks the site's name, the title, the game's links or the menu"
    return found


def open_at(page: Any, url: str, size: dict[str, int], shot: Path) -> None:
    page.set_viewport_size(size)
    page.goto(url)
    settle(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot))
    assert page.locator('meta[name="viewport"][content*="width=device-width"]').count() == 1, \
        "no viewport meta tag: phones would draw the page 980 px wide"


def test_desktop_shows_the_board_and_the_main_controls_without_scrolling(
        app_page: str, panel_serve: Any, page: Any) -> None:
    open_at(page, app_link(panel_serve(app_page), app_page), DESKTOP, SHOTS / f"{app_page}-desktop.png")
    line = header(page)
    assert line["lowestTop"] < line["highestBottom"], f"the header takes more than one line: {line}"
    board = board_box(page)
    assert 0 <= board["top"] <= BOARD_TOP, f"the board starts {board['top']:.0f} px down the page (least {BOARD_TOP})"
    assert board["bottom"] <= DESKTOP["height"], f"the board is at {board}"
    if page.locator(".bk-Canvas").count():
        assert board["width"] >= LARGE, f"the board is only {board['width']} px wide"
    side = side_box(page)
    if side is not None:
        beside = side["top"] < board["bottom"] and side["left"] >= board["right"]
        assert beside, "the side panel is not beside the board"
        more = page.locator(".rb-side details.rb-disclosure").last
        expect(more.locator("summary").first).to_have_text(MORE)
        assert more.get_attribute("open") is None, "the secondary tools are not folded away"
    controls = [c for c in page.evaluate(BOXES, page.locator("main").element_handle())
                if not c["name"].startswith(NOT_PLAYING) and c["top"] >= board["top"]]
    assert controls, "the page offers the player nothing to act with"
    first = min(controls, key=lambda c: c["top"])
    assert first["bottom"] <= DESKTOP["height"], f"the first control ({first['name']!r}) is below the fold: {first}"


def test_phone_has_one_column_without_horizontal_scrolling(app_page: str, panel_serve: Any, page: Any) -> None:
    open_at(page, app_link(panel_serve(app_page), app_page), PHONE, SHOTS / f"{app_page}-phone.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at 390 px: it scrolls sideways"
    tall = header(page)["height"]
    assert tall <= PHONE_HEADER, f"the header is {tall:.0f} px tall on a phone (most {PHONE_HEADER})"
    board = board_box(page)
    assert board["top"] < PHONE["height"], "the board is not on the phone's first screen"
    side = side_box(page)
    if side is not None:
        assert side["top"] >= board["bottom"], "the side panel is not under the board"


def test_the_text_key_opens_more_on_the_position_as_text_which_is_heard_while_folded(
        panel_serve: Any, page: Any) -> None:
    open_at(page, app_link(panel_serve("buttonup"), "buttonup"), DESKTOP, SHOTS / "buttonup-text-key.png")
    heard = page.get_by_role("status", name="Position as text")
    expect(heard).to_contain_text("Button Up!")  # the live region is in the page while "More" is closed
    more = page.locator(".rb-side details.rb-disclosure").last
    assert more.get_attribute("open") is None
    page.locator("main").focus()
    page.keyboard.press("t")
    expect(more).to_have_attribute("open", "")
    wait_for_focus(page, "Position as text")
    assert "Button Up!" in focused(page).inner_text(), "the focus is on the text, which reads the position"
