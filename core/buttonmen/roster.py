"""The shipped roster (``roster.csv``): lookup by name, filters and a seeded random TL pick.

>>> find("flying squirrel").name
'The Flying Squirrel'
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from core import rng
from core.protocol import quote
from core.buttonmen.recipe import parse_recipe


@dataclass(frozen=True)
class Button:
    """One roster button: name, set name, TL flag and recipe ("" when copied at match start)."""

    name: str
    set_name: str
    tournament_legal: bool
    recipe: str

    def skills(self) -> set[str]:
        """The skill letters its recipe uses."""
        if not self.recipe:
            return set()
        return {c for spec in parse_recipe(self.recipe) for c in spec.skills}


@lru_cache(maxsize=1)
def buttons() -> tuple[Button, ...]:
    """Every roster button, in roster order."""
    text = resources.files("core.buttonmen").joinpath("roster.csv").read_text(encoding="utf-8")
    return tuple(
        Button(row["name"], row["set"], row["tournament_legal"] == "1", row["recipe"])
        for row in csv.DictReader(io.StringIO(text))
    )


def _key(name: str) -> str:
    key = " ".join(name.casefold().split())
    return key[4:] if key.startswith("the ") else key


@lru_cache(maxsize=1)
def _by_key() -> dict[str, Button]:
    """Buttons by lookup key (the first of equal keys, in roster order)."""
    index: dict[str, Button] = {}
    for button in buttons():
        index.setdefault(_key(button.name), button)
    return index


@lru_cache(maxsize=1)
def _tournament_legal() -> tuple[Button, ...]:
    return tuple(select(tournament_legal=True))


def find(name: str) -> Button:
    """The button called ``name`` (case-insensitive; a leading "The " is optional)."""
    wanted = _key(name)
    found = _by_key().get(wanted)
    if found is not None:
        return found
    close = [b.name for b in buttons() if wanted and wanted in _key(b.name)][:5]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise ValueError(f"no button called {quote(name)} in the roster{hint}")


def sets() -> list[str]:
    """The set names in roster order."""
    return list(dict.fromkeys(b.set_name for b in buttons()))


def select(*, set_name: str | None = None, tournament_legal: bool | None = None,
           skill: str | None = None) -> list[Button]:
    """Buttons filtered by set, TL flag and skill letter."""
    return [
        b for b in buttons()
        if (set_name is None or b.set_name.casefold() == set_name.casefold())
        and (tournament_legal is None or b.tournament_legal == tournament_legal)
        and (skill is None or skill in b.skills())
    ]


def random_tl(stream: int) -> tuple[int, Button]:
    """A uniformly drawn tournament-legal button: ``(stream, button)``."""
    return rng.choice(stream, _tournament_legal())
