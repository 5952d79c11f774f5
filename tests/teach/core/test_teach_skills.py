"""The Button Men skills lesson: one exercise per skill family (Poison, Shadow), feedback that names the rule a
wrong answer breaks, pictures with their words that do not give an answer away, and all of it in German too."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest

from core.buttonmen import ButtonMenState
from core.teach import skills as lesson

ENGLISH = re.compile(r"\b(round|score|points|to move|possible|recipe|dice|sides|showing|against|captured|Power|"
                     r"Poison|Shadow|Skill|wins|in play)\b")
"""English words a German text of the lesson must not contain."""


@pytest.fixture
def german() -> Iterator[None]:
    """The lesson in German for one test."""
    lesson.start("de")
    try:
        yield
    finally:
        lesson.start("en")


def positions() -> list[ButtonMenState]:
    """The lesson's positions: the notebook's two deals, the Shadow attack, and both exercises'."""
    first = lesson.deal(lesson.BUTTONS, ([3, 2], [3, 6]), recipes=lesson.RECIPES)
    second = lesson.deal(lesson.BUTTONS, ([5, 4], [3, 6]), recipes=lesson.RECIPES)
    shadowed = lesson.attack(second, "shadow", [1], [2], rerolls=[5])
    posed = [lesson.LESSON.position(n) for n in (1, 2)]
    return [first, second, shadowed, *(p for p in posed if isinstance(p, ButtonMenState))]


def test_a_captured_poison_die_costs_its_captor_half_its_size() -> None:
    assert lesson.answer(1, 1).text == "Right!"
    assert lesson.answer(1, "1,0").text == "Right!"
    said = {score: lesson.answer(1, score).text for score in (19, 13, -5, 7, 3)}
    assert said[19].startswith("Not quite: a captured Poison die counts against whoever captured it")
    assert said[13].startswith("Not quite: a captured Poison die counts against its captor: take half its size away")
    assert said[-5].startswith("Not quite: the captor loses half the Poison die's size; only its owner")
    assert said[7].startswith("Not quite: the captured Poison die counts too: against Umbra")
    assert said[3].startswith("Not quite: 3 is not Umbra's score before the attack (7) less half")
    assert lesson.solution(1).text == "Solution: 1: 7 minus half of 12."


def test_a_shadow_die_takes_the_same_value_or_more_up_to_its_size() -> None:
    assert lesson.answer(2, 1).text == "Right!"
    assert lesson.answer(2, 2).text.startswith("Not quite: Vipera's die 2 shows 4, less than the Shadow die's 5: "
                                               "a Shadow die takes the same or more, and it makes no Power attack.")
    assert lesson.answer(2, 3).text.startswith("Not quite: Vipera has dice 1 to 2.")
    board = lesson.LESSON.position(2)
    assert isinstance(board, ButtonMenState)
    shadow_targets = {a.targets for a in board.attacks() if a.kind == "Shadow"}
    assert shadow_targets == {(0,)}
    assert lesson.hint(2).text == "A Shadow die takes a die showing the same value or more, up to its own size (8)."


def test_the_worked_example_and_the_exercise_have_different_answers() -> None:
    """The notebook's Shadow attack takes Vipera's die 2; the exercise's answer is another die."""
    example = lesson.deal(lesson.BUTTONS, ([5, 4], [3, 6]), recipes=lesson.RECIPES)
    assert any(a.kind == "Shadow" and a.targets == (1,) for a in example.attacks())
    assert lesson.answer(2, 2).text.startswith("Not quite")


@pytest.mark.parametrize("n", [1, 2])
def test_an_exercise_shows_its_position_as_svg_with_words_and_not_its_answer(n: int) -> None:
    posed = html.unescape(lesson.exercise(n).markup)
    assert "<svg" in posed and "<summary>In words</summary>" in posed
    assert "Vipera's recipe: p(12) (4)." in posed
    assert lesson.solution(n).text.removeprefix("Solution: ") not in posed
    assert "Solution" not in posed and "Not quite" not in posed


def test_the_poison_exercise_draws_the_position_before_the_capture_not_its_score_after() -> None:
    posed = lesson.exercise(1).markup
    assert "Umbra: 7 points" in posed and "Umbra: 1 points" not in posed and "Umbra 1." not in posed


@pytest.mark.usefixtures("german")
def test_the_lesson_speaks_german() -> None:
    texts = [(posed.question, posed.hint, posed.solution) for posed in lesson.LESSON.exercises()]
    assert texts[0][0].startswith("Umbra ist am Zug. Der Würfel (6) von Umbra zeigt 6")
    for text in (t for triple in texts for t in triple):
        assert not ENGLISH.search(text), text
    assert lesson.answer(1, "1,0").text == "Richtig!"
    assert lesson.answer(1, 19).text.startswith("Noch nicht: Ein geschlagener Gift-Würfel zählt gegen den")
    assert lesson.answer(1, 3).text.startswith("Noch nicht: 3 ergibt sich nicht aus den Rundenpunkten von Umbra")
    assert lesson.answer(2, 2).text.startswith("Noch nicht: Der Würfel 2 von Vipera zeigt 4, weniger als die 5 des "
                                               "Schatten-Würfels")
    assert lesson.answer(2, 1).text == "Richtig!"
    assert lesson.solution(2).text.startswith("Lösung: Würfel 1: Er zeigt 7")
    assert "<summary>In Worten</summary>" in lesson.exercise(2).markup
    assert 'rules/button-men.de.html">Regeln' in lesson.links().markup


@pytest.mark.usefixtures("german")
def test_the_core_lessons_helpers_speak_the_lessons_language() -> None:
    board = lesson.deal(lesson.BUTTONS, ([3, 2], [3, 6]), recipes=lesson.RECIPES)
    assert lesson.scores(board).text == "Wenn die Runde jetzt endete: Vipera -10, Umbra 7."


@pytest.mark.usefixtures("german")
def test_positions_are_told_in_german_line_for_line_with_the_rules_pages_skill_names() -> None:
    assert len(positions()) == 5
    for board in positions():
        shown = lesson.show(board)
        assert len(shown.text.splitlines()) == len(board.describe().splitlines()), shown.text
        assert not ENGLISH.search(shown.text), shown.text
        labels = re.findall(r"<(?:text|title)[^>]*>([^<]*)<", shown.svg)
        assert not any(ENGLISH.search(label) for label in labels), labels
    told = lesson.show(positions()[1]).text
    assert "p(12):5 (Gift, 12 Seiten, zeigt 5)" in told and "s(8):3 (Schatten, 8 Seiten, zeigt 3)" in told
    assert "Umbra ist am Zug; möglich: Kraftangriff, Schatten." in told


def test_back_in_english_the_core_lesson_speaks_english_again() -> None:
    lesson.start("de")
    lesson.start("en")
    board = lesson.deal(lesson.BUTTONS, ([3, 2], [3, 6]), recipes=lesson.RECIPES)
    assert lesson.scores(board).text == "If the round ended now: Vipera -10, Umbra 7."
    with pytest.raises(ValueError, match="en or de"):
        lesson.start("fr")
