"""The position is declared once: Flow thaws every field it reads and freezes it back unchanged."""

from __future__ import annotations

from dataclasses import fields

import core
from core.buttonmen.flow import Flow
from core.buttonmen.position import Phase, Position
from core.buttonmen.state import ButtonMenState

GAME = core.get_game("button-men")


def test_flow_round_trips_every_position_field_of_a_played_match() -> None:
    state = GAME.new(seed=5, recipes=("f(6) c(8) p(10) s(12) (X)", "z(4) o(6) t(8) (V) +(6)"))
    for _ in range(40):
        if state.is_over:
            break
        assert isinstance(state, ButtonMenState)
        flow = Flow(state, state.options, state.buttons, state.specials)
        untouched = flow.changes()
        assert all(untouched[name] == getattr(state, name) for name in untouched)
        assert "dice" not in untouched and "log" not in untouched, "a field no step read is not frozen again"
        for f in fields(Position):
            getattr(flow, f.name)
        frozen = flow.changes()
        assert set(frozen) == {f.name for f in fields(Position)}
        assert all(frozen[name] == getattr(state, name) for name in frozen)
        state = state.apply(state.legal_actions()[-1])


def test_phases_keep_their_record_strings() -> None:
    state = GAME.new(seed=1, buttons=("Bauer", "Avis"))
    assert state.phase == "swing" and state.phase is Phase.SWING and repr(state.phase) == "'swing'"
