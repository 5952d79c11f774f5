"""The Imperio Bellum page's views and handlers, without a browser."""

from __future__ import annotations

from html import escape

from bokeh.events import Tap

import core
import core.imperio as ib
from core.imperio import EndTurn, ImperioState
from core.imperio.army import default_placements
from webapp.imperio.board import (PREVIEW_ALPHA, PREVIEW_NOTES, X_RANGE, Y_RANGE, ImperioBoard, centre, square_at,
                                  square_pixels)
from webapp.imperio.model import preview
from webapp.imperio.newgame import ARMIES
from webapp.imperio.page import ImperioView
from webapp.shell.game_page import GamePage
from webapp.shell.links import encode
from webapp.shell.session import HUMAN

GAME = core.get_game("imperio-bellum")


def two_at_one_screen(**options: object) -> GamePage:
    """A page where player 1 attacks and player 2 defends, both played here, with the default armies."""
    from webapp.imperio.newgame import start

    app = GamePage(ImperioView)
    start(app.session, HUMAN, "attacker", seed=5, **{"setup": "default_armies", **options})
    return app


def state_of(app: GamePage) -> ImperioState:
    state = app.session.state
    assert isinstance(state, ImperioState)
    return state


def battle(app: GamePage) -> ImperioBoard:
    board = app.board
    assert isinstance(board, ImperioBoard)
    return board


def tap(app: GamePage, square: str) -> None:
    """A tap on the board's square where the board shows it (the figure's tap event, as a click sends it)."""
    board = battle(app)
    x, y = centre(ib.parse(square), board.flipped)
    board.on_tap(Tap(board.figure, x=x + 0.3, y=y - 0.3))


def marked(app: GamePage) -> set[str]:
    """The squares the board marks with a dot or a corner sign."""
    data, flipped = app.board.sources["marks"].data, battle(app).flipped
    points = set(zip(data["x"], data["y"], strict=True))
    return {ib.name(sq) for sq in range(81) if (at := centre(sq, flipped)) in points or
            (at[0] + 0.33, at[1] + 0.33) in points}


def framed(app: GamePage, colour: str) -> set[str]:
    data, flipped = app.board.sources["frames"].data, battle(app).flipped
    return {ib.name(sq) for sq in range(81) for x, y, c in zip(data["x"], data["y"], data["color"], strict=True)
            if c == colour and (x, y) == centre(sq, flipped)}


def edges(app: GamePage) -> tuple[str, str]:
    """The files along the bottom edge, left to right, and the ranks up the left edge, bottom to top."""
    data = app.board.sources["labels"].data
    labels = list(zip(data["text"], data["x"], data["y"], strict=True))
    files = sorted((x, text) for text, x, y in labels if y < 0)
    ranks = sorted((y, text) for text, x, y in labels if x < 0)
    return "".join(text for _, text in files), "".join(text for _, text in ranks)


def drawn_at(app: GamePage, shown: str = "HBKAPF") -> dict[tuple[float, float], str]:
    """Each drawn piece's letter by the point it is drawn at (or its arrow, ``shown="▲▼"``, by its square's centre)."""
    data = app.board.sources["letters"].data
    shift = (0.0, 0.02) if shown == "HBKAPF" else (0.3, -0.3)
    return {(round(x - shift[0], 2), round(y - shift[1], 2)): text
            for x, y, text in zip(data["x"], data["y"], data["text"], strict=True) if text in shown}


def against_the_bot_as_defender(**options: object) -> GamePage:
    """A page where the visitor (player 1) defends against the default bot, from the new-game form."""
    app = GamePage(ImperioView)
    app.session.bot_delay = 0  # the bot's first turn at once
    form = app.view.form
    form.role.value = "defender"
    form.seed.value = "3"
    for name, value in options.items():
        getattr(form, name).value = value
    form.start()
    assert form.error.object == "" and state_of(app).defender == 0
    return app


