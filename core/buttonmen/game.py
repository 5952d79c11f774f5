"""The Button Men game object: its options (every Ruling), evaluation, text and picture; registration."""

from __future__ import annotations

from typing import Any

from core.bots import LookaheadBot
from core.buttonmen.actions import Attack, Focus, Pass, Roll
from core.buttonmen.recipe import RESERVE, SWING_RANGES, parse_recipe, validate_custom
from core.buttonmen.render import describe, svg
from core.buttonmen.state import ButtonMenState, new_match
from core.protocol import JSON, Action, BotLevel, Game, Option, Options, State, int_range, name_problem, register

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


OPTIONS = (
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


def _potential(state: ButtonMenState, player: int) -> int:
    """Before the dice are loaded: half the recipe's sizes (unchosen swing at its middle)."""
    chosen = dict(state.chosen[player])
    total = 0
    for pos, spec in enumerate(parse_recipe(state.recipes[player])):
        if RESERVE in spec.skills:
            continue
        if spec.options:
            total += chosen.get(str(pos), sum(spec.options) // 2)
        for half in spec.halves:
            if isinstance(half, int):
                total += half
            else:
                low, high = SWING_RANGES[half]
                total += chosen.get(half, (low + high) // 2)
    return total


class ButtonMen(Game):
    """Button Men as played on buttonweavers.com."""

    name = "button-men"
    title = "Button Men"
    rules_version = "3"
    """2: no roll that can no longer matter at round end (ruling BM-R1).  3: the corrected rulebook
    (issue 12): a Morphing Trip attacker rerolls, Radioactive twins split per half, Mood/Mad before
    Mighty/Weak, Trip reach against resized Maximum dice, wildcards score as 16 sides; records of
    earlier versions may not replay."""
    options = OPTIONS
    max_record_actions = 3_000
    """A passing match rolls every die again each second action (up to 22 dice of 99 sides): the longest
    record then opens in about 1 s on a page (replayed once, every state kept; README limits, ``build.py bench``)."""
    search = {"iterations": 60, "playout_depth": 12}
    bot_levels = {"lookahead": BotLevel("Careful: weighs the best answer to each attack",
                                        lambda game, seed: LookaheadBot(game, seed, samples=16, width=8,
                                                                        time_ms=300))}
    default_bot = "lookahead"
    """About 61 % against greedy over 200 one-round matches (each deal from both seats), where the
    tree search scores about 50 % (``build.py bench --ladder 200``)."""

    def parse_action(self, data: JSON) -> Action | None:
        """Focus reactions and attacks (Turbo sizes, Default) that may be legal without being listed,
        and the passes and typed rolls a state checks without listing (``_is_listed``)."""
        return Focus.from_json(data) or Attack.from_json(data) or Pass.from_json(data) or Roll.from_json(data)

    def describe(self, state: Any, viewer: int | None) -> str:
        return describe(state, viewer)

    def svg(self, state: Any, viewer: int | None) -> str:
        return svg(state)

    def _initial(self, seed: int, options: Options) -> ButtonMenState:
        return new_match(seed, options)

    def evaluate(self, state: State, player: int) -> float:
        """Match score plus the current round's score margin, in [0, 1]."""
        assert isinstance(state, ButtonMenState)
        if state.is_over:
            return float(state.returns()[player])
        need: int = state.options["max_wins"]
        wins = state.match_score[player][0] - state.match_score[1 - player][0]
        if state.dice[0] or state.dice[1]:
            doubled = state.doubled_scores
            mine, theirs = doubled[player], doubled[1 - player]
        else:
            mine, theirs = _potential(state, player), _potential(state, 1 - player)
        margin = (mine - theirs) / (abs(mine) + abs(theirs) + 2)
        last = 0.0
        if state.rounds:
            a, b = state.rounds[-1].scores2[player], state.rounds[-1].scores2[1 - player]
            last = (a - b) / (abs(a) + abs(b) + 2)
        # a round won outweighs any margin; the last round's margin only breaks ties
        value = 0.5 + (0.4 * wins + 0.1 * margin + 0.01 * last) / need
        return min(max(value, 0.0), 1.0)


GAME = register(ButtonMen())
