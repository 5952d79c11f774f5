"""The Fair and Square tutorial's helpers: the board, one small live run per piece, battles, a round
between bots told turn by turn, the balance figures and two exercises.

Modules: :mod:`.setting` (the board and the pieces in words), :mod:`.runs` (live runs),
:mod:`.exercises`, :mod:`.bots` (a round between bots, the balance check).  Every run is the
engine's own (:func:`core.fairsquare.simulate` with its trace) and every picture the core's SVG;
squares are named as on the page (A1-G7) and players counted from 1.

>>> may_place("C4").text
'No: C4 is next to the 3 on D4.'
>>> turn_1 = watch("Fortress").text.splitlines()[1]
>>> turn_1.startswith("Turn 1: player 1's Fortress B2 (rule 2: heads for the nearest point square its player")
True
"""

from __future__ import annotations

from core.teach import Html, navigation, ready
from core.teach.fairsquare.setting import board, may_place, pieces
from core.teach.fairsquare.runs import battle, cycle, standoff, watch
from core.teach.fairsquare.exercises import answer, exercise, hint, solution
from core.teach.fairsquare.bots import Round, balance, bots_play

__all__ = ["Round", "answer", "balance", "battle", "board", "bots_play", "cycle", "exercise", "hint", "links",
           "may_place", "pieces", "solution", "standoff", "start", "watch"]

GAME_NAME, PAGE = "fair-and-square", "fairsquare"


def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready(GAME_NAME, PAGE)


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation(GAME_NAME, PAGE)
