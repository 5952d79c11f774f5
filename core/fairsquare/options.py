"""The options of Fair and Square: the rulebook's switchable rulings (FS-xx) and the engine's own decisions."""

from __future__ import annotations

from core.fairsquare.boards import DEFAULT_BOARD, boards_problem
from core.fairsquare.pieces import BUNDLED, piece_set_problem
from core.protocol import JSON, Option, freeze, int_range

MATCH_SEATS = 8
"""Seats of the full match: two boards of four each round."""


def _piece_set_check(value: JSON) -> str | None:
    if isinstance(value, str):
        return None if value in BUNDLED else f"must be one of {', '.join(BUNDLED)} or a fas-pieces/1 object"
    return piece_set_problem(value)


OPTIONS = (
    Option("piece_set", "project_v1", "FS-01: the piece set: the bundled project_v1 or a fas-pieces/1 object.",
           check=_piece_set_check),
    Option("friendly_losses", True, "FS-05: a battle removes the winners' own lower-ranked pieces too.",
           (True, False)),
    Option("score_by", "value", "FS-12: a board score sums the owned squares' values, or counts them.",
           ("value", "count")),
    Option("garnets", "on", "FS-17: garnets are earned (first 3-point round) and spent on move priority.",
           ("on", "off")),
    Option("starting_garnets", 0, "FS-17: garnets each player starts with.", check=int_range(0, 9)),
    Option("garnet_timing", "immediate", "FS-16: an earned garnet is credited at the end of its round "
           "(immediate) or of the match.", ("immediate", "match_end")),
    Option("meta_layer", "off", "FS-18: winners receive a Token of Life (and a garnet) if few enough share "
           "the top.", ("off", "on")),
    Option("tol_threshold", 4, "FS-18: at most this many players may share the top for Tokens of Life.",
           check=int_range(1, 8)),
    Option("board_source", "generated", "FS-20: boards are generated (seeded, symmetric) or taken from "
           "'boards'.", ("generated", "data")),
    Option("boards", freeze([DEFAULT_BOARD]), "FS-20: data boards ({square: value}) used in turn with "
           "board_source=data.", check=boards_problem),
    Option("players_per_board", 4, "FS-21: players per board; 2 or 3 play one board (the 8-player match "
           "needs 4).", (4, 3, 2)),
    Option("single_board", False, "Ours: with 4 players per board, play one board of 4 instead of the "
           "8-player match.", (False, True)),
    Option("rounds", 3, "Ours: rounds to play (the rosters of rounds 1..N).", check=int_range(1, 3)),
)
