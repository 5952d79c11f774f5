"""Rulebox core: the rules of every game, in pure standard-library Python.

>>> import core
>>> state = core.get_game("button-up").new(seed=7, start="WRBWBRWBR")
>>> core.replay(state.to_record()) == state
True
"""

from core.protocol import (
    GAMES,
    Action,
    Game,
    IllegalAction,
    Option,
    Options,
    State,
    get_game,
    replay,
    replay_states,
)

from core import buttonmen, buttonup  # noqa: E402  (registers the games)
from core import braille as braille  # noqa: E402  (registers the braille variant of Button Men)
from core import battle as battle  # noqa: E402  (registers ButtonMen Battle)
from core import imperio as imperio  # noqa: E402  (registers Imperio Bellum)
from core import fairsquare as fairsquare  # noqa: E402  (registers Fair and Square)

__all__ = [
    "GAMES", "Action", "Game", "IllegalAction", "Option", "Options", "State", "battle", "braille", "buttonmen",
    "buttonup", "fairsquare", "get_game", "imperio", "replay", "replay_states",
]
