"""The Imperio Bellum tutorial's helpers: positions written in words, reach, zones and shields drawn on the
board, live odds, three exercises and a bot game to step through.

Squares are named as on the board and the game's page (files a-i, ranks 1-9); Red is
the attacker (player 1, moving up), Blue the defender.  Lesson positions take their dice
by hand (``play(board, "Kd4xe5", dice=[6, 5, 2])``) or roll them from a fixed stream.

>>> odds(position("red knight d4, blue footsoldier e5"), "Kd4xe5").text.splitlines()[1][:46]
'attack on e5, Knight 3 − 1 adjacent = 2 dice, '

Modules: :mod:`.positions` (positions in words, moves played), :mod:`.pictures` (reach, zones,
shields), :mod:`.chances` (odds, the armies), :mod:`.exercises`, :mod:`.botgame`.
"""

from __future__ import annotations

from core.teach import Html, navigation, ready
from core.teach.imperio.positions import default_armies, play, position
from core.teach.imperio.pictures import moves, shields, show, zones
from core.teach.imperio.chances import armies, odds, odds_table, rock_paper_scissors
from core.teach.imperio.exercises import answer, exercise, exercise_position, hint, solution
from core.teach.imperio.botgame import bot_game

__all__ = ["answer", "armies", "bot_game", "default_armies", "exercise", "exercise_position", "hint", "links",
           "moves", "odds", "odds_table", "play", "position", "rock_paper_scissors", "shields", "show", "solution",
           "start", "zones"]


def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready("imperio-bellum", "imperio")


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("imperio-bellum", "imperio")
