"""Share links against a browser address that reports back late (``LinkSync`` without a browser).

A loaded page reports the address it opened with; by then the game may have
moved on (a bot's first move).  That report is an echo, not a new link.
"""

from __future__ import annotations

from panel.io.location import Location

import core
from webapp import links
from webapp.links import QUERY_KEY, LinkSync
from webapp.session import HUMAN, GameSession

GAME = core.get_game("button-up")


def query(session: GameSession) -> str:
    """The address query that holds the session's game."""
    return f"?{QUERY_KEY}={links.encode(session.record, session.seats)}"


def play(session: GameSession, moves: int) -> None:
    """Play the first legal action ``moves`` times (both seats are human)."""
    for _ in range(moves):
        session.human_play(session.state.legal_actions()[0])


def synced(seed: int = 21) -> tuple[GameSession, Location, LinkSync]:
    """A fresh two-human session opened from its own share link, as a server page is."""
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=seed))
    location = Location(search=query(session))
    return session, location, LinkSync(session, location=location)


def test_the_opening_address_reported_late_does_not_rewind_the_game() -> None:
    session, location, sync = synced()
    play(session, 3)
    moved = session.state
    assert location.search == query(session)
    location.search = f"?{QUERY_KEY}={links.encode(GAME.new(seed=21).to_record(), [HUMAN, HUMAN])}"
    assert session.state is moved and len(session.steps) == 3
    assert location.search == query(session), "the address is put back to the current game"
    assert sync.url.endswith(query(session)) and sync.problem == ""


def test_an_earlier_position_of_this_page_is_an_echo_too() -> None:
    session, location, _ = synced()
    play(session, 1)
    middle = query(session)
    play(session, 2)
    now = session.state
    location.search = middle
    assert session.state is now and location.search == query(session)


def test_a_link_new_to_the_page_is_still_opened() -> None:
    session, location, sync = synced()
    play(session, 2)
    other = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=5))
    play(other, 4)
    location.search = query(other)
    assert session.state == other.state and sync.problem == ""
    assert location.search == query(other)


def test_an_address_without_a_game_gets_the_game_back() -> None:
    session, location, _ = synced()
    play(session, 1)
    location.search = ""
    assert location.search == query(session) and len(session.steps) == 1


def test_a_damaged_link_is_explained_once_and_its_echo_ignored() -> None:
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=8))
    location = Location(search=f"?{QUERY_KEY}=not-a-game")
    sync = LinkSync(session, location=location)
    assert "could not be opened" in sync.problem and location.search == query(session)
    sync.problem = ""
    play(session, 2)
    location.search = f"?{QUERY_KEY}=not-a-game"
    assert sync.problem == "" and len(session.steps) == 2 and location.search == query(session)
