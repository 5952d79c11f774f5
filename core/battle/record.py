"""Campaign records (rulebook section 10, ``buttonmen-battle-record/1``): read, check, replay and write.

* :func:`load_record` turns a record into the campaign state after any number of rounds, checking
  every order and result against the rules and every ``expect`` against the replay.
* :func:`write_record` (from :mod:`.record_write`) turns a campaign state into such a record.
* :func:`replay_report` is the ``--json`` form of a replay.

Errors: :class:`~core.protocol.InputError` when the document is not a readable record (wrong shape or
types); :class:`RecordFailure` when a rule or an ``expect`` fails (the message names round, battle and
reason).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core import rng
from core.battle.game import GAME
from core.battle.actions import Attack, Choose, Pass, ReportResult
from core.battle.model import Score
from core.battle.state import CampaignState, button_index, player_index
from core.battle.pool import button_problem
from core.battle.record_write import RECORD_FORMAT, SETUP_OPTIONS, write_record
from core.protocol import (
    CHANCE, MAX_DEPTH, MAX_RECORD_ACTIONS, MODERATOR, JSON, IllegalAction, InputError, is_int, quote, too_deep,
)

TOP_KEYS = {"format", "title", "source", "options", "players", "record_overrides", "rounds", "aliases", "expect"}
ROUND_KEYS = {"round", "order", "tiebreaks", "battles", "passes", "choices", "expect"}
BATTLE_KEYS = {"player", "from", "to", "winner", "score", "small_points", "match"}
TIEBREAK_KEYS = {"territory", "winner", "loser", "score", "small_points", "match"}
MAX_ROUNDS = 1000
MAX_RECORD_BYTES = 20_000_000
"""The largest record file read (the command line reads no byte further)."""
MAX_TITLE = 500

__all__ = ["RECORD_FORMAT", "RecordFailure", "Replayed", "load_record", "parse_record", "read_record",
           "replay_report", "write_record"]


class RecordFailure(InputError, IllegalAction):
    """A record that breaks a rule: ``where`` names the round and the battle, ``reason`` the rule."""


@dataclass
class Replayed:
    """A replayed record: the state reached, warnings, and the ``expect`` mismatches found."""

    state: CampaignState
    mismatches: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- shape checks


def _object(where: str, value: Any, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError(where, "must be a JSON object", value)
    extra = sorted(set(value) - keys)
    if extra:
        raise InputError(where, f"has unknown keys: {', '.join(map(quote, extra[:3]))}; it may have "
                                f"{', '.join(sorted(keys))}")
    return value


def _mapping(where: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > 200 or not all(isinstance(k, str) for k in value):
        raise InputError(where, "must be a JSON object", value)
    return value


def _list(where: str, value: Any, limit: int = 200) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > limit:
        raise InputError(where, f"must be a list of at most {limit} entries", value)
    return value


def _text(where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, "must be a non-empty text", value)
    return value


def _title(where: str, value: Any) -> None:
    if value is not None and not (isinstance(value, str) and len(value) <= MAX_TITLE):
        raise InputError(where, f"must be a text of at most {MAX_TITLE} characters", value)


def _small(where: str, value: Any) -> int | None:
    if value is None:
        return None
    if not is_int(value) or abs(value) > 10_000:
        raise InputError(where, "small_points must be an integer", value)
    return int(value)


def _score(where: str, value: Any) -> Score:
    try:
        return Score.parse(value)
    except ValueError as error:
        raise InputError(where, str(error), value) from None


# --------------------------------------------------------------------------- reading


def _start(data: dict[str, Any]) -> CampaignState:
    options = dict(_object("options", data.get("options", {}), set(GAME.resolve_options({})) | {"seed"}))
    seed = options.pop("seed", 0)
    if not is_int(seed) or not 0 <= seed < 1 << 64:
        raise InputError("options.seed", "must be an integer from 0 to 2**64 - 1", seed)
    for name in SETUP_OPTIONS:
        if name in options:
            raise InputError("options", f"{name} comes from the record itself, not from its options")
    players = []
    for i, entry in enumerate(_list("players", data.get("players"), 5)):
        player = _object(f"players[{i}]", entry, {"name", "colour", "armies"})
        armies = [_object(f"players[{i}].armies[{k}]", a, {"button", "territory", "recipe"})
                  for k, a in enumerate(_list(f"players[{i}].armies", player.get("armies"), 5))]
        players.append({**player, "armies": armies})
    options["setup"] = players
    options["record_overrides"] = _list("record_overrides", data.get("record_overrides"), 100)
    rounds = _list("rounds", data.get("rounds"), MAX_ROUNDS)
    if rounds and isinstance(rounds[0], dict) and rounds[0].get("order") is not None:
        options["move_order"] = rounds[0]["order"]
    if "armies_per_player" not in options and players:
        options["armies_per_player"] = len(players[0]["armies"])
    state = GAME.new(seed, **options)
    assert isinstance(state, CampaignState)
    return state


def _aliases(data: dict[str, Any]) -> dict[str, str]:
    raw = _object("aliases", data.get("aliases", {}), {"buttons"})
    buttons = _mapping("aliases.buttons", raw.get("buttons", {}))
    for spelling, name in buttons.items():
        problem = button_problem(spelling) or button_problem(name)
        if problem:
            raise InputError("aliases.buttons", f"must map record spellings to button names: {problem}")
    return dict(buttons)


@dataclass
class _Round:
    """Replays one round entry of a record onto a state."""

    state: CampaignState
    entry: dict[str, Any]
    aliases: Mapping[str, str]
    number: int

    def fail(self, reason: str, battle: int | None = None, tiebreak: bool = False) -> RecordFailure:
        where = f"round {self.number}"
        if battle is not None:
            where += f", {'tie-break' if tiebreak else 'battle'} {battle + 1}"
        return RecordFailure(where, reason)

    def apply(self, action: Any, actor: int, battle: int | None = None, tiebreak: bool = False) -> None:
        try:
            self.state = self.state.apply(action, actor)
        except (IllegalAction, InputError) as error:
            raise self.fail(str(error), battle, tiebreak) from None

    def territory(self, name: Any, battle: int | None, tiebreak: bool = False) -> int:
        return self.named("territory", name, battle, tiebreak)

    def army(self, name: Any, battle: int | None, tiebreak: bool = False) -> int:
        return self.named("button", name, battle, tiebreak)

    def player(self, name: Any, battle: int | None = None) -> int:
        return self.named("player", name, battle)

    def named(self, kind: str, name: Any, battle: int | None, tiebreak: bool = False) -> int:
        """The territory, army or player a record names (id, name or alias in any letter case)."""
        if not isinstance(name, str) or not name.strip():
            raise self.fail(f"a {kind} is named by a non-empty text; got {quote(name)}", battle, tiebreak)
        try:
            if kind == "territory":
                return self.state.board.index(name)
            return button_index(self.state, name, self.aliases) if kind == "button" else player_index(self.state, name)
        except InputError as error:
            raise self.fail(f"{error.reason}: {quote(name)}", battle, tiebreak) from None

    def run(self) -> None:
        entry = self.entry
        if entry.get("round") != self.number:
            raise self.fail(f"rounds must be numbered 1, 2, 3...; found {quote(entry.get('round'))}")
        if self.state.is_over:
            raise self.fail("the campaign is already over")
        if entry.get("order") is not None and self.number > 1:
            raise self.fail("only round 1 gives a move order; later rounds rotate it (BB-17)")
        battles = [_object(f"round {self.number}, battle {i + 1}", b, BATTLE_KEYS)
                   for i, b in enumerate(_list("battles", entry.get("battles")))]
        tiebreaks = [_object(f"round {self.number}, tie-break {i + 1}", b, TIEBREAK_KEYS)
                     for i, b in enumerate(_list("tiebreaks", entry.get("tiebreaks")))]
        passes = [self.player(p) for p in _list("passes", entry.get("passes"))]
        self.orders(battles, passes)
        self.results(battles, tiebreaks)
        if self.state.phase == "small_points":
            index = self.state.missing_small_points()
            assert index is not None
            raise self.fail(f"the most convincing win needs the small points of battle {index + 1} (small_points)")
        self.choices(_mapping(f"round {self.number}, choices", entry.get("choices")))
        if self.state.round_number == self.number and not self.state.is_over:
            raise self.fail("the round is not finished by its entries")

    def orders(self, battles: list[dict[str, Any]], passes: list[int]) -> None:
        state = self.state
        used = [False] * len(battles)
        if state.edition == 1:
            for i, b in enumerate(battles):
                self.attack(i, b)
                used[i] = True
            for p in passes:
                self.order_pass(p)
        while self.state.phase == "orders":
            actor = min(self.state.actors)
            waiting = [i for i, b in enumerate(battles) if not used[i] and self.player(b.get("player"), i) == actor]
            if waiting:
                i = waiting[0]
                if any(not used[k] for k in range(i)):
                    raise self.fail("battles must be listed in move order (BB-17)", i)
                self.attack(i, battles[i])
                used[i] = True
            elif actor in passes or not self.state.attacks(actor):
                self.order_pass(actor)
            else:
                raise self.fail(f"{self.state.names[actor]} gave no order (an attack or a pass)")
        unused = [i for i, u in enumerate(used) if not u]
        if unused:
            raise self.fail("an order comes after every player has ordered", unused[0])

    def attack(self, index: int, entry: dict[str, Any]) -> None:
        player = self.player(entry.get("player"), index)
        if player not in self.state.actors:
            reason = "has already given an order this round" if player in self.state.ordered else \
                "may not give an order now"
            raise self.fail(f"{self.state.names[player]} {reason}", index)
        action = Attack(self.territory(entry.get("from"), index), self.territory(entry.get("to"), index))
        self.apply(action, player, index)

    def order_pass(self, player: int) -> None:
        if player not in self.state.actors:
            raise self.fail(f"{self.state.names[player]} passes but has already given an order this round")
        self.apply(Pass(), player)

    def results(self, battles: list[dict[str, Any]], tiebreaks: list[dict[str, Any]]) -> None:
        state = self.state
        if state.phase != "battles":
            return
        ties = [i for i, b in enumerate(state.battles) if b.kind == "tiebreak"]
        matched: dict[int, tuple[dict[str, Any], int, bool]] = {}
        for k, entry in enumerate(tiebreaks):
            target = self.territory(entry.get("territory"), k, True)
            found = [i for i in ties if state.battles[i].target == target]
            if not found:
                raise self.fail(f"{state.board.name_of(target)} is not pending, so it has no tie-break", k, True)
            matched[found[0]] = (entry, k, True)
        for i in ties:
            if i not in matched:
                name = state.board.name_of(state.battles[i].target)
                raise self.fail(f"the tie-break over {name} has no result (tiebreaks)")
        for k, entry in enumerate(battles):
            index = next(i for i, b in enumerate(state.battles) if b.order == k)
            matched[index] = (entry, k, False)
        for index in sorted(matched):
            entry, k, tie = matched[index]
            if state.battles[index].kind == "walkover":
                continue
            if self.state.options["battle_source"] == "engine":
                self.play_match(index, entry, k, tie)
            else:
                self.report(index, entry, k, tie)
            self.check_result(index, entry, k, tie)

    def report(self, index: int, entry: dict[str, Any], k: int, tie: bool) -> None:
        battle = self.state.battles[index]
        if entry.get("winner") is None or entry.get("score") is None:
            raise self.fail("a reported battle needs its winner and score", k, tie)
        winner = self.army(entry["winner"], k, tie)
        if winner not in battle.armies:
            fought = " vs ".join(self.state.buttons[a] for a in battle.armies if a is not None)
            raise self.fail(f"the winner {self.state.buttons[winner]} did not fight in this battle ({fought})", k, tie)
        loser = None if not tie or entry.get("loser") is None else self.army(entry["loser"], k, tie)
        if loser is not None and loser not in battle.armies:
            raise self.fail(f"the loser {self.state.buttons[loser]} did not fight in this tie-break", k, tie)
        report = ReportResult(index, battle.armies.index(winner), _score(f"round {self.number}", entry["score"]),
                              _small(f"round {self.number}", entry.get("small_points")))
        self.apply(report, MODERATOR, k, tie)

    def play_match(self, index: int, entry: dict[str, Any], k: int, tie: bool) -> None:
        match = entry.get("match")
        if not isinstance(match, dict) or not isinstance(match.get("actions"), list):
            raise self.fail("an engine battle carries its Button Men match record (match)", k, tie)
        if match.get("seed") != rng.derive(self.state.seed, self.number, index) or match.get("game") != "button-men":
            raise self.fail("the match record does not belong to this battle (its seed differs)", k, tie)
        if len(match["actions"]) > MAX_RECORD_ACTIONS:
            raise self.fail(f"a match record holds at most {MAX_RECORD_ACTIONS:,} actions", k, tie)
        for step, action in enumerate(match["actions"]):
            inner = self.state.matches[index]
            if inner is None or inner.is_over:
                raise self.fail(f"the match record has actions after the match ended (action {step + 1})", k, tie)
            seat, data = (action["actor"], action["action"]) if isinstance(action, dict) \
                and set(action) == {"actor", "action"} else (inner.to_move, action)
            if seat is None:
                raise self.fail(f"match action {step + 1} does not say who acts", k, tie)
            if not is_int(seat) or seat not in (0, 1, CHANCE):
                raise self.fail(f"match action {step + 1}: the actor is seat 0 or 1 or chance ({CHANCE})", k, tie)
            actor = CHANCE if seat == CHANCE else self.state.battles[index].players[seat]
            if actor is None:
                raise self.fail(f"match action {step + 1}: no player plays that seat", k, tie)
            try:
                sub = self.state.action_from_json({"sub": index, "action": data}, actor)
            except (IllegalAction, InputError) as error:
                raise self.fail(f"match action {step + 1}: {error}", k, tie) from None
            self.apply(sub, actor, k, tie)
        if self.state.phase == "battles" and self.state.battles[index].result is None:
            raise self.fail("the match record ends before the match does", k, tie)

    def check_result(self, index: int, entry: dict[str, Any], k: int, tie: bool) -> None:
        """An engine result must agree with the record's stated winner and score."""
        if self.state.options["battle_source"] != "engine":
            return
        finished = len(self.state.past) >= self.number
        battle = (self.state.past[self.number - 1].battles if finished else self.state.battles)[index]
        result = battle.result
        if result is None or result.winner is None:
            return
        army = battle.armies[result.winner]
        stated = None if entry.get("winner") is None or army is None else self.army(entry["winner"], k, tie)
        if stated is not None and army is not None and stated != army:
            raise self.fail(f"the record says {self.state.buttons[stated]} won but the match was won by "
                            f"{self.state.buttons[army]}", k, tie)
        score = None if entry.get("score") is None else _score(f"round {self.number}", entry["score"])
        if score is not None and str(score) != str(result.score):
            raise self.fail(f"the record's score {score} differs from the match's {result.score}", k, tie)

    def choices(self, choices: dict[str, Any]) -> None:
        pending = dict(choices)
        while self.state.phase == "choices" and self.state.round_number == self.number:
            asks = [a for a in self.state.legal_actions(min(self.state.actors)) if isinstance(a, Choose)]
            territory = asks[0].territory
            given = next((v for key, v in pending.items() if self.territory(key, None) == territory), None)
            if given is None:
                raise self.fail(f"{self.state.board.name_of(territory)} needs its owner's choice of army (choices)")
            pending = {key: v for key, v in pending.items() if self.territory(key, None) != territory}
            self.apply(Choose(territory, self.army(given, None)), min(self.state.actors))
        if pending:
            place = self.state.board.name_of(self.territory(next(iter(pending)), None))
            raise self.fail(f"a choice is recorded for {place} but none was needed")


