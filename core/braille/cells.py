"""Numbers as Unicode braille cells (rulebook §5.4, ruling BR-12).

A number is written as the numeric indicator ⠼ (dots 3-4-5-6) followed by the
letter cells a–j for the digits 1–0.  The decimal separator is the German
braille comma ⠂ (dot 2, ``code="de"``) or the UEB decimal point ⠲ (dots
2-5-6, ``code="ueb"``).

>>> number_cells(12)
'⠼⠁⠃'
>>> number_cells("1.5"), number_cells("1.5", code="ueb")
('⠼⠁⠂⠑', '⠼⠁⠲⠑')
>>> half_points_cells(35)
'⠼⠁⠛⠂⠑'
"""

from __future__ import annotations

from typing import Literal

BrailleCode = Literal["de", "ueb"]
CODES: tuple[BrailleCode, ...] = ("de", "ueb")

NUMERIC_INDICATOR = "\u283c"
"""⠼, dots 3-4-5-6."""

DIGIT_CELLS = {
    "1": "\u2801", "2": "\u2803", "3": "\u2809", "4": "\u2819", "5": "\u2811",
    "6": "\u280b", "7": "\u281b", "8": "\u2813", "9": "\u280a", "0": "\u281a",
}
"""The letter cells a–j standing for the digits 1–0."""

DECIMAL_SEPARATOR: dict[BrailleCode, str] = {"de": "\u2802", "ueb": "\u2832"}
"""⠂ (dot 2) in German braille, ⠲ (dots 2-5-6) in UEB."""


def number_cells(number: int | str, code: BrailleCode = "de") -> str:
    """A non-negative integer, or a decimal written with ``.``, as braille cells."""
    text = str(number)
    if code not in DECIMAL_SEPARATOR:
        raise ValueError(f"braille_code must be one of {', '.join(CODES)}; got {code!r}")
    whole, dot, fraction = text.partition(".")
    if not whole.isdigit() or (dot and not fraction.isdigit()) or not text.isascii():
        raise ValueError(f"only non-negative decimal numbers can be written in braille cells; got {text!r}")
    cells = "".join(DIGIT_CELLS[d] for d in whole)
    if dot:
        cells += DECIMAL_SEPARATOR[code] + "".join(DIGIT_CELLS[d] for d in fraction)
    return NUMERIC_INDICATOR + cells


def half_points_text(doubled: int) -> str:
    """A doubled score as plain digits, never rounded: ``31`` -> ``"15.5"``."""
    if doubled < 0:
        raise ValueError(f"scores here are never negative; got {doubled}")
    whole, half = divmod(doubled, 2)
    return f"{whole}.5" if half else str(whole)


def half_points_cells(doubled: int, code: BrailleCode = "de") -> str:
    """A doubled score (half points) as braille cells: ``3`` -> ``⠼⠁⠂⠑``."""
    return number_cells(half_points_text(doubled), code)
