"""The session model and share links, without a browser."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

import core
from core.bots import Bot
from core.buttonup import ButtonUpState
from core.protocol import GAMES, Action, Game, IllegalAction, Options, Outcome, State, register
from webapp.shell import links
from webapp.shell.links import LinkSync
from webapp.shell.session import HUMAN, GameSession, check_seats, seat_choices

GAME = core.get_game("button-up")


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` on its own event loop (a browser test may own this thread's)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result(timeout=120)


@dataclass
class SlowBot:
    """A bot that takes ``delay`` seconds (blocking, as a real search does) before ``bot`` chooses."""

    bot: Bot
    delay: float

    def choose(self, state: core.State, actor: int | None = None) -> core.Action:
        time.sleep(self.delay)
        return self.bot.choose(state, actor)


def slow_bots(session: GameSession, delay: float) -> None:
    """Make every bot of ``session`` think ``delay`` seconds over each choice."""
    real = session.bot_for
    session.bot_for = lambda state, actor=None: SlowBot(real(state, actor), delay)  # type: ignore[method-assign]


def first_white(state: core.State) -> core.Action:
    """The worked example's policy: the first legal action in list order."""
    return state.legal_actions()[0]


def play_until(session: GameSession, done: object) -> None:
    """Let humans play ``first_white`` until ``done(session)`` is true."""
    assert callable(done)
    while not done(session):
        session.human_play(first_white(session.state))


def rounds_of(session: GameSession) -> tuple[object, ...]:
    """The finished rounds of a Button Up! session."""
    state = session.state
    assert isinstance(state, ButtonUpState)
    return state.rounds


def test_seat_choices_offer_human_and_every_bot_level() -> None:
    choices = seat_choices(GAME)
    assert list(choices.values()) == [HUMAN, "random", "greedy", "mcts", "solver"]
    assert all(label for label in choices)


@pytest.mark.parametrize("seats", [["human"], ["human", "nobody"], "hh", ["human", "human", "human"]])
def test_bad_seats_are_refused(seats: object) -> None:
    with pytest.raises(ValueError, match="seat"):
        check_seats(GAME, seats)  # type: ignore[arg-type]


def test_steps_follow_the_state_and_name_the_player() -> None:
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=7, start="WRBWBRWBR"))
    play_until(session, lambda s: len(s.steps) == 5)
    # Red names the starter (herself), then the worked example: P1, P2 (extra turn), P2, P1
    assert [s.actor for s in session.steps] == [0, 0, 1, 1, 0]
    assert session.steps[-1].after is session.state
    assert [s.action for s in session.steps] == list(session.state.history)
    for earlier, later in zip(session.steps, session.steps[1:], strict=False):
        assert earlier.after is later.before


def test_human_cannot_play_for_a_bot_and_nothing_changes() -> None:
    session = GameSession(GAME, ["greedy", HUMAN], GAME.new(seed=3))
    before = session.state
    with pytest.raises(IllegalAction, match="not your turn"):
        session.human_play(before.legal_actions()[0])
    assert session.state is before and session.steps == []


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    from core.buttonup import Sow

    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=7, start="WRBWBRWBR",
                                                          first_round_starter="random"))
    before = session.state
    with pytest.raises(IllegalAction, match="holds no white"):
        session.human_play(Sow(1))
    assert session.state is before and session.steps == []


def test_undo_between_humans_takes_back_one_action() -> None:
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=5))
    play_until(session, lambda s: len(s.steps) == 4)
    expected = session.state.undo()
    session.undo()
    assert session.state == expected and len(session.steps) == 3


def test_undo_against_a_bot_returns_to_the_humans_decision() -> None:
    session = GameSession(GAME, [HUMAN, "greedy"], GAME.new(seed=11, first_round_starter="random"))
    run(session.drive_bots())
    assert session.human_to_move
    decision = session.state
    session.human_play(first_white(decision))
    run(session.drive_bots())
    assert len(session.steps) > len(decision.history)
    session.undo()
    assert session.state == decision
    assert session.human_to_move


def test_undo_never_crosses_a_deal() -> None:
    session = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=2, target_score=99))
    play_until(session, lambda s: len(rounds_of(s)) == 1)
    assert not session.state.can_undo
    assert not session.can_undo
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo()
    assert len(rounds_of(session)) == 1


