"""The options of Imperio Bellum: the rulebook's switchable rulings (IB-xx) and the engine's own decisions."""

from __future__ import annotations

from core.protocol import Option, int_range

OPTIONS: tuple[Option, ...] = (
    Option("max_board_units", 15, "IB-04: most units a side may deploy on the board", check=int_range(1, 18)),
    Option("max_reserve", 50, "IB-04: most reserve units a side may lay out", check=int_range(0, 50)),
    Option("max_knights_start", 8, "IB-04: most knights on the board at the start", check=int_range(0, 18)),
    Option("max_knights_total", 10, "IB-04: most knights on the board and in reserve", check=int_range(0, 68)),
    Option("public_reserves", True, "IB-05: reserves are public (false: a player's "
                                    "view shows only how many reserves the opponent has; a share link or "
                                    "saved game still holds them)", choices=(True, False)),
    Option("defender_alterations", 4, "IB-06: single-piece alterations the defender makes after the "
                                      "attacker's setup", check=int_range(0, 20)),
    Option("roll_winner_role", "attacker", "IB-07: the role of the winner of the roll for roles",
           choices=("attacker", "defender")),
    Option("diagonal_squeeze", True, "IB-09: a diagonal step between two occupied squares is allowed",
           choices=(True, False)),
    Option("spawned_units_act", False, "IB-10: units spawned this turn may act at once", choices=(True, False)),
    Option("archer_target_any_square", False, "IB-18: an archer may shoot at any square in range (for the "
                                              "splash), not only at an enemy unit", choices=(True, False)),
    Option("footsoldier_shield_frame", "archer_relative", "IB-19: shields face the shooting archer, or the "
                                                          "footsoldier's forward direction",
           choices=("archer_relative", "board_facing")),
    Option("friendly_fire", True, "IB-20: splash hits units of both sides (false: enemies only)",
           choices=(True, False)),
    Option("archer_ranged_defence_dice", 1, "IB-21: an archer's dice against shots and splash",
           check=int_range(1, 6)),
    Option("combat_dice_rule", "sum", "IB-28: compare the sums or the highest single dice",
           choices=("sum", "highest")),
    Option("elimination_check", "immediate", "IB-33: a side without units on the board loses at once, or only "
                                             "if it still has none after its next spawn",
           choices=("immediate", "after_spawn")),
    Option("default_army", "wiki_example", "IB-36: the army 'use the default army' deploys (none: no such action; "
                                           "small, the engine's army for a first game: headquarters, two bases and "
                                           "7 units a side, 8 in reserve)",
           choices=("wiki_example", "small", "none")),
    Option("setup", "deploy", "engine: 'deploy' plays section 2 step by step; 'default_armies' starts both "
                              "sides with the default army (roles are still chosen)",
           choices=("deploy", "default_armies")),
    Option("start_entrenched", True, "IB-39: pikemen deployed at setup count as entrenched from the start",
           choices=(True, False)),
    Option("advance_into_zone_stops", True, "IB-37: a knight that advances after a win into the zone of an enemy "
                                            "pikeman it was not already inside stops there, as a step would "
                                            "(false: an advance never stops)", choices=(True, False)),
    Option("turn_limit", 200, "IB-38: the game ends after this many turns in all and section 7's order for "
                              "simultaneous elimination decides (0: no limit)",
           check=int_range(0, 100_000)),
    Option("dice_source", "seeded", "engine: dice from the seeded stream, or typed by hand (chance actor)",
           choices=("seeded", "manual")),
)
"""Every option, with the rulebook's defaults."""
