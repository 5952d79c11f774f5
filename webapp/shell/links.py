"""Share links: the URL query carries the public game record, so a link or a reload restores it.

The query parameter ``game`` holds ``{"record": state.to_record(public=True), "seats": [...]}``
as compact JSON, zlib-compressed and base64url-encoded without padding.  Only what
every viewer may see goes in (a hot-seat opponent's secret choices stay out).

A link is hostile input: its length, its decompressed size (decompressed
incrementally, never past the limit) and its JSON nesting depth are capped
before anything is built from it, and every failure is one :class:`LinkError`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs, urlencode

import panel as pn
import param
from panel.custom import JSComponent
from panel.io.location import Location

from core.protocol import JSON, MAX_RECORD_ACTIONS, InputError
from webapp.shell.assets import asset
from webapp.shell.session import GameSession

QUERY_KEY = "game"
MAX_LINK_CHARS = 200_000
"""Longer link values are refused before they are decoded."""
MAX_JSON_BYTES = 8_000_000
"""A link's game data may not decompress to more than this."""
MAX_DEPTH = 16
"""The deepest JSON nesting a link may hold (records are a few levels deep)."""


class LinkError(InputError):
    """A share link that cannot be opened; the message says why."""

    def __init__(self, reason: str) -> None:
        super().__init__("the game link", reason)


