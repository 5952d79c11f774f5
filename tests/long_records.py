"""Opening the longest record a game's input limits allow, as a page opens it (issue 23).

Each game's bench file builds its longest legal record (a helper beside its core tests) and times
:func:`open_longest` on it; its core tests check that record with :func:`check_at_the_cap`.  A page
opens a record as :func:`open_as_page` does (``webapp.shell.session.GameSession.load``): replayed
with ``core.replay_states``, every state kept for undo and the history.  CPU time first,
then peak memory (``tracemalloc``) in a second run.  A row over :data:`TARGET_SECONDS` or
:data:`TARGET_MB` raises, so ``build.py bench`` reports it as failed.  Standard library only: the
rows also run in Pyodide.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Mapping

import core
from core.protocol import JSON, InputError

TARGET_SECONDS = 5.0
TARGET_MB = 600


def open_as_page(record: Mapping[str, JSON]) -> list[core.State]:
    """Every state of ``record``, as a page keeps them for undo and the history: collected as it is
    replayed (checked), each action applied once."""
    return list(core.replay_states(record))


def open_longest(record: Mapping[str, JSON]) -> str:
    """CPU seconds and peak MB of :func:`open_as_page`; raises when over the target."""
    start = time.process_time()
    open_as_page(record)
    seconds = time.process_time() - start
    tracemalloc.start()
    try:
        open_as_page(record)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    actions = record["actions"]
    assert isinstance(actions, list)
    text = (f"{len(actions):,} actions {seconds:.2f} s {peak:.0f} MB "
            f"(target <= {TARGET_SECONDS:.0f} s, <= {TARGET_MB} MB)")
    if seconds > TARGET_SECONDS or peak > TARGET_MB:
        raise AssertionError(f"over target: {text}")
    return text


def check_at_the_cap(record: Mapping[str, JSON]) -> None:
    """``record`` holds exactly its game's cap of actions and replays to itself, and the record one
    legal action longer is refused by the cap alone, in one line naming it."""
    game = core.get_game(record["game"])
    cap = game.max_record_actions
    final = core.replay(record)
    assert cap is not None and len(final.history) == cap and final.to_record() == record
    actor = min(final.actors, key=lambda a: (a < 0, a))
    longer = final.apply(final.legal_actions(actor)[0], actor).to_record()
    try:
        core.replay(longer)
    except InputError as refused:
        assert str(refused) == f"actions: {game.title} records hold at most {cap:,} actions; got {cap + 1:,}"
    else:
        raise AssertionError("a record one action longer than the cap was opened")
