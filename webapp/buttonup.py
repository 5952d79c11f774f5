"""The Button Up! page: a Bokeh board of stacked buttons over the shared session views.

Run it with ``panel serve webapp/buttonup.py``; ``create_app()`` builds one page.
Everything about the rules comes from :mod:`core.buttonup`: the legal stacks,
``state.sowing(action)`` for the step-by-step display, the extra-turn flag and
``state.rounds`` for the round history.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, Range1d, TapTool
from bokeh.plotting import figure

import core
from core.buttonup import BLACK, RED, ButtonUpState, ChooseStarter, EndTurn, Sow
from core.buttonup.render import stack_words, status
from core.buttonup.rules import PLAYER_NAMES
from core.protocol import Action, IllegalAction
from webapp.components import (
    FOCUS_CSS,
    KeyMap,
    LiveRegion,
    MoveButtons,
    MoveLog,
    NewGameDialog,
    ShareLink,
    button,
    heading,
    html,
    update_bokeh,
)
from webapp.links import LinkSync
from webapp.page import key_map_html, make_page
from webapp.session import HUMAN, GameSession, Step, seat_choices

GAME = core.get_game("button-up")
DEFAULT_SEATS = (HUMAN, "mcts")

FILL = {"R": "#c62828", "B": "#212121", "W": "#fafafa"}
OUTLINE = {"R": "#4a0000", "B": "#9e9e9e", "W": "#333333"}
LANDED = "#1565c0"
"""Outline of buttons that just landed (blue: stands out from all three colours)."""

X_RANGE, Y_RANGE = (-2.0, 2.0), (-1.9, 2.5)
RADIUS, CENTRE_Y = 1.3, -0.1
BUTTON_W, BUTTON_H, BUTTON_STEP = 0.46, 0.24, 0.15
PIXELS_PER_UNIT = 125
FRAME_SECONDS, HOLD_SECONDS = 0.35, 1.6

KEYS = [str(d) for d in range(1, 10)] + ["r", "b", "e", "u"]
KEY_ROWS = [
    ("Tab / Shift+Tab", "move between the move buttons and the other controls"),
    ("Enter or Space", "press the focused button"),
    ("1 – 9", "sow that stack (it must hold a white, and it must be your turn)"),
    ("R / B", "choose Red or Black to start the round (when you choose)"),
    ("E", "decline an optional extra turn"),
    ("U", "undo back to your previous decision"),
]


def stack_base(index: int, count: int) -> tuple[float, float]:
    """Where stack ``index`` of ``count`` stands: stack 1 at the top, then clockwise."""
    if count == 1:
        return 0.0, -0.7
    angle = math.pi / 2 - 2 * math.pi * index / count
    return RADIUS * math.cos(angle), CENTRE_Y + RADIUS * math.sin(angle)


def to_pixels(x: float, y: float) -> tuple[float, float]:
    """Board coordinates to pixels from the board's top-left corner (for tests)."""
    return (x - X_RANGE[0]) * PIXELS_PER_UNIT, (Y_RANGE[1] - y) * PIXELS_PER_UNIT


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


def narrate(step: Step) -> str:
    """What a step did, in words: the sowing, an extra turn, a round's end."""
    before, after, action = step.before, step.after, step.action
    assert isinstance(before, ButtonUpState) and isinstance(after, ButtonUpState)
    name = PLAYER_NAMES[step.player]
    if not isinstance(action, Sow):
        text = f"{name}: {action}."
    else:
        sowing = before.sowing(action)
        where = ", ".join(str(i + 1) for i in sowing.landed)
        stacks = "stack" if len(sowing.landed) == 1 else "stacks"
        text = (f"{name} sowed stack {action.stack + 1} ({stack_words(before.stacks[action.stack])}); "
                f"the buttons landed on what {'is' if stacks == 'stack' else 'are'} now {stacks} {where}.")
        if sowing.overflow:
            text += " Too many buttons for one each: the rest went on the last stack as a block."
    if len(after.rounds) > len(before.rounds):
        text += " " + round_summary(after, len(after.rounds))
    elif after.extra and after.to_move == step.player and isinstance(action, Sow):
        text += f" The last button matched the one below it: {name} moves again (extra turn)."
    return text


