"""Every game page at desktop (1280x800) and phone (390x844) size, under ``panel serve``.

Each page of ``webapp.registry`` is opened in Chromium at both sizes and saved as
``test-artifacts/screenshots/<page>-desktop.png`` / ``-phone.png`` (git-ignored,
kept by CI as artifacts).  Checked mechanically on each: the viewport meta tag;
at 1280x800 the board (large) and a control the player acts with are on screen
without scrolling, with the side panel beside the board; at 390 px no horizontal
scrolling, and one column with the board first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser import app_link, settle

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NOT_PLAYING = ("New game", "Undo", "Close")
"""Buttons of the frame, not of the game: they do not count as the page's main controls."""
LARGE = 480
"""Least width in pixels of a drawn board at 1280x800."""

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
    board = board_box(page)
    assert board["top"] >= 0 and board["bottom"] <= DESKTOP["height"], f"the board is at {board}"
    if page.locator(".bk-Canvas").count():
        assert board["width"] >= LARGE, f"the board is only {board['width']} px wide"
    side = side_box(page)
    if side is not None:
        beside = side["top"] < board["bottom"] and side["left"] >= board["right"]
        assert beside, "the side panel is not beside the board"
    controls = [c for c in page.evaluate(BOXES, page.locator("main").element_handle())
                if not c["name"].startswith(NOT_PLAYING) and c["top"] >= board["top"]]
    assert controls, "the page offers the player nothing to act with"
    first = min(controls, key=lambda c: c["top"])
    assert first["bottom"] <= DESKTOP["height"], f"the first control ({first['name']!r}) is below the fold: {first}"


def test_phone_has_one_column_without_horizontal_scrolling(app_page: str, panel_serve: Any, page: Any) -> None:
    open_at(page, app_link(panel_serve(app_page), app_page), PHONE, SHOTS / f"{app_page}-phone.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at 390 px: it scrolls sideways"
    board = board_box(page)
    assert board["top"] < PHONE["height"], "the board is not on the phone's first screen"
    side = side_box(page)
    if side is not None:
        assert side["top"] >= board["bottom"], "the side panel is not under the board"
