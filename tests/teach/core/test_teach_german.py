"""core.teach in German: every sentence has both languages, and the German tutorials speak German throughout."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from core.protocol import IllegalAction

from core.buttonmen import GAME as BUTTON_MEN
from core.buttonmen import ButtonMenState, ChooseSwing
from core.buttonup import GAME as BUTTON_UP
from core.buttonup import ButtonUpState
from core.teach import braille as br_lesson
from core.teach import buttonmen as bm_lesson
from core.teach import buttonup as bu_lesson
from core.teach import buttonmen_refusals, buttonmen_text, buttonup_text, skills_text, slips
from core.teach import skills as skills_lesson
from core.teach.words import WORDS

TABLES: dict[str, Mapping[str, Mapping[str, str]]] = {
    "core.teach.words": WORDS, "core.teach.braille": br_lesson.TEXT, "core.teach.buttonup_text": buttonup_text.TEXT,
    "core.teach.buttonmen_text": buttonmen_text.TEXT, "core.teach.skills_text": skills_text.TEXT,
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
    """The Button Up! and Button Men lessons in German for one test."""
    bu_lesson.start("de")
    bm_lesson.start("de")
    try:
        yield
    finally:
        bu_lesson.start("en")
        bm_lesson.start("en")


def untranslated(lesson: Any) -> list[str]:
    """The questions, hints and solutions of ``lesson``'s exercises that read the same in German as in English."""
    german = lesson.LESSON.exercises()
    lesson.LESSON.lang = "en"
    english = lesson.LESSON.exercises()
    lesson.LESSON.lang = "de"
    pairs = [(getattr(de, part), getattr(en, part)) for de, en in zip(german, english, strict=True)
             for part in ("question", "hint", "solution")]
    return [de for de, en in pairs if de == en and re.search(r"[a-z]{3}", de)]


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
    assert not untranslated(bu_lesson)
    for posed in bu_lesson.LESSON.exercises():
        for text in (posed.question, posed.hint, posed.solution):
            assert not ENGLISH.search(re.sub(r"\w+\(.*?\)+", "", text)), text
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


BUTTON_MEN_ENGLISH = re.compile(r"\b(round|score|points|to move|possible|recipe|dice|sides|showing|against|"
                                r"opening roll|captured|wins|pass|on|swing)\b")
"""English words a German Button Men text must not contain."""


def button_men_positions() -> list[ButtonMenState]:
    """The German lesson's positions, one with dice still to roll, and a whole seeded match (captures, rounds)."""
    opening = bm_lesson.deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), swing=(11, 5))
    rolling = bm_lesson.deal(("Bauer", "Avis"), ([6, 10], []), swing=(11, 5))
    secret = BUTTON_MEN.new(seed=1, buttons=("Bauer", "Avis"), dice_source="manual").apply(ChooseSwing("X", 11), 0)
    played = BUTTON_MEN.new(seed=4, buttons=("Bauer", "Avis"), max_wins=2)
    positions = [opening, bm_lesson.attack(opening, "skill", [4, 5], [4], rerolls=[9, 2]), rolling, secret]
    while not played.is_over:
        actor = min(played.actors)
        played = played.apply(played.legal_actions()[0], actor)
        positions.append(played)  # type: ignore[arg-type]
    return [p for p in positions if isinstance(p, ButtonMenState)]


@pytest.mark.usefixtures("german")
def test_button_men_positions_are_told_in_german_line_for_line() -> None:
    for board in button_men_positions():
        shown = bm_lesson.show(board)
        assert len(shown.text.splitlines()) == len(board.describe().splitlines()), shown.text
        assert not BUTTON_MEN_ENGLISH.search(shown.text), shown.text
        assert not re.search(r"\d\.\d", shown.text), shown.text
        texts = re.findall(r"<(?:text|title)[^>]*>([^<]*)<", shown.svg)
        assert not any(BUTTON_MEN_ENGLISH.search(t) for t in texts), texts


@pytest.mark.usefixtures("german")
def test_button_men_exercises_speak_german() -> None:
    assert not untranslated(bm_lesson)
    assert bm_lesson.answer(1, "avis").text == "Richtig!"
    assert bm_lesson.answer(1, "Bauer").text.startswith("Noch nicht: Der niedrigere Wert beginnt")
    assert "Avis ist am Zug" not in bm_lesson.exercise(1).markup
    assert bm_lesson.answer(2, [2, 3]).text.startswith("Noch nicht: Diese Würfel zeigen 5 + 8 = 13")
    assert bm_lesson.answer(3, "30,5").text.startswith("Noch nicht: Ein geschlagener Würfel zählt auch")
    solved = bm_lesson.solution(3).text.removeprefix("Lösung: ").rstrip(".")
    assert f"{solved} Punkte" not in bm_lesson.exercise(3).markup
    assert bm_lesson.answer(3, solved).text == "Richtig!"
    board = bm_lesson.deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), swing=(11, 5))
    after = bm_lesson.attack(board, "skill", [4, 5], [4], rerolls=[9, 2])
    assert bm_lesson.scores(after).text == "Wenn die Runde jetzt endete: Bauer 20,5, Avis 37,5."
    with pytest.raises(IllegalAction, match="ab 1 nummeriert"):
        bm_lesson.attack(board, "power", [0], [1])


@pytest.mark.usefixtures("german")
def test_button_men_match_is_summarised_in_german() -> None:
    shown = bm_lesson.match()
    assert shown.text in ("Bauer gewinnt.", "Avis gewinnt.")
    log = re.findall(r"<li>(.*?)</li>", shown.markup)
    pattern = r"(Bauer|Avis): (Swing X = \d+|passt|(Kraftangriff|Geschickangriff): [^ ].* auf .+)"
    assert log and all(re.fullmatch(pattern, m) for m in log), [m for m in log if not re.fullmatch(pattern, m)]
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", shown.markup)
    assert captions and all(c.startswith("Runde ") for c in captions)
    assert "Rundenpunkte" in shown.markup


ENGLISH_REFUSAL = re.compile(r"\b(the|your|you|is|of|has|have|shows?|needs?|attack|dice|not|cannot|holds|only|with|"
                             r"choose|enter|sides|there|must|takes?|stack|button)\b")
"""English words a German refusal must not contain."""
OPENING = (("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), (11, 5))
"""The German Button Men lesson's opening (Avis to move: Avis's dice attack Bauer's)."""
REFUSED: list[tuple[str, Any]] = [
    ("Du hast 5 Würfel", lambda b: bm_lesson.attack(b, "power", [9], [1])),
    ("Dein Gegner hat 5 Würfel", lambda b: bm_lesson.attack(b, "power", [1], [9])),
    ("zweimal", lambda b: bm_lesson.attack(b, "skill", [1, 1], [4])),
    ("mindestens den Wert", lambda b: bm_lesson.attack(b, "power", [1], [4])),
    ("genau einer deiner", lambda b: bm_lesson.attack(b, "power", [1, 2], [1])),
    ("genau den Wert des Ziels", lambda b: bm_lesson.attack(b, "skill", [1, 2], [4])),
    ("Tempo-Angriff", lambda b: bm_lesson.attack(b, "speed", [1], [1])),
    ("Schatten-Angriff", lambda b: bm_lesson.attack(b, "shadow", [1], [1])),
    ("keine Angriffsart", lambda b: bm_lesson.attack(b, "fly", [1], [1])),
    ("nicht zeigen", lambda b: bm_lesson.attack(b, "power", [3], [1], rerolls=[99])),
    ("Swing-Würfel X", lambda b: bm_lesson.deal(OPENING[0], OPENING[1], swing=(99, 5))),
    ("Button namens", lambda b: bm_lesson.deal(("Bauer", "Niemand"), OPENING[1], swing=OPENING[2])),
    ("Schatten-Würfel", lambda b: skills_lesson.attack(skills_lesson.deal(
        ("Vipera", "Umbra"), ([5, 4], [3, 6]), recipes=("p(12) (4)", "s(8) (6)")), "power", [1], [2])),
]
"""Refusals of the engine a German Button Men lesson can meet, each with a word of its German text."""


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(("german_words", "call"), REFUSED, ids=[words for words, _ in REFUSED])
def test_button_men_engine_refusals_reach_a_german_lesson_in_german(german_words: str, call: Any) -> None:
    board = bm_lesson.deal(*OPENING[:2], swing=OPENING[2])
    with pytest.raises(IllegalAction) as refused:
        call(board)
    said = slips.friendly(refused.value, "de")
    assert german_words in said and buttonmen_refusals.UNKNOWN not in said, said
    assert not ENGLISH_REFUSAL.search(said), said


def test_an_english_lesson_keeps_the_engine_s_own_refusal_and_an_unknown_one_is_not_shown_in_english() -> None:
    board = bm_lesson.deal(*OPENING[:2], swing=OPENING[2])
    with pytest.raises(IllegalAction, match="your opponent has 5 dice in play: there is no die 9 of theirs"):
        bm_lesson.attack(board, "power", [1], [9])
    assert buttonmen_refusals.german("a rule the lesson has never heard of.") == buttonmen_refusals.UNKNOWN


@pytest.mark.usefixtures("german")
def test_button_up_and_braille_refusals_in_german() -> None:
    with pytest.raises(IllegalAction) as lifted:
        bu_lesson.lift(bu_lesson.circle(), 2)
    br_lesson.start("de")
    try:
        with pytest.raises(IllegalAction) as chosen:
            br_lesson.attack(br_lesson.rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1]), 99)
        with pytest.raises(IllegalAction) as rolled:
            br_lesson.attack(br_lesson.rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1]), 1, [99])
    finally:
        br_lesson.start("en")
    said = [slips.friendly(error.value, "de") for error in (lifted, chosen, rolled)]
    assert said[0] == "Nicht erlaubt: Stapel 2 enthält keinen weißen Knopf und darf deshalb nicht aufgenommen werden."
    assert said[1] == "Nicht erlaubt: Wähle einen Angriff von 1 bis 18."
    assert not any(ENGLISH_REFUSAL.search(s) or re.search(r"[A-Z]{2}-\d\d", s) for s in said), said
