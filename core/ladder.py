"""The bot ladder: every pair of bot levels plays seeded two-player matches, seats alternating.

    python -m core.ladder GAME [--matches N] [--levels random,greedy,mcts] [--seed S]
                               [--option NAME=VALUE ...] [--timed] [--json]

Each deal (seed) is played twice, once from each seat, so the luck of the deal (random buttons,
dice) cancels out between the two levels.  For each pair the first level's wins, draws and losses
are counted (a draw is half a win), with a 95 % Wilson interval on its score, and every level's
mean and worst move time.  The bots play untimed, so a ladder repeats exactly (``--timed``: with
the pages' time budgets, as strong as a visitor meets them on this machine).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import core
from core.bots import levels
from core.protocol import JSON, Game, InputError
from core.simulate import Arguments, parse_option, play_one

MAX_MATCHES = 10_000


@dataclass
class Pairing:
    """The results of ``first`` against ``second``."""

    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def matches(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """The first level's share of the points (a draw is half)."""
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.5

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95 % Wilson score interval of :attr:`score`."""
        n, p = self.matches, self.score
        if not n:
            return (0.0, 1.0)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Ladder:
    """Every pairing and every level's move times."""

    pairings: list[Pairing] = field(default_factory=list)
    move_seconds: dict[str, list[float]] = field(default_factory=dict)

    def summary(self) -> dict[str, JSON]:
        return {
            "pairings": [{"first": p.first, "second": p.second, "wins": p.wins, "draws": p.draws,
                          "losses": p.losses, "score": p.score, "interval95": list(p.interval())}
                         for p in self.pairings],
            "move_seconds": {level: {"mean": sum(t) / len(t) if t else 0.0, "max": max(t, default=0.0),
                                     "moves": len(t)} for level, t in self.move_seconds.items()},
        }


def play_match(game: Game, seats: tuple[str, str], seed: int, options: dict[str, JSON],
               times: dict[str, list[float]], *, timed: bool = False) -> int | None:
    """One seeded match; the winning seat (None: a draw)."""
    return play_one(game, seed, options, seats, times, timed=timed).winner


def run(game: Game, names: Sequence[str], matches: int, seed: int, options: dict[str, JSON], *,
        timed: bool = False) -> Ladder:
    """Every pair of ``names`` plays ``matches`` matches: each deal twice, the levels swapping seats."""
    ladder = Ladder(move_seconds={name: [] for name in names})
    for first, second in combinations(names, 2):
        pairing = Pairing(first, second)
        for i in range(matches):
            swapped = i % 2 == 1
            seats = (second, first) if swapped else (first, second)
            winner = play_match(game, seats, seed + i // 2, options, ladder.move_seconds, timed=timed)
            if winner is None:
                pairing.draws += 1
            elif (winner == 1) == swapped:
                pairing.wins += 1
            else:
                pairing.losses += 1
        ladder.pairings.append(pairing)
    return ladder


def report(game: Game, ladder: Ladder) -> str:
    lines = [f"{game.title} bot ladder (seats alternating; score = wins + draws/2)"]
    for p in ladder.pairings:
        low, high = p.interval()
        lines.append(f"  {p.first:>8} vs {p.second:<8} {p.wins:4}-{p.draws}-{p.losses:<4} "
                     f"score {p.score:6.1%}  95% interval {low:6.1%} to {high:6.1%}  ({p.matches} matches)")
    for level, times in ladder.move_seconds.items():
        if times:
            lines.append(f"  {level:>8}: {sum(times) / len(times):.3f} s/move mean, {max(times):.3f} s max "
                         f"({len(times)} moves)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = Arguments(prog="python -m core.ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help=f"a two-player game: {', '.join(core.GAMES)}")
    parser.add_argument("--matches", type=int, default=20,
                        help="matches per pair of levels (default 20; each deal is played from both seats)")
    parser.add_argument("--levels", default="random,greedy,mcts", help="comma-separated bot levels")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--timed", action="store_true", help="keep the bots' time budgets (no exact repeats)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        game = core.get_game(args.game)
        if not 1 <= args.matches <= MAX_MATCHES:
            raise InputError("--matches", f"must be from 1 to {MAX_MATCHES:,}", args.matches)
        if not 0 <= args.seed < 1 << 63:
            raise InputError("--seed", "must be from 0 to 2**63 - 1", args.seed)
        names = [n.strip() for n in args.levels.split(",") if n.strip()]
        unknown = [n for n in names if n not in levels(game)]
        if len(set(names)) < 2 or unknown:
            raise InputError("--levels", f"two or more of {', '.join(levels(game))}",
                             unknown[0] if unknown else args.levels)
        options = dict(parse_option(o) for o in args.option)
        if game.seats(game.resolve_options(options)) != 2:
            raise InputError("game", "the ladder pits two bots against each other: choose a two-player game",
                             args.game)
    except ValueError as error:
        print(f"python -m core.ladder: {error}", file=sys.stderr)
        return 2
    ladder = run(game, names, args.matches, args.seed, options, timed=args.timed)
    print(json.dumps(ladder.summary()) if args.json else report(game, ladder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