def test_undo_is_refused_when_only_a_bot_acted_since_the_deal() -> None:
    session = GameSession(GAME, ["greedy", HUMAN], GAME.new(seed=4))
    run(session.drive_bots())
    assert session.human_to_move and session.steps
    assert all(step.actor == 0 for step in session.steps)
    assert session.state.can_undo  # core could take the bot's action back ...
    assert not session.can_undo  # ... but there is no human decision to return to


def test_bots_play_a_whole_game_and_repeat_exactly() -> None:
    records = []
    for _ in range(2):
        session = GameSession(GAME, ["greedy", "solver"], GAME.new(seed=9, target_score=5))
        run(session.drive_bots())
        assert session.state.is_over and not session.thinking
        assert len(session.steps) == len(session.state.history)
        records.append(session.record)
    assert records[0] == records[1]


def test_a_new_game_discards_the_move_of_a_bot_still_thinking() -> None:
    session = GameSession(GAME, [HUMAN, "random"], GAME.new(seed=1, first_round_starter="random"))
    slow_bots(session, 0.3)

    async def scenario() -> None:
        session.new_game(["random", HUMAN], seed=8, first_round_starter="choose")
        task = asyncio.ensure_future(session.drive_bots())
        await asyncio.sleep(0.05)
        assert session.thinking
        session.new_game([HUMAN, HUMAN], seed=8)
        await task

    run(scenario())
    assert session.steps == [] and not session.thinking
    assert session.state == GAME.new(seed=8)


def test_load_rebuilds_every_step_and_bad_records_change_nothing() -> None:
    source = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=21, extra_turn="optional"))
    play_until(source, lambda s: len(s.steps) == 12)
    session = GameSession(GAME, [HUMAN, "mcts"])
    session.load(source.record, [HUMAN, "solver"])
    assert session.state == source.state and session.seats == [HUMAN, "solver"]
    assert session.steps == source.steps, "every step as played: the states before and after, the action, who acted"
    before = session.state
    broken = {**source.record, "actions": [{"sow": 42}]}
    with pytest.raises(ValueError, match="action 1"):
        session.load(broken, [HUMAN, HUMAN])
    with pytest.raises(ValueError, match="not a Button Up! game"):
        session.load({**source.record, "game": "chess"}, [HUMAN, HUMAN])
    assert session.state is before


def test_links_round_trip_and_reject_junk() -> None:
    record = GAME.new(seed=5, target_score=3).to_record()
    value = links.encode(record, [HUMAN, "greedy"])
    assert set(value) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert links.decode(value) == (record, [HUMAN, "greedy"])
    for junk, reason in [("", "no game"), ("%%%", "damaged"), ("eJzLSM3JyQcABiwCFQ", "damaged"),
                         (links.encode(record, [HUMAN])[:-3] + "AAA", "damaged")]:
        with pytest.raises(ValueError, match=reason):
            links.decode(junk)


def test_link_sync_restores_a_game_or_explains_a_bad_link() -> None:
    source = GameSession(GAME, [HUMAN, HUMAN], GAME.new(seed=13))
    play_until(source, lambda s: len(s.steps) == 3)
    session = GameSession(GAME, [HUMAN, "greedy"], GAME.new(seed=1))
    sync = LinkSync(session)
    sync.restore(links.encode(source.record, [HUMAN, HUMAN]))
    assert session.state == source.state and sync.problem == ""
    assert links.decode(sync.url.split("game=")[1]) == (source.record, [HUMAN, HUMAN])
    sync.restore("not-a-game")
    assert "could not be opened" in sync.problem and session.state == source.state
    bad_seat = links.encode(source.record, [HUMAN, "grandmaster"])
    sync.restore(bad_seat)
    assert "grandmaster" in sync.problem


def test_a_thinking_bot_leaves_the_event_loop_free() -> None:
    session = GameSession(GAME, ["random", HUMAN], GAME.new(seed=6))
    slow_bots(session, 0.2)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    async def scenario() -> None:
        beat = asyncio.ensure_future(ticker())
        await session.drive_bots()
        beat.cancel()

    run(scenario())
    assert session.human_to_move and session.steps
    assert ticks >= 10 * len(session.steps)  # the loop ran on while each 0.2 s choice was made


