"""The rulebook's Rulings (BB-01 .. BB-28) and sections 4-7, one scenario each."""

from __future__ import annotations

import pytest
from bb_helpers import LESOTHO, SECTION5, attack, belgium, lesotho, owner, pass_, record, report, setup_of

from core.battle import GAME
from core.battle.actions import Attack, Choose, Pass, PickButton, ReportResult
from core.battle.model import Battle, Score
from core.battle.pool import build_pick_list, tl_pool
from core.battle.record import load_record
from core.battle.state import player_index
from core.protocol import MODERATOR, IllegalAction, InputError


def first_round(state, *orders):
    """Ann, Bob, Cat, Dan, Eve give these orders ((player, from, to) or (player,) for a pass), in order."""
    for order in orders:
        state = pass_(state, order[0]) if len(order) == 1 else attack(state, *order)
    return state


def contest_flemish_brabant(seed: int = 0, ann: str = "3-0", dan: str = "3-0", ann_small: int | None = 20,
                            dan_small: int | None = 20, **options):
    """Ann's Lucky and Dan's Eiko both beat Cat's Kith over Flemish Brabant; the rest fight elsewhere."""
    state = first_round(belgium(seed, **options), ("Ann", "antwerp", "flemish_brabant"),
                        ("Dan", "hainaut", "flemish_brabant"), ("Cat", "walloon_brabant", "liege"),
                        ("Bob", "west_flanders", "hainaut"), ("Eve",))
    state = report(state, 0, "Lucky", ann, ann_small)
    state = report(state, 1, "Eiko", dan, dan_small)
    state = report(state, 2, "Gawaine", "3-2")
    return report(state, 3, "Eiko", "3-1")


# --------------------------------------------------------------------------- setup


def test_bb01_edition_1_is_the_default_and_free_order() -> None:
    state = GAME.new(3)
    assert state.options["edition"] == 1 and len(state.actors) == 5
    two = GAME.new(3, edition=2)
    assert len(two.actors) == 1 and two.to_move == two.move_order[0]


def test_bb02_three_to_five_players() -> None:
    assert GAME.seat_range == (3, 5)
    for players in (3, 4, 5):
        assert GAME.new(1, players=players).players == players
    with pytest.raises(InputError):
        GAME.new(1, players=6)
    with pytest.raises(InputError, match="exceed|need more"):
        GAME.new(1, players=4, armies_per_player=3)


def test_bb03_edition_1_draws_tournament_legal_buttons() -> None:
    legal = {e.name for e in tl_pool()}
    for seed in range(5):
        assert set(GAME.new(seed).buttons) <= legal


def test_bb03_edition_2_uses_the_pick_list_when_given() -> None:
    pick = [{"name": "Horace"}, {"name": "Craptacular"}, {"name": "Gil"}, {"name": "New Jersey"},
            {"name": "Randy"}, {"name": "Death"}, {"name": "Dixie"}, {"name": "Massachusetts"},
            {"name": "The James Beast"}, {"name": "South Carolina"},
            {"name": "Zeppo", "recipe": "(4) (6) (8) (10) (X)"}]
    state = GAME.new(2, edition=2, pick_list=pick)
    assert set(state.buttons) <= {p["name"] for p in pick}
    assert set(GAME.new(2, edition=1, pick_list=pick).buttons) <= {e.name for e in tl_pool()}
    with pytest.raises(InputError, match="recipe"):
        GAME.new(2, edition=2, pick_list=[{"name": "Nobody On The Roster"}])


def test_bb18_pick_list_built_from_win_percentages() -> None:
    stats = [{"name": "Avis", "games": 500, "win_rate": 50.0}, {"name": "Bauer", "games": 99, "win_rate": 50},
             {"name": "Lucky", "games": 300, "win_rate": 56}, {"name": "Delia", "games": 100, "win_rate": 45}]
    assert [e.name for e in build_pick_list(stats, "45..55", 100)] == ["Avis", "Delia"]
    state = GAME.new(4, edition=2, players=3, armies_per_player=1, button_stats=stats, e2_pool_win_band="40..60",
                     e2_pool_min_games=100)
    assert set(state.buttons) == {"Avis", "Lucky", "Delia"}
    with pytest.raises(InputError):
        GAME.new(4, e2_pool_win_band="55..45")


