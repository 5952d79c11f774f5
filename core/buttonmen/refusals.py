"""Why an attack is refused: one sentence naming the dice and the rule of section 8 it breaks.

:func:`attack_problem` checks in the order a player reads the rules: the attack type and the
selected dice, the restrictions of every attack (8.1), the button's specials and the skills
that forbid a type, then the type's own shape and condition (8.2), the Fire help and the Turbo
sizes.  Pure functions of the dice and the attack context (no state), so the state can use them.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.buttonmen.actions import ATTACK_TYPES, Attack
from core.buttonmen.attacks import (
    OFFSET, Context, can_power, can_shadow, fire_problem, power_value, team_sums, trip_needs, trip_reach, turbo_dice,
)
from core.buttonmen.dice import Die
from core.buttonmen.recipe import (
    BERSERK, BOOM, FIRE, INSULT, KONSTANT, QUEER, RUSH, SHADOW, SPEED, STEALTH, STINGER, TRIP, WARRIOR,
)
from core.protocol import quote

_NEEDS = {"Speed": SPEED, "Berserk": BERSERK, "Trip": TRIP, "Boom": BOOM}
_ONE_TARGET = ("Power", "Shadow", "Trip", "Boom", "Skill")


def attack_problem(a: Attack, mine: Sequence[Die], theirs: Sequence[Die], ctx: Context,
                   names: tuple[str, str]) -> str:
    """A precise reason for rejecting the attack ``a`` (``names``: the mover's button, then the opponent's)."""
    if a.kind not in ATTACK_TYPES:
        return f"{quote(a.kind)} is not an attack type; the types are {', '.join(ATTACK_TYPES)}"
    if not a.attackers or not a.targets:
        return "an attack needs at least one attacking die and one target"
    missing = _missing_die(a, len(mine), len(theirs))
    if missing:
        return missing
    if len(set(a.attackers)) != len(a.attackers) or len(set(a.targets)) != len(a.targets):
        return "a die is selected twice"
    attackers = [mine[i] for i in a.attackers]
    targets = [theirs[j] for j in a.targets]
    return _shape_problem(a.kind, len(attackers), len(targets)) \
        or _common_problem(a.kind, attackers, targets, ctx, names) \
        or _help_problem(a, mine) \
        or _condition_problem(a, attackers, targets, ctx) \
        or (f"{a.kind} attack by {_labels(attackers)} on {_labels(targets)} is not legal: "
            "no rule of section 8 allows it")


def _labels(dice: Sequence[Die]) -> str:
    return ", ".join(d.label for d in dice)


def _missing_die(a: Attack, mine: int, theirs: int) -> str | None:
    """The first selected position with no die, named as players count (from 1)."""
    for i in a.attackers:
        if not 0 <= i < mine:
            return f"you have {mine} dice in play: there is no die {i + 1} of yours to attack with"
    for j in a.targets:
        if not 0 <= j < theirs:
            return f"your opponent has {theirs} dice in play: there is no die {j + 1} of theirs to attack"
    return None


def _shape_problem(kind: str, attackers: int, targets: int) -> str | None:
    """How many attackers and targets the type takes (the table of section 8.2)."""
    if kind != "Skill" and attackers != 1:
        return f"a {kind} attack is made by exactly one of your dice (section 8.2)"
    if kind in _ONE_TARGET and targets != 1:
        return f"a {kind} attack takes exactly one target (section 8.2)"
    if kind == "Rush" and targets != 2:
        return "a Rush attack takes exactly two targets (section 8.2)"
    return None


def _common_problem(kind: str, attackers: list[Die], targets: list[Die], ctx: Context,
                    names: tuple[str, str]) -> str | None:
    """Dizzy, Warrior and Stealth dice (8.1), the button specials and the skills that forbid a type."""
    dizzy = [d.label for d in attackers if d.dizzy]
    if dizzy:
        return f"{', '.join(dizzy)} is dizzy from Focus and cannot attack this turn"
    letter = _NEEDS.get(kind)
    if letter and not attackers[0].has(letter):
        return f"a {kind} attack needs a die with that skill; {attackers[0].label} has none"
    warrior = next((d for d in targets if d.has(WARRIOR)), None)
    if warrior:
        return f"{warrior.label} is a Warrior die: Warrior dice cannot be attacked (section 8.1)"
    if kind == "Skill":
        return _skill_special(ctx, names, targets) or _skill_team_problem(attackers, targets)
    if attackers[0].has(WARRIOR):
        return f"{attackers[0].label} is a Warrior die: it attacks only as an extra die in a Skill attack (section 8.1)"
    if attackers[0].has(STEALTH):
        return (f"{attackers[0].label} is a Stealth die: it attacks only as one of two or more dice in a "
                "Skill attack (section 8.1)")
    stealth = next((d for d in targets if d.has(STEALTH)), None)
    if stealth and kind != "Boom":
        return (f"{stealth.label} is a Stealth die: only a Skill attack by two or more dice, or a Boom attack, "
                "can take it (section 8.1)")
    return None


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


def _skill_team_problem(attackers: list[Die], targets: list[Die]) -> str | None:
    """Berserk, lone Stealth and Konstant dice, Warrior dice and Stealth targets in a Skill attack (8.1, 8.2)."""
    if any(d.has(BERSERK) for d in attackers):
        return "Berserk dice cannot take part in Skill attacks"
    alone = attackers[0] if len(attackers) == 1 else None
    if alone is not None and alone.has(KONSTANT):
        return "a Konstant die cannot make a Skill attack alone"
    if alone is not None and alone.has(STEALTH):
        return (f"{alone.label} is a Stealth die: it attacks only as one of two or more dice in a Skill attack "
                "(section 8.1)")
    warriors = [d for d in attackers if d.has(WARRIOR)]
    if len(warriors) > 1:
        return f"at most one Warrior die joins a Skill attack; {_labels(warriors)} are Warrior dice (section 8.1)"
    if warriors and alone is not None:
        return f"{alone.label} is a Warrior die: it joins a Skill attack only next to another die (section 8.1)"
    if alone is not None and targets[0].has(STEALTH):
        return (f"{targets[0].label} is a Stealth die: only a Skill attack by two or more dice, or a Boom attack, "
                "can take it (section 8.1)")
    return None


def _condition_problem(a: Attack, attackers: list[Die], targets: list[Die], ctx: Context) -> str | None:
    """The type's own condition (section 8.2), Fire help counted for Power and Skill."""
    die, target, help_ = attackers[0], targets[0], sum(n for _, n in a.fire)
    if a.kind == "Power":
        return _power_problem(die, target, help_, ctx)
    if a.kind == "Shadow":
        if not can_shadow(die):
            return f"a Shadow attack needs a Shadow die, or a Queer die showing an odd number; {die.label} is neither"
        if not die.value <= target.value <= die.size:
            return (f"a Shadow attack takes a die showing from the attacker's value to its size: {die.label} "
                    f"covers {die.value} to {die.size}, {target.label} shows {target.value}")
        return None
    if a.kind == "Skill":
        return _skill_sum_problem(attackers, target, help_, ctx)
    if a.kind in ("Speed", "Berserk", "Rush"):
        total = sum(t.value for t in targets)
        if a.kind == "Rush" and not (die.has(RUSH) or any(t.has(RUSH) for t in targets)):
            return f"a Rush attack needs a Rush die: {die.label} or one of its two targets must have Rush"
        if total != die.value:
            return (f"a {a.kind} attack takes dice adding up exactly to the attacker's value: {_labels(targets)} "
                    f"show {total}, {die.label} shows {die.value}")
        return None
    if a.kind == "Trip":
        reach, need = trip_reach(die, ctx, a.turbo[0][1] if a.turbo else None), trip_needs(target, ctx)
        if reach < need:
            return (f"{die.label} can roll at most {reach} and {target.label} shows at least {need} "
                    "after its own resize: this Trip can never capture (section 8.2)")
    return None