def round_summary(state: ButtonUpState, number: int) -> str:
    """One round's result in words."""
    result = state.rounds[number - 1]
    red, black = result.sums
    if result.winner is None:
        outcome = "a tie, nobody scores"
    else:
        outcome = f"{PLAYER_NAMES[result.winner]} gains {max(result.gain)} points"
    return (f"Round {number} over: final stack from bottom to top {stack_words(result.final)}; "
            f"red heights sum to {red}, black to {black}: {outcome}.")


def log_note(step: Step) -> str:
    """The move log's note: extra turns and round results."""
    before, after = step.before, step.after
    assert isinstance(before, ButtonUpState) and isinstance(after, ButtonUpState)
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        gain = "tie" if result.winner is None else f"{PLAYER_NAMES[result.winner]} +{max(result.gain)}"
        return f"round {len(after.rounds)} over ({gain})"
    if after.extra and after.to_move == step.player:
        return "extra turn"
    return ""


class Board(pn.viewable.Viewer):
    """The circle of stacks as a Bokeh figure, built once and updated through its sources."""

    animate = param.Boolean(default=True, doc="Show each sowing one button at a time.")

    def __init__(self, session: GameSession, on_stack: Callable[[int], None], **params: Any) -> None:
        super().__init__(**params)
        self.session, self.on_stack = session, on_stack
        self._generation = 0
        self._shown: Any = None
        self._animating = False
        self.stacks = ColumnDataSource(data=self._stack_data(Frame(()), set()))
        self.buttons = ColumnDataSource(data=self._button_data(Frame(())))
        self.hand_label = ColumnDataSource(data={"x": [], "y": [], "text": []})
        self.figure = self._build_figure()
        self.stacks.selected.on_change("indices", self._on_tap)
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))
        session.param.watch(self._on_state, ["state"])
        session.param.watch(self._on_turn, ["seats", "thinking"])
        self._on_state()

    # --- drawing -----------------------------------------------------------------

    def _build_figure(self) -> Any:
        width = round((X_RANGE[1] - X_RANGE[0]) * PIXELS_PER_UNIT)
        height = round((Y_RANGE[1] - Y_RANGE[0]) * PIXELS_PER_UNIT)
        fig = figure(width=width, height=height, x_range=Range1d(start=X_RANGE[0], end=X_RANGE[1]),
                     y_range=Range1d(start=Y_RANGE[0], end=Y_RANGE[1]),
                     tools="", toolbar_location=None, min_border=0,
                     background_fill_color="#f5efe0", border_fill_color="#f5efe0",
                     outline_line_color="#5d4e37", title=None)
        fig.axis.visible = False
        fig.grid.visible = False
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

    def legal_stacks(self) -> set[int]:
        """Stacks a human may tap now (none while a bot is to move)."""
        if not self.session.human_to_move:
            return set()
        return {a.stack for a in self.session.state.legal_actions() if isinstance(a, Sow)}

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

    # --- following the session ---------------------------------------------------

    def frames_for(self, step: Step) -> list[Frame]:
        """The pictures that show ``step`` (none for choices that move no button)."""
        if not isinstance(step.action, Sow):
            return []
        assert isinstance(step.before, ButtonUpState)
        return sowing_frames(step.before, step.action)

    def pace(self, step: Step | None) -> float:
        """Seconds the board needs to show ``step`` (a bot waits this long)."""
        if step is None or not self.animate:
            return 0.5
        frames = self.frames_for(step)
        held = bool(frames) and frames[-1].stacks != step.after.stacks  # type: ignore[attr-defined]
        return FRAME_SECONDS * len(frames) + (HOLD_SECONDS if held else 0.0) + 0.3

    def _settled_frame(self) -> Frame:
        state = self.session.state
        assert isinstance(state, ButtonUpState)
        steps = self.session.steps
        landed: dict[int, int] = {}
        if steps and steps[-1].after is state:
            frames = self.frames_for(steps[-1])
            if frames and frames[-1].stacks == state.stacks:
                landed = frames[-1].landed
        return Frame(state.stacks, "", landed)

    def _on_state(self, *_: Any) -> None:
        self._generation += 1
        steps, state = self.session.steps, self.session.state
        step = steps[-1] if steps and steps[-1].after is state else None
        frames = self.frames_for(step) if step is not None and step.before is self._shown else []
        self._shown = state
        self._animating = bool(frames) and self.animate
        if self._animating:
            pn.state.execute(partial(self._play, self._generation, frames))
        else:
            self._draw(self._settled_frame(), settled=True)

    def _on_turn(self, *_: Any) -> None:
        """Seats or thinking changed: redraw the legal stacks, unless a move is being shown."""
        if self._shown is self.session.state and not self._animating:
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
        self._animating = False
        self._draw(self._settled_frame(), settled=True)

    def _on_tap(self, _attr: str, _old: list[int], new: list[int]) -> None:
        if not new:
            return
        stack = self.stacks.data["stack"][new[0]]
        self.stacks.selected.indices = []
        self.on_stack(stack)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane


