"""The Fair and Square new-game form: one board of 2-4 players or the 8-player match, seats, boards,
piece set and garnets.

The shell's generic form shows every engine option as it is stored (a board list, a
piece-set object); this one asks in words and reads pasted board and piece-set JSON
(validated by the engine, whose refusal names the field).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

import panel as pn

from core.fairsquare import DEFAULT_BOARD
from core.protocol import JSON, thaw
from webapp.shell.newgame import FormValues, StartGuard, deal_number, start_game
from webapp.shell.session import HUMAN, GameSession, seat_choices
from webapp.shell.widgets import FOCUS_CSS, button, heading, html

MATCH_SEATS = 8
MAX_JSON_CHARS = 20_000
"""Pasted boards and piece sets longer than this are refused before parsing."""


def parse_json(text: str, what: str) -> JSON:
    """Pasted JSON, or ValueError naming ``what`` and the problem."""
    text = text.strip()
    if not text:
        raise ValueError(f"paste the {what} as JSON first")
    if len(text) > MAX_JSON_CHARS:
        raise ValueError(f"the {what} is longer than {MAX_JSON_CHARS:,} characters")
    try:
        value: JSON = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(f"the {what} is not valid JSON") from None
    return value


class SetupDialog(pn.viewable.Viewer):
    """Choose the kind of game and its options, then "Start new game"."""

    def __init__(self, session: GameSession, names: Sequence[str], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        select = dict(stylesheets=[FOCUS_CSS], width=320)
        self.kind = pn.widgets.Select(label="Game", options={"One board (quick game)": "board",
                                                            "The 8-player match (two boards a round)": "match"},
                                      **select)
        self.per_board = pn.widgets.Select(label="Players on the board", options=[4, 3, 2], **select)
        self.seats = [pn.widgets.Select(label=f"{name} player", options=seat_choices(session.game),
                                        value=HUMAN if k == 0 else session.game.default_bot, **select)
                      for k, name in enumerate(names[:MATCH_SEATS])]
        self.rounds = pn.widgets.Select(label="Rounds", options=[3, 2, 1], **select)
        self.boards = pn.widgets.Select(label="Boards", options={
            "Generated (new symmetric boards each round)": "generated",
            "The rulebook's default board": "default", "My own board (paste JSON)": "custom"}, **select)
        self.board_json = pn.widgets.TextAreaInput(
            label="Board JSON (square: points, e.g. {\"D4\": 3, \"A1\": 2})", height=80,
            stylesheets=[FOCUS_CSS], width=320)
        self.pieces = pn.widgets.Select(label="Piece set", options={
            "project_v1 (this project's design)": "project_v1", "My own set (paste fas-pieces/1 JSON)": "custom"},
            **select)
        self.pieces_json = pn.widgets.TextAreaInput(label="Piece set JSON (schema fas-pieces/1)", height=80,
                                                    stylesheets=[FOCUS_CSS], width=320)
        self.garnets = pn.widgets.Select(label="Garnets", options={"on": "on", "off": "off"}, **select)
        self.seed = pn.widgets.TextInput(label="Deal number (blank: random)", stylesheets=[FOCUS_CSS], width=320)
        self.start_button = button("Start new game", color="primary")
        self.start_button.on_click(lambda _event: self.start())
        self.guard = StartGuard(self.session)
        self.error = self.guard.error
        for widget in (self.kind, self.per_board, self.boards, self.pieces):
            widget.param.watch(self._show, ["value"])
        session.param.watch(self._sync, ["seats"])
        self._sync()

    def seat_count(self) -> int:
        """Seats of the chosen kind of game."""
        return MATCH_SEATS if self.kind.value == "match" else int(self.per_board.value)

    def options(self) -> dict[str, JSON]:
        """The engine options the form describes (ValueError for unreadable pasted JSON)."""
        match = self.kind.value == "match"
        options: dict[str, JSON] = {"players_per_board": 4 if match else int(self.per_board.value),
                                    "single_board": not match, "rounds": int(self.rounds.value),
                                    "garnets": self.garnets.value}
        if self.boards.value == "generated":
            options["board_source"] = "generated"
        else:
            custom = self.boards.value == "custom"
            board = parse_json(self.board_json.value or "", "board") if custom else DEFAULT_BOARD
            options.update(board_source="data", boards=[board])
        if self.pieces.value == "custom":
            options["piece_set"] = parse_json(self.pieces_json.value or "", "piece set")
        return options

    def values(self) -> FormValues:
        """Seats, deal number and options for :func:`webapp.shell.newgame.start_game`."""
        options = self.options()
        return [w.value for w in self.seats[:self.seat_count()]], deal_number(self.seed.value), options

    def start(self) -> None:
        """Start the described game, or say why not (the current game stays)."""
        start_game(self.session, self.values, self.guard)

    def _show(self, *_: Any) -> None:
        count = self.seat_count()
        self.per_board.visible = self.kind.value != "match"
        for k, widget in enumerate(self.seats):
            widget.visible = k < count
        self.board_json.visible = self.boards.value == "custom"
        self.pieces_json.visible = self.pieces.value == "custom"

    def _sync(self, *_: Any) -> None:
        """Show the current game's settings, so Start replays them with a new deal."""
        options = self.session.state.options
        single = options["players_per_board"] < 4 or options["single_board"]
        self.kind.value = "board" if single else "match"
        self.per_board.value = options["players_per_board"]
        self.rounds.value = options["rounds"]
        self.garnets.value = options["garnets"]
        for widget, seat in zip(self.seats, self.session.seats, strict=False):
            widget.value = seat
        if options["board_source"] == "generated":
            self.boards.value = "generated"
        elif thaw(options["boards"]) == [DEFAULT_BOARD]:
            self.boards.value = "default"
        else:
            self.boards.value = "custom"
            self.board_json.value = json.dumps(thaw(options["boards"])[0])
        if isinstance(options["piece_set"], str):
            self.pieces.value = options["piece_set"]
        else:
            self.pieces.value = "custom"
            self.pieces_json.value = json.dumps(thaw(options["piece_set"]))
        self._show()

    def __panel__(self) -> pn.viewable.Viewable:
        help_text = ("One board: you and 1-3 others (people or bots) on the same board every round. The match: "
                     "8 players split into two boards of four each round, by one bit of their number.")
        return pn.Column(heading("New game"), html(f"<p class='rb-help'>{escape(help_text)}</p>"), self.kind,
                         self.per_board, *self.seats, self.rounds, self.boards, self.board_json, self.pieces,
                         self.pieces_json, self.garnets, self.seed, self.start_button, self.guard,
                         sizing_mode="stretch_width")
