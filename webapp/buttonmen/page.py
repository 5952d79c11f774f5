"""The Button Men page: the shared game page with a dice board, secret choices and named attacks.

Serve it with ``panel serve webapp/buttonmen/page.py``; ``create_app()`` builds one page.
Every rule comes from :mod:`core.buttonmen`: the page filters ``state.legal_actions()``
by the dice a player picks (:mod:`webapp.buttonmen.model`) and shows
``state.describe(viewer)``, ``state.log`` and the scores as they are.

A finished round stays on screen (its last dice on the board, the result in a
panel; bots wait through the session's ``held``) until the player presses
"Next round".  Undo goes back to the player's last decision together with the
bot's replies, never across a roll (:meth:`GameSession.undo_depth`).  Refusals
are worded by :func:`webapp.buttonmen.model.refusal`; skill letters and the
notation are explained by :mod:`webapp.buttonmen.legend`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import panel as pn

import core
from core.buttonmen import ButtonMenState, Pass
from core.buttonmen.render import status
from core.protocol import Action, IllegalAction, State
from webapp.buttonmen import model, panels, rounds
from webapp.buttonmen.board import DiceBoard
from webapp.buttonmen.model import Selection
from webapp.shell.boards import Act
from webapp.buttonmen.widgets import ButtonMenWidgets
from webapp.shell.game_page import GamePage, create_page
from webapp.shell.screen import screen_viewer
from webapp.shell.session import HUMAN, GameSession, Step
from webapp.shell.widgets import (bidi_names, button)

GAME = core.get_game("button-men")
MAX_ACTION_BUTTONS = 24
"""Above this many legal actions (outside attacks and sizes) only the list offers them."""


class ButtonMenView(ButtonMenWidgets):
    """Button Men's dice board, size choices, attacks, hot-seat curtain, scores and match setup."""

    game = GAME
    title = "Button Men"
    tagline = ("Pick two buttons, size your swing dice, then capture the other side's dice with "
               "Power, Skill and special attacks.")
    footer = ("Rules: Button Men (Cheapass Games) as played on buttonweavers.com, written in Rulebox's rules "
              "notes. Player 1 is the first button named.")
    default_seats = (HUMAN, GAME.default_bot)
    bot_delay = 0.7
    board_width = 750
    offers_undo = True
    keys = (*(str(d) for d in range(1, 10)), "p", "x")
    key_rows = (
        ("Tab / Shift+Tab", "move between the board's checkboxes, the attack buttons and the other controls"),
        ("Space", "tick or untick the focused die checkbox"),
        ("Enter or Space", "press the focused button"),
        ("1 – 9", "select or unselect your die 1 – 9 (left to right) as an attacker"),
        ("P", "pass (only when the rules allow it; otherwise the reason is shown)"),
        ("X", "clear the dice selection"),
        ("U", "undo your last action and the bot's reply (not possible once dice were rolled since)"),
    )

    def __init__(self, page: GamePage[ButtonMenState, DiceBoard]) -> None:
        super().__init__(page)
        self._sized_for: State | None = None
        """The state the size list was last filled for."""
        self._last_step: Step | None = None
        self._asked_in: State | None = None
        """The position the surrender question was asked in (it lapses when the position changes)."""
        self.round_over: rounds.RoundOver | None = None
        """The round that just ended, shown (board and result) until the player moves on."""

    def board(self, state: ButtonMenState, act: Act) -> DiceBoard:
        return DiceBoard(state, act)

    # --- what the page shows -----------------------------------------------------------------

    def viewer(self) -> int | None:
        return screen_viewer(self.page.session, self.hot_seat.holder)

    @property
    def curtained(self) -> bool:
        """True while the hot-seat screen waits for the next player to take the device."""
        return self.hot_seat.closed(self.state, self.state.to_move)

    @property
    def can_select(self) -> bool:
        """True when a human attacks now (dice on the board may be clicked)."""
        return (self.page.session.human_to_move and self.state.phase == "attack" and not self.curtained
                and self.round_over is None)

    def interactive(self) -> bool:
        return self.can_select

    def refusal(self, action: Action, error: IllegalAction) -> str:
        return model.refusal(self.state, action, str(error))

    def narrate(self, before: ButtonMenState | None, action: Action | None, after: ButtonMenState) -> str:
        return "\n".join(rounds.new_log_lines(before, after))

    def names(self) -> tuple[str, ...]:
        return tuple(self.state.buttons)

    def score_line(self) -> str:
        state = self.state
        wins = " · ".join(f"{name} {w}" for name, (w, _lost, _drawn) in zip(state.buttons, state.match_score,
                                                                            strict=True))
        return f"Rounds won: {wins}"

    def status(self) -> str:
        state = self.state
        if self.waits_for_next_round:
            return self.go_on
        line = status(state)
        mover = state.to_move
        if mover is not None and self.page.session.is_bot(mover):
            line += f" ({state.buttons[mover]} is a bot" + (": thinking…)" if self.page.session.thinking else ".)")
        return line

    def attach(self) -> None:
        super().attach()
        self.dice.on_die = self.click_die
        self.page.session.pace = lambda _step: self.bot_delay
        self.next_round.on_click(lambda _e: self.dismiss_round())
        self.reveal.on_click(lambda _e: self.take_device())
        self.size_confirm.on_click(lambda _e: self.confirm_size())
        self.mine.param.watch(self._on_checks, ["value"])
        self.theirs.param.watch(self._on_checks, ["value"])
        self.pass_button.on_click(lambda _e: self.pass_turn())
        self.clear_button.on_click(lambda _e: self.select(Selection()))
        self.surrender_button.on_click(lambda _e: self.ask_surrender(True))
        self.surrender_yes.on_click(lambda _e: self.surrender())
        self.surrender_no.on_click(lambda _e: self.keep_playing())
        self.play_listed.on_click(lambda _e: self.play_from_list())
        self.again.on_click(lambda _e: self.setup.start())

    # --- actions ---------------------------------------------------------------------------

    def click_die(self, player: int, index: int) -> None:
        """A die was clicked on the board: toggle it in the selection."""
        if not self.can_select:
            self.page.notice = "Not possible: dice can be selected only when it is your turn to attack."
            return
        self.page.notice = ""
        self.select(self.selection.toggle(player == self.state.to_move, index))

    def select(self, selection: Selection) -> None:
        """Set the dice selection and redraw what depends on it."""
        self.dice.select(selection)
        self.refresh()

    def confirm_size(self) -> None:
        """Play the swing/option size chosen in the size list."""
        action = self.size_select.value
        if isinstance(action, Action):
            self.page.play(action)

    def pass_turn(self) -> None:
        """Pass, or show the engine's reason why passing is not allowed."""
        self.page.play(model.pass_action(self.state) or Pass())

    def ask_surrender(self, asking: bool) -> None:
        """Show (or withdraw) the question whether to surrender the round."""
        state = self.state
        self.surrender_question.object = (
            f"<p role='alert' style='margin:0.3em 0'><strong>Surrender round {state.round_number}?</strong> "
            "Your opponent wins this round at once, with the scores as they stand.</p>" if asking else "")
        self.surrender_box.visible = asking
        self._asked_in = state if asking else None
        if asking:
            self.focus.keep(self.surrender_no.label, force=True)

    def keep_playing(self) -> None:
        """The player answered No: the question closes and the focus returns to the Surrender button."""
        self.ask_surrender(False)
        self.focus.keep(self.surrender_button.label, force=True)

    def surrender(self) -> None:
        """Surrender the round (with the selection cleared, as the rules require), once confirmed."""
        self.ask_surrender(False)
        action = model.surrender_action(self.state)
        if action is None:
            self.page.notice = "Not possible: surrender is not available now."
        else:
            self.page.play(action)

    def play_from_list(self) -> None:
        """Play the action chosen in the list of every legal action."""
        action = self.all_actions.value
        if isinstance(action, Action):
            self.page.play(action)
        else:
            self.page.notice = "Not possible: choose an action in the list first."

    def dismiss_round(self) -> None:
        """The player has seen the finished round: on to the next one (bots may act again)."""
        self.round_over = None
        self.page.session.held = False
        self.page.refresh()

    @property
    def waits_for_next_round(self) -> bool:
        """A finished round is on screen and the match goes on once the player has seen it."""
        return self.round_over is not None and not self.state.is_over

    @property
    def go_on(self) -> str:
        """What the player does next while a finished round is on screen (the bots wait too)."""
        assert self.round_over is not None
        return f"Round {self.round_over.number} is over: press \"Next round\" to go on."

    def take_device(self) -> None:
        """Hot-seat: the player to move has the device; show their choices."""
        self.hot_seat.hand_to(self.state.to_move)
        self.page.refresh()

    def on_key(self, key: str) -> None:
        if self.waits_for_next_round:
            self.page.notice = self.go_on
        elif key.isdigit():
            index = int(key) - 1
            mover = self.state.to_move
            if self.can_select and mover is not None and index < len(self.state.dice[mover]):
                self.click_die(mover, index)
            else:
                self.page.notice = f"Not possible: you have no die {key} to select now."
        elif key == "p":
            self.pass_turn()
        elif key == "x":
            self.select(Selection())

    # --- following the game ------------------------------------------------------------------

    def _on_checks(self, *_: Any) -> None:
        if self._syncing or not self.can_select:
            return
        self.select(Selection(frozenset(self.mine.value), frozenset(self.theirs.value)))

    def refresh(self) -> None:
        state, session = self.state, self.page.session
        self._follow_rounds(session)
        curtained = self.curtained and self.round_over is None
        human = session.human_to_move and not curtained and self.round_over is None
        self._curtain(state, curtained)
        choice = model.size_choice(state) if human else None
        self.size_box.visible = choice is not None
        if choice is not None:
            self.size_prompt.object = f"<p style='margin:0.2em 0'>{bidi_names(choice.prompt, state.buttons)}</p>"
            if self._sized_for is not state:  # each decision starts at this player's size of last round
                self._sized_for = state
                earlier = [(step.actor, step.action) for step in session.steps]
                assert state.to_move is not None
                self.size_select.param.update(options=choice.options, label=choice.label,
                                              value=model.remembered_size(choice, earlier, state.to_move))
        self._attack_controls(state, human and state.phase == "attack")
        if self._asked_in is not None and self._asked_in is not state:
            self.ask_surrender(False)
        others = [] if not human or state.phase in ("attack", "swing") else state.legal_actions()
        buttons = []
        for action in others if len(others) <= MAX_ACTION_BUTTONS else []:
            b = button(model.action_label(state, action), color="primary")
            b.on_click(partial(self._press_action, action))
            buttons.append(b)
        self.other_buttons.objects = buttons
        self.other_buttons.visible = bool(buttons)
        listed = model.listed_actions(state) if human else {}
        if self.all_actions.options != listed:
            self.all_actions.param.update(options=listed, value=next(iter(listed.values()), None))
        self.list_box.visible = bool(listed)
        self.no_moves.visible = not listed
        self._panels(state)
        self.focus.keep(self.next_control(choice))

    def next_control(self, choice: model.Choice | None) -> str:
        """The control the player works with next (where a lost keyboard focus goes)."""
        if self.next_round.visible:
            return self.next_round.label
        if self.surrender_box.visible:
            return self.surrender_no.label
        if self.reveal.visible:
            return self.reveal.label
        if choice is not None:
            return choice.label
        if self.attack_box.visible and self.mine.options:
            return next(iter(self.mine.options))
        if self.other_buttons.visible:
            return str(self.other_buttons.objects[0].label)
        if self.again.visible:
            return self.again.label
        return self.page.undo_button.label if self.page.session.can_undo else ""

    def _follow_rounds(self, session: GameSession[ButtonMenState]) -> None:
        """Keep a round that just ended on screen (bots wait) until the player moves on."""
        steps = session.steps
        last = steps[-1] if steps and steps[-1].after is session.state else None
        if last is not self._last_step:
            self._last_step = last
            self.round_over = None
            if last is not None:
                self.round_over = rounds.ended_round(last.before, last.action, last.after)
        over = self.round_over
        session.held = over is not None
        self.next_round.visible = self.waits_for_next_round
        if over is None:
            self.round_panel.object = ""
            return
        self.dice.show_state(over.before, viewer=self.viewer())
        self.dice.select(over.marked)
        self.round_panel.object = panels.round_over_html(over)





def create_app() -> pn.Template:
    """A new Button Men page (one per browser session)."""
    return create_page(GamePage(ButtonMenView))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="Button Men - Rulebox")
