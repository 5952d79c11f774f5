"""The page's plain-word rules: what the notation and each skill letter mean, and why an attack fails.

Skill names are the engine's own (:data:`core.buttonmen.SKILLS`); the one-line
rules summarise section 11 (skills) and 8.2 (attack types) of the rulebook for
players.  No rule is decided here: the engine alone says what is legal, this
only explains its answers.
"""

from __future__ import annotations

from core.buttonmen import SKILLS, ButtonMenState, parse_recipe

SKILL_RULES: dict[str, str] = {
    "s": "cannot make Power attacks; makes Shadow attacks instead, taking one die whose value lies between "
         "this die's value and its size.",
    "p": "counts against its owner: minus its size if still in play at the round's end, minus half its "
         "size for the player who captured it.",
    "r": "not in play at first; a player who loses a round may add one reserve die for the rest of the match.",
    "f": "a player without the initiative may lower Focus dice to win it; lowered dice are dizzy for "
         "that player's first action.",
    "z": "adds the Speed attack: this die captures any number of dice whose values add up exactly to its value.",
    "#": "adds the Rush attack: one die captures exactly two dice adding up to its value.",
    "+": "an optional extra die offered before round 1; it joins only if both players add theirs.",
    "t": "Trip attack: this die rolls, then the target rolls; the target is captured if it is not higher. "
         "Ignored for initiative.",
    "b": "Boom attack: this die leaves play unscored and one opposing die rerolls without being captured.",
    "&": "a swing die that takes a random even size of its range at every reroll.",
    "B": "adds the Berserk attack (like Speed), after which it loses Berserk and halves its size; "
         "it cannot join Skill attacks.",
    "!": "each time it attacks, its owner picks a new size for it before it rerolls.",
    "?": "a swing die that takes a random size of its range at every reroll.",
    "q": "acts as a normal die while showing an even number, as a Shadow die while showing an odd one.",
    "d": "attacks only with others in a Skill attack, and only a Skill attack by two or more dice captures it.",
    "c": "a player without the initiative may reroll one Chance die to try to win it.",
    "F": "cannot make Power attacks; it may be turned down to add the difference to its owner's "
         "Power or Skill attack.",
    "n": "worth nothing; every die captured by an attack it joins becomes Null.",
    "G": "when captured, its owner gets a freshly rolled copy without Rage. Ignored for initiative.",
    "`": "stays out of play (worth nothing, never a target) until it joins a Skill attack.",
    "o": "rerolls after each of its owner's actions except a pass.",
    "g": "in a Skill attack it may count as any number from its lowest value to its value. "
         "Ignored for initiative.",
    "H": "grows to the next size (1, 2, 4, 6, 8, 10, 12, 16, 20, 30) before every reroll.",
    "^": "if it attacks and then rolls odd, its owner takes another turn.",
    "m": "after helping to capture a single die, it takes that die's size and rerolls.",
    "k": "never rerolls; cannot make Power attacks or attack alone; in a Skill attack it counts as plus "
         "or minus its value.",
    "I": "cannot be captured by a Skill attack.",
    "%": "in a one-on-one attack with a Radioactive die, the attacker splits into two dice of half its size.",
    "D": "after a Power attack it becomes a copy of the die it captured.",
    "h": "shrinks to the next smaller size (30, 20, 16, 12, 10, 8, 6, 4, 2, 1) before every reroll.",
    "w": "ignored for initiative.",
    "M": "always rolls its highest value.",
    "v": "scores by its value instead of its size; every die captured by an attack it joins does too.",
    "J": "if it attacks, its owner takes another turn; if it is captured, the captor takes another turn.",
}
"""One line per skill letter of :data:`core.buttonmen.SKILLS`."""

NOTATION: tuple[tuple[str, str], ...] = (
    ("(6)", "a die with 6 sides."),
    ("(6):4", "a 6-sided die showing 4 (the number after the colon is the value it shows)."),
    ("(X)", "a swing die: its player chooses its size in secret before the round, within the letter's range."),
    ("(X=4)", "swing die X, chosen at 4 sides."),
    ("(4/8)", "an option die: its player chooses one of the two sizes before the round."),
    ("(4,4)", "a twin die: two dice rolled and counted together."),
    ("?", "a secret choice or a die not rolled yet."),
    ("letters", "skills: before the brackets (p(10)) or after them (?, &, !)."),
)
"""The notation the board and the lists show."""

ATTACK_RULES: dict[str, str] = {
    "Power": "one of your dice captures one die whose value is not higher than its own value.",
    "Skill": "your dice capture one die whose value equals the sum of their values exactly.",
    "Shadow": "a Shadow die captures one die whose value is at least its own value and at most its size.",
    "Speed": "a Speed die captures dice whose values add up exactly to its value.",
    "Berserk": "a Berserk die captures dice whose values add up exactly to its value.",
    "Rush": "one die captures exactly two dice whose values add up to its value, when one of them has Rush.",
    "Trip": "a Trip die may attack any die it could possibly roll as high as.",
    "Boom": "a Boom die may attack any die except a Warrior die.",
}
"""Each attack type's condition, in words (rulebook 8.2)."""


def skill_letters(state: ButtonMenState) -> list[str]:
    """The skill letters of both buttons' recipes and of every die on the table, in :data:`SKILLS` order."""
    seen: set[str] = set()
    for recipe in state.recipes:
        for spec in parse_recipe(recipe):
            seen.update(spec.skills)
    for dice in (*state.dice, *state.captured):
        for die in dice:
            seen.update(die.skills)
    return [c for c in SKILLS if c in seen]


def legend_rows(state: ButtonMenState) -> list[tuple[str, str, str]]:
    """``(letter, skill name, rule)`` for each skill this match shows."""
    return [(c, SKILLS[c], SKILL_RULES[c]) for c in skill_letters(state)]
