"""Placement bots: random, greedy (best of many candidates against sampled rivals) and a planner
(iterated best response).  Each plans a whole placement once and then plays it piece by piece
through the protocol (Place x 4, Confirm); a winner's vote goes to a random tied player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core import rng
from core.bots import seat
from core.fairsquare.boards import Board
from core.fairsquare.pieces import PieceType
from core.fairsquare.placement import PIECES, random_placement
from core.fairsquare.scoring import round_points
from core.fairsquare.sim import simulate
from core.fairsquare.state import Confirm, Eliminate, FairSquareState, Place
from core.fairsquare.trace import Piece
from core.protocol import Action, BotLevel, Game, State

Pieces = tuple[tuple[str, int], ...]


def board_points(board: Board, roster: Sequence[PieceType], teams: Sequence[Pieces], stream: int,
                 friendly_losses: bool = True) -> tuple[int, ...]:
    """Round points (3/2/1/0 with every tie-break) of each team of a simulated board."""
    by_name = {t.name: t for t in roster}
    pieces = [Piece(k, by_name[kind], s) for k, team in enumerate(teams)
              for kind, s in sorted(team, key=lambda p: p[1])]
    result = simulate(board, pieces, len(teams), stream, friendly_losses=friendly_losses)
    return tuple(round_points(p) for p in result.places())


def mutate(stream: int, board: Board, roster: Sequence[PieceType], pieces: Pieces, fixed: int) -> tuple[int, Pieces]:
    """A neighbour of a placement: one free piece moved to another square or changed in type."""
    stream, k = rng.draw(stream, PIECES - 1, fixed)
    kept = pieces[:k] + pieces[k + 1:]
    stream, completion = random_placement(stream, board, roster, kept)
    return stream, completion


@dataclass
class PlacementBot:
    """Plans a placement by simulation: ``candidates`` tries (random, then improving on the best) against
    ``samples`` rival placements.  With ``responses`` > 0 each sampled rival placement is first replaced
    by that rival's best response (``candidates // 4`` tries) to the other rivals of its sample, that many
    times (iterated best response), so the bot answers sensible rivals rather than random ones."""

    game: Game
    seed: int = 0
    candidates: int = 40
    samples: int = 4
    responses: int = 0
    _plans: dict[tuple[int, int, int], Pieces] = field(default_factory=dict, repr=False)

    def choose(self, state: State, actor: int | None = None) -> Action:
        player = seat(state, actor)
        assert isinstance(state, FairSquareState)
        if state.voters:
            _, pick = rng.choice(rng.derive(self.seed, state.seed, player), state.candidates())
            return Eliminate(pick)
        mine = state.placements[player].pieces
        if len(mine) == PIECES:
            return Confirm()
        key = (state.seed, state.round_number, player)
        plan = self._plans.get(key)
        if plan is None or plan[:len(mine)] != mine:
            plan = self._plans[key] = self.plan(state, player)
        kind, square = plan[len(mine)]
        return Place(kind, square)

    def plan(self, state: FairSquareState, player: int) -> Pieces:
        """A full placement for ``player`` that completes the pieces already placed."""
        stream = rng.derive(self.seed, state.seed, state.round_number, player, len(state.history))
        board = state.board_of(player)
        roster = state.roster()
        seats = state.match.groups[state.round_number - 1][state.group_of(player)]
        me = seats.index(player)
        rivals = len(seats) - 1
        friendly = bool(state.options["friendly_losses"])
        fixed = state.placements[player].pieces
        pools: list[list[Pieces]] = []
        for _ in range(rivals):
            pool = []
            for _ in range(self.samples):
                stream, placement = random_placement(stream, board, roster)
                pool.append(placement)
            pools.append(pool)
        for _ in range(self.responses):
            answers: list[list[Pieces]] = []
            for k in range(rivals):
                answers.append([])
                for s in range(self.samples):
                    others = [[pools[j][s]] for j in range(rivals) if j != k]
                    stream, answer = self._best(stream, board, roster, others, (), self.candidates // 4, friendly)
                    answers[k].append(answer)
            pools = answers
        stream, best = self._best(stream, board, roster, pools, fixed, self.candidates, friendly, me)
        return best

    def _best(self, stream: int, board: Board, roster: Sequence[PieceType], pools: Sequence[Sequence[Pieces]],
              fixed: Pieces, tries: int, friendly: bool, me: int = 0) -> tuple[int, Pieces]:
        """The best of ``tries`` placements (half random, half mutations of the best so far)."""
        samples = min(len(p) for p in pools) if pools else 1
        stream, base = rng.next64(stream)
        best: Pieces = ()
        best_value = -1.0
        for attempt in range(tries):
            if attempt < tries // 2 or not best:
                stream, candidate = random_placement(stream, board, roster, fixed)
            else:
                stream, candidate = mutate(stream, board, roster, best, len(fixed))
            value = 0.0
            for k in range(samples):
                teams = [pool[k] for pool in pools]
                teams.insert(me, candidate)
                value += board_points(board, roster, teams, rng.derive(base, k), friendly)[me]
            if value > best_value:
                best, best_value = candidate, value
        return stream, best


LEVELS = {
    "greedy": BotLevel("Greedy: best of many placements against sampled rivals",
                       lambda game, seed: PlacementBot(game, seed)),
    "planner": BotLevel("Planner: best response to rivals' best responses",
                        lambda game, seed: PlacementBot(game, seed, candidates=64, samples=4, responses=1)),
}
"""This game's bot levels (they replace the protocol's one-step greedy level)."""
