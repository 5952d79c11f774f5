"""Why an Imperio Bellum action is refused: one sentence naming the reason (a ruling id may follow it).

:func:`refusal` is what ``ImperioState.why_illegal`` answers, for setup and play alike; it reads the
state (through its :class:`~core.imperio.legality.Legality`) and changes nothing.
"""

from __future__ import annotations

from core.imperio.actions import (
    AddReserve,
    Alter,
    Attack,
    ChooseRole,
    DefaultArmy,
    EndTurn,
    Overrun,
    Place,
    Ready,
    Roll,
    Shot,
    Spawn,
    Step,
)
from core.imperio.board import NAMES, NEIGHBOURS, UNITS, adjacent, name, squeezed, zone
from core.imperio.combat import reach_square, shot_problem
from core.imperio.legality import Legality
from core.protocol import Action


SETUP = (Place, AddReserve, Ready, DefaultArmy, Alter)
PLAY = (Step, Attack, Shot, Spawn, EndTurn, Overrun)
PHASE_TASK = {
    "deploy": "place pieces in your zone (headquarters, two bases, then units) or say ready",
    "reserve": "lay out reserve units or say ready",
    "alter": "make an alteration or say ready",
}


def refusal(state: Legality, action: Action) -> str:
    """Why ``action`` is not legal in ``state`` (the mover's or setter's action), as one sentence."""
    if state.awaiting is not None:
        return f"type the result of {state.awaiting} first (1-6)"
    if isinstance(action, Roll):
        return "no die roll is awaited"
    if state.result is not None:
        return "the game is over; no action is legal"
    if state.phase == "roles":
        return "the roles come first: 'I attack', 'I defend' or 'roll for roles'"
    if isinstance(action, ChooseRole):
        return "the roles are already chosen"
    if state.phase != "play":
        if isinstance(action, PLAY):
            return f"the game has not started: the setup is under way ({PHASE_TASK[state.phase]})"
        return _setup_refusal(state, action)
    if isinstance(action, SETUP):
        return "the setup is over; the game is in play"
    if state.overrun is not None:
        return f"choose first: capture or destroy the base on {name(state.overrun[1])}"
    if isinstance(action, Overrun):
        return "there is no beaten base to capture or destroy"
    if isinstance(action, Spawn):
        return _spawn_refusal(state, action)
    if isinstance(action, (Step, Attack, Shot)):
        return _unit_refusal(state, action)
    return f"{action} is not a legal action now"


# --------------------------------------------------------------------------- setup


def zone_text(attacker_side: bool) -> str:
    return "ranks 1–2" if attacker_side else "ranks 8–9"


def _square_refusal(state: Legality, sq: int) -> str | None:
    """Why the setter may not put a piece on ``sq``: outside its zone or taken."""
    side = state.setter == state.attacker
    if sq not in zone(side):
        return f"{name(sq)} is outside your deployment zone, {zone_text(side)}"
    piece = state.board[sq]
    if piece is not None:
        return f"{name(sq)} already holds your {NAMES[piece.kind]}"
    return None


def _setup_refusal(state: Legality, action: Action) -> str:
    phase = state.phase
    if phase == "alter":
        if isinstance(action, Alter):
            return _alter_refusal(state, action)
        return "the deployment is over; the defender may now make alterations (IB-06) or say ready"
    if isinstance(action, Alter):
        return "alterations come after the attacker's setup, made by the defender (IB-06)"
    if isinstance(action, DefaultArmy):
        return _default_army_refusal(state)
    if phase == "reserve":
        if isinstance(action, Place):
            return "your units on the board are ready; now lay out reserve units or say ready"
        if isinstance(action, AddReserve):
            return _reserve_refusal(state, action)
    elif isinstance(action, AddReserve):
        return "reserves come after your units on the board: say ready first"
    elif isinstance(action, Place):
        return _place_refusal(state, action)
    elif isinstance(action, Ready):
        return _ready_refusal(state)
    return f"{action} is not a legal setup action now"


