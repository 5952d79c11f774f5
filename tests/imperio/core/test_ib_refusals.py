"""Every refusal a player reads is a sentence naming its reason (a ruling id may follow it), setup and play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ib_helpers import at

import core.imperio as ib
from core import rng
from core.imperio.board import SQUARES, UNITS, zone
from core.imperio.state import ImperioState
from core.protocol import Action, IllegalAction

sq = ib.parse
GENERIC = "is not a legal"


def refused(state: ImperioState, action: Action) -> str:
    assert not state.is_legal(action)
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    text = str(error.value)
    assert text == state.why_illegal(action, state.to_move or 0)
    return text


def new(**options: object) -> ImperioState:
    state = ib.GAME.new(seed=1, **options)  # type: ignore[arg-type]
    assert isinstance(state, ImperioState)
    return state


def deploying(*placed: str, **options: object) -> ImperioState:
    """The defender (player 2) deploying after player 1 chose to attack, with ``placed`` (``H@e8``) done."""
    state = new(**options).apply(ib.ChooseRole("attacker"))
    for text in placed:
        state = state.apply(ib.Place(text[0], sq(text[2:])))
    return state


def test_roles_come_first_and_once() -> None:
    assert refused(new(), ib.Place("H", sq("e8"))) == "the roles come first: 'I attack', 'I defend' or 'roll for roles'"
    assert refused(deploying(), ib.ChooseRole("defender")) == "the roles are already chosen"


@pytest.mark.parametrize(("placed", "action", "reason"), [
    ((), ib.Place("H", sq("e7")), "e7 is outside your deployment zone, ranks 8–9"),
    (("H@e8",), ib.Place("B", sq("e8")), "e8 already holds your headquarters"),
    ((), ib.Place("K", sq("e8")), "place your headquarters (H) first, then two bases"),
    (("H@e8",), ib.Place("H", sq("d8")), "you already have your headquarters: a side has one"),
    (("H@e8", "B@a8"), ib.Place("A", sq("d8")), "place your two bases next (1 of 2 placed)"),
    (("H@e8", "B@a8", "B@i8"), ib.Place("B", sq("d8")),
     "you already have your two bases; now place knights, archers, pikemen or footsoldiers"),
    (("H@e8", "B@a8", "B@i8"), ib.Place("X", sq("d8")), "X is not a piece: place H, B, K, A, P or F"),
    (("H@e8",), ib.Ready(), "place your headquarters and two bases first"),
    (("H@e8", "B@a8", "B@i8"), ib.Ready(), "deploy at least one unit before you say ready (IB-04)"),
    (("H@e8",), ib.DefaultArmy(), "the default army is on offer only before you place anything"),
    ((), ib.AddReserve("K"), "reserves come after your units on the board: say ready first"),
    ((), ib.Alter("add", "K", sq("e8")), "alterations come after the attacker's setup, made by the defender (IB-06)"),
    ((), ib.EndTurn(), "the game has not started: the setup is under way (place pieces in your zone "
                       "(headquarters, two bases, then units) or say ready)"),
    ((), ib.Step("K", sq("c8"), sq("c7")), "the game has not started: the setup is under way (place pieces in your "
                                           "zone (headquarters, two bases, then units) or say ready)"),
])
def test_deployment_refusals_name_their_reason(placed: tuple[str, ...], action: Action, reason: str) -> None:
    assert refused(deploying(*placed), action) == reason


def test_the_attacker_zone_and_the_limits_are_named() -> None:
    state = deploying().apply(ib.DefaultArmy())  # the defender's whole army and reserves: the attacker deploys
    assert refused(state, ib.Place("H", sq("e3"))) == "e3 is outside your deployment zone, ranks 1–2"
    assert refused(deploying("H@e8", "B@a8", "B@i8", "K@c8", max_knights_start=1), ib.Place("K", sq("d8"))) == \
        "K@d8 would break a deployment limit (IB-04): at most 1 knights on the board (max_knights_start)"
    assert refused(new(default_army="none").apply(ib.ChooseRole("attacker")), ib.DefaultArmy()) == \
        "this game has no default army (default_army=none)"
    assert refused(new(max_reserve=3).apply(ib.ChooseRole("attacker")), ib.DefaultArmy()) == \
        "the default army breaks a deployment limit of this game (IB-04)"


def test_reserve_phase_refusals() -> None:
    state = deploying("H@e8", "B@a8", "B@i8", "K@c8").apply(ib.Ready())
    assert refused(state, ib.Place("K", sq("d8"))) == \
        "your units on the board are ready; now lay out reserve units or say ready"
    assert refused(state, ib.AddReserve("H")) == \
        "H is not a unit: reserves are knights (K), archers (A), pikemen (P) or footsoldiers (F)"
    assert refused(state, ib.DefaultArmy()) == "the default army is on offer only before you place anything"


def altering() -> ImperioState:
    state = deploying().apply(ib.DefaultArmy()).apply(ib.DefaultArmy())
    assert state.phase == "alter"
    return state


@pytest.mark.parametrize(("action", "reason"), [
    (ib.Alter("grow", "K", sq("c8")), "an alteration adds, removes, moves or changes one piece"),
    (ib.Alter("change", "K", sq("c8"), new="Q"),
     "an alteration names a piece (H, B, K, A, P or F) and, for a change, its new type (K, A, P or F)"),
    (ib.Alter("remove", "K", sq("c5")), "there is no piece of yours on c5"),
    (ib.Alter("remove", "K", sq("b2")), "there is no piece of yours on b2"),
    (ib.Alter("remove", "A", sq("c8")), "the piece on c8 is a knight, not an archer"),
    (ib.Alter("remove", "B", sq("a8")), "the headquarters and bases can only be moved"),
    (ib.Alter("move", "K", sq("c8"), sq("c7")), "c7 is outside your deployment zone, ranks 8–9"),
    (ib.Alter("move", "K", sq("c8"), sq("d8")), "d8 already holds your knight"),
    (ib.Alter("add", "K", sq("d8")), "d8 already holds your knight"),
    (ib.Alter("change", "K", sq("c8"), new="K"), "a change turns the knight into another type"),
    (ib.Alter("add", "K"), "alter: add K (reserve) would break a deployment limit (IB-04)"),
    (ib.Place("K", sq("d8")), "the deployment is over; the defender may now make alterations (IB-06) or say ready"),
])
def test_alteration_refusals_name_their_reason(action: Action, reason: str) -> None:
    assert refused(altering(), action) == reason


def test_an_empty_reserve_and_the_last_unit_are_named() -> None:
    state = new(max_reserve=0, default_army="none", defender_alterations=2).apply(ib.ChooseRole("attacker"))
    for step in ("H@e8", "B@a8", "B@i8", "F@c8"):
        state = state.apply(ib.Place(step[0], sq(step[2:])))
    state = state.apply(ib.Ready()).apply(ib.Ready())
    for step in ("H@e2", "B@a2", "B@i2", "F@c2"):
        state = state.apply(ib.Place(step[0], sq(step[2:])))
    state = state.apply(ib.Ready()).apply(ib.Ready())
    assert state.phase == "alter"
    assert refused(state, ib.Alter("remove", "F", sq("c8"))) == "at least one unit must stay on the board (IB-04)"
    assert refused(state, ib.Alter("remove", "P")) == "you have no pikeman in reserve"


def test_play_refusals_name_their_reason() -> None:
    state = at({"d4": "K", "e5": "f", "c3": "A", "c6": "P", "g2": "P", "g4": "k", "f4": "f", "f8": "k"})
    cases = {
        ib.Step("K", sq("d4"), sq("d6")): "d6 is not next to d4: a step goes to one of the 8 neighbouring squares",
        ib.Step("K", sq("d4"), sq("e5")): "e5 holds an enemy footsoldier: moving there is an attack",
        ib.Step("K", sq("d4"), sq("c3")): "c3 holds your own archer",
        ib.Step("A", sq("d4"), sq("d5")): "the piece on d4 is a knight, not an archer",
        ib.Step("K", sq("d5"), sq("d6")): "there is no piece of yours on d5",
        ib.Attack("K", sq("d4"), sq("d5")): "d5 is empty: there is nothing to attack",
        ib.Attack("K", sq("d4"), sq("c3")): "c3 holds your own archer",
        ib.Attack("K", sq("d4"), sq("g4")): "g4 is not next to d4: a knight attacks only an adjacent square",
        ib.Attack("P", sq("g2"), sq("f4")): "a pikeman attacks an adjacent square or exactly two squares straight "
                                            "ahead (IB-23)",
        ib.Attack("A", sq("c3"), sq("e5")): "an archer's melee reaches only an adjacent square; farther away it "
                                            "shoots (Ac3*e5)",
        ib.Attack("B", sq("a1"), sq("a2")): "a base never attacks (IB-11)",
        ib.Shot(sq("d4"), sq("d6")): "only archers shoot; the piece on d4 is a knight",
        ib.Shot(sq("c3"), sq("c4")): "a shot goes 2-5 squares along a straight or diagonal line",
        ib.Shot(sq("c3"), sq("c6")): "a shot must target an enemy unit (not a base)",
        ib.Overrun(sq("e5"), True): "there is no beaten base to capture or destroy",
        ib.Place("K", sq("d1")): "the setup is over; the game is in play",
        ib.Spawn("K", sq("a2"), sq("a1")): "spawning happens only at the start of the turn, before any piece acts "
                                           "(IB-10)",
    }
    for action, reason in cases.items():
        assert refused(state, action) == reason, action


def test_an_archer_that_moved_or_stepped_twice_is_told_why() -> None:
    state = at({"c3": "A", "c6": "k"})
    state = state.apply(ib.Step("A", sq("c3"), sq("c4")))
    assert refused(state, ib.Shot(sq("c4"), sq("c6"))) == "an archer never both moves and attacks in one turn (IB-18)"
    state = state.apply(ib.Step("A", sq("c4"), sq("d4")))
    assert refused(state, ib.Step("A", sq("d4"), sq("d3"))) == "an archer takes at most two steps per turn"


def test_a_squeeze_refused_by_the_option_is_named() -> None:
    state = at({"d4": "K", "d5": "F", "e4": "F"}, options={"diagonal_squeeze": False})
    assert refused(state, ib.Step("K", sq("d4"), sq("e5"))) == \
        "a diagonal step between two occupied squares is not allowed in this game (diagonal_squeeze=false)"


def test_spawn_refusals_name_their_reason() -> None:
    state = at({"e2": "B", "e1": "b", "d4": "K", "c5": "k"}, spawning=True, reserves={"attacker": "F1"},
               units={"e2": ["captured"], "e1": ["captured"]})
    assert refused(state, ib.Spawn("F", sq("e3"), sq("e2"))) == (
        "the base on e2 was captured from the enemy and cannot spawn while the enemy holds one of your own bases "
        "(IB-32)")
    assert refused(state, ib.Spawn("K", sq("a2"), sq("a1"))) == "you have no knight in reserve"
    assert refused(state, ib.Spawn("F", sq("c3"), sq("a1"))) == "c3 is not next to the base on a1"
    assert refused(state, ib.Spawn("F", sq("b1"), sq("a1"))) == \
        "b1 is not empty: a unit spawns onto an empty square next to its base (IB-10)"
    assert refused(state, ib.Spawn("F", sq("d5"), sq("d4"))) == "there is no base of yours on d4"
    spawned = at({"e2": "B"}, spawning=True, reserves={"attacker": "F2"}).apply(ib.Spawn("F", sq("a2"), sq("a1")))
    assert refused(spawned, ib.Spawn("F", sq("b2"), sq("a1"))) == \
        "the base on a1 has already spawned this turn (one unit per base, IB-10)"


def test_overrun_dice_and_the_end_are_named() -> None:
    state = at({"d4": "K", "e5": "b"})
    state = state.apply(ib.Attack("K", sq("d4"), sq("e5")))
    assert refused(state, ib.EndTurn()) == "type the result of attack: Knight die 1 of 2 first (1-6)"
    for value in (6, 6, 1):
        state = state.apply(ib.Roll(value))
    assert refused(state, ib.EndTurn()) == "choose first: capture or destroy the base on e5"
    assert refused(state, ib.Roll(3)) == "no die roll is awaited"


def _candidates(state: ImperioState, stream: int) -> tuple[int, list[Action]]:
    """Actions of every kind, legal or not, around the mover's pieces and zone (a sample for the property)."""
    stream, picks = rng.below(stream, 81)
    target = SQUARES[picks]
    out: list[Action] = [ib.EndTurn(), ib.Ready(), ib.DefaultArmy(), ib.Overrun(target, True),
                         ib.AddReserve("K"), ib.Alter("add", "P"), ib.Alter("remove", "F"), ib.ChooseRole("roll")]
    out += [ib.Place(u, target) for u in "HBKAPF"]
    for square, piece in enumerate(state.board):
        if piece is None:
            continue
        out += [ib.Step(piece.kind, square, target), ib.Attack(piece.kind, square, target), ib.Shot(square, target),
                ib.Alter("move", piece.kind, square, target), ib.Alter("remove", piece.kind, square),
                ib.Alter("change", piece.kind, square, new="A")]
        if piece.is_base:
            out += [ib.Spawn(u, target, square) for u in UNITS]
    if state.attacker is not None:
        out += [ib.Alter("add", u, target) for u in UNITS if target in zone(state.setter == state.attacker)]
    return stream, out


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), setup=st.sampled_from(["deploy", "default_armies"]))
def test_no_refusal_is_left_without_its_reason(seed: int, choices: int, setup: str) -> None:
    """Along random games, every illegal candidate's refusal names a reason (never the generic fallback)."""
    state = new(setup=setup, turn_limit=6, max_reserve=4, diagonal_squeeze=False)
    stream = rng.seed_stream(choices)
    stream, role = rng.choice(stream, ["attacker", "defender", "roll"])
    state = state.apply(ib.ChooseRole(role))
    for _ in range(150):
        if state.is_over:
            break
        if state.to_move == 0 or state.to_move == 1:
            stream, candidates = _candidates(state, stream)
            for action in candidates:
                if not state.is_legal(action):
                    reason = state.why_illegal(action, state.to_move)
                    assert GENERIC not in reason, (action, reason)
        stream, action = rng.choice(stream, state.legal_actions())
        state = state.apply(action)
