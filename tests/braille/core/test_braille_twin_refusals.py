"""Rulebook section 5.1: the twin's two halves are spoken; every refusal speaks the announcement language."""

from __future__ import annotations

import pytest

import core
from core.braille.state import BrailleState, seat_table
from core.buttonmen.actions import Attack, Pass, Roll
from core.protocol import IllegalAction

GAME = core.get_game("button-man-braille")
# Anna d3 3, d4 3, twin 10, A 6, B 6; Bob d3 2, d4 4, twin 9, A 5, B 1: Bob begins.
EXAMPLE = [3, 3, 10, 6, 6, 2, 4, 9, 5, 1]


def typed(values: list[int], **options: object) -> BrailleState:
    state = GAME.new(seed=1, dice_source="manual", **options)  # type: ignore[arg-type]
    for v in values:
        state = state.apply(Roll(v))
    assert isinstance(state, BrailleState)
    return state


@pytest.mark.parametrize(("lang", "said"), [("en", "twin shows {v} ({a} and {b})"),
                                            ("de", "Zwilling zeigt {v} ({a} und {b})")])
def test_a_rolled_twin_is_spoken_with_its_two_halves(lang: str, said: str) -> None:
    state = GAME.new(seed=31, announce_language=lang)
    twins = [d for p in (0, 1) for d in state.inner.dice[p] if d.is_twin]
    assert len(twins) == 2
    for twin in twins:
        a, b = twin.faces
        assert a + b == twin.value and 1 <= a <= 6 and 1 <= b <= 6
        assert said.format(v=twin.value, a=a, b=b) in state.describe()


def test_halves_stay_with_a_captured_twin_and_follow_every_reroll() -> None:
    state = GAME.new(seed=31)
    for _ in range(30):
        if state.is_over:
            break
        for p in (0, 1):
            for die in (*state.inner.dice[p], *state.inner.captured[p]):
                if die.is_twin:
                    assert len(die.faces) == 2 and sum(die.faces) == die.value
        state = state.apply(state.legal_actions()[0])


def test_a_typed_twin_total_has_no_halves() -> None:
    state = typed(EXAMPLE)
    twin = seat_table(state, ("Anna", "Bob")).die(0, "twin")
    assert twin is not None and twin.value == 10 and twin.halves is None
    assert "twin shows 10;" in state.describe()


@pytest.mark.parametrize(("action", "english", "german"), [
    (Attack("Power", (1,), (2,)),
     "A Power attack needs a die showing at least the target's value: your d4 shows 4, the twin shows 10.",
     "Eine Power Attack braucht einen Würfel mit mindestens dem Wert des Ziels: Dein W4 zeigt 4, der "
     "Zwilling zeigt 10."),
    (Attack("Skill", (0, 1), (2,)),
     "A Skill attack needs dice adding up exactly to the target's value: 6 is not 10.",
     "Eine Skill Attack braucht Würfel, die zusammen genau den Wert des Ziels ergeben: 6 ist nicht 10."),
    (Attack("Power", (9,), (0,)), "Choose existing dice", "Wähle vorhandene Würfel"),
    (Attack("Skill", (0, 0), (0,)), "Choose existing dice", "Wähle vorhandene Würfel"),
    (Attack("Power", (0, 1), (0,)), "An attack takes exactly one opposing die",
     "Ein Angriff schlägt genau einen gegnerischen Würfel"),
    (Attack("Shadow", (0,), (0,)), "has Power and Skill attacks only.", "nur Power und Skill Attacks."),
    (Roll(3), "No die result is awaited now (BR-13).", "Gerade wird kein Würfelergebnis erwartet (BR-13)."),
])
def test_engine_refusals_are_spoken_in_both_languages(action: object, english: str, german: str) -> None:
    for lang, text in (("en", english), ("de", german)):
        state = typed(EXAMPLE, announce_language=lang)
        assert state.to_move == 1
        with pytest.raises(IllegalAction) as refused:
            state.apply(action, 1)  # type: ignore[arg-type]
        assert text in str(refused.value)


def test_acting_out_of_turn_is_refused_in_the_language() -> None:
    with pytest.raises(IllegalAction, match=r"^Spieler 2 ist am Zug\.$"):
        typed(EXAMPLE, announce_language="de", must_attack=False).apply(Pass(), 0)
    with pytest.raises(IllegalAction, match=r"^It is Player 2's turn\.$"):
        typed(EXAMPLE, must_attack=False).apply(Pass(), 0)
