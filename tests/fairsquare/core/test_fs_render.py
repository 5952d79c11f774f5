"""Text, pictures and the turn trace in words; hostile input gets one clear error."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fs_helpers import new, place, random_play

import core
from core import rng
from core.fairsquare import (
    GAME,
    Lift,
    Place,
    Reorder,
    load_piece_set,
    position_after,
    record_svg,
    sentence,
    simulate,
    turn_sentences,
)
from core.fairsquare.boards import board_from_json
from core.fairsquare.explain import alive_pieces
from core.fairsquare.geometry import parse_square
from core.fairsquare.pieces import bundled_data, piece_set
from core.fairsquare.trace import REMOVED, BoardRecord, Piece
from core.protocol import IllegalAction, InputError


def finished() -> core.State:
    return random_play(new(seed=21), 21)


def test_describe_names_scores_pending_players_and_hides_placements() -> None:
    state = new(seed=2, board_source="data")
    state = place(state, 0, [("Ranger", "A3"), ("Sprinter", "A4")], confirm=False)
    text = state.describe(3)
    assert "round 1 of 3" in text and "Points so far: player 1 has 0" in text
    assert "Still placing: player 1, player 2" in text and "A3" in text  # A3 listed as a placement square
    assert "Player 1 has placed" not in text and "You may place: Sprinter" in text
    assert "Player 1 has placed 2 of 4 pieces: Ranger on A3, Sprinter on A4." in state.describe(0)
    assert "D4 worth 3" in text   # the board's point squares


def test_describe_after_the_match() -> None:
    text = finished().describe()
    assert "match over" in text and "elimination candidate" in text and "Round 3 results" in text


def test_svg_is_well_formed_and_shows_values_and_pieces() -> None:
    state = new(seed=2, board_source="data")
    state = place(state, 0, [("Ranger", "A3")], confirm=False)
    for viewer, pieces in ((0, 1), (1, 0)):
        root = ET.fromstring(state.svg(viewer))
        titles = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
        assert sum("Ranger, rank 2" in t for t in titles) == pieces
    assert ET.fromstring(finished().svg()) is not None


ENGINE_NOTATION = re.compile(r"\b[a-z_]+:[\w:]+|\b(?:jump|step|slide) [URDL]{1,2}\b")
"""A rule id (``seek:free_empty``, ``flee:2``) or a move in the piece file's notation (``jump U``)."""


def test_the_text_form_and_the_move_sentences_are_plain_words() -> None:
    state, stream, looked = new(seed=5), rng.seed_stream(5), 0
    while not state.is_over:
        if len(state.history) % 9 == 0:
            for viewer in (None, 0, 1):
                text = state.describe(viewer)
                assert not ENGINE_NOTATION.search(text), ENGINE_NOTATION.search(text)
                looked += "after its last turn" in text
        actor = min(state.actors)
        stream, action = rng.choice(stream, state.legal_actions(actor))
        state = state.apply(action, actor)
    for record in state.records:
        for turn in range(1, len(record.turns)):
            for line in turn_sentences(record, turn):
                assert not ENGINE_NOTATION.search(line), line
    assert looked and not ENGINE_NOTATION.search(state.describe(None))
    assert "Rule 1: " in new(seed=5).describe(0)


def test_trace_sentences_and_positions() -> None:
    state = finished()
    record = state.records[-1]
    assert len(record.turns) == 16
    lines = turn_sentences(record, 1)
    assert len(lines) >= len(record.turns[1].steps)
    for turn in range(1, 16):
        for step in record.turns[turn].steps:
            text = sentence(record, turn, step)
            piece = record.pieces[step.piece]
            assert text.startswith(f"player {piece.owner + 1}'s {piece.kind.name}")
            rules = [rule.text for rule in piece.kind.rules]
            label = {"cycle": "(prediction cycle)", "no rule applies": "no rule applies", "separation": "(separation)"
                     }.get(step.rule, f"(rule {rules.index(step.rule) + 1 if step.rule in rules else '?'})")
            assert label in text and text.endswith(".")
            assert step.rule not in rules or f"({step.rule})" not in text, "the rule's number, not its id"
    first, last = position_after(record, 0), position_after(record, 15)
    assert first.squares == tuple(p.square for p in record.pieces) and last.totals == record.scores
    assert all(first.squares[i] != REMOVED for i in alive_pieces(first))
    with pytest.raises(ValueError, match="turn must be 0-15"):
        position_after(record, 16)
    assert ET.fromstring(record_svg(record, 7)) is not None


