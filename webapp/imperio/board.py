"""The Imperio Bellum board: a 9x9 Bokeh figure with labelled files and ranks, pieces and reserves.

Pieces are told apart by more than colour: the letter of their type (H B K A P F), the
shape of their side (red attacker: circles, blue defender: diamonds; bases are squares)
and an arrow pointing the way the side marches on the screen.  The board is seen from one
side: the attacker's back rank at the bottom unless it is *flipped* (turned 180°: rank 9 at
the bottom, files i to a from left to right); every square's place, the labels along the
edges and a tap's square follow the orientation, and the reserves of the side at the bottom
are drawn low beside the board.  A tap on a square
(a Bokeh ``Tap`` event) goes to :class:`~webapp.imperio.model.Table` through ``on_square``; what the board
highlights comes from the same table (the state's legal actions) and the overlay facts
of :mod:`core.imperio.overlays`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import panel as pn
from bokeh.events import DoubleTap, Tap
from bokeh.core.properties import field, value
from bokeh.models import ColumnDataSource, CustomJS, CustomJSTransform

from core.imperio import ImperioState
from core.imperio.board import FILES, SIZE, UNITS
from core.imperio.overlays import fire_lines, pike_zone
from core.imperio.render import COLOURS
from webapp.imperio.model import ALTER, ATTACK, PICK, PLACE, SHOT, SPAWN, STEP, Table, preview
from webapp.shell.boards import Act, Board, TapChoices, board_figure, update_bokeh
from webapp.shell.geometry import LEAST_FONT, to_pixels
from webapp.shell.session import Step as SessionStep

PIXELS = 50
LABEL_PIXELS = 15
"""Font size of the edge labels and the reserves' words on a full-size board."""
X_RANGE, Y_RANGE = (-0.7, 12.2), (-0.7, 9.3)
RESERVE_X = 9.6
ZONE, NEUTRAL, LINE = "#e6d6b0", "#f3ead2", "#8a7650"
FIRE_TINT = "#fff176"
SELECTED, READY = "#0d47a1", "#f9a825"
FRAMES = {ATTACK: "#b71c1c", SHOT: "#bf360c", PICK: "#0d47a1", ALTER: "#0d47a1"}
MARKS = {STEP: ("circle", 14, "#1b5e20"), SPAWN: ("plus", 22, "#1b5e20"), PLACE: ("plus", 22, "#0d47a1"),
         ATTACK: ("x", 12, "#b71c1c"), SHOT: ("asterisk", 13, "#bf360c"), ALTER: ("plus", 22, "#0d47a1")}
SHAPE_SIZES = {"square": 36, "circle": 38, "diamond": 50}
"""Pixels per shape, so that every piece looks about as large."""
PREVIEW_ALPHA = 0.3
PREVIEW_WORDS = "#5d4037"
PREVIEW_NOTES = {1: "Preview: the default army", 2: "Preview: the default armies"}
"""The caption across the neutral ranks while the board shows armies not yet deployed (by the number of sides)."""
OVERLAYS = {"zones": "Pikeman zones", "archers": "Archer lines and shielded squares", "entrenched": "Entrenched units"}


def shrinking(fig: Any, unit: str = "") -> CustomJSTransform:
    """Sizes in screen pixels (``unit`` "px": font sizes, never under :data:`LEAST_FONT`) that shrink with
    ``fig`` on a narrow screen.

    Bokeh draws markers and text at fixed pixel sizes while a scaled-down board's squares shrink;
    this keeps the pieces inside their squares and the reserves' words beside the board on a phone.
    """
    scale = ("const width = fig.properties.inner_width.is_unset ? 0 : fig.inner_width;"
             f"const k = width > 0 ? Math.min(1, width / {fig.width}) : 1;")
    shrunk = f"Math.max({LEAST_FONT}, x * k) + {unit!r}" if unit else "x * k"
    return CustomJSTransform(args={"fig": fig}, func=f"{scale} return {shrunk};",
                             v_func=f"{scale} return xs.map(x => {shrunk});")


