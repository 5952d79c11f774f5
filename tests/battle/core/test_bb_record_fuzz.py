"""Broken campaign records: reading one raises InputError with one clear line, or replays (issue 23).

The shared Lesotho record, the section-5 records and records the engine writes for campaigns it
plays (Button Men match records inside) are mutated many ways: values of the wrong type, huge and
negative numbers, deep nesting, unknown keys, bad names, removed keys, truncated lists.  Each
mutant either replays or is refused with :class:`InputError` (a rule broken is its subclass
:class:`RecordFailure`) whose message is one line without Python internals.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from bb_helpers import DATA, SECTION5, record

from core import rng
from core.battle import GAME
from core.battle.record import load_record, write_record
from core.battle.state import CampaignState
from core.protocol import InputError
from tests.runtime import NO_SUBPROCESS


DEEP: Any = []
for _ in range(200):
    DEEP = [DEEP]
REPLACEMENTS: tuple[Any, ...] = (
    None, True, 0, -1, 7, 2**70, -(2**70), 1.5, float("inf"), "", " ", "x" * 5000, "Ana\x1b[2J", "[b]x[/b]",
    [], [None], {}, {"x": 1}, DEEP, "3-0", "99-99-99", "belgium", "Irilyth",
)
INTERNALS = ("Traceback", "NoneType", "object at 0x", "<class", "__", "KeyError", "TypeError")
Path_ = tuple[str | int, ...]


def engine_record(seed: int) -> dict[str, Any]:
    """A finished or round-capped engine campaign (one Button Men round per battle), played at random."""
    state = GAME.new(seed, players=3, battle_max_wins=1, round_cap=3, neutral_territories="claimable")
    assert isinstance(state, CampaignState)
    stream = rng.seed_stream(seed)
    while not state.is_over and len(state.history) < 4000:
        actor = min(state.actors)
        stream, action = rng.choice(stream, state.legal_actions(actor))
        state = state.apply(action, actor)
    return json.loads(json.dumps(write_record(state)))


@cache
def bases() -> dict[str, Any]:
    found = {path.name: record(path) for path in sorted(DATA.glob("*.json"))}
    found["engine-1"] = engine_record(1)
    found["engine-2"] = engine_record(2)
    return found


def paths(value: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every place in a JSON document (the root excluded)."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, child in items:
        yield (*prefix, key)
        yield from paths(child, (*prefix, key))


def mutated(data: Any, where: Path_, how: int, chance: random.Random) -> Any:
    """A copy of ``data`` with the value at ``where`` replaced, removed, truncated or given an unknown key."""
    data = copy.deepcopy(data)
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    last, value = where[-1], parent[where[-1]]
    if how == 0 and isinstance(parent, dict):
        del parent[last]
    elif how == 1 and isinstance(value, list):
        parent[last] = value[: chance.randrange(len(value) + 1)]
    elif how == 2 and isinstance(value, dict):
        value["surprise"] = 1
    elif how == 3 and isinstance(value, (list, dict)):
        parent[last] = [value] if isinstance(value, dict) else {"0": value}
    else:
        parent[last] = chance.choice(REPLACEMENTS)
    return data


def check(data: Any) -> None:
    try:
        load_record(data)
    except InputError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 600, message
        assert not any(word in message for word in INTERNALS), message


@pytest.mark.parametrize("name", ["belgium-e1-sections5.json", "belgium-e1-tiebreak-override.json", "engine-1",
                                  "engine-2"])
def test_every_mutant_of_a_record_is_refused_in_one_line_or_replays(name: str) -> None:
    base = bases()[name]
    chance = random.Random(name)
    places = list(paths(base))
    for where in chance.sample(places, min(len(places), 150)):
        check(mutated(base, where, chance.randrange(6), chance))


def test_every_mutant_of_the_shared_lesotho_record_is_refused_in_one_line_or_replays(
        shared_path: Any) -> None:
    base = record(shared_path("battle/lesotho-game2.json"))
    chance = random.Random(7)
    for where in paths(base):
        check(mutated(base, where, chance.randrange(6), chance))


def test_every_truncation_of_a_record_that_still_parses_is_refused_in_one_line_or_replays() -> None:
    text = json.dumps(record(SECTION5))
    for cut in range(0, len(text), 7):
        try:
            data = json.loads(text[:cut] + "]}" * 3)
        except ValueError:
            continue
        check(data)


@pytest.mark.parametrize("top", [DEEP, {"format": "buttonmen-battle-record/1", "players": DEEP},
                                 {"format": "buttonmen-battle-record/1", "rounds": [DEEP]},
                                 "x", 3, None])
def test_deep_or_wrong_documents_are_refused(top: Any) -> None:
    with pytest.raises(InputError):
        load_record(top)


def set_at(data: Any, where: Path_, value: Any) -> Any:
    data = copy.deepcopy(data)
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    return data


def first_match_action(data: Any) -> Path_:
    """Where the first action of the first engine battle's match record stands."""
    rounds = data["rounds"]
    number, battle = next((r, b) for r, entry in enumerate(rounds) for b, item in enumerate(entry["battles"])
                          if "match" in item)
    return ("rounds", number, "battles", battle, "match", "actions", 0)


