"""The page frame and layout every game shares: the one-line header and its "All games" menu, viewport,
bidi isolation, the "New game" dialog, the folding side panel and its "More" fold of secondary tools
(in-process; the browser checks are in ``tests/site/test_screenshots.py`` and the pages' own browser tests)."""

from __future__ import annotations

import re
from typing import Any

import panel as pn
import pytest

import core
from webapp.buttonmen import model
from webapp.buttonmen.page import ButtonMenView
from webapp.battle.page import BattleView
from webapp.buttonup.page import ButtonUpView
from webapp.fairsquare.page import FairSquareView
from webapp.generic.page import view_for
from webapp.imperio.page import ImperioView
from webapp.registry import APPS
from webapp.shell.frame import TEMPLATE, game_nav_html, nav_html
from webapp.shell.game_page import MORE, TEXT_KEY, GameView, GamePage
from webapp.shell.newgame import NewGameDialog
from webapp.shell.sections import Dialog, Disclosure
from webapp.shell.widgets import MoveLog, bidi, bidi_names, heading

RLO = "\u202e"


def test_header_links_every_registry_page_and_marks_this_one() -> None:
    nav = nav_html("button-men")
    for entry in APPS:
        assert f'href="{entry.page}.html"' in nav
        assert f">{core.get_game(entry.game).title}</a>" in nav
    assert nav.count('aria-current="page"') == 1
    assert re.search(r'href="buttonmen.html" aria-current="page"', nav)
    assert 'href="../index.html"' in nav


def test_header_is_one_line_of_name_title_and_game_links_with_every_page_in_one_menu() -> None:
    header = TEMPLATE.split('<header class="rb-header">', 1)[1].split("</header>", 1)[0]
    parts = re.findall(r"<(a|h1|nav|details|summary)\b", header)
    assert parts[:4] == ["a", "h1", "nav", "details"], "the site's name, the title, its links, the menu"
    menu = header.split('<details class="rb-menu">', 1)[1]
    assert "<summary>All games</summary>" in menu and "{{ rb_nav }}" in menu and "{{ rb_nav }}" not in \
        header.split("<details", 1)[0], "the other pages are in the menu only"
    assert "rb_tagline" not in header, "the tagline goes to the footer: the header stays one line"
    desk = game_nav_html("buttonmen-battle")
    assert '<li class="rb-further"><a href="battle-moderator.html">' in desk, "the desk is one of Battle's links"
    at_desk = game_nav_html("buttonmen-battle", "battle-moderator")
    assert 'href="battle.html">ButtonMen Battle</a>' in at_desk and "battle-moderator.html" not in at_desk, \
        "the desk's header leads back to the play page, not to itself"
    menu_items = nav_html("button-up")
    assert 'href="battle-moderator.html"' in menu_items and 'href="roster.html"' in menu_items, "desk and roster"


def test_template_has_the_viewport_meta_tag_for_phones() -> None:
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in TEMPLATE


def test_names_are_escaped_and_isolated() -> None:
    hostile = f"<b>{RLO}evil</b>"
    assert bidi(hostile) == f"<bdi>&lt;b&gt;{RLO}evil&lt;/b&gt;</bdi>"
    text = bidi_names(f"{hostile} attacks Avis & co.", [hostile, "Avis"])
    assert text == f"<bdi>&lt;b&gt;{RLO}evil&lt;/b&gt;</bdi> attacks <bdi>Avis</bdi> &amp; co."
    assert bidi_names("no names <here>", []) == "no names &lt;here&gt;"


def objects_of(layout: Any) -> list[Any]:
    """Every object inside ``layout`` (Panel layouts, Disclosures and Dialogs), depth first."""
    found = []
    for obj in getattr(layout, "objects", []):
        found.append(obj)
        found += objects_of(obj)
    return found


def test_button_up_page_puts_its_form_in_the_dialog_and_folds_the_history() -> None:
    page = GamePage(ButtonUpView)
    layout = page.__panel__()
    assert isinstance(page.new_game, Dialog) and page.new_game.label == "New game"
    assert page.__panel__() is layout, "the layout is built once (one dialog, one set of watchers)"
    view = page.view
    assert isinstance(view, ButtonUpView)
    inside = objects_of(layout)
    assert page.new_game in inside and page.new_game.objects == [view.dialog.__panel__()]
    titles = {d.title: d for d in inside if isinstance(d, Disclosure)}
    assert {MORE, "Round history", "Move log"} <= set(titles)
    assert not titles[MORE].open and not titles["Round history"].open


