"""The balance check of rulebook 6.3: how often each piece type is part of a winning team.

``python -m core.fairsquare.balance [--rounds N] [--seed S] [--pieces FILE_OR_NAME]`` plays N
boards per round (1-3) of four random legal placements on generated boards and prints, per
piece type, its share of all placed pieces, its share of the winners' pieces (the 6.3 check:
every type between about 10 % and 40 %; with 5-6 types a neutral type sits near 1/5-1/6) and
the share of winning teams that hold it.  Winners are the first places (shared ones included).
``--pieces`` names a bundled set (``project_v1``, ``project_v2``) or a ``fas-pieces/1`` file.
Exit status 2 with one line on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from core import rng
from core.fairsquare.boards import generate
from core.fairsquare.pieces import BUNDLED, PieceSet, load_piece_set, piece_set
from core.fairsquare.placement import random_placement
from core.fairsquare.sim import simulate
from core.fairsquare.trace import Piece
from core.protocol import InputError

LOW, HIGH = 0.10, 0.40
"""The rulebook's band for a type's share of the winners' pieces."""
MAX_BOARDS = 100_000


@dataclass(frozen=True)
class TypeFigures:
    """One piece type of one round: its shares of all pieces and of winners' pieces, and of winning teams."""

    round_number: int
    name: str
    rank: int
    placed: float
    won: float
    in_winning_teams: float

    @property
    def balanced(self) -> bool:
        return LOW <= self.won <= HIGH


def measure(pieces: PieceSet, boards: int, seed: int) -> list[TypeFigures]:
    """Figures for every type of every round from ``boards`` random boards per round."""
    figures = []
    for r in (1, 2, 3):
        roster = pieces.roster(r)
        by_name = {t.name: t for t in roster}
        stream = rng.derive(seed, r)
        placed: Counter[str] = Counter()
        won: Counter[str] = Counter()
        teams_with: Counter[str] = Counter()
        winning_teams = 0
        for _ in range(boards):
            stream, board = generate(stream)
            teams = []
            for _ in range(4):
                stream, team = random_placement(stream, board, roster)
                teams.append(team)
            stream, sim_stream = rng.next64(stream)
            result = simulate(board, [Piece(k, by_name[kind], s) for k, team in enumerate(teams)
                                      for kind, s in sorted(team, key=lambda p: p[1])], 4, sim_stream)
            ranked = result.places()
            for k, team in enumerate(teams):
                kinds = [kind for kind, _ in team]
                placed.update(kinds)
                if ranked[k] == 1:
                    won.update(kinds)
                    teams_with.update(set(kinds))
                    winning_teams += 1
        for t in roster:
            figures.append(TypeFigures(r, t.name, t.rank, placed[t.name] / sum(placed.values()),
                                       won[t.name] / max(1, sum(won.values())),
                                       teams_with[t.name] / max(1, winning_teams)))
    return figures


def report(figures: Sequence[TypeFigures]) -> str:
    """A table of the figures, with a verdict per type."""
    lines = [f"{'round':>5}  {'type':<12}{'rank':>4}  {'placed':>7}  {'of winners':>10}  {'in win teams':>12}"]
    for f in figures:
        mark = "ok" if f.balanced else "OUT of 10-40 %"
        lines.append(f"{f.round_number:>5}  {f.name:<12}{f.rank:>4}  {f.placed:>7.1%}  {f.won:>10.1%}  "
                     f"{f.in_winning_teams:>12.1%}  {mark}")
    out = sum(not f.balanced for f in figures)
    lines.append(f"{len(figures) - out} of {len(figures)} types within {LOW:.0%}-{HIGH:.0%} of the winners' pieces")
    return "\n".join(lines)


def load(source: str) -> PieceSet:
    """A bundled set by name, or a fas-pieces/1 file."""
    if source in BUNDLED:
        return piece_set(source)
    try:
        data = json.loads(Path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InputError("--pieces", f"cannot read {source}: {error}") from None
    return load_piece_set(data)


class _Parser(argparse.ArgumentParser):
    """Bad arguments raise one InputError instead of printing the usage."""

    def error(self, message: str) -> NoReturn:
        raise InputError("arguments", message)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m core.fairsquare.balance", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000, help="random boards per round (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pieces", default="project_v1", help="a bundled set name or a fas-pieces/1 JSON file")
    try:
        args = parser.parse_args(argv)
        if not 1 <= args.rounds <= MAX_BOARDS:
            raise InputError("--rounds", f"must be 1-{MAX_BOARDS}", args.rounds)
        pieces = load(args.pieces)
    except InputError as error:
        print(error, file=sys.stderr)
        return 2
    print(report(measure(pieces, args.rounds, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
