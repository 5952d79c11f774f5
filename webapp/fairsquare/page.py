"""The Fair and Square page: place four pieces on a Bokeh board, then watch the 15 turns play out.

Serve it with ``panel serve webapp/fairsquare/page.py``; ``create_app()`` builds one page.
The page opens on one board: you and three greedy bots.  Everything about the rules
comes from :mod:`core.fairsquare`: legal squares and the live ">= 3 types" check
(``state.allowed_types``), refusals (``why_illegal``), hidden placements
(``state.view``), the turn trace, piece cards and the tie-break behind each place.
This module arranges the board (:mod:`.board`), the placement controls, the round
player (:mod:`.watch`), the match and places tables (:mod:`.tables`) and the new-game form
(:mod:`.setup`).

Hot-seat: with several human seats, each placement hides behind a "pass the device"
screen; the board, the text view and the controls show only the revealed player's pieces.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import panel as pn

from core.fairsquare import GAME, Confirm, FairSquareState, Lift, Place, Reorder
from core.fairsquare.placement import PIECES
from core.protocol import Action
from webapp.fairsquare.board import FairBoard, Picture
from webapp.fairsquare.frames import Frame, placement_frame
from webapp.fairsquare.placing import (check_html, curtain_html, garnets_html, legend_html, palette_labels,
                                      status_line)
from webapp.fairsquare.setup import SetupDialog
from webapp.fairsquare.tables import NAMES, match_html, places_html, played_words
from webapp.fairsquare.watch import RoundPlayer
from webapp.shell.boards import Act
from webapp.shell.game_page import GamePage, GameView, create_page
from webapp.shell.screen import Curtain, human_seats, secret_step_words
from webapp.shell.session import HUMAN, Step
from webapp.shell.widgets import FOCUS_CSS, BoardLabel, ButtonList, FocusKeeper, button, default_label, heading, html


class FairSquareView(GameView[FairSquareState, FairBoard]):
    """Placement controls, the round player, the match table and the new-game form."""

    game = GAME
    title = "Fair and Square"
    tagline = ("Place four self-moving pieces in secret, then watch 15 turns play out by the pieces' own rules: "
               "owned point squares rank the board.")
    footer = ("Rules: Fair and Square (The Genius: Tempo Up), main match by Zero; the original piece cards are lost, "
              "so the pieces are this project's design (Rulebox rules notes).")
    default_seats = (HUMAN, GAME.default_bot, GAME.default_bot, GAME.default_bot)
    default_options = MappingProxyType({"single_board": True})
    """One board of four (the engine's default is the 8-player match)."""
    board_width = 560
    keys = ("p", ",", ".", "c", "w", *(str(k) for k in range(1, 9)))
    key_rows = (
        ("Tab / Shift+Tab", "move between the piece types, the placement buttons and the other controls"),
        ("1 – 8", "choose that piece type of the palette"),
        ("C", "confirm your placement (all four pieces placed)"),
        ("W", "switch between watching the played boards and your placement"),
        ("P", "play or pause the turns"),
        (", / .", "one turn back / forward"),
        ("U", "undo your last placement step"),
    )

    autoplay = True
    """Play a newly played board at once (tests switch it off)."""

    def board(self, state: FairSquareState, act: Act) -> FairBoard:
        return FairBoard(state, act)

    # --- set-up ------------------------------------------------------------------------

    def attach(self) -> None:
        session = self.page.session
        self.page.board.on_square = self.tap
        session.held = True  # the bots wait until the self.page is served, so its first response stays quick
        pn.state.onload(lambda: setattr(session, "held", False))
        self.kind = ""
        """The piece type chosen in the palette."""
        self.hot_seat = Curtain(session)
        """Hot-seat: its holder is the human whose placement is uncovered."""
        self.watching = False
        self.told = ""
        """The narration shown above the text view (see :meth:`narrate`)."""
        self.shown: FairSquareState | None = None
        """The state the last refresh showed."""
        self.player = RoundPlayer(NAMES, self.redraw)
        self.player.param.watch(lambda e: None if e.new else self.page.refresh(), ["before"])
        self.dialog = SetupDialog(session, NAMES)
        self.curtain_text = html("", sizing_mode="stretch_width")
        self.reveal_button = button("Show my placement", color="primary")
        self.reveal_button.on_click(lambda _event: self.reveal())
        self.curtain = pn.Column(self.curtain_text, self.reveal_button, sizing_mode="stretch_width")
        self.palette = ButtonList(self._choose, group_label="Piece types", margin=(0, 5),
                                  sizing_mode="stretch_width")
        self.check = html("", sizing_mode="stretch_width")
        self.actions: list[Action] = []
        self.action_list = ButtonList(self._press, group_label="Your legal actions", margin=(0, 5),
                                      sizing_mode="stretch_width")
        self.confirm_button = button("Confirm placement (C)", color="primary")
        self.confirm_button.on_click(lambda _event: self.confirm())
        self.garnet_kind = pn.widgets.Select(label="Re-order the moves of", options=[], stylesheets=[FOCUS_CSS],
                                             width=200)
        self.garnet_letters = pn.widgets.TextInput(label="New letter order", stylesheets=[FOCUS_CSS], width=160)
        self.garnet_kind.param.watch(self._show_letters, ["value"])
        self.garnet_button = button("Spend a garnet", variant="outline")
        self.garnet_button.on_click(lambda _event: self.spend())
        self.garnet_text = html("", sizing_mode="stretch_width")
        self.garnets = pn.Column(heading("Garnets", 3), self.garnet_text,
                                 pn.Row(self.garnet_kind, self.garnet_letters), self.garnet_button,
                                 sizing_mode="stretch_width")
        self.placing_box = pn.Column(self.palette, self.confirm_button, self.check, self.garnets,
                                     sizing_mode="stretch_width")
        self.actions_box = pn.Column(heading("Your legal actions", 4), self.action_list, sizing_mode="stretch_width")
        self.watch_button = button("Watch the played boards (W)", variant="outline")
        self.watch_button.on_click(lambda _event: self.toggle_watch())
        self.legend = html("", sizing_mode="stretch_width")
        self.focus = FocusKeeper()
        self.board_label = BoardLabel(label="Board and score chart (the text view and the lists say the same)")
        self.match = html("", sizing_mode="stretch_width")
        self.result = html("", sizing_mode="stretch_width")
        self.watch_box = pn.Column(self.player, self.result, sizing_mode="stretch_width")

    # --- who acts ------------------------------------------------------------------------

    def humans(self) -> list[int]:
        """The human seats."""
        return human_seats(self.page.session)

    def viewer(self) -> int | None:
        """The one human; in hot-seat the holder of the device while they place, else nobody's seat (core's
        spectator view, which shows no unplayed placement)."""
        humans, holder = self.humans(), self.hot_seat.holder
        if len(humans) == 1:
            return humans[0]
        return holder if isinstance(holder, int) and holder in self.page.session.human_actors else None

    def placer(self) -> int | None:
        """The human who may place now on this screen (None behind the curtain or while bots place)."""
        state = self.state
        if state.voters:
            return None
        who = self.viewer()
        return who if who is not None and who in self.page.session.human_actors else None

    def curtain_for(self) -> int | None:
        """Hot-seat: the human the device must be passed to, or None."""
        session = self.page.session
        state = self.state
        if state.voters or not session.human_actors or self.placer() is not None:
            return None
        chooser = session.human_actors[0]
        return chooser if self.hot_seat.closed(state, chooser) else None

    def interactive(self) -> bool:
        return self.placer() is not None and not self.watching

    def settled(self) -> bool:
        return self.player.before is None

    # --- actions -----------------------------------------------------------------------

    def reveal(self) -> None:
        """Hot-seat: uncover the placement of the player the device was passed to."""
        self.hot_seat.hand_to(self.curtain_for())
        self.page.refresh()

    def tap(self, square: int) -> None:
        """A tap on the board: a piece's card while watching; else place the chosen type, or lift a piece."""
        if self.watching:
            self.player.tap(square)
            return
        player = self.placer()
        if player is None:
            self.page.notice = "Not possible: nobody may place on this screen now."
            return
        state = self.state
        if any(s == square for _, s in state.placements[player].pieces):
            self.page.play(Lift(square), player)
        elif not self.kind:
            self.page.notice = "Not possible: all four pieces are placed; confirm, or click one to lift it."
        else:
            self.page.play(Place(self.kind, square), player)

    def confirm(self) -> None:
        player = self.placer()
        if player is None:
            self.page.notice = "Not possible: nobody may confirm a placement on this screen now."
        else:
            self.page.play(Confirm(), player)

    def spend(self) -> None:
        """Spend a garnet: the chosen type's moves in the typed letter order."""
        player = self.placer()
        if player is not None and self.garnet_kind.value:
            letters = (self.garnet_letters.value or "").strip().upper()[:12]
            self.page.play(Reorder(self.garnet_kind.value, letters), player)

    def toggle_watch(self) -> None:
        """Switch between the played boards and the placement."""
        if self.player.records:
            self.player.stop()
            self.watching = not self.watching or not self.state.placing
            self.page.refresh()
            self.focus.keep("Play (P)" if self.watching else "1: ")

    def _choose(self, index: int) -> None:
        roster = self.state.roster()
        if 0 <= index < len(roster):
            self.kind = roster[index].name
            self.page.notice = ""
            self.page.refresh()

    def _press(self, index: int) -> None:
        humans = self.page.session.human_actors
        actor = self.placer()
        if actor is None and humans:
            actor = humans[0]
        if actor is not None and 0 <= index < len(self.actions):
            self.page.play(self.actions[index], actor)

    def on_key(self, key: str) -> None:
        if key.isdigit():
            self._choose(int(key) - 1)
        elif key == "c":
            self.confirm()
        elif key == "w":
            self.toggle_watch()
        elif self.watching and key == "p":
            self.player.toggle()
        elif self.watching and key in ",.":
            self.player.step(-1 if key == "," else 1)

    def narrate(self, before: FairSquareState | None, action: Action | None, after: FairSquareState) -> str:
        """A played board's places (kept while bots act), else what a person at the table just did."""
        if before is None or action is None:
            return self.told
        lines = [played_words(record) for record in after.records[len(before.records):]]
        session = self.page.session
        actor = session.steps[-1].actor if session.steps else None
        if lines:
            self.told = " ".join(lines)
        elif actor is not None and session.is_human(actor):
            self.told = f"{NAMES[actor]}: {action}."
        return self.told

    def secret_narration(self, step: Step) -> str:
        """A bot's hidden placement keeps the last played board's places; a person's is told without what it was."""
        if self.page.session.is_human(step.actor):
            self.told = secret_step_words(step, NAMES[step.actor])
        return self.told

    def status(self) -> str:
        thinking = self.page.session.thinking
        return self.player.banner() or status_line(self.state, self.curtain_for(), self.placer(), thinking)

    # --- keeping up --------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        if self.hot_seat.holder not in self.page.session.human_actors:
            self.hot_seat.hand_to(None)  # a confirmed (or undone) placement goes back behind the curtain
        self._follow_records(state)
        if not state.placing:
            self.watching = bool(state.records)
        player = self.placer()
        curtain = self.curtain_for()
        if curtain is not None:
            self.curtain_text.object = curtain_html(curtain)
            self.reveal_button.label = f"I am {NAMES[curtain]}: show my placement"
        self.curtain.visible = curtain is not None and not self.watching
        self.watch_box.visible = self.watching
        self.placing_box.visible = player is not None and not self.watching
        if player is not None:
            self._show_placement(state, player)
        self._show_actions(state, player)
        self.watch_button.visible = bool(state.records) and state.placing
        self.watch_button.label = "Back to the placement (W)" if self.watching else "Watch the played boards (W)"
        self.match.object = match_html(self.player.before or state, self.page.session.seats, self.humans())
        self.redraw()

    def _follow_records(self, state: FairSquareState) -> None:
        """Offer every played board to the round player.  A board just played by the last action starts
        playing; a game opened from a link (or a new game, an undo) shows its latest board's end."""
        shown, self.shown = self.shown, state
        if state is shown or state.records == self.player.records:
            return
        steps = self.page.session.steps
        played = bool(steps) and steps[-1].after is state and steps[-1].before is shown
        self.player.load(state.records, None)
        if not state.records:
            self.watching = False
            return
        new = range(len(steps[-1].before.records) if played else 0, len(state.records))
        mine = [k for k in new if set(state.records[k].players) & set(self.humans())]
        if played and not mine and (self.player.record is not None or self.page.session.human_actors):
            self.player.load(state.records, None)  # a board of bots only: offered, what is shown stays
            return
        self.player.load(state.records, mine[-1] if mine else len(state.records) - 1)
        self.watching = True
        if played and self.autoplay:
            self.player.play(steps[-1].before)
            self.focus.keep("Pause (P)")
        elif not played:
            self.player.last()

    def _show_placement(self, state: FairSquareState, player: int) -> None:
        roster = state.roster()
        allowed = state.allowed_types(player)
        if self.kind not in allowed:
            self.kind = allowed[0] if allowed else ""
        labels = palette_labels(state, allowed, self.kind)
        self.palette.relabel(labels)
        self.check.object = check_html(state, player, allowed, self.kind)
        self.confirm_button.disabled = len(state.placements[player].pieces) < PIECES
        garnets_on = state.options["garnets"] == "on"
        spent = state.placements[player].letters
        self.garnets.visible = garnets_on and (state.garnets[player] > 0 or bool(spent))
        if self.garnets.visible:
            names = [t.name for t in roster]
            if self.garnet_kind.options != names:
                self.garnet_kind.options = names
            self.garnet_text.object = garnets_html(state, player)

    def _show_letters(self, *_: Any) -> None:
        state = self.state
        kind = next((t for t in state.roster() if t.name == self.garnet_kind.value), None)
        if kind is not None:
            self.garnet_letters.value = kind.letters

    def _show_actions(self, state: FairSquareState, player: int | None) -> None:
        session = self.page.session
        if state.voters and session.human_actors:
            actions = list(state.legal_actions(session.human_actors[0]))
        elif player is not None and not self.watching:
            listed = state.legal_actions(player)
            actions = [a for a in listed if not isinstance(a, Place) or a.kind == self.kind]
            actions += [Lift(s) for _, s in state.placements[player].pieces]
        else:
            actions = []
        self.actions = actions
        labels = [default_label(a) for a in actions]
        self.action_list.relabel(labels)
        self.actions_box.visible = bool(actions)

    def picture(self) -> Picture:
        """What the board shows now: the watched turn, or the placement the viewer may see."""
        state = self.state
        record = self.player.record
        if (self.watching or not state.placing) and record is not None:
            roster = tuple(t.name for t in state.match.pieces.roster(record.round_number))
            shown = self.player.picture(roster)
            assert shown is not None
            return shown
        if not state.placing:  # over, no played board in view yet (the round player is loading it)
            return Picture(state.match.boards[-1][0], Frame(0, ()), tuple(t.name for t in state.roster()))
        who = self.viewer()
        anchor = who if who is not None else self.curtain_for()
        group = state.group_of(anchor) if anchor is not None else 0
        player = self.placer()
        roster = tuple(t.name for t in state.roster())
        placeable: frozenset[int] = frozenset()
        if player is not None and len(state.placements[player].pieces) < PIECES:
            placeable = state.board_of(player).legal - {s for _, s in state.placements[player].pieces}
        board = state.match.boards[state.round_number - 1][group]
        return Picture(board, placement_frame(state, who, group), roster, placeable)

    def redraw(self) -> None:
        """Draw the board, its legend and the watched board's result."""
        picture = self.picture()
        self.page.board.draw(picture)
        self.legend.object = legend_html(picture.roster)
        record = self.player.record
        self.result.object = "" if not self.watching or record is None else \
            "<p class='rb-help' style='margin:0.2em 0'>The board's places show after turn 15.</p>" \
            if self.player.turn < self.player.last_turn else places_html(record)

    # --- layout --------------------------------------------------------------------------

    def controls(self) -> list[Any]:
        return [self.page.refused, self.curtain, self.watch_box, self.placing_box, self.actions_box,
                pn.Row(self.watch_button, self.page.undo_button), self.legend, self.board_label, self.focus]

    def panels(self) -> list[Any]:
        return [heading("Match"), self.match]

    def setup_form(self) -> SetupDialog:
        return self.dialog


def create_app() -> pn.Template:
    """A new Fair and Square page (one per browser session)."""
    return create_page(GamePage(FairSquareView))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="Fair and Square - Rulebox")
