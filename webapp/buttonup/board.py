"""The Button Up! board: the circle of stacks on a Bokeh figure, each sowing shown drop by drop.

Everything about the rules comes from :mod:`core.buttonup`: the legal stacks and
``state.sowing(action)`` for the step-by-step display.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, TapTool

from core.buttonup import ButtonUpState, Sow
from core.protocol import Action, State
from webapp.shell.boards import Act, Board, as_event, board_figure, update_bokeh
from webapp.shell.geometry import to_pixels
from webapp.shell.session import Step

FILL = {"R": "#c62828", "B": "#212121", "W": "#fafafa"}
OUTLINE = {"R": "#4a0000", "B": "#9e9e9e", "W": "#333333"}
LANDED = "#1565c0"
"""Outline of buttons that just landed (blue: stands out from all three colours)."""

X_RANGE, Y_RANGE = (-2.0, 2.0), (-1.9, 2.5)
RADIUS, CENTRE_Y = 1.3, -0.1
BUTTON_W, BUTTON_H, BUTTON_STEP = 0.46, 0.24, 0.15
PIXELS_PER_UNIT = 125
FRAME_SECONDS, HOLD_SECONDS = 0.35, 1.6


def stack_base(index: int, count: int) -> tuple[float, float]:
    """Where stack ``index`` of ``count`` stands: stack 1 at the top, then clockwise."""
    if count == 1:
        return 0.0, -0.7
    angle = math.pi / 2 - 2 * math.pi * index / count
    return RADIUS * math.cos(angle), CENTRE_Y + RADIUS * math.sin(angle)


def stack_pixels(index: int, count: int) -> tuple[float, float]:
    """Where the bottom button of stack ``index`` of ``count`` is drawn, in pixels from the corner (for tests)."""
    size = ((X_RANGE[1] - X_RANGE[0]) * PIXELS_PER_UNIT, (Y_RANGE[1] - Y_RANGE[0]) * PIXELS_PER_UNIT)
    return to_pixels(*stack_base(index, count), X_RANGE, Y_RANGE, size)


def sow_action(state: State, index: int) -> Action:
    """The legal sowing of stack ``index`` (labelled with its buttons), else the bare one to refuse."""
    candidate = Sow(index)
    return next((a for a in state.legal_actions() if a == candidate), candidate)


@dataclass(frozen=True)
class Frame:
    """One picture of the board: the stacks, buttons still in hand, fresh landings."""

    stacks: tuple[str, ...]
    hand: str = ""
    landed: dict[int, int] = field(default_factory=dict)
    """Stack index -> how many of its top buttons just landed."""


def sowing_frames(before: ButtonUpState, action: Sow) -> list[Frame]:
    """The sowing of ``action`` one drop at a time, from ``before.sowing(action)``.

    Frame 0 shows the lifted stack in hand; frame t shows the first t drops made
    (the core's ``landed`` lists the receiving stacks in sowing order; the last
    one receives whatever is left in hand).
    """
    sowing = before.sowing(action)
    lifted = before.stacks[action.stack]
    landed = sowing.landed
    counts = [1] * (len(landed) - 1) + [len(lifted) - len(landed) + 1]
    frames = []
    for t in range(len(landed) + 1):
        stacks = list(sowing.stacks)
        for j in range(t, len(landed)):
            stacks[landed[j]] = stacks[landed[j]][: -counts[j]]
        frames.append(Frame(tuple(stacks), lifted[sum(counts[:t]):],
                            {landed[j]: counts[j] for j in range(t)}))
    return frames


def frames_for(step: Step[ButtonUpState]) -> list[Frame]:
    """The pictures that show ``step`` (none for choices that move no button)."""
    if not isinstance(step.action, Sow):
        return []
    return sowing_frames(step.before, step.action)


class StackBoard(Board[ButtonUpState]):
    """The circle of stacks as a Bokeh figure, built once and updated through its sources."""

    animate = param.Boolean(default=True, doc="Show each sowing one button at a time.")
    playing = param.Boolean(default=False, doc="A sowing is being shown: the board is not yet at the position.")
    queued = param.Integer(default=None, allow_None=True,
                           doc="A stack tapped while a sowing was shown: it is sown once the board shows the position.")

    def __init__(self, state: ButtonUpState, act: Act, **params: Any) -> None:
        super().__init__(state, act, **params)
        self._generation = 0
        self._shown: State | None = None
        self._step: Step | None = None
        self._interactive = False
        self.stacks = ColumnDataSource(data=self._stack_data(Frame(()), set()))
        self.buttons = ColumnDataSource(data=self._button_data(Frame(())))
        self.hand_label = ColumnDataSource(data={"x": [], "y": [], "text": []})
        self.figure = self._build_figure()
        self.stacks.selected.on_change("indices", self._on_tap)
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))
        self.show_state(state)

    # --- drawing -----------------------------------------------------------------

    def _build_figure(self) -> Any:
        fig = board_figure(X_RANGE, Y_RANGE, PIXELS_PER_UNIT)
        halo = fig.rect("x", "y", "w", "h", source=self.stacks, fill_color="#ffe08a",
                        fill_alpha="halo_alpha", line_color="#0b3d91", line_alpha="halo_alpha",
                        line_width=2, line_dash="dashed",
                        nonselection_fill_alpha="halo_alpha", nonselection_line_alpha="halo_alpha",
                        selection_fill_alpha="halo_alpha", selection_line_alpha="halo_alpha")
        fig.ellipse("x", "y", width=BUTTON_W, height=BUTTON_H, source=self.buttons,
                    fill_color="fill", line_color="line", line_width="line_width")
        fig.text("x", "label_y", text="label", source=self.stacks, text_align="center",
                 text_baseline="middle", text_font_size="17px", text_color="label_color",
                 text_font_style="label_style")
        fig.text("x", "y", text="text", source=self.hand_label, text_align="center",
                 text_baseline="middle", text_font_size="14px", text_color="#333333", text_font_style="italic")
        fig.add_tools(TapTool(renderers=[halo]))
        return fig
    def _stack_data(self, frame: Frame, legal: set[int]) -> dict[str, list[Any]]:
        data: dict[str, list[Any]] = {k: [] for k in (
            "x", "y", "w", "h", "halo_alpha", "label", "label_y", "label_color", "label_style", "stack")}
        for i, stack in enumerate(frame.stacks):
            x, y = stack_base(i, len(frame.stacks))
            tall = BUTTON_H + BUTTON_STEP * max(len(stack) - 1, 0)
            data["x"].append(x)
            data["y"].append(y + tall / 2 - BUTTON_H / 2)
            data["w"].append(BUTTON_W + 0.16)
            data["h"].append(max(tall + 0.14, 0.5))
            data["halo_alpha"].append(0.85 if i in legal else 0.0)
            data["label"].append(str(i + 1))
            data["label_y"].append(y - BUTTON_H / 2 - 0.2)
            data["label_color"].append("#0b3d91" if i in legal else "#333333")
            data["label_style"].append("bold" if i in legal else "normal")
            data["stack"].append(i)
        return data

    def _button_data(self, frame: Frame) -> dict[str, list[Any]]:
        data: dict[str, list[Any]] = {k: [] for k in ("x", "y", "fill", "line", "line_width")}

        def add(x: float, y: float, colour: str, fresh: bool) -> None:
            data["x"].append(x)
            data["y"].append(y)
            data["fill"].append(FILL[colour])
            data["line"].append(LANDED if fresh else OUTLINE[colour])
            data["line_width"].append(4.0 if fresh else 1.5)

        for i, stack in enumerate(frame.stacks):
            x, y = stack_base(i, len(frame.stacks))
            fresh_from = len(stack) - frame.landed.get(i, 0)
            for level, colour in enumerate(stack):
                add(x, y + level * BUTTON_STEP, colour, level >= fresh_from)
        for level, colour in enumerate(frame.hand):
            add(0.0, CENTRE_Y - 0.2 + level * BUTTON_STEP, colour, False)
        return data

    def _draw(self, frame: Frame, settled: bool) -> None:
        legal = self.legal_stacks() if settled else set()
        stacks, buttons = self._stack_data(frame, legal), self._button_data(frame)

        hand_y = CENTRE_Y - 0.2 - BUTTON_H / 2 - 0.2
        hand = {"x": [0.0], "y": [hand_y], "text": ["lifted"]} if frame.hand else {"x": [], "y": [], "text": []}

        def apply() -> None:
            self.stacks.data = stacks
            self.buttons.data = buttons
            self.hand_label.data = hand

        update_bokeh(apply)

    # --- following the game --------------------------------------------------------

    def legal_stacks(self) -> set[int]:
        """Stacks the player may tap now (none unless the board is interactive)."""
        if not self._interactive:
            return set()
        return {a.stack for a in self.state.legal_actions() if isinstance(a, Sow)}

    @property
    def shown_step(self) -> Step[ButtonUpState] | None:
        """The sowing being shown button by button (None when the board shows the position)."""
        return self._step if self.playing else None

    def pace(self, step: Step[ButtonUpState] | None) -> float:
        """Seconds the board needs to show ``step`` (a bot waits this long)."""
        if step is None or not self.animate:
            return 0.5
        frames = frames_for(step)
        held = bool(frames) and frames[-1].stacks != step.after.stacks
        return FRAME_SECONDS * len(frames) + (HOLD_SECONDS if held else 0.0) + 0.3

    def _settled_frame(self) -> Frame:
        state = self.state
        landed: dict[int, int] = {}
        if self._step is not None and self._step.after is state:
            frames = frames_for(self._step)
            if frames and frames[-1].stacks == state.stacks:
                landed = frames[-1].landed
        return Frame(state.stacks, "", landed)

    def show_state(self, state: ButtonUpState, *, viewer: int | None = None, interactive: bool = False,
                   step: Step[ButtonUpState] | None = None) -> None:
        self._interactive = interactive
        if state is self._shown:  # whose turn changed: redraw the legal stacks, unless a move is shown
            if not self.playing:
                self._draw(self._settled_frame(), settled=True)
            return
        self._generation += 1
        frames = frames_for(step) if step is not None and step.before is self._shown else []
        self.state, self._shown, self._step = state, state, step
        self.playing = bool(frames) and self.animate
        if self.playing:
            pn.state.execute(partial(self._play, self._generation, frames))
        else:
            self._draw(self._settled_frame(), settled=True)

    async def _play(self, generation: int, frames: list[Frame]) -> None:
        for frame in frames:
            if generation != self._generation:
                return
            self._draw(frame, settled=False)
            await asyncio.sleep(FRAME_SECONDS)
        if generation != self._generation:
            return
        if frames[-1].stacks != self._settled_frame().stacks:
            await asyncio.sleep(HOLD_SECONDS)
            if generation != self._generation:
                return
        await as_event(partial(self._settle, generation))

    def _settle(self, generation: int) -> None:
        """The sowing is shown: draw the position, then sow the stack tapped meanwhile (if any)."""
        if generation != self._generation:
            return
        self.playing = False
        self._draw(self._settled_frame(), settled=True)
        stack, self.queued = self.queued, None
        if stack is not None:
            self.act(sow_action(self.state, stack))

    def _on_tap(self, _attr: str, _old: list[int], new: list[int]) -> None:
        if not new:
            return
        stack = self.stacks.data["stack"][new[0]]
        self.stacks.selected.indices = []
        if self.playing:
            self.queued = stack  # played once the board shows the position it is a move in
        else:
            self.act(sow_action(self.state, stack))

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane
