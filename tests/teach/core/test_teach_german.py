"""core.teach in German: every sentence has both languages, and the German tutorials speak German throughout."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping

import pytest

from core.buttonup import GAME as BUTTON_UP
from core.buttonup import ButtonUpState
from core.teach import braille as br_lesson
from core.teach import buttonup as bu_lesson
from core.teach import buttonup_text
from core.teach.words import WORDS

TABLES: dict[str, Mapping[str, Mapping[str, str]]] = {
    "core.teach.words": WORDS, "core.teach.braille": br_lesson.TEXT, "core.teach.buttonup_text": buttonup_text.TEXT,
}
"""Every table of tutorial sentences (id -> language -> text)."""


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_sentence_has_an_english_and_a_german_text_with_the_same_fields(table: str) -> None:
    for key, texts in TABLES[table].items():
        assert set(texts) == {"en", "de"}, f"{table}: {key!r} has {sorted(texts)}"
        assert texts["en"].strip() and texts["de"].strip(), f"{table}: {key!r} is blank"
        assert fields(texts["en"]) == fields(texts["de"]), f"{table}: {key!r} fills other fields in German"


@pytest.fixture
def german() -> Iterator[None]:
    """The Button Up! lesson in German for one test."""
    bu_lesson.start("de")
    try:
        yield
    finally:
        bu_lesson.start("en")


ENGLISH = re.compile(r"\b(stack|stacks|button|buttons|red|black|white|move|moves|points|round|may|lift|extra turn|"
                     r"Red|Black)\b")
"""English words a German Button Up! text must not contain."""


def german_played_round() -> list[ButtonUpState]:
    """Positions of the German lesson: the worked example's every move, a finished round, a finished game."""
    positions = [bu_lesson.example(n) for n in range(8)]
    done = bu_lesson.lift(positions[-1], 1)
    over = BUTTON_UP.new(seed=3)
    while not over.is_over:
        over = over.apply(over.legal_actions()[0])
    assert isinstance(over, ButtonUpState)
    return [*positions, done, over]


@pytest.mark.usefixtures("german")
def test_button_up_positions_are_told_in_german_line_for_line() -> None:
    for board in german_played_round():
        shown = bu_lesson.show(board)
        assert len(shown.text.splitlines()) == len(board.describe().splitlines())
        assert not ENGLISH.search(shown.text), shown.text
        texts = re.findall(r"<(?:text|title)[^>]*>([^<]*)<", shown.svg)
        assert not any(ENGLISH.search(t) for t in texts), texts
    assert "Stapel 1: weiß" in bu_lesson.show(bu_lesson.circle()).text


@pytest.mark.usefixtures("german")
def test_button_up_exercises_speak_german() -> None:
    german = bu_lesson.LESSON.exercises()
    bu_lesson.LESSON.lang = "en"
    english = bu_lesson.LESSON.exercises()
    bu_lesson.LESSON.lang = "de"
    for n, (de, en) in enumerate(zip(german, english, strict=True), 1):
        for part in ("question", "hint", "solution"):
            assert getattr(de, part) != getattr(en, part), f"exercise {n}: its {part} is not translated"
            assert not ENGLISH.search(re.sub(r"\w+\(.*?\)+", "", getattr(de, part))), getattr(de, part)
    assert bu_lesson.answer(1, 1).text == "Richtig!"
    assert bu_lesson.answer(1, 3).text.startswith("Noch nicht: Der letzte Knopf von Stapel 3 (weiß) landet auf "
                                                  "einem schwarzen Knopf")
    assert bu_lesson.answer(2, 14).text.startswith("Noch nicht: Das ist nur die Summe von Rot")
    assert bu_lesson.answer(2, "3,0").text == "Richtig!"
    assert bu_lesson.may_lift(bu_lesson.circle()).text == "Rot darf Stapel 1, 4 oder 7 aufnehmen."


@pytest.mark.usefixtures("german")
def test_button_up_match_is_summarised_in_german() -> None:
    shown = bu_lesson.match()
    assert shown.text in ("Rot gewinnt.", "Schwarz gewinnt.")
    log = re.findall(r"<li>(.*?)</li>", shown.markup)
    assert log and all(re.fullmatch(r"(Rot|Schwarz): (nimmt Stapel \d auf \(.+\)|\w+ beginnt die Runde)", m)
                       for m in log), log
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", shown.markup)
    assert captions and all(c.startswith("Runde ") for c in captions)
    assert "Siegpunkte" in shown.markup and not ENGLISH.search(" ".join(re.findall(r">([^<]+)<", shown.markup)))


def test_the_german_lesson_links_the_german_pages() -> None:
    bu_lesson.start("de")
    try:
        links = bu_lesson.links().markup
    finally:
        bu_lesson.start("en")
    assert 'rules/button-up.de.html">Regeln' in links and 'index.de.html">Alle Spiele' in links
    assert 'rules/button-up.html">Rules' in bu_lesson.links().markup
    with pytest.raises(ValueError, match="en or de"):
        bu_lesson.start("fr")
