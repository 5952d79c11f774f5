"""An immutable sequence that grows in constant time, for histories and logs held by states.

A state's history (and a Button Men match's log) grows by one entry per action.  As a
tuple, every action copied (and later freed) the whole history, so a long record replayed
in quadratic time.  A :class:`History` is a view of the first ``len`` items of a list it
may share with longer histories: :meth:`History.plus` on the newest version extends the
shared list in place; on an older version (a branch: undo, a bot trying alternatives) it
copies, exactly as a tuple would.  Items are never changed, so every version stays what it
was.  The check-then-extend-then-check in :meth:`plus` keeps that true when two threads
extend the same version at once (both then copy).  A state's record of play is a :class:`Log`: the
actions and who made each, grown together.  A state stores it as the :class:`Line` of play it shares with
the states before and after it, and its own length (:class:`HistoryField`), so an action adds no object.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload


class History[T](Sequence[T]):
    """A tuple-like, hashable sequence with an amortised O(1) :meth:`plus` for the newest version."""

    __slots__ = ("_items", "_size")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._size = len(self._items)

    @classmethod
    def _view(cls, items: list[T], size: int) -> History[T]:
        view = cls.__new__(cls)
        view._items, view._size = items, size
        return view

    def plus(self, *new: T) -> History[T]:
        """This sequence followed by ``new`` (``self`` is unchanged)."""
        items, size = self._items, self._size
        view = object.__new__(History)
        if len(items) == size:
            items.extend(new)
            if len(items) == size + len(new):
                view._items, view._size = items, size + len(new)
                return view
        view._items, view._size = [*islice(items, size), *new], size + len(new)
        return view

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> History[T]: ...

    def __getitem__(self, index: int | slice) -> T | History[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            items = self._items
            return History(items[start:stop] if step == 1 else (items[i] for i in range(start, stop, step)))
        position = index + self._size if index < 0 else index
        if not 0 <= position < self._size:
            raise IndexError("history index out of range")
        return self._items[position]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._size)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._size == other._size and (
                self._items is other._items or self._items[:self._size] == other._items[:other._size])
        if isinstance(other, tuple):
            return self._size == len(other) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return History, (list(self),)

    def starts_with(self, other: Sequence[T]) -> bool:
        """True when ``other``'s items are this sequence's first ones, compared without copying (a shorter
        version of the same growing history answers at once)."""
        size = len(other)
        if size > self._size:
            return False
        if isinstance(other, History) and other._items is self._items:
            return True
        return all(mine == theirs for mine, theirs in zip(islice(self._items, size), other, strict=True))


EMPTY: History[Any] = History()
"""The empty history (a shared default: nothing can change it)."""


class Log[T](History[T]):
    """A state's record of play: a :class:`History` of actions that also keeps who made each one
    (:attr:`movers`; None where the actor was implied).  A log is a view of the first entries of a
    :class:`Line`."""

    __slots__ = ("_movers",)

    def __init__(self, items: Iterable[T] = (), movers: Iterable[int | None] | None = None) -> None:
        super().__init__(items)
        self._movers: list[int | None] = [None] * self._size if movers is None else list(movers)
        if len(self._movers) != self._size:
            raise ValueError("a log needs one mover (or None) for each item")

    @property
    def movers(self) -> History[int | None]:
        """Who made each item: a seat, :data:`~core.actions.CHANCE` or the moderator; None where implied."""
        return History._view(self._movers, self._size)

    def __eq__(self, other: object) -> bool:
        same = super().__eq__(other)
        if same is True and isinstance(other, Log):
            return self._movers is other._movers or self._movers[:self._size] == other._movers[:other._size]
        return same

    __hash__ = History.__hash__

    def __repr__(self) -> str:
        return f"Log({list(self)!r}, {list(self.movers)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Log, (list(self), list(self.movers))


class Line[T]:
    """The entries of a line of play (actions and their movers), shared by every state along it; each state
    sees the first entries, as many as its own length.  Only :meth:`grown` adds entries."""

    __slots__ = ("_items", "_movers")
    _items: list[T]
    _movers: list[int | None]

    @classmethod
    def under(cls, log: Log[T]) -> Line[T]:
        """The line ``log`` is a view of (its lists, not copied)."""
        line = cls.__new__(cls)
        line._items, line._movers = log._items, log._movers
        return line

    def log(self, size: int) -> Log[T]:
        """The first ``size`` entries, as a log."""
        view = object.__new__(Log)
        view._items, view._movers, view._size = self._items, self._movers, size
        return view

    def grown(self, size: int, item: T, mover: int | None) -> Line[T]:
        """The line of the first ``size`` entries followed by ``item`` made by ``mover``: this line, extended
        in place, when ``size`` is its end (the newest state grows); else a copy (a branch: undo, a bot trying
        alternatives), as :meth:`History.plus` does.  Every extension appends to both lists, the items first."""
        items, movers = self._items, self._movers
        if len(items) == size:
            items.append(item)
            movers.append(mover)
            if len(items) == size + 1:
                return self
        line = object.__new__(Line)
        line._items, line._movers = [*islice(items, size), item], [*islice(movers, size), mover]
        return line


class HistoryField:
    """A state's ``history``, as the dataclass sees it (init, equality, repr, ``replace``): stored as the
    state's :class:`Line` (``_line``) and length (``_length``), so that ``apply`` grows the line without making
    a log per action; read, it is the line's first ``_length`` entries as a :class:`Log`."""

    def __get__(self, state: object, owner: type | None = None) -> Log[Any]:
        if state is None:
            return NO_PLAY  # the dataclass field's default
        fields = state.__dict__
        line: Line[Any] = fields["_line"]
        return line.log(fields["_length"])

    def __set__(self, state: object, log: Log[Any]) -> None:
        """Set from a log (or from any sequence of actions: their movers are then implied)."""
        log = log if isinstance(log, Log) else Log(log)
        fields = state.__dict__
        fields["_line"], fields["_length"] = Line.under(log), len(log)


NO_PLAY: Log[Any] = Log()
"""The empty log: the record of play of every new game (a shared default: nothing can change it)."""
