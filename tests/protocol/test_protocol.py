"""The protocol, checked over every registered game (OpenSpiel-style API tests)."""

import json

import pytest

import core
from core import rng
from core.protocol import Option

GAMES = sorted(core.GAMES)


def first_actor(state: core.State) -> int:
    """The actor a playout lets act: the lowest seat, else chance or the moderator."""
    return min(state.actors, key=lambda a: (a < 0, a))


def random_playout(game: core.Game, seed: int, limit: int = 3000) -> list[core.State]:
    state = game.new(seed=seed)
    stream = rng.seed_stream(seed)
    states = [state]
    while not state.is_over and len(states) < limit:
        actor = first_actor(state)
        legal = state.legal_actions(actor)
        assert legal, "every actor of a live state must have an action"
        stream, action = rng.choice(stream, legal)
        state = state.apply(action, actor)
        states.append(state)
    return states


@pytest.mark.parametrize("name", GAMES)
def test_registry_and_metadata(name: str) -> None:
    game = core.get_game(name)
    assert game.name == name and game.title and game.rules_version
    assert len({o.name for o in game.options}) == len(game.options)
    for option in game.options:
        assert option.doc and option.validate(option.default) == option.default


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(ValueError, match="button-up"):
        core.get_game("chess")


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_and_bad_value_name_the_valid_ones(name: str) -> None:
    game = core.get_game(name)
    with pytest.raises(ValueError, match="valid options: " + game.options[0].name):
        game.new(seed=1, no_such_option=3)
    closed = next(o for o in game.options if o.choices)
    with pytest.raises(ValueError, match=f"{closed.name}.*must be one of"):
        game.new(seed=1, **{closed.name: "no-such-value"})
    with pytest.raises(ValueError, match="seed: must be an integer"):
        game.new(seed="7")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_random_playout_keeps_the_protocol(name: str) -> None:
    game = core.get_game(name)
    states = random_playout(game, seed=11)
    final = states[-1]
    assert final.is_over and final.to_move is None and final.legal_actions() == []
    outcome = final.outcome
    assert outcome is not None and outcome.reason and len(outcome.places) == final.players
    assert min(outcome.places) == 1 and all(1 <= p <= final.players for p in outcome.places)
    assert sum(final.returns()) == pytest.approx(final.players / 2)
    assert final.winner == outcome.winner
    for before, after in zip(states, states[1:], strict=False):
        assert after.history[:-1] == before.history  # the old state is untouched
    assert core.replay(final.to_record()) == final


