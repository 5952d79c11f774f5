"""``rng.shuffled`` draws all its swaps at once: exactly the draws of Fisher-Yates with ``rng.below``,
one by one, for every stream and size, including the (rare) draws that ``below`` rejects."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import rng

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def fisher_yates(stream: int, items: list[int]) -> tuple[int, tuple[int, ...]]:
    """The definition: the item at ``i`` (last to second) swaps with the one at ``below(stream, i + 1)``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        stream, j = rng.below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return stream, tuple(out)


def unshift(value: int, shift: int) -> int:
    """The ``x`` whose ``x ^ (x >> shift)`` is ``value`` (64 bits)."""
    x, part = value, value >> shift
    while part:
        x ^= part
        part >>= shift
    return x


def stream_before(bits: int) -> int:
    """The stream that :func:`rng.next64` turns into ``bits`` (SplitMix64's mixing undone)."""
    z = unshift(bits, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 1 << 64) & MASK, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & MASK, 30)
    return (z - GOLDEN) & MASK


def test_stream_before_undoes_next64() -> None:
    for bits in (0, 1, MASK, 0x0123456789ABCDEF):
        assert rng.next64(stream_before(bits))[1] == bits


def test_ten_thousand_streams_over_every_size() -> None:
    stream = rng.seed_stream(21)
    for number in range(10_000):
        stream, bits = rng.next64(stream)
        items = list(range(number % 64 + 1))
        assert rng.shuffled(bits, items) == fisher_yates(bits, items), (bits, len(items))


@given(st.integers(0, MASK), st.lists(st.integers(), max_size=80))
def test_any_stream_and_items_shuffle_as_fisher_yates(stream: int, items: list[int]) -> None:
    assert rng.shuffled(stream, items) == fisher_yates(stream, items)


@pytest.mark.parametrize("size", [4, 10, 12, 64, 66])
@pytest.mark.parametrize("edge", [-1, 0, 1])
def test_a_draw_at_the_rejection_limit(size: int, edge: int) -> None:
    """Draw 1 of the shuffle (below ``size - 1``, not a power of two) lands just under, on or past its
    limit: rejected from the limit on, the shuffle then draws once more."""
    below = size - 1
    limit = (1 << 64) - (1 << 64) % below
    bits = min(limit + edge, MASK)
    stream = (stream_before(bits) - GOLDEN) & MASK  # draw 0 takes one step, draw 1 the next
    expected = fisher_yates(stream, list(range(size)))
    assert rng.shuffled(stream, list(range(size))) == expected
    steps = size - 1 + (bits >= limit)
    assert expected[0] == (stream + steps * GOLDEN) & MASK


def test_known_shuffles() -> None:
    # Pinned before the swaps were drawn at once: records and goldens deal these.
    assert rng.shuffled(rng.seed_stream(7), range(12)) == (
        14727398570297873646, (10, 11, 5, 1, 7, 4, 8, 2, 9, 6, 0, 3))
    assert rng.shuffled(rng.seed_stream(2026), "RRRBBBWWW") == (
        17418742259747383442, ("R", "W", "W", "B", "W", "R", "B", "B", "R"))
