"""The rulings added to the rulebook: data boards dealt in order (section 1), the 20-square board
(section 2) and FS-22..FS-27, each written from the ruling's words."""

from __future__ import annotations

import pytest
from fs_helpers import new

from core.fairsquare import Piece, PieceType, board_from_json, simulate
from core.fairsquare.boards import MIN_LEGAL_GENERATED
from core.fairsquare.geometry import parse_square as at
from core.fairsquare.pieces import parse_piece, piece_set
from core.fairsquare.result import Result
from core.fairsquare.trace import REMOVED, PieceStep

ONE, TWO, THREE = {"A1": 1}, {"A1": 2, "G7": 2}, {"D4": 3}


def kind(name: str, rank: int, rules: list[str], options: list[str] | None = None, **extra: object) -> PieceType:
    """A test piece type: four orthogonal steps unless ``options`` says otherwise."""
    return parse_piece({"name": name, "rank": rank, "options": options or ["step:U", "step:R", "step:D", "step:L"],
                        "rules": rules, **extra}, "test piece")


STILL1, STILL2, STILL3 = (kind(n, r, ["stay"]) for n, r in (("Post", 1), ("Guard", 2), ("Tower", 3)))


def run(board: dict[str, int], pieces: list[tuple[int, PieceType, str]], seed: int = 0, **options: bool) -> Result:
    """Simulate a board with ``(player, type, square)`` pieces, recording every turn."""
    placed = [Piece(p, k, at(s)) for p, k, s in pieces]
    return simulate(board_from_json(board), placed, 1 + max(p for p, _, _ in pieces), seed, record=True, **options)


def step_of(result: Result, turn: int, piece: int) -> PieceStep:
    return next(s for s in result.turns[turn].steps if s.piece == piece)


# --- section 1: data boards are dealt in order -------------------------------------------------


def test_data_boards_are_dealt_from_the_list_in_order() -> None:
    boards = [{"A1": 1}, {"A2": 2}, {"A4": 3}]
    b0, b1, b2 = (board_from_json(b) for b in boards)
    state = new(board_source="data", boards=boards)
    assert state.match.boards == ((b0, b1), (b2, b0), (b1, b2))
    assert new(board_source="data", boards=boards, single_board=True).match.boards == ((b0,), (b1,), (b2,))


def test_a_one_board_list_gives_both_groups_that_board() -> None:
    board = board_from_json({"A1": 1})
    assert new(board_source="data", boards=[{"A1": 1}]).match.boards == ((board, board),) * 3


# --- section 2: the 20-square example ------------------------------------------------------------


def test_2s_at_b2_b6_f2_f6_and_the_3_at_d4_leave_exactly_20_squares_the_least_accepted() -> None:
    board = board_from_json({"B2": 2, "B6": 2, "F2": 2, "F6": 2, "D4": 3})
    assert len(board.legal) == 20 == MIN_LEGAL_GENERATED
    assert board.total == 11


# --- FS-22: joined and removed ------------------------------------------------------------------


def test_fs22_a_piece_that_joins_and_is_removed_still_resets_the_counter() -> None:
    """A Guard holds D4 (3 points); a Post walks in on turn 2 and loses the battle there."""
    runner = kind("Runner", 1, ["seek:free", "stay"], ["step:L"])
    result = run(THREE, [(0, STILL2, "D4"), (1, runner, "D6")])
    assert result.turns[2].battles[0].removed == (1,) and result.turns[2].positions[1] == REMOVED
    counters = {t: [p.counter for p in result.turns[t].progress if p.piece == 0] for t in range(1, 6)}
    assert counters == {1: [1], 2: [], 3: [1], 4: [2], 5: [3]}    # turn 2 gains nothing, then restarts
    assert result.turns[4].owners[at("D4")] == -1 and result.turns[5].owners[at("D4")] == 0


# --- FS-23: no direction left -------------------------------------------------------------------


def test_fs23_a_piece_left_without_a_direction_stays_then_follows_its_own_rules() -> None:
    """Three players stack on A1; A2, B1 and B2 hold a fourth player's pieces: nobody has a direction."""
    walker = kind("Walker", 1, ["seek:free", "stay"], ["step:D"])
    pieces = [(0, walker, "A1"), (1, walker, "A1"), (2, walker, "A1"),
              (3, STILL1, "A2"), (3, STILL1, "B1"), (3, STILL1, "B2")]
    result = run({"G1": 1}, pieces)
    assert result.turns[0].separations[0].moves == ((0, "", at("A1")), (1, "", at("A1")), (2, "", at("A1")))
    for piece in (0, 1, 2):
        assert step_of(result, 1, piece)[1:4] == (at("A1"), at("B1"), "seek:free")


# --- FS-24: doubling up -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_fs24_surplus_pieces_of_one_player_take_different_friendly_squares(seed: int) -> None:
    """Player 0 has two pieces in the A1 stack and pieces on A2 and B1; B2 is player 2's."""
    pieces = [(0, STILL1, "A1"), (0, STILL1, "A1"), (1, STILL1, "A1"),
              (0, STILL1, "A2"), (0, STILL1, "B1"), (2, STILL1, "B2")]
    moves = {i: (d, t) for i, d, t in run({"G7": 1}, pieces, seed).turns[0].separations[0].moves}
    assert {moves[0][1], moves[1][1]} == {at("A2"), at("B1")}
    assert moves[2] == ("", at("A1"))


