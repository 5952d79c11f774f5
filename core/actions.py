"""Actors and actions: who may act (seats, chance, the moderator) and the value objects they play.

Who acts.  A game has 2-8 *seats* (``state.players``, fixed per game instance
by its options), numbered from 0.  Two more *actors* never sit at the table:
:data:`CHANCE` (dice typed in by hand: never a player's choice, and no bot ever
picks its own dice) and :data:`MODERATOR` (a referee entering reported results
or setting up a position).  ``state.actors`` is the set of actors who may act
now: one is the common case, several mean simultaneous or free-order choices,
none means the game is over.  A player may act several times in a row (long
turns): the actor simply stays the same.

Nested games.  A state may hold sub-games (e.g. a campaign's battles).  An
action inside one is a :class:`SubAction` addressed by the sub-game's number;
the outer state says which sub-game and which inner seat an outer actor plays
(:meth:`core.protocol.State.subgame`), and the outer record holds the inner actions, so
replay is exact for the whole.  :func:`core.rng.derive` gives each sub-game its
own stream, so results do not depend on the order in which they are played.

Part of the protocol (:mod:`core.protocol` re-exports everything here).
"""

from __future__ import annotations

import json
from abc import abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from core.inputs import JSON

CHANCE = -1
"""The actor who enters dice rolled by hand (never a seat, never a bot's choice)."""
MODERATOR = -2
"""The actor who enters reported results or sets up a position (a referee)."""

MIN_SEATS, MAX_SEATS = 2, 8


class IllegalAction(ValueError):
    """An action that the rules forbid now; the message names the rule broken."""


def actor_name(actor: int) -> str:
    """An actor in words: ``player 2`` (1-based), ``chance`` or ``the moderator``."""
    if actor == CHANCE:
        return "chance (dice entered by hand)"
    if actor == MODERATOR:
        return "the moderator"
    return f"player {actor + 1}"



@dataclass(frozen=True)
class Action:
    """A move, a choice or a decision; subclasses are frozen dataclasses.

    Not an :class:`~abc.ABC` on purpose: games test actions with ``isinstance`` on every move, and
    an ABC's check runs Python code each time (type checkers still refuse an action class that
    lacks ``to_json`` or ``__str__``)."""

    concedes: ClassVar[bool] = False
    """True for giving up (e.g. surrender): bots play it only when nothing else is legal."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The action as a small JSON object (its identity in records)."""

    @abstractmethod
    def __str__(self) -> str:
        """A short human label, e.g. ``"sow stack 3 (RW)"``."""


def action_key(data: JSON) -> str:
    """The canonical text of an action's JSON form (how actions are looked up)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class SubAction(Action):
    """An action inside sub-game ``game`` of a state (e.g. a move in one battle of a campaign)."""

    game: int
    action: Action

    @property
    def concedes(self) -> bool:  # type: ignore[override]
        return self.action.concedes

    def to_json(self) -> dict[str, JSON]:
        return {"sub": self.game, "action": self.action.to_json()}

    def __str__(self) -> str:
        return f"game {self.game + 1}: {self.action}"


@dataclass(frozen=True)
class Secret(Action):
    """A choice its viewer may not know yet, as it stands in a view's history (who made it is public)."""

    def to_json(self) -> dict[str, JSON]:
        return {"secret": True}

    def __str__(self) -> str:
        return "a hidden choice"


SECRET = Secret()
"""The one hidden choice every redacted history entry becomes (so two worlds compare equal)."""


Listing = tuple[tuple[Action, ...], dict[str, Action] | None]
"""An actor's listed actions in one state (made once) and their index by JSON key (None until a JSON action
is looked up)."""


def acting(actor: int | None, actors: frozenset[int]) -> int:
    """``actor`` if it may act now, or the single actor when ``actor`` is None; else :class:`IllegalAction`."""
    if actor in actors:
        return actor
    if not actors:
        raise IllegalAction("the game is over; no action is legal")
    if actor is not None:
        raise IllegalAction(f"it is not {actor_name(actor)}'s turn to act")
    if len(actors) == 1:
        return next(iter(actors))
    raise IllegalAction(f"several may act now ({', '.join(map(actor_name, sorted(actors)))}): say who acts")
