"""Play seeded games of any registered game and check that every record replays.

    python -m core.simulate GAME [--games N] [--seed S] [--bots random,greedy,...]
                                 [--option NAME=VALUE ...] [--timed] [--json]

Game ``i`` (from 0) is dealt with seed ``S + i``; seat ``k`` is played by the
``k``-th bot level of ``--bots`` (the list repeats when it is shorter than the
number of seats).  Dice typed by hand (the chance actor) are drawn by a random
bot, each result with its probability (``State.chance_outcomes``); a moderator's decisions
uniformly.  Bots play untimed (:func:`core.bots.untimed`),
so the same arguments give the same games on any machine; ``--timed`` keeps the pages'
time budgets instead.  After each game the record is replayed and the final state
round-tripped through JSON; any difference is a mismatch.

It prints games, finished, errors, replay mismatches, mean actions per game,
actions per second and places per seat (``--json``: one JSON object with exactly
those keys).  The exit code is 1 on any error or mismatch, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import core
from core import rng
from core.bots import Bot, first_actor, levels, make_bot, sample_entry, untimed
from core.protocol import JSON, Game, InputError, State, quote

MAX_GAMES = 100_000
MAX_ACTIONS = 100_000
"""A game longer than this is an error (the rules must end every game)."""


@dataclass
class Tally:
    """What :func:`simulate` counted."""

    games: int = 0
    finished: int = 0
    errors: int = 0
    replay_mismatches: int = 0
    actions: int = 0
    seconds: float = 0.0
    places: list[dict[int, int]] = field(default_factory=list)
    """Per seat: how often it took each place."""
    problems: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, JSON]:
        """The result as the JSON object ``--json`` prints."""
        return {
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "replay_mismatches": self.replay_mismatches,
            "mean_actions": self.actions / self.games if self.games else 0.0,
            "actions_per_second": self.actions / self.seconds if self.seconds else 0.0,
            "places": [{str(k): v for k, v in sorted(seat.items())} for seat in self.places],
        }


def parse_option(text: str) -> tuple[str, JSON]:
    """``NAME=VALUE`` with VALUE read as JSON (``3``, ``true``, ``["a","b"]``) or else as text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise InputError("--option", "must be NAME=VALUE", text)
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def play_one(game: Game, seed: int, options: dict[str, JSON], bots: Sequence[str],
             times: dict[str, list[float]] | None = None, *, timed: bool = False) -> State:
    """One seeded game played to the end (or to :data:`MAX_ACTIONS`) by the named bot levels.

    ``times``, when given, collects every move's seconds under its bot level.  The bots play
    untimed (the game repeats exactly) unless ``timed``.
    """
    state = game.new(seed=seed, **options)
    levels_ = [bots[k % len(bots)] for k in range(state.players)]
    players: list[Bot] = [make_bot(game, level, seed + k) for k, level in enumerate(levels_)]
    if not timed:
        players = [untimed(bot) for bot in players]
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        actor = first_actor(state)
        if actor < 0:   # typed dice (by their probabilities) or the moderator (any legal entry), seeded
            action = sample_entry(state, actor, rng.derive(seed, len(state.history)))[1]
        else:
            started = time.perf_counter()
            action = players[actor].choose(state, actor)
            if times is not None:
                times[levels_[actor]].append(time.perf_counter() - started)
        state = state.apply(action, actor)
    raise RuntimeError(f"no end after {MAX_ACTIONS:,} actions")


def simulate(game: Game, games: int, seed: int, bots: Sequence[str], options: dict[str, JSON], *,
             timed: bool = False) -> Tally:
    """Play ``games`` seeded games and check each record and final state."""
    tally = Tally()
    started = time.perf_counter()
    for i in range(games):
        tally.games += 1
        try:
            state = play_one(game, seed + i, options, bots, timed=timed)
        except Exception as error:  # noqa: BLE001 - a crash in any game is counted, not fatal
            tally.errors += 1
            tally.problems.append(f"game {i} (seed {seed + i}): the engine failed: {quote(str(error))}")
            continue
        tally.actions += len(state.history)
        tally.finished += 1
        outcome = state.outcome
        assert outcome is not None
        while len(tally.places) < len(outcome.places):
            tally.places.append({})
        for seat, place in enumerate(outcome.places):
            tally.places[seat][place] = tally.places[seat].get(place, 0) + 1
        record = json.loads(json.dumps(state.to_record()))
        try:
            same = core.replay(record) == state
        except Exception as error:  # noqa: BLE001
            tally.problems.append(f"game {i} (seed {seed + i}): replay failed: {error}")
            same = False
        if not same:
            tally.replay_mismatches += 1
            tally.problems.append(f"game {i} (seed {seed + i}): the record does not replay to the same state")
    tally.seconds = time.perf_counter() - started
    return tally


def report(name: str, tally: Tally) -> str:
    """The result in words."""
    s = tally.summary()
    lines = [
        f"{name}: {s['games']} games, {s['finished']} finished, {s['errors']} errors, "
        f"{s['replay_mismatches']} replay mismatches",
        f"mean actions per game: {s['mean_actions']:.1f}; actions per second: {s['actions_per_second']:,.0f}",
    ]
    for seat, places in enumerate(tally.places):
        shown = ", ".join(f"place {p}: {n}" for p, n in sorted(places.items()))
        lines.append(f"seat {seat + 1}: {shown}")
    lines.extend(tally.problems[:10])
    return "\n".join(lines)


class Arguments(argparse.ArgumentParser):
    """A command line whose mistakes raise :class:`InputError` (printed as one line, exit 2)."""

    def error(self, message: str) -> Any:
        raise InputError("arguments", message)


def main(argv: Sequence[str] | None = None) -> int:
    parser = Arguments(prog="python -m core.simulate", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help=f"one of: {', '.join(core.GAMES)}")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--bots", default="random", help="comma-separated bot levels, one per seat in turn")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable); VALUE is read as JSON when it can be")
    parser.add_argument("--timed", action="store_true",
                        help="keep the bots' time budgets (faster, but games no longer repeat exactly)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        game = core.get_game(args.game)
        if not 1 <= args.games <= MAX_GAMES:
            raise InputError("--games", f"must be from 1 to {MAX_GAMES:,}", args.games)
        if not 0 <= args.seed < 1 << 63:
            raise InputError("--seed", "must be from 0 to 2**63 - 1", args.seed)
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        unknown = [b for b in bots if b not in levels(game)]
        if not bots or unknown:
            raise InputError("--bots", f"levels of {game.name}: {', '.join(levels(game))}",
                             unknown[0] if unknown else args.bots)
        options = dict(parse_option(o) for o in args.option)
        game.resolve_options(options)
    except ValueError as error:
        print(f"python -m core.simulate: {error}", file=sys.stderr)
        return 2
    tally = simulate(game, args.games, args.seed, bots, options, timed=args.timed)
    print(json.dumps(tally.summary()) if args.json else report(game.name, tally))
    if args.json and tally.problems:
        print("\n".join(tally.problems[:10]), file=sys.stderr)
    return 1 if tally.errors or tally.replay_mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
