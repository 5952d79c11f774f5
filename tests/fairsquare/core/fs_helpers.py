"""Shared helpers of the Fair and Square tests: still pieces, placing whole placements, random play."""

from __future__ import annotations

from typing import Any

from core import rng
from core.fairsquare import GAME, Confirm, FairSquareState, Place
from core.fairsquare.geometry import parse_square

STILL = {"schema": "fas-pieces/1", "status": "test set: pieces that never move",
         "rounds": {r: [{"name": n, "rank": k, "options": ["step:U"], "rules": ["stay"]}
                        for n, k in (("Post", 1), ("Guard", 2), ("Tower", 3))] for r in ("1", "2", "3")}}
"""A piece set whose pieces never move: boards end as placed (placement squares score nothing)."""


def new(seed: int = 1, **options: Any) -> FairSquareState:
    state = GAME.new(seed=seed, **options)
    assert isinstance(state, FairSquareState)
    return state


def place(state: FairSquareState, player: int, pieces: list[tuple[str, str]], confirm: bool = True) -> \
        FairSquareState:
    """``player`` places ``(type, square name)`` pieces (and confirms)."""
    for kind, square in pieces:
        state = state.apply(Place(kind, parse_square(square)), player)
    return state.apply(Confirm(), player) if confirm else state


def still_placement(state: FairSquareState, player: int) -> list[tuple[str, str]]:
    """Four still pieces on legal squares of ``player``'s board (three types), apart from other players'."""
    from core.fairsquare.geometry import name

    squares = sorted(state.board_of(player).legal)[4 * player:4 * player + 4]
    return [(kind, name(s)) for kind, s in zip(("Post", "Guard", "Tower", "Post"), squares, strict=True)]


def random_play(state: FairSquareState, seed: int, limit: int = 10_000) -> FairSquareState:
    """Random legal actions (the lowest actor first) until the game ends."""
    stream = rng.seed_stream(seed)
    for _ in range(limit):
        if state.is_over:
            return state
        actor = min(state.actors)
        stream, action = rng.choice(stream, state.legal_actions(actor))
        state = state.apply(action, actor)
    raise AssertionError("the game did not end")


def longest_record(seed: int = 1) -> dict[str, Any]:
    """The longest record the limits allow: in every round every player places four pieces, then
    lifts and puts back the last one until no change is left (MAX_CHANGES), then confirms."""
    from core.fairsquare import Lift
    from core.fairsquare.state import MAX_CHANGES

    state = new(seed)
    while not state.is_over:
        actor = min(state.actors)
        if state.voters:
            state = state.apply(state.legal_actions(actor)[0], actor)
            continue
        for _ in range(4):
            state = state.apply(state.legal_actions(actor)[0], actor)
        kind, square = state.placements[actor].pieces[-1]
        for _ in range(MAX_CHANGES):
            state = state.apply(Lift(square), actor).apply(Place(kind, square), actor)
        state = state.apply(Confirm(), actor)
    return state.to_record()
