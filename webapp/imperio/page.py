"""The Imperio Bellum page: the shared game page with a 9x9 battlefield, odds before every attack.

Serve it with ``panel serve webapp/imperio/page.py``; ``create_app()`` builds one page.  It opens on a
short first game against the default bot, both small armies deployed (the visitor attacks first); the
New game dialog (:mod:`webapp.imperio.newgame`) offers every option.  A game at the roles step previews
the default armies faded, the role buttons beside the board; setup by hand previews the side's default
army until it places a piece (:mod:`webapp.imperio.setup`).  Beside the board comes first what the
player acts on: a question, the odds of a chosen attack with Confirm, "Your moves", the dice rolled.

Rules come from :mod:`core.imperio`; the board (:mod:`webapp.imperio.board`) highlights what the
selected piece may do (:mod:`webapp.imperio.model`).  An attack is played only after its exact odds
were shown (:func:`core.imperio.odds`); the dice rolled are listed afterwards
(:mod:`webapp.imperio.narration`).  Undo stays within the current turn, never past a die roll.
Keyboard players use the lists of pieces and moves, the full list of legal actions and the keys.
Reserves the rules hide (``public_reserves=false``) stay hidden everywhere.  The board is seen from the
side of the person playing here (two people at one screen see the attacker's); F flips it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn

from core.imperio import GAME, Attack, EndTurn, ImperioState, Overrun, Shot, Spawn
from core.imperio.board import UNITS
from core.imperio.render import status
from core.imperio.state import count
from core.protocol import Action
from webapp.imperio.board import OVERLAYS, ImperioBoard
from webapp.imperio.labels import (CHOICES_CSS, FLIP, HINT, LEGEND, LINK_NOTE, ON_BOARD, action_label, board_label,
                                   choice_label, overrun_html, piece_label, preview_html, result_html)
from webapp.imperio.model import Table, actor_actions, preview
from webapp.imperio.narration import SideNames, fights_html, move_log, narrate, odds_html
from webapp.imperio.newgame import FIRST_GAME, NewGameForm, start
from webapp.imperio.setup import PIECE_LABELS, SetupControls, same_turn
from webapp.shell.boards import Act
from webapp.shell.game_page import GamePage, GameView, create_page
from webapp.shell.pacing import BotPace
from webapp.shell.sections import Disclosure
from webapp.shell.screen import screen_viewer
from webapp.shell.session import HUMAN
from webapp.shell.widgets import FOCUS_CSS, BoardLabel, ButtonList, FocusKeeper, button, heading, html


ONE_ROW = {"width": "auto", "flex": "0 1 auto"}
"""The display checkboxes (overlays, flip) share one row under the board while it is wide enough."""


class ImperioView(GameView[ImperioState, ImperioBoard]):
    """Imperio Bellum's board, moves, odds, setup tools, fights and new-game form."""

    game = GAME
    title = "Imperio Bellum"
    tagline = "Knights, archers, pikemen and footsoldiers fight dice duels on a 9×9 field; see the odds first."
    footer = ("Rules: Imperio Bellum by Mastina (MafiaScum wiki), with Rulebox's rulings. "
              "Red attacks from rank 1, blue defends from rank 9.")
    default_seats = (HUMAN, GAME.default_bot)
    board_width = 680
    nothing_to_undo = "Nothing to undo: undo goes back within your current turn, and never past a die roll."
    keys = ("e", "c", "Escape", "f", "s")
    key_rows = (
        ("Tab / Shift+Tab", "move between the pieces, their moves and the other controls"),
        ("Enter or Space", "press the focused button"),
        ("C", "confirm the attack whose odds are shown"),
        ("Escape", "cancel the attack, or drop the selection"),
        ("E", "end the turn"),
        ("U", "undo within the current turn (never past a die roll)"),
        ("F", "flip the board (turn it 180°)"),
        ("S", "skip to the end of the bot's turn (when it is shown action by action)"),
    )

    def __init__(self, page: GamePage[ImperioState, ImperioBoard]) -> None:
        super().__init__(page)
        self.table = Table()
        self._pending_shown: Action | None = None
        self._overrun_shown: tuple[int, int] | None = None

    def board(self, state: ImperioState, act: Act) -> ImperioBoard:
        return ImperioBoard(state, act, self.table)

    def attach(self) -> None:
        session = self.page.session
        self.battle = self.page.board
        self.battle.on_square = self.tap
        self.battle.home = lambda: self.home_seat()
        names = SideNames(session)
        self.log = move_log(session, names)
        self.form = NewGameForm(session)
        self.focus = FocusKeeper()
        self.board_label = BoardLabel(label=board_label(False))
        self.overlay_boxes = pn.widgets.CheckBoxGroup(
            options={label: key for key, label in OVERLAYS.items()}, value=sorted(self.battle.overlays),
            inline=True, stylesheets=[FOCUS_CSS], styles=ONE_ROW)
        self.overlay_boxes.param.watch(self.set_overlays, ["value"])
        self.flip = pn.widgets.CheckBoxGroup(options={FLIP: True}, value=[], inline=True, stylesheets=[FOCUS_CSS],
                                             styles=ONE_ROW)
        """One checkbox (a group of one names it for assistive technology)."""
        self.flip.param.watch(self.set_flip, ["value"])
        self.prompt = html("", sizing_mode="stretch_width")
        self.odds = html("", sizing_mode="stretch_width")
        self.confirm = button("Confirm the attack (C)", color="danger")
        self.confirm.on_click(lambda _e: self.confirm_attack())
        self.cancel = button("Cancel (Escape)", variant="outline")
        self.cancel.on_click(lambda _e: self.cancel_attack())
        self.odds_box = pn.Column(heading("Odds before the attack", 3), self.odds, pn.Row(self.confirm, self.cancel),
                                  visible=False, sizing_mode="stretch_width")
        self.choices = ButtonList(self.press_choice, group_label="Choices", margin=(0, 5), sizing_mode="stretch_width",
                                  stylesheets=[CHOICES_CSS])
        self.pieces = ButtonList(self.press_piece, group_label="Your pieces that can act", margin=(0, 5),
                                 sizing_mode="stretch_width")
        self.piece_moves = ButtonList(self.press_piece_move, group_label="Moves of the selected piece",
                                      margin=(0, 5), sizing_mode="stretch_width")
        self.pieces_heading = heading("Your pieces that can act", 4)
        self.moves_heading = heading("Moves of the selected piece", 4)
        self.spawn_unit = pn.widgets.Select(label="Unit to spawn (then tap a base, then a square next to it)",
                                            options={}, stylesheets=[FOCUS_CSS], width=340)
        self.spawn_unit.param.watch(self._on_spawn_unit, ["value"])
        self.setup = SetupControls(self.table, self.play_ok, lambda: self.page.refresh())
        for choice in (self.setup.palette, self.setup.operation, self.spawn_unit):
            self.battle.choices.carry(choice)
        self.all_actions = pn.widgets.Select(label="Every legal action (choose one, then play it)",
                                             options={}, size=6, stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.play_listed = button("Play the chosen action", color="primary")
        self.play_listed.on_click(lambda _e: self.play_from_list())
        self.waiting = html("", margin=(0, 5))
        session.whole_turns = True  # a bot's turn is many actions: the self.page shows it in one update
        self.pace = BotPace(session, skip_key="s")
        self.fights = html("", sizing_mode="stretch_width")
        self.link_note = html(f"<p class='rb-help'>{escape(LINK_NOTE)}</p>", sizing_mode="stretch_width",
                              visible=False)
        self._listed: list[Action] = []
        self._choice_actions: list[Action] = []
        self._piece_squares: list[int] = []
        self._move_actions: list[Action] = []
        if not self.page.link.opened_a_link:
            start(session, GAME.default_bot, "attacker", **FIRST_GAME)

    def controls(self) -> list[Any]:
        """Under the board: how to read and show it (the display options in one row)."""
        return [
            self.board_label, pn.FlexBox(self.overlay_boxes, self.flip, gap="0 12px", flex_wrap="wrap",
                                         sizing_mode="stretch_width"),
            html(HINT, margin=(0, 5), sizing_mode="stretch_width"), self.focus,
        ]

    def panels(self) -> list[Any]:
        """Beside the board (under it on a phone), first what the player acts on: the question, the odds and
        Confirm, the moves, the dice rolled; then the log, the full list of actions and the legend (the shell's
        "More" fold follows with the text and the share link)."""
        return [
            self.page.refused, self.prompt, self.odds_box,
            heading("Your moves", 3), self.waiting, self.choices, self.page.undo_button,
            self.pieces_heading, self.pieces, self.moves_heading, self.piece_moves, self.spawn_unit, self.setup,
            self.pace,
            heading("Dice rolled", 3), self.fights,
            Disclosure("Move log", self.log), Disclosure("All legal actions", self.all_actions, self.play_listed),
            Disclosure("What the board shows", html(LEGEND, margin=(0, 5), sizing_mode="stretch_width")),
        ]

    def tools(self) -> list[Any]:
        return [self.link_note]

    def setup_form(self) -> Any | None:
        return self.form

    def score_line(self) -> str:
        state = self.shown()
        if state.attacker is None:
            return ""
        sides = ((state.attacker, "Red"), (state.defender, "Blue"))
        return " · ".join(f"{colour} {state.units_of(p)} units, {count(state.board, p, bases=True)} bases"
                          for p, colour in sides)

    # --- the game's words -------------------------------------------------------------

    def narrate(self, before: ImperioState | None, action: Action | None, after: ImperioState) -> str:
        if before is None or action is None:
            return ""
        return narrate(before, action, after, screen_viewer(self.page.session))

    def status(self) -> str:
        state = self.shown()
        line = status(state)
        if self.page.session.thinking:
            line += " The bot is thinking…"
        return line

    def viewer(self) -> int | None:
        """The human's seat; with two people at the screen, the side to act (reserves the rules hide stay hidden)."""
        return screen_viewer(self.page.session)

    def home_seat(self) -> int | None:
        """The seat whose back rank is at the bottom of the board: the one human's (None: the attacker's, as with
        two people at the screen)."""
        return self.viewer() if self.page.session.seats.count(HUMAN) == 1 else None

    def shown(self) -> ImperioState:
        return self.state.view(self.viewer())

    # --- acting -----------------------------------------------------------------------

    def play_ok(self, action: Action) -> bool:
        """Play ``action``; True when the rules accepted it."""
        self.page.play(action)
        return not self.page.notice

    def say(self, text: str) -> None:
        """Show ``text`` as the notice (and redraw even when it is unchanged)."""
        if self.page.notice != text:
            self.page.notice = text
        else:
            self.page.refresh()

    def tap(self, sq: int) -> None:
        """A tap on the board's square ``sq``."""
        page = self.page
        if not self.interactive():
            self.say("Wait: it is not your turn." if not page.session.state.is_over else
                     "The game is over; start a new game.")
            return
        state = self.state
        action, reason = self.table.tap(state, sq)
        if action is not None:
            page.play(action)
        else:
            self.say(reason)

    def choose(self, action: Action) -> None:
        """An action chosen from a list: attacks and shots wait for confirmation after their odds."""
        if isinstance(action, (Attack, Shot)):
            self.table.pending = action
            self.table.selected = action.frm
            self.say("")
        else:
            asked = self.focus.version
            self.page.play(action)
            if not self.page.notice and self.focus.version == asked:  # unless the redraw asked a question
                self.keep_focus_on_next_piece()

    def keep_focus_on_next_piece(self) -> None:
        """After a move from the lists, a focus lost with the pressed button goes on to the next piece that can
        act (or to "End the turn"), so a keyboard player goes on where they were."""
        state = self.state
        squares = self.table.ready_pieces(state) if self.interactive() else []
        self.focus.keep(piece_label(state, squares[0]) if squares else "End the turn")

    def confirm_attack(self) -> None:
        pending = self.table.pending
        if pending is None:
            self.say("No attack is waiting: choose one of your pieces, then its target.")
            return
        self.table.pending = None
        self.focus.keep("End the turn")
        self.page.play(pending)

    def cancel_attack(self) -> None:
        if self.table.pending is not None:
            self.table.pending = None
        else:
            self.table.selected = None
        self.say("")

    def press_choice(self, index: int) -> None:
        self.choose(self._choice_actions[index])

    def press_piece(self, index: int) -> None:
        """Select a piece from the list; the focus goes on to its first move."""
        sq = self._piece_squares[index]
        self.table.selected, self.table.pending = sq, None
        state = self.state
        moves = self.table.piece_actions(state, sq)
        if moves:
            self.focus.keep(action_label(state, moves[0]), force=True)
        self.say("")

    def press_piece_move(self, index: int) -> None:
        self.choose(self._move_actions[index])

    def play_from_list(self) -> None:
        index = self.all_actions.value
        if not isinstance(index, int) or not 0 <= index < len(self._listed):
            self.say("Choose an action in the list first.")
            return
        self.choose(self._listed[index])

    def set_overlays(self, *_: Any) -> None:
        self.battle.overlays = set(self.overlay_boxes.value)
        self.battle.redraw()

    def set_flip(self, *_: Any) -> None:
        """Turn the board 180° from the side it is seen from (or back)."""
        self.battle.turned = bool(self.flip.value)
        self.page.refresh()

    def _on_spawn_unit(self, *_: Any) -> None:
        if self.spawn_unit.value:
            self.table.hand = self.spawn_unit.value
            self.battle.redraw()

    def undo_reaches(self, earlier: ImperioState, now: ImperioState) -> bool:
        """Undo goes back within the current turn (or setup step), never over a die roll."""
        return same_turn(earlier, now)

    def undone(self) -> None:
        self.table.clear()

    def on_key(self, key: str) -> None:
        if key == "e":
            self.page.play(EndTurn())
        elif key == "c":
            self.confirm_attack()
        elif key == "Escape":
            self.cancel_attack()
        elif key == "f":
            self.flip.value = [] if self.flip.value else [True]
        elif key == "s":
            self.page.session.skip_turn()

    # --- redrawing --------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.page.session
        state = session.state
        mine = self.interactive()
        actions = actor_actions(state) if mine else []
        self._refresh_choices(state, actions)
        self._refresh_pieces(state, mine)
        self._refresh_attack(state, mine)
        spawns = sorted({a.unit for a in actions if isinstance(a, Spawn)}, key=UNITS.index)
        self.spawn_unit.options = {PIECE_LABELS[u]: u for u in spawns}
        self.spawn_unit.visible = bool(spawns)
        if spawns:
            self.spawn_unit.value = self.table.hand_for(state)
        self.setup.refresh(state, mine)
        self._listed = actions
        self.all_actions.options = {str(a): i for i, a in enumerate(actions)}
        self.all_actions.visible = self.play_listed.visible = bool(actions)
        self.board_label.label = board_label(self.battle.flipped)
        self.fights.object = fights_html(session.steps)
        self.link_note.visible = not state.options["public_reserves"]
        text = self._waiting_text()
        self.waiting.object = f"<p>{escape(text)}</p>" if text else ""

    def _waiting_text(self) -> str:
        state = self.page.session.state
        if state.is_over:
            return "The game is over. Start a new game to play again."
        if self.interactive():
            return ""
        return "The bot is thinking…" if self.page.session.thinking else "Waiting for the bot."

    def _refresh_choices(self, state: ImperioState, actions: list[Action]) -> None:
        choices = [a for a in actions if not isinstance(a, ON_BOARD)]
        labels = [choice_label(a) for a in choices]
        self._choice_actions = choices
        self.choices.relabel(labels)
        overrun = state.overrun if choices and isinstance(choices[0], Overrun) else None
        if overrun is not None:
            self.prompt.object = overrun_html(overrun[1])
            if overrun != self._overrun_shown:
                self.focus.keep("Capture the base", force=True)
        else:
            self.prompt.object = preview_html(state) if choices and preview(state) else result_html(state)
        self._overrun_shown = overrun

    def _refresh_pieces(self, state: ImperioState, mine: bool) -> None:
        squares = self.table.ready_pieces(state) if mine else []
        labels = [piece_label(state, sq) for sq in squares]
        self._piece_squares = squares
        self.pieces.relabel(labels)
        self.pieces_heading.visible = self.pieces.visible = bool(squares)
        selected = self.table.selected
        moves = self.table.piece_actions(state, selected) if mine and selected is not None else []
        self._move_actions = moves
        self.piece_moves.relabel([action_label(state, a) for a in moves])
        self.moves_heading.visible = self.piece_moves.visible = bool(moves)

    def _refresh_attack(self, state: ImperioState, mine: bool) -> None:
        pending = self.table.pending if mine else None
        self.odds_box.visible = pending is not None
        if pending is None:
            self._pending_shown = None
            return
        self.odds.object = odds_html(state, pending)
        self.confirm.label = f"Confirm {pending} (C)"
        if pending != self._pending_shown:
            self.focus.keep("Confirm", force=True)
        self._pending_shown = pending


def create_app() -> pn.Template:
    """A new Imperio Bellum page (one per browser session)."""
    return create_page(GamePage(ImperioView))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="Imperio Bellum - Rulebox")
