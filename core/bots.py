"""Bots that play any game through the protocol alone.

Every bot has ``choose(state, actor=None) -> Action`` for a seat that may act
(the single actor by default).  All are seeded, so the same seed and the same
state give the same choice on CPython and in the browser -- unless a time budget
(``time_ms``) stops the search first, which trades exact repetition for a
promised reply time.  No bot acts for
:data:`~core.protocol.CHANCE` (typed dice) or the moderator: inside a search,
chance actions are sampled uniformly.

* :class:`RandomBot` picks uniformly among the legal actions.
* :class:`GreedyBot` looks one action ahead with the game's ``evaluate``.
* :class:`MCTSBot` runs UCT search for any number of players, each maximising
  its own return.  Chance and hidden information are handled by
  determinization: every iteration re-seeds the future dice (and resamples what
  the bot cannot see) through ``State.determinize``, and shares one tree keyed
  by the actions' JSON form (single-observer information-set MCTS).  It stops
  after ``iterations`` or ``time_ms`` milliseconds, whichever comes first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Protocol

from core import rng
from core.protocol import CHANCE, Action, BotLevel, Game, State, action_key


class Bot(Protocol):
    """Anything that picks an action for a seat that may act."""

    def choose(self, state: State, actor: int | None = None) -> Action: ...


def seat(state: State, actor: int | None) -> int:
    """The seat a bot plays for: ``actor``, or the single actor; never chance or the moderator."""
    who = state.to_move if actor is None else actor
    if who is None or who < 0 or who not in state.actors:
        raise ValueError(f"a bot plays a seat that may act now; actors: {sorted(state.actors)}")
    return who


def _stream(seed: int, state: State) -> int:
    """A stream that differs per decision but is fixed by seed and position."""
    return rng.seed_stream(seed * 1_000_003 + len(state.history))


def choices(state: State, actor: int | None = None) -> list[Action]:
    """The legal actions a bot considers: conceding ones only when nothing else is legal."""
    legal = state.legal_actions(actor)
    return [a for a in legal if not a.concedes] or legal


def sample_entry(state: State, actor: int, stream: int) -> tuple[int, Action]:
    """``(stream, action)``: typed dice drawn with their probabilities, a moderator's entry uniformly."""
    outcomes = state.chance_outcomes() if actor == CHANCE else ()
    if outcomes:
        return rng.weighted(stream, outcomes)
    return rng.choice(stream, state.legal_actions(actor))


def _key(action: Action) -> str:
    return action_key(action.to_json())


def first_actor(state: State) -> int:
    """The actor a search or a playout lets act: the lowest seat (simultaneous choices are taken in
    seat order), else typed dice or the moderator."""
    actors = state.actors
    if len(actors) == 1:
        (only,) = actors
        return only
    return min(actors, key=lambda a: (a < 0, a))


@dataclass
class RandomBot:
    """Uniformly random legal actions (never conceding while anything else is legal)."""

    seed: int = 0

    def choose(self, state: State, actor: int | None = None) -> Action:
        _, action = rng.choice(_stream(self.seed, state), choices(state, seat(state, actor)))
        return action


@dataclass
class GreedyBot:
    """The action whose resulting state the game's evaluation likes best."""

    game: Game
    seed: int = 0

    def choose(self, state: State, actor: int | None = None) -> Action:
        player = seat(state, actor)
        legal = choices(state, player)
        if len(legal) == 1:     # nothing to weigh
            return legal[0]
        stream, noise = rng.next64(_stream(self.seed, state))
        seen = state.determinize(player, noise)
        best: list[Action] = []
        best_value = -math.inf
        for action in legal:
            value = self.game.evaluate(seen.apply(action, player), player)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return rng.choice(stream, best)[1]


@dataclass
class LookaheadBot:
    """Two plies: each action (the ``width`` best by evaluation), then the reply each other player
    likes best, averaged over up to ``samples`` determinizations (fresh dice, resampled secrets).

    It sees what greedy cannot -- a capture that leaves a die open to the answer -- at a bounded
    cost: samples are taken whole, one after another, until ``samples`` or ``time_ms`` is reached
    (at least one), so every candidate is judged on the same sampled worlds.
    """

    game: Game
    seed: int = 0
    samples: int = 3
    width: int = 6
    time_ms: int | None = None

    def choose(self, state: State, actor: int | None = None) -> Action:
        player = seat(state, actor)
        legal = choices(state, player)
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        stream, noise = rng.next64(_stream(self.seed, state))
        first = state.determinize(player, noise)
        ranked = sorted(legal, key=lambda a: -self.game.evaluate(first.apply(a, player), player))[: self.width]
        totals = [0.0] * len(ranked)
        for taken in range(self.samples):
            if taken and deadline is not None and time.perf_counter() > deadline:
                break
            if taken:
                stream, noise = rng.next64(stream)
            world = first if not taken else state.determinize(player, noise)
            for k, action in enumerate(ranked):
                totals[k] += self._reply_value(world.apply(action, player), player)
        best_value = max(totals)
        best = [a for a, v in zip(ranked, totals, strict=True) if v >= best_value - 1e-9]
        return rng.choice(stream, best)[1]

    def _reply_value(self, state: State, player: int) -> float:
        """``player``'s evaluation after the reply the next actor likes best (chance: as it stands)."""
        if state.is_over:
            return state.returns()[player]
        mover = first_actor(state)
        if mover == player or mover < 0:
            return self.game.evaluate(state, player)
        replies = [state.apply(a, mover) for a in choices(state, mover)]
        answer = max(replies, key=lambda s: self.game.evaluate(s, mover))
        return self.game.evaluate(answer, player)