def march(app: GamePage, *moves: str) -> None:
    """Play steps by tapping the piece, then its new square."""
    for move in moves:
        frm, to = move.split("-")
        if app.view.table.selected != ib.parse(frm):  # a knight stays selected after its step
            tap(app, frm)
        tap(app, to)
        assert app.notice == "", app.notice


def test_the_page_opens_on_the_attackers_first_turn_with_the_small_armies() -> None:
    app = GamePage(ImperioView)
    state = state_of(app)
    assert state.phase == "play" and state.turn == 1 and state.attacker == 0 and state.mover == 0
    assert state.options["default_army"] == "small" and app.view.form.armies.value == "small"
    assert list(ARMIES.values())[0] == "small", "the small armies are offered first"
    app.view.form.armies.value = "default_armies"
    assert {k: app.view.form.options()[k] for k in ("setup", "default_army")} == {
        "setup": "default_armies", "default_army": "wiki_example"}
    assert app.session.seats == [HUMAN, GAME.default_bot]
    assert "Turn 1: player 1 (red attacker) to act" in app.status.object
    assert "End the turn (E)" in app.view.choices.labels
    assert "d2: knight" in app.view.pieces.labels
    assert len(app.board.sources["pieces"].data["x"]) == 20
    assert "K × 1" in app.board.sources["reserve_words"].data["text"]
    assert app.view.score_line() == "Red 7 units, 3 bases · Blue 7 units, 3 bases"
    app.__panel__()
    assert app.new_game is not None and app.new_game.objects == [app.view.form.__panel__()]


def test_a_tap_finds_its_square_and_nothing_off_the_board() -> None:
    assert [square_at(*centre(sq)) for sq in range(81)] == list(range(81))
    assert square_at(0.01, 8.99) == ib.parse("a9") and square_at(8.99, 0.01) == ib.parse("i1")
    assert square_at(-0.2, 3.0) is None and square_at(9.5, 3.0) is None and square_at(3.0, 9.1) is None


def test_selecting_a_unit_highlights_its_steps_and_follows_it() -> None:
    app = two_at_one_screen()
    tap(app, "d2")
    assert marked(app) == {"c3", "d3", "e3"} and framed(app, "#0d47a1") == {"d2"}
    assert app.view.piece_moves.labels == ["Kd2-d3 (step)", "Kd2-e3 (step)", "Kd2-c3 (step)"]
    tap(app, "d5")
    assert "Not possible: d5 is not next to d2: a step goes to one of the 8 neighbouring squares." in app.notice
    tap(app, "d3")
    assert str(app.session.steps[-1].action) == "Kd2-d3" and app.notice == ""
    assert app.view.table.selected == ib.parse("d3"), "the knight stays selected for its next step"
    assert marked(app) >= {"c4", "d4", "e4"} and "d2" in marked(app)
    tap(app, "e9")
    assert "Not possible: e9 is not next to d3: a knight attacks only an adjacent square." in app.notice
    tap(app, "d3")
    assert app.view.table.selected is None and marked(app) == set()
    tap(app, "e8")
    assert "Choose one of your pieces first" in app.notice


def test_keyboard_play_through_the_piece_and_move_lists() -> None:
    app = two_at_one_screen()
    view = app.view
    view.press_piece(view.pieces.labels.index("d2: knight"))
    assert view.table.selected == ib.parse("d2") and view.focus.target == "Kd2-d3 (step)" and view.focus.force
    view.press_piece_move(view.piece_moves.labels.index("Kd2-d3 (step)"))
    assert str(app.session.steps[-1].action) == "Kd2-d3"
    assert view.focus.target == view.pieces.labels[0] and not view.focus.force  # the focus goes on, not away
    view.all_actions.value = next(i for label, i in view.all_actions.options.items() if label == "Kd3-d4")
    view.play_from_list()
    assert str(app.session.steps[-1].action) == "Kd3-d4"
    assert view.pieces.labels[view._piece_squares.index(ib.parse("d4"))] == \
        "d4: knight, 3 action(s) left, 2 step(s) toward a charge"


