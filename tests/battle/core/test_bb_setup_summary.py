"""core.battle.setup (a form's picks and placement) and core.battle.summary (a round in sentences)."""

from __future__ import annotations

import pytest
from bb_helpers import LESOTHO, SECTION5, record

from core.battle import GAME, load_record
from core.battle.model import Score
from core.battle.placement import balance, best_cuts
from core.battle.setup import campaign_setup, parse_setup_lines
from core.battle.state import CampaignState
from core.battle.summary import lands_by_round, order_targets, round_sentences
from core.protocol import InputError

LINES = """Irilyth: Horace @ Thaba-Tseka, Craptacular @ Qacha's Nek
Kaori: Gil @ Berea, New Jersey @ Leribe
ElihuRoot: Randy @ Mokhotlong, Death @ Butha-Buthe
Gauen: Dixie @ Mafeteng, Massachusetts @ Maseru
AnnoDomini: The James Beast @ Mohale's Hoek, South Carolina @ Quthing"""


def new(setup: list[dict[str, object]], **options: object) -> CampaignState:
    state = GAME.new(5, setup=setup, **options)
    assert isinstance(state, CampaignState)
    return state


def test_random_picks_are_distinct_eligible_buttons_and_the_placement_is_balanced() -> None:
    options = GAME.resolve_options({"players": 5})
    names = ["A", "B", "C", "D", "E"]
    setup = campaign_setup(11, options, names, [["Bauer", None]] + [[None, None]] * 4)
    buttons = [a["button"] for p in setup for a in p["armies"]]
    assert buttons[0] == "Bauer" and len(set(buttons)) == 10
    state = new(setup)
    blocks = tuple(frozenset(state.home[a] for a in range(10) if state.army_player[a] == p) for p in range(5))
    _, _, best = best_cuts(state.board, 5, 2)
    assert balance(state.board, blocks).key == best.key  # spread 1 on Belgium
    assert campaign_setup(11, options, names, [["Bauer", None]] + [[None, None]] * 4) == setup


def test_picks_must_be_eligible_distinct_and_complete() -> None:
    options = GAME.resolve_options({"players": 3})
    names = ["A", "B", "C"]
    with pytest.raises(InputError, match="not an eligible button"):
        campaign_setup(1, options, names, [["Nobody Here", None], [None, None], [None, None]])
    with pytest.raises(InputError, match="the earlier pick stands"):
        campaign_setup(1, options, names, [["Bauer", None], ["bauer", None], [None, None]])
    with pytest.raises(InputError, match="picks 2 buttons"):
        campaign_setup(1, options, names, [["Bauer"], [None, None], [None, None]])
    reported = GAME.resolve_options({"players": 3, "battle_source": "reported"})
    setup = campaign_setup(1, reported, names, [["Nobody Here", None], [None, None], [None, None]],
                           [["antwerp", "limburg"], ["hainaut", "namur"], ["liege", "luxembourg"]])
    assert setup[0]["armies"][0] == {"button": "Nobody Here", "territory": "antwerp"}


def test_the_moderators_lines_give_the_lesotho_start() -> None:
    names, buttons, places = parse_setup_lines(LINES)
    assert names == [p["name"] for p in record(LESOTHO)["players"]]
    options = GAME.resolve_options({"edition": 2, "map": "lesotho", "battle_source": "reported"})
    state = new(campaign_setup(0, options, names, buttons, places), edition=2, map="lesotho",
                battle_source="reported")
    assert state.board.name_of(state.home[0]) == "Thaba-Tseka" and state.buttons[9] == "South Carolina"
    no_places = parse_setup_lines(LINES.replace(" @ Thaba-Tseka", "").replace(" @ Qacha's Nek", "")
                                  .replace(" @ Berea", "").replace(" @ Leribe", "").replace(" @ Mokhotlong", "")
                                  .replace(" @ Butha-Buthe", "").replace(" @ Mafeteng", "").replace(" @ Maseru", "")
                                  .replace(" @ Mohale's Hoek", "").replace(" @ Quthing", ""))
    assert no_places[2] is None
    for bad, reason in (("A: x\nB: y", "3 to 5 lines"), ("A x\nB: y\nC: z", "Name: Button"),
                        ("A: x @ antwerp\nB: y\nC: z", "give every army its territory")):
        with pytest.raises(InputError, match=reason):
            parse_setup_lines(bad)


def test_the_lesotho_rounds_in_sentences() -> None:
    state = load_record(record(LESOTHO)).state
    first = round_sentences(state, 1)
    assert first[0] == ("Berea goes pending: Gauen's Massachusetts won battle 2 by 3 rounds to 0 and Irilyth's "
                        "Horace won battle 1 by 3 rounds to 1; a tie-break battle decides it next round.")
    assert "Gauen takes Mohale's Hoek from AnnoDomini: Gauen's Dixie won battle 4 by 3 rounds to 2." in first
    second = round_sentences(state, 2)
    assert second[0] == ("Irilyth takes Berea: Irilyth's Horace won the tie-break (battle 1) by 3 rounds to 1 "
                         "against Massachusetts.")
    assert second[-1] == "AnnoDomini is eliminated."
    assert round_sentences(state, 3)[-1].startswith("The campaign is over: Irilyth holds 6 of 10")
    assert lands_by_round(state) == [(2, 2, 2, 2, 2), (1, 1, 2, 3, 1), (4, 1, 2, 3, 0), (6, 1, 0, 2, 0)]
    with pytest.raises(ValueError, match="not finished"):
        round_sentences(state, 4)


def test_a_score_is_told_in_words() -> None:
    assert Score(3, 0, 0).words == "3 rounds to 0"
    assert Score(3, 2, 1).words == "3 rounds to 2 with 1 drawn"


def test_a_win_over_a_rival_claim_is_told_with_both_scores() -> None:
    state = load_record(record(SECTION5)).state
    assert round_sentences(state, 1)[0] == (
        "Ann takes Flemish Brabant from Cat: Ann's Lucky won battle 1 by 3 rounds to 0 and +35 small "
        "points, more convincing than Dan's Eiko in battle 2 (3 rounds to 0 and +20 small points).")


def test_order_targets_are_the_legal_attacks_from_one_territory() -> None:
    state = load_record(record(LESOTHO), rounds=0).state
    berea, thaba = state.board.index("berea"), state.board.index("thaba_tseka")
    assert berea in order_targets(state, 0, thaba)
    assert set(order_targets(state, 0, thaba)) == {a.target for a in state.attacks(0) if a.origin == thaba}
    assert order_targets(state, 0, berea) == ()
