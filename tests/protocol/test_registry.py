"""The games load lazily (:mod:`core.registry`): ``import core`` and a tutorial's ``core.teach.<game>`` import
only the game they use, while ``core.GAMES``, ``core.get_game``, ``core.replay`` and ``core.<package>`` see
every game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import core
from core.protocol import GAMES, InputError
from core.registry import PACKAGES, Games

ROOT = Path(__file__).resolve().parents[2]
ALL = ["button-men", "button-up", "button-man-braille", "buttonmen-battle", "imperio-bellum", "fair-and-square"]
fresh = pytest.mark.skipif(sys.platform == "emscripten", reason="a fresh interpreter needs a subprocess")


def loaded_after(statement: str, then: str = "None") -> tuple[list[str], object]:
    """The game packages (``core.<package>``) a fresh interpreter has imported after ``statement``, and the
    value of the expression ``then`` evaluated after it."""
    probe = (f"import json, sys\n{statement}\nvalue = {then}\n"
             "print(json.dumps([sorted({m.split('.')[1] for m in sys.modules if m.startswith('core.')}), value]))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    modules, value = json.loads(done.stdout)
    return sorted(set(modules) & set(core.GAME_PACKAGES)), value


@fresh
def test_a_tutorial_imports_only_its_own_game() -> None:
    assert loaded_after("import core.teach.buttonup")[0] == ["buttonup"]
    assert loaded_after("import core.teach.imperio")[0] == ["imperio"]


@fresh
def test_import_core_loads_no_game_until_one_is_asked_for() -> None:
    assert loaded_after("import core")[0] == []
    assert loaded_after("import core", "core.get_game('fair-and-square').name") == (["fairsquare"], "fair-and-square")
    assert loaded_after("import core", "type(core.battle).__name__")[0] == ["battle", "buttonmen"]


@fresh
@pytest.mark.parametrize("name", ALL)
def test_each_package_registers_its_game(name: str) -> None:
    statement = f"import {PACKAGES[name]}\nfrom core.protocol import GAMES"
    _, registered = loaded_after(statement, "sorted(GAMES._games)")
    assert isinstance(registered, list) and name in registered


@fresh
def test_listing_the_games_in_a_fresh_interpreter_loads_all_six_in_order() -> None:
    packages, names = loaded_after("import core\ncore.get_game('imperio-bellum')", "list(core.GAMES)")
    assert names == ALL and packages == sorted(core.GAME_PACKAGES)


def test_every_game_is_listed_and_found_by_name() -> None:
    assert list(core.GAMES)[:len(ALL)] == ALL == list(PACKAGES)
    assert all(core.get_game(name).name == name for name in ALL)
    packages = set(PACKAGES.values())
    assert {getattr(core, package.rpartition(".")[2]).__name__ for package in packages} == packages


def test_an_unknown_name_or_attribute_is_refused() -> None:
    with pytest.raises(InputError, match="unknown game; games: button-men, button-up"):
        core.get_game("chess")
    with pytest.raises(InputError):
        core.get_game(["button-up"])
    with pytest.raises(AttributeError, match="no attribute 'chess'"):
        _ = core.chess  # type: ignore[attr-defined]
    assert "chess" not in GAMES and "button-up" in GAMES


def test_a_registry_lists_other_games_after_the_engines_in_the_order_they_came() -> None:
    games = Games[str]()
    games["zeta"] = "z"
    games["alpha"] = "a"
    games["button-up"] = "b"  # as core.buttonup registers it, whatever its package's state
    games.update({name: name for name in PACKAGES if name != "button-up"})
    assert list(games) == [*ALL, "zeta", "alpha"] and len(games) == len(ALL) + 2
    del games["zeta"]
    assert "zeta" not in games and games["alpha"] == "a"
