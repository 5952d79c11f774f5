"""What an attack does to the attacking dice (rulebook section 9, steps 4 and 6): Berserk, Morphing,
Doppelganger, Warrior, Rage and Jolt, and the Radioactive split."""

from __future__ import annotations

from core.buttonmen.actions import Attack
from core.buttonmen.dice import Die, halved
from core.buttonmen.recipe import (
    BERSERK, DOPPELGANGER, JOLT, MAD, MOOD, MORPHING, RADIOACTIVE, RAGE, TIME_AND_SPACE, TURBO, WARRIOR,
)

SPLIT_LOSES = TURBO + MAD + MOOD + JOLT + TIME_AND_SPACE
"""Skills the parts of a Radioactive split lose (besides Radioactive itself)."""


def radioactive_parts(d: Die, uid: int) -> tuple[Die, Die]:
    """The two dice a Radioactive attacker splits into (uids ``uid`` and ``uid + 1``), not yet rolled.

    Each half splits, one part rounded up and one down (a twin ``(1,2)`` gives ``(1,1)`` and
    ``(0,1)``); swing halves keep their letter; the parts lose Radioactive and :data:`SPLIT_LOSES`.
    """
    skills = d.with_skills(remove=RADIOACTIVE + SPLIT_LOSES).skills
    letters = d.letters if d.swing else ("",) * len(d.halves)
    up = tuple((h + 1) // 2 for h in d.halves)
    down = tuple(h // 2 for h in d.halves)
    return (Die(skills, up, 0, letters, None, False, uid, d.owner),
            Die(skills, down, 0, letters, None, False, uid + 1, d.owner))


def change_attackers(a: Attack, mine: list[Die], targets: list[Die], taken: list[Die],
                     single: bool) -> tuple[bool, bool]:
    """Step 4 of an attack, in place: Berserk halves, Morphing and Doppelganger take a target's
    shape, Warrior, Rage and Jolt are spent; whether a die morphed and whether one jolted."""
    morphed = jolted = False
    for i in a.attackers:
        d = mine[i]
        if a.kind == "Berserk":
            d = d.resized(halved(d.halves)).with_skills(remove=BERSERK)
        if MORPHING in d.skills and single:
            morphed = True
            t = taken[0]
            d = Die(d.skills, t.halves, d.value, t.letters, t.options, t.wildcard, d.uid, d.owner)
        rage = RAGE in d.skills
        if DOPPELGANGER in d.skills and a.kind == "Power" and taken:
            t = targets[0]
            d = Die(t.skills, t.halves, d.value, t.letters, t.options, t.wildcard, d.uid, d.owner)
        d = d.with_skills(remove=WARRIOR + (RAGE if rage else ""))
        if JOLT in d.skills:
            jolted = True
            d = d.with_skills(remove=JOLT)
        mine[i] = d
    return morphed, jolted
