"""Every refusal a braille player can meet is a sentence: words first, the ruling id (when any) after it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import core
from core.buttonmen.actions import Action, Attack, Pass, Roll, Surrender
from core.protocol import IllegalAction, State

GAME = core.get_game("button-man-braille")
TRIES: tuple[Action, ...] = (
    Pass(), Surrender(), Roll(0), Roll(2), Roll(5), Roll(13),
    Attack("Power", (0,), (0,)), Attack("Power", (4,), (4,)), Attack("Power", (0, 1), (0,)),
    Attack("Power", (9,), (0,)), Attack("Skill", (0,), (0,)), Attack("Skill", (0, 1), (0,)),
    Attack("Skill", (0, 0), (0,)), Attack("Shadow", (0,), (0,)),
)
"""Actions a player can try by keyboard or by link: passing, typed values, attacks of every shape."""
SENTENCE = re.compile(r"^[A-ZÄÖÜ][a-zäöüß]*['’ ,:;].*[^.]\.$", re.DOTALL)
RULING = re.compile(r"[A-Z]{2}-\d\d")
RULING_LAST = re.compile(r" \([A-Z]{2}-\d\d\)\.$")


def refusals(state: State) -> Iterator[str]:
    """Every refusal of ``state`` to the tries above, for each seat and for the seat whose turn it is."""
    for actor in (0, 1, None):
        for action in TRIES:
            try:
                state.apply(action, actor)
            except IllegalAction as refused:
                yield str(refused)


def walk(seed: int, **options: object) -> set[str]:
    """The refusals met along one seeded match (random legal moves; typed dice when asked)."""
    state = GAME.new(seed=seed, max_wins=1, **options)  # type: ignore[arg-type]
    pick = random.Random(seed)
    met: set[str] = set()
    for _ in range(60):
        met.update(refusals(state))
        if state.is_over:
            break
        state = state.apply(pick.choice(state.legal_actions()))
    return met


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_refusal_starts_with_words_and_ends_with_its_ruling(lang: str) -> None:
    met = set()
    for seed, options in ((1, {}), (2, {"dice_source": "manual"}), (3, {"must_attack": False}),
                          (4, {"dice_source": "manual", "initiative_full_tie": "random_first"})):
        met |= walk(seed, announce_language=lang, **options)
    for text in met:
        assert SENTENCE.match(text), text
        assert "legal action now" not in text, text
        ids = RULING.findall(text)
        assert len(ids) <= 1 and (not ids or RULING_LAST.search(text)), text
    seen = {i for text in met for i in RULING.findall(text)}
    assert {"BR-04", "BR-05", "BR-13"} <= seen, seen  # the walk meets the rulings' refusals
    assert len(met) >= 10
