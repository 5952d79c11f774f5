"""A ruleset's options: each switch with its default, checked as hostile input (re-exported by the protocol)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.frozen import Options, freeze
from core.inputs import JSON, MAX_DEPTH, InputError, is_int, quote, too_deep


@dataclass(frozen=True)
class Option:
    """One switch of a ruleset: a ruling's option, with its default."""

    name: str
    default: JSON
    doc: str
    choices: tuple[JSON, ...] = ()
    """The allowed values when they form a closed set."""
    check: Callable[[JSON], str | None] | None = None
    """For open-ended values: returns what is wrong with a value, or None."""

    def validate(self, value: JSON) -> Any:
        """The value, deep-frozen, if allowed; else :class:`InputError` naming the valid ones."""
        if self.choices:
            if any(type(value) is type(c) and value == c for c in self.choices):
                return value
            valid = ", ".join(repr(c) for c in self.choices)
            raise InputError(f"option {self.name!r}", f"must be one of {valid}", value)
        try:
            problem = self.check(value) if self.check else None
        except (TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError):
            problem = "is not of the right shape"
        if problem:
            raise InputError(f"option {self.name!r}", problem, value)
        return freeze(value)


def int_range(low: int, high: int) -> Callable[[JSON], str | None]:
    """An option check: an integer (not a bool) from ``low`` to ``high``."""
    return lambda v: None if is_int(v) and low <= v <= high else f"must be an integer {low}-{high}"



def resolve_options(options: Sequence[Option], owner: str, given: Mapping[str, JSON]) -> Options:
    """Every option's value: the given ones validated and frozen, the rest defaults (``owner`` names the game)."""
    if too_deep(given):
        raise InputError("options", f"nested more than {MAX_DEPTH} deep")
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known), key=str)
    if unknown:
        valid = ", ".join(known) or "none"
        raise InputError("options", f"{owner} has no option {quote(unknown[0])}; valid options: {valid}")
    return Options(
        {name: o.validate(given[name]) if name in given else freeze(o.default) for name, o in known.items()}
    )
