"""core.teach: the tutorials' helpers show 1-based labels, keep answers hidden, and speak the notebook's language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from core.protocol import IllegalAction, InputError
from core.teach import SITE_FROM_NOTEBOOK, Exercise, Lesson, as_number, navigation, number, ready, show, site_root
from core.teach import buttonmen as bm_lesson
from core.teach import buttonup as bu_lesson
from core.teach import braille as br_lesson
from core.teach.chart import score_chart
from core.teach.slips import friendly

SVG = "{http://www.w3.org/2000/svg}"


def test_numbers_in_the_notebooks_language() -> None:
    shown = [number(25.5, "en"), number(25.5, "de"), number(3.0, "de"), number(-10, "en")]
    assert shown == ["25.5", "25,5", "3", "-10"]


@pytest.mark.parametrize(("answer", "value"), [
    (3, 3.0), (15.5, 15.5), ("15,5", 15.5), (" 15.5 ", 15.5), ((15, 5), 15.5), (True, None), ("many", None),
    ((1, 2, 3), None), ([15, 5], None),
])
def test_numeric_answers_as_learners_type_them(answer: object, value: float | None) -> None:
    assert as_number(answer) == value


def test_score_chart_is_an_accessible_svg_with_both_lines() -> None:
    chart = score_chart([(0, 0), (1.5, 0), (1.5, 4)], ("Anna", "Bob"), "Punkte", "de")
    root = ET.fromstring(chart)
    assert root.get("role") == "img"
    assert root.findtext(f"{SVG}title") == "Punkte: Anna 1,5, Bob 4, 2 Züge"
    assert len(root.findall(f"{SVG}polyline")) == 2


def _sum_lesson() -> Lesson:
    return Lesson(lambda lang: (
        Exercise("Two plus two?", None, lambda a: None if a == 4 else f"{a} is not two and two.", "Count on your "
                 "fingers.", "four", kind="choice"),
        Exercise("Half of 31?", None, lambda a: None if a == 15.5 else "halve it.", "Halve it.", "15.5"),
        Exercise("Which dice?", None, lambda a: None if a == [1, 2] else "not those.", "Look.", "1 and 2",
                 kind="list"),
        Exercise("Who?", None, lambda a: None if a == "Avis" else "not them.", "Ask.", "Avis", kind="name"),
    ))


def test_every_call_names_its_exercise_and_the_solution_waits_until_asked() -> None:
    lesson = _sum_lesson()
    lesson.exercise(4)  # posing another exercise does not change which one an answer grades
    assert lesson.answer(1, ...).text == ("Exercise 1 waits for your answer: write it in place of ... and run the "
                                          "cell again.")
    wrong = lesson.answer(1, 5).text
    assert wrong == ("Not quite: 5 is not two and two. Try again; hint(1) gives a tip, solution(1) shows the "
                     "answer.") and "four" not in wrong
    assert lesson.answer(1, 4).text == "Right!"
    assert lesson.hint(1).text == "Count on your fingers."
    assert lesson.solution(1).text == "Solution: four"
    assert lesson.answer(4, "Avis").text == "Right!"


@pytest.mark.parametrize(("args", "said"), [
    ((1, "4"), "Right!"), ((1, 4.0), "Right!"), ((1, 3, 4), "One answer at a time: answer(1, 3) or answer(1, 4)."),
    ((1, "four"), "Answer with one whole number, like answer(1, 2)."),
    ((2, 15, 5), "Right!"), ((2, "15,5"), "Right!"), ((2, None), "Answer with a number, like answer(2, 12) or "
                                                                "answer(2, 15.5)."),
    ((3, 1, 2), "Put the numbers in square brackets: answer(3, [1, 2])."), ((3, "1, 2"), "Right!"),
    ((4, 4), 'Put the answer in quotes, like answer(4, "Avis").'), ((4, " Avis "), "Right!"),
    ((5, 1), "There are exercises 1 to 4: answer(1, ...) answers exercise 1."),
    (("1", 4), "There are exercises 1 to 4: answer(1, ...) answers exercise 1."),
])
def test_typing_slips_are_read_or_told_how_to_write(args: tuple[object, ...], said: str) -> None:
    assert _sum_lesson().answer(*args).text == said  # type: ignore[arg-type]


@pytest.mark.parametrize(("error", "lang", "line"), [
    (NameError("name 'Avis' is not defined", name="Avis"), "en",
     'Put names in quotes: "Avis" (nothing here is called Avis without them).'),
    (NameError("name 'Avis' is not defined"), "de", 'Setze Namen in Anführungszeichen: "Avis" (ohne sie heißt hier '
                                                    'nichts Avis).'),
    (SyntaxError("incomplete input"), "en", "This line is not quite Python: check its quotes, brackets and commas."),
    (IllegalAction("there is no stack 12"), "en", "Not allowed: there is no stack 12."),
    (InputError("square", "not on the board", "Z9"), "de", "Nicht erlaubt: square: not on the board; got 'Z9'."),
    (TypeError("Lesson.answer() missing 1 required positional argument: 'n'"), "en",
     "That call does not fit (answer() missing 1 required positional argument: 'n'): compare it with the example "
     "above."),
    (ValueError("there are exercises 1 to 3"), "en", "There are exercises 1 to 3."),
])
def test_a_slip_is_one_friendly_line_in_the_notebooks_language(error: BaseException, lang: str, line: str) -> None:
    assert friendly(error, lang) == line


def test_a_position_shows_its_words_with_its_picture() -> None:
    board = bu_lesson.circle()
    shown = show(board)._repr_html_()
    assert "<svg" in shown and "<details><summary>In words</summary>" in shown
    assert "stack 1: white" in shown and "<img" not in shown
    assert "<details open>" in br_lesson.show(br_lesson.rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1]))._repr_html_()


def test_links_lead_out_of_jupyterlite_to_the_site() -> None:
    assert site_root() == SITE_FROM_NOTEBOOK
    links = navigation("button-up", "buttonup").markup
    for url in ("apps/buttonup.html", "rules/button-up.html", "index.html"):
        assert f'href="{SITE_FROM_NOTEBOOK}{url}"' in links
    assert ready("button-man-braille", "braille", "de").text.startswith("Die Spiel-Engine wird geladen… fertig.")


def test_button_up_stacks_are_numbered_from_one() -> None:
    board = bu_lesson.circle("WRBWBRWBR")
    assert bu_lesson.may_lift(board).text == "Red may lift stack 1, 4 or 7."
    assert bu_lesson.lift(board, 1).stacks[0] == "RW"
    with pytest.raises(IllegalAction, match="numbered 1 to 9"):
        bu_lesson.lift(board, 0)


def test_button_up_exercises_follow_the_rulebook_example() -> None:
    # exercise 1: after move 1 of the worked example, Black's RW lands white on white
    assert bu_lesson.answer(1, 1).text == "Right!"
    assert bu_lesson.answer(1, 2).text.startswith("Not quite: stack 2 holds no white button")
    assert bu_lesson.answer(1, 3).text.startswith("Not quite: the last button of stack 3 (white) lands on a black")
    # exercise 2: the example's final stack: red 14, black 11, drawn before the last move
    assert "<svg" in bu_lesson.exercise(2).markup
    assert [bu_lesson.answer(2, *a).text for a in ((3,), ("3",), (3, 0))] == ["Right!"] * 3
    assert bu_lesson.answer(2, 14).text.startswith("Not quite: that is Red's sum alone")
    # exercise 3: its hint runs as written
    hinted = re.search(r"show\((lift\(example\(5\), (\d)\))\)", bu_lesson.hint(3).text)
    assert hinted and bu_lesson.lift(bu_lesson.example(5), int(hinted[2])).moves_made == 6
    assert bu_lesson.answer(3, int(hinted[2])).text.startswith("Not quite: after stack")
    with pytest.raises(ValueError, match="exercises 1 to 3"):
        bu_lesson.exercise(4)


def test_button_up_match_is_summarised_with_the_log_one_click_away() -> None:
    shown = bu_lesson.match()
    assert shown.text in ("Red wins.", "Black wins.")
    assert shown.markup.count("<details>") == 1 and shown.markup.count("<li>") >= 8
    assert "<figure" in shown.markup and "Victory points" in shown.markup


def test_button_men_dice_are_numbered_from_one() -> None:
    board = bm_lesson.deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), swing=(11, 5))
    with pytest.raises(IllegalAction, match="numbered from 1"):
        bm_lesson.attack(board, "power", [0], [1])
    after = bm_lesson.attack(board, "skill", [4, 5], [4], rerolls=[9, 2])
    assert bm_lesson.scores(after).text == "If the round ended now: Bauer 20.5, Avis 37.5."
    assert bm_lesson.answer(1, "avis").text == "Right!"
    assert bm_lesson.answer(1, "Bauer").text.startswith("Not quite: the lower value moves first")
    assert "Avis to move" not in bm_lesson.exercise(1).markup
    assert bm_lesson.answer(2, [2, 3]).text.startswith("Not quite: those dice show")
    assert bm_lesson.answer(3, 30.5).text.startswith("Not quite: a captured die counts too")


def test_button_men_exercise_three_does_not_draw_its_answer() -> None:
    solved = bm_lesson.solution(3).text.removeprefix("Solution: ").rstrip(".")
    assert f"{solved} points" not in bm_lesson.exercise(3).markup
    assert bm_lesson.answer(3, float(solved)).text == "Right!"


def test_braille_lesson_speaks_german_numbers() -> None:
    br_lesson.start("de")
    try:
        board = br_lesson.rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1])
        assert br_lesson.scores(board).text == "Wenn die Runde jetzt endete: Spieler 1 15,5, Spieler 2 15,5."
        assert br_lesson.answer(3, 15, 5).text == "Richtig!"
        listed = br_lesson.exercise(2).markup
        assert "<details open>" in listed and "11. Skill" in listed
        assert br_lesson.answer(2, 1).text.startswith("Noch nicht: Angriff 1 ist")
        with pytest.raises(IllegalAction, match="Wähle einen Angriff von 1 bis"):
            br_lesson.attack(board, 0)
    finally:
        br_lesson.start("en")
    with pytest.raises(ValueError, match="en or de"):
        br_lesson.start("fr")


@pytest.mark.parametrize("lesson", [bm_lesson, br_lesson])
def test_a_finished_match_charts_its_last_rounds_result(lesson: object) -> None:
    shown = lesson.match()  # type: ignore[attr-defined]
    charts = [ET.fromstring(svg + "</svg>") for svg in re.findall(r"<svg[^>]*>.*?(?=</svg>)", shown.markup)]
    title = charts[-1].findtext(f"{SVG}title") or ""
    finals = [float(n) for n in re.findall(r" (\d+(?:\.\d+)?)(?=[,])", title)[:2]]
    assert len(finals) == 2 and max(finals) > 0, title
