"""A die's notation shortened to fit the die it is drawn on (the die's words keep it whole)."""

NARROW_EMS = {"(": 0.4, ")": 0.4, "/": 0.35, ",": 0.35, ".": 0.35, "=": 0.85, "…": 1.0, "M": 0.9, "W": 1.0}
"""Widths in ems of the narrow and wide characters of a die's notation (the rest: :data:`CHARACTER_EM`)."""
CHARACTER_EM = 0.7
"""A generous width in ems of a letter or digit of the board's sans-serif font."""


def text_ems(text: str) -> float:
    """About how wide ``text`` is drawn, in ems (a little wider than it is, never narrower)."""
    return sum(NARROW_EMS.get(character, CHARACTER_EM) for character in text)


def fitted_notation(notation: str, room: float, font: float) -> str:
    """``notation`` as shown on a die ``room`` pixels wide at ``font`` pixels: whole when it fits, else shortened
    to its size (``(20/30=30)`` as ``(…=30)`` or ``=30``), else cut with an ellipsis (the die's words keep it whole)."""
    ems = room / font
    shortened = [notation]
    if "=" in notation and "(" in notation:
        size = notation[notation.index("="):]
        shortened.append(notation[:notation.index("(") + 1] + "…" + size)
        if notation.startswith("("):  # no skill letters to keep
            shortened.append(size.rstrip(")"))
    shortened += [notation[:cut] + "…" for cut in range(len(notation) - 1, 0, -1)]
    return next((text for text in shortened if text_ems(text) <= ems), "…")
