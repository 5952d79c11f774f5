"""The site's untyped "Default" attack (option BM-08, section 8.5).

A pure function of the dice and the legal attacks (no state), so the state can use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.buttonmen.actions import Attack
from core.buttonmen.dice import Die
from core.buttonmen.recipe import DOPPELGANGER


def resolve_default(a: Attack, attacks: Sequence[Attack], mine: Sequence[Die]) -> Attack | None:
    """The concrete attack among the legal ``attacks`` a Default attack means, or None when none or
    ambiguous (section 8.5)."""
    fits = [x for x in attacks if x.attackers == a.attackers and x.targets == a.targets and x.turbo == a.turbo]
    kinds = {x.kind for x in fits}
    if not fits:
        return None
    if len(fits) == 1:
        return fits[0]
    if any(x.fire for x in fits):
        plain = [x for x in fits if x.kind == "Power" and not x.fire]
        return plain[0] if plain and kinds <= {"Power", "Skill"} else None
    if len(a.attackers) != 1 or len(a.targets) > 2 or kinds & {"Berserk", "Trip", "Boom"}:
        return None
    if "Power" in kinds and mine[a.attackers[0]].has(DOPPELGANGER):
        return None
    for kind in ("Power", "Skill", *sorted(kinds)):
        for x in fits:
            if x.kind == kind:
                return x
    return None
