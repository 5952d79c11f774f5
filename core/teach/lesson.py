"""A tutorial's exercises in one form: ``exercise(n)`` poses one, ``answer(n, ...)`` grades exactly
exercise ``n``, ``hint(n)`` and ``solution(n)`` help only when called.

A notebook ships every answer cell as ``answer(n, ...)``: the ``...`` is the empty slot, and
running it only says that the exercise waits for an answer (no verdict, no solution) and shows the
exercise's ``choices`` as buttons to click (:mod:`core.teach.clicks`), graded as if typed.  A wrong
answer is told which rule it breaks (the exercise's ``judge``), and a typing slip (``"1"`` for 1,
``15, 5`` for 15,5, two answers at once, a name without quotes in a list) gets one friendly line
instead of a traceback.

>>> lesson = Lesson(lambda lang: (Exercise("Two plus two?", None, lambda a: None if a == 4 else "Count again.",
...                                        "Count on your fingers.", "four", kind="choice"),))
>>> lesson.answer(1, ...).text
'Exercise 1 waits for your answer: write it in place of ... and run the cell again.'
>>> lesson.answer(1, "4").text
'Right!'
>>> lesson.answer(1, 5).text
'Not quite: Count again. Try again; hint(1) gives a tip, solution(1) shows the answer.'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from core.protocol import IllegalAction, State
from core.teach.clicks import Choice, can_click, slot
from core.teach.output import Html, Picture, message
from core.teach.words import say

Kind = Literal["choice", "number", "name", "list", "text"]
"""What an answer is: one whole number from a few (a stack, a die, an attack), any number (a score),
a name, a list of whole numbers (dice), or a text such as a move."""


class Slip(ValueError):
    """A typing slip in an answer: its message is the one friendly line that says how to write it."""


def as_number(answer: object) -> float | None:
    """A learner's numeric answer: a number, a text like ``"15,5"``, or ``15,5`` typed as Python (a pair)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (int, float)):
        return float(answer)
    if isinstance(answer, str):
        try:
            return float(answer.strip().replace(",", "."))
        except ValueError:
            return None
    if isinstance(answer, tuple) and len(answer) == 2 and all(type(part) is int for part in answer):
        whole, decimal = answer
        return as_number(f"{whole}.{decimal}") if decimal >= 0 else None
    return None


@dataclass(frozen=True)
class Exercise:
    """A question about a position; ``judge(answer)`` is None when right, else why it is wrong (a sentence).

    The position's description is shown in words under its picture, less the lines holding any of
    ``conceal`` (where it would give the answer away, such as "Avis to move").  ``extra`` is shown
    under the question (a picture of its own); ``played`` shows what a given answer leads to, right
    or wrong (a placement played out).  ``choices`` are the answers offered as buttons under the
    answer slot (a ``list`` exercise's items, any of which make up the answer); none: typing only.
    """

    question: str
    position: State | None
    judge: Callable[[object], str | None]
    hint: str
    solution: str
    kind: Kind = "number"
    extra: Html | None = None
    played: Callable[[object], Html] | None = None
    conceal: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()

    def words(self, text: str) -> str:
        """The position's description ``text``, less the lines that would give the answer away."""
        return "\n".join(line for line in text.splitlines() if not any(hidden in line for hidden in self.conceal))


def _whole(value: object) -> int | None:
    number = as_number(value)
    return int(number) if number is not None and number.is_integer() else None


def read(kind: Kind, value: object, more: tuple[object, ...], n: int, lang: str) -> object:
    """The answer as the exercise's ``judge`` takes it, or :class:`Slip` saying how to write it."""
    if kind == "number" and len(more) == 1 and type(value) is int and type(more[0]) is int:
        value, more = (value, more[0]), ()
    if kind == "list" and more and all(type(v) is int for v in (value, *more)):
        raise Slip(say("slip_brackets", lang, n=n, values=", ".join(map(str, (value, *more)))))
    if more:
        raise Slip(say("slip_one", lang, n=n, a=value, b=more[0]))
    if kind in ("name", "text"):
        if not isinstance(value, str):
            raise Slip(say("slip_quotes", lang, n=n))
        return value.strip()
    if kind == "list":
        items = value.replace(",", " ").split() if isinstance(value, str) else \
            list(value) if isinstance(value, (list, tuple)) else [value]
        numbers = [_whole(v) for v in items]
        if not numbers or any(v is None for v in numbers):
            raise Slip(say("slip_brackets", lang, n=n, values="1, 2"))
        return numbers
    number = _whole(value) if kind == "choice" else as_number(value)
    if number is None:
        raise Slip(say("slip_number" if kind == "number" else "slip_whole", lang, n=n))
    return number


def drawn(state: State, lang: str) -> Picture:
    """A position as the game draws and describes it (in English)."""
    return Picture(state.svg(), state.describe(), lang)


