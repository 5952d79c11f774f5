"""The protocol's many-player parts on two toy games: simultaneous hidden choices, shared places,
views and public records, the moderator, sub-games addressed by ``SubAction``, and hostile records."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Self

import pytest

import core
from core import rng
from core.bots import MCTSBot, RandomBot
from core.protocol import (
    GAMES,
    MODERATOR,
    Action,
    FrozenDict,
    Game,
    IllegalAction,
    InputError,
    Option,
    Options,
    Outcome,
    State,
    SubAction,
    int_range,
    register,
)


@dataclass(frozen=True)
class Pick(Action):
    """Secretly pick a number."""

    number: int

    def to_json(self) -> dict[str, Any]:
        return {"pick": self.number}

    def __str__(self) -> str:
        return f"pick {self.number}"


@dataclass(frozen=True)
class Award(Action):
    """The moderator awards a bonus point to a player."""

    player: int

    def to_json(self) -> dict[str, Any]:
        return {"award": self.player}

    def __str__(self) -> str:
        return f"award player {self.player + 1}"


@dataclass(frozen=True, kw_only=True)
class PickState(State):
    """Every seat secretly picks 1-3 at once; the moderator may then award a bonus; highest total wins."""

    game_name = "toy-pick"
    picks: tuple[int | None, ...]
    awarded: bool = False

    @property
    def actors(self) -> frozenset[int]:
        waiting = frozenset(p for p, n in enumerate(self.picks) if n is None)
        if waiting:
            return waiting
        return frozenset() if self.awarded or not self.options["moderated"] else frozenset((MODERATOR,))

    @property
    def outcome(self) -> Outcome | None:
        return None if self.actors else Outcome.by_scores(self.scores, "highest total")

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(n or 0) for n in self.picks)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if actor == MODERATOR:
            return tuple(Award(p) for p in range(len(self.picks)))
        return (Pick(1), Pick(2), Pick(3))

    def _next_state(self, action: Action, actor: int) -> Self:
        if isinstance(action, Award):
            picks = list(self.picks)
            picks[action.player] = (picks[action.player] or 0) + 1
            return self._with(picks=tuple(picks), awarded=True)
        assert isinstance(action, Pick)
        picks = list(self.picks)
        picks[actor] = action.number
        return self._with(picks=tuple(picks))

    def view(self, viewer: int | None) -> Self:
        if viewer is None or not self.actors - {MODERATOR}:
            return self
        hidden = tuple(n if p == viewer or n is None else 0 for p, n in enumerate(self.picks))
        return self._with(picks=hidden)

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        picks = list(self.picks)
        for p, n in enumerate(picks):
            if n == 0:
                stream, picks[p] = rng.draw(stream, 3)
        return self._with(picks=tuple(picks), rng=stream)

    def public_length(self) -> int:
        return 0 if any(n is None for n in self.picks) else len(self.history)


class PickGame(Game):
    name = "toy-pick"
    title = "Pick"
    rules_version = "1"
    seat_range = (2, 8)
    options = (
        Option("seats", 3, "How many players.", check=int_range(2, 8)),
        Option("moderated", False, "The moderator awards one bonus point.", (False, True)),
        Option("board", {"size": [3, 3]}, "Data-valued option (frozen).",
               check=lambda v: None if isinstance(v, dict) else "must be an object"),
    )

    def seats(self, options: Any) -> int:
        return int(options["seats"])

    def _initial(self, seed: int, options: Options) -> PickState:
        return PickState(options=options, seed=seed, rng=rng.seed_stream(seed),
                         picks=(None,) * self.seats(options))

    def describe(self, state: Any, viewer: int | None) -> str:
        return " ".join("?" if n is None else str(n) for n in state.picks)

    def svg(self, state: Any, viewer: int | None) -> str:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


@dataclass(frozen=True, kw_only=True)
class LeagueState(State):
    """Two independent Pick sub-games between seats (0, 1) and (1, 2); the league sums the results."""

    game_name = "toy-league"
    games: tuple[PickState, PickState]

    TABLES = ((0, 1), (1, 2))

    @property
    def actors(self) -> frozenset[int]:
        return frozenset(self.TABLES[k][s] for k, g in enumerate(self.games) for s in g.actors)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.actors else Outcome.by_scores(self.scores, "most points over both games")

    @property
    def scores(self) -> tuple[float, ...]:
        total = [0.0, 0.0, 0.0]
        for k, g in enumerate(self.games):
            for s, value in enumerate(g.scores):
                total[self.TABLES[k][s]] += value
        return tuple(total)

    def subgame(self, index: int, actor: int) -> tuple[State, int] | None:
        if not 0 <= index < len(self.games) or actor not in self.TABLES[index]:
            return None
        return self.games[index], self.TABLES[index].index(actor)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        return tuple(SubAction(k, a) for k, g in enumerate(self.games) if actor in self.TABLES[k]
                     and self.TABLES[k].index(actor) in g.actors
                     for a in g.legal_actions(self.TABLES[k].index(actor)))

    def _next_state(self, action: Action, actor: int) -> Self:
        assert isinstance(action, SubAction)
        games = list(self.games)
        games[action.game] = games[action.game].apply(action.action, self.TABLES[action.game].index(actor))
        return self._with(games=(games[0], games[1]))


class LeagueGame(Game):
    name = "toy-league"
    title = "League"
    rules_version = "1"
    seat_range = (3, 3)
    options = ()

    def _initial(self, seed: int, options: Options) -> LeagueState:
        pick = GAMES["toy-pick"]
        games = tuple(pick.new(seed=rng.derive(seed, k) >> 1, seats=2) for k in range(2))
        assert all(isinstance(g, PickState) for g in games)
        return LeagueState(options=options, seed=seed, rng=rng.seed_stream(seed), games=games)  # type: ignore[arg-type]

    def describe(self, state: Any, viewer: int | None) -> str:
        return " | ".join(g.describe(None) for g in state.games)

    def svg(self, state: Any, viewer: int | None) -> str:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    register(PickGame())
    register(LeagueGame())
    yield
    GAMES.pop("toy-pick")
    GAMES.pop("toy-league")


def test_seats_come_from_the_options_and_several_act_at_once() -> None:
    state = GAMES["toy-pick"].new(seed=1, seats=5)
    assert state.players == 5 and state.actors == {0, 1, 2, 3, 4} and state.to_move is None
    with pytest.raises(IllegalAction, match="several may act now"):
        state.apply(Pick(2))
    with pytest.raises(IllegalAction, match="not player 6's turn"):
        state.apply(Pick(2), 5)
    after = state.apply(Pick(3), 2)
    assert after.actors == {0, 1, 3, 4}
    assert after.to_record()["actions"] == [{"actor": 2, "action": {"pick": 3}}]


def test_shared_places_and_returns_for_any_number_of_players() -> None:
    outcome = Outcome.by_scores((3, 3, 1, 0), "points")
    assert outcome.places == (1, 1, 3, 4) and outcome.winner is None
    assert outcome.returns() == pytest.approx((5 / 6, 5 / 6, 1 / 3, 0))
    assert Outcome.won_by(None, 2, "draw").returns() == (0.5, 0.5)
    assert Outcome.won_by(1, 3, "x").places == (2, 1, 2) and Outcome.won_by(1, 3, "x").winner == 1


def test_a_finished_game_ranks_every_seat() -> None:
    state = GAMES["toy-pick"].new(seed=1, seats=4)
    for seat, number in enumerate((3, 1, 3, 2)):
        state = state.apply(Pick(number), seat)
    assert state.is_over and state.outcome == Outcome((1, 4, 1, 3), "highest total")
    assert state.winner is None and sum(state.returns()) == pytest.approx(2.0)


def test_views_hide_pending_secrets_and_public_records_hold_none() -> None:
    state = GAMES["toy-pick"].new(seed=1, seats=3).apply(Pick(3), 0).apply(Pick(1), 2)
    assert state.describe(0) == "3 ? 0" and state.describe(1) == "0 ? 0" and state.describe() == "3 ? 1"
    public = state.to_record(public=True)
    assert public["actions"] == [] and "3" not in json.dumps(public["actions"])
    assert core.replay(public).actors == {0, 1, 2}          # a link asks for the secret picks again
    done = state.apply(Pick(2), 1)
    assert done.to_record(public=True) == done.to_record()   # revealed once everybody has picked


def test_bots_play_simultaneous_hidden_choices_through_determinization() -> None:
    state = GAMES["toy-pick"].new(seed=2, seats=3).apply(Pick(1), 0)
    imagined = state.determinize(1, rng.seed_stream(5))
    assert imagined.picks[0] in (1, 2, 3) and imagined.picks[1] is None
    assert isinstance(MCTSBot(GAMES["toy-pick"], iterations=30, time_ms=2_000).choose(state, 1), Pick)
    with pytest.raises(ValueError, match="a bot plays a seat"):
        RandomBot(0).choose(state, 0)


def test_the_moderator_acts_and_no_bot_plays_it() -> None:
    state = GAMES["toy-pick"].new(seed=1, seats=2, moderated=True).apply(Pick(1), 0).apply(Pick(1), 1)
    assert state.actors == {MODERATOR} and state.to_move == MODERATOR
    with pytest.raises(ValueError, match="a bot plays a seat"):
        RandomBot(0).choose(state)
    done = state.apply(Award(1))
    assert done.winner == 1 and core.replay(done.to_record()) == done


def test_data_valued_options_are_deep_frozen_and_records_give_json_back() -> None:
    state = GAMES["toy-pick"].new(seed=1, board={"size": [4, 4], "holes": [[1, 2]]})
    board = state.options["board"]
    assert isinstance(board, FrozenDict) and board["size"] == (4, 4) and hash(state.options)
    with pytest.raises(TypeError):
        board["size"] = (5, 5)  # type: ignore[index]
    assert state.to_record()["options"]["board"] == {"size": [4, 4], "holes": [[1, 2]]}
    assert core.replay(json.loads(json.dumps(state.to_record()))) == state


def test_sub_game_actions_are_addressed_and_replay_exactly() -> None:
    league = GAMES["toy-league"].new(seed=3)
    assert league.actors == {0, 1, 2}
    assert league.legal_actions(1) == [SubAction(k, Pick(n)) for k in (0, 1) for n in (1, 2, 3)]
    with pytest.raises(IllegalAction, match="plays no part in game 2"):
        league.apply(SubAction(1, Pick(2)), 0)
    state = league
    for actor, game, number in ((0, 0, 3), (1, 1, 2), (1, 0, 1), (2, 1, 2)):
        action = state.action_from_json({"sub": game, "action": {"pick": number}}, actor)
        state = state.apply(action, actor)
    assert state.scores == (3.0, 3.0, 2.0) and state.outcome == Outcome((1, 1, 3), "most points over both games")
    assert state.to_record()["actions"][0] == {"actor": 0, "action": {"sub": 0, "action": {"pick": 3}}}
    assert core.replay(json.loads(json.dumps(state.to_record()))) == state
    assert league.games[0].seed != league.games[1].seed   # each sub-game has its own stream


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(seed=None), "seed: must be an integer"),
        (lambda r: r.update(seed=True), "seed: must be an integer"),
        (lambda r: r.update(seed=1.5), "seed: must be an integer"),
        (lambda r: r.update(game=["toy-pick"]), "game: unknown game"),
        (lambda r: r.update(game={"a": 1}), "game: unknown game"),
        (lambda r: r["actions"].append({"actor": True, "action": {"pick": 1}}), "actor must be an integer"),
        (lambda r: r["actions"].append({"actor": 7, "action": {"pick": 1}}), "not player 8's turn"),
        (lambda r: r["actions"].append({"pick": 1}), "several may act now"),
        (lambda r: r["actions"].append({"actor": 0, "action": [[[[]]]]}), "not a legal action"),
        (lambda r: r["options"].update(seats=False), "option 'seats'"),
        (lambda r: r["options"].update(board=[1]), "option 'board'"),
    ],
)
def test_hostile_records_get_one_clear_error(mutate: Any, message: str) -> None:
    record = GAMES["toy-pick"].new(seed=4).to_record()
    mutate(record)
    with pytest.raises(ValueError, match=message) as caught:
        core.replay(record)
    assert isinstance(caught.value, (InputError, IllegalAction)) and len(str(caught.value)) < 400


def deeply_nested(levels: int) -> Any:
    deep: Any = {}
    for _ in range(levels):
        deep = {"x": [deep]}
    return deep


# Pyodide's WebAssembly stack cannot even free data nested thousands deep (C recursion), so
# there the case stays shallow; CPython takes the deep one a hostile link could carry.
DEPTHS = [100] if sys.platform == "emscripten" else [100, 100_000]


@pytest.mark.parametrize("levels", DEPTHS)
def test_deeply_nested_input_is_refused_before_anything_recursive_touches_it(levels: int) -> None:
    """Checked by an iterative walk: in the browser a deep recursion kills the page outright."""
    state = GAMES["toy-pick"].new(seed=4)
    with pytest.raises(IllegalAction, match="a value nested more than 32 deep is not an action"):
        state.action_from_json(deeply_nested(levels), 0)
    with pytest.raises(InputError, match="options: nested more than 32 deep"):
        GAMES["toy-pick"].new(seed=1, board=deeply_nested(levels))
    record = state.to_record()
    record["options"] = {"board": deeply_nested(levels)}
    with pytest.raises(InputError, match="record: nested more than 32 deep"):
        core.replay(record)
    assert core.protocol.too_deep(deeply_nested(16)) and not core.protocol.too_deep(deeply_nested(15))
