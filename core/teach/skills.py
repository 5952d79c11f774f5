"""The Button Men skills lesson's helpers, in English or German: the core lesson's (deal, attack, scores, show)
and one exercise per skill family it teaches (Poison, Shadow).

>>> exercise(2).text.splitlines()[0]
"Umbra to move. Which of Vipera's dice can Umbra's Shadow die (its die 1, showing 5) capture? Answer 1 or 2."
"""

from __future__ import annotations

from core.buttonmen import Attack
from core.buttonmen.state import ButtonMenState
from core.teach import Exercise, Html, Lesson, begin, number
from core.teach import buttonmen as core_lesson
from core.teach.buttonmen import attack, deal, links, roll, scores, show
from core.teach.buttonmen_text import draw
from core.teach.clicks import offered
from core.teach.skills_text import say

__all__ = ["answer", "attack", "deal", "exercise", "hint", "links", "scores", "show", "solution", "start"]

BUTTONS = ("Vipera", "Umbra")
"""The lesson's two made-up buttons, named alike in both languages (so both notebooks run the same code)."""
RECIPES = ("p(12) (4)", "s(8) (6)")
"""Their small made-up recipes: a Poison die for Vipera, a Shadow die for Umbra."""


def start(lang: str = "en") -> Html:
    """The first cell's answer in ``lang`` (``en`` or ``de``); the core lesson's helpers speak it too."""
    shown = begin(LESSON, "button-men", "buttonmen", lang)
    core_lesson.LESSON.lang = LESSON.lang
    return shown


def _poison_problem(score: object, before: float, after: float, size: int, lang: str) -> str | None:
    assert isinstance(score, float)
    if score == after:
        return None
    known = {before + size: "w_poison_added", before + size / 2: "w_poison_half_added",
             before - size: "w_poison_full", before: "w_poison_kept"}
    key = known.get(score, "w_poison")
    return say(key, lang, b=BUTTONS[1], score=number(score, lang), before=number(before, lang))


def _shadow_problem(board: ButtonMenState, die: object, lang: str) -> str | None:
    assert isinstance(die, int)
    theirs, shadow = board.dice[0], board.dice[1][0]
    if not 1 <= die <= len(theirs):
        return say("w_no_die", lang, a=BUTTONS[0], count=len(theirs))
    if any(a.kind == "Shadow" and a.targets == (die - 1,) for a in board.attacks()):
        return None
    value = theirs[die - 1].value
    key = "w_shadow_high" if value > shadow.size else "w_shadow_low"
    return say(key, lang, a=BUTTONS[0], die=die, value=value, size=shadow.size, shadow=shadow.value)


def _poison_exercise(lang: str) -> Exercise:
    """Umbra's plain die captures Vipera's Poison die: Umbra's round score after it."""
    poison = deal(BUTTONS, ([5, 4], [3, 6]), recipes=RECIPES)
    capture = Attack("Power", (1,), (0,))
    captured = poison.apply(capture)
    assert isinstance(captured, ButtonMenState)
    after = roll(captured, [2])
    before, now = poison.round_scores[1], after.round_scores[1]
    size = poison.dice[0][0].size
    return Exercise(
        say("q_poison", lang, a=BUTTONS[0], b=BUTTONS[1], v=poison.dice[1][1].value, t=poison.dice[0][0].value,
            r=after.dice[1][1].value, now=number(before, lang)), poison,
        lambda score: _poison_problem(score, before, now, size, lang), say("h_poison", lang),
        say("s_poison", lang, now=number(now, lang), before=number(before, lang), size=size),
        choices=offered(sorted({now, before + size, before + size / 2, before - size, before}), lang))


def _shadow_exercise(lang: str) -> Exercise:
    """Which of Vipera's dice Umbra's Shadow die may capture (one in its reach, one a plain die could take)."""
    board = deal(BUTTONS, ([7, 4], [5, 1]), recipes=RECIPES)
    shadow = board.dice[1][0]
    (hit, value), (miss, low) = [(n + 1, die.value) for n, die in enumerate(board.dice[0])]
    assert shadow.value <= value <= shadow.size and low < shadow.value
    return Exercise(
        say("q_shadow", lang, a=BUTTONS[0], b=BUTTONS[1], v=shadow.value), board,
        lambda die: _shadow_problem(board, die, lang), say("h_shadow", lang, size=shadow.size),
        say("s_shadow", lang, die=hit, value=value, shadow=shadow.value, size=shadow.size, other=miss, low=low),
        kind="choice", choices=offered(range(1, len(board.dice[0]) + 1)))


def _exercises(lang: str) -> tuple[Exercise, ...]:
    return _poison_exercise(lang), _shadow_exercise(lang)


LESSON = Lesson(_exercises, draw=draw)
exercise, answer, hint, solution = LESSON.helpers()
