"""The Battle page's views and handlers, without a browser."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from pathlib import Path

import panel as pn
import pytest

from core.battle import GAME, load_record
from core.battle.state import CampaignState
from core.protocol import MODERATOR, InputError
from webapp.battle import model
from webapp.battle.dialog import ModeratorForm, start
from webapp.battle.moderator import ModeratorView
from webapp.battle.page import OPENING_NAMES, BattleView
from webapp.battle.panels import lands_html, read_campaign
from webapp.registry import further_pages
from webapp.shell.game_page import GamePage
from webapp.shell.session import HUMAN

LESOTHO_PLAYERS = """Irilyth: Horace @ Thaba-Tseka, Craptacular @ Qacha's Nek
Kaori: Gil @ Berea, New Jersey @ Leribe
ElihuRoot: Randy @ Mokhotlong, Death @ Butha-Buthe
Gauen: Dixie @ Mafeteng, Massachusetts @ Maseru
AnnoDomini: The James Beast @ Mohale's Hoek, South Carolina @ Quthing"""
LESOTHO_ORDER = "Irilyth, Kaori, ElihuRoot, AnnoDomini, Gauen"


def campaign(page: GamePage) -> CampaignState:
    state = page.session.state
    assert isinstance(state, CampaignState)
    return state


def new_page(kind: type[BattleView] = BattleView) -> GamePage:
    page = GamePage(kind)
    page.session.scheduler = None
    return page


def moderator_form(page: GamePage) -> ModeratorForm:
    assert isinstance(page.view, ModeratorView)
    return page.view.moderator_form


def seeded_page(seed: int) -> GamePage:
    """The opening campaign (you and three strategists on Belgium) with a fixed deal."""
    page = new_page()
    start(page.session, page.session.seats, seed, {"players": 4}, OPENING_NAMES, [[None, None]] * 4, None)
    return page


def run_bots(page: GamePage) -> None:
    asyncio.run(page.session.drive_bots())


def view(page: GamePage) -> BattleView:
    assert isinstance(page.view, BattleView)
    return page.view


HOT_SEAT_SETUP = [
    {"name": "Ann", "armies": [{"button": "Avis", "territory": "antwerp"},
                               {"button": "Bauer", "territory": "east_flanders"}]},
    {"name": "Bob", "armies": [{"button": "Coil", "territory": "limburg"},
                               {"button": "Kublai", "territory": "liege"}]},
    {"name": "Cat", "armies": [{"button": "Hammer", "territory": "hainaut"},
                               {"button": "Stark", "territory": "west_flanders"}]},
    {"name": "Dan", "armies": [{"button": "Tess", "territory": "namur"},
                               {"button": "Crane", "territory": "luxembourg"}]},
]
"""Four people on Belgium with fixed armies (Ann and Bob border each other on Antwerp - Limburg)."""


def hot_seat(page: GamePage, **options: object) -> None:
    """Four humans on Belgium with fixed armies (:data:`HOT_SEAT_SETUP`)."""
    page.session.new_game([HUMAN] * 4, seed=3, setup=HOT_SEAT_SETUP, **options)


def territory(state: CampaignState, name: str) -> int:
    return state.board.index(name)


# --- the map -----------------------------------------------------------------------------


def test_the_page_opens_on_a_four_player_campaign_on_belgium_against_three_bots() -> None:
    page = new_page()
    state = campaign(page)
    assert state.board.id == "belgium" and state.players == 4 and state.phase == "orders"
    assert page.session.seats == [HUMAN, "strategist", "strategist", "strategist"]
    assert len(state.inert) == 2 and all(state.lands(p) == 2 for p in range(4))
    assert "Player 1 to give an order" in view(page).status()


def test_the_map_colours_owners_and_greys_neutral_territories_with_army_names() -> None:
    page = new_page()
    state = campaign(page)
    regions = page.board.regions.data  # type: ignore[attr-defined]
    assert len(regions["xs"]) == state.board.size == 10
    for t in range(state.board.size):
        owner = state.land[t]
        assert regions["fill"][t] == (model.NEUTRAL if owner is None else state.colours[owner])
        assert regions["name"][t] == state.board.name_of(t)
    labels = page.board.names.data["text"]  # type: ignore[attr-defined]
    assert set(state.buttons) <= set(labels) and "Antwerp" in labels
    assert len(page.board.holes.data["xs"]) == 1  # type: ignore[attr-defined]  # Brussels, a grey hole