def _expect_round(state: CampaignState, number: int, expect: Any, aliases: Mapping[str, str]) -> list[str]:
    if expect is None:
        return []
    expect = _object(f"round {number}, expect", expect, {"lands", "pending", "eliminated"})
    log = state.past[number - 1]
    problems = []
    helper = _Round(state, {}, aliases, number)
    for name, count in _mapping(f"round {number}, expect.lands", expect.get("lands")).items():
        p = helper.player(name)
        if not is_int(count):
            raise InputError(f"round {number}, expect.lands", "counts must be integers", count)
        held = sum(1 for owner in log.owners if owner == p)
        if held != count:
            problems.append(f"round {number}: expected {name} to hold {count} territories, the replay gives {held}")
    if "pending" in expect:
        wanted = sorted(helper.territory(t, None) for t in _list("pending", expect["pending"]))
        if wanted != sorted(log.pending):
            said, shown = (", ".join(state.board.territories[t].id for t in ts) or "none"
                           for ts in (wanted, log.pending))
            problems.append(f"round {number}: expected pending {said}, the replay gives {shown}")
    if "eliminated" in expect:
        wanted = sorted(helper.player(p) for p in _list("eliminated", expect["eliminated"]))
        if wanted != sorted(log.eliminated):
            said, shown = (", ".join(state.names[p] for p in ps) or "nobody" for ps in (wanted, log.eliminated))
            problems.append(f"round {number}: expected eliminated {said}, the replay gives {shown}")
    return problems


