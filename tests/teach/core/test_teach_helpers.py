"""core.teach: the tutorials' helpers show 1-based labels, keep answers hidden, and speak the notebook's language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from core.protocol import IllegalAction
from core.teach import SITE_FROM_NOTEBOOK, Exercise, Tutor, as_number, navigation, number, ready, site_root
from core.teach import buttonmen as bm_lesson
from core.teach import buttonup as bu_lesson
from core.teach import braille as br_lesson
from core.teach.chart import score_chart

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


def test_tutor_hides_the_solution_until_asked() -> None:
    tutor = Tutor("en")
    assert "exercise cell first" in tutor.check(1).text
    tutor.ask(Exercise("Two plus two?", None, lambda a: a == 4, "Count on your fingers.", "four"))
    wrong = tutor.check(5).text
    assert "Count on your fingers." in wrong and "four" not in wrong
    assert tutor.check(4).text == "Right!"
    assert tutor.hint().text == "Count on your fingers."
    assert tutor.solution().text == "Solution: four"


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
    bu_lesson.exercise(1)  # after move 1 of the worked example, Black's RW lands white on white
    assert bu_lesson.check(1).text == "Right!"
    assert bu_lesson.check(2).text.startswith("Not quite.")
    bu_lesson.exercise(2)  # the example's final stack: red 14, black 11
    assert [bu_lesson.check(a).text for a in (3, "3", (3, 0))] == ["Right!"] * 3
    assert bu_lesson.check(4).text.startswith("Not quite.")
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
    bm_lesson.exercise(1)
    assert bm_lesson.check("avis").text == "Right!"
    assert bm_lesson.check("Bauer").text.startswith("Not quite.")


def test_braille_lesson_speaks_german_numbers() -> None:
    br_lesson.start("de")
    try:
        board = br_lesson.rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1])
        assert br_lesson.scores(board).text == "Wenn die Runde jetzt endete: Spieler 1 15,5, Spieler 2 15,5."
        br_lesson.exercise(3)
        assert br_lesson.check((15, 5)).text == "Richtig!"
        with pytest.raises(IllegalAction, match="1 to"):
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
