"""The bot-turn bench's own parts (:mod:`tools.bot_turn`): the game it opens and its verdict."""

from __future__ import annotations

from urllib.parse import parse_qs

import core
from core.imperio import ImperioState
from tools.bot_turn import TARGET_S, TARGET_WAIT_MS, opening_link, report
from webapp.shell import links


def test_the_bench_opens_a_game_at_reds_first_turn_against_the_default_bot() -> None:
    record, seats = links.decode(parse_qs(opening_link(11)[1:])["game"][0])
    state = core.replay(record)
    assert isinstance(state, ImperioState)
    assert state.turn == 1 and state.to_move == 0 and not state.is_over
    assert seats == ["human", core.get_game("imperio-bellum").default_bot]


def test_the_report_fails_a_slow_turn_or_a_click_that_waited() -> None:
    fast = (11, TARGET_S - 0.5, TARGET_WAIT_MS / 2)
    assert report([fast])[1]
    assert not report([fast, (12, TARGET_S + 0.1, 10.0)])[1]
    table, ok = report([fast, (13, 1.0, TARGET_WAIT_MS + 1)])
    assert not ok and "seed 13: shown after 1.00 s, longest click wait 101 ms" in table and "FAIL" in table
