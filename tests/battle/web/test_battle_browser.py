"""The Battle page in Chromium against ``panel serve``: a round with bot-played battles, and the moderator
entering the Lesotho game's first round with reported results."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from core.battle import GAME
from core.battle.setup import campaign_setup
from core.battle.state import CampaignState
from tests.browser import (INPUT_DELAYS, address_state, alert, blocking_report, live, open_app, tap, until,
                           wait_for_state)
from webapp.battle.dialog import BOT_FIRST
from webapp.battle.model import centre_pixels
from webapp.battle.page import OPENING_NAMES
from webapp.shell import links
from webapp.shell.session import HUMAN

pytestmark = pytest.mark.browser

LESOTHO_PLAYERS = """Irilyth: Horace @ Thaba-Tseka, Craptacular @ Qacha's Nek
Kaori: Gil @ Berea, New Jersey @ Leribe
ElihuRoot: Randy @ Mokhotlong, Death @ Butha-Buthe
Gauen: Dixie @ Mafeteng, Massachusetts @ Maseru
AnnoDomini: The James Beast @ Mohale's Hoek, South Carolina @ Quthing"""


def current_state(page: Page) -> CampaignState:
    """The campaign in the address bar (the share link), replayed."""
    return address_state(page, CampaignState)


def wait_for(page: Page, done: Callable[[CampaignState], bool], what: str, seconds: float = 120) -> CampaignState:
    """The campaign in the address bar once ``done`` holds for it."""
    return wait_for_state(page, CampaignState, done, what, seconds * 1000)


def ordered(origin: int, target: int, state: CampaignState) -> bool:
    return any(b.origin == origin and b.target == target for b in state.battles)


def longer(count: int, state: CampaignState) -> bool:
    return len(state.history) > count


def open_page(page: Page, url: str | None) -> None:
    """Go to ``url`` (None: reload) and wait until the campaign is shown."""
    page.set_default_timeout(30_000)
    page.set_viewport_size({"width": 1400, "height": 1100})
    open_app(page, url, "ButtonMen Battle on")
    page.wait_for_load_state("networkidle")


def seeded_campaign(url: str, seed: int) -> str:
    """The page opened on its opening campaign (you and three strategist bots on Belgium), dealt from ``seed``."""
    options: dict[str, Any] = {"players": 4}
    setup = campaign_setup(seed, GAME.resolve_options(options), OPENING_NAMES, [[None, None]] * 4, None)
    state = GAME.new(seed=seed, **options, setup=setup)
    return f"{url}?{links.QUERY_KEY}={links.encode(state.to_record(public=True), [HUMAN, *[BOT_FIRST] * 3])}"


def click_territory(page: Page, state: CampaignState, territory: int) -> None:
    """Tap ``territory`` on the map (drawn at its own size on this wide page)."""
    tap(page, *centre_pixels(state, territory))


def order(page: Page, state: CampaignState, origin: int, target: int) -> CampaignState:
    """Click ``origin`` then ``target`` and wait until the order is in the campaign."""
    click_territory(page, state, origin)
    expect(page.get_by_role("button", name="Clear the picked territory (X)")).to_be_visible()
    click_territory(page, state, target)
    return wait_for(page, partial(ordered, origin, target), "the order")


def my_open_battles(state: CampaignState) -> int:
    """How many battles of Player 1 this round still has to play."""
    return sum(1 for b in state.battles if 0 in b.players and b.result is None)