@dataclass(eq=False)
class _Node:
    player: int | None
    """Who chose the action leading here (whose value ``total`` counts)."""
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)


@dataclass
class MCTSBot:
    """UCT search over determinized states, with random playouts.

    ``iterations`` bounds the work; ``time_ms``, when given, bounds the time
    as well (so a page can promise a reply time).  Playouts longer than ``playout_depth`` actions are scored with
    the game's ``evaluate`` instead of being played to the end.
    """

    game: Game
    iterations: int = 300
    time_ms: int | None = None
    seed: int = 0
    exploration: float = 1.4
    playout_depth: int = 200

    def choose(self, state: State, actor: int | None = None) -> Action:
        player = seat(state, actor)
        legal = choices(state, player)
        if len(legal) == 1:
            return legal[0]
        stream = _stream(self.seed, state)
        root = _Node(player=None)
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        for _ in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                break
            stream, noise = rng.next64(stream)
            stream = self._iterate(root, state.determinize(player, noise), stream, player)
        by_key = {_key(a): a for a in legal}
        best = max(by_key, key=lambda k: (root.children[k].visits if k in root.children else -1, k))
        return by_key[best]

    def _iterate(self, root: _Node, state: State, stream: int, player: int) -> int:
        path = [root]
        node = root
        first = True
        while not state.is_over:
            mover = player if first else first_actor(state)
            first = False
            if mover < 0:   # chance or the moderator: sampled, not searched
                stream, action = sample_entry(state, mover, stream)
                state = state.apply(action, mover)
                continue
            actions = {_key(a): a for a in choices(state, mover)}
            for k in actions:
                if k in node.children:
                    node.children[k].available += 1
            untried = [k for k in actions if k not in node.children]
            if untried:
                stream, k = rng.choice(stream, untried)
                child = node.children[k] = _Node(player=mover, available=1)
                state = state.apply(actions[k], mover)
                path.append(child)
                break
            k = max(actions, key=lambda k: self._ucb(node.children[k]))
            node = node.children[k]
            state = state.apply(actions[k], mover)
            path.append(node)
        stream, values = self._playout(state, stream)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.total += values[visited.player]
        return stream

    def _ucb(self, node: _Node) -> float:
        mean = node.total / node.visits
        return mean + self.exploration * math.sqrt(math.log(max(node.available, 1)) / node.visits)

    def _playout(self, state: State, stream: int) -> tuple[int, tuple[float, ...]]:
        for _ in range(self.playout_depth):
            if state.is_over:
                return stream, state.returns()
            mover = first_actor(state)
            if mover < 0:
                stream, action = sample_entry(state, mover, stream)
            else:
                stream, action = rng.choice(stream, choices(state, mover))
            state = state.apply(action, mover)
        if state.is_over:
            return stream, state.returns()
        return stream, tuple(self.game.evaluate(state, p) for p in range(state.players))


BotFactory = Callable[[Game, int], Bot]

LEVELS: dict[str, BotLevel] = {
    "random": BotLevel("Random: any legal move", lambda game, seed: RandomBot(seed)),
    "greedy": BotLevel("Greedy: best immediate result", lambda game, seed: GreedyBot(game, seed)),
    "mcts": BotLevel("Thinker: tree search (MCTS)", lambda game, seed: MCTSBot(game, seed=seed, **game.search)),
}
"""The levels every game offers: name -> level."""


DEFAULT_LEVEL = "mcts"
"""The level a game offers first unless it declares its own ``default_bot``."""


def levels(game: Game) -> dict[str, BotLevel]:
    """The bot levels of ``game``, weakest first (the protocol's, then those the game declares)."""
    return {**LEVELS, **game.bot_levels}


def make_bot(game: Game, level: str | None = None, seed: int = 0) -> Bot:
    """A bot of a named level for ``game`` (None: the game's default level)."""
    level = game.default_bot if level is None else level
    available = levels(game)
    if level not in available:
        raise ValueError(f"unknown bot level {level!r} for {game.name}; levels: {', '.join(available)}")
    bot: Bot = available[level].factory(game, seed)
    return bot


def untimed(bot: Bot) -> Bot:
    """``bot`` without its time budget, so it repeats exactly on any machine (tutorials, tests).

    A budget trades exact repetition for a promised reply time: a loaded machine stops sooner.
    """
    if is_dataclass(bot) and not isinstance(bot, type) and any(f.name == "time_ms" for f in fields(bot)):
        return replace(bot, time_ms=None)
    return bot
