"""The Button Men page's widgets: built once, laid out under the board and in the side column, and drawn.

:class:`ButtonMenWidgets` holds what the page shows (the round panel, the hot-seat curtain, the size
choice, the attacks for the dice picked, the other choices, the move list and the panels);
:class:`webapp.buttonmen.page.ButtonMenView` adds what the player does with them.
"""

from __future__ import annotations

from functools import partial
from html import escape
from typing import Any

import panel as pn

from core.buttonmen import ButtonMenState
from core.protocol import Action
from webapp.buttonmen import model, panels
from webapp.buttonmen.board import DiceBoard
from webapp.buttonmen.model import Selection
from webapp.buttonmen.setup import MatchSetup
from webapp.shell.game_page import GamePage, GameView
from webapp.shell.screen import Curtain
from webapp.shell.sections import Disclosure
from webapp.shell.session import seat_label
from webapp.shell.widgets import (FOCUS_CSS, BoardLabel, FocusKeeper, GroupLabels, bidi, bidi_names, button,
                                  heading, html)


class ButtonMenWidgets(GameView[ButtonMenState, DiceBoard]):
    """Button Men's widgets and how they are drawn (the view adds the actions)."""

    def __init__(self, page: GamePage[ButtonMenState, DiceBoard]) -> None:
        super().__init__(page)
        self._syncing = False
        """True while the dice checkboxes are set from the board (their change is no choice of the player)."""

    @property
    def selection(self) -> Selection:
        """The dice picked on the board."""
        return self.dice.selection

    def attach(self) -> None:
        self.hot_seat = Curtain(self.page.session)
        self.dice = self.page.board
        self.setup = MatchSetup(self.page.session)
        self.round_panel = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.next_round = button("Next round", color="primary")
        self.curtain = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.reveal = button("Show my choices", color="primary")
        # size choice
        self.size_prompt = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.size_select = pn.widgets.Select(label="Size", options={}, stylesheets=[FOCUS_CSS], width=220)
        self.size_confirm = button("Confirm size", color="primary")
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
        self.attack_buttons = pn.FlexBox(gap="8px", margin=(0, 5))
        self.rule = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.pass_button = button("Pass (P)", color="warning")
        self.clear_button = button("Clear selection (X)", variant="outline")
        self.surrender_button = button("Surrender the round", color="danger", variant="outline")
        self.surrender_question = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.surrender_yes = button("Yes, surrender the round", color="danger")
        self.surrender_no = button("No, keep playing", color="primary")
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
        self.list_box = pn.Column(self.all_actions, self.play_listed, sizing_mode="stretch_width")
        self.no_moves = html("<p style='margin:0'>Nothing for you to do now.</p>", margin=(0, 5))
        self.legend = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.focus = FocusKeeper()
        self.board_label = BoardLabel(label="Dice board: the same dice are listed as checkboxes under "
                                            "\"Your dice\" and \"Their dice\", and in \"Position as text\"")
        self.scores = html("", sizing_mode="stretch_width")
        self.summary = html("", sizing_mode="stretch_width")
        self.again = button("New match, same settings", color="primary")
        self.history = html("", sizing_mode="stretch_width")
        self.log = html("", sizing_mode="stretch_width")

    def controls(self) -> list[Any]:
        return [
            self.round_panel, self.next_round, self.curtain, self.reveal, self.size_box, self.attack_box,
            self.other_buttons, self.page.refused, self.page.undo_button, self.summary, self.again,
            html("<p class='rb-help' style='margin:0.3em 0'>Your dice are the bottom row. Each die shows its "
                 "value (large) and its size in the site's notation with its skill letters (small). Click one "
                 "or more of your dice, then the die to capture; blue outlines mark dice that can attack, red "
                 "outlines the dice they can capture, gold rings the dice just rolled or captured. Captured "
                 "dice sit on the right of their captor's row. \"What the letters mean\" explains every "
                 "skill letter and the notation.</p>", margin=(0, 5), sizing_mode="stretch_width"),
            self.focus, self.board_label, self.group_labels,
        ]

    def panels(self) -> list[Any]:
        return [heading("Score"), self.scores,
                Disclosure("All moves", self.list_box, self.no_moves),
                Disclosure("What the letters mean", self.legend),
                Disclosure("Round history", self.history), Disclosure("Match log", self.log)]

    def setup_form(self) -> Any | None:
        return self.setup


    # --- drawing ---

    def _press_action(self, action: Action, _event: object) -> None:
        self.page.play(action)

    def _curtain(self, state: ButtonMenState, curtained: bool) -> None:
        self.reveal.visible = curtained
        if not curtained:
            self.curtain.object = ""
            return
        mover = state.to_move
        assert mover is not None
        name = state.buttons[mover]
        self.reveal.label = f"I am {name}'s player: show my choices"
        self.curtain.object = panels.curtain_html(name, state.buttons[1 - mover])

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

    def _panels(self, state: ButtonMenState) -> None:
        self.legend.object = panels.legend_html(state)
        players = [seat_label(self.game, seat) for seat in self.page.session.seats]
        self.scores.object = panels.scores_html(state, players)
        self.summary.object = panels.summary_html(state)
        self.again.visible = state.is_over
        self.history.object = panels.history_html(state)
        self.log.object = panels.log_html(state)
