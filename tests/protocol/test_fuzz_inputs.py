"""Fuzzing every core entry point that takes outside input (issue 14).

For any input -- a record, an action's JSON, option values -- the result is either a valid state or
one clear ``ValueError`` (``InputError`` or ``IllegalAction``) whose message quotes at most 80
characters of the input; never another exception, never a hang, and the state before is untouched.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core
from core.protocol import IllegalAction, InputError, State

GAMES = sorted(core.GAMES)
SECONDS = 10.0 if sys.platform == "emscripten" else 5.0
"""No single input may take longer than this (a generous bound: it catches hangs, not slowness)."""

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                    st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)), max_leaves=30)

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sample_states(name: str) -> list[State]:
    """A few positions of a seeded random game, from the start to the end."""
    game = core.get_game(name)
    state = game.new(seed=3)
    states = [state]
    from core.bots import RandomBot

    bot = RandomBot(3)
    while not state.is_over and len(states) < 60:
        actor = min(state.actors, key=lambda a: (a < 0, a))
        action = bot.choose(state, actor) if actor >= 0 else state.legal_actions(actor)[0]
        state = state.apply(action, actor)
        states.append(state)
    return states[::6]


STATES = {name: sample_states(name) for name in GAMES}


def refuses_cleanly(call: Any) -> Any:
    """Run ``call``: a result, or one clear ValueError (checked); fails on anything else or if slow."""
    started = time.perf_counter()
    try:
        return call()
    except (InputError, IllegalAction) as error:
        text = str(error)
        assert text and len(text) < 600, text
        return error
    finally:
        assert time.perf_counter() - started < SECONDS


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=json_values, index=st.integers(0, 20))
def test_any_action_json_is_an_action_or_one_clear_refusal(name: str, data: Any, index: int) -> None:
    state = STATES[name][index % len(STATES[name])]
    before = json.dumps(state.to_record())
    for actor in sorted(state.actors):
        result = refuses_cleanly(lambda a=actor: state.action_from_json(data, a))
        if not isinstance(result, Exception):
            refuses_cleanly(lambda a=actor, r=result: state.apply(r, a))
    assert json.dumps(state.to_record()) == before


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(mutation=st.sampled_from(["game", "rules_version", "options", "seed", "actions", "extra"]),
       value=json_values)
def test_any_damaged_record_replays_or_is_refused(name: str, mutation: str, value: Any) -> None:
    record = STATES[name][-1].to_record()
    record[mutation] = value
    refuses_cleanly(lambda: core.replay(record))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_any_option_value_is_accepted_or_refused_by_name(name: str, data: st.DataObject) -> None:
    game = core.get_game(name)
    option = data.draw(st.sampled_from(game.options))
    value = data.draw(json_values)
    result = refuses_cleanly(lambda: game.new(seed=1, **{option.name: value}))
    if isinstance(result, Exception):
        assert option.name in str(result)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(actions=st.lists(json_values, max_size=8))
def test_records_with_any_actions_replay_or_name_the_action(name: str, actions: list[Any]) -> None:
    record = core.get_game(name).new(seed=2).to_record()
    record["actions"] = actions
    result = refuses_cleanly(lambda: core.replay(record))
    if isinstance(result, IllegalAction):
        assert str(result).startswith("action ")


def test_replay_lists_each_positions_actions_once(
        count_listings: Callable[[type[State]], Callable[[], int]]) -> None:
    """Actions are looked up by their JSON key, so replay is linear: one listing per action."""
    from core.bots import RandomBot
    from core.buttonup import ButtonUpState

    state = core.get_game("button-up").new(seed=1, target_score=99)
    bot = RandomBot(1)
    while len(state.history) < 400 and not state.is_over:
        state = state.apply(bot.choose(state))
    record = state.to_record()
    listings = count_listings(ButtonUpState)
    assert core.replay(record) == state
    assert listings() == len(record["actions"])
