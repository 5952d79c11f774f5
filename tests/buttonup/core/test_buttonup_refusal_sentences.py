"""Every refusal a Button Up! player can meet says why in words (whose turn, which phase), the ruling id last."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import core
from core.buttonmen.actions import Pass
from core.buttonup import BLACK, RED, ChooseStarter, EndTurn, Sow
from core.protocol import Action, IllegalAction, State

GAME = core.get_game("button-up")
TRIES: tuple[Action, ...] = (*(Sow(i) for i in range(10)), ChooseStarter(RED), ChooseStarter(BLACK), EndTurn(),
                             Pass())
"""Every Button Up! action a page or a link can send, and one from another game."""
WORDS_FIRST = re.compile(r"^[A-Za-z][a-z]*['’ ,:;]")
RULING = re.compile(r"[A-Z]{2}-\d\d")
RULING_LAST = re.compile(r" \([A-Z]{2}-\d\d\)$")


def refusals(state: State) -> Iterator[str]:
    """Every refusal of ``state`` to the tries above, for each player and for the one whose turn it is."""
    for actor in (RED, BLACK, None):
        for action in TRIES:
            try:
                state.apply(action, actor)
            except IllegalAction as refused:
                yield str(refused)


@pytest.mark.parametrize("options", [{}, {"extra_turn": "optional"},
                                     {"next_round_starter": "alternate", "overflow_extra_turn": True}])
def test_every_refusal_says_why_in_words(options: dict[str, object]) -> None:
    met: set[str] = set()
    for seed in (1, 2):
        state = GAME.new(seed=seed, **options)  # type: ignore[arg-type]
        pick = random.Random(seed)
        for _ in range(40):
            met.update(refusals(state))
            if state.is_over:
                break
            state = state.apply(pick.choice(state.legal_actions()))
    for text in met:
        assert WORDS_FIRST.match(text), text
        assert "legal action now" not in text, text
        assert len(RULING.findall(text)) <= 1 and (not RULING.search(text) or RULING_LAST.search(text)), text
    said = "\n".join(met)
    assert "must first name who starts the round" in said  # the opening choice
    assert "nobody names a starter now: it is " in said  # a starter named during the round
    assert "is not a Button Up! move" in said
    assert ("must play this extra turn" in said) == (options.get("extra_turn") != "optional")
