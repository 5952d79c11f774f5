"""The setup screen's controls: the piece palette with the limits live, reserves by counts, alterations.

The board places what the palette holds (:class:`~webapp.imperio.model.Table`); these
widgets choose it, show the side's counts against the limits (IB-04) and play the
actions that have no square: reserves, and the alterations made to the reserve.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn

from core.imperio import AddReserve, Alter, ImperioState, Place
from core.imperio.board import NAMES, UNITS
from core.protocol import Action
from webapp.imperio.model import ALTER_OPS, PIECE_ORDER, Table, actor_actions
from webapp.shell.widgets import FOCUS_CSS, NO_SPIN_CSS, button, heading, html

SETUP_PHASES = ("deploy", "reserve", "alter")
PIECE_LABELS = {k: f"{NAMES[k].capitalize()} ({k})" for k in PIECE_ORDER}


def same_turn(earlier: ImperioState, now: ImperioState) -> bool:
    """True when undo may go back from ``now`` to ``earlier``: the same setup step or the same turn."""
    if now.phase in SETUP_PHASES:
        return earlier.phase in SETUP_PHASES and earlier.setter == now.setter
    return now.phase == "play" and earlier.phase == "play" and earlier.turn == now.turn \
        and earlier.mover == now.mover


def limits_html(state: ImperioState, player: int) -> str:
    """A side's pieces on the board and in reserve against the deployment limits."""
    kinds = [p.kind for p in state.board if p is not None and p.owner == player]
    reserve = state.reserves[player]
    units = sum(k in UNITS for k in kinds)
    o = state.options
    rows = (
        ("Headquarters", f"{kinds.count('H')} of 1"),
        ("Bases", f"{kinds.count('B')} of 2"),
        ("Units on the board", f"{units} of {o['max_board_units']} (at least 1)"),
        ("Knights on the board", f"{kinds.count('K')} of {o['max_knights_start']}"),
        ("Knights in all", f"{kinds.count('K') + reserve[0]} of {o['max_knights_total']}"),
        ("Reserve units", f"{sum(reserve)} of {o['max_reserve']}"),
    )
    body = "".join(f"<tr><th scope='row' style='text-align:left;padding-right:1em'>{a}</th><td>{b}</td></tr>"
                   for a, b in rows)
    on_board = ", ".join(f"{NAMES[k]} {kinds.count(k)}" for k in UNITS if kinds.count(k))
    reserves = ", ".join(f"{NAMES[k]} {n}" for k, n in zip(UNITS, reserve, strict=True) if n)
    return (f"<table aria-label='Limits of your army' style='border-collapse:collapse'><tbody>{body}</tbody></table>"
            f"<p style='margin:0.2em 0'>On the board: {escape(on_board or 'no unit yet')}. "
            f"In reserve: {escape(reserves or 'none')}.</p>")


