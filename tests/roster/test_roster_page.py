"""The roster page in-process: every button listed, search and filters, each die in words, the model's
strength, links that open a playable new game on the Button Men page, the lab's form and results."""

from __future__ import annotations

import asyncio
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest

import core
from core.buttonmen import ButtonMenState, parse_recipe, roster
from webapp.roster import catalogue
from webapp.roster.lab_panel import NAMED, LabPanel, sorted_opponents
from webapp.roster.page import RosterPage, button_html
from webapp.shell import links
from webapp.shell.session import HUMAN, GameSession

GAME = core.get_game("button-men")


def test_every_button_is_listed_with_its_set_tl_mark_and_rank() -> None:
    page = RosterPage()
    table = unescape(page.table.object)
    assert page.count.text == f"{len(roster.buttons())} of {len(roster.buttons())} buttons."
    for b in roster.buttons():
        assert f"<bdi>{b.name}</bdi></th><td>{b.set_name}</td><td>{'yes' if b.tournament_legal else 'no'}</td>" \
            in table
    assert page.chosen.options == [b.name for b in roster.buttons()]


def test_search_set_skill_and_tl_filters() -> None:
    page = RosterPage()
    page.search.value = "  BAU "
    assert page.chosen.options == [b.name for b in roster.buttons() if "bau" in b.name.casefold()]
    page.search.value = ""
    page.set_name.value = "BROM"
    page.tl_only.value = True
    page.skill.value = "p"
    expected = [b.name for b in roster.buttons()
                if b.set_name == "BROM" and b.tournament_legal and "p" in b.skills()]
    assert page.chosen.options == expected and expected
    assert page.count.text == f"{len(expected)} of {len(roster.buttons())} buttons."
    page.search.value = "no such button"
    assert page.chosen.options == [] and "No button matches" in page.details.object
    assert not page.to_lab.visible


def test_each_die_is_explained_with_its_skills_linked_to_the_rules() -> None:
    text = catalogue.recipe_html(roster.Button("Test", "Set", False, "ps(X) (8/12) (R,R) (11)"))
    assert "an X swing die (4 to 20 sides, chosen by its player before the round)" in text
    assert text.count(f"href='{catalogue.SKILLS_RULE}'") == 2 and ">Poison</a>: counts against" in text
    assert ">Shadow</a>: cannot make Power attacks" in text
    assert "an option die: its player chooses 8 or 12 sides" in text
    assert "a twin die: two R swing halves (2 to 16 sides" in text and "an 11-sided die" in text
    assert "copies the opponent's recipe" in catalogue.recipe_html(roster.find("Echo"))


def test_every_tl_button_has_a_strength_and_a_rank_from_the_model() -> None:
    ranks = sorted(catalogue.rank(b.name) or 0 for b in roster.select(tournament_legal=True))
    assert ranks == list(range(1, len(ranks) + 1))
    chances = {b.name: catalogue.field_chance(b.name) for b in roster.select(tournament_legal=True)}
    best = min(chances, key=lambda name: catalogue.rank(name) or 0)
    assert chances[best] == max(c for c in chances.values() if c is not None)
    assert "rank 1 of 261" in catalogue.strength_text(best)
    off = next(b for b in roster.buttons() if catalogue.rank(b.name) is None)
    assert catalogue.field_chance(off.name) is None and "not rated" in catalogue.strength_text(off.name)


def state_of(href: str) -> tuple[ButtonMenState, list[str]]:
    assert href.startswith("buttonmen.html?game=")
    record, seats = links.decode(parse_qs(urlparse(href).query)["game"][0])
    session = GameSession(GAME, seats)
    session.load(record, seats)
    assert isinstance(session.state, ButtonMenState)
    return session.state, seats


@pytest.mark.parametrize("against", [False, True])
def test_play_links_open_a_new_game_with_or_against_the_button(against: bool) -> None:
    bauer = roster.find("Bauer")
    state, seats = state_of(catalogue.play_link(bauer, against, 7))
    assert seats == [HUMAN, GAME.default_bot] and not state.is_over
    assert state.buttons[1 if against else 0] == "Bauer"
    assert roster.find(state.buttons[0 if against else 1]).tournament_legal
    assert state.legal_actions(), "the human can act at once"
    assert catalogue.play_link(bauer, against, 7) == catalogue.play_link(bauer, against, 7)


