"""The registry of games (:data:`core.protocol.GAMES`), each game's package imported the first time it is asked for.

``import core`` loads the protocol only: a tutorial that plays Button Up! never imports the other five games
(their import is most of ``import core``, several times longer in the browser's Python).  Asking for a game
by name imports its package (which registers it); iterating, counting or listing the registry imports every
game first, so it always sees all of them, in the order of :data:`PACKAGES`, then any other game in the
order it was registered.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping

PACKAGES = {
    "button-men": "core.buttonmen",
    "button-up": "core.buttonup",
    "button-man-braille": "core.braille",
    "buttonmen-battle": "core.battle",
    "imperio-bellum": "core.imperio",
    "fair-and-square": "core.fairsquare",
}
"""Every game of the engine by name, with the package whose import registers it."""


class Games[G](MutableMapping[str, G]):
    """Games by name; a game of :data:`PACKAGES` is imported when it is first looked up or the registry listed."""

    def __init__(self) -> None:
        self._games: dict[str, G] = {}
        self._unloaded = dict(PACKAGES)

    def _load(self, name: str) -> None:
        package = self._unloaded.pop(name, None)
        if package is not None:
            importlib.import_module(package)

    def _load_all(self) -> None:
        for name in list(self._unloaded):
            self._load(name)

    def __getitem__(self, name: str) -> G:
        if isinstance(name, str) and name not in self._games:
            self._load(name)
        return self._games[name]

    def __setitem__(self, name: str, game: G) -> None:
        self._games[name] = game

    def __delitem__(self, name: str) -> None:
        del self._games[name]

    def __iter__(self) -> Iterator[str]:
        self._load_all()
        rank = {name: index for index, name in enumerate(PACKAGES)}
        return iter(sorted(self._games, key=lambda name: rank.get(name, len(rank))))

    def __len__(self) -> int:
        self._load_all()
        return len(self._games)

    def __repr__(self) -> str:
        return f"Games({', '.join(self)})"