def _place_refusal(state: Legality, action: Place) -> str:
    if action.unit not in NAMES:
        return f"{action.unit} is not a piece: place H, B, K, A, P or F"
    counts = state._side_counts(state.setter)
    if "H" not in counts and action.unit != "H":
        return "place your headquarters (H) first, then two bases"
    if action.unit == "H" and "H" in counts:
        return "you already have your headquarters: a side has one"
    bases = counts.get("B", 0)
    if bases < 2 and action.unit != "B" and action.unit != "H":
        return f"place your two bases next ({bases} of 2 placed)"
    if action.unit == "B" and bases >= 2:
        return "you already have your two bases; now place knights, archers, pikemen or footsoldiers"
    where = _square_refusal(state, action.square)
    if where is not None:
        return where
    problem = state._limit_broken(action)
    if problem is not None:
        return f"{action} would break a deployment limit (IB-04): {problem}"
    return f"{action} is not a legal setup action now"


def _reserve_refusal(state: Legality, action: AddReserve) -> str:
    if action.unit not in UNITS:
        return f"{action.unit} is not a unit: reserves are knights (K), archers (A), pikemen (P) or footsoldiers (F)"
    problem = state._limit_broken(action)
    if problem is not None:
        return f"{action} would break a deployment limit (IB-04): {problem}"
    return f"{action} is not a legal setup action now"


def _ready_refusal(state: Legality) -> str:
    counts = state._side_counts(state.setter)
    if "H" not in counts or counts.get("B", 0) < 2:
        return "place your headquarters and two bases first"
    return "deploy at least one unit before you say ready (IB-04)"


def _default_army_refusal(state: Legality) -> str:
    if state.options["default_army"] == "none":
        return "this game has no default army (default_army=none)"
    if state.phase != "deploy" or state._side_counts(state.setter):
        return "the default army is on offer only before you place anything"
    return "the default army breaks a deployment limit of this game (IB-04)"


def _alter_refusal(state: Legality, action: Alter) -> str:
    if action.op not in ("add", "remove", "move", "change"):
        return "an alteration adds, removes, moves or changes one piece"
    if action.unit not in NAMES or (action.op == "change" and action.new not in UNITS):
        return "an alteration names a piece (H, B, K, A, P or F) and, for a change, its new type (K, A, P or F)"
    on_board = action.square is not None
    if action.op == "move" and (action.square is None or action.to is None):
        return "a move takes a piece on the board to another square of your zone"
    if action.op != "add" and action.square is not None:
        piece = state.board[action.square]
        if piece is None or piece.owner != state.setter:
            return f"there is no piece of yours on {name(action.square)}"
        if piece.kind != action.unit:
            return f"the piece on {name(action.square)} is {_a(NAMES[piece.kind])}, not {_a(NAMES[action.unit])}"
    if action.op != "move" and action.unit not in UNITS:
        return "the headquarters and bases can only be moved"
    if action.op != "add" and not on_board and not state.reserves[state.setter][UNITS.index(action.unit)]:
        return f"you have no {NAMES[action.unit]} in reserve"
    if action.op == "change" and action.new == action.unit:
        return f"a change turns the {NAMES[action.unit]} into another type"
    target = action.square if action.op == "add" else action.to if action.op == "move" else None
    if target is not None:
        where = _square_refusal(state, target)
        if where is not None:
            return where
    if action.op == "remove" and on_board and state.units_of(state.setter) <= 1:
        return "at least one unit must stay on the board (IB-04)"
    return f"{action} would break a deployment limit (IB-04)"


# --------------------------------------------------------------------------- play


