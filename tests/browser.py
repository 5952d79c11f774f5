"""What every browser test does with a page: open it, read it, tap its board, audit it, wait for it.

Every wait here is for something the page announces: a text, an attribute, the game record in the
address bar, or a change of the page's Bokeh document (:func:`until`), never a fixed time.  The one
clock the tests respect is BokehJS's own: a second tap on a figure within its double-tap threshold
is reported as a double tap, so :func:`tap` waits until that window of the previous tap has closed
(a condition the browser holds, not a sleep).  axe-core audits (:func:`audit`) skip locally and
fail under ``CI=true`` when axe is not installed, like every other missing tool.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import core
from core.protocol import State
from tests.shared_data import missing
from tools.common import AXE_JS
from webapp.registry import APPS
from webapp.shell import links
from webapp.shell.session import HUMAN

T = TypeVar("T")
S = TypeVar("S", bound=State)

BLOCKING = ("serious", "critical")
"""axe-core impacts that fail a page."""

DEEP_FOCUS = """() => { let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement }
  return a }"""
"""The element holding the keyboard focus, inside shadow roots too."""

CHANGES = """() => { if (typeof Bokeh === 'undefined' || !Bokeh.documents.length) return -1;
  if (window.rbChanges === undefined) { window.rbChanges = 0;
    for (const doc of Bokeh.documents) doc.on_change(() => { window.rbChanges += 1 }) }
  return window.rbChanges }"""
"""How often the page's Bokeh document changed since the count began (-1: no document yet)."""

CHANGED = "seen => window.rbChanges === undefined || window.rbChanges > seen"

INPUT_DELAYS = """() => { window.rbDelays = [];
    document.addEventListener('pointerdown', e => window.rbDelays.push(performance.now() - e.timeStamp), true); }"""
"""Records how long each click waited before the page handled it (read ``window.rbDelays``)."""

TAP_READY = """() => { if (window.rbLastTap === undefined) { window.rbLastTap = -Infinity;
  document.addEventListener('pointerup', e => { window.rbLastTap = e.timeStamp }, true) }
  return performance.now() - window.rbLastTap > 300 }"""
"""True once a new click on a figure is a tap: BokehJS (``UIGestures.doubletap_threshold``, 300 ms)
reports a second click within 300 ms of a tap only as a double tap."""


def squash(text: str) -> str:
    """``text`` with every run of white space made one space (as the browser renders it)."""
    return re.sub(r"\s+", " ", text).strip()


def live(page: Page) -> Locator:
    """The text view: the page's polite live region."""
    return page.locator(".rb-live").first


def status(page: Page) -> Locator:
    """The status line of a game page (whose turn, or the result)."""
    return page.locator(".rb-status strong").first


def alert(page: Page) -> Locator:
    """The page's refusals and warnings (role ``alert``)."""
    return page.get_by_role("alert")


def open_app(page: Page, url: str | None, ready: str | re.Pattern[str], timeout: float = 60_000) -> None:
    """Go to ``url`` (None: reload) and wait until the text view says ``ready`` (the first page of a busy
    machine may take many seconds)."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    expect(live(page)).to_contain_text(ready, timeout=timeout)


def settle(page: Page, timeout: float = 60_000) -> None:
    """Wait until the page's Bokeh document is drawn (every view rendered), the page says it is ready
    (a text view such as a game's or the roster's count, or the braille log) and no request is under way."""
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle",
                           timeout=timeout)
    ready = page.locator(".rb-live, .bmb [role='log'] p")
    expect(ready.first).not_to_be_empty(timeout=timeout)
    page.wait_for_load_state("networkidle")


def share_link(page: Page) -> str | None:
    """The address of the page's "Link to this game", read as a player does: in the "More" fold, opened first."""
    fold = page.locator("details.rb-disclosure").filter(has=page.locator("summary", has_text="More:"))
    if fold.get_attribute("open") is None:
        fold.locator("summary").first.click()
    return fold.get_by_role("link", name="Link to this game").get_attribute("href")


def focused(page: Page) -> Any:
    """A handle on the element holding the keyboard focus."""
    return page.evaluate_handle(DEEP_FOCUS)


FOCUS_NAME = f"""() => {{ const a = ({DEEP_FOCUS})();
  if (!a || a === document.body) {{ return "(page body)" }}
  const label = a.getAttribute("aria-label") || (a.labels && a.labels.length ? a.labels[0].textContent : "") ||
    (a.closest("label") ? a.closest("label").textContent : "") || a.textContent || a.tagName
  return label.trim() }}"""
"""The accessible name of the focused control, roughly: its aria-label, label or text."""


def focus_name(page: Page) -> str:
    """The name of the control holding the keyboard focus ("(page body)" when none does)."""
    return str(page.evaluate(FOCUS_NAME))


def wait_for_focus(page: Page, start: str, timeout: float = 30_000) -> str:
    """Wait until the keyboard focus is on a control whose name starts with ``start``; its name."""
    page.wait_for_function(f"() => ({FOCUS_NAME})().startsWith({start!r})", timeout=timeout)
    return focus_name(page)


