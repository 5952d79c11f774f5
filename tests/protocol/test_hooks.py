"""The hook table in the docstring of ``core/protocol.py`` says what the code does (issue 21): every
protocol member a game overrides is in it, each row names the games that implement it, and a
required hook is exactly an abstract one."""

from __future__ import annotations

import inspect
import re

from core import protocol   # importing core registers every game
from core.protocol import GAMES, Game, State

MARKS = {"bm": "button-men", "bu": "button-up", "br": "button-man-braille", "bb": "buttonmen-battle",
         "fs": "fair-and-square", "ib": "imperio-bellum"}
"""The table's short names of the games."""
ROW = re.compile(r"``(?P<hook>[\w.]+)``\s+(?P<needed>required|optional)\s+.+?"
                 r"\s{2,}(?P<games>all|[a-z]{2}(?: [a-z]{2})*)")
"""A row of the table (a wrapped row's further lines are not read)."""


def table() -> dict[str, tuple[bool, frozenset[str]]]:
    """Each row of the docstring's table: the hook, whether it is required and the games it names."""
    rows = {}
    for line in (protocol.__doc__ or "").splitlines():
        match = ROW.fullmatch(line)
        if match is not None:
            games = frozenset(MARKS) if match["games"] == "all" else frozenset(match["games"].split())
            rows[match["hook"]] = (match["needed"] == "required", games)
    return rows


def owner(hook: str) -> tuple[type, str]:
    """The protocol class that declares ``hook`` (``Game.x`` or a state's ``x``) and the bare name."""
    return (Game, hook.removeprefix("Game.")) if hook.startswith("Game.") else (State, hook)


def game_class(mark: str, base: type) -> type:
    game = GAMES[MARKS[mark]]
    return type(game) if base is Game else type(game.new(seed=1))


def overrides(cls: type, base: type, name: str) -> bool:
    return getattr(cls, name) is not getattr(base, name)


def methods(base: type) -> list[str]:
    """The methods and properties of ``base`` a game could override (no settings, no dunders)."""
    return [name for name in dir(base) if not name.startswith("__")
            and (callable(getattr(base, name)) or isinstance(inspect.getattr_static(base, name), property))]


def test_the_table_names_every_game_of_core() -> None:
    ours = {name for name, game in GAMES.items() if type(game).__module__.startswith("core.")}
    assert set(MARKS.values()) == ours


def test_each_row_names_the_games_that_implement_it_and_what_is_required() -> None:
    rows = table()
    assert len(rows) >= 20, "the table is read"
    for hook, (required, named) in rows.items():
        base, name = owner(hook)
        assert name in methods(base), f"{hook} is not a protocol method"
        assert getattr(getattr(base, name), "__isabstractmethod__", False) == required, hook
        implemented = {mark for mark in MARKS if overrides(game_class(mark, base), base, name)}
        assert implemented == named, f"{hook}: implemented by {sorted(implemented)}, the table says {sorted(named)}"


def test_every_protocol_member_a_game_overrides_is_in_the_table() -> None:
    rows = table()
    for base in (State, Game):
        for mark in MARKS:
            cls = game_class(mark, base)
            for name in methods(base):
                hook = name if base is State else f"Game.{name}"
                assert not overrides(cls, base, name) or hook in rows, f"{MARKS[mark]} overrides {hook}"


def test_the_checks_see_a_missing_row_and_a_wrong_game() -> None:
    rows = table()
    assert "_next_state" in rows and "_play" not in rows
    assert overrides(game_class("bb", State), State, "subgame") and rows["subgame"][1] == {"bb"}
    assert not overrides(game_class("bu", State), State, "view") and "bu" not in rows["view"][1]
