"""The board overlays (pikeman zones, archers' lines of fire and shields) agree with the rules of play."""

from __future__ import annotations

from ib_helpers import at

import core.imperio as ib
from core.imperio.board import SQUARES, distance, on_line
from core.imperio.combat import in_pike_zone, shot_problem
from core.imperio.overlays import fire_lines, pike_zone


def test_pike_zones_are_where_knights_stop() -> None:
    state = ib.GAME.new(seed=3, setup="default_armies").apply(ib.ChooseRole("attacker"))
    assert state.attacker is not None
    for player in (0, 1):
        zone = pike_zone(state, player)
        assert zone, "both default armies have pikemen"
        for sq in SQUARES:
            assert (sq in zone) == in_pike_zone(state.board, sq, 1 - player, state.attacker)


def test_a_pikeman_zone_is_its_neighbours_and_two_squares_ahead() -> None:
    state = at({"e4": "P"})
    assert pike_zone(state, 0) == {ib.parse(s) for s in ("d3", "e3", "f3", "d4", "f4", "d5", "e5", "f5", "e6")}
    assert pike_zone(state, 1) == set()


def test_fire_lines_stop_at_a_footsoldier_and_match_the_shots_allowed() -> None:
    state = at({"e2": "A", "e5": "f", "e7": "k", "c4": "k", "g4": "p", "h5": "f"})
    archer = ib.parse("e2")
    fire = fire_lines(state, archer)
    assert ib.parse("e4") in fire.lines and ib.parse("e5") in fire.lines
    assert ib.parse("e6") not in fire.lines and ib.parse("e7") not in fire.lines
    assert ib.parse("e3") not in fire.lines, "the nearest square is out of range"
    assert ib.parse("e6") in fire.shielded and ib.parse("g6") in fire.shielded
    assert ib.parse("g4") not in fire.shielded, "the square toward the archer is open"
    assert fire.targets <= fire.lines
    assert state.attacker is not None
    for sq in SQUARES:
        if on_line(archer, sq) and 2 <= distance(archer, sq) <= 5:
            allowed = shot_problem(state.board, archer, sq, state.attacker, state.options) is None
            assert allowed == (sq in fire.targets)
            piece = state.board[sq]
            if piece is not None and piece.owner == 1 and not piece.is_base:
                assert allowed == (sq in fire.lines)
