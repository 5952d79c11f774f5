"""The options of Button Men: every Ruling of the rulebook (BM-xx) and the engine's own switches."""

from __future__ import annotations

from core.buttonmen.recipe import validate_custom
from core.protocol import JSON, Option, int_range, name_problem

MAX_NAME = 60
"""The longest button name accepted (the roster's longest has 32 characters)."""


def _check_buttons(value: JSON) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return "must be None or two button names"
    return next((problem for name in value if (problem := name_problem(name, MAX_NAME))), None)


def _check_recipes(value: JSON) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        return "must be None or two recipes"
    for text in value:
        try:
            validate_custom(text)
        except ValueError as error:
            return str(error)
    return None


OPTIONS: tuple[Option, ...] = (
    Option("buttons", None, "Two button names from the roster (None: two random TL buttons).",
           check=_check_buttons),
    Option("recipes", None, "Two custom recipes (override the buttons' recipes).", check=_check_recipes),
    Option("dice_source", "rng", "Dice results from the seeded stream or entered by hand (Roll actions).",
           ("rng", "manual")),
    Option("first_player", None, "Skip initiative in round 1 and let this player start (scripts, lessons).",
           (None, 0, 1)),
    Option("initiative_full_tie", "random_first", "BM-01: a complete initiative tie.",
           ("random_first", "draw_round", "reroll")),
    Option("swing_reselect", "loser_only", "BM-02: who re-chooses swing/option sizes after a round.",
           ("loser_only", "both_players")),
    Option("max_wins", 3, "BM-03: rounds needed to win the match.", check=int_range(1, 5)),
    Option("round_cap", 200, "BM-04: cancel the match when a round ends at this round number.",
           check=int_range(1, 10_000)),
    Option("allow_surrender", True, "BM-05: surrender is available.", (True, False)),
    Option("autopass", False, "BM-07: pass automatically when nothing else is legal.", (True, False)),
    Option("default_attack", False, "BM-08: accept untyped Default attacks, resolved as on the site.",
           (True, False)),
    Option("fire_overshoot", False, "BM-09: offer Fire help on Power attacks that work without it.",
           (True, False)),
    Option("mood_resize_on", "every_reroll", "BM-10: when a Mood die resizes.", ("every_reroll", "capture")),
    Option("time_and_space_on", "attack_roll", "BM-11: Time and Space trigger.", ("attack_roll", "any_roll")),
    Option("rage_copy_skills", True, "BM-12: a Rage replacement keeps the other skills.", (True, False)),
    Option("ornery_on_pass", False, "BM-13: Ornery dice reroll after a pass.", (True, False)),
    Option("turbo_on", "own_attack", "BM-14: when a Turbo die resizes.", ("own_attack", "any_roll")),
    Option("stinger_min", "die_min", "BM-15: Stinger's lowest Skill contribution.", ("die_min", "one")),
    Option("echo_mirror_recipe", "(4) (4) (10) (12) (X)", "BM-16: recipe of Echo/Zero facing Echo/Zero.",
           check=lambda v: _check_recipes([v, v])),
    Option("paper_specials", "off", "BM-17: unimplemented printed specials are ignored.", ("off",)),
    Option("tl_pool", "site_playable", "BM-18: the pool of random TL buttons.", ("site_playable",)),
    Option("one_reaction_kind_per_step", True, "BM-19: Chance and Focus never in one reaction step.",
           (True, False)),
    Option("fire_exact", True, "BM-21: exact enumeration of Fire turn-down totals.", (True,)),
    Option("must_attack", True, "BM-06: a player who can attack must attack (False: passing is always "
           "allowed, as in the braille variant's BR-04).", (True, False)),
)
"""Every option, with the rulebook's defaults."""
