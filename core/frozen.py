"""Frozen data: JSON values made immutable and hashable, as states and options hold them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from core.history import History
from core.inputs import JSON


class FrozenDict(dict[str, Any]):
    """A read-only, hashable mapping (JSON writes it as an object)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("frozen data cannot be changed; start a new game instead")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        return (type(self), (dict(self),))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self)!r})"


class Options(FrozenDict):
    """A game's option values by name, deep-frozen (data-valued options included)."""


def freeze(value: JSON) -> Any:
    """A JSON value made immutable and hashable: lists become tuples, objects :class:`FrozenDict`."""
    if isinstance(value, Mapping):
        return FrozenDict({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> JSON:
    """The plain JSON form of a frozen value (tuples become lists)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, History)):
        return [thaw(v) for v in value]
    return value
