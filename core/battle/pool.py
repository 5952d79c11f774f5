"""Eligible buttons (BB-03, BB-04, BB-18): the Tournament-Legal pool and edition 2's pick list.

A pick list is data: a list of ``{"name": ..., "recipe": ...}`` entries (a recipe lets an entry
describe a button that is not on the roster).  The default way to build one (6.2) keeps the buttons
of a statistics list ``{"name", "recipe", "games", "win_rate"}`` with at least ``min_games`` games
and a win rate inside the band.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.buttonmen import roster, validate_custom
from core.buttonmen.options import MAX_NAME
from core.protocol import name_problem

MAX_POOL = 2000


@dataclass(frozen=True)
class Entry:
    """An eligible button: its name and recipe ("" where the roster copies it at match start)."""

    name: str
    recipe: str


@lru_cache(maxsize=1)
def tl_pool() -> tuple[Entry, ...]:
    """The site-playable Tournament-Legal buttons of the roster."""
    return tuple(Entry(b.name, b.recipe) for b in roster.select(tournament_legal=True))


def roster_recipe(name: str) -> str | None:
    """The roster recipe of a button called ``name``, or None when the roster lacks it."""
    try:
        return roster.find(name).recipe
    except ValueError:
        return None


def canonical(name: str) -> str:
    """The roster's spelling of a button name (unchanged when the roster lacks it)."""
    try:
        return roster.find(name).name
    except ValueError:
        return name


def check_entries(value: Any) -> str | None:
    """What is wrong with a pick list option value, or None.

    Every entry is checked as Button Men checks a custom button (:func:`button_problem`); an entry
    without a recipe must name a roster button.
    """
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= MAX_POOL:
        return f"must be None or a list of 1-{MAX_POOL} buttons"
    for number, item in enumerate(value, 1):
        if not isinstance(item, dict):
            return f"entry {number} must be an object with a button name and optionally a recipe"
        problem = button_problem(item.get("name"), item.get("recipe"))
        if problem is None and item.get("recipe") is None and roster_recipe(item["name"]) is None:
            problem = f"{item['name']} is not on the roster, so it needs a recipe"
        if problem:
            return f"entry {number}: {problem}"
    return None


def button_problem(name: Any, recipe: Any = None) -> str | None:
    """What is wrong with a button's name and optional recipe, else None: the limits of a Button Men
    custom button (a name of 1-60 characters without control characters, :func:`validate_custom`)."""
    problem = name_problem(name, MAX_NAME)
    if problem:
        return problem.replace("a name", "a button name", 1)
    if recipe is None:
        return None
    try:
        validate_custom(recipe)
    except ValueError as error:
        return f"the recipe of {name} is refused: {error}"
    return None


def check_stats(value: Any) -> str | None:
    """What is wrong with a button statistics option value, or None."""
    if value is None:
        return None
    problem = check_entries(value)
    if problem:
        return problem
    for item in value:
        games, rate = item.get("games"), item.get("win_rate")
        if type(games) is not int or games < 0 or isinstance(rate, bool) or not isinstance(rate, (int, float)) \
                or not 0 <= rate <= 100:
            return f"{item['name']}: games must be a count and win_rate a percentage"
    return None


def parse_band(text: str) -> tuple[float, float]:
    """``"45..55"`` -> ``(45.0, 55.0)``; ValueError when malformed."""
    low, sep, high = text.partition("..")
    if not sep:
        raise ValueError("a band is written low..high")
    band = (float(low), float(high))
    if not 0 <= band[0] <= band[1] <= 100:
        raise ValueError("a band is low..high within 0..100")
    return band


def check_band(value: Any) -> str | None:
    if not isinstance(value, str):
        return "must be a text low..high, e.g. 45..55"
    try:
        parse_band(value)
    except ValueError as error:
        return str(error)
    return None


def entries(items: Sequence[Any]) -> tuple[Entry, ...]:
    """Pick list entries from validated option data (roster recipes filled in)."""
    return tuple(Entry(i["name"], i["recipe"] if i.get("recipe") is not None else roster_recipe(i["name"]) or "")
                 for i in items)


def build_pick_list(stats: Sequence[Any], band: str, min_games: int) -> tuple[Entry, ...]:
    """Section 6.2's default pick list: enough games and a win rate inside the band."""
    low, high = parse_band(band)
    return entries([s for s in stats if s["games"] >= min_games and low <= s["win_rate"] <= high])


def not_eligible(button: str, options: Any) -> str:
    """The refusal of a button that is not in the eligible pool (BB-03), as a sentence."""
    listed = eligible(options) != tl_pool()
    where = "the coordinator's pick list" if listed else "the Tournament-Legal buttons"
    return f"{button} is not an eligible button: this campaign's buttons come from {where} (BB-03)"


def eligible(options: Any) -> tuple[Entry, ...]:
    """The buttons players may pick under these options (BB-03)."""
    choice = options["button_pool"]
    listed: tuple[Entry, ...] = ()
    if options["pick_list"] is not None:
        listed = entries(options["pick_list"])
    elif options["button_stats"] is not None:
        listed = build_pick_list(options["button_stats"], options["e2_pool_win_band"], options["e2_pool_min_games"])
    if choice == "pick_list" or (choice == "auto" and options["edition"] == 2 and listed):
        return listed or tl_pool()
    return tl_pool()
