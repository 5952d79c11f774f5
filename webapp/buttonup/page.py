"""The Button Up! page: the shared game page with a board of stacked buttons.

Serve it with ``panel serve webapp/buttonup/page.py``; ``create_app()`` builds one page.
Everything about the rules comes from :mod:`core.buttonup`; this module arranges
the board (:mod:`webapp.buttonup.board`), the words (:mod:`webapp.buttonup.narration`),
the move buttons, score, round history and new-game form on the shell's page.
"""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn

import core
from core.buttonup import BLACK, RED, ButtonUpState, ChooseStarter, EndTurn, Sow
from core.buttonup.render import stack_words, status
from core.buttonup.buttons import PLAYER_NAMES
from core.protocol import Action
from webapp.buttonup.board import FILL, OUTLINE, StackBoard, sow_action
from webapp.buttonup.narration import log_note, narrate, round_summary
from webapp.shell.boards import Act
from webapp.shell.game_page import GamePage, GameView, create_page
from webapp.shell.newgame import NewGameDialog
from webapp.shell.sections import Disclosure
from webapp.shell.session import HUMAN, seat_label
from webapp.shell.widgets import FOCUS_CSS, BoardLabel, MoveButtons, MoveLog, button, heading, html

GAME = core.get_game("button-up")


class ButtonUpView(GameView[ButtonUpState, StackBoard]):
    """Button Up!'s board, move buttons, score, round history and new-game form."""

    game = GAME
    title = "Button Up!"
    tagline = "Sow stacks of buttons round the circle; the army sitting higher in the last stack scores."
    footer = ("Rules: Button Up! by Bruno Cathala (Jactalea 2012), as written in Rulebox's rules notes. "
              "Red is player 1, Black player 2.")
    default_seats = (HUMAN, GAME.default_bot)
    keys = (*(str(d) for d in range(1, 10)), "r", "b", "e")
    key_rows = (
        ("Tab / Shift+Tab", "move between the move buttons and the other controls"),
        ("Enter or Space", "press the focused button"),
        ("1 – 9", "sow that stack (it must hold a white, and it must be your turn)"),
        ("R / B", "choose Red or Black to start the round (when you choose)"),
        ("E", "decline an optional extra turn"),
        ("U", "undo back to your previous decision"),
    )

    def board(self, state: ButtonUpState, act: Act) -> StackBoard:
        return StackBoard(state, act)

    def attach(self) -> None:
        session = self.page.session
        session.pace = self.page.board.pace
        self.page.board.param.watch(lambda _event: self.page.refresh(), ["queued"])
        self.page.board.param.watch(lambda event: None if event.new else self.page.refresh(), ["playing"])
        self.moves = MoveButtons(session, self.page.play, PLAYER_NAMES)
        self.log = MoveLog(session, PLAYER_NAMES, note=log_note, titled=False)
        self.dialog = NewGameDialog(session, PLAYER_NAMES)
        self.again_button = button("New game, same settings", color="primary")
        self.again_button.on_click(lambda _event: self.dialog.start())
        self.animate = pn.widgets.Select.from_param(
            self.page.board.param.animate, label="Show each sowing",
            options={"step by step": True, "all at once": False}, stylesheets=[FOCUS_CSS], width=220,
            description=None)
        self.score = html("", sizing_mode="stretch_width")
        self.history = html("", sizing_mode="stretch_width")
        self.summary = html("", sizing_mode="stretch_width")
        self.board_label = BoardLabel(label="Board of stacks: the same stacks are listed in \"Position as text\", "
                                            "and every move is a button under \"Your moves\"")

    def settled(self) -> bool:
        return not self.page.board.playing

    def shown(self) -> ButtonUpState:
        """The position whose score the board shows: the one before the sowing under way, else the current one."""
        step = self.page.board.shown_step
        return step.before if step is not None else self.state

    def narrate(self, before: ButtonUpState | None, action: Action | None, after: ButtonUpState) -> str:
        return "" if before is None or action is None else narrate(before, action, after)

    def status(self) -> str:
        step, state = self.page.board.shown_step, self.state
        if step is not None:
            tapped = self.page.board.queued
            then = "" if tapped is None else f" Your tap on stack {tapped + 1} is sown when it is shown."
            sown = step.action.stack + 1 if isinstance(step.action, Sow) else 0
            return f"{PLAYER_NAMES[step.actor]} sows stack {sown}: shown button by button…{then}"
        line = status(state)
        if self.page.session.thinking and state.to_move is not None:
            line += f" {PLAYER_NAMES[state.to_move]} is thinking…"
        return line

    def score_line(self) -> str:
        state = self.shown()
        return (f"{PLAYER_NAMES[RED]} {state.points[RED]} · {PLAYER_NAMES[BLACK]} {state.points[BLACK]} "
                f"(first to {state.options['target_score']})")

    def on_key(self, key: str) -> None:
        if key.isdigit():
            self.page.play(sow_action(self.page.session.state, int(key) - 1))
        elif key in "rb":
            self.page.play(ChooseStarter(RED if key == "r" else BLACK))
        elif key == "e":
            self.page.play(EndTurn())

    def refresh(self) -> None:
        state = self.shown()
        target = state.options["target_score"]
        self.score.object = (
            "<table style='border-collapse:collapse;font-size:1.1em' aria-label='Score'>"
            "<thead><tr><th scope='col' style='text-align:left'>Player</th>"
            "<th scope='col'>Points</th></tr></thead><tbody>"
            + "".join(
                f"<tr><th scope='row' style='text-align:left;padding-right:1em'>{PLAYER_NAMES[p]} "
                f"({escape(seat_label(GAME, self.page.session.seats[p]))})</th>"
                f"<td style='text-align:center'>{state.points[p]}</td></tr>"
                for p in (RED, BLACK))
            + f"</tbody></table><p style='margin:0.3em 0'>First to {target} points wins.</p>"
        )
        self.history.object = self._history_html(state)
        self.summary.object = self._summary_html(state)
        self.again_button.visible = state.is_over

    @staticmethod
    def _dots(stack: str) -> str:
        dots = "".join(
            f"<span style='display:inline-block;width:0.9em;height:0.9em;border-radius:50%;"
            f"background:{FILL[b]};border:1px solid {OUTLINE[b] if b != 'B' else '#000'};"
            "margin-right:1px'></span>" for b in stack)
        return (f"<span aria-hidden='true'>{dots}</span>"
                f"<span style='position:absolute;left:-9999px'>{escape(stack_words(stack))}</span>")

    def _history_html(self, state: ButtonUpState) -> str:
        if not state.rounds:
            return "<p style='margin:0'>No round finished yet.</p>"
        rows = []
        for n, result in enumerate(state.rounds, 1):
            red, black = result.sums
            outcome = "tie" if result.winner is None else f"{PLAYER_NAMES[result.winner]} +{max(result.gain)}"
            rows.append(f"<tr><td>{n}</td><td>{PLAYER_NAMES[result.starter]}</td>"
                        f"<td>{self._dots(result.final)}</td><td>{red}</td><td>{black}</td><td>{outcome}</td></tr>")
        return ("<table style='border-collapse:collapse' aria-label='Round history'><thead><tr>"
                "<th scope='col'>Round</th><th scope='col'>Starter</th>"
                "<th scope='col'>Final stack (bottom to top)</th>"
                "<th scope='col'>Red sum</th><th scope='col'>Black sum</th><th scope='col'>Result</th>"
                f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")

    def _summary_html(self, state: ButtonUpState) -> str:
        if state.is_over:
            winner = state.winner
            assert winner is not None
            text = (f"Game over: {PLAYER_NAMES[winner]} wins {state.points[winner]} to "
                    f"{state.points[1 - winner]} after {len(state.rounds)} "
                    f"round{'s' if len(state.rounds) != 1 else ''}.")
            return (f"<section aria-label='Game summary' style='border:3px solid #1b5e20;"
                    f"background:#e8f5e9;color:#111;padding:0.5em 0.8em;border-radius:6px'>"
                    f"<h3 style='margin:0'>Game over</h3><p style='margin:0.3em 0'>{escape(text)}</p>"
                    f"<p style='margin:0'>{escape(round_summary(state, len(state.rounds)))}</p></section>")
        if state.rounds and state.moves_made == 0:
            return (f"<section aria-label='Round summary' style='border:2px solid #0b3d91;"
                    f"background:#e3f2fd;color:#111;padding:0.5em 0.8em;border-radius:6px'>"
                    f"<h3 style='margin:0'>Round {len(state.rounds)} over</h3><p style='margin:0.3em 0'>"
                    f"{escape(round_summary(state, len(state.rounds)))}</p></section>")
        return ""

    def controls(self) -> list[Any]:
        return [
            self.moves, self.page.refused, pn.Row(self.page.undo_button, self.again_button), self.summary,
            html("<p class='rb-help' style='margin:0.3em 0'>Stack 1 is at the top; numbers run clockwise. "
                 "Each stack is drawn bottom to top. Tap a highlighted stack to sow it, or use the move "
                 "buttons. Freshly landed buttons have a blue outline.</p>", margin=(0, 5),
                 sizing_mode="stretch_width"),
            self.animate, self.board_label,
        ]

    def panels(self) -> list[Any]:
        return [heading("Score"), self.score,
                Disclosure("Round history", self.history), Disclosure("Move log", self.log)]

    def setup_form(self) -> Any | None:
        return self.dialog


def create_app() -> pn.Template:
    """A new Button Up! page (one per browser session)."""
    return create_page(GamePage(ButtonUpView))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="Button Up! - Rulebox")
