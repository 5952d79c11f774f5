"""The turn engine's steps one at a time on a :class:`Play`: decide, resolve, battle and separate."""

from __future__ import annotations

from core.fairsquare import Piece, PieceType, board_from_json
from core.fairsquare.geometry import parse_square as at
from core.fairsquare.pieces import parse_piece, piece_set
from core.fairsquare.play import Play, Wait
from core.fairsquare.trace import Battle

ROUND3 = {t.name: t for t in piece_set("project_v1").roster(3)}


def kind(name: str, rank: int, rules: list[str]) -> PieceType:
    return parse_piece({"name": name, "rank": rank, "options": ["step:U", "step:R", "step:D", "step:L"],
                        "rules": rules}, "test piece")


WALKER, POST, TOWER = kind("Walker", 1, ["seek:free", "stay"]), kind("Post", 1, ["stay"]), kind("Tower", 3, ["stay"])


def play(board: dict[str, int], pieces: list[tuple[int, PieceType, str]], stream: int = 0,
         **options: bool) -> Play:
    placed = [Piece(p, k, at(s)) for p, k, s in pieces]
    return Play(board_from_json(board), placed, 1 + max(p for p, _, _ in pieces), stream, **options)


def test_decide_approaches_the_target_of_the_first_rule_that_applies() -> None:
    board = play({"A1": 1}, [(0, WALKER, "C1"), (1, POST, "G7")])
    assert board.decide(0, None) == (at("B1"), "seek:free", 0, at("A1"), -1, False)   # step U, letter A
    assert board.decide(1, None) == (at("G7"), "stay", -1, -1, -1, False)


def test_decide_asks_for_the_predictions_it_needs() -> None:
    """A round-3 Marauder intercepts: without the Sprinter's prediction it names the piece it waits for."""
    board = play({"A1": 1}, [(0, ROUND3["Marauder"], "D4"), (1, ROUND3["Sprinter"], "D6")])
    wait = board.decide(0, None)
    assert wait == [1] and isinstance(wait, Wait)
    end, rule, _, target, foe, _ = board.decide(0, {1: at("C7")})   # type: ignore[misc]
    assert (rule, target, foe, end) == ("hunt:4:intercept", at("C7"), 1, at("C5"))
    assert wait.then({1: at("C7")}) == board.decide(0, {1: at("C7")})   # the rest of the same decision


def test_a_dodger_waits_for_the_higher_enemies_that_could_reach_its_squares() -> None:
    """A round-3 Traveller seeking A1 from C1 (jump U) waits for the Fortress next to A1, not the far one;
    with the Fortress predicted onto A1 it takes its next move toward A1 (step U to B1), marked as dodged."""
    pieces = [(0, ROUND3["Traveller"], "C1"), (1, ROUND3["Fortress"], "A2"), (1, ROUND3["Fortress"], "G7")]
    board = play({"A1": 1, "G7": 1}, pieces)
    wait = board.decide(0, None)
    assert wait == [1] and isinstance(wait, Wait)
    dodged = (at("B1"), "seek:free", 4, at("A1"), -1, True)
    assert wait.then({1: at("A1")}) == board.decide(0, {1: at("A1")}) == dodged
    assert wait.then({1: at("A2")}) == (at("A1"), "seek:free", 0, at("A1"), -1, False)   # staying enters nothing
    alone = play({"A1": 1, "G7": 1}, [pieces[0], pieces[2]])
    assert alone.decide(0, None) == (at("A1"), "seek:free", 0, at("A1"), -1, False)   # nothing in reach: no wait


def test_decide_follows_a_pending_separation_first() -> None:
    board = play({"A1": 1}, [(0, WALKER, "C1"), (1, POST, "G7")])
    board.sep[0] = at("C2")
    assert board.decide(0, None) == (at("C2"), "separation", -1, at("C2"), -1, False)


def test_resolve_decides_predictions_in_dependency_order() -> None:
    board = play({"A1": 1}, [(0, ROUND3["Marauder"], "D4"), (1, ROUND3["Sprinter"], "D6")])
    decisions = board.resolve()
    sprinter = board.decide(1, None)
    assert decisions[1] == sprinter and decisions[0][3] == sprinter[0]   # type: ignore[index]


def test_resolve_breaks_a_prediction_cycle_at_random() -> None:
    """The designed cycle: a round-3 Marauder hunting a dodging Traveller next to it."""
    pieces = [(0, ROUND3["Marauder"], "B2"), (1, ROUND3["Traveller"], "C1")]
    rules = {play({"A1": 1}, pieces, seed).resolve()[0][1] for seed in range(5)}
    assert rules == {"cycle"}
    picks = {play({"A1": 1}, pieces, seed).resolve()[1][0] for seed in range(12)}
    assert len(picks) > 1


def test_battle_removes_the_lower_ranks_and_updates_the_squares() -> None:
    board = play({"A1": 1}, [(0, TOWER, "D4"), (1, POST, "D4"), (0, POST, "D4")])
    assert board.battle() == [Battle(at("D4"), (0,), (1, 2))]
    assert board.live == [0] and board.occ[at("D4")] == 1
    kept = play({"A1": 1}, [(0, TOWER, "D4"), (1, POST, "D4"), (0, POST, "D4")], friendly_losses=False)
    assert kept.battle() == [Battle(at("D4"), (0, 2), (1,))]


def test_separate_gives_each_piece_of_a_stack_a_direction_for_next_turn() -> None:
    board = play({"G7": 1}, [(0, POST, "A1"), (1, POST, "A1")])
    (stack,) = board.separate(board.at)
    assert stack.square == at("A1") and sorted(t for _, _, t in stack.moves) == [at("A2"), at("B1")]
    assert sorted(board.sep) == [at("A2"), at("B1")] and sorted(board.sep_dir) == ["D", "R"]
    assert board.separate({at("G1"): [0]}) == []   # a single piece is no stack
