"""Random balanced placement (rulebook 2.4, BB-05).

1. Enumerate every cut of the map into one connected block of ``size`` territories per player (the
   rest neutral); if there are more than :data:`ENUMERATION_LIMIT`, sample :data:`SAMPLE_SIZE`.
2. Score each cut by its blocks' adjacent-opponent counts (distinct other blocks bordering a block):
   smallest spread, then smallest variance, then highest mean.
3. Pick one of the best cuts with the seeded stream, deal blocks to players at random and armies
   onto their block's territories at random.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from core import rng
from core.battle.maps import Map
from core.protocol import InputError

ENUMERATION_LIMIT = 200_000
"""More cuts than this are not enumerated: the rulebook's sample is drawn instead."""
SAMPLE_SIZE = 10_000
SAMPLE_TRIES = 50
"""Random block-by-block constructions tried per sampled cut before giving up on it."""

Block = frozenset[int]
Cut = tuple[Block, ...]


@dataclass(frozen=True)
class Balance:
    """A cut's balance: spread, variance and mean of its adjacent-opponent counts."""

    spread: int
    variance: Fraction
    mean: Fraction

    @property
    def key(self) -> tuple[int, Fraction, Fraction]:
        """Smaller is better: spread, then variance, then the negated mean."""
        return (self.spread, self.variance, -self.mean)


def blocks(board: Map, size: int) -> list[Block]:
    """Every connected set of ``size`` territories (sorted, without repeats)."""
    layer: set[Block] = {frozenset((t,)) for t in range(board.size)}
    for _ in range(size - 1):   # growing by a neighbour keeps a block connected
        layer = {b | {n} for b in layer for t in b for n in board.neighbours[t] if n not in b}
    return sorted(layer, key=sorted)


def all_cuts(options: Sequence[Block], players: int, limit: int) -> Iterator[Cut]:
    """Cuts of ``players`` disjoint blocks, each set of blocks once; at most ``limit + 1`` of them."""
    count = 0

    def extend(start: int, chosen: tuple[Block, ...], used: frozenset[int]) -> Iterator[Cut]:
        nonlocal count
        if len(chosen) == players:
            count += 1
            yield chosen
            return
        for i in range(start, len(options)):
            if count > limit:
                return
            if not options[i] & used:
                yield from extend(i + 1, (*chosen, options[i]), used | options[i])

    yield from extend(0, (), frozenset())


def balance(board: Map, cut: Cut) -> Balance:
    """The balance of a cut: how many distinct other blocks border each block."""
    owner = {t: i for i, block in enumerate(cut) for t in block}
    counts = []
    for i, block in enumerate(cut):
        others = {owner[n] for t in block for n in board.neighbours[t] if n in owner and owner[n] != i}
        counts.append(len(others))
    mean = Fraction(sum(counts), len(counts))
    variance = sum(((c - mean) ** 2 for c in counts), Fraction(0)) / len(counts)
    return Balance(max(counts) - min(counts), variance, mean)


def _sample(board: Map, options: Sequence[Block], players: int, stream: int) -> tuple[int, list[Cut]]:
    """Up to :data:`SAMPLE_SIZE` random cuts, built block by block (distinct cuts only)."""
    seen: set[frozenset[Block]] = set()
    cuts: list[Cut] = []
    for _ in range(SAMPLE_SIZE):
        for _ in range(SAMPLE_TRIES):
            chosen: list[Block] = []
            used: frozenset[int] = frozenset()
            while len(chosen) < players:
                free = [b for b in options if not b & used]
                if not free:
                    break
                stream, block = rng.choice(stream, free)
                chosen.append(block)
                used |= block
            if len(chosen) == players:
                key = frozenset(chosen)
                if key not in seen:
                    seen.add(key)
                    cuts.append(tuple(sorted(chosen, key=sorted)))
                break
    return stream, cuts


def best_cuts(board: Map, players: int, size: int, stream: int = 0) -> tuple[int, list[Cut], Balance]:
    """The best-balanced cuts (enumerated, or sampled when there are too many) and their balance."""
    if players * size > board.size:
        raise InputError("players", f"{players} players x {size} armies need more than the "
                                    f"{board.size} territories of {board.name}")
    options = blocks(board, size)
    cuts = list(all_cuts(options, players, ENUMERATION_LIMIT))
    if len(cuts) > ENUMERATION_LIMIT:
        stream, cuts = _sample(board, options, players, stream)
    if not cuts:
        raise InputError("placement", f"{board.name} cannot be cut into {players} connected blocks of {size}")
    scored = [(balance(board, c), c) for c in cuts]
    best = min(b.key for b, _ in scored)
    winners = [c for b, c in scored if b.key == best]
    return stream, winners, next(b for b, _ in scored if b.key == best)


def place(board: Map, players: int, size: int, stream: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Each player's territories (army order: army ``k`` of a player stands on the ``k``-th)."""
    stream, cuts, _ = best_cuts(board, players, size, stream)
    stream, cut = rng.choice(stream, cuts)
    stream, dealt = rng.shuffled(stream, cut)
    spots = []
    for block in dealt:
        stream, order = rng.shuffled(stream, sorted(block))
        spots.append(order)
    return stream, tuple(spots)
