"""The pieces of Button Up!: the nine buttons and the two players."""

from __future__ import annotations

RED, BLACK = 0, 1
PLAYER_NAMES = ("Red", "Black")
COLOURS = {"R": "red", "B": "black", "W": "white"}
"""Each button's letter and its colour in words."""
BUTTONS = "RRRBBBWWW"
"""The nine buttons of a round (three of each colour)."""
