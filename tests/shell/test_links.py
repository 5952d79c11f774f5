"""Share links without a browser: late address reports, hostile links, one history entry per game.

A loaded page reports the address it opened with; by then the game may have
moved on (a bot's first move).  That report is an echo, not a new link.
"""

from __future__ import annotations

import base64
import time
import zlib

import pytest
from panel.io.location import Location

import core
from webapp.shell import links
from webapp.shell.links import QUERY_KEY, LinkSync
from webapp.shell.session import HUMAN, GameSession
from webapp.shell.widgets import ShareLink

GAME = core.get_game("button-up")


def query(session: GameSession) -> str:
    """The address query that holds the session's game."""
    return f"?{QUERY_KEY}={links.encode(session.public_record, session.seats)}"


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
    assert sync.address.search == query(session)
    location.search = f"?{QUERY_KEY}={links.encode(GAME.new(seed=21).to_record(), [HUMAN, HUMAN])}"
    assert session.state is moved and len(session.steps) == 3
    assert sync.address.search == query(session), "the address is put back to the current game"
    assert sync.url.endswith(query(session)) and sync.problem == ""


def test_an_earlier_position_of_this_page_is_an_echo_too() -> None:
    session, location, sync = synced()
    play(session, 1)
    middle = query(session)
    play(session, 2)
    now = session.state
    location.search = middle
    assert session.state is now and sync.address.search == query(session)


def test_a_link_new_to_the_page_is_still_opened() -> None:
    session, location, sync = synced()
    play(session, 2)
    other = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=5))
    play(other, 4)
    location.search = query(other)
    assert session.state == other.state and sync.problem == ""
    assert sync.address.search == query(other)


def test_an_address_without_a_game_gets_the_game_back() -> None:
    session, location, sync = synced()
    play(session, 1)
    location.search = ""
    assert sync.address.search == query(session) and len(session.steps) == 1


def test_a_damaged_link_is_explained_once_and_its_echo_ignored() -> None:
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=8))
    location = Location(search=f"?{QUERY_KEY}=not-a-game")
    sync = LinkSync(session, location=location)
    assert "could not be opened" in sync.problem and sync.address.search == query(session)
    sync.problem = ""
    play(session, 2)
    location.search = f"?{QUERY_KEY}=not-a-game"
    assert sync.problem == "" and len(session.steps) == 2 and sync.address.search == query(session)


def packed(text: bytes) -> str:
    """A link value holding ``text`` (any bytes), compressed as real links are."""
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).rstrip(b"=").decode()


@pytest.mark.parametrize("value, reason", [
    ("A" * (links.MAX_LINK_CHARS + 1), "longer than"),
    (packed(b"[" + b" " * (links.MAX_JSON_BYTES + 10) + b"]"), "larger than"),
    (packed(b"[" * 200_000 + b"]" * 200_000), "nests deeper"),
    (packed(b'{"record": ' * 40 + b"1" + b"}" * 40), "nests deeper"),
    (packed(b'{"record": {}, "seats": ["human"]}')[:-6], "damaged"),
    (packed(b'{"record": {}, "seats": [1, 2]}'), "lacks a record or seats"),
    (packed(b"\xff\xfe"), "damaged"),
])
def test_hostile_links_are_refused_with_one_clear_error(value: str, reason: str) -> None:
    started = time.monotonic()
    with pytest.raises(links.LinkError, match=reason):
        links.decode(value)
    assert time.monotonic() - started < 2


def test_a_hostile_link_is_explained_and_the_fresh_game_kept() -> None:
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=8))
    fresh = session.state
    bomb = packed(b"[" * 200_000 + b"]" * 200_000)
    sync = LinkSync(session, location=Location(search=f"?{QUERY_KEY}={bomb}"))
    assert sync.problem.startswith("The game link could not be opened (its game data nests deeper")
    assert sync.problem.endswith("A new game was started instead.")
    assert session.state is fresh and sync.address.search == query(session)


def test_moves_replace_the_address_instead_of_adding_history_entries() -> None:
    session, location, sync = synced()
    written = [sync.address.search]
    sync.address.param.watch(lambda event: written.append(event.new), ["search"])
    play(session, 3)
    assert written[-1] == query(session) and len(set(written)) == 4
    assert location.search != query(session), "the page never sets Panel's Location (it pushes history entries)"


def test_a_game_grown_past_its_record_cap_says_its_link_cannot_reopen_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(GAME), "max_record_actions", 3)
    session, _location, sync = synced()
    share = ShareLink(sync)
    play(session, 3)
    assert sync.too_long == "" and "role='alert'" not in share.alert.object
    play(session, 1)
    assert sync.too_long.startswith("This game has grown too long for a link (4 actions; a link or saved game "
                                    "holds at most 3 and 200,000 characters)")
    assert "the link and a reload can no longer reopen it" in share.alert.object
    with pytest.raises(core.protocol.InputError, match="at most 3 actions"):
        core.replay(session.public_record)  # what the link would meet: the warning says it in time


def test_back_to_an_earlier_game_opens_it_and_a_move_keeps_the_games_history_entry() -> None:
    session, _location, sync = synced()
    play(session, 2)
    first, first_game = query(session), sync.address.game
    session.new_game([HUMAN, HUMAN], seed=22)
    assert sync.address.game != first_game, "a new game gets a history entry of its own"
    play(session, 1)
    second, second_game = query(session), sync.address.game
    assert sync.address.entry == {"search": second, "game": second_game}
    sync.address._handle_msg({"search": first})  # the browser went Back
    assert session.state.seed == 21 and len(session.steps) == 2 and sync.address.game == first_game
    sync.address._handle_msg({"search": first})  # the same entry again: nothing to open
    assert len(session.steps) == 2 and sync.problem == ""
    sync.address._handle_msg({"search": second})  # Forward
    assert session.state.seed == 22 and len(session.steps) == 1
    sync.address._handle_msg({"search": "?game=damaged"})
    assert "could not be opened" in sync.problem and session.state.seed == 22
    sync.address._handle_msg(["not", "a", "search"])  # not what the page sends: ignored
    assert session.state.seed == 22
