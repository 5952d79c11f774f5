"""The generic page in-process (no server): a game registered only here (Nim) played to its end with a bot,
the many-moves list, the registry's fallback and the build's entry script; and Button Men through the
generic page, whose secret choices it shows nobody who may not know them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import panel as pn
import pytest

import core
from core.protocol import Game, IllegalAction
from tests.generic.nim import NIM, Take, registered
from tests.shell.test_secrets import button_men_pair, opened, same_for
from tests.shell.test_session import run
from tools.apps import select, write_entry_points
from webapp.generic.moves import MANY
from webapp.generic.page import GenericView, create_app, view_for
from webapp.registry import APPS, GENERIC_MODULE, app_for, generic_entry, site_apps
from webapp.shell.frame import nav_html
from webapp.shell.game_page import GamePage
from webapp.shell.session import HUMAN


@pytest.fixture
def nim() -> Iterator[Game]:
    yield from registered()


def nim_page(seats: list[str], **options: object) -> GamePage:
    page = GamePage(view_for(NIM), seats=seats)
    page.session.scheduler = None  # the test drives the bots
    page.session.new_game(seats, seed=3, **options)
    return page


def view(page: GamePage) -> GenericView:
    assert isinstance(page.view, GenericView)
    return page.view


def test_a_game_without_a_page_of_its_own_gets_the_generic_page(nim: Game, tmp_path: Path) -> None:
    assert site_apps() == (*APPS, generic_entry("toy-nim"))
    entry = app_for("toy-nim")
    assert (entry.page, entry.game, entry.module) == ("toy-nim", "toy-nim", GENERIC_MODULE)
    assert app_for("button-up") == generic_entry("button-up"), "any game's generic page, by the game's name"
    assert app_for("buttonup").module == "webapp.buttonup.page" and APPS[0].app_call == "create_app()"
    with pytest.raises(ValueError, match="unknown app 'nope'; apps: buttonup, .*toy-nim"):
        app_for("nope")
    assert select(["toy-nim", "buttonup"]) == [APPS[0], entry]
    assert select() == list(site_apps())
    script = write_entry_points(select(["toy-nim"]), tmp_path / "entries")[0]
    assert "from webapp.generic.page import create_app\n\ncreate_app('toy-nim').servable(title='Nim - Rulebox')" \
        in script.read_text()


def test_the_site_ships_only_its_own_pages_while_every_game_has_one() -> None:
    assert site_apps() == APPS and "toy-nim" not in core.GAMES


def test_create_app_builds_the_page_of_a_named_game_and_the_header_links_it(nim: Game) -> None:
    assert isinstance(create_app("toy-nim"), pn.Template)
    with pytest.raises(core.protocol.InputError, match="unknown game"):
        create_app("no-such-game")
    assert 'href="toy-nim.html" aria-current="page">Nim</a>' in nav_html("toy-nim")
    assert nav_html("button-up", "button-up").count("aria-current") == 0, "a preview of a game with its own page"


def test_nim_is_played_to_its_end_against_a_bot_through_the_generic_page(nim: Game) -> None:
    page = nim_page([HUMAN, "greedy"])
    moves = view(page).moves
    assert moves.labels[:2] == ["Take 1 from heap 1", "Take 2 from heap 1"] and len(moves.labels) == 12
    assert page.board.pane.object == f"<div class='rb-picture'>{page.session.state.svg(0)}</div>"
    assert page.text.text == "Nim. heap 1: 3, heap 2: 4, heap 3: 5."
    assert "Player 1: your move." in page.status.object and "Scores: Player 1 0 · Player 2 0" in page.status.object
    page.play(Take(0, 9))
    assert page.notice.startswith("Not possible:") and not page.session.steps
    moves.press("Take 3 from heap 1")
    assert page.text.text == "Player 1: Take 3 from heap 1.\n\nNim. heap 1: 0, heap 2: 4, heap 3: 5."
    assert moves.labels == [] and "Waiting for Player 2 (bot)." in page.status.object
    while not page.session.state.is_over:
        if page.session.human_to_move:
            moves.press(moves.labels[-1])
        else:
            run(page.session.drive_bots())
    state = page.session.state
    assert page.board.pane.object == f"<div class='rb-picture'>{state.svg(0)}</div>"
    assert page.text.text.endswith(state.describe(0))
    winner = f"Player {state.winner + 1}" if state.winner is not None else ""
    assert f"Game over: {winner} wins (took the last counter)." in page.status.object
    assert view(page).log.entries() == [f"Player {s.actor + 1}: {str(s.action)[:1].upper()}{str(s.action)[1:]}"
                                        for s in page.session.steps]
    assert view(page).again.visible and moves.labels == []
    assert core.replay(page.session.record) == state, "the game replays from its record"


def test_undo_takes_back_the_human_move_and_the_bot_reply(nim: Game) -> None:
    page = nim_page([HUMAN, "greedy"])
    view(page).moves.press("Take 2 from heap 2")
    run(page.session.drive_bots())
    assert len(page.session.steps) == 2 and page.session.human_to_move
    page.undo()
    assert page.session.steps == [] and view(page).moves.labels[0] == "Take 1 from heap 1"


def test_many_moves_are_offered_in_a_searchable_list(nim: Game) -> None:
    page = nim_page([HUMAN, HUMAN], heaps=[30, 2])
    moves = view(page).moves
    assert len(moves.labels) == 32 > MANY and moves.many
    assert moves.finder.visible and not moves.buttons.visible and moves.buttons.labels == []
    assert moves.listed.options == moves.labels and moves.listed.value == "Take 1 from heap 1"
    moves.search.value_input = "HEAP 2"
    assert moves.listed.options == ["Take 1 from heap 2", "Take 2 from heap 2"]
    moves.listed.value = "Take 2 from heap 2"
    moves.play_listed()
    assert page.session.state.heaps == (30, 0) and moves.search.value_input == ""
    moves.search.value_input = "heap 7"
    assert moves.listed.options == [] and moves.play_button.disabled
    assert "Player 2: your move." in page.status.object


def test_two_people_share_the_screen_and_both_act(nim: Game) -> None:
    page = nim_page([HUMAN, HUMAN])
    view(page).moves.press("Take 5 from heap 3")
    assert view(page).moves.actor == 1 and "Player 2: your move." in page.status.object
    assert not view(page).curtained, "Nim hides nothing: no curtain"


# --- a game with secrets through the generic page ---------------------------------------------------------

BUTTON_MEN = core.get_game("button-men")


@pytest.mark.parametrize("kind", ["swing size", "option size", "auxiliary"])
def test_the_generic_page_hides_button_men_secrets_from_the_other_player(kind: str) -> None:
    one, other = button_men_pair(kind)
    generic = view_for(BUTTON_MEN)
    pages = [opened(generic, state, [HUMAN, HUMAN]) for state in (one, other)]
    for page in pages:
        assert view(page).curtained and view(page).moves.labels == [] and view(page).reveal.visible
        assert "Pass the device to Player 2" in page.status.object
    same_for(*pages, why="hot-seat, behind the curtain")
    for page in pages:
        view(page).take_device()
        assert view(page).moves.labels and not view(page).curtained
    same_for(*pages, why="hot-seat, player 2 holds the device")
    same_for(*(opened(generic, state, ["greedy", HUMAN]) for state in (one, other)),
             why="player 2 plays the bot that chose")
    if kind != "auxiliary":  # declining or adding is moot once player 2 declined: player 1's position is the same
        mine = [opened(generic, state, [HUMAN, "greedy"]) for state in (one, other)]
        with pytest.raises(AssertionError):
            same_for(*mine, why="player 1 sees their own choice")


def test_the_generic_page_tells_a_secret_step_without_its_content() -> None:
    state = BUTTON_MEN.new(seed=7, recipes=["(4) (X)", "(6) (Y)"])
    page = opened(view_for(BUTTON_MEN), state, [HUMAN, HUMAN])
    assert view(page).curtained
    view(page).take_device()
    first = view(page).moves
    swing = next(label for label in first.labels if label.startswith("Swing X"))
    first.press(swing)
    assert page.text.text.startswith("Player 1 made a choice that stays secret for now.")
    assert swing not in page.text.text and view(page).log.entries() == ["Player 1: A hidden choice"]
    assert view(page).curtained and first.labels == [] and "Pass the device to Player 2" in page.status.object
    with pytest.raises(IllegalAction):
        page.session.human_play(Take(0, 1), 1)


def test_the_new_game_form_edits_a_list_option_as_json(nim: Game) -> None:
    page = nim_page([HUMAN, "greedy"], heaps=[2, 7])
    dialog = view(page).dialog
    heaps = dialog._options["heaps"]
    assert heaps.value == "[2, 7]", "the form shows the game's settings"
    heaps.value = "[1, 1, 1]"
    dialog._seed.value = "9"
    dialog.start()
    state = page.session.state
    assert state.heaps == (1, 1, 1) and state.seed == 9 and heaps.value == "[1, 1, 1]"
    for text in ("[1, 1,", "[0]", "three"):
        heaps.value = text
        dialog.start()
        assert "Cannot start" in dialog._error.object and "1 to 6 heaps" in dialog._error.object, text
        assert page.session.state is state
    heaps.value = ""
    dialog.start()
    assert page.session.state.heaps == (3, 4, 5), "blank: the default"


def test_a_preview_of_a_game_with_its_own_page_leaves_the_landing_page_on_its_own_page(tmp_path: Path) -> None:
    from tools.landing import write_landing

    apps = select(["buttonup", "button-up"])
    assert apps == [APPS[0], generic_entry("button-up")]
    write_landing(tmp_path, apps)
    landing = (tmp_path / "index.html").read_text()
    assert 'href="apps/buttonup.html"' in landing and 'href="apps/button-up.html"' not in landing
