"""Who looks at the screen: the viewer, the hot-seat curtain and which steps the page may tell."""

from __future__ import annotations

import core
from core.buttonmen import ButtonMenState, ChooseSwing
from webapp.shell.screen import Curtain, acts_in_secret, may_tell, screen_viewer, secret_step_words
from webapp.shell.session import HUMAN, GameSession

GAME = core.get_game("button-men")


def session(*seats: str) -> GameSession:
    state = GAME.new(seed=7, buttons=("Bauer", "Avis"))
    assert isinstance(state, ButtonMenState) and state.phase == "swing" and state.to_move == 0
    return GameSession(GAME, seats, state=state)


def test_the_viewer_is_the_one_person_else_the_one_who_acts_else_everybody() -> None:
    assert screen_viewer(session(HUMAN, "mcts")) == 0
    assert screen_viewer(session("greedy", HUMAN)) == 1
    assert screen_viewer(session("greedy", "mcts")) is None
    assert screen_viewer(session(HUMAN, HUMAN)) == 0
    assert screen_viewer(session(HUMAN, HUMAN), holder=1) == 0, "a holder who does not act now is not the viewer"


def test_a_secret_choice_at_a_shared_screen_waits_behind_the_curtain_for_its_chooser() -> None:
    shared = session(HUMAN, HUMAN)
    curtain = Curtain(shared)
    state = shared.state
    assert acts_in_secret(state, 0) and not acts_in_secret(state, 1), "only the player to move acts"
    assert curtain.closed(state, 0)
    curtain.hand_to(0)
    assert not curtain.closed(state, 0)
    shared.human_play(ChooseSwing("X", 9), 0)
    assert curtain.closed(shared.state, 1), "player 2 must take the device"
    curtain.hand_to(1)
    assert not curtain.closed(shared.state, 1)
    assert not Curtain(session(HUMAN, "mcts")).closed(state, 0), "one person at the table: no curtain"


def test_a_secret_step_is_told_only_to_the_one_person_who_took_it() -> None:
    alone, shared = session(HUMAN, "mcts"), session(HUMAN, HUMAN)
    for each in (alone, shared):
        each.human_play(ChooseSwing("X", 9), 0)
    assert may_tell(alone, alone.steps[-1]) and not may_tell(shared, shared.steps[-1])
    assert secret_step_words(shared.steps[-1]) == "Player 1 made a choice that stays secret for now."
    assert "9" not in secret_step_words(shared.steps[-1], "Bauer")
