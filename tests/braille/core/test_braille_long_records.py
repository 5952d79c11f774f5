"""Long records replay in linear time: passes and typed rolls are checked without listing.

A match of only passes (``must_attack`` off) draws every round, so ``round_cap`` rounds make
a record of about twice as many actions.  The longest record the limits allow (``bm_long``) is
checked at the variant's cap; ``build.py bench`` opens it as a page does.
"""

from collections.abc import Callable

import pytest

import core
from core import rng
from core.braille.state import BrailleState
from core.buttonmen.actions import Pass, Roll
from core.buttonmen.state import ButtonMenState
from tests.buttonmen.core.bm_long import longest_record
from tests.long_records import check_at_the_cap

BRAILLE = core.get_game("button-man-braille")
ENGINE = core.get_game("button-men")


def passing_match(rounds: int) -> BrailleState:
    """A braille match in which both players pass until ``rounds`` rounds are cancelled."""
    state = BRAILLE.new(seed=5, round_cap=rounds, must_attack=False)
    while not state.is_over:
        state = state.apply(Pass())
    assert isinstance(state, BrailleState)
    return state


def test_a_record_of_passes_replays_without_listing_any_action(
        count_listings: Callable[[type[core.State]], Callable[[], int]]) -> None:
    state = passing_match(300)
    record = state.to_record()
    assert len(record["actions"]) > 500 and state.round_number == 300
    listings = count_listings(ButtonMenState)
    assert core.replay(record) == state
    assert listings() == 0


@pytest.mark.parametrize("game", [BRAILLE, ENGINE], ids=lambda g: g.name)
def test_passes_and_typed_rolls_are_admitted_exactly_when_listed(game: core.Game) -> None:
    candidates = [Pass(), *(Roll(v) for v in range(-1, 25))]
    admitted = refused = 0
    for seed in range(4):
        state = game.new(seed=seed, must_attack=False, dice_source="manual")
        stream = rng.seed_stream(seed)
        for _ in range(250):
            if state.is_over:
                break
            actor = min(state.actors, key=lambda a: (a < 0, a))
            listed = state.legal_actions(actor)
            for action in candidates:
                verdict = state._is_listed(action, actor)
                assert verdict == (action in listed), (action, state.describe())
                admitted, refused = admitted + verdict, refused + (not verdict)
            stream, action = rng.choice(stream, listed)
            state = state.apply(action, actor)
    assert admitted > 500 and refused > 5_000


def test_the_longest_record_the_limits_allow_is_at_the_cap_and_one_action_more_is_refused() -> None:
    check_at_the_cap(longest_record("button-man-braille"))
