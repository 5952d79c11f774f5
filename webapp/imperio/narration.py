"""Imperio Bellum in words for the page: what an action did, the odds before an attack, the dice after it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import cast, overload

from core.imperio import AddReserve, Alter, Attack, ImperioState, Overrun, Shot, odds
from core.imperio.board import name
from core.imperio.combat import SHOT, SPLASH
from core.protocol import Action
from webapp.shell.screen import screen_viewer
from webapp.shell.session import GameSession, Step
from webapp.shell.widgets import MoveLog

FIGHTS_SHOWN = 6


def who(state: ImperioState, actor: int) -> str:
    """``Red (player 1)``, ``Blue (player 2)``; before the roles are set ``Player 1``; typed dice ``Dice``."""
    if actor < 0:
        return "Dice"
    if state.attacker is None:
        return f"Player {actor + 1}"
    return f"{'Red' if actor == state.attacker else 'Blue'} (player {actor + 1})"


def action_text(action: Action, actor: int, shown: ImperioState) -> str:
    """The action's notation, with the unit type left out where ``shown`` hides the actor's reserves (IB-05)."""
    if shown.hidden_reserves != actor:
        return str(action)
    if isinstance(action, AddReserve):
        return "reserve +1 (type hidden)"
    if isinstance(action, Alter) and action.square is None:
        return f"alter: {action.op} a reserve unit (type hidden)"
    return str(action)


class SideNames(Sequence[str]):
    """The seats' names as the move log shows them, read from the session's current roles."""

    def __init__(self, session: GameSession[ImperioState]) -> None:
        self.session = session

    def __len__(self) -> int:
        return 2

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(2)[index]]
        return who(self.session.state, range(2)[index])


def events_text(state: ImperioState, action: Action) -> str:
    """The events of the last action, without the line that only repeats it."""
    lines = [e for e in state.events if not e.startswith(str(action)) and not e.endswith("ends the turn")]
    return "; ".join(lines)


def narrate(before: ImperioState, action: Action, after: ImperioState, viewer: int | None = None) -> str:
    """What ``action`` did, in words (dice included), as ``viewer`` may see it."""
    actor = before.to_move if before.to_move is not None else 0
    text = f"{who(after, actor)}: {action_text(action, actor, after.view(viewer))}."
    told = events_text(after, action)
    return f"{text} {told[:1].upper()}{told[1:]}." if told else text


def log_note(step: Step[ImperioState]) -> str:
    """The move log's note: what a fight rolled and who died, a stop in a pikeman's zone."""
    return events_text(step.after, step.action)


def move_log(session: GameSession[ImperioState], names: Sequence[str]) -> MoveLog:
    """The move log as the page's viewer may see it (another side's hidden reserve types left out)."""
    return MoveLog(session, names, note=log_note, viewer=lambda: screen_viewer(session),
                   words=lambda step, shown: action_text(step.action, step.actor, cast(ImperioState, shown)))


def percent(value: float) -> str:
    return f"{value:.1%}"


def odds_html(state: ImperioState, action: Action) -> str:
    """The odds of an attack or shot before it is confirmed: every duel, both pools with their modifiers."""
    result = odds(state, action)
    if not result.duels:
        return f"<p>{escape(str(action))}: no duel (nothing to hit).</p>"
    rows = []
    for duel in result.duels:
        kind = {SHOT: "Shot", SPLASH: "Splash"}.get(duel.duel.kind, "Attack")
        victim = state.board[duel.duel.to]
        own = " (your own unit: friendly fire)" if victim is not None and victim.owner == state.mover else ""
        rows.append(
            f"<tr><th scope='row'>{kind} on {name(duel.duel.to)}{own}</th>"
            f"<td>{escape(str(duel.duel.attacker))}</td><td>{escape(str(duel.duel.defender))}</td>"
            f"<td>{percent(float(duel.win))}</td><td>{percent(float(duel.tie))} ({escape(duel.tie_means)})</td>"
            f"<td>{percent(float(duel.loss))}</td></tr>")
    rule = "sum of the dice" if state.options["combat_dice_rule"] == "sum" else "highest single die"
    return (f"<table class='ib-odds' aria-label='Odds of {escape(str(action))}'><thead><tr>"
            "<th scope='col'>Duel</th><th scope='col'>Attacker's dice</th><th scope='col'>Defender's dice</th>"
            "<th scope='col'>Win</th><th scope='col'>Tie</th><th scope='col'>Loss</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<p class='rb-help' style='margin:0.2em 0'>Exact odds; the higher {rule} wins.</p>")


def fights_html(steps: Sequence[Step[ImperioState]]) -> str:
    """The latest fights, newest first: the action, the dice rolled and what happened."""
    fights = [s for s in steps if isinstance(s.action, (Attack, Shot, Overrun))][-FIGHTS_SHOWN:]
    if not fights:
        return "<p style='margin:0'>No fight yet.</p>"
    items = []
    for step in reversed(fights):
        after = step.after
        lines = "".join(f"<li>{escape(e)}</li>" for e in after.events if not e.endswith("ends the turn"))
        items.append(f"<li><strong>{escape(who(after, step.actor))}: {escape(str(step.action))}</strong>"
                     f"<ul style='margin:0;padding-left:1.2em'>{lines}</ul></li>")
    return f"<ol style='margin:0;padding-left:1.4em' aria-label='Latest fights, newest first'>{''.join(items)}</ol>"