class Lesson:
    """A tutorial's exercises (made per language by ``make``); every call names its exercise by number.

    ``draw(state, lang)`` is a position's picture and words in the lesson's language (the game's own by default).
    """

    def __init__(self, make: Callable[[str], Sequence[Exercise]], lang: str = "en", opened: bool = False,
                 draw: Callable[[State, str], Picture] = drawn) -> None:
        self.lang = lang
        self.opened = opened
        """Show the positions' words unfolded (a lesson for screen-reader users)."""
        self.draw = draw
        self._make = make
        self._made: dict[str, tuple[Exercise, ...]] = {}

    def exercises(self) -> tuple[Exercise, ...]:
        """The exercises in the current language (made once per language)."""
        if self.lang not in self._made:
            self._made[self.lang] = tuple(self._make(self.lang))
        return self._made[self.lang]

    def get(self, n: object) -> Exercise:
        """Exercise ``n`` (counted from 1); :class:`Slip` names the exercises there are."""
        exercises = self.exercises()
        if type(n) is not int or not 1 <= n <= len(exercises):
            raise Slip(say("no_such_exercise", self.lang, count=len(exercises)))
        return exercises[n - 1]

    def helpers(self) -> tuple[Callable[[int], Html], Callable[..., Html], Callable[[int], Html],
                               Callable[[int], Html]]:
        """What a notebook calls: ``exercise(n)``, ``answer(n, ...)``, ``hint(n)`` and ``solution(n)``."""
        return self.exercise, self.answer, self.hint, self.solution

    def exercise(self, n: int) -> Html:
        """Pose exercise ``n``: its question, its position (picture and words) and how to answer."""
        posed = self.get(n)
        how = say("how_click" if self.clickable(posed) else "how", self.lang, n=n)
        parts = [f"<p><strong>{html.escape(posed.question)}</strong></p>"]
        texts = [posed.question]
        if posed.position is not None:
            shown = self.draw(posed.position, self.lang)
            picture = Picture(shown.svg, posed.words(shown.text), self.lang, self.opened)
            parts.append(picture._repr_html_())
        if posed.extra is not None:
            parts.append(posed.extra.markup)
            texts.append(posed.extra.text)
        parts.append(f"<p>{html.escape(how)}</p>")
        return Html("".join(parts), "\n".join([*texts, how]))

    def clickable(self, posed: Exercise) -> bool:
        """True when ``posed`` offers its choices as buttons here (it has some, and the kernel has ipywidgets)."""
        return bool(posed.choices) and can_click()

    def answer(self, n: int, value: object = ..., *more: object) -> Html:
        """Grade ``value`` as the answer to exercise ``n``: right, or which rule it breaks; ``...`` waits, with
        the exercise's choices as buttons to click where the kernel can show them (:mod:`core.teach.clicks`)."""
        try:
            posed = self.get(n)
        except Slip as slip:
            return message(str(slip))
        if value is ...:
            if not self.clickable(posed):
                return message(say("blank", self.lang, n=n))
            return slot(message(say("blank_click", self.lang, n=n)), posed.choices, posed.kind == "list",
                        lambda given: self.graded(n, given), n, self.lang)
        return self.graded(n, value, *more)[0]

    def graded(self, n: int, value: object, *more: object) -> tuple[Html, bool]:
        """What ``answer(n, value, *more)`` shows, and whether the answer is right (a slip is not)."""
        posed = self.get(n)
        try:
            given = read(posed.kind, value, more, n, self.lang)
        except Slip as slip:
            return message(str(slip)), False
        try:
            problem, refused = posed.judge(given), False
        except (IllegalAction, ValueError) as refusal:
            problem, refused = str(refusal).rstrip(".") + ".", True
        verdict = message(say("right", self.lang) if problem is None
                          else say("wrong", self.lang, reason=problem, n=n))
        if posed.played is None or refused:
            return verdict, problem is None
        shown = posed.played(given)
        return Html(verdict.markup + shown.markup, f"{verdict.text}\n{shown.text}"), problem is None

    def hint(self, n: int) -> Html:
        """Exercise ``n``'s hint."""
        try:
            return message(self.get(n).hint)
        except Slip as slip:
            return message(str(slip))

    def solution(self, n: int) -> Html:
        """Exercise ``n``'s solution, shown only when asked for."""
        try:
            return message(say("solution", self.lang, text=self.get(n).solution))
        except Slip as slip:
            return message(str(slip))

    def position(self, n: int) -> State:
        """Exercise ``n``'s position, to try moves on (IllegalAction if it has none)."""
        posed = self.get(n)
        if posed.position is None:
            raise IllegalAction(say("no_position", self.lang, n=n))
        return posed.position