def parse_record(data: bytes) -> Any:
    """The JSON document of a record file's bytes (at most :data:`MAX_RECORD_BYTES`); InputError says why not."""
    if len(data) > MAX_RECORD_BYTES:
        raise InputError("the file", f"is larger than {MAX_RECORD_BYTES:,} bytes, the most a record may have")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("the file", "is not UTF-8 text") from None
    except (ValueError, RecursionError):
        raise InputError("the file", "is not a JSON document") from None


def read_record(path: str | os.PathLike[str]) -> Any:
    """The JSON document of a record file, never reading more than :data:`MAX_RECORD_BYTES` + 1 bytes."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise InputError("the file", f"cannot be read ({error.strerror or 'no access'})") from None
    return parse_record(data)


def _check_document(data: Any) -> dict[str, Any]:
    """The record's top object, once it nests no deeper than the protocol allows and holds only valid Unicode."""
    if too_deep(data):
        raise InputError("record", f"nests more than {MAX_DEPTH} deep")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("record", "holds a text that is not valid Unicode (a lone surrogate)") from None
    record = _object("record", data, TOP_KEYS)
    if record.get("format") != RECORD_FORMAT:
        raise InputError("record.format", f"must be {RECORD_FORMAT}", record.get("format"))
    _title("title", record.get("title"))
    _title("source", record.get("source"))
    return record


