"""Long records: actions of play are read and checked without listing, and the longest record allowed opens."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ib_helpers import ends_record
from test_ib_refusals import _candidates

import core.imperio as ib
from core import replay, rng
from core.imperio.state import ImperioState
from core.protocol import InputError, State

CAP = ib.GAME.max_record_actions


def test_the_longest_record_allowed_opens_and_one_more_is_refused_by_name() -> None:
    assert CAP is not None
    state = replay(ends_record(CAP))
    assert isinstance(state, ImperioState) and len(state.history) == CAP and state.turn == CAP
    assert not state.is_over and state.to_move == (0 if CAP % 2 else 1)
    with pytest.raises(InputError, match=f"^actions: Imperio Bellum records hold at most {CAP:,} actions; "
                                         f"got {CAP + 1:,}$"):
        replay(ends_record(CAP + 1))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_reading_and_checking_without_listing_agree_with_the_listing(seed: int, choices: int) -> None:
    state: State = ib.GAME.new(seed=seed, setup="default_armies", turn_limit=8, diagonal_squeeze=False)
    state = state.apply(ib.ChooseRole("attacker"))
    stream = rng.seed_stream(choices)
    while not state.is_over:
        assert isinstance(state, ImperioState)
        mover = state.to_move
        assert mover is not None
        listed = state.legal_actions()
        for action in listed:
            assert state.action_from_json(action.to_json(), mover) == action
            assert str(state.action_from_json(action.to_json(), mover)) == str(action)
        if mover >= 0:
            stream, candidates = _candidates(state, stream)
            for candidate in candidates:
                assert state._is_listed(candidate, mover) in (None, candidate in listed), candidate
        stream, action = rng.choice(stream, listed)
        state = state.apply(action)
    assert replay(state.to_record()) == state