def test_every_territory_is_found_under_its_own_node() -> None:
    for board_id in ("belgium", "lesotho"):
        state = GAME.new(1, map=board_id, players=3)
        assert isinstance(state, CampaignState)
        for t, spot in enumerate(state.board.territories):
            assert model.territory_at(state, spot.x, spot.y) == t
        assert model.territory_at(state, -2.0, -2.0) is None


def test_pending_territories_are_hatched_and_last_rounds_captures_marked(shared_path: Callable[[str], Path]) -> None:
    record = json.loads(shared_path("battle/lesotho-game2.json").read_text(encoding="utf-8"))
    state = load_record(record, rounds=1).state
    drawn = model.picture(state)
    for name in ("berea", "thaba_tseka"):
        t = territory(state, name)
        assert drawn.regions["hatch"][t] == "/" and drawn.regions["fill"][t] == model.PENDING_FILL
    mohale = territory(state, "mohales_hoek")
    assert drawn.regions["hatch"][mohale] == " "
    assert drawn.regions["line"][mohale] == state.colours[state.names.index("Gauen")]
    assert drawn.regions["width"][mohale] > drawn.regions["width"][territory(state, "quthing")]


# --- orders ---------------------------------------------------------------------------------


def test_orders_are_given_by_clicking_a_territory_then_its_target() -> None:
    page = new_page()
    hot_seat(page)
    state = campaign(page)
    battle_view = view(page)
    battle_view.click_territory(territory(state, "limburg"))
    assert page.board.origin == territory(state, "limburg")  # type: ignore[attr-defined]
    assert set(page.board.targets) == {territory(state, "antwerp")}  # type: ignore[attr-defined]
    battle_view.click_territory(territory(state, "namur"))
    assert "Not possible" in page.notice and "do not border" in page.notice
    assert campaign(page).battles == ()
    battle_view.click_territory(territory(state, "antwerp"))
    assert page.notice == "" and campaign(page).battles[0].origin == territory(state, "limburg")
    assert page.board.origin is None  # type: ignore[attr-defined]
    arrows = page.board.arrows.data  # type: ignore[attr-defined]
    assert len(arrows["x0"]) == 1 and arrows["x1"][0] < arrows["x0"][0]  # Limburg -> Antwerp points west
    battle_view.click_territory(territory(state, "antwerp"))
    battle_view.click_territory(territory(state, "limburg"))
    assert "already fight in battle 1 this round" in page.notice and len(campaign(page).battles) == 1


def test_passing_is_refused_with_the_rule_until_the_player_is_targeted() -> None:
    page = new_page()
    hot_seat(page)
    battle_view = view(page)
    battle_view.pass_order(0)
    assert "may pass only when another player's order this round targets" in page.notice
    state = campaign(page)
    battle_view.click_territory(territory(state, "limburg"))
    battle_view.click_territory(territory(state, "antwerp"))
    assert any(b.label.startswith("Ann passes") for b in battle_view.pass_buttons.objects)
    battle_view.pass_order(0)
    assert page.notice == "" and 0 in campaign(page).passes


def test_a_neutral_or_bot_territory_is_not_an_origin() -> None:
    page = new_page()
    state = campaign(page)
    neutral = min(state.inert)
    view(page).click_territory(neutral)
    assert "neutral" in page.notice and "pick one of your territories" in page.notice
    bot = state.land.index(1)
    view(page).click_territory(bot)
    assert "a bot's territory" in page.notice


def test_edition_2_takes_orders_in_the_move_order() -> None:
    page = new_page()
    hot_seat(page, edition=2, move_order=["Bob", "Ann", "Cat", "Dan"])
    state = campaign(page)
    view(page).click_territory(territory(state, "antwerp"))
    assert "Ann's territory and it is not their turn" in page.notice
    view(page).click_territory(territory(state, "limburg"))
    view(page).click_territory(territory(state, "antwerp"))
    assert page.notice == "" and campaign(page).ordered == (1,)


