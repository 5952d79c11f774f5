"""The 15 turns of one board (rulebook section 4), fast enough for bots to run thousands.

:func:`simulate` takes the board, the placed pieces and a random stream and plays
turn 0 (placement collisions separate) and turns 1-15 on a :class:`~core.fairsquare.play.Play`,
the board in motion: every piece's move decided, the pieces moved simultaneously, battles
(from turn 2), separations and captures.  With ``record=True`` it also returns a
:class:`~core.fairsquare.trace.TurnTrace` per turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.fairsquare.boards import Board
from core.fairsquare.play import Play
from core.fairsquare.result import Result
from core.fairsquare.trace import REMOVED, LazyTurn, Piece, TurnTrace

TURNS = 15


def simulate(board: Board, pieces: Sequence[Piece], players: int, stream: int, *, friendly_losses: bool = True,
             by_count: bool = False, record: bool = False, seats: Sequence[int] = (),
             owners: Sequence[int] = ()) -> Result:
    """Play turns 0-15 of one board.  ``Piece.owner`` is the board player's index (0..players-1);
    ``seats`` maps those indices to seat numbers in the recorded trace; ``owners`` (per square,
    -1 for nobody) sets owned squares before turn 1 (the rules start with none)."""
    play = Play(board, pieces, players, stream, friendly_losses=friendly_losses, by_count=by_count, owners=owners)
    history: list[tuple[int, ...]] = [tuple(play.totals)]
    turns: list[TurnTrace] = []
    seat_of = [*(seats or range(players)), -1]  # seat numbers by board player; index -1 (nobody) gives -1
    separations = play.separate({s: list(m) for s, m in play.at.items()})
    if record:
        lazy = LazyTurn((), (), (), (), tuple(play.owner), seat_of)
        turns.append(TurnTrace(0, (), (), tuple(separations), (), tuple(play.pos), lazy, tuple(play.totals)))
    pos, live, n, occ = play.pos, play.live, play.n, play.occ
    moves = [k.moves for k in play.kin] if record else []
    turn = 1
    while turn <= TURNS:
        decisions = play.resolve()
        start = pos[:]
        carried = play.sep_dir[:]
        still = True
        for i in live:
            d = decisions[i]
            if d[0] != pos[i] or d[1] == "cycle":
                still = False
                pos[i] = d[0]
        play.sep[:] = [-1] * n
        play.sep_dir[:] = [""] * n
        play.fill()
        joined = {i for i in live if occ[pos[i]] > 1}
        battles = play.battle() if turn > 1 and joined else []
        separations = play.separate(play.at) if joined else []
        progress = play.capture(start, joined)
        history.append(tuple(play.totals))
        # A turn in which nothing moved, stacked, separated or made progress repeats until the end.
        repeats = TURNS - turn + 1 if still and not joined and not progress else 1
        for _ in range(repeats - 1):
            history.append(history[-1])
        if record:
            lazy = LazyTurn(decisions, start, carried, moves, tuple(play.owner), seat_of)
            alive = play.alive
            where = tuple(pos) if len(live) == n else tuple([p if alive[i] else REMOVED for i, p in enumerate(pos)])
            totals = history[-1]
            turns.append(TurnTrace(turn, lazy, tuple(battles), tuple(separations), tuple(progress), where, lazy,
                                   totals))
            turns.extend(TurnTrace(turn + k, lazy, (), (), (), where, lazy, totals) for k in range(1, repeats))
        turn += repeats
    return Result(tuple(history), *play.counts(players), tuple(turns))