def encode(record: Mapping[str, JSON], seats: list[str]) -> str:
    """The link value for a record and its seats."""
    text = json.dumps({"record": record, "seats": seats}, separators=(",", ":"), sort_keys=True)
    packed = zlib.compress(text.encode(), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def _inflate(packed: bytes) -> bytes:
    """``packed`` decompressed, stopping at :data:`MAX_JSON_BYTES`."""
    inflater = zlib.decompressobj()
    data = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    if len(data) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise LinkError(f"its game data is larger than {MAX_JSON_BYTES:,} bytes")
    if not inflater.eof:
        raise LinkError("it is damaged (its game data is cut short)")
    return data


def depth(value: JSON) -> int:
    """How deeply ``value`` nests lists and objects (0 for a plain value), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level + 1)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


def decode(value: str) -> tuple[dict[str, JSON], list[str]]:
    """The record and seats inside a link value; :class:`LinkError` says what is wrong."""
    if not isinstance(value, str) or not value:
        raise LinkError("it holds no game")
    if len(value) > MAX_LINK_CHARS:
        raise LinkError(f"it is longer than {MAX_LINK_CHARS:,} characters")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        data = json.loads(_inflate(packed).decode())
    except LinkError:
        raise
    except RecursionError:
        raise LinkError(f"its game data nests deeper than {MAX_DEPTH} levels") from None
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise LinkError("it is damaged (its game data cannot be read)") from None
    if depth(data) > MAX_DEPTH:
        raise LinkError(f"its game data nests deeper than {MAX_DEPTH} levels")
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict) \
            or not isinstance(data.get("seats"), list) or not all(isinstance(s, str) for s in data["seats"]):
        raise LinkError("its game data lacks a record or seats")
    return data["record"], list(data["seats"])


class AddressBar(JSComponent):
    """The browser's address, kept on the current game: one history entry per game.

    A move replaces the entry; a new :attr:`game` adds one.  When Back or Forward
    lands on another entry, :attr:`on_back` hears the query that entry holds.
    """

    search = param.String(default="", doc="The query the address should carry (with its '?').")
    game = param.String(default="", doc="Which game the address holds ('' for none): a new one gets its own "
                                        "history entry.")
    entry = param.Dict(default={}, doc="The search and game the browser is told, together (one change).")
    href = param.String(default="", doc="The address as the browser last reported it.")

    _esm = asset("address_bar.js")
    _rename = {"search": None, "game": None}  # the browser hears both as one change, in ``entry``

    def __init__(self, on_back: Callable[[str], None] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_back = on_back
        """Called with the query of the history entry that Back or Forward went to."""

    @param.depends("search", "game", watch=True)
    def _tell(self) -> None:
        self.entry = {"search": self.search, "game": self.game}

    def _handle_msg(self, data: Any) -> None:
        if self.on_back is not None and isinstance(data, dict) and isinstance(data.get("search"), str):
            self.on_back(data["search"])


def game_key(record: Mapping[str, JSON]) -> str:
    """A short name of the game a record plays, the same at every move of it (its actions left out)."""
    settings = json.dumps({k: v for k, v in record.items() if k != "actions"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(settings.encode()).hexdigest()[:16]


def too_long(session: GameSession, value: str) -> str:
    """Why the link ``value`` of ``session``'s game could not reopen it (past the game's record cap or the
    link's length), in words; blank when it can."""
    cap = min(session.game.max_record_actions or MAX_RECORD_ACTIONS, MAX_RECORD_ACTIONS)
    actions = len(session.state.history)
    if actions <= cap and len(value) <= MAX_LINK_CHARS:
        return ""
    return (f"This game has grown too long for a link ({actions:,} actions; a link or saved game holds at most "
            f"{cap:,} and {MAX_LINK_CHARS:,} characters): the link and a reload can no longer reopen it.")


class LinkSync(param.Parameterized):
    """Keeps the browser's address in step with a session, and restores from it.

    ``problem`` is set when the address held a game that could not be opened;
    the session then keeps its fresh game (and the page says so).

    Only a link new to this page is opened.  A loaded page reports the address it
    opened with some time later (Panel's ``Location`` syncs from the browser); if
    the game has moved by then (a bot's first move), that report is an echo of an
    address the page has already been at, and the address is put back instead.
    The page writes the address through :class:`AddressBar`: one history entry per
    game, so Back returns to the game played before (or leaves the page), never to
    an older position of this one.
    """

    problem = param.String(default="", doc="Why the link in the address could not be opened.")
    url = param.String(default="", doc="The full share link of the current game.")
    too_long = param.String(default="", doc="Set when the game has grown past what a link may hold.")

    def __init__(self, session: GameSession, location: Location | None = None, **params: Any) -> None:
        """Sync ``session`` with ``location`` (default: the page's, ``pn.state.location``)."""
        super().__init__(**params)
        self.session = session
        self.address = AddressBar(on_back=self._on_back)
        self._written = ""
        self._been: set[int] = set()
        """Hashes of every link value this page has shown or opened."""
        self._location = location if location is not None else pn.state.location
        if self._location is not None:
            self._location.param.watch(self._on_search, ["search"])
            self._on_search()
        self.address.param.watch(self._show_url, ["href"])
        session.param.watch(self._write, ["state", "seats"])
        self._write()

    @property
    def opened_a_link(self) -> bool:
        """True when the address held a game link and it opened (ask as the page opens: from then on the
        address holds the link of whatever game is played)."""
        location = self._location
        return location is not None and QUERY_KEY in parse_qs(location.search.lstrip("?")) and not self.problem

    def restore(self, value: str) -> None:
        """Open the game in a link value; on failure set ``problem`` and keep the session."""
        self._been.add(hash(value))
        try:
            record, seats = decode(value)
            self.session.load(record, seats)
        except ValueError as error:
            reason = error.reason if isinstance(error, LinkError) else str(error)
            self.problem = f"The game link could not be opened ({reason}). A new game was started instead."
            self._write()
        else:
            self.problem = ""
            self._written = value

    def _on_back(self, search: str) -> None:
        """Back or Forward went to another history entry: open the game it holds."""
        values = parse_qs(search.lstrip("?")).get(QUERY_KEY)
        if values and values[-1] != self._written:
            self.restore(values[-1])

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
        value = encode(self.session.public_record, self.session.seats)
        self.too_long = too_long(self.session, value)
        self._written = value
        self._been.add(hash(value))
        query = "?" + urlencode({QUERY_KEY: value})
        self.address.param.update(game=game_key(self.session.public_record), search=query)
        self._show_url()

    def _show_url(self, *_: Any) -> None:
        href = self.address.href or (self._location.href if self._location is not None else "")
        self.url = f"{href.split('?')[0].split('#')[0]}{self.address.search}"
