"""Who looks at the screen: the viewer whose eyes a page shows and which steps it may tell in words.

The rules come from the session's human seats and from core (``State.view``, ``public_length``);
a game supplies only its words.

* One person at the table: the page shows that seat's view.
* Nobody (bots only): the page shows everything (a spectator's page).
* Several people sharing the screen: the page shows the view of the person who holds the device
  (:class:`Curtain`) while they act, else of the one person who acts now, else everybody's (None).
* The curtain: while several people share the screen and one of them is to act while a choice is
  secret (an action outside the public record, :func:`acts_in_secret`), the page hides that
  person's controls until they say they hold the device (:meth:`Curtain.hand_to`).

A step of the game is told in words only when everybody who may look at the screen may know it:
an action inside the public record (core's ``public_length``), or a secret action of the one person
at the table.  Every other secret step is told as :func:`secret_step_words` (who acted, not what).
"""

from __future__ import annotations

from collections.abc import Hashable

from core.protocol import State, actor_name
from webapp.shell.session import HUMAN, GameSession, Step


def human_seats(session: GameSession) -> list[int]:
    """The seats people at the table play."""
    return [seat for seat, kind in enumerate(session.seats) if kind == HUMAN]


def is_public(step: Step) -> bool:
    """True when the step's action is inside the public record of the state it led to."""
    return step.after.public_length() > len(step.before.history)


def may_tell(session: GameSession, step: Step) -> bool:
    """True when every person who may look at the screen may know what ``step`` did."""
    return is_public(step) or human_seats(session) == [step.actor]


def secret_step_words(step: Step, who: str = "") -> str:
    """A secret step in words: who acted (``who``, default the actor in core's words), never what."""
    name = who or actor_name(step.actor)
    return f"{name[:1].upper()}{name[1:]} made a choice that stays secret for now."


def acts_in_secret(state: State, actor: int) -> bool:
    """True when ``actor`` is to act in ``state`` while a choice is kept secret: an earlier one not yet in the
    public record, or the action ``actor`` makes now (it would stay out of it)."""
    if actor not in state.actors:
        return False
    if state.public_length() < len(state.history):
        return True
    legal = state.legal_actions(actor)
    return bool(legal) and state.apply(legal[0], actor).public_length() <= len(state.history)


class Curtain:
    """The hot-seat curtain of one page: who last said they hold the device, and whether it is closed now."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.holder: Hashable | None = None
        """Who last took the device: a seat, or a key naming a seat in a game inside the game."""

    @property
    def shared(self) -> bool:
        """True when several people share the screen."""
        return len(human_seats(self.session)) > 1

    def closed(self, state: State, actor: int | None, holder: Hashable | None = None) -> bool:
        """True while ``actor`` -- a person at a shared screen, to act in ``state`` (the game or a game inside it) --
        is to make a secret choice and has not yet taken the device (``holder``: who that is, default ``actor``)."""
        holder = actor if holder is None else holder
        return actor is not None and self.shared and self.holder != holder and acts_in_secret(state, actor)

    def hand_to(self, holder: Hashable | None) -> None:
        """``holder`` has the device now."""
        self.holder = holder


def screen_viewer(session: GameSession, holder: Hashable | None = None) -> int | None:
    """Whose eyes the page shows: the one person at the table; with several, the holder of the device while they
    act, else the one person who acts now; with none (bots only), everybody's (None)."""
    humans = human_seats(session)
    if len(humans) == 1:
        return humans[0]
    acting = [actor for actor in session.human_actors if actor >= 0]
    if holder in acting:
        return holder
    return acting[0] if len(acting) == 1 else None
