"""The campaign's options: every Ruling (BB-01 .. BB-28) and ours, with the checks of their values."""

from __future__ import annotations

import re
from typing import Any

from core.battle import pool
from core.battle.maps import map_ids
from core.protocol import Option, int_range, is_int, name_problem

SMALL_POINT_CHOICES = (1, 10, 30)
"""Listed small-point values when the moderator is asked for them (any integer is accepted)."""
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
OVERRIDABLE = ("no_duplicate_matchup", "adjacency")
"""The checks a record may waive for named battles (section 8)."""


def _check_threshold(value: Any) -> str | None:
    return None if value == "auto" or (is_int(value) and 1 <= value <= 100) else "must be 'auto' or 1-100"


def _check_overrides(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or len(value) > 100:
        return "must be a list of at most 100 overrides"
    for item in value:
        if not isinstance(item, dict) or set(item) != {"rule", "round", "battles"}:
            return "each override is {rule, round, battles}"
        if item["rule"] not in OVERRIDABLE:
            return f"a record may waive only {', '.join(OVERRIDABLE)}"
        if not is_int(item["round"]) or item["round"] < 1:
            return "an override's round is a round number"
        battles = item["battles"]
        if not isinstance(battles, (list, tuple)) or not battles or not all(is_int(b) and b >= 0 for b in battles):
            return "an override's battles are battle positions (0-based) in that round's battles list"
    return None


COLOUR = re.compile(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20}")
"""A player's colour as a record may give it (drawn into SVG and Bokeh: nothing else gets through)."""


def _check_setup(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not 3 <= len(value) <= 5:
        return "must be None or a list of 3-5 players"
    for player in value:
        if not isinstance(player, dict):
            return "each player is an object with a name"
        problem = name_problem(player.get("name"))
        if problem:
            return f"a player's name: {problem}"
        if player.get("colour") is not None and not (isinstance(player["colour"], str)
                                                     and COLOUR.fullmatch(player["colour"])):
            return f"{player['name']}: a colour is '#rgb', '#rrggbb' or a colour name such as 'teal'"
        if set(player) - {"name", "colour", "armies"}:
            return f"{player['name']}: a player has name, colour and armies"
        armies = player.get("armies")
        if not isinstance(armies, (list, tuple)) or not 1 <= len(armies) <= 5:
            return f"{player['name']}: armies must be a list of 1-5 armies"
        for army in armies:
            if not isinstance(army, dict) or set(army) - {"button", "territory", "recipe"} \
                    or not isinstance(army.get("territory"), str):
                return f"{player['name']}: each army has a button, a territory and optionally a recipe"
            problem = pool.button_problem(army.get("button"), army.get("recipe"))
            if problem:
                return f"{player['name']}: {problem}"
    names = [p["name"].casefold() for p in value]
    return "player names must be unique" if len(set(names)) != len(names) else None


def _check_names(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) > 5:
        return "must be None or a list of at most 5 player names"
    return next((problem for problem in map(name_problem, value) if problem), None)


OPTIONS = (
    Option("edition", 1, "BB-01: rule set (1: most convincing win; 2: fixed order, tie-breaks).", (1, 2)),
    Option("players", 5, "BB-02: number of players (ignored when setup names them).", (3, 4, 5)),
    Option("armies_per_player", 2, "BB-02: armies (buttons) per player.", check=int_range(1, 5)),
    Option("map", "belgium", "The map (a file in core/battle/maps).", map_ids()),
    Option("include_brussels", False, "BB-27: play the map's optional territories (Brussels).", (False, True)),
    Option("button_pool", "auto", "BB-03: eligible buttons (auto: TL in ed. 1, the pick list in ed. 2).",
           ("auto", "tl", "pick_list")),
    Option("unique_buttons", True, "BB-04: a button may appear once per game.", (True, False)),
    Option("pick_list", None, "BB-18: the coordinator's pick list, [{name, recipe}].", check=pool.check_entries),
    Option("button_stats", None, "BB-18: button statistics [{name, recipe, games, win_rate}] to build a pick list.",
           check=pool.check_stats),
    Option("e2_pool_win_band", "45..55", "BB-18: win-rate band (percent) of the built pick list.",
           check=pool.check_band),
    Option("e2_pool_min_games", 100, "BB-18: games needed to enter the built pick list.",
           check=int_range(0, 1_000_000)),
    Option("placement", "balanced_random", "BB-05: starting placement (setup overrides it).", ("balanced_random",)),
    Option("neutral_territories", "inert", "BB-06: leftover territories.", ("inert", "claimable")),
    Option("allow_duplicate_matchups", False, "BB-09: two battles between the same armies in a round.",
           (False, True)),
    Option("battle_max_wins", 3, "BB-10: round wins that win a battle.", check=int_range(1, 5)),
    Option("battle_source", "engine", "BB-10: battles played here or reported by the moderator.",
           ("engine", "reported")),
    Option("battle_dice", "rng", "Engine battles: dice from the seeded streams or typed by hand (chance).",
           ("rng", "manual")),
    Option("convincing_order", "rounds_then_small_points", "BB-13: most convincing win.",
           ("rounds_then_small_points",)),
    Option("small_points", "all_rounds_signed", "BB-14: small points of an engine battle.",
           ("all_rounds_signed", "won_rounds_only")),
    Option("e1_final_tie", "coin_flip", "BB-16: tie after small points between players (ed. 1).",
           ("coin_flip", "tiebreak_battle")),
    Option("e2_multi_claim", "top_two_battle", "BB-20: three or more claimant players (ed. 2).",
           ("top_two_battle",)),
    Option("win_threshold", "auto", "BB-25: territories that win (auto: floor(N/2)+1).", check=_check_threshold),
    Option("record_overrides", (), "BB-26: checks a record waives, [{rule, round, battles}].",
           check=_check_overrides),
    Option("button_picks", "random", "Ours: buttons drawn at random from the pool, or picked by the players in "
           "turn (seat order, one button per turn).", ("random", "players")),
    Option("setup", None, "Players, buttons and starting territories given (a record's start), else random.",
           check=_check_setup),
    Option("player_names", None, "Player names for a random setup.", check=_check_names),
    Option("move_order", None, "Edition 2: round 1 move order by player name (None: random, BB-17).",
           check=_check_names),
    Option("stalemate", "open_neutrals", "Ours: when no player can attack, inert neutral territories become "
           "claimable (open_neutrals) or the campaign ends ranked by territories (end).", ("open_neutrals", "end")),
    Option("round_cap", 60, "Ours: the campaign ends after this round; ranking by territories.",
           check=int_range(1, 1000)),
)
