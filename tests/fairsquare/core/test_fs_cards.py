"""Piece cards and places in words (core.fairsquare.explain): what the page and the tutorial show."""

from __future__ import annotations

from dataclasses import replace

from core.fairsquare import piece_set
from core.fairsquare import Eliminate
from core.fairsquare.explain import piece_card, place_reason, rule_meaning
from core.fairsquare.render import elimination_reason
from core.fairsquare.pieces import parse_rule

from fs_helpers import STILL, new, place, random_play


def test_every_rule_of_the_bundled_set_reads_in_words() -> None:
    for r in (1, 2, 3):
        for kind in piece_set("project_v1").roster(r):
            card = piece_card(kind)
            assert card[0].startswith(f"{kind.name}, rank {kind.rank}. Moves in priority order: A: ")
            assert len([line for line in card if line.startswith("Rule ")]) == len(kind.rules)
    assert rule_meaning(parse_rule("seek:open:min2", "test")) == (
        "approach the nearest point square worth 2 or more its player does not own and none of its "
        "player's pieces holds")
    assert "within 4 squares" in rule_meaning(parse_rule("hunt:4:intercept", "test"))
    assert "predicted" in rule_meaning(parse_rule("hunt:4:intercept", "test"))
    traveller = piece_set("project_v1").find(3, "Traveller")
    assert traveller is not None and piece_card(traveller)[-1].startswith("Dodges")


def test_places_name_the_deciding_tie_break() -> None:
    # Still pieces: nobody scores, every tie-break is equal -> one shared place for all.
    state = new(seed=3, piece_set=STILL, players_per_board=2, board_source="data",
                boards=[{"D4": 3}], rounds=1)
    state = place(state, 0, [("Post", "A1"), ("Guard", "A2"), ("Tower", "A3"), ("Post", "A4")])
    state = place(state, 1, [("Post", "G1"), ("Guard", "G2"), ("Tower", "G3"), ("Post", "G4")])
    record = state.records[0]
    assert record.places == (1, 1)
    assert place_reason(record, 0) == "0 owned; tied with player 2 through every tie-break (shared place)"
    # The same board had player 2 lost a piece: pieces left split the tie.
    fewer = replace(record, left=(4, 3), places=(1, 2))
    assert place_reason(fewer, 0) == "0 owned; ahead of player 2 on pieces left (4 to 3)"
    assert place_reason(fewer, 1) == "0 owned; behind player 1 on pieces left (3 to 4)"


def test_the_elimination_candidate_is_explained() -> None:
    state = new(seed=3, piece_set=STILL, players_per_board=2, board_source="data", boards=[{"D4": 3}], rounds=1)
    assert elimination_reason(state) == ""
    state = place(state, 0, [("Post", "A1"), ("Guard", "A2"), ("Tower", "A3"), ("Post", "A4")])
    state = place(state, 1, [("Post", "G1"), ("Guard", "G2"), ("Tower", "G3"), ("Post", "G4")])
    assert state.voters == (0, 1)
    state = state.apply(Eliminate(1), 0).apply(Eliminate(1), 1)
    assert elimination_reason(state) == ("player 2 tied on 3 points: tied with player 1 through every "
                                         "tie-break (the winners named the candidate)")
    alone = random_play(new(seed=3, players_per_board=3, rounds=1), seed=3)
    low = min(alone.points)
    assert alone.points.count(low) == 1, "three players on one board get 3, 2 and 1 points unless places are shared"
    assert elimination_reason(alone) == f"player {alone.eliminated + 1} has the fewest points ({low})"
