"""Checking outside input: a record, a link, a file, a name, a command-line argument.

Everything from outside is checked before any work is done; a refusal is one :class:`InputError`
naming the field and the reason, quoting at most :data:`QUOTE_LIMIT` characters of the bad value
and never a Python internal (a class name, a repr of an object).  Files are read through
:func:`read_text` / :func:`read_json`, which stop after a byte limit, so a device such as
``/dev/zero`` or a huge file costs no more than the limit.  Every command-line tool reads its
files through them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

JSON = Any
"""A value that :mod:`json` can write: dict, list, str, int, float, bool or None."""

QUOTE_LIMIT = 80
"""At most this many characters of a bad input are quoted back in an error."""
MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted from outside (checked without recursion)."""
MAX_FILE_BYTES = 10_000_000
"""The most bytes a command-line tool reads from one file unless it sets its own limit."""

_PLAIN = (str, int, float, bool, type(None), list, tuple, dict)


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """True when lists, tuples and mappings nest deeper than ``limit`` (an iterative walk).

    Checked before anything recursive (``json.dumps``, ``repr``, freezing) touches outside data:
    deep nesting would otherwise exhaust the stack, which in the browser's WebAssembly kills the page.
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Iterable[object] = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def quote(value: object) -> str:
    """A bad input, shown in an error: its repr when it is plain data (else its text), cut to
    :data:`QUOTE_LIMIT` characters; never a class name."""
    if too_deep(value):
        return f"a value nested more than {MAX_DEPTH} deep"
    try:
        if type(value) in _PLAIN:
            text = repr(value)
        elif type(value).__str__ is not object.__str__:   # its own words (an action's label)
            text = str(value)
        else:
            text = "a value that cannot be shown"
    except Exception:  # a huge number or a hostile object: never fail while reporting a failure
        text = "a value too large to show" if isinstance(value, int) else "a value that cannot be shown"
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


class InputError(ValueError):
    """Bad input from outside (a record, a link, a file, an argument): names the field and the reason."""

    def __init__(self, where: str, reason: str, value: object = ...) -> None:
        self.where, self.reason = where, reason
        shown = "" if value is ... else f"; got {quote(value)}"
        super().__init__(f"{where}: {reason}{shown}")


NAME_LIMIT = 40
"""The longest name a person may give (a player, a seat); game data such as button names sets its own."""


def name_problem(value: object, limit: int = NAME_LIMIT) -> str | None:
    """What is wrong with a name typed by a person, or None: a text of 1 to ``limit`` characters,
    not only spaces, without control characters (line breaks, tabs).  Pages still show names
    inside a bidi isolate, so direction marks inside a name cannot turn the text after it."""
    if not isinstance(value, str) or not value.strip():
        return "a name must be a non-empty text"
    if len(value) > limit:
        return f"a name has at most {limit} characters; this one has {len(value):,}"
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in value):
        return "a name may not contain control characters such as line breaks"
    return None


def is_int(value: object) -> bool:
    """True for a JSON integer (``bool`` is not one)."""
    return type(value) is int


def checked_seed(seed: object) -> int:
    """``seed`` if it is an integer from 0 to 2**64 - 1 (what a game is dealt from), else :class:`InputError`."""
    if type(seed) is int and 0 <= seed < 1 << 64:
        return seed
    raise InputError("seed", "must be an integer from 0 to 2**64 - 1", seed)


def read_text(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file of at most ``limit`` bytes; :class:`InputError` otherwise.

    It never reads more than ``limit + 1`` bytes, so ``/dev/zero``, a pipe or a huge file is
    refused at once instead of filling the memory.
    """
    where = quote(str(path))
    try:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise InputError(where, f"cannot be read ({error.strerror or 'not a readable file'})") from None
    if len(data) > limit:
        raise InputError(where, f"is larger than {limit:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(where, "is not UTF-8 text") from None


def parse_json(text: str, where: str) -> JSON:
    """JSON text as a value nested at most :data:`MAX_DEPTH` deep; :class:`InputError` otherwise
    (a syntax error names its line and column; numbers too long to read are refused)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(where, f"is not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise InputError(where, f"is nested more than {MAX_DEPTH} deep") from None
    except ValueError:   # an integer of more digits than Python converts
        raise InputError(where, "holds a number too long to read") from None
    if too_deep(value):
        raise InputError(where, f"is nested more than {MAX_DEPTH} deep")
    return value


def read_json(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> JSON:
    """The JSON value of a file of at most ``limit`` bytes (:func:`read_text`, :func:`parse_json`)."""
    return parse_json(read_text(path, limit=limit), quote(str(path)))
