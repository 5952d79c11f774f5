"""The Button Men skills lesson's helpers: the core lesson's (deal, attack, scores, show) and one exercise per
skill family it teaches (Poison, Shadow).

>>> exercise(2).text.splitlines()[0]
"Right to move. Which of Left's dice can Right's Shadow die (its die 1, showing 3) capture? Answer 1 or 2."
"""

from __future__ import annotations

from core.buttonmen import Attack
from core.buttonmen.state import ButtonMenState
from core.teach import Exercise, Lesson
from core.teach.buttonmen import attack, deal, links, roll, scores, show, start

__all__ = ["answer", "attack", "deal", "exercise", "hint", "links", "scores", "show", "solution", "start"]

BUTTONS = ("Left", "Right")
RECIPES = ("p(12) (4)", "s(8) (6)")
"""The lesson's small made-up recipes: a Poison die on the left, a Shadow die on the right."""


def _poison_problem(score: object, before: float, after: float, size: int) -> str | None:
    assert isinstance(score, float)
    if score == after:
        return None
    known = {before + size: "a captured Poison die counts against whoever captured it: half its size is taken away.",
             before + size / 2: "a captured Poison die counts against its captor: take half its size away, do not add.",
             before - size: "the captor loses half the Poison die's size; only its owner loses the full size."}
    return known.get(score, f"{score:g} is not Right's score before the attack ({before:g}) less half the "
                            "Poison die's size.")


def _shadow_problem(board: ButtonMenState, die: object, shadow: int) -> str | None:
    assert isinstance(die, int)
    theirs = board.dice[0]
    if not 1 <= die <= len(theirs):
        return f"Left has dice 1 to {len(theirs)}."
    if any(a.kind == "Shadow" and a.targets == (die - 1,) for a in board.attacks()):
        return None
    value, reach = theirs[die - 1].value, board.dice[1][0]
    if value > reach.size:
        return f"Left's die {die} shows {value}, more than the Shadow die's size ({reach.size}): out of its reach."
    return f"Left's die {die} shows {value}, less than the Shadow die's {shadow}: a Shadow die takes the same or more."


def _exercises(lang: str) -> tuple[Exercise, ...]:
    poison = deal(BUTTONS, ([5, 4], [3, 6]), recipes=RECIPES)
    capture = Attack("Power", (1,), (0,))
    captured = poison.apply(capture)
    assert isinstance(captured, ButtonMenState)
    after = roll(captured, [2])
    before, now = poison.round_scores[1], after.round_scores[1]
    shadow = deal(BUTTONS, ([10, 4], [3, 6]), recipes=RECIPES)
    reach = shadow.dice[1][0]
    return (
        Exercise("Right to move. Right's (6), showing 6, captures Left's p(12) (showing 5) with a Power attack and "
                 f"re-rolls a 2. What is Right's round score then? (Now it is {before:g}.)", poison,
                 lambda score: _poison_problem(score, before, now, 12),
                 "A Poison die counts against whoever holds it at the end: its owner loses its full size, a player "
                 "who captured it loses half its size.",
                 f"{now:g}: {before:g} minus half of 12."),
        Exercise(f"Right to move. Which of Left's dice can Right's Shadow die (its die 1, showing {reach.value}) "
                 "capture? Answer 1 or 2.", shadow,
                 lambda die: _shadow_problem(shadow, die, reach.value),
                 f"A Shadow die takes a die showing the same value or more, up to its own size ({reach.size}).",
                 "die 2: it shows 4, at least 3 and at most 8; die 1 shows 10, beyond the Shadow die's size.",
                 kind="choice"),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()
