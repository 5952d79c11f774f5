"""Braille cells (rulebook §5.4) and the shared string table."""

import pytest

from core import i18n
from core.braille.cells import half_points_cells, half_points_text, number_cells
from core.i18n import half_points_words, number_words, plural, t


@pytest.mark.parametrize(
    ("number", "code", "cells"),
    [
        (12, "de", "⠼⠁⠃"),
        ("1.5", "de", "⠼⠁⠂⠑"),
        ("1.5", "ueb", "⠼⠁⠲⠑"),
        ("17.5", "de", "⠼⠁⠛⠂⠑"),
        (1234567890, "de", "⠼⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚"),
        (0, "ueb", "⠼⠚"),
    ],
)
def test_rulebook_examples(number: int | str, code: str, cells: str) -> None:
    assert number_cells(number, code) == cells  # type: ignore[arg-type]


def test_cells_are_braille_patterns_with_the_numeric_indicator() -> None:
    for n in range(200):
        cells = number_cells(n)
        assert cells[0] == "⠼" and all(0x2800 <= ord(c) <= 0x28FF for c in cells)
        assert len(cells) == 1 + len(str(n))


def test_half_points_are_never_rounded() -> None:
    assert half_points_text(3) == "1.5" and half_points_text(31) == "15.5" and half_points_text(30) == "15"
    assert half_points_cells(35) == "⠼⠁⠛⠂⠑"
    assert half_points_cells(93, "ueb") == "⠼⠙⠋⠲⠑"


@pytest.mark.parametrize("bad", [-1, "1,5", "x", "1.", "١٢"])
def test_bad_numbers_are_refused(bad: int | str) -> None:
    with pytest.raises(ValueError):
        number_cells(bad)


def test_unknown_braille_code_is_refused() -> None:
    with pytest.raises(ValueError, match="braille_code"):
        number_cells(5, "fr")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("doubled", "en", "de"),
    [
        (31, "fifteen and a half", "fünfzehneinhalb"),
        (3, "one and a half", "eineinhalb"),
        (1, "one half", "einhalb"),
        (43, "twenty-one and a half", "einundzwanzigeinhalb"),
        (93, "forty-six and a half", "sechsundvierzigeinhalb"),
        (62, "thirty-one", "einunddreißig"),
        (0, "zero", "null"),
        (2, "one", "eins"),
    ],
)
def test_score_words(doubled: int, en: str, de: str) -> None:
    assert half_points_words(doubled, "en") == en
    assert half_points_words(doubled, "de") == de


def test_number_words_range() -> None:
    assert number_words(100, "en") == "one hundred" and number_words(117, "de") == "einhundertsiebzehn"
    assert number_words(200, "en") == "two hundred"
    with pytest.raises(ValueError):
        number_words(1000, "en")


def test_every_string_has_every_language_and_the_same_fields() -> None:
    import string

    for key, entry in i18n.STRINGS.items():
        assert set(entry) == set(i18n.LANGUAGES), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in entry.values()]
        assert all(f == fields[0] for f in fields), key


def test_lookup_fails_loudly() -> None:
    with pytest.raises(KeyError, match="no string"):
        t("no.such.key", "en")
    with pytest.raises(KeyError, match="unknown language"):
        t("die.d3", "fr")
    with pytest.raises(KeyError):
        t("dice.shows", "en", die="d3")  # the value field is missing
    assert t("dice.shows", "en", die="d3", value=2) == "d3 shows 2"


def test_plural_texts_come_in_pairs_and_follow_the_count() -> None:
    for key in i18n.STRINGS:
        stem, _, form = key.rpartition(".")
        if form in ("one", "other"):
            assert {f"{stem}.one", f"{stem}.other"} <= set(i18n.STRINGS), key
    assert plural("match.won", "en", 1, winner="Anna", wins=1, losses=0) == "Anna wins the match, 1 round to 0."
    assert plural("match.won", "de", 2, winner="Bob", wins=2, losses=1) == "Bob gewinnt die Partie, 2 Runden zu 1."
    assert plural("match.cancelled", "en", 0, rounds=0) == "The match is cancelled after 0 rounds."
