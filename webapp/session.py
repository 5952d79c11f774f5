"""The session model behind every game page: state, seats, undo trail and bot turns.

The session holds no rules: legality, undo limits and results all come from the
:class:`core.State` it wraps.  It only remembers how the current state was
reached (the *steps*, one per action) and who sits in each seat: a human or a
bot of one of :func:`core.bots.levels`.
"""

from __future__ import annotations

import asyncio
import sys
import time
from functools import partial
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import param

import core
from core.bots import Bot, levels, make_bot
from core.protocol import CHANCE, JSON, Action, Game, IllegalAction, State

HUMAN = "human"
"""The seat value of a human player; every other value names a bot level."""

Scheduler = Callable[[Callable[[], Coroutine[Any, Any, None]]], None]


@dataclass(frozen=True)
class Step:
    """One action of the game: the state before it, the action and the state after."""

    before: State
    action: Action
    after: State

    @property
    def player(self) -> int:
        """The player who took the action."""
        mover = self.before.to_move
        assert mover is not None
        return mover


def seat_choices(game: Game) -> dict[str, str]:
    """Seat labels for a select widget: ``{"Human": "human", "Bot: ...": level}``."""
    return {"Human": HUMAN, **{f"Bot - {level.label}": name for name, level in levels(game).items()}}


def check_seats(game: Game, seats: Sequence[str]) -> list[str]:
    """``seats`` as a list, or ValueError naming what is wrong."""
    valid = [HUMAN, *levels(game)]
    low, high = game.seat_range
    if isinstance(seats, str) or not low <= len(seats) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{game.title} needs {wanted} seats; got {seats!r}")
    for seat in seats:
        if seat not in valid:
            raise ValueError(f"unknown seat {seat!r}; valid seats: {', '.join(valid)}")
    return list(seats)


async def _off_ui_thread(work: Callable[[], Action]) -> Action:
    """Run ``work`` without blocking the page's event loop.

    On the server a worker thread does it; in Pyodide (no threads) the page
    already runs in a web worker, so we only yield once to let the "thinking"
    notice reach the page first.
    """
    if sys.platform == "emscripten":
        await asyncio.sleep(0.05)
        return work()
    return await asyncio.get_running_loop().run_in_executor(None, work)