def test_bb04_a_button_appears_once() -> None:
    for seed in range(10):
        buttons = GAME.new(seed).buttons
        assert len(set(buttons)) == len(buttons)
    setup = belgium().options["setup"]
    twice = [dict(p) for p in setup]
    twice[1] = {**twice[1], "armies": [{"button": "Lucky", "territory": "west_flanders"},
                                       {"button": "Delia", "territory": "east_flanders"}]}
    with pytest.raises(InputError, match="Ann; the earlier pick stands"):
        GAME.new(0, setup=twice, battle_source="reported")
    assert GAME.new(0, setup=twice, battle_source="reported", unique_buttons=False).buttons.count("Lucky") == 2


def test_players_pick_in_turn_then_the_placement_is_dealt() -> None:
    state = GAME.new(6, players=3, button_picks="players", edition=2, pick_list=[
        {"name": n} for n in ("Avis", "Bauer", "Lucky", "Delia", "Kith", "Eiko", "Keegan")])
    assert state.phase == "picks" and state.actors == {0} and len(state.legal_actions(0)) == 7
    state = state.apply(PickButton("Lucky"), 0)
    assert state.actors == {1}
    with pytest.raises(IllegalAction, match="Lucky was already picked by Player 1; the earlier pick stands"):
        state.apply(PickButton("Lucky"), 1)
    with pytest.raises(IllegalAction, match="Gawaine is not an eligible button: .*pick list .BB-03"):
        state.apply(PickButton("Gawaine"), 1)
    for pick in ("Avis", "Bauer", "Delia", "Kith", "Eiko"):
        state = state.apply(PickButton(pick), state.picker)
    assert state.phase == "orders" and len(state.move_order) == 3
    assert [state.names[state.army_player[state.buttons.index(b)]] for b in ("Lucky", "Delia")] == ["Player 1"] * 2
    for player in range(3):
        a, b = (state.home[i] for i in range(6) if state.army_player[i] == player)
        assert state.board.adjacent(a, b)


# --------------------------------------------------------------------------- orders


def test_bb07_pass_only_when_targeted() -> None:
    state = belgium()
    ann = player_index(state, "Ann")
    assert Pass() not in state.legal_actions(ann)
    with pytest.raises(IllegalAction, match="BB-07"):
        state.apply(Pass(), ann)
    state = attack(state, "Cat", "flemish_brabant", "antwerp")
    assert Pass() in state.legal_actions(ann)
    assert Pass() not in state.legal_actions(player_index(state, "Bob"))


def test_bb07_forced_pass_and_stalemate() -> None:
    setup = setup_of({"A": {"Avis": "butha_buthe", "Bauer": "mokhotlong"},
                      "B": {"Lucky": "mafeteng", "Delia": "maseru"}, "C": {"Kith": "quthing", "Eiko": "qachas_nek"}})
    start = GAME.new(0, map="lesotho", setup=setup, battle_source="reported")
    assert len(start.inert) == 4
    for p in range(3):
        assert start.legal_actions(p) == [Pass()]
    state = start
    for p in range(3):
        state = state.apply(Pass(), p)
    assert state.round_number == 2 and not state.inert and state.counted == 10   # stalemate=open_neutrals
    assert "became claimable" in state.warnings[0]
    assert Attack(state.board.index("mokhotlong"), state.board.index("thaba_tseka")) in state.legal_actions(0)
    ended = GAME.new(0, map="lesotho", setup=setup, battle_source="reported", stalemate="end")
    for p in range(3):
        ended = ended.apply(Pass(), p)
    assert ended.is_over and "stalemate" in ended.outcome.reason