def test_the_keyboard_list_offers_every_order_in_words() -> None:
    page = new_page()
    hot_seat(page)
    labels = view(page).moves.buttons.labels
    assert "Antwerp (Avis) attacks Limburg (Coil)" in labels
    view(page).moves.press("Antwerp (Avis) attacks Limburg (Coil)")
    assert campaign(page).battles[0].origin == territory(campaign(page), "antwerp")


# --- battles --------------------------------------------------------------------------------


def play_round_with_autoplay(page: GamePage) -> None:
    """Order the first legal attack or pass, then let bots play every battle (the human's auto-played)."""
    battle_view = view(page)
    start = campaign(page).round_number
    for _ in range(5000):
        state = campaign(page)
        if state.round_number != start or state.is_over:
            return
        humans = [p for p in page.session.human_actors if p >= 0]
        if state.phase in ("orders", "choices") and humans:
            page.play(state.legal_actions(humans[0])[0], humans[0])
        elif state.phase == "battles" and any(0 in b.players for b in state.battles if b.result is None):
            index = next(i for i in model.open_battles(state) if 0 in state.battles[i].players)
            battle_view.match.show_battle(index)
            battle_view.match.auto_play()
            asyncio.run(battle_view.match.drive())
            run_bots(page)
        else:
            run_bots(page)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_round_with_bot_and_auto_played_battles_resolves_with_a_summary(seed: int) -> None:
    page = seeded_page(seed)
    play_round_with_autoplay(page)
    state = campaign(page)
    assert len(state.past) == 1
    battle_view = view(page)
    assert "Round 1 result" in battle_view.news.object
    assert ("takes" in battle_view.news.object or "No territory changed hands" in battle_view.news.object)
    assert "<h4 style='margin:0.3em 0 0 0'>Round 1</h4>" in battle_view.history.object
    lines = battle_view.chart.lines.data
    assert lines["xs"] == [[0, 1]] * 4 and lines["name"] == list(state.names)
    assert [ys[1] for ys in lines["ys"]] == [state.lands(p) for p in range(4)]
    assert all(b.result is not None for b in state.past[0].battles)


def test_the_battle_view_shows_the_humans_match_and_plays_its_moves() -> None:
    page = new_page()
    hot_seat(page)
    state = campaign(page)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        player = state.names.index(name)
        if player in campaign(page).actors:
            page.play(campaign(page).legal_actions(player)[0], player)
    state = campaign(page)
    assert state.phase == "battles"
    match_view = view(page).match
    assert match_view.layout.visible and match_view.index is not None
    side = match_view.human_side()
    assert side is not None
    match_view.take_device()  # four people at the table: the first chooser takes the device
    moves = list(match_view.moves.options.values())
    assert moves
    before = len(page.session.steps)
    match_view.moves.value = moves[0]
    match_view.play_listed()
    assert page.notice == "" and len(page.session.steps) == before + 1
    assert "You play" in match_view.status.object


# --- reported results and the moderator -----------------------------------------------------


def moderator_page(shared_path: Callable[[str], Path]) -> GamePage:
    page = new_page(ModeratorView)
    form = moderator_form(page)
    form.edition.value = 2
    form.map.value = "lesotho"
    form.players.value = LESOTHO_PLAYERS
    form.order.value = LESOTHO_ORDER
    form.start()
    assert form.error.object == ""
    return page


def test_the_moderator_enters_the_lesotho_games_first_round_and_gets_its_counts(
        shared_path: Callable[[str], Path]) -> None:
    page = moderator_page(shared_path)
    record = json.loads(shared_path("battle/lesotho-game2.json").read_text(encoding="utf-8"))
    battle_view = view(page)
    state = campaign(page)
    assert page.session.seats == [HUMAN] * 5 and state.options["battle_source"] == "reported"
    for battle in record["rounds"][0]["battles"]:
        state = campaign(page)
        battle_view.click_territory(territory(state, battle["from"]))
        battle_view.click_territory(territory(state, battle["to"]))
        assert page.notice == ""
    assert campaign(page).phase == "battles" and battle_view.report_box.visible
    for index, battle in enumerate(record["rounds"][0]["battles"]):
        state = campaign(page)
        battle_view.report_battle.value = index
        winner = [state.buttons[a] for a in state.battles[index].armies if a is not None].index(battle["winner"])
        battle_view.report_winner.value = winner
        battle_view.report_score.value = battle["score"]
        battle_view.report()
        assert page.notice == ""
    state = campaign(page)
    assert len(state.past) == 1
    expect = record["rounds"][0]["expect"]
    assert {name: state.lands(p) for p, name in enumerate(state.names)} == expect["lands"]
    assert sorted(state.board.territories[t].id for t in state.past[0].pending) == sorted(expect["pending"])
    post, bbcode = battle_view.export.markdown.value or "", battle_view.export.bbcode.value or ""
    assert "* Gauen: 3" in post and "round 1" in post
    assert "[b]Territories[/b]" in bbcode
    assert "Berea goes pending" in battle_view.news.object


