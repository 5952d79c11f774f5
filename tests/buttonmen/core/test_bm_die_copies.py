"""Dice built from templates and rolled by copying equal dice built from scratch, cached facts included."""

from dataclasses import replace

import pytest

from core.buttonmen.dice import Die, build_die
from core.buttonmen.recipe import parse_recipe

RECIPE = "p(4) s(X) (3,3) (5/7) z(V,V) (C) f(6)"


@pytest.mark.parametrize("position", range(len(parse_recipe(RECIPE))))
def test_a_built_and_rolled_die_is_the_die_built_from_scratch(position: int) -> None:
    spec = parse_recipe(RECIPE)[position]
    swing = {"X": 11, "V": 7}
    option = 7 if spec.options else None
    die = build_die(spec, swing, option, uid=40 + position, owner=1)
    halves = (option,) if option else tuple(swing[h] if isinstance(h, str) else h for h in spec.halves)
    letters = ("",) if spec.options else tuple(h if isinstance(h, str) else "" for h in spec.halves)
    scratch = Die(spec.skills, halves, letters=letters, options=spec.options, wildcard=spec.wildcard,
                  uid=40 + position, owner=1)
    assert die == scratch and (die.size, die.min, die.notation, die.label) == \
        (scratch.size, scratch.min, scratch.notation, scratch.label)
    rolled = replace(die, dizzy=True).rolled(3, (1, 2))
    assert rolled == replace(scratch, value=3, faces=(1, 2)) and rolled.label == f"{scratch.notation}:3"
    assert die.value == 0 and die.label == f"{scratch.notation}:0"      # the original is untouched
