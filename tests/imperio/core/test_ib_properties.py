"""Property tests over random playouts: pieces never collide, limits hold, games end, records replay."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import core.imperio as ib
from core import replay, rng
from core.imperio.board import UNITS
from core.imperio.combat import KNIGHT_ACTIONS
from core.imperio.state import ImperioState

play_options = st.fixed_dictionaries(
    {"setup": st.just("default_armies"), "turn_limit": st.integers(4, 16)},
    optional={
        "combat_dice_rule": st.sampled_from(["sum", "highest"]),
        "elimination_check": st.sampled_from(["immediate", "after_spawn"]),
        "friendly_fire": st.booleans(),
        "diagonal_squeeze": st.booleans(),
        "footsoldier_shield_frame": st.sampled_from(["archer_relative", "board_facing"]),
        "spawned_units_act": st.booleans(),
        "archer_target_any_square": st.booleans(),
        "advance_into_zone_stops": st.booleans(),
    },
)


def _strength(state: ImperioState, player: int) -> int:
    return state.units_of(player) + sum(state.reserves[player])


def check_invariants(state: ImperioState) -> None:
    pieces = [p for p in state.board if p is not None]
    assert len({p.uid for p in pieces}) == len(pieces)  # no piece is ever in two places
    assert all(p.uid < state.next_uid for p in pieces)
    assert all(min(r) >= 0 for r in state.reserves)
    for piece in pieces:
        use = state.usage.get(piece.uid)
        if use is not None and piece.kind == "K":
            assert use.actions <= KNIGHT_ACTIONS
        if use is not None and piece.kind in "PF":
            assert use.actions <= 1
        if use is not None and piece.kind == "A":
            assert use.steps <= 2 and not (use.attacked and use.moved)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), opts=play_options, choices=st.integers(0, 2**32))
def test_random_playouts_keep_the_invariants_and_end(seed: int, opts: dict[str, object], choices: int) -> None:
    state = ib.GAME.new(seed=seed, **opts)
    assert isinstance(state, ImperioState)
    stream = rng.seed_stream(choices)
    stream, role = rng.choice(stream, ["attacker", "defender", "roll"])
    state = state.apply(ib.ChooseRole(role))
    for _ in range(20_000):
        if state.is_over:
            break
        check_invariants(state)
        before = [_strength(state, p) for p in (0, 1)]
        stream, action = rng.choice(stream, state.legal_actions())
        after = state.apply(action)
        assert isinstance(after, ImperioState)
        assert all(_strength(after, p) <= before[p] for p in (0, 1))  # nothing appears from nowhere
        if not after.is_over and after.phase == "play" and after.to_move == state.to_move and after.turn == state.turn:
            assert after.usage.keys() >= state.usage.keys()
        state = after
    assert state.is_over
    assert state.turn <= int(opts["turn_limit"]) + 1  # type: ignore[call-overload]
    assert replay(state.to_record()) == state


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), limits=st.tuples(
    st.integers(1, 15), st.integers(0, 12), st.integers(0, 8), st.integers(0, 10)))
def test_random_deployments_keep_every_limit(seed: int, choices: int, limits: tuple[int, int, int, int]) -> None:
    board, reserve, knights, total = limits
    state = ib.GAME.new(seed=seed, max_board_units=board, max_reserve=reserve, max_knights_start=knights,
                        max_knights_total=total, default_army="none", turn_limit=1)
    assert isinstance(state, ImperioState)
    stream = rng.seed_stream(choices)
    while state.phase != "play" and not state.is_over:
        stream, action = rng.choice(stream, state.legal_actions())
        state = state.apply(action)
    for player in (0, 1):
        kinds = [p.kind for p in state.board if p is not None and p.owner == player]
        assert kinds.count("H") == 1 and kinds.count("B") == 2
        assert 1 <= sum(k in UNITS for k in kinds) <= board and kinds.count("K") <= knights
        assert sum(state.reserves[player]) <= reserve and kinds.count("K") + state.reserves[player][0] <= total
        assert state.start_units[player] == sum(k in UNITS for k in kinds)
    assert replay(state.to_record()) == state
