"""Property tests over random bot campaigns with quick battles (first to one round win)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core
from core import rng
from core.battle import GAME
from core.battle.bots import OrderBot
from core.battle.record import load_record, write_record
from core.battle.state import CampaignState
from core.protocol import MODERATOR


def check_territories(state: CampaignState) -> None:
    """Every territory is held by exactly one army (edition 1) or player (edition 2), pending or neutral."""
    for t in range(state.board.size):
        held, pending, neutral = state.land[t] is not None, state.is_pending(t), t in state.inert
        assert held + pending + neutral <= 1
        if not (held or pending or neutral):   # a claimable neutral territory nobody entered yet
            assert state.holder[t] is None
        if state.edition == 1:
            assert held == (state.holder[t] is not None)
            if held:
                assert state.army_player[state.holder[t]] == state.land[t]
        elif held and state.holder[t] is not None:
            assert state.army_player[state.holder[t]] == state.land[t]
    claimed = sum(state.lands(p) for p in range(len(state.names)))
    assert claimed + len(state.pending) + len(state.inert) <= state.board.size


def campaign(seed: int, **options) -> CampaignState:
    state = GAME.new(seed, battle_max_wins=1, **options)
    assert isinstance(state, CampaignState)
    bots = [OrderBot(seed + p, "random") for p in range(state.players)]
    rounds = 0
    while not state.is_over:
        actor = min(state.actors)
        assert actor != MODERATOR
        state = state.apply(bots[actor].choose(state, actor), actor)
        if state.round_number != rounds:
            rounds = state.round_number
            check_territories(state)
    check_territories(state)
    return state


@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 2**32), edition=st.sampled_from([1, 2]), players=st.sampled_from([3, 4, 5]),
       board=st.sampled_from(["belgium", "lesotho"]), tie=st.sampled_from(["coin_flip", "tiebreak_battle"]))
def test_random_campaigns_end_with_a_winner_and_replay_identically(seed, edition, players, board, tie) -> None:
    state = campaign(seed, edition=edition, players=players, map=board, e1_final_tie=tie)
    outcome = state.outcome
    assert outcome is not None and state.victor is not None and outcome.winner == state.victor
    assert [outcome.places[p] for p in state.ranking] == sorted(outcome.places)
    assert state.lands(state.victor) >= state.threshold or len(state.alive) == 1
    assert core.protocol.replay(state.to_record()) == state
    replayed = load_record(write_record(state))
    assert replayed.mismatches == [] and replayed.state.land == state.land


@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), edition=st.sampled_from([1, 2]))
def test_claimable_neutral_campaigns_keep_every_territory_accounted_for(seed, edition) -> None:
    state = campaign(seed, edition=edition, players=3, neutral_territories="claimable", include_brussels=True)
    assert state.is_over and state.counted == 11


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), edition=st.sampled_from([1, 2]),
       tie=st.sampled_from(["coin_flip", "tiebreak_battle"]))
def test_every_listed_action_applies_in_reported_campaigns(seed, edition, tie) -> None:
    """Random legal actions of every actor, the moderator's reports included, never get stuck."""
    state = GAME.new(seed, edition=edition, battle_source="reported", e1_final_tie=tie)
    stream = rng.seed_stream(seed)
    for _ in range(5000):
        if state.is_over:
            break
        actor = min(state.actors)
        legal = state.legal_actions(actor)
        assert legal
        stream, action = rng.choice(stream, legal)
        before = state.round_number
        state = state.apply(action, actor)
        if state.round_number != before:
            check_territories(state)
    assert state.is_over
