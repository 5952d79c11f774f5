"""The session model behind every game page: state, seats, undo trail and bot turns.

The session holds no rules: legality, undo limits and results all come from the
:class:`core.State` it wraps.  It only remembers how the current state was
reached (the *steps*, one per action) and who sits in each seat: a human or a
bot of one of :func:`core.bots.levels`.  The game instance says how many seats
there are (``game.seats(options)``).

Besides the seats, two actors never sit at the table.  :data:`~core.protocol.CHANCE`
(dice rolled by hand and typed in) is always entered by the people at the table:
no bot ever picks dice, not even its own.  :data:`~core.protocol.MODERATOR` (a
referee) is a role a page may enable (``moderator=True``); it is then played by
the people at the table too.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from typing import Any

import param

import core
from core.bots import Bot, levels, make_bot, untimed
from core.protocol import CHANCE, JSON, MODERATOR, Action, Game, IllegalAction, State, actor_name

HUMAN = "human"
"""The seat value of a human player; every other value names a bot level."""
UNTIMED_BOTS = os.environ.get("RULEBOX_UNTIMED_BOTS") == "1"
"""Bots play without their time budget (the browser tests' servers set it): the same game on any machine."""

NOTHING_TO_UNDO = "nothing to undo: no earlier decision of yours since the last deal"
Scheduler = Callable[[Callable[[], Coroutine[Any, Any, None]]], None]
MAX_TURN_ACTIONS = 500
"""The most actions of one bot turn played before the page shows them."""
Committer = Callable[[Callable[[], None]], Awaitable[None]]
"""Runs a change of the session made by a bot task where the page sends it on (and waits for it)."""


async def at_once(change: Callable[[], None]) -> None:
    """The default committer: make the change now (tests, a session without a page)."""
    change()


@dataclass(frozen=True)
class Step[S: State]:
    """One action of the game: the state before it, the action, the state after and who acted."""

    before: S
    action: Action
    after: S
    actor: int
    """Who acted: a seat, CHANCE or MODERATOR."""


def actor_label(actor: int, names: Sequence[str]) -> str:
    """A seat's name from ``names``; chance and the moderator in words."""
    if actor >= 0:
        return names[actor]
    text = actor_name(actor)
    return text[:1].upper() + text[1:]


def seat_choices(game: Game) -> dict[str, str]:
    """Seat labels for a select widget: ``{"Human": "human", "Bot: ...": level}``."""
    return {"Human": HUMAN, **{f"Bot - {level.label}": name for name, level in levels(game).items()}}


def seat_label(game: Game, seat: str) -> str:
    """A seat in a score table: ``human`` or ``bot: <level label>``."""
    return "human" if seat == HUMAN else f"bot: {levels(game)[seat].label}"


def check_seats(game: Game, seats: Sequence[str], count: int | None = None) -> list[str]:
    """``seats`` as a list, or ValueError naming what is wrong (``count``: the instance's seats)."""
    valid = [HUMAN, *levels(game)]
    low, high = (count, count) if count is not None else game.seat_range
    if isinstance(seats, str) or not isinstance(seats, Sequence) or not low <= len(seats) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{game.title} needs {wanted} seats; got {core.protocol.quote(seats)}")
    for seat in seats:
        if seat not in valid:
            raise ValueError(f"unknown seat {core.protocol.quote(seat)}; valid seats: {', '.join(valid)}")
    return list(seats)


async def off_ui_thread[T](work: Callable[[], T]) -> T:
    """Run ``work`` without blocking the page's event loop.

    On the server a worker thread does it; in Pyodide (no threads) the page
    already runs in a web worker, so we only yield once to let the "thinking"
    notice reach the page first.
    """
    if sys.platform == "emscripten":
        await asyncio.sleep(0.05)
        return work()
    return await asyncio.get_running_loop().run_in_executor(None, work)


class GameSession[S: State](param.Parameterized):
    """One game in progress: its state, how it was reached and who plays which seat.

    Every state it holds is of the class of the one it starts with (``S``: a record of another kind of
    state is refused).
    """

    state: S = param.ClassSelector(  # type: ignore[assignment]
        class_=State, doc="The current position (from core).")  # type: ignore[type-abstract]
    steps: list[Step[S]] = param.List(  # type: ignore[assignment]
        default=[], item_type=Step, doc="Every action so far, in order.")
    seats: list[str] = param.List(  # type: ignore[assignment]
        default=[], item_type=str, doc="Per seat: 'human' or a bot level.")
    thinking: bool = param.Boolean(  # type: ignore[assignment]
        default=False, doc="A bot is choosing its action.")
    bot_delay: float = param.Number(  # type: ignore[assignment]
        default=0.0, bounds=(0, None), doc="Least seconds between a step and the bot's next action.")
    moderator: bool = param.Boolean(  # type: ignore[assignment]
        default=False, doc="The people at the table may act as the moderator (referee).")
    held: bool = param.Boolean(  # type: ignore[assignment]
        default=False, doc="Bots wait: the page shows something the people at the table must see first.")
    whole_turns: bool = param.Boolean(  # type: ignore[assignment]
        default=False, doc="A bot plays its whole turn (every action while it alone may act) before the page "
                           "shows it: one update per turn, not one per action.")
    turn_pace: float = param.Number(  # type: ignore[assignment]
        default=0.0, bounds=(0, None), doc="Seconds between the shown actions of a bot's whole turn "
                                           "(0: the turn is shown at once).")
    turn_length: int = param.Integer(  # type: ignore[assignment]
        default=0, bounds=(0, None), doc="Actions of the bot turn being shown (0: none is under way).")
    turn_shown: int = param.Integer(  # type: ignore[assignment]
        default=0, bounds=(0, None), doc="Actions of that turn shown so far.")

    def __init__(self, game: Game, seats: Sequence[str], state: State | None = None,
                 defaults: Mapping[str, JSON] | None = None, **params: Any) -> None:
        self.defaults = dict(defaults or {})
        """Options of every new game where its maker names none (a page's own defaults; records name all)."""
        state = game.new(**self.defaults) if state is None else state
        seats = check_seats(game, seats, state.players)
        super().__init__(state=state, seats=seats, **params)
        self.game = game
        self.scheduler: Scheduler | None = None
        """Where bot turns are started (the page sets ``pn.state.execute``)."""
        self.commit: Committer = at_once
        """Where a bot task's changes are made: the page runs them as its widgets' events run, so that
        they reach the browser at once (a change made by the task itself could wait for the next click)."""
        self.pace: Callable[[Step | None], float] = lambda step: self.bot_delay
        """Least seconds before a bot acts after ``step`` (the board's animation time)."""
        self._generation = 0
        self.opening = 0
        """How many first steps only started the game (a role the new-game form chose): they do not
        make it a game in progress."""
        self._driving: int | None = None
        self._skip: asyncio.Event | None = None
        self.param.watch(lambda _event: self._kick(), ["held"])

    # --- queries -----------------------------------------------------------------

    def is_human(self, actor: int | None) -> bool:
        """True when people at the table act for ``actor``: a human seat, typed dice, the moderator role."""
        if actor == CHANCE:
            return True
        if actor == MODERATOR:
            return self.moderator
        return actor is not None and 0 <= actor < len(self.seats) and self.seats[actor] == HUMAN

    def is_bot(self, actor: int) -> bool:
        """True when a bot plays ``actor`` (only seats ever have bots)."""
        return 0 <= actor < len(self.seats) and self.seats[actor] != HUMAN

    @property
    def human_actors(self) -> list[int]:
        """The actors people at the table may play now."""
        return sorted(a for a in self.state.actors if self.is_human(a))

    @property
    def human_to_move(self) -> bool:
        """True when people at the table may act now."""
        return bool(self.human_actors)

    @property
    def bot_to_move(self) -> bool:
        """True when a bot may act now."""
        return any(self.is_bot(a) for a in self.state.actors)

    def _decides(self, state: State) -> bool:
        return any(self.is_human(a) for a in state.actors)

    def undo_depth(self) -> int | None:
        """How many steps undo takes back, or None when it cannot.

        Undo returns to the last state where a human had to decide, stepping
        back only while ``core`` allows it (never over a deal or a die roll).
        """
        state, depth = self.state, 0
        while state.can_undo and depth < len(self.steps):
            depth += 1
            state = self.steps[-depth].before
            if self._decides(state):
                return depth
        return None

    @property
    def can_undo(self) -> bool:
        """True when there is a human decision to go back to."""
        return self.undo_depth() is not None

    @property
    def in_progress(self) -> bool:
        """True when a new game would end this one: people at the table have acted and it is not over.

        The bots' moves alone (those made as the page opens) do not make a game one to keep.
        """
        return not self.state.is_over and any(self.is_human(step.actor) for step in self.steps[self.opening:])

    @property
    def record(self) -> dict[str, JSON]:
        """The full game record (``state.to_record()``), secrets included."""
        return self.state.to_record()

    @property
    def public_record(self) -> dict[str, JSON]:
        """What every viewer may see (``state.to_record(public=True)``): for links and saved files."""
        return self.state.to_record(public=True)

    # --- changes -----------------------------------------------------------------

    def new_game(self, seats: Sequence[str], seed: int | None = None, **options: JSON) -> None:
        """Start a fresh game (``options`` over the session's :attr:`defaults`); bad options or seats raise
        ValueError and change nothing."""
        check_seats(self.game, seats)
        state = self._of_this_game(self.game.new(seed=seed, **{**self.defaults, **options}))
        self._reset(state, [], check_seats(self.game, seats, state.players))

    def load(self, record: Mapping[str, JSON], seats: Sequence[str]) -> None:
        """Continue a recorded game; a bad record raises ValueError and changes nothing."""
        check_seats(self.game, seats)
        if not isinstance(record, Mapping) or record.get("game") != self.game.name:
            game = record.get("game") if isinstance(record, Mapping) else None
            raise ValueError(f"the record is not a {self.game.title} game (it names {core.protocol.quote(game)})")
        states = [self._of_this_game(state) for state in core.replay_states(record)]
        final = states[-1]
        seats = check_seats(self.game, seats, final.players)
        steps = []
        for (before, after), action, mover in zip(pairwise(states), final.history, final.movers, strict=True):
            actor = before.to_move if mover is None else mover
            assert actor is not None
            steps.append(Step(before, action, after, actor))
        self._reset(final, steps, seats)

    def human_play(self, action: Action, actor: int | None = None) -> None:
        """Play ``action`` for ``actor`` (default: the one human actor); raises IllegalAction otherwise."""
        humans = self.human_actors
        if actor is None and len(humans) == 1:
            actor = humans[0]
        if actor is None or actor not in humans:
            raise IllegalAction(self._not_your_turn(humans))
        self._advance(action, actor)

    def undo(self) -> None:
        """Take back to the human's previous decision; raises IllegalAction if none."""
        depth = self.undo_depth()
        if depth is None:
            raise IllegalAction(NOTHING_TO_UNDO)
        self._generation += 1
        self.param.update(state=self.steps[-depth].before, steps=self.steps[:-depth], thinking=False)

    def bot_for(self, state: State, actor: int | None = None) -> Bot:
        """The bot seated for ``actor`` (default: the single actor) in ``state``, seeded by the game's seed."""
        player = state.to_move if actor is None else actor
        if player is None or not self.is_bot(player):
            who = "nobody" if player is None else actor_name(player)
            raise ValueError(f"no bot plays for {who}: bots play their own seats, never chance (typed dice) "
                             "or the moderator")
        bot = make_bot(self.game, self.seats[player], seed=state.seed * 2 + player)
        return untimed(bot) if UNTIMED_BOTS else bot

    def skip_turn(self) -> None:
        """Show the rest of the bot turn under way at once (when its actions are shown at a pace)."""
        if self._skip is not None:
            self._skip.set()

    def bot_turn(self, state: S, actor: int) -> list[Step[S]]:
        """The bot's actions from ``state``: one, or with :attr:`whole_turns` every action while it alone may act."""
        bot, steps = self.bot_for(state, actor), list[Step[S]]()
        while len(steps) < MAX_TURN_ACTIONS:
            action = bot.choose(state, actor)
            after = state.apply(action, actor)
            steps.append(Step(state, action, after, actor))
            state = after
            if not self.whole_turns or state.actors != {actor}:
                break
        return steps

    async def drive_bots(self) -> None:
        """Let the bots act until only people at the table may act or the game ends."""
        generation = self._generation
        if self._driving == generation:
            return
        self._driving = generation
        try:
            while generation == self._generation:
                state = self.state
                bots = sorted(a for a in state.actors if self.is_bot(a))
                if not bots or self.held:
                    break
                started = time.monotonic()
                if not self.thinking:
                    await self.commit(partial(self._think, generation))
                steps = await off_ui_thread(partial(self.bot_turn, state, bots[0]))
                wait = self.pace(self.steps[-1] if self.steps else None) - (time.monotonic() - started)
                if wait > 0:
                    await asyncio.sleep(wait)
                # a person may move while the bot thinks (several may act): then it thinks again
                await self._show_turn(generation, steps)
        finally:
            if self._driving == generation:
                self._driving = None
                await self.commit(partial(self._rest, generation))

    async def show_steps(self, steps: list[Step[S]]) -> None:
        """Show ``steps`` a page chose (an auto-play) as a bot's whole turn: at once or at :attr:`turn_pace`."""
        await self._show_turn(self._generation, steps)

    async def _show_turn(self, generation: int, steps: list[Step]) -> None:
        """Show a bot's ``steps``: at once, or one by one at :attr:`turn_pace` until skipped."""
        if self.turn_pace <= 0 or len(steps) == 1:
            await self.commit(partial(self._bot_moves, generation, steps))
            return
        self._skip = skip = asyncio.Event()
        shown = 0
        try:
            while shown < len(steps) and generation == self._generation:
                batch = steps[shown:] if skip.is_set() else steps[shown:shown + 1]
                await self.commit(partial(self._bot_moves, generation, batch, len(steps), shown + len(batch)))
                if self.state is not batch[-1].after:
                    return  # a new game or an undo
                shown += len(batch)
                if shown < len(steps):
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(skip.wait(), self.turn_pace)
        finally:
            self._skip = None
            await self.commit(partial(self._turn_done, generation))

    # --- internals ---------------------------------------------------------------

    def _of_this_game(self, state: State) -> S:
        """``state``, of the class of the session's states (the game's; a kind of its own otherwise refused)."""
        if not isinstance(state, type(self.state)):
            raise ValueError(f"the record is not a {self.game.title} game")
        return state

    def _not_your_turn(self, humans: list[int]) -> str:
        if self.state.is_over:
            return "the game is over; start a new game"
        if len(humans) > 1:
            return f"several may act now ({', '.join(actor_name(a) for a in humans)}): say who acts"
        return "it is not your turn: a bot plays this side"

    def _think(self, generation: int) -> None:
        if generation == self._generation:
            self.thinking = True

    def _rest(self, generation: int) -> None:
        if generation == self._generation and self._driving is None:
            self.thinking = False

    def _bot_moves(self, generation: int, steps: list[Step], length: int = 0, shown: int = 0) -> None:
        """Show a bot's ``steps`` (of a turn of ``length`` actions, ``shown`` of them then shown), unless the
        game moved on since the bot chose them."""
        if generation == self._generation and self.state is steps[0].before:
            self.param.update(state=steps[-1].after, steps=[*self.steps, *steps], thinking=False,
                              turn_length=length if shown < length else 0, turn_shown=shown if shown < length else 0)
            self._kick()

    def _turn_done(self, generation: int) -> None:
        if generation == self._generation:
            self.param.update(turn_length=0, turn_shown=0)

    def _advance(self, action: Action, actor: int, **extra: Any) -> None:
        after = self.state.apply(action, actor)
        self.param.update(state=after, steps=[*self.steps, Step(self.state, action, after, actor)], **extra)
        self._kick()

    def _reset(self, state: S, steps: list[Step[S]], seats: list[str]) -> None:
        self._generation += 1
        self.opening = 0
        self.param.update(state=state, steps=steps, seats=seats, thinking=False)
        self._kick()

    def _kick(self) -> None:
        if self.bot_to_move and not self.held and self.scheduler is not None and self._driving != self._generation:
            self.scheduler(self.drive_bots)
