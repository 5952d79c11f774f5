"""core.teach.battle: the ButtonMen Battle lesson speaks in names and 1-based numbers, follows the rules'
wording (orders, passes, the stake, the most convincing win, pending territories) and keeps answers hidden."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET

import pytest

from core.battle import CampaignState
from core.protocol import IllegalAction
from core.teach import battle as lesson

SVG = "{http://www.w3.org/2000/svg}"
RULE_ID = re.compile(r"\b[A-Z]{2}-\d\d\b")


def first_round(edition: int = 1) -> CampaignState:
    return lesson.lesson_orders(edition)


def owner(campaign: CampaignState, territory: str) -> str | None:
    held = campaign.land[campaign.board.index(territory)]
    return None if held is None else campaign.names[held]


def test_the_lesson_starts_five_players_on_lesotho_with_two_neighbouring_armies() -> None:
    campaign = lesson.lesson()
    assert campaign.names == lesson.NAMES and campaign.threshold == 6
    for p in range(5):
        mine = [t for t in range(campaign.board.size) if campaign.land[t] == p]
        assert len(mine) == 2 and campaign.board.adjacent(*mine)
    assert lesson.borders(campaign, "thaba tseka").text == ("Thaba-Tseka borders 6 territories: Berea, Leribe, "
                                                            "Maseru, Mohale's Hoek, Mokhotlong, Qacha's Nek.")


def test_a_pass_needs_an_attack_on_the_player_and_refusals_name_no_ruling() -> None:
    campaign = lesson.lesson()
    assert "Ana may not pass" in lesson.attacks(campaign, "Ana").text
    with pytest.raises(IllegalAction) as refused:
        lesson.order(campaign, "Ana", "pass")
    assert "may pass only when" in str(refused.value) and not RULE_ID.search(str(refused.value))
    campaign = lesson.order(campaign, "Ben", "Berea", "Maseru")
    shown = lesson.attacks(campaign, "Ana").text
    assert "Ana may also pass" in shown and "Berea from Maseru" not in shown
    duplicate = lesson.may_attack(campaign, "Ana", "Maseru", "Berea").text
    assert duplicate == "No: Avis and Bauer already fight in battle 1 this round."
    assert lesson.may_attack(campaign, "Ana", "Mafeteng", "Mohale's Hoek").text.startswith("Yes")
    assert lesson.order(campaign, "Ana", "pass").passes == (0,)


def test_bad_names_and_numbers_are_refused_in_words() -> None:
    campaign = lesson.lesson()
    with pytest.raises(IllegalAction, match="no territory called 'Atlantis'"):
        lesson.order(campaign, "Ana", "Maseru", "Atlantis")
    with pytest.raises(IllegalAction, match="not a player here"):
        lesson.order(campaign, "Zoe", "pass")
    with pytest.raises(IllegalAction, match="named in quotes"):
        lesson.order(campaign, "Ana", 3, 4)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="do not border"):
        lesson.order(campaign, "Ana", "Mafeteng", "Berea")
    battles = first_round()
    with pytest.raises(IllegalAction, match="battles 1 to 4"):
        lesson.result(battles, 0, "Ben", "3-1")
    with pytest.raises(IllegalAction, match="the winner of this battle is Ben or Ana"):
        lesson.result(battles, 1, "Cleo", "3-1")
    with pytest.raises(IllegalAction, match="W-L"):
        lesson.result(battles, 1, "Ben", "three")


def test_each_battle_stakes_the_losers_territory() -> None:
    campaign = lesson.result(lesson.result(first_round(), 2, "Cleo", "3-0"), 4, "Kublai", "3-2")
    assert campaign.battles[1].stake == campaign.board.index("Leribe")      # the attacker won: the target
    assert campaign.battles[3].stake == campaign.board.index("Mokhotlong")  # the attacker lost: its origin
    done = lesson.result(lesson.result(campaign, 1, "Ben", "3-1", 20), 3, "Dev", "3-1", 35)
    assert [owner(done, t) for t in ("Leribe", "Mokhotlong", "Thaba-Tseka")] == ["Cleo"] * 3


@pytest.mark.parametrize(("ben", "dev", "taker"), [
    (("3-1", 20), ("3-1", 35), "Dev"),   # equal round margins: small points decide
    (("3-0", 5), ("3-1", 40), "Ben"),    # the round margin comes first
])
def test_the_most_convincing_win_takes_a_contested_territory(ben: tuple[str, int], dev: tuple[str, int],
                                                             taker: str) -> None:
    campaign = lesson.result(lesson.result(first_round(), 2, "Cleo", "3-0"), 4, "Cleo", "3-2")
    campaign = lesson.result(lesson.result(campaign, 1, "Ben", *ben), 3, "Dev", *dev)
    assert owner(campaign, "Maseru") == taker and owner(campaign, "Berea") == "Ben"
    told = lesson.what_happened(campaign).text
    beaten = "Ben" if taker == "Dev" else "Dev"
    assert f"{taker} takes Maseru from Ana: {taker}'s" in told and f", more convincing than {beaten}'s" in told
    assert "Territories after round 1: Ana 1, " in told


def test_edition_two_orders_in_turn_pends_rival_claims_and_moves_buttons_with_land() -> None:
    campaign = lesson.lesson(edition=2)
    with pytest.raises(IllegalAction, match="it is Dev's turn"):
        lesson.order(campaign, "Ana", "Maseru", "Berea")
    campaign = first_round(2)
    campaign = lesson.result(lesson.result(lesson.result(campaign, 1, "Dev", "3-0"), 2, "Cleo", "3-2"), 3, "Eve", "3-1")
    maseru, leribe = campaign.board.index("Maseru"), campaign.board.index("Leribe")
    assert campaign.is_pending(maseru) and owner(campaign, "Maseru") is None
    assert campaign.army_owner(campaign.holder[leribe]) == campaign.names.index("Eve")
    assert lesson.battles(campaign).text == "Battle 1: tie-break over Maseru: Dev's Stark vs Cleo's Kublai - open."
    assert "Maseru goes pending: Dev's Stark won battle 1" in lesson.what_happened(campaign).text


def test_the_map_draws_each_attack_as_a_numbered_arrow() -> None:
    picture = lesson.show(first_round())
    root = ET.fromstring(picture.svg)
    arrows = [line for line in root.iter(f"{SVG}line") if line.get("marker-end") == "url(#head)"]
    assert len(arrows) == 4
    numbers = [t.text for t in root.iter(f"{SVG}text") if t.text and t.text.isdigit()]
    assert numbers == ["1", "2", "3", "4"]
    assert "Round 1" in picture.svg and "Phase: battles" in picture.text


@pytest.mark.parametrize(("number", "right", "wrong"), [(1, "berea", "Maseru"), (2, "Ben", "Dev"),
                                                        (3, "nobody", "Dev")])
def test_exercises_accept_the_rules_answer_and_hide_it_until_asked(number: int, right: str, wrong: str) -> None:
    posed = lesson.exercise(number)
    assert "<svg" in posed.markup
    missed = lesson.answer(number, wrong).text
    assert missed.startswith("Not quite: ") and right.lower() not in missed.lower()
    assert lesson.answer(number, right).text == "Right!"
    assert lesson.answer(number, None).text == f'Put the answer in quotes, like answer({number}, "Avis").'
    assert right.lower() in lesson.solution(number).text.lower()


def test_a_bot_campaign_keeps_every_round_and_ends_with_a_winner() -> None:
    game = lesson.bot_campaign(seed=8)
    final = game.final
    assert final.is_over and final.victor is not None and final.lands(final.victor) >= final.threshold
    assert len(game.states) == len(final.past) + 1
    assert all(b.result is None or str(b.result.score).startswith("1-0") for log in final.past for b in log.battles
               if b.kind != "walkover")
    assert lesson.bot_campaign(seed=8) == game
    chart = ET.fromstring(lesson.lands_chart(game).svg)
    title = chart.findtext(f"{SVG}title") or ""
    counts = "-".join(str(s.lands(0)) for s in game.states)
    assert f"Player 1 {counts}" in title and len(list(chart.iter(f"{SVG}polyline"))) == 4
    shown = lesson.summary(game)
    assert shown.text.startswith(final.names[final.victor]) and shown.markup.count("<details>") == 1


def test_round_by_round_shows_every_round_and_its_map() -> None:
    game = lesson.bot_campaign(seed=3, map="lesotho", players=5, edition=2, quick=False)
    shown = lesson.round_by_round(game)
    rounds = len(game.final.past)
    assert [f"<h4>Round {n}</h4>" in shown.markup for n in range(1, rounds + 1)] == [True] * rounds
    assert shown.markup.count("<svg") == rounds + 1 and f"After round {rounds}" in shown.markup
    assert any(log.pending for log in game.final.past), "the Lesotho lesson shows a pending territory"


def test_first_cell_links_the_battle_page_its_rules_and_the_landing_page() -> None:
    markup = lesson.start().markup
    for url in ("apps/battle.html", "rules/buttonmen-battle.html", "index.html"):
        assert url in markup


def test_the_modules_example_runs() -> None:
    assert doctest.testmod(lesson).failed == 0


def test_two_armies_of_one_player_winning_one_territory_wait_for_the_owners_choice() -> None:
    campaign = lesson.lesson()
    for player, origin, target in (("Ana", "Maseru", "Mohale's Hoek"), ("Dev", "Mohale's Hoek", "Mafeteng"),
                                   ("Ben", "Berea", "Thaba-Tseka"), ("Eve", "Mokhotlong", "Leribe")):
        campaign = lesson.order(campaign, player, origin, target)
    campaign = lesson.order(campaign, "Cleo", "pass")
    for number, winner in ((1, "Avis"), (2, "Hammer"), (3, "Cleo"), (4, "Ben")):
        campaign = lesson.result(campaign, number, winner, "3-1")
    assert campaign.phase == "choices"   # Avis attacked into it, Hammer defended against it: both are Ana's
    with pytest.raises(IllegalAction, match="named in quotes"):
        lesson.choose(campaign, "Mohale's Hoek", 2)  # type: ignore[arg-type]
    campaign = lesson.choose(campaign, "Mohale's Hoek", "Hammer")
    hoek = campaign.board.index("Mohale's Hoek")
    assert campaign.buttons[campaign.holder[hoek] or 0] == "Hammer" and owner(campaign, "Mohale's Hoek") == "Ana"
    assert "Ana takes Mohale's Hoek from Dev" in lesson.what_happened(campaign).text


def test_the_checkpoint_counts_only_the_provinces_in_play() -> None:
    assert "<svg" in lesson.exercise(4).markup
    assert lesson.answer(4, 5).text == "Right!"
    assert lesson.answer(4, 6).text.startswith("Not quite: neutral provinces do not count")
    assert lesson.answer(4, 4).text.startswith("Not quite: half is not enough")
