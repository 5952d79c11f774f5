"""Maps as data: every ``maps/*.json`` file of this package is a map (adding a map is adding a file).

A map file (``"format": "buttonmen-battle-map/1"``) holds ``id``, ``name``, ``unit``, ``aliases``, an
``outline`` polygon and ``territories``: each with ``id``, ``name``, ``iso``, ``aliases``, ``x``/``y``
on a 0-100 grid (y grows northward), ``borders`` (ids), and optionally ``optional: true`` (played only
with ``include_brussels``; otherwise drawn as a grey hole), an explicit ``polygon`` or a ``site`` (the
point its drawn cell grows from, default ``x``/``y``).  Cells without an explicit polygon are the
Voronoi cells of the sites clipped to the outline: a stylised drawing that reads as a map.

Loading validates everything (:class:`~core.protocol.InputError` names the map and the problem):
known and symmetric borders, no self-border, unique ids and names, a connected graph.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from core.protocol import InputError

MAP_FORMAT = "buttonmen-battle-map/1"
MAX_TERRITORIES = 60

Point = tuple[float, float]


@dataclass(frozen=True)
class Territory:
    """One node of a map."""

    id: str
    name: str
    iso: str
    aliases: tuple[str, ...]
    x: float
    y: float
    borders: tuple[str, ...]
    optional: bool
    polygon: tuple[Point, ...] | None
    site: Point


@dataclass(frozen=True)
class Map:
    """A map in play: its territories (optional ones included or left out) and their adjacency."""

    id: str
    name: str
    unit: str
    outline: tuple[Point, ...]
    territories: tuple[Territory, ...]
    """The territories in play, in file order; indices into this tuple are used everywhere."""
    holes: tuple[Territory, ...]
    """Optional territories left out of play (drawn as grey holes)."""
    neighbours: tuple[frozenset[int], ...]

    @property
    def size(self) -> int:
        return len(self.territories)

    def index(self, name: str) -> int:
        """The index of a territory given by id, name, ISO code or alias, in any letter case (BB-28)."""
        found = _lookup(self).get(_key(name))
        if found is None:
            raise InputError(f"map {self.id}", "no such territory in play", name)
        return found

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def name_of(self, t: int) -> str:
        return self.territories[t].name

    def polygons(self) -> tuple[tuple[Point, ...], ...]:
        """The drawn cell of every territory in play (same order as ``territories``)."""
        return _cells(self)[0]

    def hole_polygons(self) -> tuple[tuple[Point, ...], ...]:
        return _cells(self)[1]


def _key(name: str) -> str:
    return " ".join(name.casefold().replace("_", " ").replace("-", " ").split())


@lru_cache(maxsize=32)
def _lookup(board: Map) -> dict[str, int]:
    table: dict[str, int] = {}
    for i, t in enumerate(board.territories):
        for name in (t.id, t.name, t.iso, *t.aliases):
            table.setdefault(_key(name), i)
    return table


# --------------------------------------------------------------------------- loading and validation


def _fail(where: str, reason: str, value: object = ...) -> InputError:
    return InputError(where, reason, value)


def _number(where: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1000 <= value <= 1000:
        raise _fail(where, "must be a number on the map grid", value)
    return float(value)


def _point(where: str, value: object) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise _fail(where, "must be a point [x, y]", value)
    return (_number(where, value[0]), _number(where, value[1]))


def _polygon(where: str, value: object) -> tuple[Point, ...]:
    if not isinstance(value, list) or not 3 <= len(value) <= 500:
        raise _fail(where, "must be a list of 3-500 points", value)
    return tuple(_point(where, p) for p in value)


def _text(where: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 80:
        raise _fail(where, "must be a non-empty text of at most 80 characters", value)
    return value


def _texts(where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 20:
        raise _fail(where, "must be a list of at most 20 texts", value)
    return tuple(_text(where, v) for v in value)


def _territory(where: str, data: object) -> Territory:
    if not isinstance(data, dict):
        raise _fail(where, "must be an object", data)
    known = {"id", "name", "iso", "aliases", "x", "y", "borders", "optional", "polygon", "site"}
    extra = sorted(set(data) - known)
    if extra:
        raise _fail(where, f"has unknown keys {', '.join(extra)}")
    missing = sorted({"id", "name", "x", "y", "borders"} - set(data))
    if missing:
        raise _fail(where, f"lacks {', '.join(missing)}")
    optional = data.get("optional", False)
    if not isinstance(optional, bool):
        raise _fail(f"{where}.optional", "must be true or false", optional)
    x, y = _number(f"{where}.x", data["x"]), _number(f"{where}.y", data["y"])
    return Territory(
        id=_text(f"{where}.id", data["id"]), name=_text(f"{where}.name", data["name"]),
        iso=_text(f"{where}.iso", data.get("iso", data["id"])),
        aliases=_texts(f"{where}.aliases", data.get("aliases", [])),
        x=x, y=y, borders=_texts(f"{where}.borders", data["borders"]), optional=optional,
        polygon=_polygon(f"{where}.polygon", data["polygon"]) if "polygon" in data else None,
        site=_point(f"{where}.site", data["site"]) if "site" in data else (x, y),
    )


def parse_map(data: object, include_optional: bool = False) -> Map:
    """A validated map from its JSON form."""
    if not isinstance(data, dict):
        raise _fail("map", "must be a JSON object", data)
    if data.get("format") != MAP_FORMAT:
        raise _fail("map", f"format must be {MAP_FORMAT!r}", data.get("format"))
    map_id = _text("map.id", data.get("id"))
    where = f"map {map_id}"
    raw = data.get("territories")
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_TERRITORIES:
        raise _fail(f"{where}.territories", f"must be a list of 2-{MAX_TERRITORIES} territories", raw)
    every = [_territory(f"{where}.territories[{i}]", t) for i, t in enumerate(raw)]
    ids = [t.id for t in every]
    if len(set(ids)) != len(ids):
        raise _fail(where, "territory ids must be unique", ids)
    names: dict[str, str] = {}
    for t in every:
        for name in {_key(n) for n in (t.id, t.name, t.iso, *t.aliases)}:
            if names.setdefault(name, t.id) != t.id:
                raise _fail(where, f"the name {name!r} is used by both {names[name]} and {t.id}")
    by_id = {t.id: t for t in every}
    for t in every:
        for b in t.borders:
            if b not in by_id:
                raise _fail(where, f"{t.id} borders an unknown territory", b)
            if b == t.id:
                raise _fail(where, f"{t.id} borders itself")
            if t.id not in by_id[b].borders:
                raise _fail(where, f"borders must be symmetric: {t.id} lists {b} but {b} does not list {t.id}")
    playing = tuple(t for t in every if include_optional or not t.optional)
    index = {t.id: i for i, t in enumerate(playing)}
    neighbours = tuple(frozenset(index[b] for b in t.borders if b in index) for t in playing)
    board = Map(
        id=map_id, name=_text(f"{where}.name", data.get("name")),
        unit=_text(f"{where}.unit", data.get("unit", "territory")),
        outline=_polygon(f"{where}.outline", data.get("outline")), territories=playing,
        holes=tuple(t for t in every if t not in playing), neighbours=neighbours,
    )
    if not connected(neighbours, range(board.size)):
        raise _fail(where, "the territories in play must form one connected map")
    return board


def connected(neighbours: Sequence[frozenset[int]], nodes: Iterable[int]) -> bool:
    """True when ``nodes`` form one connected piece of the graph."""
    wanted = set(nodes)
    if not wanted:
        return False
    start = next(iter(wanted))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours[todo.pop()]:
            if n in wanted and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == wanted


@lru_cache(maxsize=1)
def map_ids() -> tuple[str, ...]:
    """The ids of the shipped maps (the file names in ``maps/``)."""
    folder = resources.files("core.battle").joinpath("maps")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@lru_cache(maxsize=16)
def load_map(map_id: str, include_optional: bool = False) -> Map:
    """A shipped map by id (a map's own aliases are accepted too)."""
    wanted = _key(map_id)
    for known in map_ids():
        data = json.loads(resources.files("core.battle").joinpath("maps", f"{known}.json").read_text(encoding="utf-8"))
        if wanted == _key(known) or wanted in {_key(a) for a in data.get("aliases", [])}:
            return parse_map(data, include_optional)
    raise InputError("map", f"unknown map; maps: {', '.join(map_ids())}", map_id)


# --------------------------------------------------------------------------- geometry


def _clip(polygon: list[Point], a: float, b: float, c: float) -> list[Point]:
    """Sutherland-Hodgman: the part of ``polygon`` where ``a x + b y <= c``."""
    out: list[Point] = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((round(p[0] + t * (q[0] - p[0]), 2), round(p[1] + t * (q[1] - p[1]), 2)))
    return out


@lru_cache(maxsize=32)
def _cells(board: Map) -> tuple[tuple[tuple[Point, ...], ...], tuple[tuple[Point, ...], ...]]:
    grown = [t for t in (*board.territories, *board.holes) if t.polygon is None]
    cells = []
    for t in board.territories:
        if t.polygon is not None:
            cells.append(t.polygon)
            continue
        cell = list(board.outline)
        for other in grown:
            if other is t:
                continue
            (x0, y0), (x1, y1) = t.site, other.site
            # closer to t than to other: 2 (x1-x0) x + 2 (y1-y0) y <= x1²+y1²-x0²-y0²
            cell = _clip(cell, 2 * (x1 - x0), 2 * (y1 - y0), x1 * x1 + y1 * y1 - x0 * x0 - y0 * y0)
        cells.append(tuple(cell))
    holes = tuple(t.polygon for t in board.holes if t.polygon is not None)
    return tuple(cells), holes
