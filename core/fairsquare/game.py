"""Fair and Square registered as a protocol game: options, first state, rendering, bots, evaluation."""

from __future__ import annotations

from typing import Any

from core.fairsquare import render
from core.fairsquare.bots import LEVELS
from core.fairsquare.actions import parse_action
from core.fairsquare.options import OPTIONS
from core.fairsquare.state import FairSquareState, initial, seats_for
from core.fairsquare.geometry import DIST
from core.protocol import JSON, Action, Game, Options, State, register


class FairSquare(Game):
    """Fair and Square: hidden placement of self-moving pieces, 15 simultaneous turns, three rounds."""

    name = "fair-and-square"
    title = "Fair and Square"
    rules_version = "1"
    options = OPTIONS
    seat_range = (2, 8)
    search = {"iterations": 400, "time_ms": 150, "playout_depth": 40}
    """A placement is five protocol actions: 150 ms each keeps a bot's placement under a second."""
    bot_levels = LEVELS
    default_bot = "greedy"
    """The simulation-based placement bot: about 0.2 s of CPython per placement, far stronger than MCTS here."""

    def seats(self, options: Any) -> int:
        return seats_for(options)

    def _initial(self, seed: int, options: Options) -> FairSquareState:
        return initial(seed, options)

    def parse_action(self, data: JSON) -> Action | None:
        return parse_action(data)

    def describe(self, state: Any, viewer: int | None) -> str:
        return render.describe(state, viewer)

    def svg(self, state: Any, viewer: int | None) -> str:
        return render.svg(state, viewer)

    def evaluate(self, state: State, player: int) -> float:
        """Match points so far, plus a hint for an unplayed placement: how close its pieces stand to
        point squares (scaled into the points a round can bring)."""
        assert isinstance(state, FairSquareState)
        if state.is_over:
            return state.returns()[player]
        points: list[float] = list(state.points)
        if state.placing and not state.resolved(player):
            board = state.board_of(player)
            reach = sum(max(board.values[t] / (1 + DIST[s][t]) for t in board.points)
                        for _, s in state.placements[player].pieces)
            points[player] += min(reach, 3.0)
        best = max(points) or 1.0
        return max(0.0, min(1.0, points[player] / (best + 3.0)))


GAME = register(FairSquare())
