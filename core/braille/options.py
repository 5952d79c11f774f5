"""The options of the braille variant: the rulebook's rulings (BR-xx) and the dice they give each player."""

from __future__ import annotations

from core.protocol import Option, int_range


def recipe(braille_d6: int = 2) -> str:
    """Each player's dice: d3, d4, twin, then one or two braille d6 (BR-01)."""
    return "(3) (4) (6,6)" + " (6)" * braille_d6


OPTIONS: tuple[Option, ...] = (
    Option("braille_d6_per_player", 2, "BR-01: braille d6 per player.", (2, 1)),
    Option("initiative_full_tie", "draw_round", "BR-03: every die ties for who begins.",
           ("draw_round", "reroll", "random_first")),
    Option("must_attack", True, "BR-04: a player who can attack must attack.", (True, False)),
    Option("max_wins", 3, "BR-09: round wins that take the match.", check=int_range(1, 5)),
    Option("round_cap", 200, "BR-10: cancel the match after this many rounds.", check=int_range(1, 10_000)),
    Option("dice_source", "rng", "BR-13: dice from the seeded stream, or typed from real dice.",
           ("rng", "manual")),
    Option("announce_language", "en", "BR-11: language of the announcements.", ("en", "de")),
    Option("braille_cells", False, "BR-12: numbers also as Unicode braille cells.", (False, True)),
    Option("braille_code", "de", "BR-12: decimal separator of braille cells.", ("de", "ueb")),
)
"""Every option, with the rulebook's defaults."""
ENGINE_OPTIONS = ("initiative_full_tie", "max_wins", "round_cap", "dice_source", "must_attack")
"""The options passed on to the Button Men engine as they are."""
