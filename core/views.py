"""Views: what a viewer may know of a state's history (part of the protocol; re-exported there).

What each player sees.  :meth:`core.protocol.State.view` is the one place that decides it:
descriptions, SVG, bots' determinization and public records (share links, saved files) all go
through it.  A game's own ``view`` hides parts of the position; :func:`redacting` wraps it so that
the history entries its viewer may not know become :data:`~core.actions.SECRET` as well.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from core.actions import SECRET, Action, SubAction
from core.history import History


def redact(history: History[Action], hidden: Iterable[int]) -> History[Action] | None:
    """``history`` with the entries at positions ``hidden`` made :data:`SECRET` (inside their
    sub-game for a :class:`SubAction`); None when nothing is hidden."""
    positions = list(hidden)
    if not positions:
        return None
    entries = list(history)
    for position in positions:
        action = entries[position]
        entries[position] = SubAction(action.game, SECRET) if isinstance(action, SubAction) else SECRET
    return History(entries)


def redacting(view: Callable[[Any, int | None], Any]) -> Callable[[Any, int | None], Any]:
    """A game's ``view`` followed by the protocol's redaction of the history (``State._redacted``)."""

    @functools.wraps(view)
    def redacted_view(self: Any, viewer: int | None) -> Any:
        return self._redacted(view(self, viewer), viewer)

    redacted_view.redacts_history = True  # type: ignore[attr-defined]
    return redacted_view
