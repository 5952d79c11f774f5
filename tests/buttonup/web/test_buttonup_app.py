"""The Button Up! page's views and handlers, without a browser."""

from __future__ import annotations

from collections import Counter

import pytest

import core
from core.buttonup import ButtonUpState, Sow
from webapp.buttonup.board import X_RANGE, Y_RANGE, sowing_frames, stack_base, stack_pixels
from webapp.buttonup.narration import log_note
from webapp.buttonup.narration import narrate as narrate_action
from webapp.buttonup.page import ButtonUpView
from webapp.shell.game_page import GamePage
from webapp.shell.session import HUMAN, Step

GAME = core.get_game("button-up")
EXAMPLE = "WRBWBRWBR"


def worked_example() -> list[Step]:
    """The rulebook's 8 moves (first stack holding a white), P1 = Red starting."""
    state = GAME.new(seed=7, start=EXAMPLE, first_round_starter="choose", target_score=99)
    state = state.apply(state.legal_actions()[0])
    steps = []
    for _ in range(8):
        action = state.legal_actions()[0]
        after = state.apply(action)
        steps.append(Step(state, action, after, state.to_move))
        state = after
    return steps


def narrate(step: Step) -> str:
    return narrate_action(step.before, step.action, step.after)


def human_app(**options: object) -> GamePage:
    app = GamePage(ButtonUpView, seats=(HUMAN, HUMAN))
    app.board.animate = False
    if options:
        app.session.new_game([HUMAN, HUMAN], seed=7, **options)
    return app


def test_sowing_frames_drop_one_button_at_a_time() -> None:
    for step in worked_example():
        before = step.before
        assert isinstance(before, ButtonUpState) and isinstance(step.action, Sow)
        frames = sowing_frames(before, step.action)
        lifted = before.stacks[step.action.stack]
        rest = before.stacks[:step.action.stack] + before.stacks[step.action.stack + 1:]
        assert frames[0].stacks == rest and frames[0].hand == lifted and frames[0].landed == {}
        assert frames[-1].stacks == before.sowing(step.action).stacks and frames[-1].hand == ""
        for frame in frames:
            assert Counter("".join(frame.stacks) + frame.hand) == Counter("RRRBBBWWW")
        assert sum(frames[-1].landed.values()) == len(lifted)


def test_narration_announces_extra_turns_overflow_and_the_round() -> None:
    steps = worked_example()
    assert "moves again (extra turn)" in narrate(steps[1])
    assert "extra turn" not in narrate(steps[2])
    assert log_note(steps[1]) == "extra turn" and log_note(steps[2]) == ""
    assert "as a block" in narrate(steps[6])
    last = narrate(steps[7])
    assert "Round 1 over" in last and "red heights sum to 14, black to 11" in last
    assert "Red gains 3 points" in last
    assert log_note(steps[7]) == "round 1 over (Red +3)"


def test_board_geometry_keeps_every_stack_inside_the_figure() -> None:
    for count in range(1, 10):
        for index in range(count):
            x, y = stack_base(index, count)
            assert X_RANGE[0] < x < X_RANGE[1] and Y_RANGE[0] < y < Y_RANGE[1]
            px, py = stack_pixels(index, count)
            assert px > 0 and py > 0
    assert stack_base(0, 9)[1] > stack_base(4, 9)[1]  # stack 1 on top
    assert stack_base(1, 4)[0] > 0  # clockwise: stack 2 to the right


def test_board_marks_legal_stacks_only_for_a_human_turn() -> None:
    app = human_app(start=EXAMPLE, first_round_starter="random")
    state = app.session.state
    legal = {a.stack for a in state.legal_actions() if isinstance(a, Sow)}
    halos = app.board.stacks.data["halo_alpha"]
    assert {i for i, alpha in enumerate(halos) if alpha > 0} == legal
    assert len(app.board.buttons.data["x"]) == 9
    app.session.seats = [HUMAN, "greedy"] if state.to_move == 1 else ["greedy", HUMAN]
    assert not any(app.board.stacks.data["halo_alpha"])


