"""Fit the strength model of the Tournament-Legal buttons (``strength.json``) by simulation.

``python -m core.battle.strength_fit --matches 90000 --seed 1 --out core/battle/strength.json``

1. Play ``--matches`` quick Button Men matches (first to ``--max-wins``, default 1) between
   uniformly drawn pairs of distinct TL buttons, seats drawn at random, both sides played by the
   Button Men greedy bot; a cancelled match counts half a win each.
2. Fit Bradley-Terry strengths by Hunter's MM iteration (one virtual draw against an average
   button keeps unbeaten or winless buttons finite) and write them as Elo ratings
   (``400 log10`` of the strength, centred on 0).
3. Check the model: ``--check-pairs`` random pairs are simulated ``--check-matches`` times each;
   the file states the mean and largest absolute error between predicted and observed win rates,
   and the sampling noise expected from that many matches.

The order bot only looks ratings up (:mod:`core.battle.strength`); nothing is simulated at play time.
Work is bounded by the argument limits below.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

from core import rng
from core.bots import GreedyBot
from core.buttonmen import roster
from core.protocol import get_game

MAX_MATCHES = 2_000_000
MAX_CHECK_PAIRS = 500
MAX_CHECK_MATCHES = 2_000
MM_ITERATIONS = 500


def play_match(first: str, second: str, seed: int, max_wins: int) -> float:
    """``first``'s result against ``second`` (1 win, 0.5 cancelled, 0 loss), greedy bots on both sides."""
    game = get_game("button-men")
    state = game.new(seed, buttons=(first, second), max_wins=max_wins)
    bot = GreedyBot(game, seed)
    while not state.is_over:
        actor = min(state.actors)
        state = state.apply(bot.choose(state, actor), actor)
    outcome = state.outcome
    assert outcome is not None
    return 0.5 if outcome.winner is None else float(outcome.winner == 0)


def _pair(stream: int, names: list[str]) -> tuple[int, str, str]:
    stream, a = rng.below(stream, len(names))
    stream, b = rng.below(stream, len(names) - 1)
    return stream, names[a], names[b + (b >= a)]


def simulate(names: list[str], matches: int, seed: int, max_wins: int,
             log: bool = True) -> dict[tuple[str, str], list[float]]:
    """Results by ordered pair ``(a, b)`` with ``a < b``: ``[a's points, matches]``."""
    results: dict[tuple[str, str], list[float]] = {}
    stream = rng.derive(seed, 1)
    started = time.perf_counter()
    for index in range(matches):
        stream, a, b = _pair(stream, names)
        points = play_match(a, b, rng.derive(seed, 2, index), max_wins)
        key, mine = ((a, b), points) if a < b else ((b, a), 1 - points)
        cell = results.setdefault(key, [0.0, 0.0])
        cell[0] += mine
        cell[1] += 1
        if log and (index + 1) % 5000 == 0:
            rate = (index + 1) / (time.perf_counter() - started)
            print(f"{index + 1} matches, {rate:.0f}/s", file=sys.stderr, flush=True)
    return results


def fit(names: list[str], results: dict[tuple[str, str], list[float]]) -> dict[str, float]:
    """Elo ratings (mean 0) of the Bradley-Terry strengths fitted to ``results`` (MM algorithm)."""
    wins = {n: 0.5 for n in names}   # the virtual draw against an average (strength 1) button
    games: dict[str, list[tuple[str, float]]] = {n: [] for n in names}
    for (a, b), (points, count) in results.items():
        wins[a] += points
        wins[b] += count - points
        games[a].append((b, count))
        games[b].append((a, count))
    strength = dict.fromkeys(names, 1.0)
    for _ in range(MM_ITERATIONS):
        new = {}
        for n in names:
            denominator = 1 / (strength[n] + 1) + sum(c / (strength[n] + strength[o]) for o, c in games[n])
            new[n] = wins[n] / denominator
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {n: v / scale for n, v in new.items()}
    return {n: round(400 * math.log10(strength[n]), 1) for n in names}


def expected(rating_a: float, rating_b: float) -> float:
    """The Elo/Bradley-Terry chance that ``a`` beats ``b``."""
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))


def check(names: list[str], ratings: dict[str, float], pairs: int, matches: int, seed: int,
          max_wins: int) -> dict[str, float | int]:
    """Compare predicted and simulated win rates on ``pairs`` random pairs."""
    stream = rng.derive(seed, 3)
    errors, noise = [], []
    for pair in range(pairs):
        stream, a, b = _pair(stream, names)
        points = sum(play_match(a, b, rng.derive(seed, 4, pair, k), max_wins) for k in range(matches))
        predicted = expected(ratings[a], ratings[b])
        errors.append(abs(points / matches - predicted))
        noise.append(math.sqrt(predicted * (1 - predicted) / matches))
    return {
        "pairs": pairs, "matches_per_pair": matches,
        "mean_abs_error": round(sum(errors) / pairs, 4), "max_abs_error": round(max(errors), 4),
        "mean_sampling_noise": round(sum(noise) / pairs, 4),
    }


def _bounded(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low}-{high}")
        return value
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.battle.strength_fit", description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=_bounded(100, MAX_MATCHES), default=90_000)
    parser.add_argument("--seed", type=_bounded(0, 2**63), default=1)
    parser.add_argument("--max-wins", type=_bounded(1, 3), default=1)
    parser.add_argument("--check-pairs", type=_bounded(1, MAX_CHECK_PAIRS), default=40)
    parser.add_argument("--check-matches", type=_bounded(10, MAX_CHECK_MATCHES), default=150)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("strength.json"))
    args = parser.parse_args(argv)
    names = sorted(b.name for b in roster.select(tournament_legal=True))
    started = time.perf_counter()
    results = simulate(names, args.matches, args.seed, args.max_wins)
    ratings = fit(names, results)
    validation = check(names, ratings, args.check_pairs, args.check_matches, args.seed, args.max_wins)
    data = {
        "format": "buttonmen-battle-strength/1",
        "model": "Bradley-Terry strengths as Elo ratings: P(a beats b) = 1 / (1 + 10 ** ((r_b - r_a) / 400))",
        "simulation": {
            "matches": args.matches, "seed": args.seed, "max_wins": args.max_wins,
            "bots": "Button Men greedy bot on both sides", "pairs": "uniform random distinct TL buttons",
            "seconds": round(time.perf_counter() - started),
        },
        "validation": validation,
        "ratings": dict(sorted(ratings.items())),
    }
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {len(ratings)} ratings, validation {validation}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
