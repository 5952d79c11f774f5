"""An immutable sequence that grows in constant time, for histories and logs held by states.

A state's history (and a Button Men match's log) grows by one entry per action.  As a
tuple, every action copied (and later freed) the whole history, so a long record replayed
in quadratic time.  A :class:`History` is a view of the first ``len`` items of a list it
may share with longer histories: :meth:`History.plus` on the newest version extends the
shared list in place; on an older version (a branch: undo, a bot trying alternatives) it
copies, exactly as a tuple would.  Items are never changed, so every version stays what it
was.  The check-then-extend-then-check in :meth:`plus` keeps that true when two threads
extend the same version at once (both then copy).
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

    def plus_one(self, item: T) -> History[T]:
        """This sequence followed by one ``item``: :meth:`plus` without its argument tuple, for the
        path every action takes (:meth:`core.protocol.State.apply`)."""
        items, size = self._items, self._size
        view = object.__new__(History)
        if len(items) == size:
            items.append(item)
            if len(items) == size + 1:
                view._items, view._size = items, size + 1
                return view
        view._items, view._size = [*islice(items, size), item], size + 1
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


EMPTY: History[Any] = History()
"""The empty history (a shared default: nothing can change it)."""
