"""The one protocol every Rulebox game follows.

A :class:`Game` describes a ruleset and its options and deals new states.  A
:class:`State` is one immutable node of play: ``apply`` returns a new state and
never changes the old one.  The random stream is a plain integer inside the
state, so a state is cheap to copy and its :meth:`State.to_record` replays
exactly anywhere (:func:`replay`).  Actions are small frozen value objects with
a human label (``str(action)``) and a JSON form (``action.to_json()``).

What a game writes.  A state subclass supplies hooks and inherits ``apply``, ``is_legal``,
``why_illegal``, ``_with``, ``action_from_json``, ``undo``, the views' redaction and the records
from here; its :class:`Game` supplies options, the first state, ``describe``/``svg`` and an
evaluation (rendering lives with the game, so a state module never imports its renderer).  Every
hook, and the games that implement it (bm Button Men, bu Button Up!, br braille, bb Battle, fs Fair
and Square, ib Imperio; ``tests/protocol/test_hooks.py`` checks this table against the code):

=========================  ========  ==========================================================  ==============
hook                       needed    what it does                                                games
=========================  ========  ==========================================================  ==============
``actors``                 required  who may act now (empty: over)                               all
``outcome``                required  the places once over                                        all
``scores``                 required  the scores as the game counts them                          all
``_legal_actions``         required  every listed legal action of an actor                       all
``_next_state``            required  the position after a legal action (``apply`` adds history)  all
``_is_listed``             optional  whether an action is listed, told without listing (None:    bm br fs ib
                                     list and look): records replay in linear time
``_unlisted_as_played``    optional  a legal action too many to list, as it is played (or None)  bm bb fs
``_rule_broken``           optional  the rule of this game an action breaks, in words            all
``why_illegal``            optional  the refusal ``apply`` raises (into a sub-game for a         bb
                                     ``SubAction``; else ``_rule_broken``)
``is_over``                optional  only to answer faster than "no actors" (the same answer)     bu
``_irreversible``          optional  undo may not step back over this (default: a random draw)   bm br bb fs ib
``apply``                  optional  only to refuse early in its own words, then the protocol's  br
``action_from_json``       optional  only to read a JSON action faster, then the protocol's      ib
``view``                   optional  the position as a viewer may see it                         bm br bb fs ib
``_sample_hidden``         optional  what a view hid and the future dice, sampled (bots)         bm br bb fs ib
``public_length``          optional  how much of the history every viewer may see                bm bb fs
``_secret_from``           optional  history entries a viewer may not know (default: those past  ib
                                     ``public_length`` that the viewer did not make)
``chance_outcomes``        optional  each typed result's probability (default: equally likely)   bm br
``subgame``                optional  the sub-game an outer actor plays, and its seat there       bb
``Game._initial``          required  the first state                                             all
``Game.describe``          required  text of a viewed state                                      all
``Game.svg``               required  picture of a viewed state                                   all
``Game.evaluate``          optional  how good a state looks (greedy bot, MCTS cut-offs)          all
``Game.parse_action``      optional  an action from JSON without listing, for the two hooks above  bm br bb fs
``Game.seats``             optional  seats of an instance (2-8)                                  bb fs
=========================  ========  ==========================================================  ==============

Legality in three steps: ``_is_listed`` (when a game can tell cheaply), else a look in the listing
of ``_legal_actions``, else ``_unlisted_as_played``; the protocol's ``_as_played`` combines them
(for ``is_legal`` and ``apply``, and through sub-games), and ``why_illegal`` says what it refused.

Actors and actions (:mod:`core.actions`: who acts, nested games), outcomes
(:mod:`core.outcome`: how it ends), options (:mod:`core.options`), views
(:mod:`core.views`: what each player sees), input checks (:mod:`core.inputs`),
frozen data (:mod:`core.frozen`) and records (:mod:`core.records`) live in their
own modules; everything is re-exported here.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Self

from core.actions import (
    CHANCE, MAX_SEATS, MIN_SEATS, MODERATOR, SECRET, Action, IllegalAction, Listing, Secret, SubAction, acting,
    action_key, actor_name,
)
from core.frozen import FrozenDict, Options, freeze, thaw
from core.history import HistoryField, Line
from core.inputs import (
    JSON, MAX_DEPTH, NAME_LIMIT, QUOTE_LIMIT, InputError, checked_seed, is_int, name_problem, quote, too_deep,
)
from core.options import Option, int_range, resolve_options
from core.outcome import Outcome
from core.records import MAX_RECORD_ACTIONS, check_contents, check_shape, entries, written
from core.registry import Games
from core.views import Viewing


# --------------------------------------------------------------------------- states


@dataclass(frozen=True, kw_only=True)
class State(Viewing, ABC):
    """One immutable node of a game.

    Subclasses are frozen keyword-only dataclasses that add the position and
    implement the hooks ``actors``, ``outcome``, ``scores``,
    ``_legal_actions`` and ``_next_state``; everything else comes from here.
    """

    game_name: ClassVar[str]

    options: Options
    seed: int
    """The seed the game was dealt from (kept for the record)."""
    rng: int
    """The current position of the random stream."""
    history: HistoryField = HistoryField()
    """Every action so far, and who made each (``movers``: None where it was implied, a single actor)."""
    undo_floor: int = 0
    """How many actions of ``history`` can no longer be taken back."""
    _cache: dict[int, Listing] | None = field(default=None, compare=False, repr=False)
    _line: ClassVar[Line[Action]]  # how ``history`` is stored (core.history.HistoryField): per state, in its
    _length: ClassVar[int]         # ``__dict__`` (ClassVar only keeps the two out of the dataclass's fields)

    # --- what each game provides -------------------------------------------------

    @property
    @abstractmethod
    def actors(self) -> frozenset[int]:
        """Who may act now: seats, :data:`CHANCE` or :data:`MODERATOR` (empty when over)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The places once the game is over, else None."""

    @property
    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """The players' scores as the game counts them."""

    @abstractmethod
    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        """Every listed legal action of ``actor`` (one of ``actors``)."""

    @abstractmethod
    def _next_state(self, action: Action, actor: int) -> Self:
        """The position after a legal ``action`` of ``actor`` (history is added by ``apply``)."""

    def _is_listed(self, action: Action, actor: int) -> bool | None:
        """Whether ``action`` is among ``actor``'s listed actions, when the game can tell without
        listing them (None: list and look).  Replaying a long record relies on it."""
        return None

    def _unlisted_as_played(self, action: Action, actor: int) -> Action | None:
        """A legal action that is not listed (too many to list), as it will be played; else None.
        Asked only after :meth:`_is_listed` and the listing said no."""
        return None

    def _irreversible(self, after: Self) -> bool:
        """True when undo may not step back from ``after`` to here (a random draw happened)."""
        return after.rng != self.rng

    def _rule_broken(self, action: Action, actor: int) -> str:
        """Which rule of this game ``action`` breaks here, in words (games override for precise
        reasons); :meth:`why_illegal` asks it for every action that is not in a sub-game."""
        return f"{action} is not a legal action now"

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Each legal :data:`CHANCE` action with its probability (OpenSpiel's ``chance_outcomes``);
        empty when chance does not act.  By default the listed results are equally likely; games
        whose results are not (a sum of two dice) say so.  Bots and simulations draw typed dice
        from it (:func:`core.rng.weighted`)."""
        if CHANCE not in self.actors:
            return ()
        actions = self.legal_actions(CHANCE)
        return tuple((action, Fraction(1, len(actions))) for action in actions)

    def subgame(self, index: int, actor: int) -> tuple[State, int] | None:
        """Sub-game ``index`` and the seat ``actor`` plays in it, if ``actor`` acts there now."""
        return None

    # --- the shared protocol -----------------------------------------------------

    @property
    def game(self) -> Game:
        """The game this state belongs to."""
        return get_game(self.game_name)

    @property
    def players(self) -> int:
        """How many seats this game instance has."""
        return self.game.seats(self.options)

    @property
    def is_over(self) -> bool:
        """True when nobody has to act any more."""
        return not self.actors

    @property
    def to_move(self) -> int | None:
        """The single actor who must act now; None when the game is over or several may act."""
        actors = self.actors
        return next(iter(actors)) if len(actors) == 1 else None

    @property
    def winner(self) -> int | None:
        """The single first place of a finished game, else None."""
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    def returns(self) -> tuple[float, ...]:
        """Each player's value in [0, 1] from its place (0.5 each while the game goes on)."""
        outcome = self.outcome
        return (0.5,) * self.players if outcome is None else outcome.returns()

    def _actor(self, actor: int | None, actors: frozenset[int] | None = None) -> int:
        """``actor``, or the single actor when it is implied; IllegalAction when it may not act."""
        actors = self.actors if actors is None else actors
        return actor if actor in actors else acting(actor, actors)   # the common case inline: a replay names who acts

    def _listing(self, actor: int) -> Listing:
        """``actor``'s :data:`~core.actions.Listing` (made once per state)."""
        cache = self._cache
        if cache is None:
            cache = self.__dict__["_cache"] = {}
        listed = cache.get(actor)
        if listed is None:
            listed = cache[actor] = (self._legal_actions(actor), None)
        return listed

    def legal_actions(self, actor: int | None = None) -> list[Action]:
        """The listed legal actions of ``actor`` (default: the single actor; none when over)."""
        actors = self.actors
        if not actors:
            return []
        who = actor if actor in actors else acting(actor, actors)
        if self._cache is None:  # the common case, a state listed once: no second call
            actions = self._legal_actions(who)
            self.__dict__["_cache"] = {who: (actions, None)}
            return list(actions)
        return list(self._listing(who)[0])

    def is_legal(self, action: Action, actor: int | None = None) -> bool:
        """True when ``actor`` may play ``action`` now."""
        try:
            return self._as_played(action, self._actor(actor)) is not None
        except IllegalAction:
            return False

    def _as_played(self, action: Action, actor: int) -> Action | None:
        """``action`` as ``apply`` plays it when it is legal (listed or not, inside its sub-game), else None."""
        if action.__class__ is SubAction:
            assert isinstance(action, SubAction)
            inner = self.subgame(action.game, actor)
            if inner is None:
                return None
            state, seat = inner
            played = state._as_played(action.action, seat) if seat in state.actors else None
            return None if played is None else SubAction(action.game, played)
        listed = self._is_listed(action, actor)
        if listed is None:
            listed = action in self._listing(actor)[0]
        return action if listed else self._unlisted_as_played(action, actor)

    def apply(self, action: Action, actor: int | None = None) -> Self:
        """The state after ``actor``'s ``action``; raises :class:`IllegalAction` if it is not legal."""
        actors = self.actors
        who = actor if actor in actors else acting(actor, actors)
        played: Action | None = None
        cache = self._cache
        if cache is not None and who in cache and action.__class__ is not SubAction:
            for listed in cache[who][0]:  # one of this state's own listed objects (a bot's or a page's
                if listed is action:      # choice) is legal as it stands: no second check
                    played = action
                    break
        if played is None:
            played = self._as_played(action, who)
            if played is None:
                raise IllegalAction(self.why_illegal(action, who))
        after = self._next_state(played, who)
        assert after is not self, "_next_state must return a new state"
        # ``after`` is brand new and not yet shared, so completing it in place is safe.
        fields, size = after.__dict__, self._length
        irreversible = (after.rng != self.rng if type(self)._irreversible is State._irreversible  # the default,
                        else self._irreversible(after))  # told without a call
        fields["undo_floor"] = size + 1 if irreversible else self.undo_floor
        fields["_line"], fields["_length"] = self._line.grown(size, played, who if len(actors) > 1 else None), size + 1
        return after

    def why_illegal(self, action: Action, actor: int) -> str:
        """Why ``actor`` may not play ``action`` now, as :meth:`apply` refuses it (a sub-game's own
        reason for a :class:`SubAction`; :meth:`_rule_broken` for any other action)."""
        if isinstance(action, SubAction):
            inner = self.subgame(action.game, actor)
            if inner is None:
                return f"{actor_name(actor)} plays no part in game {action.game + 1} now"
            state, seat = inner
            return state.why_illegal(action.action, seat) if seat in state.actors else \
                f"it is not {actor_name(actor)}'s turn in game {action.game + 1}"
        return self._rule_broken(action, actor)

    def action_from_json(self, data: JSON, actor: int | None = None) -> Action:
        """The legal action of ``actor`` whose JSON form is ``data`` (looked up by key, not by scan)."""
        who = self._actor(actor)
        if isinstance(data, dict) and set(data) == {"sub", "action"}:
            index = data["sub"]
            inner = self.subgame(index, who) if is_int(index) else None
            if inner is None:
                raise IllegalAction(f"{quote(data)} is not an action {actor_name(who)} may take now")
            state, seat = inner
            return SubAction(index, state.action_from_json(data["action"], seat))
        if too_deep(data):
            raise IllegalAction(f"{quote(data)} is not an action of {self.game.title}")
        parsed = self.game.parse_action(data)
        if parsed is not None and self._is_listed(parsed, who):
            return parsed
        try:
            key = action_key(data)
        except (TypeError, ValueError, RecursionError):
            raise IllegalAction(f"{quote(data)} is not an action of {self.game.title}") from None
        actions, by_key = self._listing(who)
        if by_key is None:
            by_key = {action_key(a.to_json()): a for a in actions}
            self.__dict__["_cache"][who] = (actions, by_key)
        found = by_key.get(key)
        if found is not None:
            return found
        if parsed is not None and self._unlisted_as_played(parsed, who) is not None:
            return parsed
        raise IllegalAction(f"{quote(data)} is not a legal action now")

    @property
    def can_undo(self) -> bool:
        """True when the last action may be taken back (it drew no randomness)."""
        return len(self.history) > self.undo_floor

    def undo(self) -> Self:
        """The state before the last action; never steps back over a random draw."""
        if not self.can_undo:
            raise IllegalAction("nothing to undo: the last action drew dice or dealt")
        previous = replay(self.to_record(), limit=len(self.history) - 1)
        assert isinstance(previous, type(self))
        return previous

    def to_record(self, *, public: bool = False) -> dict[str, JSON]:
        """A JSON-able record from which :func:`replay` rebuilds this state.

        ``public``: only the actions every viewer may see (:meth:`public_length`), for share
        links and saved files written while secrets are pending.
        """
        count = self.public_length() if public else len(self.history)
        return {
            "game": self.game_name,
            "rules_version": self.game.rules_version,
            "options": thaw(self.options),
            "seed": self.seed,
            "actions": written(self.history[:count], self.movers[:count]),
        }

    def _with(self, **changes: Any) -> Self:
        """A copy with some fields changed (and the legal-action cache cleared)."""
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        if "history" in changes:  # stored as a line and a length (core.history.HistoryField)
            object.__setattr__(new, "history", changes.pop("history"))
        fields.update(changes, _cache=None)
        return new

    def describe(self, viewer: int | None = None) -> str:
        """Plain text for screen readers, as ``viewer`` may see it."""
        return self.game.describe(self.view(viewer), viewer)

    def svg(self, viewer: int | None = None) -> str:
        """The position as a standalone SVG document, as ``viewer`` may see it."""
        return self.game.svg(self.view(viewer), viewer)

    def __str__(self) -> str:
        return self.describe()

    def _repr_svg_(self) -> str:
        return self.svg()


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class BotLevel:
    """A bot level a game declares: its label and how to make one (``factory(game, seed)``)."""

    label: str
    factory: Callable[[Game, int], Any]


class Game(ABC):
    """A ruleset: its name, options and how to deal, show and judge states."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[Option, ...]]
    seat_range: ClassVar[tuple[int, int]] = (2, 2)
    """The fewest and most seats any instance has."""
    search: ClassVar[Mapping[str, int]] = {}
    """Settings for the default MCTS bot, e.g. ``{"iterations": 200, "time_ms": 400}``."""
    bot_levels: ClassVar[Mapping[str, BotLevel]] = {}
    """Levels beyond the protocol's random, greedy and MCTS bots (e.g. an exact solver)."""
    default_bot: ClassVar[str] = "mcts"
    """The level a page offers first (one of the protocol's levels or of ``bot_levels``)."""
    max_record_actions: ClassVar[int | None] = None
    """A lower cap than :data:`MAX_RECORD_ACTIONS` on this game's records (a game slower per action sets it)."""

    def seats(self, options: Mapping[str, JSON]) -> int:
        """How many seats an instance with these (validated) options has."""
        return self.seat_range[0]

    def new(self, seed: int | None = None, **options: JSON) -> State:
        """A new game; unknown options or bad values raise :class:`InputError`."""
        seed = secrets.randbits(32) if seed is None else checked_seed(seed)
        return self._initial(seed, self.resolve_options(options))

    def resolve_options(self, given: Mapping[str, JSON]) -> Options:
        """Every option's value: the given ones validated and frozen, the rest defaults (the defaults alone
        are frozen once per game: a playout deals new games with them again and again)."""
        if given:
            return resolve_options(self.options, self.name, given)
        defaults: Options | None = self.__dict__.get("_defaults")
        if defaults is None:
            defaults = self.__dict__["_defaults"] = resolve_options(self.options, self.name, given)
        return defaults

    @abstractmethod
    def _initial(self, seed: int, options: Options) -> State:
        """The first state for a seed and validated options."""

    def parse_action(self, data: JSON) -> Action | None:
        """An action from its JSON form without listing the legal ones, else None.

        Games whose ``_unlisted_as_played`` takes unlisted actions need it, and games whose ``_is_listed``
        checks actions without listing them gain speed from it; it must return None (never
        raise) for data of any other shape.
        """
        return None

    @abstractmethod
    def describe(self, state: Any, viewer: int | None) -> str:
        """Plain text of a state already seen through ``state.view(viewer)``."""

    @abstractmethod
    def svg(self, state: Any, viewer: int | None) -> str:
        """An SVG picture of a state already seen through ``state.view(viewer)``."""

    def evaluate(self, state: State, player: int) -> float:
        """How good ``state`` looks for ``player``, from 0 (lost) to 1 (won).

        Used by the greedy bot and to cut MCTS playouts short; games refine it.
        """
        return state.returns()[player]

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


GAMES: Games[Game] = Games()  # every game by name, each imported when first asked for (core.registry)


def register(game: Game) -> Game:
    """Add a game to :data:`GAMES`."""
    low, high = game.seat_range
    assert MIN_SEATS <= low <= high <= MAX_SEATS, f"{game.name}: seats must be within 2-8"
    GAMES[game.name] = game
    return game


def get_game(name: object) -> Game:
    """The registered game called ``name``."""
    if not isinstance(name, str) or (game := GAMES.get(name)) is None:  # one lookup (the first imports the game)
        raise InputError("game", f"unknown game; games: {', '.join(GAMES)}", name)
    return game


def replay_states(record: Mapping[str, JSON], *, limit: int | None = None) -> Iterator[State]:
    """Check a record (:mod:`core.records`) and yield every state it passes through: the new game, then
    the state after each action (the first ``limit``), each action applied once.  The record's shape is
    checked before the first state; a bad action raises when it is reached."""
    record = check_shape(record)
    game = get_game(record["game"])
    check_contents(record, game)
    state = game.new(seed=record["seed"], **record["options"])
    yield state
    for number, actor, data in entries(record["actions"][:limit]):
        try:
            state = state.apply(state.action_from_json(data, actor), actor)
        except IllegalAction as error:
            raise IllegalAction(f"action {number} of the record: {error}") from None
        yield state


def replay(record: Mapping[str, JSON], *, limit: int | None = None) -> State:
    """Check a record (:mod:`core.records`) and rebuild its state, action by action (the first ``limit``)."""
    return deque(replay_states(record, limit=limit), maxlen=1)[0]

__all__ = [
    "CHANCE", "JSON", "MAX_DEPTH", "MAX_RECORD_ACTIONS", "MAX_SEATS", "MIN_SEATS", "MODERATOR", "NAME_LIMIT",
    "QUOTE_LIMIT", "SECRET", "Action", "BotLevel", "FrozenDict", "GAMES", "Game", "IllegalAction", "InputError",
    "Option", "Options", "Outcome", "Secret", "State", "SubAction", "action_key", "actor_name", "freeze",
    "get_game", "int_range", "is_int", "name_problem", "quote", "register", "replay", "replay_states", "thaw",
    "too_deep",
]