def test_the_evict_sentence() -> None:
    roster = {t.name: t for t in piece_set("project_v1").roster(1)}
    board = board_from_json({"D2": 2, "A4": 3})
    pieces = (Piece(0, roster["Ranger"], parse_square("B2")), Piece(1, roster["Sprinter"], parse_square("D2")))
    result = simulate(board, pieces, 2, 0, record=True)
    record = BoardRecord(1, 0, board, (0, 1), pieces, result.turns, result.threes, result.twos, result.left,
                         result.places(), (3, 2))
    assert sentence(record, 1, result.turns[1].steps[0]) == (
        "player 1's Ranger B2 (rule 2): approaches the rank-1 Sprinter on D2; moves to C2 (move E).")  # rule 2: evict:2
    assert "Battle on D2: Ranger (player 1) stay; Sprinter (player 2) removed." in turn_sentences(record, 2)


@pytest.mark.parametrize("data", [
    {"place": "Ranger"}, {"place": 3, "on": "A3"}, {"lift": "Z9"}, {"lift": ["A1"]}, {"reorder": "Ranger"},
    {"reorder": "Ranger", "letters": "A" * 99}, {"confirm": "yes"}, [], "x", None, {"eliminate": True},
])
def test_hostile_actions_are_refused(data: object) -> None:
    state = new(seed=2)
    with pytest.raises(IllegalAction):
        state.action_from_json(data, 0)


def test_unlisted_actions_arrive_by_json() -> None:
    state = new(seed=2, board_source="data", starting_garnets=1)
    state = state.apply(state.action_from_json({"place": "Ranger", "on": "A3"}, 0), 0)
    assert state.action_from_json({"lift": "A3"}, 0) == Lift(parse_square("A3"))
    assert state.action_from_json({"reorder": "Dasher", "letters": "DCBA"}, 0) == Reorder("Dasher", "DCBA")
    with pytest.raises(IllegalAction):
        state.action_from_json({"lift": "A4"}, 0)
    assert Place("Ranger", parse_square("A3")).to_json() == {"place": "Ranger", "on": "A3"}
    record = state.apply(Reorder("Dasher", "DCBA"), 0).to_record()
    assert core.replay(record).placements[0].letters == (("Dasher", "DCBA"),)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(schema="x"), "field 'schema'"),
    (lambda d: d["rounds"].pop("3"), "field 'rounds'"),
    (lambda d: d["rounds"]["1"][0].update(rank="1"), "round 1, piece 'Sprinter', field 'rank'"),
    (lambda d: d["rounds"]["2"][1].update(options=["slide:X"]), "piece 'Dasher', field 'options' .A."),
    (lambda d: d["rounds"]["3"][4].update(rules=["hunt:0"]), "piece 'Marauder', field 'rules' .rule 1."),
    (lambda d: d["rounds"]["3"][2].update(modifiers=["fly"]), "piece 'Traveller', field 'modifiers'"),
    (lambda d: d["rounds"]["1"][1].update(colour="red"), "piece 'Dasher'.*unknown fields: colour"),
    (lambda d: d["rounds"]["1"].__setitem__(1, d["rounds"]["1"][0]), "names a piece type twice"),
    (lambda d: d["rounds"]["1"][0].update(name=""), "piece 1, field 'name'"),
])
def test_piece_set_errors_name_the_piece_and_the_field(change: object, message: str) -> None:
    data = bundled_data("project_v1")
    change(data)  # type: ignore[operator]
    with pytest.raises(InputError, match=message):
        load_piece_set(data)


def test_game_metadata() -> None:
    assert GAME.name == "fair-and-square" and GAME.seat_range == (2, 8)
    assert core.get_game("fair-and-square") is GAME
