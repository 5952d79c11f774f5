"""The braille page's logic without a browser: commands in, announcements out."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import core
from core.braille.table import LOWEST
from webapp.braille.page import BrailleView
from webapp.braille.texts import player_names
from webapp.shell.session import GameSession

GAME = core.get_game("button-man-braille")


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` on its own event loop (a browser test may own this thread's)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result(timeout=120)



def view(seats: list[str] | None = None, **options: object) -> BrailleView:
    session = GameSession(GAME, seats or ["human", "human"], state=GAME.new(seed=3, **options))  # type: ignore[arg-type]
    return BrailleView(session)


def last(v: BrailleView) -> str:
    return str(v.log[-1]["text"])


def test_opening_announces_dice_who_begins_and_the_list() -> None:
    v = view()
    assert last(v).startswith("Round 1. Player 1: d3 shows 1; d4 shows 2; twin shows 10 (4 and 6);")
    assert "Player 1 begins (lowest dice). Player 1, your attacks: 1. Power:" in last(v)
    assert v.view["attacks"][0]["label"].startswith("1. Power: your twin showing 10 takes")
    assert v.view["lang"] == "en" and v.view["can_pass"] is False


def test_choose_read_back_confirm_and_refusals() -> None:
    v = view()
    v._handle_msg({"type": "key", "key": "p"})
    assert last(v).startswith("You cannot pass")
    v._handle_msg({"type": "number", "text": "40"})
    assert last(v) == "There is no attack number 40; choose 1 to 23."
    v._handle_msg({"type": "select", "number": 1})
    assert v.selected == 1 and last(v).startswith("Selected 1: Power: your twin showing 10")
    v._handle_msg({"type": "confirm"})
    assert v.selected is None and len(v.session.steps) == 1
    assert last(v).startswith("Player 1, Power Attack: twin 10 takes Player 2's twin showing 4. "
                              "Player 1 rerolls the twin: now")
    assert "Player 2, your attacks:" in last(v)


def test_language_and_cells_live_in_the_record_and_keep_the_game() -> None:
    v = view()
    v._handle_msg({"type": "select", "number": 2})
    v._handle_msg({"type": "confirm"})
    v._handle_msg({"type": "setting", "name": "lang", "value": "de"})
    v._handle_msg({"type": "setting", "name": "cells", "value": True})
    record = v.session.record
    assert record["options"]["announce_language"] == "de" and record["options"]["braille_cells"] is True
    assert len(record["actions"]) == 1
    assert v.view["lang"] == "de" and v.view["text"]["dice"] == "Würfel"
    assert v.view["frame"]["title"] == "Button Man (Braille-Variante)"  # the page's <h1> follows
    v._handle_msg({"type": "key", "key": "s"})
    assert "Runde 1, wenn sie jetzt endete:" in last(v) and "⠼" in last(v)
    v._handle_msg({"type": "setting", "name": "lang", "value": "fr"})  # not a language of the page
    assert v.session.record["options"]["announce_language"] == "de"


def test_manual_dice_typed_and_range_checked() -> None:
    v = view(dice_source="manual")
    assert "Player 1, roll your d3 and type the result (1 to 3)." in last(v)
    v._handle_msg({"type": "number", "text": "4"})
    assert last(v) == "A d3 shows 1 to 3; 4 is not possible."
    v._handle_msg({"type": "number", "text": "3"})
    assert last(v).startswith("Player 1's d3 now shows 3. Player 1, roll your d4")


def test_the_bot_answers_and_is_announced() -> None:
    v = view(["human", "greedy"])
    assert v.names == ("Player 1", "Bot") == player_names(["human", "greedy"], "en")
    v._handle_msg({"type": "number", "text": "1"})
    v._handle_msg({"type": "confirm"})
    run(v.session.drive_bots())
    assert last(v).startswith("Bot, ")
    assert "Player 1, your attacks:" in last(v) or "Player 1 has no possible attack" in last(v)
    v._handle_msg({"type": "setting", "name": "opponent", "value": "random"})
    v._handle_msg({"type": "new"})
    assert "ends the match in progress" in last(v) and v.session.steps
    v._handle_msg({"type": "new"})
    assert v.session.seats == ["human", "random"] and not v.session.steps
    assert last(v).startswith("Round 1.")


def test_rules_for_the_next_match_include_real_dice() -> None:
    v = view()
    rules = {r["key"]: r for r in v.view["settings"]["rules"]}
    assert rules["rule-dice_source"]["value"] == "rng"
    assert ["manual", "real dice, results typed in"] in rules["rule-dice_source"]["choices"]
    v._handle_msg({"type": "setting", "name": "rule-dice_source", "value": "manual"})
    v._handle_msg({"type": "setting", "name": "rule-must_attack", "value": "False"})
    v._handle_msg({"type": "setting", "name": "rule-max_wins", "value": "2"})
    v._handle_msg({"type": "setting", "name": "rule-max_wins", "value": "9"})  # not offered: ignored
    assert v.session.state.options["dice_source"] == "rng"  # only from the next match on
    v._handle_msg({"type": "new"})
    options = v.session.state.options
    assert (options["dice_source"], options["must_attack"], options["max_wins"]) == ("manual", False, 2)
    assert "roll your d3 and type the result" in last(v)


def test_after_the_match_the_turn_line_and_scores_say_the_result() -> None:
    v = view(["human", "human"], max_wins=1)
    while not v.state.is_over:
        now = v.table()
        if now.attacks:
            v._handle_msg({"type": "select", "number": 1})
            v._handle_msg({"type": "confirm"})
        else:
            v._handle_msg({"type": "key", "key": "p"})
    winner = v.names[v.state.winner] if v.state.winner is not None else None
    assert v.view["turn"] == f"{winner} wins the match, 1 round to 0."
    assert last(v).endswith(f"{winner} wins the match, 1 round to 0.")
    v._handle_msg({"type": "key", "key": "s"})
    assert last(v).startswith(f"{winner} wins the match, 1 round to 0. Match, first to 1:")
    assert "if it ended now" not in last(v)


def test_the_bot_never_picks_its_own_typed_dice() -> None:
    v = view(["human", "greedy"], dice_source="manual")
    session = v.session
    bot_dice = 0
    for _ in range(400):
        now = v.table()
        if now.is_over or bot_dice >= 3:
            break
        assert not session.bot_to_move or now.roll_request is None, "a bot is asked to roll"
        if session.bot_to_move:
            before = len(session.steps)
            run(session.drive_bots())
            assert all(step.actor == 1 for step in session.steps[before:]), "the bot played only its seat"
        elif now.roll_request is not None or now.coin_toss:
            if now.roll_request is not None and now.roll_request.owner == 1:
                bot_dice += 1
                assert "roll" in last(v) and "type the result" in last(v), last(v)
            low = 1 if now.roll_request is None else LOWEST[now.roll_request.slot]
            v._handle_msg({"type": "number", "text": str(low)})
        elif now.attacks:
            v._handle_msg({"type": "select", "number": 1})
            v._handle_msg({"type": "confirm"})
        else:
            v._handle_msg({"type": "key", "key": "p"})
    assert bot_dice >= 3, "the bot's own dice were typed at the table"


def test_a_damaged_link_is_announced_before_the_new_match() -> None:
    from panel.io.location import Location

    from webapp.shell.links import QUERY_KEY, LinkSync

    session = GameSession(GAME, ["human", "greedy"], state=GAME.new(seed=3))
    link = LinkSync(session, location=Location(search=f"?{QUERY_KEY}=eJzLSM3JyQcABiwCFQ"))
    v = BrailleView(session, link)
    assert len(v.log) == 1 and last(v).startswith("The game link could not be opened (it is damaged")
    assert "A new game was started instead. Round 1." in last(v)
    assert v.view["problem"] == link.problem != ""


def test_a_link_restored_mid_round_says_whose_turn_it_is_not_who_begins() -> None:
    played = view(["human", "human"])
    for _ in range(2):
        played._handle_msg({"type": "select", "number": 1})
        played._handle_msg({"type": "confirm"})
    session = GameSession(GAME, ["human", "human"], state=GAME.new(seed=9))
    session.load(played.session.record, ["human", "human"])
    restored = BrailleView(session)
    assert len(restored.log) == 1 and last(restored).startswith("Round 1. Player 1: d3 shows")
    assert "begins" not in last(restored) and "Player 1, your attacks: 1." in last(restored)
    fresh = view(["human", "human"])
    assert "Player 1 begins (lowest dice)." in last(fresh), "a round that has not started still says it"


def test_german_announcements_are_german_and_a_twin_is_heard_with_its_halves() -> None:
    v = view(["greedy", "greedy"], announce_language="de", max_wins=1)
    run(v.session.drive_bots())
    assert v.state.is_over and len(v.log) > 3
    # "Power Attack" and "Skill Attack" stay English: the rulebook (section 3) says the page keeps those names
    english = ("takes", "rerolls", "begins", "your", "Round", "wins", "shows", " and ", "turn", "Player")
    for entry in v.log:
        assert entry["lang"] == "de"
        assert not [w for w in english if w in entry["text"]], entry["text"]
    assert "Zwilling zeigt 10 (4 und 6)" in str(v.log[0]["text"])


def test_new_match_asks_before_it_ends_a_match_in_progress() -> None:
    v = view(["human", "human"])
    fresh = v.session.state
    v._handle_msg({"type": "new"})
    assert v.session.state is not fresh and "ends the match in progress" not in last(v), "an untouched match goes"
    v._handle_msg({"type": "select", "number": 1})
    v._handle_msg({"type": "confirm"})
    playing = v.session.state
    v._handle_msg({"type": "new"})
    assert "This ends the match in progress" in last(v) and v.session.state is playing
    v._handle_msg({"type": "cancel"})
    v._handle_msg({"type": "new"})
    assert "This ends the match in progress" in last(v) and v.session.state is playing, "Cancel kept the match"
    v._handle_msg({"type": "new"})
    assert v.session.state is not playing and not v.session.steps