def test_a_base_spawns_the_chosen_reserve_unit_at_the_start_of_the_turn() -> None:
    app = two_at_one_screen()
    tap(app, "b2")
    assert marked(app) == {"a3", "b3", "c3"}
    assert app.view.spawn_unit.visible and app.view.spawn_unit.value == "K"
    assert "spawn K@b3 from b2" in app.view.piece_moves.labels and "Bb2-b3 (step)" in app.view.piece_moves.labels
    app.view.spawn_unit.value = "P"
    tap(app, "b3")
    assert str(app.session.steps[-1].action) == "spawn P@b3 from b2"
    assert state_of(app).reserves[0] == (6, 10, 13, 20)
    assert "P × 13" in app.board.sources["reserve_words"].data["text"]
    tap(app, "b3")
    assert "units spawned this turn do not act" in app.notice


def test_an_attack_shows_its_odds_and_plays_only_when_confirmed() -> None:
    app = two_at_one_screen()
    march(app, "d2-d3", "d3-d4", "d4-d5")
    app.view.on_key("e")
    app.view.on_key("e")  # blue passes
    march(app, "d5-d6", "d6-d7")
    played = len(app.session.steps)
    tap(app, "d8")
    assert len(app.session.steps) == played, "an attack waits for confirmation"
    assert app.view.odds_box.visible
    text = app.view.odds.object
    assert "Knight 3 − 1 adjacent + 1 charge (2 steps) = 3 dice" in text
    assert "Knight 3 − 1 adjacent = 2 dice" in text
    action = app.view.table.pending
    assert action is not None
    for duel in ib.odds(state_of(app), action).duels:
        assert f"{float(duel.win):.1%}" in text and f"{float(duel.loss):.1%}" in text
        assert escape(duel.tie_means) in text
    assert app.view.confirm.label == "Confirm Kd7xd8 (C)"
    app.view.on_key("Escape")
    assert not app.view.odds_box.visible and app.view.table.pending is None
    tap(app, "d8")
    app.view.on_key("c")
    assert str(app.session.steps[-1].action) == "Kd7xd8" and not app.view.odds_box.visible
    fights = app.view.fights.object
    assert "Kd7xd8" in fights and "Knight rolls" in fights and "dies" in fights


def test_a_shot_from_the_move_list_shows_its_splash_duels_first() -> None:
    app = two_at_one_screen()
    march(app, "c2-c3")
    app.view.on_key("e")
    march(app, "c8-c7")
    app.view.on_key("e")
    tap(app, "c3")
    shots = [i for i, label in enumerate(app.view.piece_moves.labels) if "*" in label]
    assert shots, app.view.piece_moves.labels
    app.view.press_piece_move(shots[0])
    pending = app.view.table.pending
    assert pending is not None and str(pending).startswith("Ac3*")
    assert "Shot on" in app.view.odds.object
    duels = ib.odds(state_of(app), pending).duels
    assert app.view.odds.object.count("<tr><th scope='row'>") == len(duels)


def test_capture_or_destroy_is_asked_when_a_base_falls() -> None:
    app = two_at_one_screen(dice_source="manual")
    march(app, "d2-d3", "d3-d4", "d4-d5", "d5-d6")
    app.view.on_key("e")
    app.view.on_key("e")
    march(app, "d6-d7")
    tap(app, "e8")
    assert "<td>Headquarters 1 die</td>" in app.view.odds.object
    app.view.confirm_attack()
    while (awaiting := state_of(app).awaiting) is not None:
        labels = app.view.choices.labels
        assert labels == [f"The die shows {v}" for v in range(1, 7)]
        app.view.press_choice(5 if awaiting.startswith("attack") else 0)
    assert "falls: capture it" in app.view.prompt.object
    assert app.view.choices.labels == ["Capture the base on e8", "Destroy the base on e8"]
    assert app.view.pieces.labels == [] and app.view.focus.target == "Capture the base"
    app.view.press_choice(0)
    state = state_of(app)
    base = state.board[ib.parse("e8")]
    assert base is not None and base.owner == 0 and base.home == 1 and app.view.prompt.object == ""