@pytest.mark.parametrize("name", GAMES)
def test_record_is_json_and_replays_exactly(name: str) -> None:
    states = random_playout(core.get_game(name), seed=5)
    for state in states[:: max(1, len(states) // 10)]:
        text = json.dumps(state.to_record())
        rebuilt = core.replay(json.loads(text))
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert rebuilt.describe() == state.describe()


@pytest.mark.parametrize("name", GAMES)
def test_replay_states_are_the_states_played(name: str) -> None:
    states = random_playout(core.get_game(name), seed=9, limit=300)
    record = states[-1].to_record()
    assert list(core.replay_states(record)) == states
    assert list(core.replay_states(record, limit=5)) == states[:6]


def test_replay_states_checks_the_record_first_and_stops_at_a_bad_action() -> None:
    states = random_playout(core.get_game("button-up"), seed=9, limit=4)
    record = states[-1].to_record()
    assert isinstance(record["actions"], list)
    with pytest.raises(ValueError, match="unknown game"):
        next(core.replay_states({**record, "game": "chess"}))
    replayed = core.replay_states({**record, "actions": [*record["actions"][:2], {"sow": 42}]})
    assert [next(replayed) for _ in range(3)] == states[:3]
    with pytest.raises(core.IllegalAction, match="action 3 of the record"):
        next(replayed)


@pytest.mark.parametrize("name", GAMES)
def test_actions_have_labels_and_json(name: str) -> None:
    for state in random_playout(core.get_game(name), seed=2)[:50]:
        for actor in state.actors:
            for action in state.legal_actions(actor):
                assert str(action).strip()
                assert state.action_from_json(json.loads(json.dumps(action.to_json())), actor) == action


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_raises_and_changes_nothing(name: str) -> None:
    states = random_playout(core.get_game(name), seed=3)
    final = states[-1]
    with pytest.raises(core.IllegalAction, match="over"):
        final.apply(states[-2].legal_actions(first_actor(states[-2]))[0])
    live = states[0]
    record = live.to_record()
    actor = first_actor(live)
    other = next(
        (a for s in states for b in s.actors for a in s.legal_actions(b) if not live.is_legal(a, actor)), None
    )
    if other is not None:
        with pytest.raises(core.IllegalAction):
            live.apply(other, actor)
    assert live.to_record() == record


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("seed"), "lacks seed"),
        (lambda r: r.update(extra=1), "unknown keys: .extra"),
        (lambda r: r.update(game="nope"), "unknown game"),
        (lambda r: r.update(rules_version="0"), "rules version"),
        (lambda r: r.update(options=[]), "options: must be"),
        (lambda r: r.update(actions="x"), "actions: must be a list"),
        (lambda r: r["actions"].append({"bogus": 1}), "action .* of the record"),
        (lambda r: r["options"].update(colour="blue"), "has no option .colour"),
    ],
)
def test_malformed_records_get_clear_errors(mutate: object, message: str) -> None:
    state = core.get_game("button-up").new(seed=4)
    record = state.to_record()
    mutate(record)  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        core.replay(record)


def test_replay_rejects_a_non_object() -> None:
    with pytest.raises(ValueError, match="JSON object"):
        core.replay([])  # type: ignore[arg-type]


def test_undo_steps_back_but_never_over_a_random_draw() -> None:
    game = core.get_game("button-up")
    state = game.new(seed=9, first_round_starter="random")
    assert not state.can_undo
    with pytest.raises(core.IllegalAction, match="nothing to undo"):
        state.undo()
    after = state.apply(state.legal_actions()[0])
    assert after.can_undo and after.undo() == state
    while after.round_number == 1:
        after = after.apply(after.legal_actions()[0])
    assert not after.can_undo  # the last move of a round dealt a new circle


def test_option_validation_is_type_strict() -> None:
    flag = Option("flag", True, "a switch", (True, False))
    assert flag.validate(False) is False
    with pytest.raises(ValueError, match="must be one of True, False"):
        flag.validate(1)


@pytest.mark.parametrize("name", GAMES)
def test_actions_checked_without_listing_agree_with_the_listing(name: str) -> None:
    """Where a game checks an action without listing (``_is_listed``, fed by ``parse_action``),
    its answer is exactly the listing's, for listed actions and for actions seen elsewhere."""
    seen: dict[str, core.Action] = {}
    for seed in range(3):
        for state in random_playout(core.get_game(name), seed, limit=300):
            for actor in state.actors:
                listed = state.legal_actions(actor)
                seen.update((json.dumps(a.to_json(), sort_keys=True), a) for a in listed[:40])
                for action in listed:
                    parsed = state.game.parse_action(action.to_json())
                    assert parsed is None or parsed == action
                    assert state._is_listed(action, actor) in (None, True)
                for other in seen.values():
                    assert state._is_listed(other, actor) in (None, other in listed)


@pytest.mark.parametrize(("name", "problem"), [
    ("Ana", None), ("Ünal Çelik", None), ("ا" * 40, None),
    ("", "non-empty"), ("   ", "non-empty"), (7, "non-empty"), ("x" * 41, "at most 40 characters; this one has 41"),
    ("x" * 10_000, "this one has 10,000"), ("Ana\nBen", "control characters"), ("A\x85", "control characters"),
])
def test_names_people_type_are_bounded_texts(name: object, problem: str | None) -> None:
    from core.protocol import name_problem

    found = name_problem(name)
    assert found is None if problem is None else problem in (found or "")