def test_every_roster_button_gets_a_game_link() -> None:
    for b in roster.buttons():
        state, _ = state_of(catalogue.play_link(b, False, 1))
        assert state.buttons[0] == b.name


def test_details_show_the_recipe_strength_and_both_links() -> None:
    text = button_html(roster.find("Avis"), 3)
    assert "<bdi>Avis</bdi>" in text and "Tournament-Legal" in text and "rank " in text
    assert "class='rb-play-with' href='buttonmen.html?game=" in text and "class='rb-play-against'" in text
    assert text.count("<li><code>") == len(parse_recipe(roster.find("Avis").recipe))


def test_vet_copies_the_chosen_recipe_into_the_lab() -> None:
    page = RosterPage()
    page.chosen.value = "Avis"
    page.vet()
    assert page.lab.recipe.value == roster.find("Avis").recipe


def test_the_lab_form_refuses_bad_input_with_one_alert() -> None:
    panel = LabPanel()
    panel.recipe.value = "(4) (8"
    asyncio.run(panel.run())
    assert "role='alert'" in panel.error.object and "position" in panel.error.object
    assert panel.results is None and not panel.start.disabled


def test_the_lab_form_plays_a_small_run_and_shows_the_verdict_and_table() -> None:
    panel = LabPanel()
    panel.recipe.value = "(20) (20) (20) (20) (20)"
    panel.field.value = NAMED
    assert panel.names.visible
    panel.names.value = "Bauer, Avis"
    panel.matches.value = 2
    asyncio.run(panel.run())
    assert panel.results is not None and panel.results.total.matches == 4
    assert panel.status.text == "Played 4 of 4 matches."
    assert panel.verdict.text.startswith("Verdict: ") and "95 % interval" in panel.details.object
    assert "The three hardest match-ups" in panel.details.object and panel.sort.visible
    assert panel.table.object.count("<tr><th scope='row'>") == 2
    panel.sort.value = "name"
    assert [p.second for p in sorted_opponents(panel.results, "name")] == ["Avis", "Bauer"]
    assert panel.table.object.index("Avis") < panel.table.object.index("Bauer")
    assert not panel.start.disabled and panel.cancel.disabled


def test_cancel_stops_the_lab_after_the_match_being_played() -> None:
    panel = LabPanel()
    panel.field.value = NAMED
    panel.names.value = "Bauer, Avis"
    panel.matches.value = 4

    async def run_and_cancel() -> None:
        task = asyncio.ensure_future(panel.run())
        while panel.results is None or not panel.results.total.matches:
            await asyncio.sleep(0.01)
        panel.stop()
        await task

    asyncio.run(run_and_cancel())
    assert panel.results is not None and 1 <= panel.results.total.matches < 8
    assert "Cancelled after" in panel.status.text and panel.verdict.text.startswith("Verdict: ")


def test_the_site_links_the_roster_from_the_header_the_button_men_page_landing_and_rules() -> None:
    from tools.landing import links as landing_links
    from tools.rules import rules_page
    from webapp.shell.frame import game_nav_html, nav_html

    here = nav_html("button-men", "roster")
    assert here.count('aria-current="page"') == 1
    assert 'href="roster.html" aria-current="page">Button Men roster and recipe lab</a>' in here
    assert 'href="buttonmen.html" aria-current="page"' in nav_html("button-men")
    assert '<a href="roster.html">Button Men roster and recipe lab</a>' in game_nav_html("button-men")
    assert "roster.html" not in game_nav_html("button-up")
    card = "".join(landing_links(GAME, {"button-men": "buttonmen"}, "en"))
    assert 'href="apps/buttonmen.html">Play Button Men' in card and 'href="apps/roster.html"' in card
    assert 'href="../apps/roster.html">Button Men roster and recipe lab</a>' in rules_page(GAME, "buttonmen", ())
