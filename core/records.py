"""Records: the JSON form of a game, checked as hostile input before anything is replayed.

A record is ``{"game", "rules_version", "options", "seed", "actions"}``; each action is its JSON
form, or ``{"actor": seat, "action": ...}`` where several could act.  :meth:`State.to_record`
writes one (its actions through :func:`written`); :func:`core.protocol.replay` checks it here
(:func:`check_shape`, then, once the game is known, :func:`check_contents`) and plays it action by
action (:func:`entries`).  This module knows no game, so the protocol can use it without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from core.actions import Action
from core.inputs import JSON, MAX_DEPTH, InputError, is_int, quote, too_deep

RECORD_KEYS = ("game", "rules_version", "options", "seed", "actions")
MAX_RECORD_ACTIONS = 200_000
"""A record longer than this is refused before any work is done."""


class RecordedGame(Protocol):
    """What the checks read of a record's game (a :class:`core.protocol.Game`)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rules_version(self) -> str: ...
    @property
    def max_record_actions(self) -> int | None: ...


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


def check_contents(record: Mapping[str, JSON], game: RecordedGame) -> None:
    """The rules version ``game``'s own, the options an object, the actions a list of at most
    :data:`MAX_RECORD_ACTIONS` (or the game's lower cap), the seed an integer."""
    version, options, actions, seed = record["rules_version"], record["options"], record["actions"], record["seed"]
    if version != game.rules_version:
        raise InputError("rules_version", f"this engine plays {game.name} rules version {game.rules_version!r}",
                         version)
    if not isinstance(options, Mapping):
        raise InputError("options", "must be a JSON object", options)
    if not isinstance(actions, list):
        raise InputError("actions", "must be a list", actions)
    if len(actions) > MAX_RECORD_ACTIONS:
        raise InputError("actions", f"a record holds at most {MAX_RECORD_ACTIONS:,} actions; got {len(actions):,}")
    if not is_int(seed):
        raise InputError("seed", "must be an integer (a record replays exactly or not at all)", seed)
    cap = game.max_record_actions
    if cap is not None and len(actions) > cap:
        raise InputError("actions", f"{game.title} records hold at most {cap:,} actions; got {len(actions):,}")


def written(actions: Iterable[Action], movers: Iterable[int | None]) -> list[JSON]:
    """A record's actions: each action's JSON form, ``{"actor", "action"}`` where its mover is named."""
    return [action.to_json() if mover is None else {"actor": mover, "action": action.to_json()}
            for action, mover in zip(actions, movers, strict=True)]


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