def _spawn_refusal(state: Legality, action: Spawn) -> str:
    if not state.spawning:
        return "spawning happens only at the start of the turn, before any piece acts (IB-10)"
    base = state.board[action.base]
    if base is None or not base.is_base or base.owner != state.mover:
        return f"there is no base of yours on {name(action.base)}"
    if base.uid in state.spawned:
        return f"the base on {name(action.base)} has already spawned this turn (one unit per base, IB-10)"
    if base.home != state.mover and state.spawn_blocked(state.mover):
        return (f"the base on {name(action.base)} was captured from the enemy and cannot spawn while the enemy holds "
                "one of your own bases (IB-32)")
    if action.unit not in UNITS or not state.reserves[state.mover][UNITS.index(action.unit)]:
        return f"you have no {NAMES.get(action.unit, action.unit)} in reserve"
    if action.to not in NEIGHBOURS[action.base]:
        return f"{name(action.to)} is not next to the base on {name(action.base)}"
    return f"{name(action.to)} is not empty: a unit spawns onto an empty square next to its base (IB-10)"


def _unit_refusal(state: Legality, action: Step | Attack | Shot) -> str:
    problem = state.unit_problem(action.frm)
    if problem is not None:
        return problem
    piece = state.board[action.frm]
    assert piece is not None
    kind = NAMES[piece.kind]
    unit = "A" if isinstance(action, Shot) else action.unit
    if isinstance(action, Shot) and piece.kind != "A":
        return f"only archers shoot; the piece on {name(action.frm)} is {_a(kind)}"
    if piece.kind != unit:
        return f"the piece on {name(action.frm)} is {_a(kind)}, not {_a(NAMES.get(unit, unit))}"
    if isinstance(action, Step):
        return _step_refusal(state, action)
    use = state.usage.get(piece.uid)
    if piece.kind == "A" and use is not None and use.moved:
        return "an archer never both moves and attacks in one turn (IB-18)"
    if isinstance(action, Shot):
        assert state.attacker is not None
        return shot_problem(state.board, action.frm, action.to, state.attacker, state.options) or \
            f"{action} is not a legal shot now"
    return _attack_refusal(state, action)


def _a(noun: str) -> str:
    """The noun with its indefinite article ("an archer", "a knight")."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _step_refusal(state: Legality, action: Step) -> str:
    frm, to = name(action.frm), name(action.to)
    if not adjacent(action.frm, action.to):
        return f"{to} is not next to {frm}: a step goes to one of the 8 neighbouring squares"
    target = state.board[action.to]
    if target is not None:
        if target.owner == state.mover:
            return f"{to} holds your own {NAMES[target.kind]}"
        return f"{to} holds an enemy {NAMES[target.kind]}: moving there is an attack"
    if not state.options["diagonal_squeeze"] and squeezed(state.board, action.frm, action.to):
        return "a diagonal step between two occupied squares is not allowed in this game (diagonal_squeeze=false)"
    use = state.usage.get(piece_uid(state, action.frm))
    if use is not None and use.steps >= 2:
        return "an archer takes at most two steps per turn"
    return f"{action} is not a legal step now"


def piece_uid(state: Legality, sq: int) -> int:
    piece = state.board[sq]
    assert piece is not None
    return piece.uid


def _attack_refusal(state: Legality, action: Attack) -> str:
    piece = state.board[action.frm]
    assert piece is not None and state.attacker is not None
    if piece.is_base:
        return f"a {NAMES[piece.kind]} never attacks (IB-11)"
    target = state.board[action.to]
    to = name(action.to)
    if target is None:
        return f"{to} is empty: there is nothing to attack"
    if target.owner == state.mover:
        return f"{to} holds your own {NAMES[target.kind]}"
    if piece.kind == "P" and action.to != reach_square(action.frm, piece.owner, state.attacker):
        return "a pikeman attacks an adjacent square or exactly two squares straight ahead (IB-23)"
    if piece.kind == "A":
        return f"an archer's melee reaches only an adjacent square; farther away it shoots (A{name(action.frm)}*{to})"
    return f"{to} is not next to {name(action.frm)}: a {NAMES[piece.kind]} attacks only an adjacent square"
