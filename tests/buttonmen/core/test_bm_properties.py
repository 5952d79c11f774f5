"""Property tests over random playouts: dice conservation, the score formula, illegal actions."""

from __future__ import annotations

import copy

from bm_helpers import GAME
from hypothesis import given, settings
from hypothesis import strategies as st

from core import rng
from core.buttonmen import Attack, ChooseSwing, Pass, roster
from core.buttonmen.dice import Die
from core.buttonmen.state import ButtonMenState
from core.protocol import IllegalAction

NAMES = [b.name for b in roster.buttons()]
STEPS = 150


def formula(die: Die, captured: bool) -> float:
    """The rulebook's score table, written out independently of the engine (a wildcard scores as a d16)."""
    if die.has("n") or (die.has("`") and not captured):
        return 0.0
    base = die.value if die.has("v") else 16 if die.wildcard else die.size
    if die.has("p"):
        return -base / 2 if captured else -base
    return base if captured else base / 2


def uids(state: ButtonMenState) -> list[int]:
    return [d.uid for group in (state.dice, state.captured, state.out_of_play) for side in group for d in side]


def split_attacker(before: ButtonMenState, action: object) -> set[int]:
    """The die that splits in two (and so leaves play): the attacker when a Radioactive die is involved."""
    p = before.mover
    if not isinstance(action, Attack) or p is None or len(action.attackers) != 1 or len(action.targets) != 1:
        return set()
    attacker, target = before.dice[p][action.attackers[0]], before.dice[1 - p][action.targets[0]]
    return {attacker.uid} if action.kind != "Boom" and (attacker.has("%") or target.has("%")) else set()


def check_invariants(before: ButtonMenState, action: object, after: ButtonMenState) -> None:
    found = uids(after)
    assert len(found) == len(set(found)), "a die is in two places at once"
    if after.round_number == before.round_number and after.dice[0] and before.dice[0]:
        lost = set(uids(before)) - set(found)
        assert lost <= split_attacker(before, action), "a die vanished"
    for p in (0, 1):
        expected = sum(formula(d, False) for d in after.dice[p]) + sum(formula(d, True) for d in after.captured[p])
        assert after.round_scores[p] == expected
        assert after.doubled_scores[p] == round(2 * expected)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), a=st.sampled_from(NAMES), b=st.sampled_from(NAMES))
def test_random_playouts_keep_the_invariants(seed: int, a: str, b: str) -> None:
    state = GAME.new(seed=seed, buttons=(a, b), max_wins=2)
    assert isinstance(state, ButtonMenState)
    stream = rng.seed_stream(seed)
    for _ in range(STEPS):
        if state.is_over:
            break
        stream, action = rng.choice(stream, state.legal_actions())
        after = state.apply(action)
        assert isinstance(after, ButtonMenState)
        check_invariants(state, action, after)
        state = after


def test_a_radioactive_split_is_no_vanished_die() -> None:
    state = GAME.new(seed=0, buttons=("Porter", "New Mexico"), max_wins=2)
    assert isinstance(state, ButtonMenState)
    stream = rng.seed_stream(0)
    for _ in range(8):      # the 8th action: (X=16) takes %(10) and splits into two (X=8)s
        stream, action = rng.choice(stream, state.legal_actions())
        after = state.apply(action)
        assert isinstance(after, ButtonMenState)
        check_invariants(state, action, after)
        state = after
    assert [d.notation for d in state.dice[0]] == ["(8)", "(X=8)", "(X=8)"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), probe=st.integers(0, 10**6))
def test_illegal_actions_raise_and_change_nothing(seed: int, steps: int, probe: int) -> None:
    state = GAME.new(seed=seed, max_wins=2)
    assert isinstance(state, ButtonMenState)
    stream = rng.seed_stream(seed)
    for _ in range(steps):
        if state.is_over:
            return
        stream, action = rng.choice(stream, state.legal_actions())
        state = state.apply(action)  # type: ignore[assignment]
    if state.is_over:
        return
    legal = state.legal_actions()
    k = probe % 7
    candidates = [
        Attack("Power", (probe % 9,), (probe // 9 % 9,)), Attack("Skill", (0, 1), (probe % 9,)),
        Attack("Speed", (probe % 5,), (0, 1)), Pass(), ChooseSwing("X", 21), ChooseSwing("Q", 5),
        Attack("Trip", (probe % 6,), (probe % 4,)),
    ]
    illegal = [c for c in candidates[k:] + candidates[:k] if c not in legal]
    snapshot = copy.copy(state)
    mover = state.to_move
    for action in illegal[:3]:
        try:
            state.apply(action)
        except IllegalAction as error:
            assert str(error)
        else:
            raise AssertionError(f"{action} was accepted though not listed as legal")
        assert state == snapshot and state.to_move == mover


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_a_determinized_state_keeps_exactly_the_legal_actions(seed: int, steps: int) -> None:
    state = GAME.new(seed=seed, max_wins=2)
    stream = rng.seed_stream(seed)
    for _ in range(steps):
        if state.is_over:
            return
        stream, action = rng.choice(stream, state.legal_actions())
        state = state.apply(action)
    if state.is_over:
        return
    assert isinstance(state, ButtonMenState) and state.to_move is not None
    listed = state.legal_actions()      # the cache a determinized copy may reuse
    seen = state.determinize(state.to_move, seed + 1)
    assert seen.rng != state.rng
    assert seen.legal_actions() == seen._with().legal_actions()     # recomputed from scratch
    if not state.fresh[1 - state.to_move]:
        assert seen.legal_actions() == listed