def test_a_round_against_bots_with_the_humans_battle_auto_played(page: Page, panel_serve: Any) -> None:
    open_page(page, seeded_campaign(panel_serve("battle"), 11))
    state = current_state(page)
    assert state.players == 4 and state.board.id == "belgium" and state.phase == "orders"
    expect(page.get_by_text("Player 1 to give an order")).to_be_visible()
    page.get_by_role("button", name="New game", exact=True).click()  # quick battles against two bots
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Set up a new campaign").click()
    page.get_by_label("Players", exact=True).select_option(label="3")
    page.get_by_label("Round wins to win a battle").select_option(label="1")
    page.get_by_label("Deal number (blank: random)", exact=True).fill("3")
    page.get_by_role("button", name="Start new campaign").click()
    state = wait_for(page, lambda s: s.seed == 3 and s.players == 3 and s.options["battle_max_wins"] == 1
                     and s.actors == {0}, "the new campaign, the bots' orders given")
    neutral = min(state.inert)
    click_territory(page, state, neutral)
    expect(alert(page)).to_contain_text("is neutral; pick one of your territories")
    attacks = state.attacks(0)
    if attacks:
        state = order(page, state, attacks[0].origin, attacks[0].target)
        assert any(b.players[0] == 0 for b in state.battles)
    else:
        page.get_by_role("button", name=re.compile("passes")).click()
    state = wait_for(page, lambda s: s.phase != "orders" or s.round_number > 1, "the battles")
    auto = page.get_by_role("button", name="Auto-play this battle for me (A)")
    audited = False
    while state.round_number == 1 and (left := my_open_battles(state)):  # one battle at a time: auto-play each
        expect(auto).to_be_visible()
        if not audited:
            assert blocking_report(page) == ""  # the battle view (dice board, moves) passes axe
            audited = True
        page.keyboard.press("a")
        state = wait_for(page, lambda s, left=left: s.round_number > 1 or my_open_battles(s) < left,
                         "the auto-played battle's end")
    state = wait_for(page, lambda s: s.round_number > 1 or s.is_over, "the end of round 1", 240)
    if state.lands(0) == 0:  # Player 1 fell in round 1: the bots play on, and the page settles at the end
        state = wait_for(page, lambda s: s.is_over, "the end of the bots' campaign", 240)
    expect(page.get_by_role("heading", name=f"Round {len(state.past)} result")).to_be_visible(timeout=30_000)
    history = page.get_by_role("region", name="Round history, newest first")
    expect(history.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    lands = page.get_by_role("table", name=re.compile("Lands now|Final ranking"))
    for p, name in enumerate(state.names):
        expect(lands.get_by_role("row", name=re.compile(re.escape(name)))).to_contain_text(str(state.lands(p)))
    assert len(state.past) >= 1 and all(b.result is not None for b in state.past[0].battles)
    assert any(log is not None for log in state.past[0].matches)  # battles were real Button Men matches


def test_the_moderator_enters_the_lesotho_games_first_round(page: Page, panel_serve: Any,
                                                            shared_path: Callable[[str], Path]) -> None:
    record = json.loads(shared_path("battle/lesotho-game2.json").read_text(encoding="utf-8"))
    open_page(page, panel_serve("battle-moderator"))
    page.get_by_role("button", name="New game", exact=True).click()
    page.get_by_label("Moderated edition").select_option(label="2")
    page.get_by_label("Moderated map").select_option(label="Lesotho")
    page.get_by_label(re.compile("^Players, one per line")).fill(LESOTHO_PLAYERS)
    page.get_by_label(re.compile("^Edition 2 round-1 move order")).fill(", ".join(record["rounds"][0]["order"]))
    page.get_by_label("Moderated deal number (blank: random)").fill("11")
    page.get_by_role("button", name="Start moderated campaign").click()
    state = wait_for(page, lambda s: s.board.id == "lesotho" and s.players == 5, "the moderated campaign")
    assert state.options["battle_source"] == "reported"
    first = record["rounds"][0]
    for battle in first["battles"]:
        state = order(page, state, state.board.index(battle["from"]), state.board.index(battle["to"]))
    state = wait_for(page, lambda s: s.phase == "battles", "the battles phase")
    expect(page.get_by_role("button", name="Enter the result")).to_be_visible()
    assert blocking_report(page) == ""  # the reported-result form passes axe
    for index, battle in enumerate(first["battles"]):
        page.get_by_label("Battle", exact=True).select_option(index=0)
        armies = state.battles[index].armies
        winner = [state.buttons[a] for a in armies if a is not None].index(battle["winner"])
        page.get_by_label("Winner", exact=True).select_option(index=winner)
        page.get_by_label("Score W-L or W-L-D (winner first)").fill(battle["score"])
        before = len(state.history)
        page.get_by_role("button", name="Enter the result").click()
        state = wait_for(page, partial(longer, before), f"the result of battle {index + 1}")
    assert len(state.past) == 1
    lands = page.get_by_role("table", name="Lands now")
    for name, count in first["expect"]["lands"].items():
        expect(lands.get_by_role("row", name=re.compile(name))).to_contain_text(str(count))
    expect(page.get_by_text(re.compile("Berea goes pending")).first).to_be_visible()
    expect(page.get_by_label("Forum post (Markdown)")).to_have_value(re.compile(r"\* Gauen: 3"))


def test_a_reload_keeps_the_campaign(page: Page, panel_serve: Any) -> None:
    open_page(page, seeded_campaign(panel_serve("battle"), 5))
    state = wait_for(page, lambda s: s.actors == {0}, "the bots' orders")
    attacks = state.attacks(0)
    assert attacks
    state = order(page, state, attacks[0].origin, attacks[0].target)
    seed, history = state.seed, len(state.history)
    open_page(page, None)
    origin, target = state.board.name_of(attacks[0].origin), state.board.name_of(attacks[0].target)
    expect(live(page)).to_contain_text(re.compile(rf"\({re.escape(origin)}\) attacks [^\n]*"
                                                  rf"\({re.escape(target)}\)"))
    # A round trip: the page reports the address it was opened with as it loads, before this tap on a bot's
    # territory, so the tap's refusal (whatever the phase now) shows that the page has answered that address.
    page.keyboard.press("m")  # the map, also while a battle of Player 1 takes its place
    expect(page.locator(".bk-Canvas").first).to_be_visible()
    click_territory(page, state, next(t for t, owner in enumerate(state.land) if owner not in (None, 0)))
    expect(alert(page)).to_contain_text("Not possible: ")
    again = current_state(page)
    assert again.seed == seed and len(again.history) >= history


def in_battle(player: int, state: CampaignState) -> bool:
    """True while ``player`` has a move to make in a battle of round 1."""
    return state.round_number == 1 and state.phase == "battles" and player in state.actors


def attack_a_bot(page: Page, url: str, round_wins: str) -> CampaignState:
    """A seeded 3-player campaign (deal 7, battles to ``round_wins`` round wins): Player 1 attacks a bot."""
    open_page(page, seeded_campaign(url, 11))
    page.get_by_role("button", name="New game", exact=True).click()
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Set up a new campaign").click()
    page.get_by_label("Players", exact=True).select_option(label="3")
    page.get_by_label("Round wins to win a battle").select_option(label=round_wins)
    page.get_by_label("Deal number (blank: random)", exact=True).fill("7")
    page.get_by_role("button", name="Start new campaign").click()
    state = wait_for(page, lambda s: s.seed == 7 and s.actors == {0}, "the seeded campaign, the bots' orders given")
    attack = next(a for a in state.attacks(0) if state.land[a.target] is not None)  # a bot's territory
    return order(page, state, attack.origin, attack.target)


def test_a_battle_played_by_hand_against_a_bot_runs_to_its_end_and_the_campaign_goes_on(
        page: Page, panel_serve: Any) -> None:
    state = attack_a_bot(page, panel_serve("battle"), "1")
    state = wait_for(page, lambda s: s.phase != "orders", "the battles")
    mine = next(i for i, b in enumerate(state.battles) if 0 in b.players)
    moves, listed = 0, page.get_by_label(re.compile("^Every move of yours in this battle"))
    while True:
        state = wait_for(page, lambda s: in_battle(0, s) or s.round_number > 1 or s.is_over,
                         "the bot's reply in the battle", 60)
        if not in_battle(0, state):
            break
        shown = until(page, lambda: "moves" if listed.locator("option").count() else
                      "moved on" if not in_battle(0, current_state(page)) else None, "your moves in the battle")
        if shown == "moved on":  # the address bar had not caught up with the page yet: read it again
            continue
        expect(page.get_by_text("Your move in a battle.")).to_be_visible()
        listed.select_option(index=0)
        before = len(state.history)
        page.get_by_role("button", name="Play the chosen move").click()
        state = wait_for(page, partial(longer, before), "the move played")
        moves += 1
    assert moves >= 2  # the bot replied to the first move of the hand-played battle
    state = wait_for(page, lambda s: s.round_number > 1 or s.is_over, "the end of round 1", 120)
    expect(page.get_by_role("heading", name="Round 1 result")).to_be_visible()
    assert state.past[0].matches[mine] is not None and state.past[0].battles[mine].result is not None


def test_an_auto_played_battle_shows_in_one_update_and_the_page_answers_clicks_meanwhile(
        page: Page, panel_serve: Any) -> None:
    state = attack_a_bot(page, panel_serve("battle"), "3")
    state = wait_for(page, lambda s: in_battle(0, s), "your move in the battle")
    mine = next(i for i, b in enumerate(state.battles) if 0 in b.players)
    match = state.matches[mine]
    assert match is not None
    start = len(match.history)
    expect(page.get_by_label("Show an auto-played battle")).to_have_value("the whole battle at once")  # the default
    page.evaluate(INPUT_DELAYS)
    page.keyboard.press("a")
    heading = page.get_by_role("heading", name="Battles of this round")
    seen: set[int] = set()
    while True:  # the campaign in the address bar: the battle as it stood, or ended
        heading.click()  # plain text: the click does nothing, but the page must take it at once
        now = current_state(page)
        match = now.matches[mine] if now.round_number == 1 else now.past[0].matches[mine]
        seen.add(len(match.history) if match is not None else -1)
        if match is None or match.is_over:
            break
    state = wait_for(page, lambda s: s.round_number > 1 or s.is_over, "the end of round 1")
    final = state.past[0].matches[mine]
    assert final is not None and final.is_over and state.past[0].battles[mine].result is not None
    delays = page.evaluate("window.rbDelays")
    assert delays and max(delays) <= 100, f"clicks waited {delays} ms while the battle was auto-played"
    assert seen <= {start, len(final.history)}, f"the battle was shown in steps: {sorted(seen)}"


def test_the_battle_you_play_takes_the_maps_place_above_the_fold(page: Page, panel_serve: Any) -> None:
    attack_a_bot(page, panel_serve("battle"), "3")
    page.set_viewport_size({"width": 1280, "height": 800})
    wait_for(page, lambda s: in_battle(0, s), "your move in the battle")
    listed = page.get_by_label(re.compile("^Every move of yours in this battle"))
    expect(listed.locator("option").first).to_be_attached()
    page.evaluate("window.scrollTo(0, 0)")
    show = page.get_by_role("button", name="Show the map (M)")
    for control in (listed, page.get_by_role("button", name="Play the chosen move"), show):
        box = control.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, \
            f"the battle's move control is at {box}, not inside the first 800 px"
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator(".bk-Canvas").first).to_be_hidden()  # the map makes way for the battle
    show.click()
    expect(page.get_by_role("button", name="Hide the map (M)")).to_be_visible()
    expect(page.locator(".bk-Canvas").first).to_be_visible()


