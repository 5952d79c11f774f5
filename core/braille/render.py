"""A position of the braille variant as sentences (every die, both scores, the legal attacks) and as SVG."""

from __future__ import annotations

from core import svg as svgdoc
from core.braille import speech
from core.braille.state import BrailleState, default_names, seat_table
from core.braille.table import SLOTS
from core.i18n import t


def describe(state: BrailleState) -> str:
    """Every die, both captured piles, the scores and the legal attacks, as sentences."""
    options = state.options
    voice = speech.Voice(options["announce_language"], options["braille_cells"], options["braille_code"])
    now = seat_table(state, default_names(voice.lang))
    lines = [*speech.all_dice(now, voice), *speech.scores(now, voice), *speech.attack_list(now, voice)]
    return "\n".join(lines)


def svg(state: BrailleState) -> str:
    """Both players' dice as labelled boxes (the text view says the same first)."""
    now = seat_table(state, default_names(state.options["announce_language"]))
    voice = speech.Voice(state.options["announce_language"])
    body: list[str] = []
    for p in (0, 1):
        y = 20 + 90 * p
        body.append(svgdoc.text(10, y, now.names[p], size=14, anchor="start"))
        present = {d.slot: d for d in now.dice[p]}
        for k, slot in enumerate(SLOTS[: 3 + state.options["braille_d6_per_player"]]):
            x = 10 + 78 * k
            die = present.get(slot)
            fill, ink = ("#fff", "#111") if die is not None else ("#ddd", "#555")
            body.append(f'<rect x="{x}" y="{y + 12}" width="70" height="56" rx="8" fill="{fill}" '
                        'stroke="#111" stroke-width="2"/>')
            body.append(svgdoc.text(x + 35, y + 26, t(f"die.{slot}", voice.lang), size=11, fill=ink))
            shown = "-" if die is None else "?" if die.value is None else str(die.value)
            body.append(svgdoc.text(x + 35, y + 50, shown, size=22, fill=ink))
    title = " ".join(speech.player_dice(now, p, voice) for p in (0, 1))
    return svgdoc.document(410, 190, title, body)
