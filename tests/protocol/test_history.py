"""``core.history.History``: a tuple in every way a state needs, growing in constant time."""

import pickle
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.history import EMPTY, NO_PLAY, History, Line, Log


def then[T](log: Log[T], item: T, mover: int | None) -> Log[T]:
    """``log`` followed by ``item`` made by ``mover``, grown as a state's history grows (``Line.grown``)."""
    return Line.under(log).grown(len(log), item, mover).log(len(log) + 1)


def test_plus_leaves_every_version_as_it_was() -> None:
    one = EMPTY.plus("a")
    two = one.plus("b")
    branch = one.plus("c")          # an older version grows: it must not see "b"
    assert (tuple(EMPTY), tuple(one), tuple(two), tuple(branch)) == ((), ("a",), ("a", "b"), ("a", "c"))
    assert two.plus("d", "e") == ("a", "b", "d", "e") and two == ("a", "b")


def test_the_newest_version_grows_in_place() -> None:
    versions = [History(["start"])]
    for step in range(1000):
        versions.append(versions[-1].plus(step))
    assert len({id(v._items) for v in versions}) == 1     # one shared list, no copies
    assert all(len(b) == len(a) + 1 for a, b in pairwise(versions))


def test_reads_like_a_tuple() -> None:
    seq = History(range(6))
    assert seq[0] == 0 and seq[-1] == 5 and list(seq[1:3]) == [1, 2] and seq[::-2] == (5, 3, 1)
    assert seq.plus(6)[:] == tuple(range(7)) and seq[:] == tuple(range(6)) and seq[-2:] == (4, 5)
    assert isinstance(seq[1:], History) and seq[1:] == tuple(range(1, 6))
    assert 3 in seq and seq.index(4) == 4 and seq.count(2) == 1 and list(reversed(seq))[0] == 5
    for index in (6, -7):
        with pytest.raises(IndexError):
            seq[index]
    assert seq.plus(6)[-1] == 6 and len(seq) == 6
    assert repr(History("ab")) == "History(['a', 'b'])"


@given(st.lists(st.integers()), st.lists(st.integers()))
def test_equality_and_hash_agree_with_tuples(left: list[int], right: list[int]) -> None:
    a, b = History(left), EMPTY.plus(*right)
    assert (a == b) == (left == right) == (tuple(left) == b) == (a == tuple(right))
    if a == b:
        assert hash(a) == hash(b) == hash(tuple(right))
    assert a != left      # like a tuple, never equal to a list


def test_pickles_as_its_items() -> None:
    seq = History(["x"]).plus("y")
    assert pickle.loads(pickle.dumps(seq)) == ("x", "y")


@given(st.lists(st.integers(), max_size=12), st.integers(0, 6), st.one_of(st.none(), st.integers(-14, 14)),
       st.one_of(st.none(), st.integers(-14, 14)), st.one_of(st.none(), st.integers(-4, 4).filter(bool)))
def test_slices_are_the_tuples_slices(items: list[int], grown: int, start: int | None, stop: int | None,
                                      step: int | None) -> None:
    seq = History(items)
    seq.plus(*range(grown))         # a longer version shares the list: slices must not see it
    assert seq[start:stop:step] == tuple(items)[start:stop:step]


def test_a_log_keeps_who_made_each_entry_in_every_version() -> None:
    one = then(NO_PLAY, "a", None)
    two = then(one, "b", 1)
    branch = then(one, "c", 0)       # an older version grows: it must see neither "b" nor its mover
    assert (tuple(two), tuple(two.movers)) == (("a", "b"), (None, 1))
    assert (tuple(branch), tuple(branch.movers)) == (("a", "c"), (None, 0))
    assert (len(NO_PLAY), len(NO_PLAY.movers), tuple(one.movers)) == (0, 0, (None,))
    assert two._items is one._items and branch._items is not one._items
    assert two.movers[:1] == (None,) and isinstance(two[:1], History)


def test_logs_are_equal_only_with_the_same_movers() -> None:
    assert Log("ab", (None, 1)) == then(then(NO_PLAY, "a", None), "b", 1) == ("a", "b")
    assert Log("ab", (None, 1)) != Log("ab", (None, 0))
    assert hash(Log("ab", (None, 1))) == hash(("a", "b"))
    assert Log("ab") == Log("ab", (None, None))
    with pytest.raises(ValueError, match="one mover"):
        Log("ab", (None,))


def test_a_log_pickles_with_its_movers() -> None:
    log = then(Log(["x"], [2]), "y", None)
    copy = pickle.loads(pickle.dumps(log))
    assert isinstance(copy, Log) and copy == log and tuple(copy.movers) == (2, None)
    assert repr(log) == "Log(['x', 'y'], [2, None])"


def test_starts_with_finds_a_prefix_without_copying() -> None:
    base = History(["a", "b"])
    grown = base.plus("c").plus("d")
    branch = base.plus("x")
    assert grown.starts_with(base) and grown.starts_with(grown) and grown.starts_with(EMPTY)
    assert grown.starts_with(("a", "b", "c")) and not grown.starts_with(("a", "c"))
    assert not grown.starts_with(branch) and not branch.starts_with(grown[:3])
    assert not base.starts_with(grown)  # longer than the history: never its start
    log = then(then(NO_PLAY, "a", 0), "b", None)
    assert then(log, "c", 1).starts_with(log) and not log.starts_with(then(log, "c", 1))


@given(st.lists(st.integers(0, 3), max_size=8), st.lists(st.integers(0, 3), max_size=8))
def test_starts_with_agrees_with_slicing(items: list[int], other: list[int]) -> None:
    seq = History(items)
    assert seq.starts_with(History(other)) == (tuple(items[:len(other)]) == tuple(other))


def test_a_state_stores_its_line_and_length_and_reads_its_history_as_a_log() -> None:
    import dataclasses

    import core

    start = core.get_game("button-up").new(seed=3, start="WRBWBRWBR")
    states = [start]
    for _ in range(6):
        states.append(states[-1].apply(states[-1].legal_actions()[0]))
    assert "history" not in states[-1].__dict__ and isinstance(states[-1].history, Log)
    assert len({id(s.__dict__["_line"]) for s in states[1:]}) == 1  # one line of play, grown in place
    assert [len(s.history) for s in states] == list(range(7))
    branch = states[3].apply(states[3].legal_actions()[-1])  # an older state plays on: a new line
    assert branch.__dict__["_line"] is not states[3].__dict__["_line"]
    assert tuple(branch.history[:3]) == tuple(states[6].history[:3]) and branch.history[3] != states[6].history[3]
    assert [len(s.history) for s in states] == list(range(7)) and states[4].history == states[6].history[:4]
    assert branch != states[4] and branch.history != states[4].history  # the history is part of equality
    again = dataclasses.replace(states[6], history=states[6].history[:2])
    assert again.history == states[6].history[:2] and again._with(history=NO_PLAY).history == ()