def placed(file: int, rank: int, flipped: bool) -> tuple[int, int]:
    """Where file and rank indexes (0-8) sit on the screen, as column from the left and row from the bottom."""
    return (SIZE - 1 - file, SIZE - 1 - rank) if flipped else (file, rank)


def centre(sq: int, flipped: bool = False) -> tuple[float, float]:
    """The centre of a square in board units (file a on the left and rank 1 at the bottom unless ``flipped``)."""
    column, row = placed(sq % SIZE, sq // SIZE, flipped)
    return column + 0.5, row + 0.5


def square_at(x: float, y: float, flipped: bool = False) -> int | None:
    """The square under the board point ``(x, y)`` on a board so turned, or None off the board."""
    column, row = math.floor(x), math.floor(y)
    if not (0 <= column < SIZE and 0 <= row < SIZE):
        return None
    file, rank = placed(column, row, flipped)
    return file + SIZE * rank


def square_pixels(sq: int, flipped: bool = False) -> tuple[float, float]:
    """Where the centre of ``sq`` is, in pixels from the figure's top-left corner (for tests)."""
    size = ((X_RANGE[1] - X_RANGE[0]) * PIXELS, (Y_RANGE[1] - Y_RANGE[0]) * PIXELS)
    return to_pixels(*centre(sq, flipped), X_RANGE, Y_RANGE, size)


def edge_labels(flipped: bool) -> dict[str, list[Any]]:
    """The files' letters under the board and the ranks' numbers on its left, as the board is turned."""
    files = [centre(f, flipped)[0] for f in range(SIZE)]
    ranks = [centre(SIZE * r, flipped)[1] for r in range(SIZE)]
    return {"x": files + [-0.35] * SIZE, "y": [-0.35] * SIZE + ranks,
            "text": list(FILES) + [str(rank) for rank in range(1, SIZE + 1)]}


def side_colour(state: ImperioState, player: int) -> str:
    return COLOURS[0 if player == state.attacker else 1]


def columns(*names: str) -> dict[str, list[Any]]:
    return {n: [] for n in names}


class Picture:
    """Every data column of the board for one state, one selection, the overlays on and its orientation."""

    def __init__(self, state: ImperioState, table: Table, overlays: set[str], interactive: bool,
                 flipped: bool) -> None:
        self.state, self.table, self.overlays, self.flipped = state, table, overlays, flipped
        self.targets = table.targets(state) if interactive else {}
        self.ready = set(table.ready_pieces(state)) if interactive and table.selected is None else set()

    def cells(self) -> dict[str, list[Any]]:
        state = self.state
        data = columns("x", "y", "sq", "fill", "hatch", "hatch_color")
        zones = {p: pike_zone(state, p) for p in (0, 1)} if "zones" in self.overlays and state.attacker is not None \
            else {0: frozenset(), 1: frozenset()}
        fire = self.fire()
        for sq in range(SIZE * SIZE):
            x, y = self.at(sq)
            rank = sq // SIZE + 1
            data["x"].append(x)
            data["y"].append(y)
            data["sq"].append(sq)
            data["fill"].append(FIRE_TINT if sq in fire[0] else ZONE if rank <= 2 or rank >= 8 else NEUTRAL)
            owners = [p for p in (0, 1) if sq in zones[p]]
            data["hatch"].append("x" if len(owners) == 2 else
                                 ("/" if owners[0] == state.attacker else "\\") if owners else " ")
            data["hatch_color"].append(side_colour(state, owners[0]) if len(owners) == 1 else "#444444")
        return data

    def at(self, sq: int) -> tuple[float, float]:
        """The centre of ``sq`` on this board."""
        return centre(sq, self.flipped)

    def labels(self) -> dict[str, list[Any]]:
        """The files and ranks along the edges."""
        return edge_labels(self.flipped)

    def fire(self) -> tuple[set[int], set[int]]:
        """Squares on the lines of fire and shielded squares of the archers the overlay shows."""
        state = self.state
        lines: set[int] = set()
        shields: set[int] = set()
        if "archers" not in self.overlays or state.phase != "play":
            return lines, shields
        selected = self.table.selected
        chosen = [selected] if selected is not None and (p := state.board[selected]) is not None and p.kind == "A" \
            else [sq for sq, p in enumerate(state.board) if p is not None and p.kind == "A" and p.owner == state.mover]
        for sq in chosen:
            fire = fire_lines(state, sq)
            lines |= fire.lines
            shields |= fire.shielded
        return lines, shields

    def shields(self) -> dict[str, list[Any]]:
        data = columns("x", "y")
        for sq in sorted(self.fire()[1]):
            x, y = self.at(sq)
            data["x"].append(x)
            data["y"].append(y)
        return data

    def frames(self) -> dict[str, list[Any]]:
        data = columns("x", "y", "color", "width")

        def add(sq: int, colour: str, width: float) -> None:
            x, y = self.at(sq)
            data["x"].append(x)
            data["y"].append(y)
            data["color"].append(colour)
            data["width"].append(width)

        for sq in sorted(self.ready):
            add(sq, READY, 3.0)
        for sq, (kind, action) in sorted(self.targets.items()):
            if kind in FRAMES and (kind in (ATTACK, SHOT, PICK) or self.state.board[sq] is not None):
                add(sq, FRAMES[kind], 5.0 if action is not None and action == self.table.pending else 3.0)
        if self.table.selected is not None:
            add(self.table.selected, SELECTED, 5.0)
        return data

    def marks(self) -> dict[str, list[Any]]:
        data = columns("x", "y", "marker", "size", "color")
        for sq, (kind, _action) in sorted(self.targets.items()):
            if kind not in MARKS:
                continue
            marker, pixels, colour = MARKS[kind]
            size = float(pixels)
            x, y = self.at(sq)
            if self.state.board[sq] is not None:  # mark an occupied target in its corner, clear of the letter
                x, y, size = x + 0.33, y + 0.33, size * 0.8
            data["x"].append(x)
            data["y"].append(y)
            data["marker"].append(marker)
            data["size"].append(size)
            data["color"].append(colour)
        return data

    def pieces(self) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
        """The pieces' shapes and their words: the letter, the side's arrow and 'E' for entrenched pikemen."""
        state = self.state
        shapes = columns("x", "y", "marker", "size", "fill", "alpha")
        words = columns("x", "y", "text", "size", "color")

        def word(x: float, y: float, text: str, size: float, colour: str = "#ffffff") -> None:
            words["x"].append(x)
            words["y"].append(y)
            words["text"].append(text)
            words["size"].append(size)
            words["color"].append(colour)

        spent = state.phase == "play" and state.overrun is None
        for sq, piece in enumerate(state.board):
            if piece is None:
                continue
            x, y = self.at(sq)
            red = piece.owner == state.attacker
            shapes["x"].append(x)
            shapes["y"].append(y)
            marker = "square" if piece.is_base else "circle" if red else "diamond"
            shapes["marker"].append(marker)
            shapes["size"].append(SHAPE_SIZES[marker])
            shapes["fill"].append(side_colour(state, piece.owner))
            done = spent and piece.owner == state.mover and piece.uid in state.usage and not state.can_act(sq)
            shapes["alpha"].append(0.5 if done else 1.0)
            word(x, y + 0.02, piece.kind, 19)
            word(x + 0.3, y - 0.3, "▲" if red != self.flipped else "▼", 11, "#222222")
            if piece.is_base and piece.home != piece.owner:
                word(x - 0.3, y + 0.3, "©", 12, "#222222")
            if piece.entrenched and "entrenched" in self.overlays:
                word(x - 0.3, y - 0.3, "E", 12, "#222222")
        ghosts = preview(state)
        for red, letter, sq in ghosts:
            x, y = self.at(sq)
            marker = "square" if letter in "HB" else "circle" if red else "diamond"
            shapes["x"].append(x)
            shapes["y"].append(y)
            shapes["marker"].append(marker)
            shapes["size"].append(SHAPE_SIZES[marker])
            shapes["fill"].append(COLOURS[0 if red else 1])
            shapes["alpha"].append(PREVIEW_ALPHA)
            word(x, y + 0.02, letter, 19, PREVIEW_WORDS)
        if ghosts:
            word(SIZE / 2, SIZE / 2, PREVIEW_NOTES[len({red for red, _, _ in ghosts})], 20, PREVIEW_WORDS)
        return shapes, words

    def reserves(self) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
        """Each side's reserves beside the board, near its own back rank (hidden ones as a count)."""
        state = self.state
        shapes = columns("x", "y", "marker", "size", "fill")
        words = columns("x", "y", "text")
        if state.attacker is None:
            return shapes, words
        for player in (state.defender, state.attacker):
            red = player == state.attacker
            top = 3.6 if red != self.flipped else 8.8
            label = "Red reserves" if red else "Blue reserves"
            words["x"].append(RESERVE_X - 0.2)
            words["y"].append(top)
            words["text"].append(label)
            counts = state.reserves[player]
            if state.hidden_reserves == player:
                words["x"].append(RESERVE_X - 0.2)
                words["y"].append(top - 0.8)
                words["text"].append(f"{sum(counts)} units (hidden)")
                continue
            for i, unit in enumerate(UNITS):
                y = top - 0.8 - 0.75 * i
                shapes["x"].append(RESERVE_X + 0.3)
                shapes["y"].append(y)
                shapes["marker"].append("circle" if red else "diamond")
                shapes["size"].append(24 if red else 32)
                shapes["fill"].append(side_colour(state, player))
                words["x"].append(RESERVE_X + 0.8)
                words["y"].append(y)
                words["text"].append(f"{unit} × {counts[i]}")
        return shapes, words


class ImperioBoard(Board[ImperioState]):
    """The board as a Bokeh figure, built once and redrawn through its data sources."""

    def __init__(self, state: ImperioState, act: Act, table: Table, **params: Any) -> None:
        super().__init__(state, act, **params)
        self.table = table
        self.overlays: set[str] = {"entrenched"}
        self.on_square: Callable[[int], None] = lambda sq: None
        """Where a tap on a square goes (the page sets it)."""
        self.interactive = False
        self.viewer: int | None = None
        self.home: Callable[[], int | None] = lambda: None
        """The seat whose back rank is at the bottom unless the board is turned (the page sets it; None: the
        attacker's)."""
        self.turned = False
        """True when the player turned the board 180° from that default."""
        names = ("cells", "shields", "frames", "marks", "pieces", "letters", "reserve_pieces", "reserve_words",
                 "labels")
        self.sources = {n: ColumnDataSource(data=columns("x", "y")) for n in names}
        self.figure = self._build()
        self.choices = TapChoices(self.figure)
        """The palette and the alteration choices, sent with each tap (the page adds them)."""
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))
        self.show_state(state)

    def _build(self) -> Any:
        fig = board_figure(X_RANGE, Y_RANGE, PIXELS)
        s = self.sources
        for name in s:
            s[name].data = columns(*self._empty_columns(name))
        sizes, fonts = shrinking(fig), shrinking(fig, "px")
        fig.rect("x", "y", 1, 1, source=s["cells"], fill_color="fill", line_color=LINE, hatch_pattern="hatch",
                 hatch_color="hatch_color", hatch_alpha=0.55, hatch_scale=10)
        fig.rect("x", "y", 1, 1, source=s["shields"], fill_alpha=0, line_alpha=0, hatch_pattern="o",
                 hatch_color="#5d4037", hatch_alpha=0.45, hatch_scale=8)
        fig.scatter("x", "y", source=s["pieces"], marker="marker", size=field("size", sizes), fill_color="fill",
                    fill_alpha="alpha", line_color="#222222", line_width=1.5)
        fig.text("x", "y", text="text", source=s["letters"], text_align="center", text_baseline="middle",
                 text_font_size=field("size", fonts), text_color="color", text_font_style="bold")
        fig.rect("x", "y", 0.92, 0.92, source=s["frames"], fill_alpha=0, line_color="color", line_width="width")
        fig.scatter("x", "y", source=s["marks"], marker="marker", size=field("size", sizes), fill_color="color",
                    line_color="color", line_width=3)
        fig.scatter("x", "y", source=s["reserve_pieces"], marker="marker", size=field("size", sizes),
                    fill_color="fill", line_color="#222222")
        fig.text("x", "y", text="text", source=s["reserve_words"], text_baseline="middle",
                 text_font_size=value(LABEL_PIXELS, fonts), text_color="#222222")
        fig.text("x", "y", text="text", source=s["labels"], text_align="center",
                 text_baseline="middle", text_font_size=value(LABEL_PIXELS, fonts), text_color="#222222")
        fig.js_on_change("inner_width", CustomJS(args={"sources": list(s.values())},
                                                 code="for (const source of sources) source.change.emit()"))
        fig.on_event(Tap, self.on_tap)
        fig.on_event(DoubleTap, self.on_tap)  # BokehJS reports a quick second tap (anywhere) only as this
        return fig

    @staticmethod
    def _empty_columns(name: str) -> tuple[str, ...]:
        return {
            "cells": ("x", "y", "sq", "fill", "hatch", "hatch_color"),
            "shields": ("x", "y"),
            "frames": ("x", "y", "color", "width"),
            "marks": ("x", "y", "marker", "size", "color"),
            "pieces": ("x", "y", "marker", "size", "fill", "alpha"),
            "letters": ("x", "y", "text", "size", "color"),
            "reserve_pieces": ("x", "y", "marker", "size", "fill"),
            "reserve_words": ("x", "y", "text"),
            "labels": ("x", "y", "text"),
        }[name]

    @property
    def flipped(self) -> bool:
        """True when rank 9 is at the bottom: the home seat defends, or the player turned the board."""
        state = self.state
        defends = state.attacker is not None and self.home() == state.defender
        return defends != self.turned

    def picture(self) -> Picture:
        """What the board shows now."""
        state = self.state
        return Picture(state.view(self.viewer), self.table, self.overlays, self.interactive, self.flipped)

    def show_state(self, state: ImperioState, *, viewer: int | None = None, interactive: bool = False,
                   step: SessionStep[ImperioState] | None = None) -> None:
        self.state, self.viewer, self.interactive = state, viewer, interactive
        self.redraw()

    def redraw(self) -> None:
        """Draw the current state, selection and overlays."""
        picture = self.picture()
        pieces, letters = picture.pieces()
        reserve_pieces, reserve_words = picture.reserves()
        data = {"cells": picture.cells(), "shields": picture.shields(), "frames": picture.frames(),
                "marks": picture.marks(), "pieces": pieces, "letters": letters,
                "reserve_pieces": reserve_pieces, "reserve_words": reserve_words, "labels": picture.labels()}

        def apply() -> None:
            for name, columns_ in data.items():
                self.sources[name].data = columns_

        update_bokeh(apply)

    def on_tap(self, event: Tap | DoubleTap) -> None:
        """A tap on the figure (each one is its own event, so quick taps on two squares both count)."""
        self.choices.apply()
        if event.x is not None and event.y is not None and \
                (sq := square_at(event.x, event.y, self.flipped)) is not None:
            self.on_square(sq)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane

