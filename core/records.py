"""Records: the JSON form of a game, checked as hostile input before anything is replayed.

A record is ``{"game", "rules_version", "options", "seed", "actions"}``; each action is its JSON
form, or ``{"actor": seat, "action": ...}`` where several could act.  :meth:`State.to_record`
writes one; :func:`core.protocol.replay` checks it here (:func:`check_shape`, then, once the game
and its rules version are known, :func:`check_contents`) and plays it action by action
(:func:`entries`).  This module knows no game, so the protocol can use it without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from core.inputs import JSON, MAX_DEPTH, InputError, is_int, quote, too_deep

RECORD_KEYS = ("game", "rules_version", "options", "seed", "actions")
MAX_RECORD_ACTIONS = 200_000
"""A record longer than this is refused before any work is done."""


def check_shape(record: object) -> Mapping[str, JSON]:
    """``record`` as a JSON object with exactly the record's keys (nesting checked without recursion)."""
    if not isinstance(record, Mapping):
        raise InputError("record", "must be a JSON object", record)
    if too_deep({k: v for k, v in record.items() if k != "actions"}):
        raise InputError("record", f"nested more than {MAX_DEPTH} deep")
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise InputError("record", f"lacks {', '.join(missing)}")
    extra = sorted((str(k) for k in record if k not in RECORD_KEYS))
    if extra:
        raise InputError("record", f"has unknown keys: {quote(', '.join(extra))}")
    return record


def check_contents(record: Mapping[str, JSON]) -> None:
    """The options an object, the actions a list of at most :data:`MAX_RECORD_ACTIONS`, the seed an integer."""
    options, actions, seed = record["options"], record["actions"], record["seed"]
    if not isinstance(options, Mapping):
        raise InputError("options", "must be a JSON object", options)
    if not isinstance(actions, list):
        raise InputError("actions", "must be a list", actions)
    if len(actions) > MAX_RECORD_ACTIONS:
        raise InputError("actions", f"a record holds at most {MAX_RECORD_ACTIONS:,} actions; got {len(actions):,}")
    if not is_int(seed):
        raise InputError("seed", "must be an integer (a record replays exactly or not at all)", seed)


def entries(actions: Sequence[JSON]) -> Iterator[tuple[int, int | None, JSON]]:
    """``(number, actor, action JSON)`` for each entry (1-based; actor None where it is implied)."""
    for number, entry in enumerate(actions, start=1):
        actor: int | None = None
        data = entry
        if isinstance(entry, dict) and set(entry) == {"actor", "action"}:
            actor, data = entry["actor"], entry["action"]
            if not is_int(actor):
                raise InputError(f"action {number} of the record", "its actor must be an integer", actor)
        yield number, actor, data