def test_the_end_of_the_game_is_summed_up() -> None:
    app = two_at_one_screen(max_board_units=1, setup="deploy", dice_source="manual")
    for squares in (("e8", "a8", "i8", "d8"), ("e2", "a2", "i2", "d2")):
        for square in squares:
            tap(app, square)
        for _ in range(2):  # units, then (no) reserves
            app.view.press_choice(app.view.choices.labels.index("Ready"))
    app.view.press_choice(app.view.choices.labels.index("Ready"))  # no alteration
    march(app, "d2-d3", "d3-d4", "d4-d5", "d5-d6", "d6-d7")
    app.view.on_key("e")
    app.view.on_key("e")
    tap(app, "d8")
    app.view.on_key("c")
    while (awaiting := state_of(app).awaiting) is not None:
        app.view.press_choice(5 if awaiting.startswith("attack") else 0)
    summary = app.view.prompt.object
    assert "Game summary" in summary and "The attacker (red) wins" in summary
    assert "Player 2 has no unit on the board" in summary
    assert app.view.pieces.labels == [] and app.view.choices.labels == []
    assert "The game is over" in app.view.waiting.object


def test_undo_stays_within_the_turn_and_before_the_dice() -> None:
    app = two_at_one_screen()
    app.undo()
    assert "Nothing to undo" in app.notice and state_of(app).phase == "play"
    assert app.undo_button.disabled
    march(app, "d2-d3", "d3-d4")
    assert not app.undo_button.disabled
    app.press("u")
    assert state_of(app).board[ib.parse("d3")] is not None and app.notice == ""
    app.press("u")
    app.press("u")
    assert state_of(app).board[ib.parse("d2")] is not None and "Nothing to undo" in app.notice
    march(app, "d2-d3")
    app.view.on_key("e")
    assert state_of(app).mover == 1
    app.undo()
    assert state_of(app).mover == 1 and "Nothing to undo" in app.notice, "the turn is over"
    app.view.on_key("e")
    march(app, "d3-d4", "d4-d5", "d5-d6", "d6-d7")
    tap(app, "d8")
    app.view.confirm_attack()
    assert app.undo_button.disabled, "the dice were rolled"
    app.undo()
    assert str(app.session.steps[-1].action) == "Kd7xd8"


def test_a_link_reopens_the_same_game() -> None:
    app = two_at_one_screen()
    march(app, "d2-d3", "c2-b3")
    app.session.human_play(EndTurn())
    record = app.session.public_record
    again = GamePage(ImperioView)
    again.link.restore(encode(record, list(app.session.seats)))
    assert again.link.problem == "" and state_of(again) == state_of(app)
    assert again.text.text.endswith(state_of(app).describe(1))
    assert again.board.sources["pieces"].data == app.board.sources["pieces"].data
    assert again.view.log.entries() == app.view.log.entries()
    broken = GamePage(ImperioView)
    broken.link.restore("not-a-game")
    assert "could not be opened" in broken.link.problem and state_of(broken).phase == "play"


def test_hidden_reserves_stay_hidden_on_the_page() -> None:
    app = GamePage(ImperioView)
    assert not app.view.link_note.visible, "public reserves: nothing to warn about"
    app.view.form.more.toggle.value = [app.view.form.more.toggle.options[0]]
    app.view.form.more.fields["public_reserves"].value = False
    app.view.form.seed.value = "9"
    app.view.form.armies.value = "default_armies"
    app.view.form.start()
    state = state_of(app)
    assert app.view.form.error.object == "" and state.options["public_reserves"] is False
    words = app.board.sources["reserve_words"].data["text"]
    assert "K × 6" in words and "50 units (hidden)" in words and "K × 5" not in words
    assert "Reserves: 50 units (make-up hidden)." in app.text.text
    assert app.view.link_note.visible and "the link holds the whole game" in app.view.link_note.object