def test_typed_dice_wait_for_the_table_even_between_two_bots() -> None:
    from core.protocol import CHANCE

    game = core.get_game("button-men")
    session = GameSession(game, ["greedy", "greedy"], game.new(seed=2, buttons=("Bauer", "Avis"),
                                                                dice_source="manual"))
    run(session.drive_bots())
    assert session.state.actors == {CHANCE}, "the bots chose their swing dice, then the dice must be rolled"
    assert not session.bot_to_move and session.human_to_move and not session.thinking
    assert all(step.actor in (0, 1) for step in session.steps)
    before = session.state
    run(session.drive_bots())
    assert session.state is before, "no bot picks dice, not even its own"
    with pytest.raises(ValueError, match="never chance"):
        session.bot_for(before, CHANCE)
    roll = before.legal_actions(CHANCE)[0]
    session.human_play(roll)
    assert session.steps[-1].actor == CHANCE and session.steps[-1].action == roll


def test_the_moderator_is_a_role_the_page_enables() -> None:
    from core.protocol import CHANCE, MODERATOR

    session = GameSession(GAME, ["greedy", "greedy"], GAME.new(seed=1))
    assert not session.is_human(MODERATOR) and session.is_human(CHANCE)
    session.moderator = True
    assert session.is_human(MODERATOR) and not session.is_bot(MODERATOR)


def test_the_public_record_leaves_out_a_pending_secret() -> None:
    game = core.get_game("button-men")
    session = GameSession(game, [HUMAN, HUMAN], game.new(seed=7, buttons=("Bauer", "Avis")))
    session.human_play(session.state.legal_actions()[-1])
    assert len(session.record["actions"]) == 1 and session.public_record["actions"] == []


@dataclass(frozen=True)
class Vote(Action):
    """Vote yes or no (every seat at once)."""

    yes: bool

    def to_json(self) -> dict[str, Any]:
        return {"yes": self.yes}

    def __str__(self) -> str:
        return "vote yes" if self.yes else "vote no"


@dataclass(frozen=True, kw_only=True)
class VoteState(State):
    """Three seats vote at the same time; the yes-voters share first place."""

    game_name = "toy-vote"
    votes: tuple[bool | None, ...] = (None, None, None)

    @property
    def actors(self) -> frozenset[int]:
        return frozenset(p for p, v in enumerate(self.votes) if v is None)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.actors else Outcome.by_scores(self.scores, "the yes-voters")

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(bool(v)) for v in self.votes)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        return (Vote(True), Vote(False))

    def _next_state(self, action: Action, actor: int) -> VoteState:
        assert isinstance(action, Vote)
        return self._with(votes=tuple(action.yes if p == actor else v for p, v in enumerate(self.votes)))


class VoteGame(Game):
    name, title, rules_version, options, seat_range = "toy-vote", "Vote", "1", (), (3, 3)

    def _initial(self, seed: int, options: Options) -> State:
        return VoteState(options=options, seed=seed, rng=seed)

    def describe(self, state: Any, viewer: int | None) -> str:
        return f"votes: {state.votes}"

    def svg(self, state: Any, viewer: int | None) -> str:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"


@pytest.fixture
def vote_game() -> Iterator[Game]:
    game = register(VoteGame())
    yield game
    del GAMES[game.name]


def test_simultaneous_choices_of_bots_and_humans(vote_game: Game) -> None:
    session = GameSession(vote_game, ["random", HUMAN, HUMAN], vote_game.new(seed=4))
    assert session.human_actors == [1, 2] and session.bot_to_move
    with pytest.raises(IllegalAction, match="several may act now"):
        session.human_play(Vote(True))
    session.human_play(Vote(True), 2)
    run(session.drive_bots())
    assert [step.actor for step in session.steps] == [2, 0] and session.human_actors == [1]
    session.human_play(Vote(False))
    assert session.state.is_over and session.state.movers == (2, 0, None), "the last voter was implied"
    again = GameSession(vote_game, [HUMAN] * 3, vote_game.new(seed=1))
    again.load(session.record, ["greedy", HUMAN, "random"])
    assert [step.actor for step in again.steps] == [2, 0, 1] and again.state == session.state
    with pytest.raises(ValueError, match="needs 3 seats"):
        session.new_game([HUMAN, HUMAN])


def test_move_buttons_play_for_one_human_after_another(vote_game: Game) -> None:
    from webapp.shell.widgets import MoveButtons

    session = GameSession(vote_game, [HUMAN, "random", HUMAN], vote_game.new(seed=2))
    moves = MoveButtons(session, lambda action, actor: session.human_play(action, actor), ["Ann", "Bot", "Cy"])
    assert moves.actor == 0 and moves.buttons.labels == ["Vote yes", "Vote no"]
    moves.press("Vote no")
    assert session.steps[-1].actor == 0 and moves.actor == 2
    moves.press("Vote yes")
    assert moves.buttons.labels == [] and moves.waiting_text() == "Waiting for Bot (bot)."