def load_record(data: Any, rounds: int | None = None) -> Replayed:
    """Replay a campaign record (its first ``rounds`` rounds), checking rules and ``expect``."""
    data = _check_document(data)
    aliases = _aliases(data)
    state = _start(data)
    entries = _list("rounds", data.get("rounds"), MAX_ROUNDS)
    mismatches: list[str] = []
    for number, entry in enumerate(entries[:rounds], start=1):
        runner = _Round(state, _object(f"round {number}", entry, ROUND_KEYS), aliases, number)
        runner.run()
        state = runner.state
        mismatches += _expect_round(state, number, entry.get("expect"), aliases)
    final = _object("expect", data.get("expect", {}), {"winner"})
    if "winner" in final and (rounds is None or rounds >= len(entries)):
        wanted = None if final["winner"] is None else player_index(state, _text("expect.winner", final["winner"]))
        if wanted != state.victor:
            said, got = ("no winner" if p is None else state.names[p] for p in (wanted, state.victor))
            mismatches.append(f"expected the winner {said}, the replay gives {got}")
    return Replayed(state, mismatches)


def replay_report(replayed: Replayed) -> dict[str, JSON]:
    """The ``--json`` output of a replay (section 10)."""
    state = replayed.state
    rounds = []
    for log in state.past:
        rounds.append({
            "round": log.number,
            "owners": {t.id: None if log.owners[i] is None else state.names[log.owners[i]]  # type: ignore[index]
                       for i, t in enumerate(state.board.territories)},
            "pending": [state.board.territories[t].id for t in log.pending],
            "lands": {name: sum(1 for o in log.owners if o == p) for p, name in enumerate(state.names)},
            "eliminated": [state.names[p] for p in log.eliminated],
        })
    return {
        "rounds": rounds,
        "winner": None if state.victor is None else state.names[state.victor],
        "ranking": [state.names[p] for p in state.ranking],
        "warnings": list(state.warnings),
    }