def test_setup_by_hand_with_the_palette_limits_reserves_and_alterations() -> None:
    app = GamePage(ImperioView)
    form = app.view.form
    form.opponent.value = HUMAN
    form.armies.value = "deploy"
    form.start()
    state = state_of(app)
    assert state.phase == "deploy" and state.setter == 1, "the defender sets up first"
    assert "Use the default army" in app.view.choices.labels
    setup = app.view.setup
    assert list(setup.palette.options.values()) == ["H"]
    tap(app, "e5")
    assert "not a free square of your deployment zone" in app.notice
    for square in ("e8", "a8", "i8"):
        tap(app, square)
    assert list(setup.palette.options.values()) == ["K", "A", "P", "F"]
    setup.palette.value = "P"
    tap(app, "d8")
    assert "Units on the board</th><td>1 of 15" in setup.limits.object
    setup.palette.value = "K"
    assert ib.name(ib.parse("c8")) in marked(app)
    tap(app, "c8")
    assert "Knights on the board</th><td>1 of 8" in setup.limits.object
    app.view.press_choice(app.view.choices.labels.index("Ready"))
    assert state_of(app).phase == "reserve" and setup.reserve_box.visible
    setup.counts["K"].value = 2
    setup.counts["F"].value = 3
    setup.add_counts()
    assert state_of(app).reserves[1] == (2, 0, 0, 3)
    assert "Knights in all</th><td>3 of 10" in setup.limits.object
    app.view.press_choice(app.view.choices.labels.index("Ready"))
    app.view.press_choice(app.view.choices.labels.index("Use the default army"))
    state = state_of(app)
    assert state.phase == "alter" and state.setter == 1 and setup.alter_box.visible
    setup.operation.value = "move"
    tap(app, "d8")
    tap(app, "d9")
    assert str(app.session.steps[-1].action) == "alter: move Pd8-d9"
    setup.operation.value = "change"
    setup.palette.value = "A"
    tap(app, "c8")
    assert str(app.session.steps[-1].action) == "alter: change K (c8) to A"
    setup.reserve_unit.value = "F"
    setup.alter_reserve("remove")
    assert state_of(app).reserves[1] == (2, 0, 0, 2) and state_of(app).alterations == 3
    app.view.press_choice(app.view.choices.labels.index("Ready"))
    assert state_of(app).phase == "play" and not setup._layout.visible


def test_overlays_show_pikeman_zones_archer_lines_shields_and_entrenchment() -> None:
    app = two_at_one_screen()
    cells = app.board.sources["cells"]
    assert set(cells.data["hatch"]) == {" "}
    assert "E" in app.board.sources["letters"].data["text"], "entrenched pikemen are marked from the start"
    app.view.overlay_boxes.value = ["zones", "archers"]
    hatch = dict(zip(cells.data["sq"], cells.data["hatch"], strict=True))
    assert hatch[ib.parse("b2")] == "/" and hatch[ib.parse("f8")] == "\\" and hatch[ib.parse("e5")] == " "
    assert hatch[ib.parse("f7")] == "\\", "two squares ahead of the blue pikeman on f9"
    fills = dict(zip(cells.data["sq"], cells.data["fill"], strict=True))
    assert fills[ib.parse("c4")] == "#fff176" and fills[ib.parse("c9")] != "#fff176"
    assert "E" not in app.board.sources["letters"].data["text"]
    tap(app, "g2")
    shields = app.board.sources["shields"].data
    shielded = {ib.name(sq) for sq in range(81) if centre(sq) in zip(shields["x"], shields["y"], strict=True)}
    assert "c8" in shielded and "e8" not in shielded, "d9's footsoldier shields all but its square toward g2"