def test_bb08_edition_1_orders_in_submission_order_and_conflicts_are_revised() -> None:
    state = attack(belgium(), "Cat", "flemish_brabant", "antwerp")
    with pytest.raises(IllegalAction, match="not player 3's turn"):
        attack(state, "Cat", "walloon_brabant", "liege")
    with pytest.raises(IllegalAction, match="already fight in battle 1"):
        attack(state, "Ann", "antwerp", "flemish_brabant")
    state = attack(state, "Ann", "limburg", "liege")   # the revised order
    assert [b.order for b in state.battles] == [0, 1]


def test_bb09_no_duplicate_matchup_either_direction_tiebreaks_included() -> None:
    state = belgium()
    lucky, kith = state.buttons.index("Lucky"), state.buttons.index("Kith")
    tie = Battle("tiebreak", (lucky, kith), (0, 2), None, state.board.index("walloon_brabant"))
    with_tie = state._with(battles=(tie,))
    for player, origin, target in (("Ann", "antwerp", "flemish_brabant"), ("Cat", "flemish_brabant", "antwerp")):
        with pytest.raises(IllegalAction, match="BB-09"):
            attack(with_tie, player, origin, target)
    allowed = belgium(allow_duplicate_matchups=True)._with(battles=(tie,))
    attack(allowed, "Ann", "antwerp", "flemish_brabant")


def test_attack_restrictions_name_the_rule() -> None:
    state = belgium()
    cases = [
        (("Ann", "antwerp", "namur"), "do not border"),
        (("Ann", "antwerp", "limburg"), "own territory"),
        (("Ann", "east_flanders", "hainaut"), "not held by Ann"),
    ]
    for order, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            attack(state, *order)


# --------------------------------------------------------------------------- edition 1 resolution


def test_bb11_the_stake_is_the_losers_territory() -> None:
    state = contest_flemish_brabant(ann="3-0", dan="3-1")
    assert owner(state, "flemish_brabant") == "Ann"      # the defender lost: the target
    assert owner(state, "walloon_brabant") == "Eve"      # the attacker lost: the origin
    assert owner(state, "hainaut") == "Dan" and owner(state, "west_flanders") == "Dan"   # Bauer lost his origin


def test_bb12_a_winning_army_splits_and_keeps_its_old_territories() -> None:
    state = contest_flemish_brabant(ann="3-0", dan="3-1")
    lucky = state.buttons.index("Lucky")
    assert {state.board.name_of(t) for t in state.territories_of(lucky)} == {"Antwerp", "Flemish Brabant"}
    assert state.territories_of(state.buttons.index("Kith")) == ()


def test_bb13_round_margin_before_small_points() -> None:
    state = contest_flemish_brabant(ann="3-1", dan="3-0", ann_small=90, dan_small=1)
    assert owner(state, "flemish_brabant") == "Dan"


def test_bb14_small_points_break_equal_margins_and_are_required() -> None:
    assert owner(contest_flemish_brabant(ann_small=21, dan_small=20), "flemish_brabant") == "Ann"
    assert owner(contest_flemish_brabant(ann_small=5, dan_small=20), "flemish_brabant") == "Dan"
    asking = contest_flemish_brabant(ann_small=None)
    assert asking.phase == "small_points" and asking.actors == {MODERATOR}
    with pytest.raises(IllegalAction, match="small points of battle 1 are needed"):
        asking.apply(ReportResult(1, 0, Score(3, 0), 50), MODERATOR)
    state = asking.apply(ReportResult(0, 0, Score(3, 0), 50), MODERATOR)
    assert owner(state, "flemish_brabant") == "Ann" and state.round_number == 2


