"""The one protocol every Rulebox game follows.

A :class:`Game` describes a ruleset and its options and deals new states.  A
:class:`State` is one immutable node of play: ``apply`` returns a new state and
never changes the old one.  The random stream is a plain integer inside the
state, so a state is cheap to copy and its :meth:`State.to_record` replays
exactly anywhere (:func:`replay`).  Actions are small frozen value objects with
a human label (``str(action)``) and a JSON form (``action.to_json()``).
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NoReturn, Self

JSON = Any
"""A value that :mod:`json` can write: dict, list, str, int, float, bool or None."""


class IllegalAction(ValueError):
    """An action that the rules forbid; the message names the rule broken."""


@dataclass(frozen=True)
class Action(ABC):
    """A move, a choice or a decision; subclasses are frozen dataclasses."""

    concedes: ClassVar[bool] = False
    """True for giving up (e.g. surrender): bots play it only when nothing else is legal."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The action as a small JSON object (its identity in records)."""

    @abstractmethod
    def __str__(self) -> str:
        """A short human label, e.g. ``"sow stack 3 (RW)"``."""


@dataclass(frozen=True)
class Option:
    """One switch of a ruleset: a ruling's option, with its default."""

    name: str
    default: JSON
    doc: str
    choices: tuple[JSON, ...] = ()
    """The allowed values when they form a closed set."""
    check: Callable[[JSON], str | None] | None = None
    """For open-ended values: returns what is wrong with a value, or None."""

    def validate(self, value: JSON) -> JSON:
        """Return ``value`` if allowed, else raise ValueError naming the valid ones."""
        if self.choices:
            if any(type(value) is type(c) and value == c for c in self.choices):
                return value
            valid = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {self.name!r} must be one of {valid}; got {value!r}")
        problem = self.check(value) if self.check else None
        if problem:
            raise ValueError(f"option {self.name!r}: {problem}; got {value!r}")
        return value


