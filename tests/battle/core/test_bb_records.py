"""Campaign records (section 10): the Lesotho acceptance test, edition-1 records, broken records, the CLI."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from bb_helpers import DATA, LESOTHO, SECTION5, record

from core.battle.__main__ import main
from core.battle.record import RecordFailure, load_record, replay_report, write_record
from core.protocol import InputError


def test_lesotho_reproduces_every_count_the_pending_territory_and_the_winner() -> None:
    data = record(LESOTHO)
    replayed = load_record(data)
    assert replayed.mismatches == []
    report = replay_report(replayed)
    for entry, stated in zip(report["rounds"], data["rounds"], strict=True):
        for name, count in stated["expect"]["lands"].items():
            assert entry["lands"][name] == count
        assert sorted(entry["pending"]) == sorted(stated["expect"]["pending"])
        assert sorted(entry["eliminated"]) == sorted(stated["expect"]["eliminated"])
    assert report["rounds"][-1]["pending"] == ["mokhotlong"]
    assert report["winner"] == data["expect"]["winner"] == "Irilyth"
    assert report["ranking"][0] == "Irilyth"


def test_section5_record_replays_with_its_choice() -> None:
    replayed = load_record(record(SECTION5))
    assert replayed.mismatches == []
    assert replayed.state.past[2].choices and replayed.state.names[replayed.state.victor] == "Bob"


def test_tiebreak_and_override_record_replays_unfinished() -> None:
    replayed = load_record(record(DATA / "belgium-e1-tiebreak-override.json"))
    state = replayed.state
    assert replayed.mismatches == [] and not state.is_over and state.round_number == 3
    assert len(state.warnings) == 1 and "waived no_duplicate_matchup" in state.warnings[0]
    first = state.past[0]
    assert [state.board.territories[t].id for t in first.pending] == ["flemish_brabant"]
    tie = state.past[1].battles[0]
    assert tie.kind == "tiebreak" and state.buttons[tie.armies[tie.result.winner]] == "Lucky"
    assert replay_report(replayed)["winner"] is None


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.name)
def test_every_written_record_replays_with_exit_0(path: Path, capsys) -> None:
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().err == ""


def test_load_any_round() -> None:
    data = record(SECTION5)
    for rounds in range(len(data["rounds"]) + 1):
        state = load_record(data, rounds=rounds).state
        assert len(state.past) == rounds and state.round_number == rounds + 1 - (rounds == 4)


def test_written_records_replay_to_the_same_campaign() -> None:
    for path in (LESOTHO, SECTION5):
        state = load_record(record(path)).state
        again = load_record(json.loads(json.dumps(write_record(state))))
        assert again.mismatches == []
        assert [log.owners for log in again.state.past] == [log.owners for log in state.past]
        assert again.state.victor == state.victor


def mutate(path: Path, change) -> dict:
    data = copy.deepcopy(record(path))
    change(data)
    return data


BROKEN = [
    (SECTION5, lambda d: d["rounds"][0]["battles"][0].update(to="namur"), "round 1, battle 1: .*do not border"),
    (SECTION5, lambda d: d["rounds"][0]["battles"][1].update(player="Ann"), "round 1, battle 2: Ann has already given"),
    (SECTION5, lambda d: d["rounds"][0]["battles"][2].update(winner="Lucky"),
     "round 1, battle 3: the winner Lucky did not"),
    (SECTION5, lambda d: d["rounds"][0]["battles"][0].update(score="2-1"), "round 1, battle 1: .*battle_max_wins"),
    (SECTION5, lambda d: d["rounds"][0]["battles"][0].update(small_points=None), "small points of battle 1"),
    (SECTION5, lambda d: d["rounds"][0]["battles"][0].update(**{"from": "Atlantis"}), "round 1, battle 1: no such"),
    (SECTION5, lambda d: d["rounds"][0]["battles"][0].update(player="Zed"), "round 1, battle 1: not a player"),
    (SECTION5, lambda d: d["rounds"][0].update(passes=["Eve", "Ann"]), "round 1: Ann passes but has already"),
    (SECTION5, lambda d: d["rounds"][3].update(passes=[]), "round 4: Dan gave no order"),
    (SECTION5, lambda d: d["rounds"][2].pop("choices"), "round 3: Liège needs its owner's choice"),
    (SECTION5, lambda d: d["rounds"][0].update(choices={"antwerp": "Lucky"}), "round 1: a choice is recorded"),
    (SECTION5, lambda d: d["rounds"][1].update(round=3), "round 2: rounds must be numbered"),
    (SECTION5, lambda d: d["rounds"].append({"round": 5, "battles": []}), "round 5: the campaign is already over"),
    (SECTION5, lambda d: d["rounds"][0].update(passes=[]) or d["rounds"][0]["battles"].append(
        {"player": "Eve", "from": "liege", "to": "walloon_brabant", "winner": "Gawaine", "score": "3-0"}),
     "round 1, battle 5: .*already fight in battle 3 .*BB-09"),
    (LESOTHO, lambda d: d["rounds"][1]["battles"][0].update(to="Berea", **{"from": "Leribe"}),
     "round 2, battle 1: a pending territory"),
    (LESOTHO, lambda d: d["rounds"][1].pop("tiebreaks"), "round 2: the tie-break over Berea has no result"),
    (LESOTHO, lambda d: d["rounds"][1]["tiebreaks"][0].update(territory="quthing"), "round 2, tie-break 1: Quthing"),
    (LESOTHO, lambda d: d["rounds"][0]["battles"].reverse(),
     "round 1, battle .*: battles must be listed in move order"),
    (LESOTHO, lambda d: d["rounds"][1]["battles"].append(dict(d["rounds"][1]["battles"][0])),
     "round 2, battle 5: an order comes after every player has ordered"),
    (SECTION5, lambda d: d["rounds"][0].update(passes=[]), "round 1: Eve gave no order"),
]


@pytest.mark.parametrize(("path", "change", "reason"), BROKEN)
def test_a_record_that_breaks_a_rule_is_rejected_with_round_battle_and_reason(path, change, reason: str) -> None:
    with pytest.raises(RecordFailure, match=reason):
        load_record(mutate(path, change))


def duplicate(data: dict) -> None:
    data["rounds"][0]["passes"] = []
    data["rounds"][0]["battles"].append(
        {"player": "Eve", "from": "liege", "to": "walloon_brabant", "winner": "Gawaine", "score": "3-0"})


def test_bb26_record_overrides_waive_exactly_the_listed_check_and_warn() -> None:
    data = mutate(SECTION5, duplicate)
    data["record_overrides"] = [{"rule": "no_duplicate_matchup", "round": 1, "battles": [2, 4]}]
    replayed = load_record(data)
    assert replayed.mismatches == []
    assert len(replayed.state.warnings) == 1 and "round 1, battle 5: waived no_duplicate_matchup" in \
        replayed.state.warnings[0]
    assert not replayed.state.options["allow_duplicate_matchups"]
    data["record_overrides"] = [{"rule": "no_duplicate_matchup", "round": 2, "battles": [2, 4]}]
    with pytest.raises(RecordFailure, match="BB-09"):
        load_record(data)
    data["record_overrides"] = [{"rule": "adjacency", "round": 1, "battles": [4]}]
    with pytest.raises(RecordFailure, match="BB-09"):
        load_record(data)


def test_expect_mismatches_are_reported() -> None:
    data = mutate(LESOTHO, lambda d: d["rounds"][0]["expect"]["lands"].update(Gauen=4))
    data["expect"]["winner"] = "Kaori"
    mismatches = load_record(data).mismatches
    assert mismatches == ["round 1: expected Gauen to hold 4 territories, the replay gives 3",
                          "expected the winner Kaori, the replay gives Irilyth"]
    pending = mutate(LESOTHO, lambda d: d["rounds"][2]["expect"].update(pending=[]))
    assert "expected pending" in load_record(pending).mismatches[0]


@pytest.mark.parametrize("data", [
    [], {"format": "other"}, {"format": "buttonmen-battle-record/1", "players": "x"},
    {"format": "buttonmen-battle-record/1", "players": [], "rounds": []},
    {"format": "buttonmen-battle-record/1", "surprise": 1},
    {"format": "buttonmen-battle-record/1", "options": {"edition": 3}},
    {"format": "buttonmen-battle-record/1", "options": {"seed": True}},
])
def test_unreadable_records(data) -> None:
    with pytest.raises(InputError):
        load_record(data)


def run(tmp_path: Path, data, *args: str, capsys) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_replay_text_and_json(tmp_path: Path, capsys) -> None:
    code, out, err = run(tmp_path, record(LESOTHO), capsys=capsys)
    assert code == 0 and err == ""
    assert "Round 3" in out and "capture: Mokhotlong ElihuRoot -> pending" in out and "Irilyth 6" in out
    code, out, _ = run(tmp_path, record(LESOTHO), "--json", capsys=capsys)
    report = json.loads(out)
    assert code == 0 and set(report) == {"rounds", "winner", "ranking", "warnings"}
    first = report["rounds"][0]
    assert set(first) == {"round", "owners", "pending", "lands", "eliminated"}
    assert first["owners"]["berea"] is None and first["owners"]["mohales_hoek"] == "Gauen"
    assert first["lands"]["AnnoDomini"] == 1 and report["rounds"][2]["lands"]["AnnoDomini"] == 0


def test_cli_exit_codes(tmp_path: Path, capsys) -> None:
    broken = mutate(SECTION5, lambda d: d["rounds"][0]["battles"][0].update(to="namur"))
    code, _, err = run(tmp_path, broken, capsys=capsys)
    assert code == 1 and "round 1, battle 1" in err and "do not border" in err and len(err.splitlines()) == 1
    wrong = mutate(LESOTHO, lambda d: d["expect"].update(winner="Kaori"))
    code, _, err = run(tmp_path, wrong, "--json", capsys=capsys)
    assert code == 1 and "expected the winner Kaori" in err
    for unreadable in ("{not json", json.dumps({"format": "nope"}), json.dumps([1, 2])):
        code, _, err = run(tmp_path, unreadable, capsys=capsys)
        assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert main(["unknown"]) == 2
