"""core.teach: every exercise whose answer is a choice offers its choices (to click), the right answer among
them, and each wrong one is told the rule it breaks, exactly as when it is typed."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations

import pytest

from core.teach import Choice, Lesson, number, offered
from core.teach.words import say

LESSONS = ["buttonup", "buttonmen", "braille", "battle", "fairsquare", "imperio"]
"""The tutorials' lesson modules (``core.teach.<name>``)."""
GERMAN = {"buttonup", "buttonmen", "braille"}


@contextmanager
def speaking(lesson: Lesson, lang: str) -> Iterator[Lesson]:
    """``lesson`` in ``lang`` for a while."""
    was, lesson.lang = lesson.lang, lang
    try:
        yield lesson
    finally:
        lesson.lang = was


def lesson_of(module: str) -> Lesson:
    lesson = importlib.import_module(f"core.teach.{module}").exercise.__self__
    assert isinstance(lesson, Lesson)
    return lesson


def cases() -> list[tuple[str, str]]:
    return [(m, lang) for m in LESSONS for lang in (("en", "de") if m in GERMAN else ("en",))]


def answers(choices: tuple[Choice, ...], several: bool) -> list[object]:
    """What clicking can answer: one choice, or (``several``) any one or two of them pressed together."""
    if not several:
        return [c.value for c in choices]
    values = [c.value for c in choices]
    return [[v] for v in values] + [list(pair) for pair in combinations(values, 2)] + [values[:3]]


@pytest.mark.parametrize(("module", "lang"), cases())
def test_every_choice_is_graded_like_its_typed_answer_with_the_rule_it_breaks(module: str, lang: str) -> None:
    with speaking(lesson_of(module), lang) as lesson:
        for n, posed in enumerate(lesson.exercises(), 1):
            assert posed.choices, f"exercise {n} offers nothing to click"
            labels = [c.label for c in posed.choices]
            assert len(set(labels)) == len(labels) and all(labels), labels
            verdicts = {}
            for value in answers(posed.choices, posed.kind == "list"):
                shown, right = lesson.graded(n, value)
                assert shown == lesson.answer(n, value), f"exercise {n}: {value!r} clicked is not {value!r} typed"
                verdicts[repr(value)] = (right, shown.text)
            rights = [v for v, (right, _) in verdicts.items() if right]
            wrongs = [text for right, text in verdicts.values() if not right]
            assert rights, f"exercise {n}: no choice is right"
            assert wrongs, f"exercise {n}: no choice is wrong"
            verdict = say("wrong", lang, reason="", n=n).split(":")[0]
            for text in wrongs:
                assert text.startswith(f"{verdict}: ") and len(text) > len(say("wrong", lang, reason="", n=n)), text
            for value, (right, text) in verdicts.items():
                assert right == (text.split("\n")[0] == say("right", lang)), (value, text)


def test_choices_are_labelled_as_the_notebook_writes_numbers() -> None:
    assert [c.label for c in offered([34.5, 65, "Avis"], "de")] == ["34,5", "65", "Avis"]
    assert [c.label for c in offered([34.5, 3.0], "en")] == ["34.5", "3"]
    assert offered([2])[0] == Choice(2, number(2))


def test_a_slip_is_graded_as_not_right() -> None:
    lesson = lesson_of("buttonup")
    shown, right = lesson.graded(1, "one")
    assert not right and shown.text == say("slip_whole", "en", n=1)
