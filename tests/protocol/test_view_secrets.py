"""A view holds nothing its viewer may not know: two worlds that differ only in one hidden choice
look the same to every viewer who must not know it -- the viewed state, its text, its picture and
its JSON record -- while the full state's record still replays exactly."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from core import rng
from core.imperio.actions import AddReserve
from core.protocol import GAMES, SECRET, Action, State, SubAction, replay

SETUPS: dict[str, dict[str, object]] = {
    "button-men": {},
    "buttonmen-battle": {},
    "fair-and-square": {},
    "imperio-bellum": {"public_reserves": False},
}
"""Every game with hidden choices, with options that make them hidden (the braille variant and
Button Up! have none: fixed buttons, open moves)."""


def hidden(before: State, after: State, action: Action) -> bool:
    """Whether ``action`` (just played on ``before``) is a choice the other seats may not know yet."""
    if isinstance(action, AddReserve):
        return not before.options["public_reserves"]
    if isinstance(action, SubAction):   # a battle's match: hidden while that match keeps it
        inner = after.matches[action.game]  # type: ignore[attr-defined]
        return hidden(before.matches[action.game], inner, action.action)  # type: ignore[attr-defined]
    return after.public_length() <= len(before.history)


def worlds(name: str, games: int = 3, steps: int = 120, most: int = 12) -> Iterator[tuple[State, int, State, State]]:
    """(state, actor, world 1, world 2): two different hidden choices of ``actor`` where play stands
    (at most ``most`` pairs, in seeded random games)."""
    game = GAMES[name]
    for seed in range(games):
        if most <= 0:
            return
        state = game.new(seed=seed, **SETUPS[name])  # type: ignore[arg-type]
        stream = rng.seed_stream(seed)
        for _ in range(steps):
            if state.is_over:
                break
            seats = sorted(a for a in state.actors if a >= 0)
            for actor in seats[:2]:
                actions = state.legal_actions(actor)[:6]
                played = [(a, state.apply(a, actor)) for a in actions]
                secret = [(a, s) for a, s in played if hidden(state, s, a)]
                if len(secret) >= 2 and most > 0:
                    most -= 1
                    yield state, actor, secret[0][1], secret[-1][1]
            actor = sorted(state.actors)[0]
            stream, action = rng.choice(stream, state.legal_actions(actor))
            state = state.apply(action, actor)


def seen(state: State, viewer: int | None) -> tuple[State, str, str, str]:
    view = state.view(viewer)
    return view, state.describe(viewer), state.svg(viewer), json.dumps(view.to_record(), sort_keys=True)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_one_hidden_choice_changes_no_view_of_anyone_who_may_not_know_it(name: str) -> None:
    checked = 0
    for state, actor, one, two in worlds(name):
        assert one != two
        viewers: list[int | None] = [p for p in range(state.players) if p != actor]
        if one.view(None)._with(history=one.history) != one:   # a spectator who sees less than all
            viewers.append(None)
        for viewer in viewers:
            assert seen(one, viewer) == seen(two, viewer), (name, viewer)
        checked += 1
    assert checked, f"{name}: no hidden choice was reached"


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_views_redact_history_yet_the_full_record_replays(name: str) -> None:
    for state, actor, one, _ in worlds(name, games=1):
        other = next(p for p in range(state.players) if p != actor)
        last = one.view(other).history[-1]
        assert SECRET in (last, getattr(last, "action", None))
        assert replay(one.to_record()) == one
        return
