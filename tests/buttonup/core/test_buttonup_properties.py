"""Property tests: random Button Up! playouts keep every invariant of the rulebook."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core import rng
from core.buttonup import ButtonUpState, ChooseStarter, EndTurn, Sow

GAME = core.get_game("button-up")

options = st.fixed_dictionaries(
    {},
    optional={
        "extra_turn": st.sampled_from(["mandatory", "optional", "off"]),
        "white_match_counts": st.booleans(),
        "overflow_extra_turn": st.booleans(),
        "next_round_starter": st.sampled_from(["fewest_points", "trailing_player_chooses", "alternate"]),
        "first_round_starter": st.sampled_from(["choose", "random"]),
        "target_score": st.integers(1, 30),
    },
)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), opts=options, choices=st.integers(0, 2**32))
def test_random_playouts_keep_the_invariants(seed: int, opts: dict[str, object], choices: int) -> None:
    state = GAME.new(seed=seed, **opts)
    stream = rng.seed_stream(choices)
    moves_this_round = 0
    steps = 0
    while not state.is_over:
        assert isinstance(state, ButtonUpState)
        assert Counter("".join(state.stacks)) == Counter("RRRBBBWWW")  # nine buttons, always
        assert len(state.stacks) == 9 - moves_this_round
        stream, action = rng.choice(stream, state.legal_actions())
        after = state.apply(action)
        assert after.points[0] >= state.points[0] and after.points[1] >= state.points[1]
        if isinstance(action, Sow):
            moves_this_round += 1
            if len(after.rounds) > len(state.rounds):
                assert moves_this_round == 8  # a round is always exactly 8 moves
                gained = [after.points[p] - state.points[p] for p in (0, 1)]
                assert min(gained) == 0  # only one player scores a round
                assert list(after.rounds[-1].gain) == gained
                moves_this_round = 0
        else:
            assert isinstance(action, ChooseStarter | EndTurn)
        state = after
        steps += 1
        assert steps < 2000, "the game must end"
    assert max(state.points) >= state.options["target_score"]
    assert state.winner == state.points.index(max(state.points))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 60))
def test_record_replay_identity_at_any_point(seed: int, cut: int) -> None:
    state = GAME.new(seed=seed, first_round_starter="random")
    stream = rng.seed_stream(seed)
    for _ in range(cut):
        if state.is_over:
            break
        stream, action = rng.choice(stream, state.legal_actions())
        state = state.apply(action)
    assert core.replay(state.to_record()) == state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), index=st.integers(-3, 12))
def test_bad_moves_raise_and_change_nothing(seed: int, index: int) -> None:
    state = GAME.new(seed=seed, first_round_starter="random")
    before = state.to_record()
    legal = Sow(index) in state.legal_actions()
    try:
        after = state.apply(Sow(index))
        assert legal and after != state
    except core.IllegalAction:
        assert not legal
    assert state.to_record() == before