def test_a_new_game_closes_the_dialog_but_a_move_does_not() -> None:
    page = GamePage(ButtonUpView, seats=["human", "human"])
    page.__panel__()
    assert page.new_game is not None
    page.new_game.open = True
    page.play(page.session.state.legal_actions()[0])
    assert page.new_game.open, "a move leaves the dialog as it is"
    view = page.view
    assert isinstance(view, ButtonUpView)
    view.dialog.start()
    assert page.new_game.open and view.dialog.guard.asking, "it asks before it ends the game in progress"
    view.dialog.guard.answer(True)
    assert not page.new_game.open and not page.session.steps


class LegacyView(ButtonUpView):
    """A page written before the dialog existed: its form is one of its panels."""

    def setup_form(self) -> Any | None:
        return None

    def panels(self) -> list[Any]:
        return [heading("Score"), self.score, self.log, self.dialog]


def test_a_page_that_lists_its_form_among_its_panels_gets_the_dialog_too() -> None:
    page = GamePage(LegacyView)
    layout = page.__panel__()
    assert page.new_game is not None and isinstance(page.view, LegacyView)
    assert page.new_game.objects == [page.view.dialog.__panel__()]
    side = layout.objects[1]  # type: ignore[attr-defined]
    start = page.view.dialog._start  # the form's "Start new game" button
    assert start in objects_of(page.new_game) and start not in objects_of(side)
    assert page.view.log._pane in objects_of(side), "the other panels stay in the side column"
    assert isinstance(page.view.log, MoveLog) and isinstance(page.view.dialog, NewGameDialog)


def test_button_men_page_folds_the_move_list_and_draws_the_viewer_at_the_bottom() -> None:
    page = GamePage(ButtonMenView)
    layout = page.__panel__()
    titles = {d.title for d in objects_of(layout) if isinstance(d, Disclosure)}
    assert {"All moves", "What the letters mean", "Round history", "Match log"} <= titles
    view = page.view
    assert isinstance(view, ButtonMenView)
    assert page.new_game is not None and page.new_game.objects == [view.setup.__panel__()]
    state = view.state
    def rows(viewer: int) -> set[float]:
        """Where ``viewer``'s own dice (in play, or the recipe before the round) are drawn; captured dice sit
        lower beside the row, and the page's bot may have captured some before the test looks."""
        cells = model.board(state, viewer, model.Selection(), False).cells
        return {c.y for c in cells if c.player == viewer and c.zone != "captured"}

    assert view.dice.state is state and rows(0) == {model.ROW_Y[1]}, "player 1 sees their dice at the bottom"
    assert rows(1) == {model.ROW_Y[1]}


@pytest.mark.parametrize("view", [ButtonUpView, ButtonMenView, FairSquareView, ImperioView, BattleView,
                                  view_for(core.get_game("button-up"))], ids=lambda v: v.__name__)
def test_the_secondary_tools_fold_away_after_the_game_panels(view: type[GameView[Any, Any]]) -> None:
    page = GamePage(view)
    side = page.__panel__().objects[1]  # type: ignore[attr-defined]
    more = side.objects[-2]
    assert isinstance(more, Disclosure) and more.title == MORE and not more.open
    folded = objects_of(more)
    shown = " ".join(str(obj.object) for obj in folded if isinstance(obj, pn.pane.HTML))
    assert page.text in folded and "Link to this game" in shown and "Keyboard shortcuts" in shown
    assert all(tool in folded or tool.__panel__() in folded for tool in page.view.tools())
    assert side.objects[0] is page.share.alert, "a broken or too long link is told outside the fold"
    everywhere = objects_of(side)
    shown_anywhere = " ".join(str(obj.object) for obj in everywhere if isinstance(obj, pn.pane.HTML))
    assert everywhere.count(page.text) == 1 and shown_anywhere.count("Link to this game") == 1, \
        "each piece is shown once, in the fold"
    assert page.text.apart, "the text view announces while it is folded"


def test_the_text_key_opens_the_fold_and_moves_the_focus_to_the_text() -> None:
    page = GamePage(ButtonUpView)
    page.__panel__()
    assert TEXT_KEY in page.keys.keys and ("T", "show the position as text (in \"More\") and move the focus there") \
        not in page.view.key_rows, "the shell adds the key to every page"
    before = page.text.reveal
    page.press(TEXT_KEY)
    assert page.text.reveal == before + 1
