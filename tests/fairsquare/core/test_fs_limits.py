"""Input limits: place/lift cycles are capped per round (records stay short and replay in linear
time and memory), piece names are checked, and a refused record names its reason."""

from __future__ import annotations

import json

import pytest
from fs_helpers import STILL, longest_record, new, place

import core
from core.fairsquare import Lift, Place, Reorder
from core.fairsquare.geometry import parse_square
from core.fairsquare.placement import PIECES
from core.fairsquare.state import MAX_CHANGES
from core.history import History
from core.protocol import IllegalAction, InputError

ROUND_ACTIONS = PIECES + 2 * MAX_CHANGES + 1
"""The most actions one player makes in one round: four places, a lift and a place per change, a confirm."""


def test_the_longest_record_the_limits_allow_replays_exactly() -> None:
    record = longest_record()
    assert len(record["actions"]) == 8 * 3 * ROUND_ACTIONS   # no elimination vote with this seed
    state = core.replay(record)
    assert state.is_over and state.to_record() == record


def test_one_change_past_the_cap_is_refused_by_name() -> None:
    actions = longest_record()["actions"][:ROUND_ACTIONS - 1]          # player 1, round 1: all changes used
    square = actions[-1]["action"]["on"]
    record = {"game": "fair-and-square", "rules_version": "1", "options": {}, "seed": 1,
              "actions": [*actions, {"actor": 0, "action": {"lift": square}}]}
    with pytest.raises(IllegalAction) as refused:
        core.replay(record)
    assert str(refused.value) == (f"action {ROUND_ACTIONS} of the record: player 1 has lifted or re-ordered "
                                  f"{MAX_CHANGES} times this round, the most a round allows: place the remaining "
                                  f"pieces and confirm")
    record["actions"] = actions
    state = core.replay(record)
    assert not state.is_legal(Lift(parse_square(square)), 0)
    assert [str(a) for a in state.legal_actions(0)] == ["confirm the placement"]


def test_changes_count_lifts_and_reorders_and_restart_each_round() -> None:
    state = new(seed=3, board_source="data", starting_garnets=1)
    for k in range(MAX_CHANGES):
        state = state.apply(Reorder("Ranger", "BACDEFGH" if k % 2 == 0 else "ABCDEFGH"), 0)
    assert state.placements[0].changes == MAX_CHANGES
    with pytest.raises(IllegalAction, match=f"re-ordered {MAX_CHANGES} times this round"):
        state.apply(Reorder("Ranger", "BACDEFGH"), 0)
    state = place(state, 0, [("Ranger", "A3"), ("Sprinter", "A4"), ("Dasher", "A5"), ("Fortress", "B2")])
    for p in range(1, 8):
        state = place(state, p, [("Ranger", "A3"), ("Sprinter", "A4"), ("Dasher", "A5"), ("Fortress", "B2")])
    assert state.round_number == 2 and state.placements[0].changes == 0


def test_a_rounds_actors_grow_in_place_not_by_copying() -> None:
    state = place(new(seed=2, board_source="data"), 0, [("Ranger", "A3")], confirm=False)
    later = state.apply(Lift(parse_square("A3")), 0).apply(Place("Ranger", parse_square("A3")), 0)
    assert isinstance(later.round_actors, History) and list(later.round_actors) == [0, 0, 0]
    assert state.round_actors == History([0])   # the earlier state is unchanged


@pytest.mark.parametrize(("name", "reason"), [
    ("Post\nOffice", "a piece name may not contain control characters such as line breaks"),
    ("P" * 21, "a piece name has at most 20 characters; this one has 21"),
    ("   ", "a piece name must be a non-empty text"),
    (7, "a piece name must be a non-empty text"),
])
def test_piece_names_are_checked_where_a_set_is_read(name: object, reason: str) -> None:
    bad = json.loads(json.dumps(STILL))
    bad["rounds"]["2"][0]["name"] = name
    with pytest.raises(InputError, match="round 2, piece 1, field 'name': " + reason):
        new(piece_set=bad)


@pytest.mark.parametrize(("action", "reason"), [
    ({"place": "K" * 100_000, "on": "A3"}, "a piece name has at most 20 characters; this one has 100,000"),
    ({"place": "Ran\u0085ger", "on": "A3"}, "a piece name may not contain control characters such as line breaks"),
    ({"reorder": "\x1b[31mRanger", "letters": "BA"}, "a piece name may not contain control characters"),
])
def test_piece_names_in_a_record_are_refused_with_one_short_line(action: dict[str, str], reason: str) -> None:
    record = {"game": "fair-and-square", "rules_version": "1", "options": {}, "seed": 1,
              "actions": [{"actor": 0, "action": action}]}
    with pytest.raises(IllegalAction) as refused:
        core.replay(record)
    message = str(refused.value)
    assert message.startswith("action 1 of the record: " + reason) and len(message) < 120 and "\n" not in message
