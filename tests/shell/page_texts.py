"""Every text a game page holds, read in-process: for the secrets tests of every page.

:func:`page_texts` walks the page's layout (the side column, folded sections and the new-game
dialog included, shown or hidden) and reads every parameter of every pane, widget and component
that a browser could show or announce, and every property of every Bokeh model of its boards
(labels, glyph data, titles).  The share link must be the public record (core's ``public_length``
decides what it holds); it is checked to be and then read as that.  Two pages that differ only in
a choice a viewer may not know must hold the same texts for that viewer: :func:`differences` lists
where they do not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import panel as pn
import param
from bokeh.model import Model

from webapp.shell.game_page import GamePage
from webapp.shell.links import encode

PUBLIC_RECORD = "<the public record>"
"""What the share link and the address show in place of the encoded public record (``to_record(public=True)``:
what core lets every viewer see, by definition)."""
SKIPPED = {"name", "id", "subscribed_events", "js_property_callbacks", "js_event_callbacks", "tags", "version"}
"""Parameters and properties that are no text: generated names and ids, event wiring, redraw counters."""


def _plain(value: Any, path: str, seen: set[int]) -> Iterator[tuple[str, str]]:
    """``(path, text)`` for every leaf of ``value``: widgets, panes, Bokeh models, containers, scalars."""
    if isinstance(value, pn.viewable.Viewer):
        yield from _plain(value.__panel__(), path, seen)
    elif isinstance(value, (pn.viewable.Viewable, Model)):
        if id(value) in seen:
            return
        seen.add(id(value))
        kind = type(value).__name__
        if isinstance(value, Model):
            fields = dict(sorted(value.properties_with_values(include_defaults=True).items()))
        else:
            fields = {name: getattr(value, name) for name in sorted(value.param) if name != "align"}
        for name, item in fields.items():
            if name not in SKIPPED and not callable(item) or isinstance(item, (Model, pn.viewable.Viewable)):
                yield from _plain(item, f"{path}/{kind}.{name}", seen)
    elif isinstance(value, dict):
        for key in sorted(value, key=str):
            yield from _plain(value[key], f"{path}[{key}]", seen)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _plain(item, f"{path}[{index}]", seen)
    elif hasattr(value, "tolist"):  # a numpy array of a data source
        yield from _plain(value.tolist(), path, seen)
    elif value is None or isinstance(value, (str, int, float, bool)):
        yield path, str(value)
    elif isinstance(value, param.Parameterized):
        return  # a session or link object reached through a parameter: what it shows is read where it is shown
    else:
        yield path, type(value).__name__


def page_texts(page: GamePage) -> dict[str, str]:
    """Everything ``page`` holds for a browser to show or announce, by where it is."""
    layout = page.__panel__()
    parts: list[Any] = [layout, page.text, page.status, page.refused, page.share]
    if page.new_game is not None:
        parts.append(page.new_game)
    seen: set[int] = set()
    texts = {}
    for index, part in enumerate(parts):
        texts.update(_plain(part, str(index), seen))
    texts["address"] = page.link.address.search
    link = encode(page.session.public_record, page.session.seats)
    assert link in texts["address"], "the address holds the public record"
    return {key: text.replace(link, PUBLIC_RECORD) for key, text in texts.items()}


def differences(one: GamePage, other: GamePage) -> list[str]:
    """Where the texts of two pages differ (a path and both texts, shortened), sorted."""
    a, b = page_texts(one), page_texts(other)
    return sorted(f"{key}: {a.get(key, '<absent>')[:160]!r} != {b.get(key, '<absent>')[:160]!r}"
                  for key in a.keys() | b.keys() if a.get(key) != b.get(key))