@pytest.mark.parametrize("seed", range(8))
def test_fs24_a_surplus_piece_without_a_friendly_square_left_stays(seed: int) -> None:
    pieces = [(0, STILL1, "A1"), (0, STILL1, "A1"), (1, STILL1, "A1"),
              (0, STILL1, "A2"), (2, STILL1, "B1"), (2, STILL1, "B2")]
    moves = {i: (d, t) for i, d, t in run({"G7": 1}, pieces, seed).turns[0].separations[0].moves}
    assert sorted([moves[0][1], moves[1][1]]) == [at("A1"), at("A2")]


# --- FS-25: two stacks towards one square -------------------------------------------------------


def test_fs25_stacks_draw_on_the_start_occupancy_and_pieces_meeting_form_a_new_stack() -> None:
    """Stacks on A1 and A3 may both send a piece to the empty A2; there they stack and separate again."""
    pieces = [(0, STILL1, "A1"), (1, STILL1, "A1"), (0, STILL1, "A3"), (1, STILL1, "A3")]
    met = []
    for seed in range(40):
        result = run({"G7": 1}, pieces, seed)
        sent = sorted(i for stack in result.turns[0].separations for i, _, t in stack.moves if t == at("A2"))
        if len(sent) == 2:
            met.append(seed)
            positions = result.turns[1].positions
            assert sorted(i for i in range(4) if positions[i] == at("A2")) == sent
            assert [s.square for s in result.turns[1].separations] == [at("A2")]
    assert met, "no seed sent both stacks to A2"


# --- FS-26: flee and dodge ----------------------------------------------------------------------


def test_fs26_flee_maximises_the_distance_to_the_nearest_enemy_after_the_move() -> None:
    """Towers on D2 and B4, both two away from D4: up (A) and left (D) end next to one of them;
    right (B) and down (C) keep both three away, and B is the earlier letter."""
    runner = kind("Runner", 1, ["flee:2", "stay"])
    result = run(THREE, [(0, runner, "D4"), (1, STILL3, "D2"), (1, STILL3, "B4")])
    step = step_of(result, 1, 0)
    assert (step.rule, step.letter, step.end) == ("flee:2", "B", at("D5"))


def test_fs26_an_enemy_that_stays_put_enters_nothing() -> None:
    """A round-3 Traveller (dodge) jumps onto A1, where a rank-4 Fortress anchors: staying enters nothing."""
    roster = {t.name: t for t in piece_set("project_v1").roster(3)}
    result = run(ONE, [(0, roster["Traveller"], "C1"), (1, roster["Fortress"], "A1")])
    step = step_of(result, 1, 0)
    assert (step.rule, step.end, step.dodged) == ("seek:free", at("A1"), False)
    assert step_of(result, 1, 1).rule == "anchor"


def test_fs26_a_dodger_depends_only_on_enemies_that_could_reach_its_squares() -> None:
    """A round-3 Marauder (reach 2) four squares from the Traveller cannot reach A1 or B1: no cycle,
    so the Traveller decides first and the Marauder intercepts its predicted square A1."""
    roster = {t.name: t for t in piece_set("project_v1").roster(3)}
    result = run(ONE, [(0, roster["Traveller"], "C1"), (1, roster["Marauder"], "G1")])
    traveller, marauder = step_of(result, 1, 0), step_of(result, 1, 1)
    assert (traveller.rule, traveller.end) == ("seek:free", at("A1"))
    assert (marauder.rule, marauder.target, marauder.end) == ("hunt:4:intercept", at("A1"), at("F1"))


# --- FS-27: evict ties and friendly_losses=false ------------------------------------------------


@pytest.mark.parametrize(("board", "prey", "target"), [
    ({"B4": 1, "D2": 2}, ["B4", "D2"], "D2"),             # equally near: the higher value
    ({"B4": 2, "D2": 2}, ["D2", "B4"], "B4"),             # equal value too: reading order
    ({"C4": 1, "D2": 2}, ["C4", "D2"], "C4"),             # nearest first, before value
])
def test_fs27_evict_takes_the_nearest_then_the_higher_value_then_reading_order(
        board: dict[str, int], prey: list[str], target: str) -> None:
    hunter = kind("Hunter", 2, ["evict:3", "stay"])
    result = run(board, [(0, hunter, "D4"), *((1, STILL1, s) for s in prey)])
    step = step_of(result, 1, 0)
    assert (step.rule, step.target) == ("evict:3", at(target))


@pytest.mark.parametrize(("friendly_losses", "kept"), [(False, (0, 1, 2)), (True, (0, 2))])
def test_fs27_with_the_top_rank_shared_a_lower_piece_survives_beside_its_own_top_piece(
        friendly_losses: bool, kept: tuple[int, ...]) -> None:
    """On turn 2 four pieces meet on D4: player 0's Tower and Post, player 1's Tower, player 2's Guard."""
    low, mid, top = (kind(n, r, ["seek:free", "stay"]) for n, r in (("Low", 1), ("Mid", 2), ("Top", 3)))
    pieces = [(0, top, "D2"), (0, low, "D6"), (1, top, "B4"), (2, mid, "F4")]
    result = run(THREE, pieces, friendly_losses=friendly_losses)
    battle = result.turns[2].battles[0]
    assert battle.square == at("D4") and battle.kept == kept
    assert set(battle.removed) == {0, 1, 2, 3} - set(kept)