def test_a_bad_reported_result_is_refused_with_the_rule(shared_path: Callable[[str], Path]) -> None:
    page = moderator_page(shared_path)
    while campaign(page).phase == "orders":
        player = min(campaign(page).actors)
        page.play(campaign(page).legal_actions(player)[0], player)
    battle_view = view(page)
    assert campaign(page).phase == "battles" and MODERATOR in campaign(page).actors
    battle_view.report_score.value = "2-1"
    battle_view.report()
    assert "the winner has 3 round wins" in page.notice
    battle_view.report_score.value = "three"
    battle_view.report()
    assert "W-L or W-L-D" in page.notice


def test_the_moderator_form_refuses_bad_lines() -> None:
    page = new_page(ModeratorView)
    form = moderator_form(page)
    form.players.value = "Ann: Avis @ Antwerp\nBob: Coil"
    form.start()
    assert "Cannot start" in form.error.object and "3 to 5 lines" in form.error.object
    form.players.value = "Ann: Avis @ Antwerp\nBob: Coil\nCat: Tess"
    form.start()
    assert "give every army its territory" in form.error.object
    assert campaign(page).players == 4


# --- new campaign, save and open ---------------------------------------------------------------


def test_new_campaign_form_picks_buttons_places_armies_and_shows_the_seed() -> None:
    page = new_page()
    dialog = view(page).dialog
    dialog.open()
    dialog.players.value = 3
    dialog.map.value = "lesotho"
    dialog.seat_rows[0][2][0].value = "Bauer"
    dialog.seat_rows[1][1].value = HUMAN
    dialog.seed.value = "42"
    dialog.start()
    state = campaign(page)
    assert dialog.error.object == "" and state.seed == 42 and state.players == 3
    assert state.board.id == "lesotho" and state.buttons[0] == "Bauer"
    assert page.session.seats == [HUMAN, HUMAN, "strategist"]
    assert "<strong>42</strong>" in dialog.current_seed.object
    dialog.seat_rows[1][2][0].value = "Bauer"
    dialog.start()
    assert "already picked" in dialog.error.object and campaign(page) is state
    dialog.seat_rows[1][2][0].value = "No Such Button"
    dialog.start()
    assert "not an eligible button" in dialog.error.object


def test_manual_placement_puts_each_army_on_its_chosen_territory() -> None:
    page = new_page()
    dialog = view(page).dialog
    dialog.open()
    dialog.players.value = 3
    dialog.placement.value = "manual"
    spots = ["antwerp", "limburg", "hainaut", "namur", "west_flanders", "east_flanders"]
    for i in range(3):
        for k in range(2):
            dialog.seat_rows[i][3][k].value = spots[2 * i + k]
    dialog.start()
    state = campaign(page)
    assert dialog.error.object == ""
    assert [state.board.territories[t].id for t in state.home] == spots


def test_a_saved_campaign_and_a_record_open_again() -> None:
    page = seeded_page(3)
    play_round_with_autoplay(page)
    saved = view(page).save._saved().getvalue().encode()
    record, seats = read_campaign(saved)
    other = new_page()
    other.session.load(record, seats or [])
    assert campaign(other).past[0].owners == campaign(page).past[0].owners
    written = view(page).export._record().getvalue().encode()
    again, none = read_campaign(written)
    assert none is None and load_record(json.loads(written)).state.past[0].owners == campaign(page).past[0].owners
    assert again["game"] == "buttonmen-battle"
    save_load = view(other).save
    save_load.upload.value = written
    save_load.at_round.value = "0"
    save_load.open_file()
    assert save_load.guard.asking, "the campaign opened from the save is one in progress"
    save_load.guard.answer(True)
    assert save_load.problem.object == "" and campaign(other).round_number == 1 and not campaign(other).past
    assert other.session.seats == [HUMAN] * 4
    save_load.at_round.value = "one"
    save_load.open_file()
    assert "whole number" in save_load.problem.object and campaign(other).round_number == 1
    for bad, reason in ((b"not json", "not a JSON file"), (b"{}", "neither a saved campaign"),
                        (b"[" * 100 + b"]" * 100, "nests too deeply")):
        with pytest.raises(InputError, match=reason):
            read_campaign(bad)


