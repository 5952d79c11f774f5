"""The Fair and Square page's logic without a browser: placing, refusals, frames, hot-seat, links."""

from __future__ import annotations

import asyncio
import json

import pytest

from core.fairsquare import GAME as ENGINE
from core.fairsquare import FairSquareState, position_after
from core.fairsquare.geometry import name
from core.fairsquare.trace import REMOVED
from webapp.fairsquare.board import square_columns, square_pixels, token_columns
from webapp.fairsquare.frames import frame, frames, piece_info
from webapp.fairsquare.page import GAME, FairSquareView
from webapp.shell import links
from webapp.shell.game_page import GamePage
from webapp.shell.session import HUMAN

BOT = GAME.default_bot


@pytest.fixture(autouse=True)
def no_autoplay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Newly played boards wait on turn 0 (no animation task in these tests)."""
    monkeypatch.setattr(FairSquareView, "autoplay", False)


def open_page(seats: tuple[str, ...] | None = None, seed: int = 11, **options: object) -> GamePage:
    page = GamePage(FairSquareView)
    view(page).player.scheduler = lambda job: None  # the tests advance the animation by hand
    if seats is not None:
        page.session.new_game(list(seats), seed=seed, **options)
    settle(page)
    return page


def settle(page: GamePage) -> None:
    """Let the bots place (what the page schedules on the server)."""
    asyncio.run(page.session.drive_bots())


def view(page: GamePage) -> FairSquareView:
    assert isinstance(page.view, FairSquareView)
    return page.view


def state(page: GamePage) -> FairSquareState:
    current = page.session.state
    assert isinstance(current, FairSquareState)
    return current


def place_all(page: GamePage, player: int) -> None:
    """Place one piece of each of the first three types and a fourth, by taps, then confirm."""
    v = view(page)
    squares = sorted(state(page).board_of(player).legal)
    for k, square in enumerate(squares[:4]):
        v.on_key(str(k % 3 + 1))
        v.tap(square)
        assert page.notice == ""
    v.confirm()
    assert page.notice == ""


def test_the_page_opens_on_one_board_against_three_bots() -> None:
    page = open_page()
    current = state(page)
    assert page.session.seats == [HUMAN, BOT, BOT, BOT]
    assert current.players == 4 and current.options["single_board"] is True
    assert ENGINE.new(seed=1).options["single_board"] is False, "the page's default; the engine keeps its own"
    assert current.actors == frozenset({0}), "the bots have placed; the human's turn"
    assert view(page).status() == "Round 1 of 3: Player 1, place your pieces (0 of 4 placed)."
    picture = view(page).picture()
    assert picture.frame.tokens == (), "the bots' placements stay hidden"
    assert picture.placeable == current.board_of(0).legal
    columns = square_columns(picture)
    point = current.board_of(0).points[0]
    assert columns["value"][point] == str(current.board_of(0).values[point])
    board = current.board_of(0)
    assert columns["hatch"] == [" " if s in board.legal or board.values[s] else "/" for s in range(49)]


def test_placing_checks_the_rules_live_and_refuses_in_plain_words() -> None:
    page = open_page()
    v, board = view(page), state(page).board_of(0)
    legal = sorted(board.legal)
    v.tap(board.points[0])
    assert page.notice == ("Not possible: pieces may not be placed on a point square or next to a 2 or 3 "
                           "(diagonally next to a 3).")
    v.confirm()
    assert page.notice == "Not possible: place all 4 pieces first (0 placed)."
    v.on_key("1")
    v.tap(legal[0])
    v.tap(legal[1])
    assert [k for k, _ in state(page).placements[0].pieces] == ["Sprinter", "Sprinter"]
    assert "Types used: 1 of the 3" in v.check.object
    assert "Next piece may be: Dasher, Ranger, Traveller, Fortress, Marauder (only types you have not used" \
        in v.check.object
    assert v.kind == "Dasher", "the chosen type moves on when it may not be placed again"
    assert v.palette.labels[0].endswith(" - not now") and v.palette.labels[1].endswith(" - chosen")
    v.on_key("1")  # choose Sprinter again, then try a third one
    v.kind = "Sprinter"
    v.tap(legal[2])
    assert page.notice == ("Not possible: a placement uses at least 3 different types: choose a type you "
                           "have not placed yet.")
    assert v.action_list.labels[-2:] == [f"Lift the piece on {name(legal[0])}", f"Lift the piece on {name(legal[1])}"]
    v.tap(legal[1])  # a tap on one's own piece lifts it
    assert state(page).placements[0].pieces == (("Sprinter", legal[0]),)
    page.undo()
    assert len(state(page).placements[0].pieces) == 2


def test_a_confirmed_board_plays_out_and_the_round_player_steps_through_it() -> None:
    page = open_page()
    v = view(page)
    place_all(page, 0)
    settle(page)
    current = state(page)
    record = current.records[0]
    assert v.watching and v.player.record is record and v.player.turn == 0
    assert current.round_number == 2
    assert "Round 1, board 1: player 1, player 2, player 3, player 4 played." in page.text.text
    v.on_key(".")
    v.on_key(".")
    assert v.player.turn == 2
    v.on_key(",")
    assert v.player.turn == 1
    v.player.go(99)
    assert v.player.turn == 15
    v.player.toggle()  # at the end, play starts again from turn 0
    assert v.player.playing and v.player.turn == 0
    assert v.player.advance() and v.player.turn == 1 and v.player.moving  # turn 1 under way ...
    under_way = v.player.frame
    assert under_way is not None and {t.square for t in under_way.tokens} == set(position_after(record, 0).squares)
    assert under_way.arrows == frame(record, 1).arrows and "Turn 1 of 15: the moves" in v.player.lines.object
    assert v.player.advance() and v.player.turn == 1 and not v.player.moving  # ... then its result
    assert v.player.frame == frame(record, 1)
    v.on_key("p")
    assert not v.player.playing and not v.player.advance() and v.player.turn == 1
    v.player.slider.value = 5  # the slider moves the board
    assert v.player.turn == 5 and "Turn 5 of 15" in v.player.lines.object
    assert "places show after turn 15" in v.result.object
    v.player.last()
    assert "Why</th>" in v.result.object and "owned" in v.result.object
    assert "Round 1" in v.match.object and "(1st)" in v.match.object


def test_the_match_ends_with_the_winner_the_candidate_and_the_played_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FairSquareView, "autoplay", True)
    page = open_page((HUMAN, BOT, BOT, BOT), seed=3, single_board=True, rounds=1)
    v = view(page)
    place_all(page, 0)
    current = state(page)
    assert current.is_over and v.watching and v.player.playing and v.player.turn == 0, "the last board plays at once"
    assert v.status().startswith("Round 1, board 1: ") and "Match over" not in v.match.object, "the page follows it"
    v.player.last()  # the playback stops: the banner and the match table catch up
    assert v.status() == f"Match over: {current.outcome.reason}."  # type: ignore[union-attr]
    assert "Match over" in v.match.object and f"candidate: Player {current.eliminated + 1}" in v.match.object
    assert not v.watch_button.visible and not v.placing_box.visible


def test_the_eight_player_match_shows_your_board_and_offers_the_other() -> None:
    page = open_page((HUMAN, *[BOT] * 7), seed=8, single_board=False, rounds=2)
    v = view(page)
    assert len(state(page).records) == 1 and not v.watching, "the bots' board played; your placement stays"
    for round_number in (1, 2):
        place_all(page, 0)
        settle(page)
        assert v.watching and v.player.record is not None and 0 in v.player.record.players
        assert v.player.record.round_number == round_number
        assert len(v.player.choice.options) == len(state(page).records) >= 2 * round_number
        if state(page).placing:
            v.on_key("w")
            assert not v.watching and v.placing_box.visible
    assert state(page).is_over and v.match.object.count("<tr>") == 9


STILL = {"schema": "fas-pieces/1", "rounds": {r: [{"name": n, "rank": k, "options": ["step:U"], "rules": ["stay"]}
                                                for n, k in (("Post", 1), ("Guard", 2), ("Tower", 3))]
                                            for r in ("1", "2", "3")}}
"""Pieces that never move: nobody scores, so every tie-break is equal."""


def test_tied_winners_name_the_elimination_candidate_with_the_action_buttons() -> None:
    page = open_page((HUMAN, BOT), seed=6, piece_set=STILL, players_per_board=2, rounds=1)
    v = view(page)
    place_all(page, 0)
    settle(page)
    assert state(page).voters == (0,) and v.status().startswith("Tied for last: Player 1, Player 2.")
    assert v.actions_box.visible and v.action_list.labels == ["Name player 1 as elimination candidate",
                                                               "Name player 2 as elimination candidate"]
    v.action_list.on_press(1)  # as a click on the second button
    assert state(page).is_over and "Elimination candidate: Player" in v.match.object
    assert "through every tie-break (the winners named the candidate)" in v.match.object


def test_frames_follow_the_engine_trace_turn_by_turn() -> None:
    page = open_page()
    place_all(page, 0)
    record = state(page).records[0]
    battles = 0
    for shown in frames(record):
        at = position_after(record, shown.turn)
        alive = {t.piece: t.square for t in shown.tokens if not t.removed}
        assert alive == {i: s for i, s in enumerate(at.squares) if s != REMOVED}
        trace = record.turns[shown.turn]
        assert {(a.piece, a.start, a.end) for a in shown.arrows} == \
            {(s.piece, s.start, s.end) for s in trace.steps if s.end != s.start}
        assert {t.piece for t in shown.tokens if t.removed} == {i for b in trace.battles for i in b.removed}
        assert shown.battles == tuple(b.square for b in trace.battles)
        assert shown.owners == at.owners and shown.totals == at.totals
        battles += len(shown.battles)
        for p in trace.progress:
            if not p.captured:
                token = next(t for t in shown.tokens if t.piece == p.piece)
                assert token.progress == f"{p.counter}/{record.board.values[p.square]}"
    step = record.turns[3].steps[0]
    info = piece_info(record, step.piece, 3)
    rules = [r.text for r in record.pieces[step.piece].kind.rules]
    assert info[-1].startswith(f"Turn 3: rule {rules.index(step.rule) + 1} ({step.rule}) decided."
                               if step.rule in rules else "Turn 3: ")


def test_clicking_a_piece_shows_its_rules_and_the_one_that_fired() -> None:
    page = open_page()
    v = view(page)
    place_all(page, 0)
    v.player.go(4)
    shown = v.player.frame
    assert shown is not None
    token = shown.tokens[0]
    v.tap(token.square)
    assert v.player.selected == token.piece
    assert "Rule 1: " in v.player.info.object and "Turn 4: " in v.player.info.object
    assert token_columns(v.picture())["ring"][0] == 1.0
    stacked = [t for t in shown.tokens if t.square == token.square]
    v.tap(token.square)  # a second tap on a stack shows the next piece there
    assert v.player.selected == stacked[1 % len(stacked)].piece
    empty = next(s for s in range(49) if all(t.square != s for t in shown.tokens))
    v.tap(empty)
    assert v.player.selected == -1


def test_hot_seat_hides_each_placement_behind_a_pass_the_device_screen() -> None:
    page = open_page((HUMAN, HUMAN, BOT, BOT), seed=5)
    v = view(page)
    assert v.status() == "Pass the device to Player 1." and v.curtain.visible
    assert v.viewer() is None and not v.placing_box.visible
    v.reveal()
    assert v.viewer() == 0 and v.placing_box.visible and not v.curtain.visible
    squares = sorted(state(page).board_of(0).legal)[:4]
    place_all(page, 0)
    assert v.status() == "Pass the device to Player 2."
    assert v.viewer() is None and v.picture().frame.tokens == ()
    for square in squares:
        assert f"on {name(square)}" not in page.text.text, "player 1's placement is not in the text view"
    v.tap(squares[0])
    assert page.notice == "Not possible: nobody may place on this screen now."
    page.undo()  # undo behind the curtain takes back player 1's confirmation, and shows nothing
    assert state(page).actors >= {0, 1} and v.viewer() is None and v.picture().frame.tokens == ()
    assert v.status() == "Pass the device to Player 1."
    v.reveal()
    v.confirm()
    v.reveal()
    assert v.viewer() == 1 and v.picture().frame.tokens == ()
    place_all(page, 1)
    assert state(page).records, "the board played once both humans confirmed"


def test_a_reload_from_the_link_restores_the_match_and_the_played_board() -> None:
    page = open_page()
    place_all(page, 0)
    value = links.encode(page.session.public_record, page.session.seats)
    again = GamePage(FairSquareView)
    view(again).player.scheduler = lambda job: None
    again.link.restore(value)
    settle(again)
    assert again.link.problem == ""
    assert state(again).records == state(page).records
    assert view(again).watching and view(again).player.turn == 15, "a reopened match shows the played board's end"
    assert view(again).match.object == view(page).match.object
    again.link.restore("not-a-game")
    assert "could not be opened" in again.link.problem and state(again).records == state(page).records


def test_the_new_game_form_starts_matches_and_refuses_bad_data_in_words() -> None:
    page = open_page()
    dialog = view(page).dialog
    dialog.kind.value = "match"
    assert sum(w.visible for w in dialog.seats) == 8 and not dialog.per_board.visible
    dialog.seats[1].value = HUMAN
    dialog.seed.value = "4"
    dialog.start()
    settle(page)
    assert dialog.error.object == ""
    assert state(page).players == 8 and len(state(page).match.groups[0]) == 2
    assert state(page).actors == frozenset({0, 1})
    dialog.kind.value = "board"
    dialog.per_board.value = 2
    dialog.boards.value = "custom"
    dialog.board_json.value = '{"D4": 5}'
    dialog.start()
    assert "Cannot start" in dialog.error.object and "D4" in dialog.error.object
    dialog.board_json.value = "{"
    dialog.start()
    assert "the board is not valid JSON" in dialog.error.object
    dialog.board_json.value = json.dumps({"D4": 3, "A1": 2})
    dialog.pieces.value = "custom"
    dialog.pieces_json.value = json.dumps({"schema": "fas-pieces/1", "rounds": {"1": [], "2": [], "3": []}})
    dialog.start()
    assert "piece set, round 1" in dialog.error.object
    assert state(page).players == 8, "a refused form keeps the game"
    dialog.pieces.value = "project_v1"
    dialog.start()
    settle(page)
    assert state(page).players == 2 and state(page).board_of(0).to_json() == {"A1": 2, "D4": 3}


def test_garnets_reorder_a_type_in_plain_words() -> None:
    page = open_page((HUMAN, BOT, BOT), seed=2, starting_garnets=1, players_per_board=3)
    v = view(page)
    assert v.garnets.visible
    v.garnet_kind.value = "Ranger"
    assert v.garnet_letters.value == "ABCDEFGH"
    v.garnet_letters.value = "ABC"
    v.spend()
    assert page.notice == "Not possible: the letters must be a re-ordering of ABCDEFGH."
    v.garnet_letters.value = "hgfedcba"
    v.spend()
    assert page.notice == "" and state(page).placements[0].letters == (("Ranger", "HGFEDCBA"),)
    assert "Ranger moves HGFEDCBA" in v.garnet_text.object


def test_square_pixels_lie_on_the_figure() -> None:
    xs = [square_pixels(s)[0] for s in range(7)]
    ys = [square_pixels(s * 7)[1] for s in range(7)]
    assert xs == sorted(xs) and ys == sorted(ys) and xs[0] > 0 and ys[0] > 0