def shown_moves(mine: int, state: CampaignState) -> int:
    """How many moves of battle ``mine`` of round 1 the campaign holds (-1: none yet)."""
    matches = state.matches if state.round_number == 1 else state.past[0].matches
    match = matches[mine] if mine < len(matches) else None
    return len(match.history) if match is not None else -1


def test_a_battle_auto_played_at_a_pace_shows_its_moves_one_by_one_until_skipped(
        page: Page, panel_serve: Any) -> None:
    state = attack_a_bot(page, panel_serve("battle"), "3")
    state = wait_for(page, lambda s: in_battle(0, s), "your move in the battle")
    mine = next(i for i, b in enumerate(state.battles) if 0 in b.players)
    start = shown_moves(mine, state)
    page.get_by_label("Show an auto-played battle").select_option(label="one move a second")
    page.get_by_role("button", name="Auto-play this battle for me (A)").click()
    progress = page.get_by_text(re.compile(r"^The auto-played battle: \d+ of \d+ moves shown\.$"))
    seen: set[int] = set()

    def two_steps_shown() -> bool:
        now = current_state(page)
        if now.round_number == 1:
            seen.add(shown_moves(mine, now))
        return len(seen - {start}) >= 2 and progress.is_visible()

    until(page, two_steps_shown, "two auto-played moves shown one after the other")
    before = current_state(page)
    battle = before.matches[mine]
    assert battle is not None and not battle.is_over, "the paced battle ended before it could be skipped"
    page.get_by_role("button", name="Skip to the end of this battle").click()
    state = wait_for(page, lambda s: s.round_number > 1 or s.is_over or (
        (m := s.matches[mine]) is not None and m.is_over), "the skipped battle's end")
    expect(progress).to_have_count(0)
    expect(page.get_by_role("button", name="Skip to the end of this battle")).to_be_hidden()
    state = wait_for(page, lambda s: s.round_number > 1 or s.is_over, "the end of round 1")
    expect(page.get_by_role("heading", name="Round 1 result")).to_be_visible()
    final = state.past[0].matches[mine]
    assert final is not None and final.is_over and state.past[0].battles[mine].result is not None
