"""Share links: the URL query carries the game record, so a link or a reload restores it.

The query parameter ``game`` holds ``{"record": state.to_record(), "seats": [...]}``
as compact JSON, zlib-compressed and base64url-encoded without padding.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlencode

import panel as pn
import param
from panel.io.location import Location

from core.protocol import JSON
from webapp.session import GameSession

QUERY_KEY = "game"
MAX_LINK_CHARS = 200_000
"""Longer values are refused before decompression (a guard against junk links)."""


def encode(record: Mapping[str, JSON], seats: list[str]) -> str:
    """The link value for a record and its seats."""
    text = json.dumps({"record": record, "seats": seats}, separators=(",", ":"), sort_keys=True)
    packed = zlib.compress(text.encode(), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decode(value: str) -> tuple[dict[str, JSON], list[str]]:
    """The record and seats inside a link value; ValueError says what is wrong."""
    if not value or len(value) > MAX_LINK_CHARS:
        raise ValueError("the link holds no game or is too long")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        data = json.loads(zlib.decompress(packed).decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError, ValueError):
        raise ValueError("the link is damaged (its game data cannot be read)") from None
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict) \
            or not isinstance(data.get("seats"), list):
        raise ValueError("the link's game data lacks a record or seats")
    return data["record"], [str(s) for s in data["seats"]]


class LinkSync(param.Parameterized):
    """Keeps the browser's address in step with a session, and restores from it.

    ``problem`` is set when the address held a game that could not be opened;
    the session then keeps its fresh game.

    Only a link new to this page is opened.  A loaded page reports the address it
    opened with some time later (Panel's ``Location`` syncs from the browser); if
    the game has moved by then (a bot's first move), that report is an echo of an
    address the page has already been at, and the address is put back instead.
    In a page's life the browser reports nothing else: Panel changes the address
    with ``pushState`` and does not follow Back or Forward.
    """

    problem = param.String(default="", doc="Why the link in the address could not be opened.")
    url = param.String(default="", doc="The full share link of the current game.")

    def __init__(self, session: GameSession, location: Location | None = None, **params: Any) -> None:
        """Sync ``session`` with ``location`` (default: the page's, ``pn.state.location``)."""
        super().__init__(**params)
        self.session = session
        self._written = ""
        self._been: set[int] = set()
        """Hashes of every link value this page has shown or opened."""
        self._location = location if location is not None else pn.state.location
        if self._location is not None:
            self._location.param.watch(self._on_search, ["search"])
            self._on_search()
        session.param.watch(self._write, ["state", "seats"])
        self._write()

    def restore(self, value: str) -> None:
        """Open the game in a link value; on failure set ``problem`` and keep the session."""
        self._been.add(hash(value))
        try:
            record, seats = decode(value)
            self.session.load(record, seats)
        except ValueError as error:
            self.problem = (
                f"The game link could not be opened ({error}). A new game was started instead."
            )
            self._write()
        else:
            self.problem = ""
            self._written = value

    def _on_search(self, *_: Any) -> None:
        assert self._location is not None
        values = parse_qs(self._location.search.lstrip("?")).get(QUERY_KEY)
        if values and values[-1] == self._written:
            return
        if values and hash(values[-1]) not in self._been:
            self.restore(values[-1])
        else:
            self._write()  # no game, or an echo of an earlier address: put the current game back

    def _write(self, *_: Any) -> None:
        value = encode(self.session.record, self.session.seats)
        self._written = value
        self._been.add(hash(value))
        query = "?" + urlencode({QUERY_KEY: value})
        location = self._location
        if location is not None:
            if location.search != query:
                location.search = query
            base = location.href.split("?")[0].split("#")[0] if location.href else ""
        else:
            base = ""
        self.url = f"{base}{query}"