class ButtonUpApp(pn.viewable.Viewer):
    """The whole Button Up! page over one session."""

    notice = param.String(default="", doc="Why the last attempted move was refused.")

    def __init__(self, seats: tuple[str, str] = DEFAULT_SEATS, **params: Any) -> None:
        super().__init__(**params)
        self.session = GameSession(GAME, seats)
        self.board = Board(self.session, self.sow_stack)
        self.session.pace = self.board.pace
        self.link = LinkSync(self.session)
        self.session.scheduler = pn.state.execute
        names = PLAYER_NAMES
        self.moves = MoveButtons(self.session, self.play, names)
        self.log = MoveLog(self.session, names, note=log_note)
        self.dialog = NewGameDialog(self.session, names)
        self.share = ShareLink(self.link)
        self.text = LiveRegion(label="Position as text", sizing_mode="stretch_width")
        self.keys = KeyMap(self.press, keys=KEYS)
        self.undo_button = button("Undo (U)", color="primary", variant="outline")
        self.undo_button.on_click(lambda _event: self.undo())
        self.again_button = button("New game, same settings", color="primary")
        self.again_button.on_click(lambda _event: self.dialog.start())
        self.animate = pn.widgets.Select.from_param(
            self.board.param.animate, label="Show each sowing",
            options={"step by step": True, "all at once": False}, stylesheets=[FOCUS_CSS], width=220,
            description=None)
        self.status = html("", margin=(0, 5))
        self.score = html("", sizing_mode="stretch_width")
        self.history = html("", sizing_mode="stretch_width")
        self.summary = html("", sizing_mode="stretch_width")
        self.refused = html("", margin=(0, 5))
        self.session.param.watch(self._refresh, ["state", "thinking", "seats"])
        self.param.watch(self._refresh, ["notice"])
        self._refresh()
        if self.session.bot_to_move:
            self.session.scheduler(self.session.drive_bots)

    # --- actions -------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Play ``action`` for the human to move, or say why not."""
        try:
            self.session.human_play(action)
        except IllegalAction as error:
            self.notice = f"Not possible: {error}."
        else:
            self.notice = ""

    def sow_stack(self, index: int) -> None:
        """Sow stack ``index`` (from a tap or a digit key)."""
        candidate = Sow(index)
        legal = [a for a in self.session.state.legal_actions() if a == candidate]
        self.play(legal[0] if legal else candidate)

    def undo(self) -> None:
        """Undo back to the human's previous decision, or say why not."""
        try:
            self.session.undo()
        except IllegalAction as error:
            self.notice = f"Not possible: {error}."
        else:
            self.notice = ""

    def press(self, key: str) -> None:
        """Handle a shortcut key from the key map."""
        if key.isdigit():
            self.sow_stack(int(key) - 1)
        elif key == "u":
            self.undo()
        elif key in "rb":
            self.play(ChooseStarter(RED if key == "r" else BLACK))
        elif key == "e":
            self.play(EndTurn())

    # --- views ---------------------------------------------------------------------

    def _seat_label(self, player: int) -> str:
        seat = self.session.seats[player]
        label = {v: k for k, v in seat_choices(GAME).items()}[seat]
        return "human" if seat == HUMAN else label.replace("Bot - ", "bot: ")

    def _refresh(self, *_: Any) -> None:
        session, state = self.session, self.session.state
        assert isinstance(state, ButtonUpState)
        line = status(state)
        if session.thinking and state.to_move is not None:
            line += f" {PLAYER_NAMES[state.to_move]} is thinking…"
        self.status.object = f"<p style='font-size:1.15em;margin:0.3em 0'><strong>{escape(line)}</strong></p>"
        steps = session.steps
        last = narrate(steps[-1]) + "\n\n" if steps else ""
        self.text.text = last + state.describe()
        target = state.options["target_score"]
        self.score.object = (
            "<table style='border-collapse:collapse;font-size:1.1em' aria-label='Score'>"
            "<thead><tr><th scope='col' style='text-align:left'>Player</th>"
            "<th scope='col'>Points</th></tr></thead><tbody>"
            + "".join(
                f"<tr><th scope='row' style='text-align:left;padding-right:1em'>{PLAYER_NAMES[p]} "
                f"({escape(self._seat_label(p))})</th>"
                f"<td style='text-align:center'>{state.points[p]}</td></tr>"
                for p in (RED, BLACK))
            + f"</tbody></table><p style='margin:0.3em 0'>First to {target} points wins.</p>"
        )
        self.history.object = self._history_html(state)
        self.summary.object = self._summary_html(state)
        self.again_button.visible = state.is_over
        self.undo_button.disabled = not session.can_undo
        self.refused.object = (
            f"<p role='alert' style='color:#a00000;margin:0.2em 0'>{escape(self.notice)}</p>"
            if self.notice else "")

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

    def __panel__(self) -> pn.viewable.Viewable:
        board_column = pn.Column(
            heading("Board"), self.status, self.board,
            html("<p class='rb-help' style='margin:0.3em 0'>Stack 1 is at the top; numbers run clockwise. "
                 "Each stack is drawn bottom to top. Tap a highlighted stack to sow it, or use the move "
                 "buttons below. Freshly landed buttons have a blue outline.</p>", margin=(0, 5), width=500),
            self.animate, self.moves, self.refused,
            pn.Row(self.undo_button, self.again_button),
            width=520,
        )
        side = pn.Column(
            heading("Score"), self.score, self.summary, heading("Round history", 3), self.history,
            heading("Position as text"), self.text, self.log, self.share, self.dialog,
            heading("Keys"), html(key_map_html(KEY_ROWS)), self.keys,
            sizing_mode="stretch_width", min_width=320, max_width=620,
        )
        return pn.FlexBox(board_column, side, gap="24px", sizing_mode="stretch_width")


def create_app() -> pn.Template:
    """A new Button Up! page (one per browser session)."""
    app = ButtonUpApp()
    return make_page(
        "Button Up!",
        "Sow stacks of buttons round the circle; the army sitting higher in the last stack scores.",
        "Rules: Button Up! by Bruno Cathala (Jactalea 2012), as written in Rulebox's rules notes. "
        "Red is player 1, Black player 2.",
        app,
    )


if pn.state.served:
    create_app().servable(title="Button Up! - Rulebox")