def test_hidden_reserve_types_stay_out_of_the_log_of_the_other_side() -> None:
    app = GamePage(ImperioView)
    form = app.view.form
    form.opponent.value = HUMAN
    form.armies.value = "deploy"
    form.more.fields["public_reserves"].value = False
    form.start()
    for square in ("e8", "a8", "i8", "d8"):
        tap(app, square)
    app.view.press_choice(app.view.choices.labels.index("Ready"))
    app.view.setup.counts["A"].value = 2
    app.view.setup.add_counts()
    assert app.view.log.entries()[-1].endswith("reserve +A"), "the side setting up sees its own reserves"
    app.view.press_choice(app.view.choices.labels.index("Ready"))
    assert state_of(app).setter == 0
    entries = app.view.log.entries()
    assert entries[-3:-1] == ["Blue (player 2): reserve +1 (type hidden)"] * 2
    assert not any("reserve +A" in line for line in entries)
    assert "Reserves: 2 units (make-up hidden)." in app.text.text


def test_a_defender_against_the_bot_sees_rank_9_at_the_bottom() -> None:
    app = against_the_bot_as_defender(armies="default_armies")
    state = state_of(app)
    assert state.phase == "play" and state.mover == 0, "the bot attacked first"
    assert battle(app).flipped and edges(app) == ("ihgfedcba", "987654321")
    assert drawn_at(app) == {centre(sq, True): p.kind for sq, p in enumerate(state.board) if p is not None}
    assert drawn_at(app)[4.5, 1.5] == "H", "blue's headquarters on e8, in the middle of the second row from the bottom"
    words = app.board.sources["reserve_words"].data
    height = dict(zip(words["text"], words["y"], strict=True))
    assert height["Blue reserves"] < height["Red reserves"], "the viewer's reserves are drawn low, by their side"
    assert "blue defender's side: rank 9 at the bottom" in app.view.board_label.label


def test_the_attacker_and_two_people_at_one_screen_see_rank_1_at_the_bottom() -> None:
    app = GamePage(ImperioView)
    assert not battle(app).flipped and edges(app) == ("abcdefghi", "123456789")
    assert "red attacker's side: rank 1 at the bottom" in app.view.board_label.label
    app = two_at_one_screen()
    app.view.on_key("e")
    assert state_of(app).mover == 1 and not battle(app).flipped, "the board does not turn with the turn"


def test_flip_board_turns_it_and_turns_it_back() -> None:
    app = two_at_one_screen()
    assert "f" in app.view.keys and ("F", "flip the board (turn it 180°)") in app.view.key_rows
    app.view.on_key("f")
    assert app.view.flip.value and battle(app).flipped and edges(app) == ("ihgfedcba", "987654321")
    assert drawn_at(app)[centre(ib.parse("e2"), True)] == "H" == drawn_at(app)[4.5, 7.5]
    assert drawn_at(app, "▲▼")[4.5, 7.5] == "▼" and drawn_at(app, "▲▼")[4.5, 1.5] == "▲", "red marches down"
    words = app.board.sources["reserve_words"].data
    height = dict(zip(words["text"], words["y"], strict=True))
    assert height["Red reserves"] > height["Blue reserves"]
    app.view.flip.value = []
    assert not battle(app).flipped and edges(app) == ("abcdefghi", "123456789")
    assert drawn_at(app)[4.5, 1.5] == "H" and drawn_at(app, "▲▼")[4.5, 1.5] == "▲"
    defender = against_the_bot_as_defender()
    defender.view.on_key("f")
    assert not battle(defender).flipped and edges(defender) == ("abcdefghi", "123456789")


def test_a_click_on_a_turned_board_hits_the_square_drawn_there() -> None:
    assert [square_at(*centre(sq, True), True) for sq in range(81)] == list(range(81))
    assert square_at(0.01, 0.01, True) == ib.parse("i9") and square_at(8.99, 8.99, True) == ib.parse("a1")
    assert square_at(9.5, 3.0, True) is None
    width, height = (X_RANGE[1] - X_RANGE[0]) * 50, (Y_RANGE[1] - Y_RANGE[0]) * 50
    left, top = square_pixels(ib.parse("a1"), True)
    assert left > width / 2 and top < height / 2, "a1 is top right on the turned board"
    assert square_pixels(ib.parse("a1")) == square_pixels(ib.parse("i9"), True)
    app = two_at_one_screen()
    app.view.flip.value = [True]
    board = battle(app)
    board.on_tap(Tap(board.figure, x=5.7, y=7.2))  # sixth column from the left, second row from the top: d2
    assert app.view.table.selected == ib.parse("d2") and app.notice == ""
    assert marked(app) == {"c3", "d3", "e3"} and framed(app, "#0d47a1") == {"d2"}
    tap(app, "d3")
    assert str(app.session.steps[-1].action) == "Kd2-d3"


def test_a_defender_setting_up_against_the_bot_places_on_the_turned_board() -> None:
    app = against_the_bot_as_defender(armies="deploy")
    state = state_of(app)
    assert state.phase == "deploy" and state.setter == 0 and battle(app).flipped
    assert ib.parse("e8") in {sq for sq in range(81) if centre(sq, True) in
                              zip(app.board.sources["marks"].data["x"], app.board.sources["marks"].data["y"],
                                  strict=True)}
    board = battle(app)
    board.on_tap(Tap(board.figure, x=4.5, y=1.5))  # the middle of the row second from the bottom: e8
    assert str(app.session.steps[-1].action) == "H@e8"
    assert drawn_at(app)[4.5, 1.5] == "H"


def faded(app: GamePage) -> list[str]:
    """The letters of the pieces the board draws faded (a preview of armies not yet deployed)."""
    shapes, words = app.board.sources["pieces"].data, app.board.sources["letters"].data
    ghosts = {(x, y) for x, y, a in zip(shapes["x"], shapes["y"], shapes["alpha"], strict=True) if a == PREVIEW_ALPHA}
    return sorted(t for x, y, t in zip(words["x"], words["y"], words["text"], strict=True) if (x, y - 0.02) in ghosts)


def test_the_roles_step_previews_both_default_armies_and_says_so() -> None:
    app = GamePage(ImperioView)
    app.session.new_game([HUMAN, GAME.default_bot], seed=2)
    assert faded(app) == sorted("FPFFAFFPFKBAKHKABK" + "BAKKHKKABPFAFAPAFP"), "the source's armies, 18 a side"
    assert PREVIEW_NOTES[2] in app.board.sources["letters"].data["text"]
    assert "preview the default armies" in app.view.prompt.object
    app.session.new_game([HUMAN, GAME.default_bot], seed=2, setup="default_armies", default_army="small")
    assert len(faded(app)) == 20, "the small armies: headquarters, two bases and 7 units a side"


def test_setup_by_hand_previews_the_setters_default_army_until_it_places_a_piece() -> None:
    state = GAME.new(seed=2).apply(ib.ChooseRole("defender"))  # player 1 defends, so sets up first
    assert [(red, letter) for red, letter, _ in preview(state)] == \
        [(False, letter) for letter, _ in default_placements(False)]
    assert not preview(state.apply(ib.Place("H", ib.parse("e8")))), "a piece placed: the preview goes"
    deployed = state.apply(ib.DefaultArmy())
    assert {red for red, _, _ in preview(deployed)} == {True}, "the defender's army deployed: the attacker's next"
    assert not preview(deployed.apply(ib.DefaultArmy(), 1)), "both deployed: nothing left to preview"
    assert not preview(GAME.new(seed=2, default_army="none")), "no default army: nothing to preview"


def test_a_game_in_play_shows_no_preview() -> None:
    app = two_at_one_screen()
    assert faded(app) == [] and PREVIEW_NOTES[2] not in app.board.sources["letters"].data["text"]
    assert preview(state_of(app)) == ()
