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
from html import escape
from typing import Any

import panel as pn

import core
from core.buttonmen import ButtonMenState, Pass
from core.buttonmen.render import status
from core.protocol import Action, IllegalAction, State
from webapp.buttonmen import legend, model
from webapp.buttonmen.board import DiceBoard
from webapp.buttonmen.model import Selection
from webapp.buttonmen.setup import MatchSetup
from webapp.shell.boards import Act
from webapp.shell.game_page import GamePage, GameView, create_page
from webapp.shell.screen import Curtain, screen_viewer
from webapp.shell.sections import Disclosure
from webapp.shell.session import HUMAN, GameSession, Step, seat_label
from webapp.shell.widgets import (FOCUS_CSS, BoardLabel, FocusKeeper, GroupLabels, bidi, bidi_names, button,
                                  heading, html)

GAME = core.get_game("button-men")
MAX_ACTION_BUTTONS = 24
"""Above this many legal actions (outside attacks and sizes) only the list offers them."""


class ButtonMenView(GameView):
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

    def __init__(self) -> None:
        self._syncing = False
        self._sized_for: State | None = None
        """The state the size list was last filled for."""
        self._last_step: Step | None = None
        self._asked_in: State | None = None
        """The position the surrender question was asked in (it lapses when the position changes)."""
        self.round_over: model.RoundOver | None = None
        """The round that just ended, shown (board and result) until the player moves on."""

    def board(self, state: State, act: Act) -> DiceBoard:
        return DiceBoard(state, act)

    # --- what the page shows -----------------------------------------------------------------

    @property
    def state(self) -> ButtonMenState:
        state = self.page.session.state
        assert isinstance(state, ButtonMenState)
        return state

    @property
    def selection(self) -> Selection:
        """The dice picked on the board."""
        return self.dice.selection

    def viewer(self, page: GamePage) -> int | None:
        return screen_viewer(page.session, self.hot_seat.holder)

    @property
    def curtained(self) -> bool:
        """True while the hot-seat screen waits for the next player to take the device."""
        return self.hot_seat.closed(self.state, self.state.to_move)

    @property
    def can_select(self) -> bool:
        """True when a human attacks now (dice on the board may be clicked)."""
        return (self.page.session.human_to_move and self.state.phase == "attack" and not self.curtained
                and self.round_over is None)

    def interactive(self, page: GamePage) -> bool:
        return self.can_select

    def refusal(self, page: GamePage, action: Action, error: IllegalAction) -> str:
        return model.refusal(self.state, action, str(error))

    def narrate(self, before: State | None, action: Action | None, after: State) -> str:
        assert isinstance(after, ButtonMenState) and (before is None or isinstance(before, ButtonMenState))
        return "\n".join(model.new_log_lines(before, after))

    def names(self, page: GamePage) -> tuple[str, ...]:
        return tuple(self.state.buttons)

    def score_line(self, page: GamePage) -> str:
        state = self.state
        wins = " · ".join(f"{name} {w}" for name, (w, _lost, _drawn) in zip(state.buttons, state.match_score,
                                                                            strict=True))
        return f"Rounds won: {wins}"

    def status(self, page: GamePage) -> str:
        state = self.state
        if self.waits_for_next_round:
            return self.go_on
        line = status(state)
        mover = state.to_move
        if mover is not None and page.session.is_bot(mover):
            line += f" ({state.buttons[mover]} is a bot" + (": thinking…)" if page.session.thinking else ".)")
        return line

    # --- widgets -----------------------------------------------------------------------------

    def attach(self, page: GamePage) -> None:
        self.page = page
        self.hot_seat = Curtain(page.session)
        assert isinstance(page.board, DiceBoard)
        self.dice = page.board
        self.dice.on_die = self.click_die
        page.session.pace = lambda _step: self.bot_delay
        self.setup = MatchSetup(page.session)
        self.round_panel = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.next_round = button("Next round", color="primary")
        self.next_round.on_click(lambda _e: self.dismiss_round())
        self.curtain = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.reveal = button("Show my choices", color="primary")
        self.reveal.on_click(lambda _e: self.take_device())
        # size choice
        self.size_prompt = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.size_select = pn.widgets.Select(label="Size", options={}, stylesheets=[FOCUS_CSS], width=220)
        self.size_confirm = button("Confirm size", color="primary")
        self.size_confirm.on_click(lambda _e: self.confirm_size())
        self.size_box = pn.Column(self.size_prompt, pn.Row(self.size_select, self.size_confirm, align="end"))
        # attacks
        self.hint = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.mine = pn.widgets.CheckBoxGroup(label="Your dice", options={}, inline=True,
                                             stylesheets=[FOCUS_CSS], css_classes=["bm-your-dice"])
        self.theirs = pn.widgets.CheckBoxGroup(label="Their dice", options={}, inline=True,
                                               stylesheets=[FOCUS_CSS], css_classes=["bm-their-dice"])
        self.group_labels = GroupLabels()
        self.mine_label = html("", margin=(0, 5))
        self.theirs_label = html("", margin=(0, 5))
        self.mine.param.watch(self._on_checks, ["value"])
        self.theirs.param.watch(self._on_checks, ["value"])
        self.attack_buttons = pn.FlexBox(gap="8px", margin=(0, 5))
        self.rule = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.pass_button = button("Pass (P)", color="warning")
        self.pass_button.on_click(lambda _e: self.pass_turn())
        self.clear_button = button("Clear selection (X)", variant="outline")
        self.clear_button.on_click(lambda _e: self.select(Selection()))
        self.surrender_button = button("Surrender the round", color="danger", variant="outline")
        self.surrender_button.on_click(lambda _e: self.ask_surrender(True))
        self.surrender_question = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.surrender_yes = button("Yes, surrender the round", color="danger")
        self.surrender_yes.on_click(lambda _e: self.surrender())
        self.surrender_no = button("No, keep playing", color="primary")
        self.surrender_no.on_click(lambda _e: self.keep_playing())
        self.surrender_box = pn.Column(self.surrender_question, pn.Row(self.surrender_no, self.surrender_yes),
                                       visible=False, sizing_mode="stretch_width")
        self.attack_box = pn.Column(  # the attacks first, right under the board; the dice as checkboxes after
            self.hint, heading("Attacks for this selection", 3), self.attack_buttons, self.rule,
            pn.FlexBox(self.pass_button, self.clear_button, self.surrender_button, gap="4px"), self.surrender_box,
            self.mine_label, self.mine, self.theirs_label, self.theirs, sizing_mode="stretch_width")
        # other choices (auxiliary, reserve, reactions, manual rolls)
        self.other_buttons = pn.FlexBox(gap="8px", margin=(0, 5))
        # every legal action, as a keyboard-operable list
        self.all_actions = pn.widgets.Select(label="All legal actions (keyboard: choose, then play)",
                                             options={}, size=6, stylesheets=[FOCUS_CSS],
                                             sizing_mode="stretch_width")
        self.play_listed = button("Play the chosen action", color="primary")
        self.play_listed.on_click(lambda _e: self.play_from_list())
        self.list_box = pn.Column(self.all_actions, self.play_listed, sizing_mode="stretch_width")
        self.no_moves = html("<p style='margin:0'>Nothing for you to do now.</p>", margin=(0, 5))
        self.legend = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.focus = FocusKeeper()
        self.board_label = BoardLabel(label="Dice board: the same dice are listed as checkboxes under "
                                            "\"Your dice\" and \"Their dice\", and in \"Position as text\"")
        self.scores = html("", sizing_mode="stretch_width")
        self.summary = html("", sizing_mode="stretch_width")
        self.again = button("New match, same settings", color="primary")
        self.again.on_click(lambda _e: self.setup.start())
        self.history = html("", sizing_mode="stretch_width")
        self.log = html("", sizing_mode="stretch_width")

    def controls(self, page: GamePage) -> list[Any]:
        return [
            self.round_panel, self.next_round, self.curtain, self.reveal, self.size_box, self.attack_box,
            self.other_buttons, page.refused, page.undo_button, self.summary, self.again,
            html("<p class='rb-help' style='margin:0.3em 0'>Your dice are the bottom row. Each die shows its "
                 "value (large) and its size in the site's notation with its skill letters (small). Click one "
                 "or more of your dice, then the die to capture; blue outlines mark dice that can attack, red "
                 "outlines the dice they can capture, gold rings the dice just rolled or captured. Captured "
                 "dice sit on the right of their captor's row. \"What the letters mean\" explains every "
                 "skill letter and the notation.</p>", margin=(0, 5), sizing_mode="stretch_width"),
            self.focus, self.board_label, self.group_labels,
        ]

    def panels(self, page: GamePage) -> list[Any]:
        return [heading("Score"), self.scores,
                Disclosure("Position as text", page.text, open=True),
                Disclosure("All moves", self.list_box, self.no_moves),
                Disclosure("What the letters mean", self.legend),
                Disclosure("Round history", self.history), Disclosure("Match log", self.log),
                page.share]

    def setup_form(self, page: GamePage) -> Any | None:
        return self.setup

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
        self.refresh(self.page)

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

    def on_key(self, page: GamePage, key: str) -> None:
        if self.waits_for_next_round:
            page.notice = self.go_on
        elif key.isdigit():
            index = int(key) - 1
            mover = self.state.to_move
            if self.can_select and mover is not None and index < len(self.state.dice[mover]):
                self.click_die(mover, index)
            else:
                page.notice = f"Not possible: you have no die {key} to select now."
        elif key == "p":
            self.pass_turn()
        elif key == "x":
            self.select(Selection())

    # --- following the game ------------------------------------------------------------------

    def _on_checks(self, *_: Any) -> None:
        if self._syncing or not self.can_select:
            return
        self.select(Selection(frozenset(self.mine.value), frozenset(self.theirs.value)))

    def refresh(self, page: GamePage) -> None:
        state, session = self.state, page.session
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
        self._scores(state)
        self._legend(state)
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

    def _press_action(self, action: Action, _event: object) -> None:
        self.page.play(action)

    def _follow_rounds(self, session: GameSession) -> None:
        """Keep a round that just ended on screen (bots wait) until the player moves on."""
        steps = session.steps
        last = steps[-1] if steps and steps[-1].after is session.state else None
        if last is not self._last_step:
            self._last_step = last
            self.round_over = None
            if last is not None:
                assert isinstance(last.before, ButtonMenState) and isinstance(last.after, ButtonMenState)
                self.round_over = model.ended_round(last.before, last.action, last.after)
        over = self.round_over
        session.held = over is not None
        self.next_round.visible = self.waits_for_next_round
        if over is None:
            self.round_panel.object = ""
            return
        self.dice.show_state(over.before, viewer=self.viewer(self.page))
        self.dice.select(over.marked)
        names = over.before.buttons
        rows = "".join(f"<tr><th scope='row' style='text-align:left'>{bidi(name)}</th><td>{escape(dice)}</td>"
                       f"<td>{escape(captured)}</td><td style='text-align:center'>{score}</td></tr>"
                       for name, dice, captured, score in over.rows)
        last_action = "".join(f"<li>{bidi_names(line, names)}</li>" for line in over.last)
        self.round_panel.object = (
            "<section aria-labelledby='bm-round-over' style='border:3px solid #0b3d91;background:#e3f2fd;"
            "color:#111;padding:0.5em 0.8em;border-radius:6px'>"
            f"<h3 id='bm-round-over' style='margin:0'>Round {over.number} over</h3>"
            f"<p style='margin:0.3em 0'><strong>{bidi_names(over.result, names)}</strong></p>"
            "<table style='border-collapse:collapse' aria-label='How the round ended'><thead><tr>"
            "<th scope='col' style='text-align:left'>Button</th><th scope='col'>Dice in play</th>"
            "<th scope='col'>Dice captured</th><th scope='col'>Round score</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
            f"<p style='margin:0.3em 0 0 0'>The last action:</p><ul style='margin:0'>{last_action}</ul>"
            "<p style='margin:0.3em 0 0 0'>The table shows the dice as the round ended; the board shows "
            "them as the last action found them, with its dice marked.</p></section>")

    def _curtain(self, state: ButtonMenState, curtained: bool) -> None:
        self.reveal.visible = curtained
        if not curtained:
            self.curtain.object = ""
            return
        mover = state.to_move
        assert mover is not None
        name, other = state.buttons[mover], state.buttons[1 - mover]
        self.reveal.label = f"I am {name}'s player: show my choices"
        self.curtain.object = (
            "<div role='note' style='border:3px solid #0b3d91;background:#e3f2fd;color:#111;"
            "padding:0.5em 0.8em;border-radius:6px'><h3 style='margin:0'>Pass the device</h3>"
            f"<p style='margin:0.3em 0'>Hand the device to {bidi(name)}'s player. "
            f"{bidi(other)}'s player: please look away — {bidi(name)} now makes a secret choice.</p></div>")

    def _attack_controls(self, state: ButtonMenState, active: bool) -> None:
        self.attack_box.visible = active
        if not active:
            return
        p = state.to_move
        assert p is not None
        self._syncing = True
        try:
            mine = model.die_choices(state, p, own=True)
            theirs = model.die_choices(state, 1 - p, own=False)
            if self.mine.options != mine:
                self.mine.options = mine
            if self.theirs.options != theirs:
                self.theirs.options = theirs
            self.mine.value = sorted(self.selection.attackers)
            self.theirs.value = sorted(self.selection.targets)
        finally:
            self._syncing = False
        self.group_labels.groups = {"bm-your-dice": f"Your dice ({state.buttons[p]}), attacking",
                                    "bm-their-dice": f"Their dice ({state.buttons[1 - p]}), to capture"}
        self.mine_label.object = (f"<p style='margin:0.3em 0 0 0'><strong>Your dice ({bidi(state.buttons[p])}),"
                                  " attacking:</strong></p>")
        self.theirs_label.object = (f"<p style='margin:0.3em 0 0 0'><strong>Their dice "
                                    f"({bidi(state.buttons[1 - p])}), to capture:</strong></p>")
        hint = model.selection_hint(state, self.selection)
        self.hint.object = f"<p style='margin:0.2em 0'>{bidi_names(hint, state.buttons)}</p>" if hint else ""
        found = model.attacks_for(state, self.selection)
        buttons: list[Any] = []
        for attack in found:
            b = button(model.action_label(state, attack), color="primary", css_classes=["bm-attack"])
            b.on_click(partial(self._press_action, attack))
            buttons.append(b)
        self.attack_buttons.objects = buttons or [html(
            "<p style='margin:0'>None yet: select your dice and a target.</p>")]
        rule = model.pass_rule(state)
        self.rule.object = f"<p role='note' style='margin:0.3em 0'>{escape(rule)}</p>" if rule else ""
        self.pass_button.visible = model.pass_action(state) is not None
        self.surrender_button.visible = model.surrender_action(state) is not None

    def _legend(self, state: ButtonMenState) -> None:
        skills = "".join(f"<dt><code>{escape(c)}</code> {escape(name)}</dt><dd>{escape(rule)}</dd>"
                         for c, name, rule in legend.legend_rows(state))
        notation = "".join(f"<dt><code>{escape(text)}</code></dt><dd>{escape(meaning)}</dd>"
                           for text, meaning in legend.NOTATION)
        self.legend.object = (
            "<section aria-labelledby='bm-legend' class='bm-legend'>"
            "<h3 id='bm-legend' style='margin:0.4em 0 0.2em 0'>What the letters mean</h3>"
            + (f"<p style='margin:0'>The skills of this match:</p><dl style='margin:0.2em 0'>{skills}</dl>"
               if skills else "<p style='margin:0'>No die of this match has a skill.</p>")
            + f"<p style='margin:0'>The notation:</p><dl style='margin:0.2em 0'>{notation}</dl></section>")

    def _scores(self, state: ButtonMenState) -> None:
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left;padding-right:1em'>{bidi(name)} "
            f"({escape(seat_label(GAME, self.page.session.seats[p]))})</th><td style='text-align:center'>{now}</td>"
            f"<td style='text-align:center'>{wld}</td></tr>"
            for p, (name, now, wld) in enumerate(model.score_rows(state)))
        self.scores.object = (
            "<table style='border-collapse:collapse;font-size:1.05em' aria-label='Score'><thead><tr>"
            "<th scope='col' style='text-align:left'>Button</th><th scope='col'>If the round ended now</th>"
            f"<th scope='col'>Rounds won–lost–drawn</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p style='margin:0.3em 0'>{escape(model.match_goal(state))}</p>")
        summary = model.match_summary(state)
        self.summary.object = (
            "<div role='status' style='border:3px solid #1b5e20;background:#e8f5e9;color:#111;"
            "padding:0.5em 0.8em;border-radius:6px'><h3 style='margin:0'>Match over</h3>"
            f"<p style='margin:0.3em 0'>{bidi_names(summary, state.buttons)}</p></div>" if summary else "")
        self.again.visible = state.is_over
        history = model.history_rows(state)
        self.history.object = (
            "<table style='border-collapse:collapse' aria-label='Round history'><thead><tr>"
            f"<th scope='col'>Round</th><th scope='col'>{bidi(state.buttons[0])}</th>"
            f"<th scope='col'>{bidi(state.buttons[1])}</th><th scope='col'>Result</th></tr></thead><tbody>"
            + "".join(f"<tr><td>{n}</td><td>{a}</td><td>{b}</td><td>{bidi_names(o, state.buttons)}</td></tr>"
                      for n, a, b, o in history)
            + "</tbody></table>" if history else "<p style='margin:0'>No round finished yet.</p>")
        items = "".join(f"<li>{bidi_names(line, state.buttons)}</li>" for line in reversed(state.log))
        self.log.object = (
            "<div tabindex='0' role='region' aria-label='Match log, newest first' "
            "style='max-height:18em;overflow:auto;border:1px solid #767676;border-radius:4px;"
            "padding:0.4em;background:#fff;color:#111'>"
            + (f"<ol reversed class='bm-log' style='margin:0;padding-left:2.2em'>{items}</ol>" if items
               else "<p style='margin:0'>Nothing yet.</p>") + "</div>")


def create_app() -> pn.Template:
    """A new Button Men page (one per browser session)."""
    return create_page(GamePage(ButtonMenView()))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="Button Men - Rulebox")
