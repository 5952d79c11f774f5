"""The engine's small army for a first game (``default_army="small"``): what it deploys, and that it plays."""

from __future__ import annotations

from core import replay, rng
from core.imperio import ChooseRole, DefaultArmy
from core.imperio.army import default_placements, default_reserves
from core.imperio.board import name
from core.imperio.game import GAME
from core.imperio.state import ImperioState


def small(**options: object) -> ImperioState:
    state = GAME.new(seed=3, default_army="small", **options).apply(ChooseRole("attacker"))
    assert isinstance(state, ImperioState)
    return state


def test_each_side_gets_a_headquarters_two_bases_seven_units_and_eight_in_reserve() -> None:
    for attacker in (True, False):
        pieces = default_placements(attacker, "small")
        letters = "".join(letter for letter, _ in pieces)
        assert letters == "HBB" + "KKAAPFF" and sum(default_reserves(attacker, "small")) == 8
        back, front = (1, 2) if attacker else (9, 8)
        assert {name(sq) for letter, sq in pieces if letter in "HB"} == {f"{f}{back}" for f in "ceg"}
        assert all(name(sq).endswith(str(front)) for letter, sq in pieces if letter not in "HB")
    mirrored = {(letter, name(sq)[0]) for letter, sq in default_placements(True, "small")}
    assert mirrored == {(letter, name(sq)[0]) for letter, sq in default_placements(False, "small")}


def test_the_default_army_action_deploys_the_small_army_when_chosen() -> None:
    state = small().apply(DefaultArmy())
    defender = 1 - state.attacker
    assert sorted(p.kind for p in state.board if p is not None and p.owner == defender) == sorted("HBBKKAAPFF")
    assert tuple(state.reserves[defender]) == default_reserves(False, "small")
    assert "deploys the small army" in state.describe(None)


def test_a_small_army_game_plays_to_its_end_and_replays() -> None:
    state = small(setup="default_armies")
    stream = rng.seed_stream(8)
    while not state.is_over:
        actor = min(state.actors)
        stream, action = rng.choice(stream, state.legal_actions(actor))
        state = state.apply(action, actor)
    assert replay(state.to_record()).history == state.history
    assert state.outcome is not None and state.outcome.reason
