"""Every golden playthrough replays to the same record and the same descriptions."""

from __future__ import annotations

import json

import pytest

import core
from goldens import CASES, DATA, descriptions


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_replays_identically(name: str) -> None:
    data = json.loads((DATA / f"{name}.json").read_text())
    record = data["record"]
    game = core.get_game(record["game"])
    state = game.new(seed=record["seed"], **record["options"])
    assert descriptions(state) == data["texts"][0]
    for number, (entry, texts) in enumerate(zip(record["actions"], data["texts"][1:], strict=True), start=1):
        actor, action = (entry["actor"], entry["action"]) if set(entry) == {"actor", "action"} else (None, entry)
        state = state.apply(state.action_from_json(action, actor), actor)
        assert descriptions(state) == texts, f"{name}: description after action {number} differs"
    assert state.is_over
    now = json.loads(json.dumps(state.to_record()))
    defaults = {o.name: o.default for o in game.options}
    added = {k: v for k, v in now["options"].items() if k not in record["options"]}
    assert added == {k: defaults[k] for k in added}, "an option added since the golden file must keep its default"
    assert {**now, "options": record["options"]} == record
    assert core.replay(record) == state