def test_keys_and_taps_play_and_refuse_with_the_rule() -> None:
    app = human_app(start=EXAMPLE)
    app.press("2")
    assert "must first name who starts" in app.notice and app.session.steps == []
    app.press("r")
    assert app.notice == "" and app.session.state.to_move == 0
    app.press("2")
    assert "holds no white" in app.notice
    app.board.stacks.selected.indices = [0]  # a tap on stack 1 (the first white)
    assert app.session.steps[-1].action == Sow(0) and app.notice == ""
    assert str(app.session.steps[-1].action) == "sow stack 1 (white)"
    assert app.board.stacks.selected.indices == []
    assert "Red sowed stack 1 (white)" in app.text.text
    assert app.session.state.describe() in app.text.text
    app.press("u")
    assert len(app.session.steps) == 1 and app.notice == ""
    app.press("u")
    app.press("u")
    assert app.session.steps == [] and "nothing to undo" in app.notice


def test_move_buttons_and_log_follow_the_game() -> None:
    app = human_app(start=EXAMPLE)
    buttons = app.view.moves.buttons
    assert buttons.labels == ["Red starts the round", "Black starts the round"]
    buttons._handle_msg({"index": 0, "version": buttons.version - 1})  # a stale press
    assert app.session.steps == []
    buttons._handle_msg({"index": 0, "version": buttons.version})
    assert buttons.labels == ["Sow stack 1 (white)", "Sow stack 4 (white)", "Sow stack 7 (white)"]
    app.view.moves.press("Sow stack 1 (white)")
    app.view.moves.press("Sow stack 1 (red, white)")
    assert app.view.log.entries() == ["Red: Red starts the round", "Red: sow stack 1 (white)",
                                 "Black: sow stack 1 (red, white) — extra turn"]


def test_whole_game_ends_with_a_summary_and_history() -> None:
    app = human_app(target_score=1)
    while not app.session.state.is_over:
        app.play(app.session.state.legal_actions()[-1])
    assert "Game over" in app.view.summary.object and app.view.again_button.visible
    assert "<td>1</td>" in app.view.history.object
    assert "The game is over" in app.view.moves._waiting.object
    assert app.view.moves.buttons.labels == []
    seed = app.session.state.seed
    app.view.again_button.clicks += 1
    assert not app.session.state.is_over and app.session.state.options["target_score"] == 1
    assert app.session.state.seed != seed or app.session.steps == []


def test_new_game_dialog_reads_every_option_and_reports_bad_values() -> None:
    app = human_app()
    dialog = app.view.dialog
    assert set(dialog._options) == {o.name for o in GAME.options}
    dialog._seats[1].value = "solver"
    dialog._options["extra_turn"].value = "optional"
    dialog._options["white_match_counts"].value = False
    dialog._options["target_score"].value = 4
    dialog._options["start"].value = EXAMPLE
    dialog._seed.value = "12"
    dialog.start()
    state = app.session.state
    assert isinstance(state, ButtonUpState)
    assert app.session.seats == [HUMAN, "solver"] and state.seed == 12
    assert state.options["extra_turn"] == "optional" and state.options["white_match_counts"] is False
    assert state.stacks == tuple(EXAMPLE) and state.options["target_score"] == 4
    dialog._options["start"].value = "RRRR"
    dialog.start()
    assert "Cannot start" in dialog._error.object and "nine letters" in dialog._error.object
    assert app.session.state is state
    dialog._options["start"].value = ""
    dialog._seed.value = "twelve"
    dialog.start()
    assert "whole number" in dialog._error.object and app.session.state is state


@pytest.mark.parametrize("animate, expected", [(False, 0.5), (True, 0.35 * 2 + 0.3)])
def test_bot_waits_for_the_board_to_show_a_move(animate: bool, expected: float) -> None:
    app = human_app(start=EXAMPLE)
    app.board.animate = animate
    app.press("r")
    app.press("1")
    assert app.board.pace(app.session.steps[-1]) == pytest.approx(expected)