def test_opening_a_file_over_a_campaign_in_progress_asks_first() -> None:
    page = seeded_page(3)
    play_round_with_autoplay(page)
    saved = view(page).save._saved().getvalue().encode()
    other = new_page()
    hot_seat(other)
    other.play(campaign(other).legal_actions(0)[0], 0)  # a person has given an order: a campaign to keep
    playing = other.session.state
    save_load = view(other).save
    save_load.upload.value = saved
    save_load.open_file()
    assert save_load.guard.asking and other.session.state is playing, "nothing is replaced before the answer"
    save_load.guard.answer(False)
    assert not save_load.guard.asking and other.session.state is playing
    save_load.open_file()
    save_load.guard.answer(True)
    assert campaign(other).past[0].owners == campaign(page).past[0].owners


def test_typed_names_are_isolated_in_the_page() -> None:
    assert model.isolate("\u202eEvil's Avis wins", ["\u202eEvil", "Avis"]) == \
        "<bdi>\u202eEvil</bdi>&#x27;s <bdi>Avis</bdi> wins"


def test_a_picked_origin_stays_while_others_order_and_goes_with_a_new_campaign() -> None:
    page = new_page()
    hot_seat(page)
    state = campaign(page)
    battle_view = view(page)
    battle_view.click_territory(territory(state, "limburg"))
    page.play(campaign(page).legal_actions(2)[0], 2)  # Cat orders meanwhile
    assert page.board.origin == territory(state, "limburg")  # type: ignore[attr-defined]
    hot_seat(page, edition=2, move_order=["Ann", "Bob", "Cat", "Dan"])
    assert page.board.origin is None  # type: ignore[attr-defined]


SECTION5_PLAYERS = """Ann: Lucky @ Antwerpen, Avis @ Limburg
Bob: Bauer @ West Flanders, Delia @ east_flanders
Cat: Kith @ Vlaams-Brabant, Phoenix @ Wallon Brabant
Dan: Eiko @ Hainault, Keegan @ Namur
Eve: Gawaine @ Liege, Ginzu @ Luxembourg"""


def test_the_moderator_is_asked_for_the_small_points_a_comparison_needs() -> None:
    page = new_page(ModeratorView)
    form = moderator_form(page)
    form.edition.value = 1
    form.map.value = "belgium"
    form.players.value = SECTION5_PLAYERS
    form.start()
    battle_view = view(page)
    for name, origin, target in (("Ann", "antwerp", "flemish_brabant"), ("Dan", "hainaut", "flemish_brabant"),
                                 ("Cat", "walloon_brabant", "liege"), ("Bob", "east_flanders", "hainaut")):
        state = campaign(page)
        battle_view.click_territory(territory(state, origin))
        battle_view.click_territory(territory(state, target))
        assert page.notice == "", name
    battle_view.pass_order(campaign(page).names.index("Eve"))
    for index, (winner, score) in enumerate(((0, "3-0"), (0, "3-0"), (1, "3-2"), (0, "3-1"))):
        battle_view.report_battle.value = index
        battle_view.report_winner.value = winner
        battle_view.report_score.value = score
        battle_view.report()
        assert page.notice == ""
    state = campaign(page)
    assert state.phase == "small_points" and battle_view.report_box.visible
    assert list(battle_view.report_battle.options.values()) == [0] and battle_view.report_score.value == "3-0-0"
    battle_view.report_small.value = "35"
    battle_view.report()
    assert campaign(page).phase == "small_points" and list(battle_view.report_battle.options.values()) == [1]
    battle_view.report_small.value = "20"
    battle_view.report()
    state = campaign(page)
    assert len(state.past) == 1
    assert {n: state.lands(p) for p, n in enumerate(state.names)} == {"Ann": 3, "Bob": 3, "Cat": 0, "Dan": 1,
                                                                      "Eve": 3}
    assert "<bdi>Ann</bdi> takes Flemish Brabant from <bdi>Cat</bdi>" in battle_view.news.object


