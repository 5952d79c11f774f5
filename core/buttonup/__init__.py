"""Button Up! (Bruno Cathala, Jactalea 2012): stack-sowing for two armies and three spies (``button-up``).

Nine buttons (3 red, 3 black, 3 white) lie in a circle of single-button stacks.
A move lifts a stack holding a white and sows it clockwise from the bottom
button; a round is always 8 moves and ends with one stack, which scores each
button by its height.  The larger army gains the difference; first to 15 wins.

Modules read in one direction: :mod:`.buttons` (buttons and players),
:mod:`.options` (the rulings and their options), :mod:`.actions`, :mod:`.sowing`
(a move's and a round's result) -> :mod:`.state` (the position) -> :mod:`.render`,
:mod:`.bots` (the exact solver) -> :mod:`.game` (registration).
"""

from core.buttonup.actions import ChooseStarter, EndTurn, Sow
from core.buttonup.buttons import BLACK, RED
from core.buttonup.game import GAME, ButtonUp
from core.buttonup.sowing import RoundResult, Sowing, heights, sow
from core.buttonup.state import ButtonUpState

__all__ = [
    "BLACK", "GAME", "ButtonUp", "RED", "ButtonUpState", "ChooseStarter", "EndTurn", "RoundResult", "Sow", "Sowing",
    "heights", "sow",
]
