"""Why an attack is illegal, and the site's untyped "Default" attack (option BM-08).

Pure functions of the dice and the attack context (no state), so the state can use them.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.buttonmen.actions import ATTACK_TYPES, Attack
from core.buttonmen.attacks import Context, trip_needs, trip_reach
from core.buttonmen.dice import Die
from core.buttonmen.recipe import (
    BERSERK, BOOM, DOPPELGANGER, FIRE, INSULT, KONSTANT, SHADOW, SPEED, TRIP, WARRIOR,
)

_NEEDS = {"Speed": SPEED, "Berserk": BERSERK, "Trip": TRIP, "Boom": BOOM}


def attack_problem(a: Attack, mine: Sequence[Die], theirs: Sequence[Die], ctx: Context,
                   names: tuple[str, str]) -> str:
    """A precise reason for rejecting the attack ``a`` (``names``: the mover's button, then the opponent's)."""
    if a.kind not in ATTACK_TYPES:
        return f"{a.kind!r} is not an attack type; types: {', '.join(ATTACK_TYPES)}"
    if not a.attackers or not a.targets:
        return "an attack needs at least one attacking die and one target"
    if any(not 0 <= i < len(mine) for i in a.attackers) or any(not 0 <= j < len(theirs) for j in a.targets):
        return "a selected die does not exist"
    if len(set(a.attackers)) != len(a.attackers) or len(set(a.targets)) != len(a.targets):
        return "a die is selected twice"
    attackers = [mine[i] for i in a.attackers]
    targets = [theirs[j] for j in a.targets]
    dizzy = [d.label for d in attackers if d.dizzy]
    if dizzy:
        return f"{', '.join(dizzy)} is dizzy from Focus and cannot attack this turn"
    letter = _NEEDS.get(a.kind)
    if letter and not attackers[0].has(letter):
        return f"a {a.kind} attack needs a die with that skill; {attackers[0].label} has none"
    if a.kind == "Skill":
        special = _skill_special(ctx, names, targets)
        if special:
            return special
    if a.kind == "Skill" and any(d.has(BERSERK) for d in attackers):
        return "Berserk dice cannot take part in Skill attacks"
    if a.kind == "Skill" and len(attackers) == 1 and attackers[0].has(KONSTANT):
        return "a Konstant die cannot make a Skill attack alone"
    if a.kind == "Power" and any(attackers[0].has(s) for s in (SHADOW, KONSTANT, FIRE)):
        return f"{attackers[0].label} cannot make Power attacks"
    if any(t.has(WARRIOR) for t in targets):
        return "Warrior dice cannot be attacked"
    if a.kind == "Trip" and len(attackers) == len(targets) == 1:
        reach, need = trip_reach(attackers[0], ctx), trip_needs(targets[0], ctx)
        if reach < need:
            return (f"{attackers[0].label} can roll at most {reach} and {targets[0].label} shows at least {need} "
                    "after its own resize: this Trip can never capture (section 8.2)")
    total = sum(t.value for t in targets)
    return (f"{a.kind} attack by [{', '.join(d.label for d in attackers)}] on "
            f"[{', '.join(t.label for t in targets)}] is not legal (targets show {total})")


def _skill_special(ctx: Context, names: tuple[str, str], targets: list[Die]) -> str | None:
    """The button special or skill that forbids this Skill attack whatever the dice show."""
    if ctx.no_skill:
        return f"{names[0]} cannot make Skill attacks (a rule of this button)"
    if ctx.beetle:
        return f"{names[1]}'s dice cannot be Skill-attack targets (a rule of this button)"
    insult = [t.label for t in targets if t.has(INSULT)]
    if insult:
        return f"{', '.join(insult)} is an Insult die: it cannot be a Skill-attack target"
    return None


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
