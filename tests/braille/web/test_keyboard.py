"""Keyboard-only play of the braille variant in Chromium, read like a screen reader would.

No mouse: the tests only press keys (Tab, digits, Enter, letters, Escape) and
read what the polite live log announces.  One test plays a whole match
against the bot to its end.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest

import core
from tests.browser import address_record, focused
from webapp.shell.links import QUERY_KEY, encode

GAME = core.get_game("button-man-braille")
HUMAN_CUES = ("Player 1, your attacks:", "Player 1 has no possible attack")
END_CUES = ("wins the match", "The match is cancelled")



def focus_key(page: Any) -> str | None:
    """The ``data-key`` of the focused control (else its tag name; None: nothing has the focus)."""
    key = focused(page).evaluate("a => a ? (a.dataset && a.dataset.key) || a.tagName.toLowerCase() : null")
    return None if key is None else str(key)


def game_url(base: str, seed: int, **options: object) -> str:
    """The page opened on a fixed deal through its share link (human against the greedy bot)."""
    record = GAME.new(seed=seed, **options).to_record()  # type: ignore[arg-type]
    return f"{base}?{urlencode({QUERY_KEY: encode(record, ['human', 'greedy'])})}"


def announcements(page: Any) -> list[str]:
    """Every entry of the live log (role=log, aria-live=polite), oldest first."""
    return page.locator(".bmb [role='log'] p").all_inner_texts()


def wait_for_new(page: Any, count: int, cues: tuple[str, ...], timeout: float = 30_000) -> list[str]:
    """Wait until an announcement after the first ``count`` contains one of ``cues``."""
    page.wait_for_function(
        """([count, cues]) => {
          const entries = [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean)
            .flatMap(r => [...r.querySelectorAll(".bmb [role='log'] p")])
          return entries.length > count && cues.some(c => entries[entries.length - 1].textContent.includes(c))
        }""",
        arg=[count, list(cues)], timeout=timeout,
    )
    return announcements(page)


def open_game(page: Any, url: str) -> list[str]:
    page.goto(url)
    page.locator(".bmb [role='log'] p").first.wait_for(timeout=60_000)
    return wait_for_new(page, 0, HUMAN_CUES + END_CUES)


def test_live_log_is_polite_and_every_control_is_reachable_by_tab(panel_serve: Any, page: Any) -> None:
    open_game(page, game_url(panel_serve("braille"), seed=3))
    log = page.locator(".bmb [role='log']")
    assert log.get_attribute("aria-live") == "polite"
    reached = []
    for _ in range(60):
        page.keyboard.press("Tab")
        key = focus_key(page)
        if key in reached:
            continue
        reached.append(key)
    for control in ("attack-1", "command", "lang", "large", "contrast", "cells", "code", "opponent", "new",
                    "share", "log"):
        assert control in reached, f"{control} is not reachable with Tab (reached: {reached})"
    assert reached.index("attack-1") < reached.index("command") < reached.index("lang")


def test_keys_read_refuse_select_and_cancel(panel_serve: Any, page: Any) -> None:
    first = open_game(page, game_url(panel_serve("braille"), seed=3))
    assert len(first) == 1, "only the shared game is announced on opening"
    assert "Round 1." in first[0] and "Player 1: d3 shows 1; d4 shows 2; twin shows 10 (4 and 6);" in first[0]
    n = len(first)
    for key, cue in (("d", "Player 1: d3 shows"), ("s", "if it ended now"), ("h", "Keys:"),
                     ("l", "1. Power:"), ("p", "You cannot pass"), ("?", "Keys:")):
        page.keyboard.press(key)
        n = len(wait_for_new(page, n, (cue,)))
    page.keyboard.type("99")
    page.keyboard.press("Enter")
    n = len(wait_for_new(page, n, ("There is no attack number 99",)))
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    selected = wait_for_new(page, n, ("Selected 2:",))
    assert focus_key(page) == "confirm"
    assert page.locator(".bmb [data-key='attack-2']").get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    wait_for_new(page, len(selected), ("Selection cancelled.",))
    assert page.locator(".bmb [data-key='attack-2']").get_attribute("aria-pressed") == "false"


def test_language_switch_by_keyboard_is_part_of_the_share_link(panel_serve: Any, page: Any) -> None:
    n = len(open_game(page, game_url(panel_serve("braille"), seed=4)))
    for _ in range(80):
        page.keyboard.press("Tab")
        if focus_key(page) == "lang":
            break
    assert focus_key(page) == "lang"
    assert page.get_by_role("heading", level=1).inner_text() == "Button Man (braille variant)"
    page.keyboard.press("ArrowDown")  # English -> Deutsch
    page.get_by_role("heading", name="Würfel").wait_for()
    page.get_by_role("heading", level=1, name="Button Man (Braille-Variante)").wait_for()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.get_by_role("link", name="Zum Spiel springen").count() == 1
    page.keyboard.press("Tab")  # leave the list box (letters there pick an entry)
    assert focus_key(page) == "large"
    page.keyboard.press("d")
    wait_for_new(page, n, ("Spieler 1: W3 zeigt",))
    assert page.locator(".bmb").get_attribute("lang") == "de"
    shared = page.url
    assert re.search(rf"[?&]{QUERY_KEY}=", shared)
    page.goto(shared)
    page.get_by_role("heading", name="Mögliche Angriffe").wait_for(timeout=60_000)
    assert page.get_by_role("heading", level=1).inner_text() == "Button Man (Braille-Variante)"
    page.keyboard.press("s")
    assert "wenn sie jetzt endete" in wait_for_new(page, 0, ("wenn sie jetzt endete",))[-1]


def test_a_whole_match_without_the_mouse(panel_serve: Any, page: Any) -> None:
    """Digits + Enter choose, Enter confirms, p passes: until the match is won."""
    heard = open_game(page, game_url(panel_serve("braille"), seed=21))
    turns = 0
    while not any(cue in heard[-1] for cue in END_CUES):
        last = heard[-1]
        count = len(heard)
        if "Player 1 has no possible attack" in last:
            page.keyboard.press("p")
        else:
            assert "1. Power:" in last or "1. Skill:" in last, last
            page.keyboard.press("1")
            page.keyboard.press("Enter")
            count = len(wait_for_new(page, count, ("Selected 1:",)))
            page.keyboard.press("Enter")  # on the focused Confirm button
        heard = wait_for_new(page, count, HUMAN_CUES + END_CUES)
        turns += 1
        assert turns < 300, "the match did not end"
    said = " ".join(heard)
    assert said.count("Round 1.") == 1, "the match went back to its start:\n" + "\n".join(heard[:6])
    assert re.search(r"(Player 1|Bot) wins the match, 3 rounds to [0-2]\.", said)
    assert "Round 2." in said and "ends:" in said
    page.keyboard.press("s")
    final = wait_for_new(page, len(heard), ("Match, first to 3:",))[-1]
    assert re.search(r"Match, first to 3: Player 1 [0-3], Bot [0-3]", final)


def test_a_bot_that_begins_is_heard_and_the_link_keeps_its_move(panel_serve: Any, page: Any) -> None:
    """The page's late report of its opening address must not take the bot's move back."""
    assert GAME.new(seed=1).to_move == 1  # the bot begins
    heard = open_game(page, game_url(panel_serve("braille"), seed=1))
    assert any(line.startswith("Bot, ") for line in heard), heard
    # A round trip: the page reports its opening address as it loads, before this key, so the answer to
    # the key shows that the page has dealt with that report.
    page.keyboard.press("s")
    heard = wait_for_new(page, len(heard), ("if it ended now",))
    assert " ".join(heard).count("Round 1.") == 1, heard
    record = address_record(page.url)
    assert record is not None
    state = core.replay(record)
    assert len(state.history) == 1 and state.to_move == 0


@pytest.mark.parametrize("lang", ["en"])
def test_manual_dice_are_typed_and_checked(panel_serve: Any, page: Any, lang: str) -> None:
    url = game_url(panel_serve("braille"), seed=5, dice_source="manual", announce_language=lang)
    page.goto(url)
    page.locator(".bmb [role='log'] p").first.wait_for(timeout=60_000)
    assert "roll your d3 and type the result (1 to 3)" in announcements(page)[-1]
    n = len(announcements(page))
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    n = len(wait_for_new(page, n, ("A d3 shows 1 to 3; 7 is not possible.",)))
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    assert "Player 1's d3 now shows 2." in wait_for_new(page, n, ("roll your d4",))[-1]


def test_a_damaged_link_is_said_and_shown_before_the_new_match(panel_serve: Any, page: Any) -> None:
    heard = open_game(page, f"{panel_serve('braille')}?{QUERY_KEY}=not-a-game")
    assert heard[0].startswith("The game link could not be opened (it is damaged"), heard
    assert "A new game was started instead. Round 1." in heard[0]
    alert = page.locator(".bmb [role='alert']")
    assert "could not be opened" in alert.inner_text()
    record = address_record(page.url)
    assert record is not None and record["game"] == GAME.name


def test_large_text_and_contrast_survive_a_reload(panel_serve: Any, page: Any) -> None:
    url = game_url(panel_serve("braille"), seed=3)
    open_game(page, url)
    root = page.locator(".bmb")
    for name in ("large", "contrast"):
        page.locator(f".bmb [data-key='{name}']").check()
        page.wait_for_function(
            """name => [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean)
                 .some(r => r.querySelector('.bmb.' + name))""", arg=name)
    page.reload()
    page.locator(".bmb [role='log'] p").first.wait_for(timeout=60_000)
    page.wait_for_function(
        """() => [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean)
             .some(r => r.querySelector('.bmb.large.contrast'))""")
    assert page.locator(".bmb [data-key='large']").is_checked()
    assert page.locator(".bmb [data-key='contrast']").is_checked()
    page.locator(".bmb [data-key='contrast']").uncheck()
    page.goto(url)  # another visit, through a link: the browser still knows the choices
    page.locator(".bmb [role='log'] p").first.wait_for(timeout=60_000)
    page.wait_for_function(
        """() => [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean)
             .some(r => r.querySelector('.bmb.large:not(.contrast)'))""")
    assert "large" in (root.get_attribute("class") or "")
