"""A whole Imperio Bellum game between two bots, summarised and stepped through turn by turn."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

import core.imperio as ib
from core.imperio.bots import TacticianBot
from core.imperio.state import ImperioState
from core.protocol import InputError
from core.teach import Html, Match, Moment, message, summary
from core.teach.imperio.positions import SIDES


# --------------------------------------------------------------------------- a bot game


@dataclass(frozen=True)
class Turn:
    """One player's turn of a bot game: what each action did, and the position after it."""

    number: int
    side: int
    lines: tuple[str, ...]
    losses: tuple[int, int]
    """Units each side lost in this turn's fights (Red, Blue)."""
    after: ImperioState


@dataclass
class BotGame:
    """A whole game between two tactician bots, to read as a summary or turn by turn."""

    turns: tuple[Turn, ...]
    states: tuple[ImperioState, ...]
    cursor: int = field(default=0)

    def summary(self) -> Html:
        """The result, a few key moments, the units on the board after every action, the whole log."""
        scores = tuple((float(s.units_of(0)), float(s.units_of(1))) for s in self.states)
        log = tuple(f"Turn {t.number}, {SIDES[t.side]}: {' · '.join(line.split(':')[0] for line in t.lines)}"
                    for t in self.turns)
        played = Match(self.states, log, scores)
        return summary(played, self.moments(), SIDES, "Units on the board")

    def moments(self) -> list[Moment]:
        """The first unit lost, the first base taken, and the end."""
        out = []
        first = next((t for t in self.turns if any(t.losses)), None)
        if first is not None:
            lost = " and ".join(f"{SIDES[side]} {_units(n)}" for side, n in enumerate(first.losses))
            out.append(Moment(f"Turn {first.number}: the first fights cost {lost}.", first.after))
        first_base = next((t for t in self.turns if any("captures" in x or "destroys" in x for x in t.lines)), None)
        if first_base is not None:
            taken = next(x for x in first_base.lines if "captures" in x or "destroys" in x)
            out.append(Moment(f"Turn {first_base.number}: {taken.split(': ', 1)[1]}.", first_base.after))
        last = self.turns[-1]
        out.append(Moment(f"Turn {last.number}, the end: {last.after.result.reason if last.after.result else ''}.",
                          last.after))
        return out

    def turn(self, number: int) -> Html:
        """Turn ``number`` (from 1): every action with its dice, and the board after it."""
        if not isinstance(number, int) or not 1 <= number <= len(self.turns):
            raise InputError("turn", f"must be 1 to {len(self.turns)}", number)
        self.cursor = number
        played = self.turns[number - 1]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in played.lines)
        head = f"Turn {played.number} of {len(self.turns)}: {SIDES[played.side]} plays"
        if any(played.losses):
            head += " (lost in fights: " + ", ".join(f"{SIDES[p]} {n}" for p, n in enumerate(played.losses)) + ")"
        return Html(f"<h4>{html.escape(head)}</h4><div style=\"display:flex;flex-wrap:wrap;gap:1em;"
                    f"align-items:flex-start\">{played.after.svg()}<ol>{items}</ol></div>",
                    "\n".join([head, *played.lines]))

    def next_turn(self) -> Html:
        """The turn after the last one shown (run the cell again to step on)."""
        if self.cursor >= len(self.turns):
            return message(f"That was the last turn. game.turn(1) starts again from turn 1 of {len(self.turns)}.")
        return self.turn(self.cursor + 1)


def _units(count: int) -> str:
    return f"{count} unit{'' if count == 1 else 's'}"


def bot_game(seed: int = 12, limit: int = 2000) -> BotGame:
    """Two tactician bots play the default armies (Red attacks) until the game ends or ``limit`` actions."""
    for where, value, top in (("seed", seed, 2**31), ("limit", limit, 10_000)):
        if type(value) is not int or not 0 <= value <= top:
            raise InputError(where, f"must be a whole number 0 to {top}", value)
    state = ib.GAME.new(seed=seed, setup="default_armies").apply(ib.ChooseRole("attacker"))
    assert isinstance(state, ImperioState)
    bots = (TacticianBot(seed, time_ms=10**6), TacticianBot(seed + 1, time_ms=10**6))
    states, turns, lines, lost = [state], [], [], [0, 0]
    number = state.turn
    while state.actors and len(states) <= limit:
        side, before = state.mover, state
        action = bots[side].choose(state, side)
        state = state.apply(action, side)
        states.append(state)
        said = "; ".join(state.events)
        lines.append(said if said.startswith(f"{action}:") else f"{action}: {said}" if said else str(action))
        if isinstance(action, (ib.Attack, ib.Shot)):
            lost = [n + before.units_of(p) - state.units_of(p) for p, n in enumerate(lost)]
        if state.mover != side or state.result is not None:
            turns.append(Turn(number, side, tuple(lines), (lost[0], lost[1]), state))
            lines, lost, number = [], [0, 0], state.turn
    return BotGame(tuple(turns), tuple(states))
