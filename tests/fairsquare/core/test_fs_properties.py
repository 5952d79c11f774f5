"""Property tests over random placements on random boards, and whole random matches."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core import rng
from core.bots import RandomBot
from core.fairsquare import GAME, FairSquareState, simulate
from core.fairsquare.boards import generate
from core.fairsquare.geometry import DIRECTIONS, NEIGHBOURS, step
from core.fairsquare.pieces import piece_set
from core.fairsquare.placement import random_placement
from core.fairsquare.scoring import round_points
from core.fairsquare.result import Result
from core.fairsquare.trace import REMOVED, Piece


def random_board(seed: int, round_number: int, players: int, friendly_losses: bool = True) -> tuple[
        list[Piece], Result]:
    stream = rng.seed_stream(seed)
    stream, board = generate(stream)
    roster = piece_set("project_v1").roster(round_number)
    by_name = {t.name: t for t in roster}
    pieces = []
    for player in range(players):
        stream, team = random_placement(stream, board, roster)
        pieces += [Piece(player, by_name[k], s) for k, s in team]
    return pieces, simulate(board, pieces, players, stream, friendly_losses=friendly_losses, record=True)


boards = st.tuples(st.integers(0, 2**32), st.integers(1, 3), st.integers(2, 4), st.booleans())


@settings(max_examples=60, deadline=None)
@given(boards)
def test_turns_keep_the_rules(case: tuple[int, int, int, bool]) -> None:
    seed, round_number, players, friendly = case
    pieces, result = random_board(seed, round_number, players, friendly)
    assert [t.turn for t in result.turns] == list(range(16))
    before = result.turns[0]
    for trace in result.turns[1:]:
        for square in trace.positions:
            assert square == REMOVED or 0 <= square < 49                       # never off the board
        for s in trace.steps:
            assert before.positions[s.piece] == s.start != REMOVED
            owner = pieces[s.piece].owner
            if s.rule == "separation":
                assert s.end == NEIGHBOURS[s.direction][s.start]
                continue
            if s.end != s.start:                                              # never onto a friend
                friends = [i for i, p in enumerate(pieces) if p.owner == owner and i != s.piece]
                assert all(before.positions[i] != s.end for i in friends)
                move = next(m for m in pieces[s.piece].kind.moves if m.letter == s.letter)
                if move.kind == "step":
                    assert s.end == step(s.start, move.direction)
                elif move.kind == "jump":
                    assert s.end == step(s.start, move.direction, 2)
                else:
                    assert s.end in {step(s.start, move.direction, k) for k in range(1, 7)}
            else:
                assert s.letter == ""
        captured = {p.square: pieces[p.piece].owner for p in trace.progress if p.captured}
        for square in range(49):                          # ownership changes only by completed captures
            if trace.owners[square] != before.owners[square]:
                assert captured.get(square) == trace.owners[square]
        for battle in trace.battles:
            assert trace.turn > 1
            top = max(pieces[i].kind.rank for i in battle.kept)
            assert all(pieces[i].kind.rank < top for i in battle.removed)
            if friendly:
                assert all(pieces[i].kind.rank == top for i in battle.kept)
        before = trace
    assert set(DIRECTIONS) >= {s.direction for t in result.turns for s in t.steps if s.direction}


@settings(max_examples=60, deadline=None)
@given(boards)
def test_places_and_points(case: tuple[int, int, int, bool]) -> None:
    seed, round_number, players, friendly = case
    _, result = random_board(seed, round_number, players, friendly)
    ranked = result.places()
    final = result.totals[-1]
    for p in range(players):
        assert ranked[p] - 1 == sum(other < ranked[p] for other in ranked)   # shared places skip the next
        for q in range(players):
            if final[p] > final[q]:
                assert ranked[p] < ranked[q]
    points = [round_points(x) for x in ranked]
    assert max(points) == 3
    if len(set(ranked)) == players:
        assert sorted(points, reverse=True) == [3, 2, 1, 0][:players]
    for p in range(players):
        assert points[p] == max(0, 4 - ranked[p])


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4, 8]))
def test_random_matches_end_and_replay(seed: int, seats: int) -> None:
    options = {"players_per_board": seats} if seats < 4 else {"single_board": True} if seats == 4 else {}
    state = GAME.new(seed=seed, **options)
    assert isinstance(state, FairSquareState) and state.players == seats
    bot = RandomBot(seed)
    while not state.is_over:
        actor = min(state.actors)
        state = state.apply(bot.choose(state, actor), actor)
    assert state.outcome is not None and len(state.outcome.places) == seats
    assert len(state.records) == 3 * (2 if seats == 8 else 1)
    assert core.replay(state.to_record()) == state
    assert core.replay(state.to_record(public=True)) == state