def until(page: Page, probe: Callable[[], T | None], what: str, timeout: float = 60_000) -> T:
    """``probe()`` once it gives a true value; after each false one, wait for the page to change.

    The page changes through its Bokeh document (every server update, the address bar included), so
    this polls only when the page announces something.  Fails naming ``what`` after ``timeout`` ms.
    """
    deadline = time.monotonic() + timeout / 1000
    while True:
        seen = page.evaluate(CHANGES)
        found = probe()
        if found:
            return found
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"the page did not reach {what} within {timeout / 1000:.0f} s")
        try:
            if seen < 0:
                page.wait_for_function("() => typeof Bokeh !== 'undefined' && Bokeh.documents.length > 0",
                                       timeout=left * 1000)
            else:
                page.wait_for_function(CHANGED, arg=seen, timeout=left * 1000)
        except PlaywrightTimeout:
            pytest.fail(f"the page did not reach {what} within {timeout / 1000:.0f} s")


def seeded_link(url: str, game: str, seed: int, seats: Sequence[str] | None = None) -> str:
    """``url`` opened on a new game of ``game`` dealt from ``seed``: the same game on any machine.

    ``seats`` default to you against the game's default bot in every other seat (bots play untimed
    under ``panel_serve``)."""
    return state_link(url, core.get_game(game).new(seed=seed), seats)


def state_link(url: str, state: State, seats: Sequence[str] | None = None) -> str:
    """``url`` opened on ``state`` (its public record), ``seats`` defaulting as in :func:`seeded_link`."""
    sitting = list(seats) if seats is not None else [HUMAN, *[state.game.default_bot] * (state.players - 1)]
    return f"{url}?{links.QUERY_KEY}={links.encode(state.to_record(public=True), sitting)}"


def app_link(url: str, page: str, seed: int = 1) -> str:
    """The registry's ``page`` at ``url``, opened on a deal of ``seed`` when it plays a game (not the roster)."""
    entry = next(e for e in APPS if e.page == page)
    return url if entry.title else seeded_link(url, entry.game, seed)


def address_record(url: str) -> dict[str, Any] | None:
    """The public record in a page's address (or a share link), None if it holds none."""
    values = parse_qs(urlparse(url).query).get(links.QUERY_KEY)
    return links.decode(values[0])[0] if values else None


def address_state(page: Page, kind: type[S]) -> S:
    """The game in the page's address bar (the share link), replayed."""
    record = address_record(page.url)
    assert record is not None, f"the address holds no game: {page.url}"
    state = core.replay(record)
    assert isinstance(state, kind)
    return state


def wait_for_state(page: Page, kind: type[S], done: Callable[[S], bool], what: str,
                   timeout: float = 60_000) -> S:
    """The game in the address bar once ``done`` holds for it (it follows every change of the game)."""

    def reached() -> S | None:
        if address_record(page.url) is None:
            return None
        state = address_state(page, kind)
        return state if done(state) else None

    return until(page, reached, what, timeout)


def settled_record(page: Page, log: Locator) -> dict[str, Any]:
    """The record in the address bar once it holds exactly as many actions as ``log`` lists entries."""

    def caught_up() -> dict[str, Any] | None:
        record = address_record(page.url)
        return record if record is not None and len(record["actions"]) == log.count() else None

    return until(page, caught_up, "an address holding every move of the log")


def grows(locator: Locator, do: Callable[[], None]) -> None:
    """Run ``do()`` and wait until ``locator`` matches another number of elements (the move log grew)."""
    before = locator.count()
    do()
    expect(locator).not_to_have_count(before)


def tap(page: Page, x: float, y: float, drawn_width: float | None = None) -> None:
    """Click the first board at ``(x, y)`` pixels of its own size, ``drawn_width`` pixels wide (the board
    may be drawn smaller on a narrow screen; None: at its own size), as a tap, never a double tap."""
    canvas = page.locator(".bk-Canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None, "the page shows no board"
    scale = 1.0 if drawn_width is None else box["width"] / drawn_width
    page.wait_for_function(TAP_READY)
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def audit(page: Page, within: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now, or in the elements matching the CSS selector ``within``
    (axe absent: skip, or fail under CI)."""
    if not AXE_JS.exists():
        missing(f"axe-core ({AXE_JS}: npm install --prefix tests/js axe-core)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    result = page.evaluate("async (within) => (await axe.run(within === null ? document : within, "
                           "{resultTypes: ['violations']})).violations", within)
    assert isinstance(result, list)
    return result


def report(violations: list[dict[str, Any]], impacts: tuple[str, ...] | None = BLOCKING) -> str:
    """The violations of ``impacts`` (None: every impact), one line per element."""
    return "\n".join(f"{v['id']} ({v['impact']}): {node['target']} {node['html'][:160]!r} - {v['help']}"
                     for v in violations if impacts is None or v.get("impact") in impacts for node in v["nodes"])


def blocking_report(page: Page) -> str:
    """The serious and critical axe violations on the page as it is now ("" when none)."""
    return report(audit(page))