class GameSession(param.Parameterized):
    """One game in progress: its state, how it was reached and who plays which side."""

    state: State = param.ClassSelector(  # type: ignore[assignment]
        class_=State, doc="The current position (from core).")  # type: ignore[type-abstract]
    steps: list[Step] = param.List(  # type: ignore[assignment]
        default=[], item_type=Step, doc="Every action so far, in order.")
    seats: list[str] = param.List(  # type: ignore[assignment]
        default=[], item_type=str, doc="Per player: 'human' or a bot level.")
    thinking: bool = param.Boolean(  # type: ignore[assignment]
        default=False, doc="A bot is choosing its action.")
    bot_delay: float = param.Number(  # type: ignore[assignment]
        default=0.0, bounds=(0, None), doc="Least seconds between a step and the bot's next action.")

    def __init__(self, game: Game, seats: Sequence[str], state: State | None = None,
                 **params: Any) -> None:
        seats = check_seats(game, seats)
        super().__init__(state=state or game.new(), seats=seats, **params)
        self.game = game
        self.scheduler: Scheduler | None = None
        """Where bot turns are started (the page sets ``pn.state.execute``)."""
        self.pace: Callable[[Step | None], float] = lambda step: self.bot_delay
        """Least seconds before a bot acts after ``step`` (the board's animation time)."""
        self._generation = 0
        self._driving: int | None = None

    # --- queries -----------------------------------------------------------------

    def is_human(self, player: int | None) -> bool:
        """True when ``player`` is seated as a human; chance (typed dice) is typed by the humans."""
        if player == CHANCE:
            return HUMAN in self.seats
        return player is not None and 0 <= player < len(self.seats) and self.seats[player] == HUMAN

    @property
    def human_to_move(self) -> bool:
        """True when a human must act now."""
        return self.is_human(self.state.to_move)

    @property
    def bot_to_move(self) -> bool:
        """True when a bot must act now."""
        return self.state.to_move is not None and not self.is_human(self.state.to_move)

    def undo_depth(self) -> int | None:
        """How many steps undo takes back, or None when it cannot.

        Undo returns to the last state where a human had to decide, stepping
        back only while ``core`` allows it (never over a deal or a die roll).
        """
        state, depth = self.state, 0
        while state.can_undo and depth < len(self.steps):
            depth += 1
            state = self.steps[-depth].before
            if self.is_human(state.to_move):
                return depth
        return None

    @property
    def can_undo(self) -> bool:
        """True when there is a human decision to go back to."""
        return self.undo_depth() is not None

    @property
    def record(self) -> dict[str, JSON]:
        """The game record (``state.to_record()``)."""
        return self.state.to_record()

    # --- changes -----------------------------------------------------------------

    def new_game(self, seats: Sequence[str], seed: int | None = None, **options: JSON) -> None:
        """Start a fresh game; bad options or seats raise ValueError and change nothing."""
        seats = check_seats(self.game, seats)
        state = self.game.new(seed=seed, **options)
        self._reset(state, [], seats)

    def load(self, record: Mapping[str, JSON], seats: Sequence[str]) -> None:
        """Continue a recorded game; a bad record raises ValueError and changes nothing."""
        seats = check_seats(self.game, seats)
        if not isinstance(record, Mapping) or record.get("game") != self.game.name:
            game = record.get("game") if isinstance(record, Mapping) else None
            raise ValueError(f"the record is not a {self.game.title} game (it names {game!r})")
        final = core.replay(record)
        state = self.game.new(seed=final.seed, **final.options)
        steps = []
        for action in final.history:
            after = state.apply(action)
            steps.append(Step(state, action, after))
            state = after
        assert state == final
        self._reset(state, steps, seats)

    def human_play(self, action: Action) -> None:
        """Play ``action`` for the human to move; raises IllegalAction otherwise."""
        if not self.human_to_move:
            raise IllegalAction(self._not_your_turn())
        self._advance(action)

    def undo(self) -> None:
        """Take back to the human's previous decision; raises IllegalAction if none."""
        depth = self.undo_depth()
        if depth is None:
            raise IllegalAction("nothing to undo: no earlier decision of yours since the last deal")
        self._generation += 1
        self.param.update(state=self.steps[-depth].before, steps=self.steps[:-depth], thinking=False)

    def bot_for(self, state: State) -> Bot:
        """The bot seated for the player to move in ``state`` (seeded by the game's seed)."""
        player = state.to_move
        assert player is not None and not self.is_human(player)
        return make_bot(self.game, self.seats[player], seed=state.seed * 2 + player)

    async def drive_bots(self) -> None:
        """Let the bots act until a human must decide or the game ends."""
        generation = self._generation
        if self._driving == generation:
            return
        self._driving = generation
        try:
            while self.bot_to_move and generation == self._generation:
                state = self.state
                started = time.monotonic()
                self.thinking = True
                action = await _off_ui_thread(partial(self.bot_for(state).choose, state))
                wait = self.pace(self.steps[-1] if self.steps else None) - (time.monotonic() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
                if generation != self._generation or self.state is not state:
                    return
                self._advance(action, thinking=False)
        finally:
            if self._driving == generation:
                self._driving = None
                if generation == self._generation:
                    self.thinking = False

    # --- internals ---------------------------------------------------------------

    def _not_your_turn(self) -> str:
        if self.state.is_over:
            return "the game is over; start a new game"
        return "it is not your turn: a bot plays this side"

    def _advance(self, action: Action, **extra: Any) -> None:
        after = self.state.apply(action)
        self.param.update(state=after, steps=[*self.steps, Step(self.state, action, after)], **extra)
        self._kick()

    def _reset(self, state: State, steps: list[Step], seats: list[str]) -> None:
        self._generation += 1
        self.param.update(state=state, steps=steps, seats=seats, thinking=False)
        self._kick()

    def _kick(self) -> None:
        if self.bot_to_move and self.scheduler is not None and self._driving != self._generation:
            self.scheduler(self.drive_bots)
