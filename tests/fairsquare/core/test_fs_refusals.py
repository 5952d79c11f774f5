"""Every refusal a player can meet in Fair and Square is a sentence that names its reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fs_helpers import STILL, new, place, still_placement

from core.fairsquare import Confirm, Eliminate, FairSquareState, Lift, Place, Reorder
from core.fairsquare.geometry import parse_square as at
from core.protocol import Action, IllegalAction

ROSTER = "Sprinter, Dasher, Ranger, Traveller, Fortress, Marauder"


def two_placed(**options: object) -> FairSquareState:
    """Player 1 has a Ranger on A3 and another on A4 (default data board)."""
    return place(new(seed=2, board_source="data", **options), 0, [("Ranger", "A3"), ("Ranger", "A4")], confirm=False)


def four_placed() -> FairSquareState:
    return place(two_placed(), 0, [("Sprinter", "A5"), ("Dasher", "B2")], confirm=False)


def voting() -> FairSquareState:
    """A two-player match tied through every tie-break: both winners name the candidate."""
    state = new(seed=5, players_per_board=2, piece_set=STILL, rounds=1)
    for p in (0, 1):
        state = place(state, p, still_placement(state, p))
    assert state.voters
    return state


CASES: list[tuple[Callable[[], FairSquareState], Action, str]] = [
    (two_placed, Place("Ranger", at("D4")),
     "pieces may not be placed on a point square or next to a 2 or 3 (diagonally next to a 3)"),
    (two_placed, Place("Sprinter", at("A3")),
     "you already have a piece there (your four pieces go on four different squares)"),
    (two_placed, Place("Knight", at("A5")), f"Knight is not in this round's roster ({ROSTER})"),
    (two_placed, Place("Ranger", at("A5")),
     "a placement uses at least 3 different types: choose a type you have not placed yet"),
    (two_placed, Place("R" * 21, at("A5")), "a piece name has at most 20 characters; this one has 21"),
    (two_placed, Place("Ran\tger", at("A5")), "a piece name may not contain control characters such as line breaks"),
    (four_placed, Place("Fortress", at("B3")), "all 4 pieces are placed; confirm, or lift one first"),
    (two_placed, Confirm(), "place all 4 pieces first (2 placed)"),
    (two_placed, Lift(at("A5")), "player 1 has no unconfirmed piece on A5 to lift"),
    (lambda: two_placed(garnets="off"), Reorder("Ranger", "BACDEFGH"),
     "garnets are off in this game, so move letters cannot be re-ordered"),
    (two_placed, Reorder("Knight", "BA"), f"Knight is not in this round's roster ({ROSTER})"),
    (lambda: two_placed(starting_garnets=1), Reorder("Ranger", "ABC"), "the letters must be a re-ordering of ABCDEFGH"),
    (two_placed, Reorder("Ranger", "BACDEFGH"), "player 1 has 0 garnets: each re-ordered type costs one"),
    (two_placed, Eliminate(3),
     "the elimination candidate is named after the last round, and only when players stay tied"),
    (voting, Eliminate(5), "only the tied players player 1, player 2 may be named"),
    (voting, Place("Post", at("A3")), "the match is over: the winners are naming the elimination candidate"),
]


IDS = [reason[:48] for *_, reason in CASES]


@pytest.mark.parametrize(("state", "action", "reason"), CASES, ids=IDS)
def test_each_refusal_names_its_reason(state: Callable[[], FairSquareState], action: Action, reason: str) -> None:
    position = state()
    assert position.why_illegal(action, 0) == reason
    assert not position.is_legal(action, 0)
    with pytest.raises(IllegalAction) as refused:
        position.apply(action, 0)
    assert str(refused.value) == reason


@pytest.mark.parametrize(("state", "action", "reason"), CASES[:-3], ids=IDS[:-3])
def test_a_record_refusal_names_the_same_reason(state: Callable[[], FairSquareState], action: Action,
                                                reason: str) -> None:
    """Placement actions read from a record are checked without listing and refused with the rule's words."""
    import core

    record = state().to_record()
    record["actions"] = [*record["actions"], {"actor": 0, "action": action.to_json()}]  # type: ignore[misc]
    with pytest.raises(IllegalAction) as refused:
        core.replay(record)
    assert str(refused.value) == f"action {len(record['actions'])} of the record: {reason}"  # type: ignore[arg-type]


def test_no_refusal_is_only_a_ruling_id() -> None:
    for _, _, reason in CASES:
        assert len(reason.split()) >= 5 and "FS-" not in reason
