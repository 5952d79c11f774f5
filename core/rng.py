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
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(64))
"""Rejection limits of :func:`below` for ``n`` < 64 (64 random bits at or above ``_LIMITS[n]`` are drawn again)."""


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


def shuffled(stream: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """A Fisher-Yates shuffle of ``items`` (each swap draws as :func:`below`, both it and :func:`next64`
    inlined, its rejection limit looked up: games deal on every playout's path)."""
    out = list(items)
    mask = _MASK
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n] if n < len(_LIMITS) else _SPAN - _SPAN % n
        while True:
            stream = (stream + _GOLDEN) & mask
            z = ((stream ^ (stream >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            bits = z ^ (z >> 31)
            if bits < limit:
                break
        j = bits % n
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