class SetupControls(pn.viewable.Viewer):
    """Palette, live limits, reserve counts and the alteration tools of the side setting up."""

    def __init__(self, table: Table, play: Callable[[Action], bool], redraw: Callable[[], None],
                 **params: Any) -> None:
        super().__init__(**params)
        self.table, self.play, self.redraw = table, play, redraw
        self.palette = pn.widgets.Select(label="Piece in hand (tap a square of your zone to place it)",
                                         options={}, stylesheets=[FOCUS_CSS], width=340)
        self.palette.param.watch(self._on_palette, ["value"])
        self.operation = pn.widgets.Select(label="Alteration", options={v: k for k, v in ALTER_OPS.items()},
                                           value="move", stylesheets=[FOCUS_CSS], width=340)
        self.operation.param.watch(self._on_operation, ["value"])
        self.counts = {u: pn.widgets.IntInput(label=f"{NAMES[u].capitalize()}s to add", value=0, start=0, end=50,
                                              stylesheets=[FOCUS_CSS, NO_SPIN_CSS], width=160) for u in UNITS}
        self.add_reserves = button("Add to the reserve", color="primary")
        self.add_reserves.on_click(lambda _e: self.add_counts())
        self.reserve_unit = pn.widgets.Select(label="Reserve unit", options={PIECE_LABELS[u]: u for u in UNITS},
                                              stylesheets=[FOCUS_CSS], width=220)
        self.reserve_add = button("Add one to the reserve", variant="outline")
        self.reserve_add.on_click(lambda _e: self.alter_reserve("add"))
        self.reserve_remove = button("Remove one from the reserve", variant="outline")
        self.reserve_remove.on_click(lambda _e: self.alter_reserve("remove"))
        self.reserve_change = button("Change one into the piece in hand", variant="outline")
        self.reserve_change.on_click(lambda _e: self.alter_reserve("change"))
        self.help = html("", sizing_mode="stretch_width")
        self.limits = html("", sizing_mode="stretch_width")
        self.reserve_box = pn.Column(pn.Row(*self.counts.values()), self.add_reserves)
        self.alter_box = pn.Column(self.operation, pn.Row(self.reserve_unit),
                                   pn.Row(self.reserve_add, self.reserve_remove, self.reserve_change))
        self._layout = pn.Column(heading("Setup", 3), self.help, self.palette, self.reserve_box, self.alter_box,
                                 heading("Your army and its limits", 4), self.limits, sizing_mode="stretch_width")

    def _on_palette(self, *_: Any) -> None:
        if self.palette.value:
            self.table.hand = self.palette.value
            self.redraw()

    def _on_operation(self, *_: Any) -> None:
        self.table.alter_op = self.operation.value
        self.table.selected = None
        self.redraw()

    def add_counts(self) -> None:
        """Play one "reserve +X" per unit counted (stops at the first the limits refuse), sent to the browser as
        one update."""
        with pn.io.hold():
            for unit, field in self.counts.items():
                for _ in range(max(0, min(int(field.value or 0), 50))):
                    if not self.play(AddReserve(unit)):
                        return
                field.value = 0

    def alter_reserve(self, op: str) -> None:
        unit = self.reserve_unit.value
        self.play(Alter(op, unit, new=self.table.hand if op == "change" else ""))

    def refresh(self, state: ImperioState, active: bool) -> None:
        """Show the tools of the current setup step (hidden outside setup or when nobody here sets up)."""
        shown = active and state.phase in SETUP_PHASES
        self._layout.visible = shown
        if not shown:
            return
        phase = state.phase
        actions = actor_actions(state)
        if phase == "deploy":
            kinds = [k for k in PIECE_ORDER if any(isinstance(a, Place) and a.unit == k for a in actions)]
            hand = self.table.hand_for(state)
            self.help.object = ("<p class='rb-help'>Tap a highlighted square of your zone to place the piece in hand: "
                                "first the headquarters, then two bases, then up to the limit of units. "
                                "Or use the default army. Press Ready when your units are placed.</p>")
        else:
            kinds = list(UNITS)
            hand = self.table.hand if self.table.hand in UNITS else "K"
            self.table.hand = hand
            if phase == "reserve":
                self.help.object = ("<p class='rb-help'>Lay out your reserves by counts (they spawn from your bases "
                                    "during play), then press Ready.</p>")
            else:
                left = int(str(state.options["defender_alterations"])) - state.alterations
                self.help.object = (f"<p class='rb-help'>The defender may make {left} more single-piece "
                                    "alteration(s): choose one, then tap the board (a piece to move, then its new "
                                    "square; a square to add to; a piece to remove or change into the piece in hand) "
                                    "or use the reserve buttons. Press Ready when done.</p>")
                if not self.table.targets(state):
                    self.help.object += (f"<p class='rb-help'>No square of the board allows this alteration now "
                                         f"({escape(ALTER_OPS[self.table.alter_op].lower())}): your zone may be "
                                         "full, or the limits forbid it.</p>")
        options = {PIECE_LABELS[k]: k for k in kinds}
        if self.palette.options != options:
            self.palette.options = options
        if hand is not None and self.palette.value != hand:
            self.palette.value = hand
        self.palette.visible = phase == "deploy" or (phase == "alter" and self.table.alter_op in ("add", "change"))
        self.reserve_box.visible = phase == "reserve"
        self.alter_box.visible = phase == "alter"
        self.limits.object = limits_html(state, state.setter)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
