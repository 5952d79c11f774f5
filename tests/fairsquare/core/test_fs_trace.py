"""A turn's trace is a read-only value: steps and owners built from the engine's own form when read
give the same values, equality, hash, ``repr`` and pickle as traces built from finished tuples."""

from __future__ import annotations

import pickle

import pytest

from core import rng
from core.fairsquare import simulate
from core.fairsquare.boards import generate
from core.fairsquare.pieces import piece_set
from core.fairsquare.placement import random_placement
from core.fairsquare.trace import REMOVED, LazyTurn, Piece, PieceStep, TurnTrace


def recorded(seed: int, seats: tuple[int, ...]) -> tuple[TurnTrace, ...]:
    stream, board = generate(rng.seed_stream(seed))
    roster = piece_set("project_v1").roster(3)
    by_name = {t.name: t for t in roster}
    pieces = []
    for player in range(len(seats)):
        stream, team = random_placement(stream, board, roster)
        pieces += [Piece(player, by_name[k], s) for k, s in team]
    return simulate(board, pieces, len(seats), stream, record=True, seats=seats).turns


def finished(trace: TurnTrace) -> TurnTrace:
    """The same turn built from plain tuples (as before steps were built lazily)."""
    return TurnTrace(trace.turn, tuple(trace.steps), trace.battles, trace.separations, trace.progress,
                     trace.positions, tuple(trace.owners), trace.totals)


def test_lazy_steps_and_owners_read_as_the_engine_decided() -> None:
    decisions = [(9, "seek:free", 1, 2, -1, False), (REMOVED, "", -1, -1, -1, False), (5, "stay", -1, -1, 3, True)]
    moves = [((None, "U", "A"), (None, "R", "B")), ((None, "U", "A"),), ((None, "U", "A"),)]
    lazy = LazyTurn(decisions, [8, 4, 5], ["", "", "R"], moves, [-1, 0, 1, 1], [6, 2, -1])
    trace = TurnTrace(4, lazy, (), (), (), (9, REMOVED, 5), lazy, (0, 3))
    assert trace.steps == (PieceStep(0, 8, 9, "seek:free", "B", 2, -1, "", False),
                           PieceStep(2, 5, 5, "stay", "", -1, 3, "R", True))
    assert trace.owners == (-1, 6, 2, 2)                       # board players 0, 1 are seats 6, 2
    assert trace.steps is trace.steps and trace.owners is trace.owners   # built once


def test_traces_equal_hash_and_print_as_their_finished_values() -> None:
    turns = recorded(3, (1, 5, 6))
    assert any(t.steps for t in turns) and any(o not in (-1, 0, 1, 2) for t in turns for o in t.owners)
    for trace in turns:
        plain = finished(trace)
        assert trace == plain and hash(trace) == hash(plain) and repr(trace) == repr(plain)
        assert repr(trace).startswith(f"TurnTrace(turn={trace.turn}, steps=(")
        assert pickle.loads(pickle.dumps(trace)) == trace
    assert turns[1] != turns[2] and turns[1] != (turns[1].turn,)


def test_a_trace_cannot_be_changed() -> None:
    trace = recorded(4, (0, 1))[1]
    with pytest.raises(AttributeError):
        trace.steps = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        trace.extra = 1  # type: ignore[attr-defined]
