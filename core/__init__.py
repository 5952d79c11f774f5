"""Rulebox core: the rules of every game, in pure standard-library Python.

``import core`` loads the protocol only; each game's package (``core.buttonup`` ...) is imported when it is
first used: by name (``core.get_game``, ``core.replay``, ``core.GAMES[name]``), as an attribute
(``core.battle``) or by listing ``core.GAMES`` (which lists every game).

>>> import core
>>> state = core.get_game("button-up").new(seed=7, start="WRBWBRWBR")
>>> core.replay(state.to_record()) == state
True
"""

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

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
from core.registry import PACKAGES

GAME_PACKAGES = frozenset(package.rpartition(".")[2] for package in PACKAGES.values())
"""The games' packages, attributes of ``core`` imported when first used."""

if TYPE_CHECKING:
    from core import battle, braille, buttonmen, buttonup, fairsquare, imperio
else:
    def __getattr__(name: str) -> ModuleType:
        """A game's package (``core.battle`` ...), imported on first use."""
        if name in GAME_PACKAGES:
            return importlib.import_module(f"core.{name}")
        raise AttributeError(f"module 'core' has no attribute '{name}'")


__all__ = [
    "GAMES", "Action", "Game", "IllegalAction", "Option", "Options", "State", "battle", "braille", "buttonmen",
    "buttonup", "fairsquare", "get_game", "imperio", "replay", "replay_states",
]
