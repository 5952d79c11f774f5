"""Rulings FS-01..21 and the match rules, from the rulebook's wording (board-level ones: the scenarios)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from fs_helpers import STILL, new, place, random_play, still_placement

import core
from core.fairsquare import (
    DEFAULT_BOARD,
    Board,
    Confirm,
    Eliminate,
    Lift,
    Piece,
    Place,
    Reorder,
    board_from_json,
    load_piece_set,
    simulate,
)
from core.fairsquare.boards import MIN_LEGAL_GENERATED, generated_boards
from core.fairsquare.geometry import CENTRE, parse_square, rotate
from core.fairsquare.pieces import bundled_data, piece_set
from core.fairsquare.scoring import order, places
from core.protocol import IllegalAction, InputError


def test_fs01_the_default_piece_set_is_the_rulebooks_data(shared_path: Callable[[str], Path]) -> None:
    text = shared_path("rules/fair-and-square.md").read_text(encoding="utf-8")
    rulebook = json.loads(text.split("```json")[1].split("```")[0])
    assert bundled_data("project_v1") == rulebook
    state = new()
    assert state.options["piece_set"] == "project_v1"
    assert [t.name for t in state.roster()] == ["Sprinter", "Dasher", "Ranger", "Traveller", "Fortress", "Marauder"]


def test_fs01_round_rosters_follow_the_original_changes() -> None:
    pieces = piece_set("project_v1")
    assert "Ranger" not in [t.name for t in pieces.roster(2)]
    assert pieces.find(3, "Fortress").rank == 4  # type: ignore[union-attr]
    assert pieces.find(3, "Traveller").dodge and not pieces.find(2, "Traveller").dodge  # type: ignore[union-attr]


def test_groups_by_binary_digit_and_two_different_boards_per_round() -> None:
    state = new(seed=9)
    assert state.match.groups == (((0, 2, 4, 6), (1, 3, 5, 7)), ((0, 1, 4, 5), (2, 3, 6, 7)),
                                  ((0, 1, 2, 3), (4, 5, 6, 7)))
    for first, second in state.match.boards:
        assert first != second


def test_the_default_board() -> None:
    board = board_from_json(DEFAULT_BOARD)
    assert board.total == 15 and len(board.legal) == 24
    rows = ["2xooox2", "xoo1oox", "ooxxxoo", "o1x3x1o", "ooxxxoo", "xoo1oox", "2xooox2"]
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            square = r * 7 + c
            assert (square in board.legal) == (mark == "o")
            assert board.values[square] == (int(mark) if mark.isdigit() else 0)


@pytest.mark.parametrize("seed", range(12))
def test_fs20_generated_boards(seed: int) -> None:
    for round_number in (1, 2, 3):
        boards = generated_boards(seed, round_number, 2)
        assert boards[0] != boards[1]
        for board in boards:
            assert all(board.values[rotate(s)] == board.values[s] for s in range(49))
            assert board.values[CENTRE] in (0, 3) and 11 <= board.total <= 17
            assert len(board.legal) >= MIN_LEGAL_GENERATED
            orbits = {frozenset({s, rotate(s), rotate(rotate(s)), rotate(rotate(rotate(s)))})
                      for s in board.points if s != CENTRE}
            assert 2 <= len(orbits) <= 4 and set(board.values) <= {0, 1, 2, 3}


def test_fs20_data_boards_are_used_in_turn() -> None:
    other = {"A4": 3, "G4": 3}
    state = new(board_source="data", boards=[DEFAULT_BOARD, other])
    assert state.match.boards[0] == (board_from_json(DEFAULT_BOARD), board_from_json(other))
    assert new(board_source="data").match.boards[2][1] == board_from_json(DEFAULT_BOARD)


@pytest.mark.parametrize(("boards", "message"), [
    ([{"H1": 2}], "square name"), ([{"A1": 4}], "worth 1, 2 or 3"), ([], "list of 1-6 boards"),
    ([{s + str(c): 1 for s in "ABCDEFG" for c in range(1, 8)}], "placement squares"),
])
def test_bad_data_boards_are_refused(boards: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        new(board_source="data", boards=boards)


def test_forbidden_placement_squares() -> None:
    board = Board.from_squares({parse_square("D4"): 3, parse_square("B2"): 2, parse_square("F6"): 1})
    forbidden = {"D4", "C4", "E4", "D3", "D5", "C3", "C5", "E3", "E5", "B2", "A2", "C2", "B1", "B3", "F6"}
    for s in range(49):
        from core.fairsquare.geometry import name
        assert (s not in board.legal) == (name(s) in forbidden)


def test_placement_rules_and_the_live_three_types_check() -> None:
    state = new(seed=2, board_source="data")
    assert state.actors == frozenset(range(8))
    with pytest.raises(IllegalAction, match="point square"):
        state.apply(Place("Ranger", parse_square("D4")), 0)
    state = place(state, 0, [("Ranger", "A3"), ("Ranger", "A4")], confirm=False)
    assert "Ranger" not in state.allowed_types(0) and "Sprinter" in state.allowed_types(0)
    with pytest.raises(IllegalAction, match="at least 3 different types"):
        state.apply(Place("Ranger", parse_square("A5")), 0)
    with pytest.raises(IllegalAction, match="already have a piece there"):
        state.apply(Place("Sprinter", parse_square("A3")), 0)
    with pytest.raises(IllegalAction, match="place all 4 pieces"):
        state.apply(Confirm(), 0)
    with pytest.raises(IllegalAction, match="not in this round's roster"):
        state.apply(Place("Knight", parse_square("A5")), 0)
    lifted = state.apply(Lift(parse_square("A4")), 0)
    assert lifted.placements[0].pieces == (("Ranger", parse_square("A3")),)
    state = place(state, 0, [("Sprinter", "A5"), ("Dasher", "B2")], confirm=False)
    assert [str(a) for a in state.legal_actions(0)] == ["confirm the placement"]
    state = state.apply(Confirm(), 0)
    assert 0 not in state.actors
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        state.apply(Place("Ranger", parse_square("A3")), 0)


def test_fs07_players_may_place_on_the_same_square() -> None:
    state = new(seed=2, board_source="data")
    state = place(state, 0, [("Ranger", "A3"), ("Sprinter", "A4"), ("Dasher", "A5"), ("Fortress", "B2")])
    state = place(state, 2, [("Ranger", "A3"), ("Sprinter", "A4"), ("Dasher", "A5"), ("Fortress", "B2")], False)
    assert len(state.placements[2].pieces) == 4


def test_simultaneous_hidden_placement() -> None:
    state = new(seed=3)
    state = place(state, 0, still_placement_for(state, 0), confirm=False)
    assert state.view(1).placements[0].pieces == () and state.view(0).placements[0] == state.placements[0]
    assert state.public_length() == 0
    assert "Player 1 has placed" not in state.describe(1) and "Player 1 has placed 4 of 4" in state.describe(0)
    assert "Player 1 placed" not in state.describe(None)


def still_placement_for(state: core.State, player: int) -> list[tuple[str, str]]:
    from core.fairsquare.geometry import name

    squares = sorted(state.board_of(player).legal)[:4]  # type: ignore[attr-defined]
    return [(k, name(s)) for k, s in zip(("Ranger", "Sprinter", "Dasher", "Fortress"), squares, strict=True)]


def test_a_board_plays_out_when_its_last_placement_arrives_and_is_then_public() -> None:
    state = new(seed=4)
    state = place(state, 1, still_placement_for(state, 1), confirm=False)
    for p in (0, 2, 4, 6):
        state = place(state, p, still_placement_for(state, p))
    assert len(state.records) == 1 and state.records[0].players == (0, 2, 4, 6)
    assert state.view(1).placements[0] == state.placements[0]   # revealed with its board
    assert state.view(0).placements[1].pieces == ()             # board 2 is still hidden
    assert state.public_length() == 0                           # player 2 (seat 1) acted first
    assert not state.can_undo or state.undo_floor == len(state.history)
    seen = state.determinize(0, 5)
    assert seen.placements[1].pieces == ()                      # not confirmed: still to choose
    for p in (3, 5, 7):
        state = place(state, p, still_placement_for(state, p))
    before = state
    state = state.apply(Confirm(), 1)
    assert state.round_number == 2 and len(state.records) == 2 and state.public_length() == len(state.history)
    assert sum(state.points) == 2 * sum(before.records[0].points)
    assert core.replay(state.to_record()) == state


def test_imagined_placements_of_confirmed_rivals_are_legal() -> None:
    state = new(seed=4)
    for p in (2, 4, 6):
        state = place(state, p, still_placement_for(state, p))
    seen = state.determinize(0, 77)
    for p in (2, 4, 6):
        pieces = seen.placements[p].pieces
        assert len(pieces) == 4 and len({k for k, _ in pieces}) >= 3
        assert all(s in state.board_of(p).legal for _, s in pieces) and len({s for _, s in pieces}) == 4


def _tie_game(**options: object) -> core.State:
    """Two players, still pieces on placement squares: every round is a complete tie (3 points each)."""
    return new(seed=5, players_per_board=2, piece_set=STILL, **options)


def _play_round(state: core.State) -> core.State:
    for p in sorted(state.actors):
        state = place(state, p, still_placement(state, p))  # type: ignore[arg-type]
    return state


def test_fs15_and_fs21_two_players_on_one_board_share_first_place() -> None:
    state = _play_round(_tie_game())
    assert state.players == 2 and state.records[0].places == (1, 1) and state.points == (3, 3)


def test_fs21_three_players_get_three_two_one() -> None:
    state = new(seed=6, players_per_board=3, rounds=1)
    assert state.players == 3 and state.actors == frozenset({0, 1, 2})
    final = random_play(state, 3)
    assert sorted(final.records[0].points) in ([1, 2, 3], [1, 3, 3], [2, 2, 3], [3, 3, 3])
    assert core.get_game("fair-and-square").seats(final.options) == 3


def test_single_board_with_four_players() -> None:
    state = new(seed=6, single_board=True)
    assert state.players == 4 and state.match.groups[0] == ((0, 1, 2, 3),)


def test_fs16_fs17_garnet_earned_once_credited_at_round_end() -> None:
    state = _tie_game()
    assert state.garnets == (0, 0)
    state = _play_round(state)
    assert state.garnets == (1, 1) and state.earned == (True, True)
    state = _play_round(state)
    assert state.garnets == (1, 1)   # only the first 3-point round earns one


def test_fs16_match_end_timing() -> None:
    state = _tie_game(garnet_timing="match_end")
    state = _play_round(state)
    assert state.garnets == (0, 0)
    state = _play_round(_play_round(state))
    assert state.garnets == (1, 1)


def test_fs17_garnets_off_and_starting_balance() -> None:
    state = _play_round(_tie_game(garnets="off"))
    assert state.garnets == (0, 0)
    with pytest.raises(IllegalAction, match="garnets are off"):
        state.apply(Reorder("Post", "A"), 0)
    assert new(starting_garnets=2).garnets == (2,) * 8


def test_fs14_spending_garnets() -> None:
    state = new(seed=7, starting_garnets=1)
    with pytest.raises(IllegalAction, match="re-ordering of ABCDEFGH"):
        state.apply(Reorder("Ranger", "ABC"), 0)
    state = state.apply(Reorder("Ranger", "BACDEFGH"), 0)
    with pytest.raises(IllegalAction, match="has 1 garnet"):
        state.apply(Reorder("Sprinter", "BACDEFGH"), 0)
    state = state.apply(Reorder("Ranger", "HGFEDCBA"), 0)     # the same type again: still one garnet
    assert state.placements[0].letters == (("Ranger", "HGFEDCBA"),) and state.spent(0) == 1
    assert state.view(2).placements[0].letters == ()
    undone = state.apply(Reorder("Ranger", "ABCDEFGH"), 0)    # back to the card's order: refunded
    assert undone.spent(0) == 0
    for p in (0, 2, 4, 6):
        state = place(state, p, still_placement_for(state, p))
    ranger = next(p for p in state.records[0].pieces if p.owner == 0 and p.kind.name == "Ranger")
    assert ranger.kind.letters == "HGFEDCBA"
    for p in (1, 3, 5, 7):
        state = place(state, p, still_placement_for(state, p))
    assert state.garnets[0] == 0 + (1 if state.records[0].points[0] == 3 else 0)
    assert core.replay(state.to_record()) == state


def test_fs18_meta_layer_tokens() -> None:
    on = _play_round(_play_round(_play_round(_tie_game(meta_layer="on"))))
    assert on.tokens == (True, True) and on.garnets == (2, 2)
    few = _play_round(_play_round(_play_round(_tie_game(meta_layer="on", tol_threshold=1))))
    assert few.tokens == (False, False) and few.garnets == (1, 1)
    off = _play_round(_play_round(_play_round(_tie_game())))
    assert off.tokens == (False, False)


def test_fs19_still_tied_the_winners_name_the_candidate() -> None:
    state = _play_round(_play_round(_play_round(_tie_game())))
    assert state.points == (3 * 3, 3 * 3) and state.candidates() == [0, 1]
    assert state.actors == frozenset({0, 1}) and state.outcome is None
    assert [str(a) for a in state.legal_actions(0)] == ["name player 1 as elimination candidate",
                                                         "name player 2 as elimination candidate"]
    state = state.apply(Eliminate(1), 0).apply(Eliminate(1), 1)
    assert state.is_over and state.eliminated == 1 and state.outcome is not None
    assert state.outcome.places == (1, 2) and "player 2 is the elimination candidate" in state.outcome.reason
    split = _play_round(_play_round(_play_round(_tie_game())))
    split = split.apply(Eliminate(0), 0).apply(Eliminate(1), 1)
    assert split.eliminated in (0, 1) and core.replay(split.to_record()) == split


def test_fs19_the_lowest_player_is_the_candidate() -> None:
    final = random_play(new(seed=12), 12)
    low = min(final.points)
    bottom = [p for p in range(8) if final.points[p] == low]
    assert final.eliminated in bottom and final.outcome is not None
    assert final.outcome.places[final.eliminated] == 8 and sorted(final.outcome.places).count(8) == 1
    if len(bottom) == 1:
        assert final.candidates() == bottom


def test_the_tie_break_chain_walks_back_recursively() -> None:
    timeline = [(0, 0, 0), (2, 1, 2), (2, 2, 1), (3, 3, 3)]
    assert order([0, 1, 2], lambda p: (3,), timeline) == [[0], [1], [2]]
    assert order([0, 1, 2], lambda p: (p == 2,), timeline) == [[2], [0], [1]]
    assert order([0, 1], lambda p: (1,), [(0, 0), (1, 1)]) == [[0, 1]]
    assert places([[2], [0, 1], [3]], 4) == (2, 2, 1, 4)


def test_options_are_validated() -> None:
    with pytest.raises(InputError, match="option 'piece_set'"):
        new(piece_set="project_v9")
    bad = json.loads(json.dumps(STILL))
    bad["rounds"]["2"][1]["rank"] = 0
    with pytest.raises(InputError, match="round 2, piece 'Guard', field 'rank'"):
        new(piece_set=bad)
    with pytest.raises(InputError, match="players_per_board"):
        new(players_per_board=5)


@pytest.mark.parametrize("seed", range(10))
def test_fs08_surplus_pieces_double_up_on_their_own_pieces_or_stay(seed: int) -> None:
    """A1 holds three players' pieces; only B1 is empty, A2 and B2 hold pieces of players 1 and 2."""
    post = load_piece_set(STILL).roster(1)[0]
    at = parse_square
    pieces = [Piece(0, post, at("A1")), Piece(1, post, at("A1")), Piece(2, post, at("A1")),
              Piece(0, post, at("A2")), Piece(1, post, at("B2"))]
    result = simulate(board_from_json({"G7": 1}), pieces, 3, seed, record=True)
    moves = {i: (d, t) for stack in result.turns[0].separations for i, d, t in stack.moves}
    assert [t for d, t in moves.values() if d].count(at("B1")) == 1
    after = result.turns[1].positions
    assert [after[i] for i in range(3)].count(at("B1")) == 1
    assert after[0] in (at("B1"), at("A2")) and after[1] in (at("B1"), at("B2")) and after[2] in (at("B1"), at("A1"))
