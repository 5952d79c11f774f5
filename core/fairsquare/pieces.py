"""Piece sets in the rulebook's ``fas-pieces/1`` schema: validation and the bundled sets.

A set lists, per round "1"-"3", the round's roster: each piece type has a
``name``, a ``rank``, lettered move ``options`` (``step:D``, ``jump:D``,
``slide:D``; letter A is the first), ``rules`` tried in order, optional
``modifiers`` (``dodge``) and ``stop_before_higher_rank`` for slides.
:func:`load_piece_set` turns JSON into a :class:`PieceSet` or raises one
:class:`~core.protocol.InputError` that names the round, the piece and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from core.fairsquare.geometry import DIRECTIONS
from core.protocol import InputError, is_int, name_problem, thaw

SCHEMA = "fas-pieces/1"
ROUNDS = ("1", "2", "3")
LETTERS = "ABCDEFGHIJKL"
MAX_OPTIONS = len(LETTERS)
MAX_RANK = 9
MAX_RADIUS = 12
MAX_TYPES = 8
MAX_NAME = 20
"""The longest piece type name."""
MOVE_KINDS = ("step", "jump", "slide")
CLASSES = ("free", "free_empty", "open", "opponent_owned")
SIMPLE_RULES = ("hold", "anchor", "raid", "slide_best", "stay")
BUNDLED = ("project_v1",)
"""Piece sets shipped as data files in this package (``<name>.json``)."""


@dataclass(frozen=True)
class Move:
    """One lettered move option: ``kind`` (step, jump, slide), ``direction`` and its card ``letter``."""

    kind: str
    direction: str
    letter: str

    def __str__(self) -> str:
        return f"{self.letter} {self.kind}:{self.direction}"


@dataclass(frozen=True)
class Rule:
    """One rule of a piece: ``kind`` plus its parameters; ``text`` is the rule as written."""

    kind: str
    text: str
    radius: int = 0
    target: str = ""
    """The square class of ``seek`` (``slide_toward`` always aims at ``open``)."""
    min2: bool = False
    intercept: bool = False


@dataclass(frozen=True)
class PieceType:
    """A piece type of one round; ``moves`` are in priority order (a garnet may re-order them)."""

    name: str
    rank: int
    moves: tuple[Move, ...]
    rules: tuple[Rule, ...]
    dodge: bool = False
    stop_before_higher_rank: bool = False

    @property
    def letters(self) -> str:
        """The move letters in priority order, e.g. ``"ABCD"`` or, re-ordered, ``"BADC"``."""
        return "".join(m.letter for m in self.moves)

    def reordered(self, letters: str) -> PieceType:
        """The same type with move priority ``letters`` (a permutation of its letters)."""
        by_letter = {m.letter: m for m in self.moves}
        if sorted(letters) != sorted(by_letter):
            raise InputError(f"letters of {self.name}", f"must be a permutation of {''.join(sorted(by_letter))}",
                             letters)
        return PieceType(self.name, self.rank, tuple(by_letter[x] for x in letters), self.rules, self.dodge,
                         self.stop_before_higher_rank)


@dataclass(frozen=True)
class PieceSet:
    """The rosters of rounds 1-3."""

    rosters: tuple[tuple[PieceType, ...], ...]
    status: str = ""

    def roster(self, round_number: int) -> tuple[PieceType, ...]:
        """The piece types of round ``round_number`` (1-3)."""
        return self.rosters[round_number - 1]

    def find(self, round_number: int, name: str) -> PieceType | None:
        """The type called ``name`` in round ``round_number``, if any."""
        return next((t for t in self.roster(round_number) if t.name == name), None)


def type_name_problem(value: object) -> str | None:
    """What is wrong with a piece type name, or None: 1-20 characters, not only spaces, no control characters."""
    problem = name_problem(value, MAX_NAME)
    return None if problem is None else problem.replace("a name", "a piece name", 1)


def _radius(part: str, where: str, text: str) -> int:
    if not part.isdigit() or not 1 <= int(part) <= MAX_RADIUS:
        raise InputError(where, f"the range of {text.split(':')[0]} must be 1-{MAX_RADIUS}", text)
    return int(part)


def parse_rule(text: object, where: str) -> Rule:
    """One rule string, e.g. ``"hunt:4:intercept"``."""
    if not isinstance(text, str):
        raise InputError(where, "must be a rule string", text)
    parts = text.split(":")
    kind, args = parts[0], parts[1:]
    if kind in SIMPLE_RULES and not args:
        return Rule(kind, text)
    if kind == "slide_toward" and args == ["open"]:
        return Rule(kind, text, target="open")
    if kind == "seek" and args and args[0] in CLASSES and args[1:] in ([], ["min2"]):
        return Rule(kind, text, target=args[0], min2=args[1:] == ["min2"])
    if kind in ("best_open_within", "evict", "flee") and len(args) == 1:
        return Rule(kind, text, radius=_radius(args[0], where, text))
    if kind == "hunt" and args and args[1:] in ([], ["intercept"]):
        return Rule(kind, text, radius=_radius(args[0], where, text), intercept=args[1:] == ["intercept"])
    raise InputError(where, "is not a rule; rules: hold, anchor, stay, raid, slide_best, slide_toward:open, "
                            "seek:<free|free_empty|open|opponent_owned>[:min2], best_open_within:r, evict:r, "
                            "hunt:r[:intercept], flee:r", text)


def parse_move(text: object, letter: str, where: str) -> Move:
    """One move option string, e.g. ``"jump:U"``."""
    if isinstance(text, str) and text.count(":") == 1:
        kind, direction = text.split(":")
        if kind in MOVE_KINDS and direction in DIRECTIONS:
            return Move(kind, direction, letter)
    raise InputError(where, f"must be step:D, jump:D or slide:D with D one of {', '.join(DIRECTIONS)}", text)


_PIECE_KEYS = {"name", "rank", "options", "rules", "modifiers", "stop_before_higher_rank"}


def parse_piece(data: object, where: str) -> PieceType:
    """One piece type of a roster."""
    if not isinstance(data, Mapping):
        raise InputError(where, "must be an object", data)
    name = data.get("name")
    problem = type_name_problem(name)
    if problem is not None:
        raise InputError(f"{where}, field 'name'", problem, name)
    assert isinstance(name, str)
    where = f"{where.rsplit(',', 1)[0]}, piece {name!r}"
    extra = sorted(str(k) for k in data if k not in _PIECE_KEYS)
    if extra:
        raise InputError(where, f"has unknown fields: {', '.join(extra)}")
    rank = data.get("rank")
    if not isinstance(rank, int) or not is_int(rank) or not 1 <= rank <= MAX_RANK:
        raise InputError(f"{where}, field 'rank'", f"must be an integer 1-{MAX_RANK}", rank)
    options = data.get("options")
    if not isinstance(options, (list, tuple)) or not 1 <= len(options) <= MAX_OPTIONS:
        raise InputError(f"{where}, field 'options'", f"must be a list of 1-{MAX_OPTIONS} move options", options)
    moves = tuple(parse_move(o, LETTERS[i], f"{where}, field 'options' ({LETTERS[i]})")
                  for i, o in enumerate(options))
    if len({(m.kind, m.direction) for m in moves}) != len(moves):
        raise InputError(f"{where}, field 'options'", "lists a move option twice", options)
    rules = data.get("rules")
    if not isinstance(rules, (list, tuple)) or not 1 <= len(rules) <= 10:
        raise InputError(f"{where}, field 'rules'", "must be a list of 1-10 rules", rules)
    parsed = tuple(parse_rule(r, f"{where}, field 'rules' (rule {i + 1})") for i, r in enumerate(rules))
    modifiers = data.get("modifiers", [])
    if not isinstance(modifiers, (list, tuple)) or any(m != "dodge" for m in modifiers):
        raise InputError(f"{where}, field 'modifiers'", "must be a list holding at most 'dodge'", modifiers)
    stop = data.get("stop_before_higher_rank", False)
    if type(stop) is not bool:
        raise InputError(f"{where}, field 'stop_before_higher_rank'", "must be true or false", stop)
    return PieceType(name, rank, moves, parsed, "dodge" in modifiers, stop)


def load_piece_set(data: object) -> PieceSet:
    """A validated piece set from its JSON form (any of ``fas-pieces/1``)."""
    if not isinstance(data, Mapping):
        raise InputError("piece set", "must be a JSON object", data)
    if data.get("schema") != SCHEMA:
        raise InputError("piece set, field 'schema'", f"must be {SCHEMA!r}", data.get("schema"))
    extra = sorted(str(k) for k in data if k not in ("schema", "status", "rounds"))
    if extra:
        raise InputError("piece set", f"has unknown fields: {', '.join(extra)}")
    status = data.get("status", "")
    if not isinstance(status, str):
        raise InputError("piece set, field 'status'", "must be a text", status)
    rounds = data.get("rounds")
    if not isinstance(rounds, Mapping) or sorted(rounds) != list(ROUNDS):
        raise InputError("piece set, field 'rounds'", "must be an object with the rounds \"1\", \"2\" and \"3\"",
                         rounds)
    rosters = []
    for number in ROUNDS:
        roster = rounds[number]
        where = f"piece set, round {number}"
        if not isinstance(roster, (list, tuple)) or not 3 <= len(roster) <= MAX_TYPES:
            raise InputError(where, f"must list 3-{MAX_TYPES} piece types (a placement uses 3 types)", roster)
        types = tuple(parse_piece(p, f"{where}, piece {i + 1}") for i, p in enumerate(roster))
        names = [t.name for t in types]
        if len(set(names)) != len(names):
            raise InputError(where, "names a piece type twice", names)
        rosters.append(types)
    return PieceSet(tuple(rosters), status)


def bundled_data(name: str) -> dict[str, Any]:
    """The JSON of a bundled piece set."""
    if name not in BUNDLED:
        raise InputError("piece set", f"unknown bundled set; sets: {', '.join(BUNDLED)}", name)
    text = resources.files("core.fairsquare").joinpath(f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _bundled(name: str) -> PieceSet:
    return load_piece_set(bundled_data(name))


@cache
def _custom(value: Any) -> PieceSet:
    return load_piece_set(thaw(value))


def piece_set(value: object) -> PieceSet:
    """The piece set an option value names: a bundled name or a (frozen) ``fas-pieces/1`` object."""
    if isinstance(value, str):
        return _bundled(value)
    try:
        hash(value)
    except TypeError:
        return load_piece_set(value)
    return _custom(value)


def piece_set_problem(value: object) -> str | None:
    """For the ``piece_set`` option: what is wrong with ``value``, or None."""
    try:
        piece_set(value)
    except InputError as error:
        return str(error)
    return None