def test_a_whole_campaign_against_three_bots_ends_with_a_final_ranking() -> None:
    page = new_page()
    start(page.session, page.session.seats, 8, {"players": 4, "battle_max_wins": 1}, OPENING_NAMES,
          [[None, None]] * 4, None)
    for _ in range(60):
        if campaign(page).is_over:
            break
        play_round_with_autoplay(page)
    state = campaign(page)
    assert state.is_over and state.victor is not None
    battle_view = view(page)
    assert "Final ranking" in battle_view.lands.object and "winner" in battle_view.lands.object
    assert view(page).status().startswith("Campaign over: ")
    assert f"Round {len(state.past)}</h4>" in battle_view.history.object
    assert "The campaign is over" in battle_view.history.object


def test_hot_seat_battles_hide_each_secret_choice_behind_a_curtain() -> None:
    page = new_page()
    hot_seat(page)
    state = campaign(page)
    battle_view = view(page)
    battle_view.click_territory(territory(state, "antwerp"))
    battle_view.click_territory(territory(state, "limburg"))
    battle_view.pass_order(1)
    for player in (2, 3):
        page.play(campaign(page).legal_actions(player)[0], player)
    state = campaign(page)
    match_view = battle_view.match
    match_view.show_battle(0)
    match = state.matches[0]
    assert state.phase == "battles" and match is not None and match.phase == "swing"  # type: ignore[attr-defined]
    assert match_view.reveal.visible and match_view.reveal.label == "I am Ann: show my choices"
    assert "Hand the device to <bdi>Ann</bdi>" in match_view.curtain.object and not match_view.moves.visible
    match_view.take_device()
    assert not match_view.reveal.visible and match_view.moves.visible
    match_view.moves.value = next(iter(match_view.moves.options.values()))
    match_view.play_listed()
    assert page.notice == "" and match_view.reveal.label == "I am Bob: show my choices"
    assert not match_view.moves.visible


def test_the_lands_table_headers_keep_their_words_whole() -> None:
    page = seeded_page(3)
    headers = re.findall(r"<th scope='col' style='([^']*)'>(\w+)</th>", lands_html(campaign(page), page.session.seats))
    assert [word for _, word in headers] == ["Player", "Lands", "Status"]
    assert all("white-space:nowrap" in style and "word-break:normal" in style for style, _ in headers)


def test_the_moderator_has_a_desk_of_its_own_and_the_play_page_no_moderator_form() -> None:
    def buttons(page: GamePage) -> list[str]:
        return [widget.name for widget in page.__panel__().select(pn.widgets.Button)]

    play, desk = new_page(), new_page(ModeratorView)
    assert "Start moderated campaign" not in buttons(play) and not hasattr(play.view, "moderator_form")
    assert "Start moderated campaign" in buttons(desk) and desk.view.setup_form() is moderator_form(desk)
    assert desk.new_game is not None and moderator_form(desk).start_button in desk.new_game.select(pn.widgets.Button)
    assert campaign(desk).options["battle_source"] == "reported" and set(desk.session.seats) == {HUMAN}
    assert "battle-moderator" in [entry.page for entry in further_pages("buttonmen-battle")]


def test_auto_play_asked_for_in_one_campaign_does_not_play_the_next_one() -> None:
    page = seeded_page(1)
    match = view(page).match
    for _ in range(50):  # the human orders, the bots order, until the battles are open
        state = campaign(page)
        if state.phase == "battles":
            break
        humans = [p for p in page.session.human_actors if p >= 0]
        if humans and state.phase in ("orders", "choices"):
            page.play(state.legal_actions(humans[0])[0], humans[0])
        else:
            run_bots(page)
    state = campaign(page)
    mine = next(i for i in model.open_battles(state) if 0 in state.battles[i].players)
    match.show_battle(mine)
    match.auto_play()
    assert match.autoplay == {(state.round_number, mine, 0)}
    start(page.session, page.session.seats, 1, {"players": 4}, OPENING_NAMES, [[None, None]] * 4, None)
    match.kick()
    assert not match.autoplay, "a wish of the campaign left behind would auto-play the new one's battle"