class Options(dict[str, JSON]):
    """A read-only, hashable mapping of option names to values (a frozen dict)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("game options cannot be changed; start a new game instead")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only

    def __reduce__(self) -> tuple[type[Options], tuple[dict[str, JSON]]]:
        return (Options, (dict(self),))

    def __repr__(self) -> str:
        return f"Options({dict(self)!r})"


@dataclass(frozen=True, kw_only=True)
class State(ABC):
    """One immutable node of a game.

    Subclasses are frozen keyword-only dataclasses that add the position.  They
    implement ``to_move``, ``winner``, ``_legal_actions``, ``_play``,
    ``describe`` and ``svg``; everything else comes from here.
    """

    game_name: ClassVar[str]

    options: Options
    seed: int
    """The seed the game was dealt from (kept for the record)."""
    rng: int
    """The current position of the random stream."""
    history: tuple[Action, ...] = ()
    undo_floor: int = 0
    """How many actions of ``history`` can no longer be taken back."""
    _legal: tuple[Action, ...] | None = field(default=None, compare=False, repr=False)

    # --- what each game provides -------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The player who must act now, or None when the game is over."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning player, or None (game not over, or drawn)."""

    @property
    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """The players' scores as the game counts them."""

    @abstractmethod
    def _legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``to_move`` (empty when the game is over)."""

    @abstractmethod
    def _play(self, action: Action) -> Self:
        """The position after a legal ``action`` (history is added by ``apply``)."""

    @abstractmethod
    def describe(self, viewer: int | None = None) -> str:
        """Plain text for screen readers; hides what ``viewer`` may not see."""

    @abstractmethod
    def svg(self) -> str:
        """The position as a standalone SVG document."""

    def why_illegal(self, action: Action) -> str:
        """Which rule ``action`` breaks here (games override for precise reasons)."""
        return f"{action} is not a legal action now"

    def determinize(self, player: int, stream: int) -> Self:
        """A copy as ``player`` might imagine it: the future dice re-seeded.

        Games with hidden choices also resample what ``player`` cannot see.
        """
        return self._with(rng=stream)

    # --- the shared protocol -----------------------------------------------------

    @property
    def game(self) -> Game:
        """The game this state belongs to."""
        return get_game(self.game_name)

    @property
    def is_over(self) -> bool:
        """True when nobody has to act any more."""
        return self.to_move is None

    def returns(self) -> tuple[float, ...]:
        """Win 1, loss 0, draw 0.5 per player (0.5 each while not over)."""
        n = self.game.players
        if not self.is_over or self.winner is None:
            return (0.5,) * n
        return tuple(1.0 if p == self.winner else 0.0 for p in range(n))

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move."""
        return list(self._cached_legal())

    def _cached_legal(self) -> tuple[Action, ...]:
        if self._legal is None:
            object.__setattr__(self, "_legal", self._legal_actions())
        assert self._legal is not None
        return self._legal

    def apply(self, action: Action) -> Self:
        """The state after ``action``; raises :class:`IllegalAction` if it is not legal."""
        if self.is_over:
            raise IllegalAction("the game is over; no action is legal")
        if action not in self._cached_legal():
            raise IllegalAction(self.why_illegal(action))
        after = self._play(action)
        assert after is not self, "_play must return a new state"
        floor = len(self.history) + 1 if after.rng != self.rng else self.undo_floor
        # ``after`` is brand new and not yet shared, so completing it in place is safe.
        after.__dict__.update(history=(*self.history, action), undo_floor=floor)
        return after

    def action_from_json(self, data: JSON) -> Action:
        """The legal action whose JSON form is ``data``."""
        for action in self._cached_legal():
            if action.to_json() == data:
                return action
        raise IllegalAction(f"{data!r} is not a legal action now")

    @property
    def can_undo(self) -> bool:
        """True when the last action may be taken back (it drew no randomness)."""
        return len(self.history) > self.undo_floor

    def undo(self) -> Self:
        """The state before the last action; never steps back over a random draw."""
        if not self.can_undo:
            raise IllegalAction("nothing to undo: the last action drew dice or dealt")
        record = self.to_record()
        record["actions"] = record["actions"][:-1]
        previous = replay(record)
        assert isinstance(previous, type(self))
        return previous

    def to_record(self) -> dict[str, JSON]:
        """A JSON-able record from which :func:`replay` rebuilds this state."""
        return {
            "game": self.game_name,
            "rules_version": self.game.rules_version,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.history],
        }

    def _with(self, **changes: Any) -> Self:
        """A copy with some fields changed (and the legal-action cache cleared)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__, **changes, _legal=None)
        return new

    def __str__(self) -> str:
        return self.describe()

    def _repr_svg_(self) -> str:
        return self.svg()


class Game(ABC):
    """A ruleset: its name, options and how to deal a new state."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]]
    search: ClassVar[Mapping[str, int]] = {}
    """Settings for the default MCTS bot, e.g. ``{"iterations": 200, "playout_depth": 30}``."""

    def new(self, seed: int | None = None, **options: JSON) -> State:
        """A new game; unknown options or bad values raise ValueError."""
        if seed is None:
            seed = secrets.randbits(32)
        elif type(seed) is not int:
            raise ValueError(f"seed must be an integer; got {seed!r}")
        return self._initial(seed, self.resolve_options(options))

    def resolve_options(self, given: Mapping[str, JSON]) -> Options:
        """Every option's value: the given ones validated, the rest defaults."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            valid = ", ".join(known) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.name}; valid options: {valid}")
        return Options(
            {name: o.validate(given[name]) if name in given else o.default for name, o in known.items()}
        )

    @abstractmethod
    def _initial(self, seed: int, options: Options) -> State:
        """The first state for a seed and validated options."""

    def evaluate(self, state: State, player: int) -> float:
        """How good ``state`` looks for ``player``, from 0 (lost) to 1 (won).

        Used by the greedy bot and to cut MCTS playouts short; games refine it.
        """
        return state.returns()[player]

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


GAMES: dict[str, Game] = {}
"""Every registered game by name."""


def register(game: Game) -> Game:
    """Add a game to :data:`GAMES`."""
    GAMES[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The registered game called ``name``."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None


_RECORD_KEYS = ("game", "rules_version", "options", "seed", "actions")


def replay(record: Mapping[str, JSON]) -> State:
    """Validate a record and rebuild its state, action by action."""
    if not isinstance(record, Mapping):
        raise ValueError(f"a record must be a JSON object; got {type(record).__name__}")
    missing = [k for k in _RECORD_KEYS if k not in record]
    if missing:
        raise ValueError(f"the record lacks {', '.join(missing)}")
    extra = sorted(set(record) - set(_RECORD_KEYS))
    if extra:
        raise ValueError(f"the record has unknown keys: {', '.join(extra)}")
    game = get_game(record["game"])
    if record["rules_version"] != game.rules_version:
        raise ValueError(
            f"the record is for {game.name} rules version {record['rules_version']!r}; "
            f"this engine plays version {game.rules_version!r}"
        )
    options, actions = record["options"], record["actions"]
    if not isinstance(options, Mapping):
        raise ValueError("the record's options must be a JSON object")
    if not isinstance(actions, Sequence) or isinstance(actions, str):
        raise ValueError("the record's actions must be a list")
    state = game.new(seed=record["seed"], **options)
    for number, data in enumerate(actions, start=1):
        try:
            state = state.apply(state.action_from_json(data))
        except IllegalAction as error:
            raise IllegalAction(f"action {number} of the record: {error}") from None
    return state