def _power_problem(die: Die, target: Die, help_: int, ctx: Context) -> str | None:
    """``size(A) >= v(T)``, ``v(A) + N >= v(T)`` and ``v(A) + N <= size(A)``; Fire help only when needed."""
    if not can_power(die):
        if die.has(QUEER):
            return f"{die.label} is a Queer die showing an odd number: it attacks as a Shadow die, not by Power"
        skill = next((name for letter, name in ((SHADOW, "Shadow"), (KONSTANT, "Konstant"), (FIRE, "Fire"))
                      if die.has(letter)), None)
        return f"{die.label} cannot make Power attacks" + (f": it is a {skill} die" if skill else "")
    value = power_value(die)
    if value + help_ < target.value:
        if not help_:
            return (f"a Power attack needs the attacker to show at least the target's value: {die.label} shows "
                    f"{value}, {target.label} shows {target.value}")
        return (f"a Power attack needs the attacker to show at least the target's value: {die.label} shows "
                f"{value} and Fire help adds {help_}, {target.label} shows {target.value}")
    if help_ and die.size < target.value:
        return f"{die.label} has {die.size} sides, fewer than {target.label} shows: Fire help cannot lift it that far"
    if help_ and value + help_ > die.size:
        return f"Fire help lifts {die.label} no higher than its size, {die.size}: {value} + {help_} is more"
    if help_ and value >= target.value and not ctx.fire_overshoot:
        return (f"{die.label} already takes {target.label} without Fire help, and Fire help is offered only on a "
                "Power attack that needs it (BM-09 fire_overshoot)")
    return None