def test_bb15_owner_chooses_between_their_own_armies() -> None:
    state = first_round(belgium(), ("Cat", "flemish_brabant", "limburg"), ("Ann", "antwerp", "flemish_brabant"),
                        ("Bob", "east_flanders", "hainaut"), ("Dan", "namur", "walloon_brabant"),
                        ("Eve", "luxembourg", "namur"))
    state = report(state, 0, "Avis", "3-0")      # Kith attacked Limburg and lost: Flemish Brabant is at stake
    state = report(state, 1, "Lucky", "3-2")     # Lucky beat Kith too: Ann's two armies claim it
    state = report(state, 2, "Delia", "3-0")
    state = report(state, 3, "Keegan", "3-0")
    state = report(state, 4, "Ginzu", "3-1")
    ann = player_index(state, "Ann")
    assert state.phase == "choices" and state.actors == {ann}
    fb = state.board.index("flemish_brabant")
    avis, lucky = state.buttons.index("Avis"), state.buttons.index("Lucky")
    assert set(state.legal_actions(ann)) == {Choose(fb, avis), Choose(fb, lucky)}
    state = state.apply(Choose(fb, avis), ann)
    assert state.holder[fb] == avis and state.round_number == 2


def test_bb16_seeded_coin_flip_between_players() -> None:
    winners = {owner(contest_flemish_brabant(seed), "flemish_brabant") for seed in range(12)}
    assert winners == {"Ann", "Dan"}
    assert owner(contest_flemish_brabant(5), "flemish_brabant") == owner(contest_flemish_brabant(5), "flemish_brabant")


def test_bb16_tiebreak_battle_option_uses_the_edition_2_procedure() -> None:
    state = contest_flemish_brabant(e1_final_tie="tiebreak_battle")
    fb = state.board.index("flemish_brabant")
    assert state.is_pending(fb) and state.land[fb] is None and state.holder[fb] is None
    tie = state.battles[0]
    assert tie.kind == "tiebreak" and {state.buttons[a] for a in tie.armies} == {"Lucky", "Eiko"}
    ann, dan = player_index(state, "Ann"), player_index(state, "Dan")
    assert Pass() not in state.legal_actions(ann)   # BB-23: a tie-break does not justify a pass
    assert not state.targeted(dan)


# --------------------------------------------------------------------------- edition 2


def round_two(*orders, seed: int = 0, **options):
    """Lesotho after the recorded round 1; then the given orders in move order."""
    state = load_record(record(LESOTHO), rounds=1).state
    for order in orders:
        state = pass_(state, order[0]) if len(order) == 1 else attack(state, *order)
    return state


def test_bb17_move_order_rotates_and_drops_eliminated_players() -> None:
    state = load_record(record(LESOTHO), rounds=2).state
    rotated = ["Kaori", "ElihuRoot", "AnnoDomini", "Gauen", "Irilyth"]
    assert [state.names[p] for p in state.past[1].move_order] == rotated
    assert [state.names[p] for p in state.move_order] == ["ElihuRoot", "Gauen", "Irilyth", "Kaori"]
    firsts = {GAME.new(seed, edition=2).move_order for seed in range(8)}
    assert len(firsts) > 1


def test_bb19_bb22_pending_and_the_claim_of_the_winning_buttons_owner() -> None:
    state = round_two()
    berea, thaba = state.board.index("berea"), state.board.index("thaba_tseka")
    assert state.is_pending(berea) and state.is_pending(thaba)
    assert state.army_owner(state.holder[thaba]) is None          # Horace's territory is pending ...
    tie = state.battles[0]
    horace = state.buttons.index("Horace")
    assert tie.target == berea and horace in tie.armies
    assert tie.players[tie.armies.index(horace)] == player_index(state, "Irilyth")   # ... yet he fights for Irilyth


def test_bb21_pending_territories_neither_attack_nor_are_attacked() -> None:
    state = round_two()
    with pytest.raises(IllegalAction, match="BB-21"):
        attack(state, "Kaori", "leribe", "berea")
    assert all(state.board.name_of(a.target) not in ("Berea", "Thaba-Tseka") for a in state.attacks(state.to_move))


