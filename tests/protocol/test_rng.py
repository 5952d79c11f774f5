"""The seeded stream: deterministic, uniform enough and range-correct."""

from collections import Counter

import pytest

from core import rng


def test_same_seed_same_draws() -> None:
    def draws(seed: int) -> list[int]:
        stream, out = rng.seed_stream(seed), []
        for _ in range(50):
            stream, value = rng.draw(stream, 20)
            out.append(value)
        return out

    assert draws(42) == draws(42) != draws(43)


def test_known_splitmix64_values() -> None:
    # Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    stream, first = rng.next64(0)
    _, second = rng.next64(stream)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_draws_cover_the_range_evenly() -> None:
    stream, counts = rng.seed_stream(1), Counter[int]()
    for _ in range(6000):
        stream, value = rng.draw(stream, 6)
        counts[value] += 1
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < c < 1150 for c in counts.values())


def test_draw_with_low_bound_and_shuffle_is_a_permutation() -> None:
    stream, value = rng.draw(rng.seed_stream(3), 12, low=2)
    assert 2 <= value <= 12
    _, items = rng.shuffled(stream, "RRRBBBWWW")
    assert sorted(items) == sorted("RRRBBBWWW")


def test_below_rejects_an_empty_range() -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        rng.below(0, 0)