def _skill_sum_problem(attackers: list[Die], target: Die, help_: int, ctx: Context) -> str | None:
    """The contributions (Konstant plus or minus, Stinger any value from its lowest) plus Fire help must make v(T)."""
    sums = team_sums(attackers, ctx.stinger_one)
    need = target.value - help_
    if need + OFFSET >= 0 and sums >> (need + OFFSET) & 1:
        return None
    fire = f" with Fire help of {help_}" if help_ else ""
    if any(d.has(KONSTANT) or d.has(STINGER) for d in attackers):
        return (f"a Skill attack needs the attacking dice to add up exactly to the target's value: no count of "
                f"{_labels(attackers)} (Konstant plus or minus, Stinger from its lowest face){fire} makes "
                f"{target.label}'s {target.value}")
    total = sum(d.value for d in attackers) + help_
    return (f"a Skill attack needs the attacking dice to add up exactly to the target's value: {_labels(attackers)} "
            f"make {total}{fire}, {target.label} shows {target.value}")


def _help_problem(a: Attack, mine: Sequence[Die]) -> str | None:
    """Fire help (Power and Skill only, distinct non-attacking Fire dice) and the sizes of Turbo attackers."""
    if a.fire and a.kind not in ("Power", "Skill"):
        return "Fire help applies to Power and Skill attacks only (section 8.2)"
    if a.fire:
        problem = fire_problem(mine, a.attackers, a.fire)
        if problem:
            return problem
    turbo = turbo_dice(mine, a.attackers)
    named = [i for i, _ in a.turbo]
    if named != turbo:
        if not turbo:
            return "only attacking Turbo swing or option dice take a new size"
        return (f"name the new size of each attacking Turbo die ({_labels([mine[i] for i in turbo])}), "
                "in the order they attack")
    for i, size in a.turbo:
        if size not in mine[i].size_choices():
            sizes = ", ".join(str(s) for s in mine[i].size_choices())
            return f"{mine[i].label} is a Turbo die that can take the sizes {sizes}, not {size}"
    return None