def test_bb20_three_claimant_players_the_two_most_convincing_fight() -> None:
    state = lesotho(move_order=["Kaori", "ElihuRoot", "Gauen", "AnnoDomini", "Irilyth"])
    state = attack(state, "Kaori", "berea", "thaba_tseka")
    state = attack(state, "ElihuRoot", "mokhotlong", "thaba_tseka")
    state = attack(state, "Gauen", "maseru", "thaba_tseka")
    state = attack(state, "AnnoDomini", "mohales_hoek", "mafeteng")
    state = pass_(state, "Irilyth")
    for index, (winner, score) in enumerate([("Gil", "3-1"), ("Randy", "3-0"), ("Massachusetts", "3-2"),
                                             ("Dixie", "3-0")]):
        state = report(state, index, winner, score)
    thaba = state.board.index("thaba_tseka")
    assert state.is_pending(thaba)
    pending = state.pending[0]
    assert [state.names[c.player] for c in pending.claims] == ["ElihuRoot", "Kaori"]
    assert state.battles[0].kind == "tiebreak"


def test_bb23_tiebreaks_are_resolved_first_and_give_no_pass() -> None:
    state = round_two()
    assert state.to_move == player_index(state, "Kaori")
    gauen = player_index(state, "Gauen")
    assert not state.targeted(gauen)


def test_bb24_player_with_a_pending_claim_stays_in() -> None:
    state = round_two()
    kaori = player_index(state, "Kaori")
    assert state.lands(kaori) == 1 and state.eliminated[kaori] is None


# --------------------------------------------------------------------------- victory and outcome


def test_bb25_more_than_half_wins_and_the_threshold_option() -> None:
    state = belgium()
    assert state.threshold == 6
    assert belgium(win_threshold=3).threshold == 3
    won = contest_flemish_brabant(ann="3-0", dan="3-1", win_threshold=3)
    assert won.is_over and won.winner == player_index(won, "Ann")
    assert won.outcome.places[player_index(won, "Ann")] == 1


def test_outcome_ranks_by_lands_then_later_elimination() -> None:
    state = load_record(record(SECTION5)).state
    order = [state.names[p] for p in state.ranking]
    assert order == ["Bob", "Ann", "Dan", "Eve", "Cat"]
    assert sorted(state.outcome.places) == [1, 2, 3, 4, 5]


def test_bb10_reported_scores_need_the_battle_wins() -> None:
    state = first_round(belgium(), ("Ann", "antwerp", "flemish_brabant"), ("Dan", "hainaut", "flemish_brabant"),
                        ("Cat", "walloon_brabant", "liege"), ("Bob", "west_flanders", "hainaut"), ("Eve",))
    assert state.actors == {MODERATOR}
    for score in ("2-1", "3-3", "4-0"):
        with pytest.raises(IllegalAction, match="battle_max_wins"):
            state.apply(ReportResult(0, 0, Score.parse(score)), MODERATOR)
    two = first_round(belgium(battle_max_wins=2), ("Ann", "antwerp", "flemish_brabant"),
                      ("Dan", "hainaut", "flemish_brabant"), ("Cat", "walloon_brabant", "liege"),
                      ("Bob", "west_flanders", "hainaut"), ("Eve",))
    two.apply(ReportResult(0, 0, Score.parse("2-1")), MODERATOR)


def test_bb06_claimable_neutral_territory_is_entered_unopposed() -> None:
    setup = setup_of({"A": {"Avis": "leribe", "Bauer": "butha_buthe"}, "B": {"Lucky": "mafeteng", "Delia": "maseru"},
                      "C": {"Kith": "quthing", "Eiko": "qachas_nek"}})
    state = GAME.new(0, map="lesotho", setup=setup, battle_source="reported", neutral_territories="claimable")
    assert state.counted == 10 and state.threshold == 6 and not state.inert
    state = state.apply(Attack(state.board.index("leribe"), state.board.index("mokhotlong")), 0)
    assert state.battles[0].kind == "walkover"
    state = state.apply(Attack(state.board.index("maseru"), state.board.index("thaba_tseka")), 1)
    state = state.apply(Attack(state.board.index("qachas_nek"), state.board.index("mohales_hoek")), 2)
    assert state.round_number == 2
    assert [owner(state, t) for t in ("mokhotlong", "thaba_tseka", "mohales_hoek")] == ["A", "B", "C"]
