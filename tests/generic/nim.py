"""Nim, a tiny game registered only in the generic page's tests: take from one heap; who takes the last wins."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from core.protocol import GAMES, JSON, Action, Game, Option, Options, Outcome, State, is_int, register
from core.svg import document, text

DEFAULT_HEAPS = (3, 4, 5)


def heaps_problem(value: JSON) -> str | None:
    """What is wrong with a ``heaps`` option, or None."""
    if not isinstance(value, list) or not 1 <= len(value) <= 6 or not all(is_int(h) and 1 <= h <= 40 for h in value):
        return "must be 1 to 6 heaps of 1 to 40 counters"
    return None


@dataclass(frozen=True)
class Take(Action):
    """Take ``count`` counters from heap ``heap`` (0-based)."""

    heap: int
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"heap": self.heap, "count": self.count}

    def __str__(self) -> str:
        return f"take {self.count} from heap {self.heap + 1}"


@dataclass(frozen=True, kw_only=True)
class NimState(State):
    """The heaps and whose turn it is."""

    game_name = "toy-nim"
    heaps: tuple[int, ...]
    turn: int = 0

    @property
    def actors(self) -> frozenset[int]:
        return frozenset() if not any(self.heaps) else frozenset({self.turn})

    @property
    def outcome(self) -> Outcome | None:
        return None if any(self.heaps) else Outcome.won_by(1 - self.turn, 2, "took the last counter")

    @property
    def scores(self) -> tuple[float, ...]:
        outcome = self.outcome
        return (0.0, 0.0) if outcome is None else tuple(float(p == outcome.winner) for p in range(2))

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        return tuple(Take(h, n) for h, size in enumerate(self.heaps) for n in range(1, size + 1))

    def _next_state(self, action: Action, actor: int) -> NimState:
        assert isinstance(action, Take)
        heaps = tuple(size - action.count if h == action.heap else size for h, size in enumerate(self.heaps))
        return self._with(heaps=heaps, turn=1 - self.turn)


class NimGame(Game):
    name, title, rules_version, seat_range = "toy-nim", "Nim", "1", (2, 2)
    options = (Option("heaps", list(DEFAULT_HEAPS), "The counters of each heap.", check=heaps_problem),)
    search = {"iterations": 60}

    def _initial(self, seed: int, options: Options) -> State:
        return NimState(options=options, seed=seed, rng=seed, heaps=tuple(options["heaps"]))

    def describe(self, state: Any, viewer: int | None) -> str:
        heaps = ", ".join(f"heap {h + 1}: {size}" for h, size in enumerate(state.heaps))
        return f"Nim. {heaps}."

    def svg(self, state: Any, viewer: int | None) -> str:
        body = [text(20 + 40 * h, 20, str(size)) for h, size in enumerate(state.heaps)]
        return document(40 * len(state.heaps) + 10, 40, f"Nim heaps: {', '.join(map(str, state.heaps))}", body)


NIM = NimGame()


def registered() -> Iterator[Game]:
    """Nim in core's registry while a test runs (a fixture's body)."""
    register(NIM)
    try:
        yield NIM
    finally:
        del GAMES[NIM.name]
