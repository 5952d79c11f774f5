"""Chance with probabilities: a chance node says how likely each typed result is
(``State.chance_outcomes``, as OpenSpiel's), the probabilities are exact and sum to 1, and bots and
simulations draw typed dice by them -- a twin die's 7 six times as often as its 2."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import core
from core import rng
from core.bots import sample_entry
from core.buttonmen.actions import Roll
from core.buttonmen.flow import Draw
from core.protocol import CHANCE

TWIN = {"recipes": ["(6,6) (6,6)", "(4) (4)"], "dice_source": "manual"}


def test_a_twin_die_sums_two_halves() -> None:
    outcomes = dict(Draw(0, 0, "a twin d6", halves=(6, 6)).distribution())
    assert list(outcomes) == list(range(2, 13)) and sum(outcomes.values()) == 1
    assert outcomes[7] == Fraction(1, 6) and outcomes[2] == outcomes[12] == Fraction(1, 36)
    assert dict(Draw(0, -1, "a size", choices=(4, 4, 6)).distribution()) == {4: Fraction(2, 3), 6: Fraction(1, 3)}


@pytest.mark.parametrize("name", ["button-men", "button-man-braille", "imperio-bellum"])
def test_chance_outcomes_are_the_legal_typed_results_and_sum_to_one(name: str) -> None:
    game = core.GAMES[name]
    state = game.new(seed=2, dice_source="manual")
    stream = rng.seed_stream(2)
    seen = 0
    for _ in range(200):
        if state.is_over:
            break
        actor = min(state.actors, key=lambda a: (a >= 0, a))
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            assert {a for a, _ in outcomes} == set(state.legal_actions(CHANCE))
            assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
            seen += 1
        else:
            assert state.chance_outcomes() == ()
        stream, action = sample_entry(state, actor, stream) if actor < 0 else \
            rng.choice(stream, state.legal_actions(actor))
        state = state.apply(action, actor)
    assert seen >= 3


def test_bots_and_simulations_draw_a_twin_die_by_its_odds() -> None:
    state = core.GAMES["button-men"].new(seed=1, **TWIN)  # type: ignore[arg-type]
    while state.awaiting is None or state.awaiting.halves != (6, 6):  # type: ignore[attr-defined]
        state = state.apply(state.legal_actions(CHANCE)[0], CHANCE)
    counts: Counter[object] = Counter()
    stream = rng.seed_stream(9)
    for _ in range(3600):
        stream, action = sample_entry(state, CHANCE, stream)
        counts[action] += 1
    assert 500 <= counts[Roll(7)] <= 700 and counts[Roll(2)] <= 200 and counts[Roll(12)] <= 200


def test_weighted_draws_follow_exact_probabilities() -> None:
    outcomes = (("a", Fraction(1, 10)), ("b", Fraction(9, 10)))
    stream = rng.seed_stream(4)
    drawn = Counter()
    for _ in range(2000):
        stream, item = rng.weighted(stream, outcomes)
        drawn[item] += 1
    assert 150 <= drawn["a"] <= 250
    assert rng.weighted(rng.seed_stream(4), outcomes) == rng.weighted(rng.seed_stream(4), outcomes)
