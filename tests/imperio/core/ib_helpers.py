"""Shared helpers for the Imperio Bellum tests: positions from text boards."""

from __future__ import annotations

from typing import Any

from core.imperio.conformance import position
from core.imperio.game import GAME
from core.imperio.state import ImperioState

FILES = "abcdefghi"


def rows(pieces: dict[str, str], spares: bool = True) -> list[str]:
    """Nine board rows (rank 9 first); spares add a base and a footsoldier per side in the corners."""
    cells = {"a1": "B", "b1": "F", "i9": "b", "h9": "f"} if spares else {}
    cells.update(pieces)
    return [f"{rank} " + " ".join(cells.get(f"{f}{rank}", ".") for f in FILES) for rank in range(9, 0, -1)]


def at(pieces: dict[str, str], spares: bool = True, **scenario: Any) -> ImperioState:
    """A play position, attacker (upper case, player 1) to move unless ``to_move`` says otherwise."""
    return position({"board": rows(pieces, spares), **scenario})


def seeded(state: ImperioState) -> ImperioState:
    """The same position with dice from the seeded stream."""
    return state._with(options=state.options.__class__({**state.options, "dice_source": "seeded"}))


def ends_record(count: int) -> dict[str, Any]:
    """A record of roles and then ``count - 1`` turns ended at once, with no turn limit (at the cap
    :attr:`GAME.max_record_actions`: the longest record the limits allow)."""
    return {"game": GAME.name, "rules_version": GAME.rules_version,
            "options": {"setup": "default_armies", "turn_limit": 0}, "seed": 4,
            "actions": [{"do": "role", "role": "attacker"}] + [{"do": "end"}] * (count - 1)}