def test_bots_think_again_when_a_person_moved_meanwhile() -> None:
    """Where several act at once (Fair and Square's placement), a person's move while a bot thinks
    makes the bot think again about the new position; it never stops for good."""
    game = core.get_game("fair-and-square")
    session = GameSession(game, [HUMAN, "random"], game.new(seed=3, single_board=True, players_per_board=2))
    slow_bots(session, 0.2)

    async def scenario() -> None:
        task = asyncio.ensure_future(session.drive_bots())
        await asyncio.sleep(0.05)
        assert session.thinking
        session.human_play(session.state.legal_actions(0)[0], 0)
        await task

    run(scenario())
    actors = [step.actor for step in session.steps]
    assert actors[0] == 0 and set(actors[1:]) == {1} and not session.bot_to_move and not session.thinking


def test_every_change_a_bot_task_makes_goes_through_the_pages_committer() -> None:
    session = GameSession(GAME, ["greedy", "solver"], GAME.new(seed=9, target_score=3))
    committing = False
    outside: list[str] = []

    async def commit(change: Any) -> None:  # as the page runs its widgets' events: later, and on its own
        nonlocal committing
        await asyncio.sleep(0)
        committing = True
        try:
            change()
        finally:
            committing = False

    session.commit = commit
    session.param.watch(lambda *events: None if committing else outside.extend(e.name for e in events),
                        ["state", "thinking"])
    run(session.drive_bots())
    assert session.state.is_over and not session.thinking and len(session.steps) == len(session.state.history)
    assert outside == []


def imperio_bot_to_move(**params: Any) -> GameSession:
    """An Imperio Bellum game where the greedy bot (blue) is to play its first turn: many actions."""
    import core.imperio as ib

    game = core.get_game("imperio-bellum")
    state = game.new(seed=11, setup="default_armies").apply(ib.ChooseRole("attacker")).apply(ib.EndTurn())
    return GameSession(game, [HUMAN, "greedy"], state, **params)


def test_a_bots_whole_turn_is_shown_in_one_update() -> None:
    session = imperio_bot_to_move(whole_turns=True)
    shown: list[int] = []
    session.param.watch(lambda event: shown.append(len(session.steps)), ["state"])
    run(session.drive_bots())
    assert session.human_to_move and len(shown) == 1 and shown[0] == len(session.steps) >= 3
    assert {step.actor for step in session.steps} == {1} and session.turn_length == 0
    one_by_one = imperio_bot_to_move()
    run(one_by_one.drive_bots())
    assert one_by_one.state == session.state  # the same actions, only shown differently


def test_a_paced_bot_turn_shows_its_progress_and_skips_to_its_end() -> None:
    session = imperio_bot_to_move(whole_turns=True, turn_pace=0.3)
    progress: list[tuple[int, int]] = []
    session.param.watch(lambda event: progress.append((session.turn_shown, session.turn_length)), ["turn_shown"])

    async def scenario() -> None:
        task = asyncio.ensure_future(session.drive_bots())
        while len(session.steps) < 2:
            await asyncio.sleep(0.01)
        session.skip_turn()
        await task

    run(scenario())
    length = len(session.steps)
    assert progress[:2] == [(1, length), (2, length)] and progress[-1] == (0, 0)
    assert session.human_to_move and session.turn_length == 0 and not session.thinking


def test_a_pages_default_options_make_its_first_and_new_games_unless_a_form_names_them() -> None:
    game = core.get_game("fair-and-square")
    seats = [HUMAN, "greedy", "greedy", "greedy"]
    session: GameSession[State] = GameSession(game, seats, defaults={"single_board": True})
    assert session.state.options["single_board"] is True and session.state.players == 4
    session.new_game(seats, seed=3, rounds=1)
    assert session.state.options["single_board"] is True and session.state.options["rounds"] == 1
    session.new_game([HUMAN, *["greedy"] * 7], seed=3, single_board=False)
    assert session.state.options["single_board"] is False and session.state.players == 8
    assert game.new(seed=3).options["single_board"] is False, "the game's own default is unchanged"

