"""A tiny, explicit random stream: SplitMix64 over a plain integer.

The stream is an ``int`` stored inside a game state, so states stay immutable,
cheap to copy and JSON-serializable, and replays are bit-identical on CPython
and in Pyodide.  Every function takes a stream and returns ``(stream, result)``.

>>> s, a = draw(seed_stream(7), 6)
>>> s2, b = draw(seed_stream(7), 6)
>>> a == b and 1 <= a <= 6
True
"""

import math
import struct
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SPAN = 1 << 64


def seed_stream(seed: int) -> int:
    """The stream for a user-facing seed (any integer)."""
    return seed & _MASK


def next64(stream: int) -> tuple[int, int]:
    """Advance the stream and return 64 random bits."""
    stream = (stream + _GOLDEN) & _MASK
    z = stream
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return stream, z ^ (z >> 31)


def below(stream: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``0..n-1`` (unbiased, by rejection)."""
    if n <= 0:
        raise ValueError(f"below() needs n >= 1, got {n}")
    limit = _SPAN - _SPAN % n
    while True:
        stream, bits = next64(stream)
        if bits < limit:
            return stream, bits % n


def draw(stream: int, high: int, low: int = 1) -> tuple[int, int]:
    """A uniform integer in ``low..high`` inclusive (a die roll by default)."""
    stream, k = below(stream, high - low + 1)
    return stream, low + k


class _Lanes(NamedTuple):
    """The constants that draw every swap of a shuffle of ``size`` items at once (see :func:`shuffled`)."""

    ones: int
    """1 in every lane."""
    steps: int
    """``k + 1`` golden steps in lane ``k`` (the stream of the shuffle's draw ``k``)."""
    mask: int
    """64 low bits set in every lane."""
    spare: int
    """``2**64 % n`` in the lane of a draw below ``n``: a draw is rejected exactly when adding it carries."""
    carries: int
    """Bit 64 of every lane."""
    unpack: Callable[[bytes], tuple[int, ...]]
    """The low 64 bits of every lane, from the little-endian bytes of all lanes."""
    size: int
    """How many bytes all the lanes fill."""


_LANE = 128
"""Bits per lane: a 64-bit value times a 64-bit constant fits."""
_MAX_LANES = 63
"""The most draws :func:`shuffled` makes at once (64 items); longer shuffles draw one by one."""
_LANES: dict[int, _Lanes] = {}
""":class:`_Lanes` of every shuffle size met so far (2..64)."""


def _lanes(size: int) -> _Lanes:
    """The lanes of a shuffle of ``size`` items (2..64): draw ``k`` (of ``size - 1``) is below ``size - k``."""
    lanes = _LANES.get(size)
    if lanes is None:
        draws = range(size - 1)
        ones = sum(1 << (_LANE * k) for k in draws)
        lanes = _LANES[size] = _Lanes(
            ones=ones,
            steps=sum(((k + 1) * _GOLDEN) << (_LANE * k) for k in draws),
            mask=_MASK * ones,
            spare=sum((_SPAN % (size - k)) << (_LANE * k) for k in draws),
            carries=ones << 64,
            unpack=struct.Struct("<" + "Q8x" * (size - 1)).unpack,
            size=_LANE // 8 * (size - 1),
        )
    return lanes


def shuffled(stream: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """A Fisher-Yates shuffle of ``items``: the item at ``i`` (from the last down to the second) swaps
    with the one at :func:`below` ``(stream, i + 1)``.

    Games deal on every playout's path, so up to 64 items all the swaps are drawn at once: without a
    rejection, draw ``k`` takes the stream ``k + 1`` golden steps on, so one integer holding each
    draw's stream in its own 128-bit lane goes through SplitMix64's arithmetic once for all of them.
    When any draw would be rejected (about once in 2**60 shuffles) the items are drawn one by one.
    """
    out = list(items)
    count = len(out)
    if count < 2:
        return stream, tuple(out)
    if count > _MAX_LANES + 1:
        return _shuffled_one_by_one(stream, out)
    ones, steps, mask, spare, carries, unpack, size = _lanes(count)
    z = (stream * ones + steps) & mask
    z = ((z ^ ((z >> 30) & mask)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ ((z >> 27) & mask)) * 0x94D049BB133111EB) & mask
    bits = z ^ ((z >> 31) & mask)
    if (bits + spare) & carries:
        return _shuffled_one_by_one(stream, out)
    i = count - 1
    for drawn in unpack(bits.to_bytes(size, "little")):
        j = drawn % (i + 1)
        out[i], out[j] = out[j], out[i]
        i -= 1
    return (stream + (count - 1) * _GOLDEN) & _MASK, tuple(out)


def _shuffled_one_by_one(stream: int, out: list[T]) -> tuple[int, tuple[T, ...]]:
    """:func:`shuffled` as it is defined, one draw after the other (``out`` is shuffled in place)."""
    for i in range(len(out) - 1, 0, -1):
        stream, j = below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return stream, tuple(out)


def choice(stream: int, items: Sequence[T]) -> tuple[int, T]:
    """One uniformly chosen item."""
    stream, k = below(stream, len(items))
    return stream, items[k]


def derive(seed: int, *path: int) -> int:
    """An independent stream for a part of a game (e.g. sub-game ``k``), fixed by ``seed`` and ``path``.

    Each step mixes one number into the stream, so ``derive(s, 1)`` and ``derive(s, 2)`` share
    nothing and a sub-game's dice do not depend on the order in which sub-games are played.
    """
    stream = seed_stream(seed)
    for part in path:
        stream, bits = next64((stream ^ (part * 0xD1B54A32D192ED03)) & _MASK)
        stream = bits
    return stream


def weighted(stream: int, outcomes: Sequence[tuple[T, Fraction]]) -> tuple[int, T]:
    """One outcome drawn with its exact probability (the probabilities sum to 1; integer arithmetic
    only, so the draw is the same on every platform)."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    stream, k = below(stream, denominator)
    for item, probability in outcomes:
        k -= probability.numerator * (denominator // probability.denominator)
        if k < 0:
            return stream, item
    raise ValueError("the probabilities of the outcomes must sum to 1")

