"""Watching a played board: the 15 turns as an animation with play/pause, a turn slider and steps,
what happened each turn, the card of a clicked piece and a score chart.

Every fact comes from the engine's record (:class:`core.fairsquare.BoardRecord`) through
:mod:`webapp.fairsquare.frames`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from functools import partial
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.models import Range1d
from bokeh.models.annotations import Span
from bokeh.plotting import figure

from core.fairsquare import BoardRecord, FairSquareState
from core.fairsquare.render import COLOURS
from core.protocol import actor_name
from webapp.fairsquare.board import Picture
from webapp.fairsquare.frames import Frame, at_square, frame, moves_frame, piece_info
from webapp.fairsquare.slider import RangeInput
from webapp.shell.boards import update_bokeh
from webapp.shell.geometry import LEAST_FONT
from webapp.shell.widgets import FOCUS_CSS, button, heading, html

STEP_SECONDS = 0.5
"""While playing, each turn shows its moves, then its result, this long each."""


def record_label(record: BoardRecord) -> str:
    """``"Round 1, board 2: players 2, 4, 6, 8"``."""
    return (f"Round {record.round_number}, board {record.group + 1}: "
            + ", ".join(actor_name(p) for p in record.players))


def capitalised(line: str) -> str:
    return line[:1].upper() + line[1:]


def score_chart(record: BoardRecord, names: Sequence[str]) -> Any:
    """Each board player's owned points after every turn (turn 0-15) as a Bokeh line chart."""
    turns = list(range(len(record.turns)))
    top = max(max(t.totals) for t in record.turns)
    fig = figure(height=230, width=480, sizing_mode="scale_width", max_width=480,
                 x_range=Range1d(start=-0.3, end=turns[-1] + 0.3),
                 y_range=Range1d(start=-0.3, end=max(top, 1) + 1),
                 tools="", toolbar_location=None, title="Owned points after each turn",
                 x_axis_label="turn", y_axis_label="points owned")
    for k, seat in enumerate(record.players):
        values = [t.totals[k] for t in record.turns]
        dash = ("solid", "dashed", "dotted", "dashdot")[k % 4]
        fig.line(turns, values, line_color=COLOURS[seat], line_width=3, line_dash=dash, legend_label=names[seat])
        fig.scatter(turns, values, marker="circle", size=6, color=COLOURS[seat])
    fig.legend.location = "top_left"
    fig.axis.major_label_text_font_size = f"{LEAST_FONT}px"
    fig.legend.background_fill_alpha = 0.8
    fig.add_layout(Span(location=0, dimension="height", line_color="#555555", line_dash="dashed", line_width=2,
                        name="now"))
    return fig


