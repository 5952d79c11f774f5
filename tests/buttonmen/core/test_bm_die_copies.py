"""Dice put in play from cached templates and rolled by copying equal dice built from scratch,
cached facts included, and leave the templates untouched."""

from dataclasses import replace

from core.buttonmen.dice import Die, fresh_dice
from core.buttonmen.recipe import parse_recipe

RECIPE = "p(4) s(X) (3,3) (5/7) z(V,V) (C) f(6) r(8)"
CHOSEN = (("3", 7), ("V", 7), ("X", 11))


def from_scratch(position: int, uid: int) -> Die:
    spec, sizes = parse_recipe(RECIPE)[position], dict(CHOSEN)
    if spec.options:
        return Die(spec.skills, (sizes[str(position)],), letters=("",), options=spec.options, uid=uid, owner=1)
    return Die(spec.skills, tuple(sizes[h] if isinstance(h, str) else h for h in spec.halves),
               letters=tuple(h if isinstance(h, str) else "" for h in spec.halves), wildcard=spec.wildcard,
               uid=uid, owner=1)


def test_round_dice_are_the_dice_built_from_scratch() -> None:
    templates = fresh_dice(RECIPE, CHOSEN)
    assert len(templates) == 7                       # the reserve die stays out of play
    for position, template in enumerate(templates):
        die, scratch = template.placed(40 + position, 1), from_scratch(position, 40 + position)
        assert die == scratch
        assert (die.size, die.min, die.notation, die.label) == (scratch.size, scratch.min, scratch.notation,
                                                                scratch.label)
        rolled = replace(die, dizzy=True).rolled(3, (1, 2))
        assert rolled == replace(scratch, value=3, faces=(1, 2)) and rolled.label == f"{scratch.notation}:3"
        assert die.value == 0 and die.label == f"{scratch.notation}:0"     # the copies left it as it was
    assert fresh_dice(RECIPE, CHOSEN) is templates and all(t.uid == 0 for t in templates)
