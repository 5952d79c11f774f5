"""Fair and Square (The Genius: Tempo Up): hidden placement of self-moving pieces, 15 simultaneous turns.

Rules: ``../shared/rules/fair-and-square.md``; every Ruling FS-01..21 is an option of
:data:`GAME` with the rulebook's name and default.  Modules, each importing only
those above it:

* :mod:`.geometry` -- squares 0-48 (``name``, ``parse_square``), directions, distances.
* :mod:`.pieces` -- the ``fas-pieces/1`` schema: :func:`load_piece_set` (one InputError naming
  round, piece and field), the bundled set ``project_v1.json``.
* :mod:`.boards` -- :class:`Board` (values, ``legal`` placement squares), data boards, generated boards.
* :mod:`.placement` -- placement rules, the live ">= 3 types" check, random legal placements.
* :mod:`.trace` -- :class:`BoardRecord` and :class:`TurnTrace`: what happened on a board.
* :mod:`.scoring` -- rankings with every tie-break.
* :mod:`.kinetics` -- piece types compiled for the engine (move tables, rule codes).
* :mod:`.play` -- one board in motion (:class:`~.play.Play`): decide, resolve, battle, separate, capture.
* :mod:`.sim` -- the turn procedure (:func:`simulate` on a :class:`~.play.Play`), fast enough for bots.
  :mod:`.result` -- its :class:`~.result.Result`; :mod:`.cycles` -- prediction cycles (FS-10).
* :mod:`.explain` -- sentences, positions, piece cards and the tie-break behind a place.
* :mod:`.options` -- the options (rulings FS-xx and our own).  :mod:`.actions` -- the actions.
* :mod:`.state` -- :class:`FairSquareState`: set-up, placement, rounds and the result.
* :mod:`.render` -- ``describe``/``svg``.  :mod:`.bots` -- placement bots.  :mod:`.game` -- :data:`GAME`.
* :mod:`.conformance` and :mod:`.balance` -- command-line tools.

For an app author
-----------------
Seats are the rulebook's player numbers 0-7 (shown as "player 1".."player 8", like every
Rulebox game).  With ``players_per_board`` 2 or 3, or ``single_board=True``, all seats share
one board each round.

* **Placement** is the only decision.  ``state.actors`` holds every player still to place
  (simultaneous): ``state.apply(Place(kind, square), player)`` four times, then
  ``Confirm()``.  Listed actions respect every rule; ``state.allowed_types(player)`` is the
  live ">= 3 types" check (the types that may still be placed), and ``state.why_illegal``
  explains a refusal.  ``Lift(square)`` takes back an unconfirmed piece and
  ``Reorder(kind, letters)`` spends a garnet (``letters``: a permutation of the type's move
  letters, e.g. ``"BACD"``; re-ordering back to the card's order refunds it); both are
  accepted without being listed.  Garnets are charged at the end of the round.  A player may
  lift or re-order at most ``MAX_CHANGES`` (50) times a round, so place/lift cycles cannot
  grow a record without limit.
* **Hidden information**: ``state.view(player)`` blanks the other players' placements until
  their board is played; ``describe``/``svg`` go through it.
* **The turns** resolve when a board's last placement arrives.  ``state.records`` holds a
  :class:`BoardRecord` per finished board (``round_number``, ``group``, ``board``,
  ``players``, ``pieces``, ``turns``, ``places``, ``points``).  ``record.turns[k]`` (k = 0-15,
  turn 0 = placement collisions separating) lists every piece's :class:`PieceStep` (start,
  end, the deciding rule, move letter, target square, foe piece, separation direction,
  whether ``dodge`` changed it), battles, separations and capture progress, plus the
  position after the turn.  :func:`sentence` and :func:`turn_sentences` put them into words;
  :func:`position_after` (``record, k``) gives the board after turn k for a slider, and
  :func:`record_svg` draws it.
* **Match end**: most points win (shared); the elimination candidate is found by the match
  tie-break chain (FS-19); if players are still tied, the winners each name one
  (``Eliminate(seat)``; the most votes, then a seeded draw, decide).
* **Bots**: the default level ``greedy`` and the extra level ``thorough`` (:mod:`.bots`) plan a
  whole placement by simulation and play it piece by piece; the protocol's random and MCTS
  bots play too.  ``state.actors`` may hold several players: give bots the seat they play.

Decisions of ours (named options where a player might want the other reading):

* ``single_board`` (False) and ``rounds`` (3): quick games on one board and shorter matches.
* A capture counter restarts whenever any piece shares the square after the moves, even a
  piece the battle then removes ("joined by any piece").
* ``dodge`` alters moves only (a piece told to stay stays); "predicted to enter" means a
  predicted move ending there; a dodging piece depends on the higher-ranked enemies that
  could reach one of its candidate squares this turn, which is what makes a cycle.
* The rulebook's "approach" and target orders hold for pieces too: ``evict`` aims at the
  nearest prey square (then higher value, then name); ``flee`` names the nearest hunter.
* Pieces enter the engine in seat order, each player's pieces by square, so the same
  placements always give the same turns; a board's random stream is derived from the
  round's stream and the board number, so the two boards of a round do not depend on
  which finishes first.
* Vote ties for the elimination candidate are drawn from the seeded stream.

>>> import core.fairsquare as fs
>>> state = fs.GAME.new(seed=1)
>>> state.players, sorted(state.actors)[:4]
(8, [0, 1, 2, 3])
"""

from core.fairsquare.boards import DEFAULT_BOARD, Board, board_from_json, generated_boards
from core.fairsquare.explain import Position, position_after, sentence, turn_sentences
from core.fairsquare.game import GAME, FairSquare
from core.fairsquare.pieces import PieceSet, PieceType, load_piece_set, piece_set
from core.fairsquare.render import record_svg
from core.fairsquare.sim import simulate
from core.fairsquare.actions import Confirm, Eliminate, Lift, Place, Reorder
from core.fairsquare.state import FairSquareState, Placement
from core.fairsquare.trace import Battle, BoardRecord, Piece, PieceStep, Progress, Separation, TurnTrace

__all__ = [
    "DEFAULT_BOARD", "GAME", "Battle", "Board", "BoardRecord", "Confirm", "Eliminate", "FairSquare",
    "FairSquareState", "Lift", "Piece", "PieceSet", "PieceStep", "PieceType", "Place", "Placement", "Position",
    "Progress", "Reorder", "Separation", "TurnTrace", "board_from_json", "generated_boards", "load_piece_set",
    "piece_set", "position_after", "record_svg", "sentence", "simulate", "turn_sentences",
]