@pytest.mark.parametrize(("where", "value", "reason"), [
    (("expect", "winner"), 3, "expect.winner: must be a non-empty text"),
    (("expect", "winner"), ["Ann"], "expect.winner: must be a non-empty text"),
    (("title",), "t" * 501, "title: must be a text of at most 500 characters"),
    (("players", 0, "name"), "\ud800", "not valid Unicode"),
    (("players", 0, "armies", 0, "button"), "b" * 390, "a button name has at most 60 characters"),
    (("aliases",), {"buttons": {"Luck\x07y": "Lucky"}}, "aliases.buttons: .*control characters"),
    (("rounds", 0, "battles", 0, "x" * 5000), 1, "has unknown keys: 'xxx"),
    (("rounds", 0, "choices"), {"Atlantis": "Lucky"}, "no such territory"),
    (("rounds", 0, "battles", 0, "loser"), [1], "unknown keys"),
    (("rounds", 0, "expect", "pending"), [{"x": 1}], "round 1: a territory is named by a non-empty text"),
])
def test_known_breakages_of_a_record_are_refused_in_one_clear_line(where: Path_, value: Any, reason: str) -> None:
    with pytest.raises(InputError, match=reason) as refused:
        load_record(set_at(record(SECTION5), where, value))
    check(set_at(record(SECTION5), where, value))
    assert len(str(refused.value)) < 600


@pytest.mark.parametrize(("value", "reason"), [
    ({"actor": "0", "action": {"swing": "X", "size": 4}}, "the actor is seat 0 or 1"),
    ({"actor": 2**70, "action": {"swing": "X", "size": 4}}, "the actor is seat 0 or 1"),
    ({"actor": 0.0, "action": {"swing": "X", "size": 4}}, "the actor is seat 0 or 1"),
    ({"actor": True, "action": {"swing": "X", "size": 4}}, "the actor is seat 0 or 1"),
    ({"actor": 0, "action": DEEP}, "nests more than 32 deep"),
])
def test_a_broken_match_action_in_an_engine_record_is_refused(value: Any, reason: str) -> None:
    data = bases()["engine-1"]
    with pytest.raises(InputError, match=reason):
        load_record(set_at(data, first_match_action(data), value))


ROOT = Path(__file__).resolve().parents[3]


def command_line(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "core.battle", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


@NO_SUBPROCESS
def test_the_command_line_refuses_broken_files_and_dev_zero_in_one_line_with_exit_2(tmp_path: Path) -> None:
    files = {
        "truncated.json": json.dumps(record(SECTION5))[:500].encode(),
        "binary.json": bytes(range(256)),
        "digits.json": b"[" + b"9" * 5000 + b"]",
        "surrogate.json": json.dumps({**record(SECTION5), "title": "\ud800"}).encode(),
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "winner.json": json.dumps(set_at(record(SECTION5), ("expect", "winner"), 3)).encode(),
    }
    targets = ["/dev/zero", str(tmp_path)]
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        targets.append(str(tmp_path / name))
    for target in targets:
        done = command_line("replay", target)
        assert done.returncode == 2 and done.stdout == "", (target, done.stderr)
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.startswith(f"{target}: not a readable record: ")


@NO_SUBPROCESS
def test_the_command_line_refuses_wrong_arguments_in_one_line_with_exit_2() -> None:
    for args in ([], ["replay"], ["bogus"], ["replay", "x.json", "--bad"]):
        done = command_line(*args)
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "usage" not in done.stderr
