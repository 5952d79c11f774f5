"""The shipped roster: lookup, filters, random TL pick, and random matches for every button."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

import pytest
from bm_helpers import GAME

from core import rng
from core.buttonmen import Surrender, roster
from core.buttonmen.state import ButtonMenState

MAX_ACTIONS = 400


def test_lookup_is_case_insensitive_and_the_is_optional() -> None:
    assert roster.find("flying squirrel").name == "The Flying Squirrel"
    assert roster.find("BAUER").recipe == "(8) (10) (12) (20) (X)"
    assert roster.find("Craptacular").recipe == "c(6) c(8) (12) (20) (T,T)"
    assert not roster.find("Craptacular").tournament_legal
    with pytest.raises(ValueError, match="did you mean"):
        roster.find("core)")


def test_filters_and_random_pick() -> None:
    core_set = roster.select(set_name="The Core")
    assert len(core_set) == 15 and all(b.tournament_legal for b in core_set)
    assert {b.name for b in roster.select(skill="f")} >= {"Crab", "Kakita"}
    assert all("s" in b.skills() for b in roster.select(skill="s"))
    assert "Mutton Ben" in {b.name for b in roster.select(tournament_legal=False)}
    picks = {roster.random_tl(rng.seed_stream(s))[1].name for s in range(30)}
    assert len(picks) > 10 and all(roster.find(n).tournament_legal for n in picks)
    assert "The Core" in roster.sets()


def test_every_roster_recipe_parses() -> None:
    assert len(roster.buttons()) >= 120
    for button in roster.buttons():
        assert button.recipe or button.name in ("Echo", "Zero")


def _play(state: ButtonMenState, seed: int) -> ButtonMenState:
    """Random legal actions (never surrendering), at most MAX_ACTIONS of them."""
    stream = rng.seed_stream(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        actions = [a for a in state.legal_actions() if not isinstance(a, Surrender)]
        stream, action = rng.choice(stream, actions)
        after = state.apply(action)
        assert isinstance(after, ButtonMenState)
        state = after
    assert state.rounds or state.round_number > 1 or state.turns > 0 or state.is_over
    return state


@pytest.mark.parametrize("index", range(len(roster.buttons())))
def test_random_match_for_every_roster_button(index: int) -> None:
    names = [b.name for b in roster.buttons()]
    opponent = names[(index * 37 + 11) % len(names)]
    state = GAME.new(seed=index, buttons=(names[index], opponent), max_wins=1)
    assert isinstance(state, ButtonMenState)
    _play(state, index)


def _playable(path: Path) -> list[tuple[str, str]]:
    with path.open(encoding="utf-8") as f:
        return [(r["name"], r["recipe"]) for r in csv.DictReader(f) if r["implemented"] == "1" and r["recipe"]]


def test_every_playable_site_recipe_plays(shared_path: Callable[[str], Path]) -> None:
    rows = _playable(shared_path("buttonmen/buttons.csv"))
    assert len(rows) > 700
    for k, (name, recipe) in enumerate(rows):
        other = rows[(k * 53 + 7) % len(rows)]
        state = GAME.new(seed=k, buttons=(name, other[0]), recipes=(recipe, other[1]), max_wins=1)
        assert isinstance(state, ButtonMenState)
        _play(state, k)
