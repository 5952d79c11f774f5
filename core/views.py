"""Views: what a viewer may know of a state's history (part of the protocol; re-exported there).

What each player sees.  :meth:`core.protocol.State.view` is the one place that decides it:
descriptions, SVG, bots' determinization and public records (share links, saved files) all go
through it.  A game's own ``view`` hides parts of the position; :func:`redacting` wraps it so that
the history entries its viewer may not know become :data:`~core.actions.SECRET` as well.
:class:`Viewing` is the views half of every state (a base of :class:`~core.protocol.State`).
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, Self

from core.actions import SECRET, Action, SubAction
from core.history import History, Log


def redact(history: Log[Action], hidden: Iterable[int]) -> Log[Action] | None:
    """``history`` with the entries at positions ``hidden`` made :data:`SECRET` (inside their
    sub-game for a :class:`SubAction`); None when nothing is hidden."""
    positions = list(hidden)
    if not positions:
        return None
    entries = list(history)
    for position in positions:
        action = entries[position]
        entries[position] = SubAction(action.game, SECRET) if isinstance(action, SubAction) else SECRET
    return Log(entries, history.movers)


def redacting(view: Callable[[Any, int | None], Any]) -> Callable[[Any, int | None], Any]:
    """A game's ``view`` followed by the protocol's redaction of the history (``State._redacted``)."""

    @functools.wraps(view)
    def redacted_view(self: Any, viewer: int | None) -> Any:
        return self._redacted(view(self, viewer), viewer)

    redacted_view.redacts_history = True  # type: ignore[attr-defined]
    return redacted_view


class Viewing:
    """What a state shows each viewer, what it hides and what a bot imagines in its place (a base of
    :class:`core.protocol.State`, which holds the fields named here)."""

    history: Log[Action]

    @property
    def movers(self) -> History[int | None]:
        """Who made each action of ``history``: None where it was implied (a single actor)."""
        return self.history.movers

    @abstractmethod
    def _with(self, **changes: Any) -> Self:
        """A copy with some fields changed (:meth:`core.protocol.State._with`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own ``view`` is wrapped so that every view's history is redacted as well."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("view")
        if own is not None and not getattr(own, "redacts_history", False):
            cls.view = redacting(own)  # type: ignore[method-assign, assignment]

    def view(self, viewer: int | None) -> Self:
        """The state as ``viewer`` may see it (None: a spectator); games with secrets hide them.

        Games override it to hide parts of the position; the protocol then replaces every history
        entry ``viewer`` may not know (:meth:`_secret_from`) by :data:`SECRET`, so a view holds
        nothing its viewer may not know.  The full state's record is unchanged.
        """
        return self._redacted(self, viewer)

    view.redacts_history = True  # type: ignore[attr-defined]

    def _secret_from(self, viewer: int | None) -> Iterable[int]:
        """Positions of ``history`` that ``viewer`` may not know: past :meth:`public_length`, every
        action not made by ``viewer`` itself (a spectator knows none of them)."""
        movers = self.movers
        return (p for p in range(self.public_length(), len(self.history))
                if viewer is None or movers[p] != viewer)

    def _redacted(self, viewed: Self, viewer: int | None) -> Self:
        """``viewed`` (this state as seen by ``viewer``) with the history entries it may not know hidden.

        A spectator (None) whom the game shows the whole position (``viewed is self``) knows all."""
        if viewer is None and viewed is self:
            return viewed
        history = redact(viewed.history, self._secret_from(viewer))
        return viewed if history is None else viewed._with(history=history)

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        """Fill in what ``view(viewer)`` hid by sampling from ``stream`` (future dice included)."""
        return self._with(rng=stream)

    def public_length(self) -> int:
        """How many actions of ``history`` every viewer may see (a public record holds no more)."""
        return len(self.history)

    def determinize(self, viewer: int, stream: int) -> Self:
        """A copy as ``viewer`` might imagine it: hidden parts and future dice sampled from ``stream``."""
        return self.view(viewer)._sample_hidden(viewer, stream)