class RoundPlayer(pn.viewable.Viewer):
    """The played boards of the match and the controls that step through one of them."""

    turn = param.Integer(default=0, bounds=(0, None), doc="The turn shown (0: as placed).")
    playing = param.Boolean(default=False, doc="The turns advance on their own.")
    selected = param.Integer(default=-1, doc="The piece whose card is shown (-1: none).")
    moving = param.Boolean(default=False, doc="The turn is shown under way (pieces at its start, arrows).")
    before = param.ClassSelector(class_=FairSquareState, default=None, allow_None=True,
                                 doc="While a board just played plays out: the position before it was played (the "
                                     "page's banner and match table show it until the playback stops).")

    def __init__(self, names: Sequence[str], on_change: Callable[[], None], **params: Any) -> None:
        super().__init__(**params)
        self.names, self.on_change = list(names), on_change
        self.records: tuple[BoardRecord, ...] = ()
        self.record: BoardRecord | None = None
        self._generation = 0
        self.scheduler: Callable[[Callable[[], Coroutine[Any, Any, None]]], None] = pn.state.execute
        """Where the animation runs (the page's event loop; tests keep it)."""
        self.choice = pn.widgets.Select(label="Played board", options={}, stylesheets=[FOCUS_CSS], max_width=460,
                                        sizing_mode="stretch_width")
        self.choice.param.watch(lambda event: self.open_record(event.new), ["value"])
        self.slider = RangeInput(label="Turn", max_width=460, sizing_mode="stretch_width")
        self.slider.param.watch(self._slid, ["value"])
        self.play_button = button("Play (P)", color="primary", width=100)
        self.play_button.on_click(lambda _event: self.toggle())
        self.buttons = [button(text, variant="outline", width=92) for text in
                        ("First", "Back (,)", "Next (.)", "Last")]
        moves: list[Callable[[], None]] = [self.first, partial(self.step, -1), partial(self.step, 1), self.last]
        for widget, move in zip(self.buttons, moves, strict=True):
            widget.on_click(partial(self._click, move))
        self.lines = html("", sizing_mode="stretch_width")
        self.info = html("", sizing_mode="stretch_width")
        self.chart = pn.pane.Bokeh(None, margin=(0, 5), sizing_mode="scale_width", max_width=480)
        self.param.watch(self._changed, ["turn", "selected", "moving"])
        self.param.watch(self._show_playing, ["playing"])

    # --- what is shown -----------------------------------------------------------

    @property
    def frame(self) -> Frame | None:
        """The picture of the shown turn."""
        if self.record is None:
            return None
        return moves_frame(self.record, self.turn) if self.moving and self.turn > 0 else frame(self.record, self.turn)

    def picture(self, roster: Sequence[str]) -> Picture | None:
        """What the board shows while watching (None with no played board)."""
        shown = self.frame
        if self.record is None or shown is None:
            return None
        return Picture(self.record.board, shown, tuple(roster), selected=self.selected)

    def load(self, records: Sequence[BoardRecord], index: int | None = None) -> None:
        """Offer ``records`` (every played board); show ``index`` from turn 0 (default: keep the shown one)."""
        self.records = tuple(records)
        options = {record_label(r): k for k, r in enumerate(self.records)}
        keep = self.choice.value if index is None else index
        self.choice.param.update(options=options, value=keep if keep in options.values() else None)
        if index is not None or self.record not in self.records:
            self.open_record(self.choice.value)

    def open_record(self, index: int | None) -> None:
        """Show played board ``index`` of :attr:`records` from turn 0."""
        self.stop()
        record = self.records[index] if index is not None and 0 <= index < len(self.records) else None
        if record is self.record:
            return
        self.record = record
        self.chart.object = score_chart(record, self.names) if record is not None else None
        self.slider.param.update(end=len(record.turns) - 1 if record else 0, value=0)
        self.param.update(turn=0, selected=-1, moving=False)
        self._changed()

    # --- the controls ------------------------------------------------------------

    @property
    def last_turn(self) -> int:
        return len(self.record.turns) - 1 if self.record is not None else 0

    def _slid(self, event: param.parameterized.Event) -> None:
        if event.new != self.turn:  # the player moved the slider (not the page following the turn)
            self.stop()
            self.go(event.new)

    @staticmethod
    def _click(move: Callable[[], None], _event: object) -> None:
        move()

    def go(self, turn: int) -> None:
        """Show ``turn`` (clamped to 0-15) with its result."""
        self.param.update(turn=max(0, min(self.last_turn, turn)), moving=False)

    def step(self, delta: int) -> None:
        """One turn forward or back (and pause)."""
        self.stop()
        self.go(self.turn + delta)

    def first(self) -> None:
        self.stop()
        self.go(0)

    def last(self) -> None:
        self.stop()
        self.go(self.last_turn)

    def stop(self) -> None:
        """Pause the animation."""
        self._generation += 1
        self.playing = False

    def toggle(self) -> None:
        """Play from the shown turn (from the start at the end), or pause."""
        if self.playing or self.record is None:
            self.stop()
            return
        if self.turn >= self.last_turn:
            self.go(0)
        self.play()

    def play(self, before: FairSquareState | None = None) -> None:
        """Start the animation from the shown turn (of a board just played from ``before``)."""
        self._generation += 1
        self.param.update(playing=True, before=before)
        self.scheduler(partial(self._run, self._generation))

    def advance(self) -> bool:
        """One animation tick: the next turn's moves, then its result; stop after the last (False once stopped)."""
        if self.playing and self.moving:
            self.moving = False
        elif self.playing and self.turn < self.last_turn:
            self.param.update(turn=self.turn + 1, moving=True)
            return True
        if self.turn >= self.last_turn:
            self.playing = False
        return self.playing

    async def _run(self, generation: int) -> None:
        while generation == self._generation:
            await asyncio.sleep(STEP_SECONDS)
            if generation != self._generation or not self.advance():
                return

    def tap(self, square: int) -> None:
        """A tap on ``square`` while watching: show the card of the piece there (the next one of a stack)."""
        shown = self.frame
        if shown is None:
            return
        pieces = [t.piece for t in at_square(shown, square)]
        if not pieces:
            self.selected = -1
            return
        self.selected = pieces[(pieces.index(self.selected) + 1) % len(pieces)] if self.selected in pieces \
            else pieces[0]

    # --- following -----------------------------------------------------------------

    def banner(self) -> str:
        """The status line while a board just played plays out ("" otherwise)."""
        if self.before is None or self.record is None:
            return ""
        return f"{record_label(self.record)} - shown as it was played. What comes next shows at its end (or on Pause)."

    def _show_playing(self, *_: Any) -> None:
        self.play_button.label = "Pause (P)" if self.playing else "Play (P)"
        if not self.playing:
            self.before = None

    def _changed(self, *_: Any) -> None:
        record, shown = self.record, self.frame
        if record is None or shown is None:
            self.lines.object = "<p>No board has been played yet.</p>"
            self.info.object = ""
            self.on_change()
            return
        self.slider.value = self.turn
        if self.chart.object is not None:
            spans, turn = list(self.chart.object.select({"name": "now"})), self.turn

            def move() -> None:
                for span in spans:
                    span.location = turn

            update_bokeh(move)
        title = "As placed (turn 0)" if self.turn == 0 else f"Turn {self.turn} of {self.last_turn}" + (
            ": the moves" if self.moving else "")
        totals = ", ".join(f"{escape(self.names[p])} {shown.totals[k]}" for k, p in enumerate(record.players))
        items = "".join(f"<li>{escape(capitalised(line))}</li>" for line in shown.lines) or "<li>Nothing moved.</li>"
        self.lines.object = (f"<section aria-label='What happened on this turn'><h3 style='margin:0.2em 0'>"
                             f"{escape(title)}</h3><p style='margin:0.2em 0'>Owned points: {totals}.</p>"
                             f"<ul style='margin:0.2em 0;padding-left:1.4em;max-height:14em;overflow:auto' "
                             f"tabindex='0' aria-label='Moves of this turn'>{items}</ul></section>")
        if self.selected >= 0:
            lines = piece_info(record, self.selected, self.turn)
            self.info.object = ("<section aria-label='Selected piece' style='border:2px solid #0b3d91;"
                                "border-radius:6px;padding:0.3em 0.6em;background:#f3f7ff;color:#111'>"
                                f"<h3 style='margin:0.2em 0'>{escape(lines[0])}</h3>"
                                + "".join(f"<p style='margin:0.2em 0'>{escape(line)}</p>" for line in lines[1:])
                                + "</section>")
        else:
            self.info.object = ("<p class='rb-help' style='margin:0.2em 0'>Click a piece on the board to see its "
                                "rules and which one decided its move this turn.</p>")
        self.on_change()

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(heading("Watch the round", 3), self.choice, self.slider,
                         pn.FlexBox(self.play_button, *self.buttons, gap="4px"), self.info, self.lines,
                         self.chart, sizing_mode="stretch_width")
