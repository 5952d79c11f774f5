"""The braille page's words besides the log: how it speaks, the players' names, its fixed texts, the turn
line and the settings form, as parts of the ``view`` dict the browser renders."""

from __future__ import annotations

from collections.abc import Mapping

from core.braille import speech
from core.braille.cells import BrailleCode
from core.braille.table import Table
from core.bots import levels
from core.i18n import LANGUAGE_NAMES, LANGUAGES, Lang
from core.protocol import JSON, State
from webapp.braille.strings import STRINGS, t
from webapp.shell.session import HUMAN

TEXT_KEYS = ("dice", "attacks", "scores", "log", "settings", "keys", "confirm", "cancel", "new", "share")
RULES = ("dice_source", "must_attack", "initiative_full_tie", "braille_d6_per_player", "max_wins")
"""The rulings a visitor can set for the next match (the rest keep the rulebook's defaults)."""
FRAME_KEYS = ("title", "intro", "footer", "skip")
"""The page frame's texts (heading, tagline, footer, skip link) that follow the language switch."""
KEYS = ("key.digits", "key.l", "key.d", "key.s", "key.p", "key.h", "key.esc")


def voice(state: State) -> speech.Voice:
    """How the game's options ask the page to speak (BR-11, BR-12)."""
    options = state.options
    lang: Lang = "de" if options["announce_language"] == "de" else "en"
    code: BrailleCode = "ueb" if options["braille_code"] == "ueb" else "de"
    return speech.Voice(lang, bool(options["braille_cells"]), code)


def player_names(seats: list[str], lang: str) -> tuple[str, str]:
    """"Player 1" for a human seat, "Bot" (numbered when both are bots) otherwise."""
    bots = sum(seat != HUMAN for seat in seats)
    names = []
    for number, seat in enumerate(seats, start=1):
        if seat == HUMAN:
            names.append(t("player.default", lang, number=number))
        else:
            names.append(t("player.bot", lang) + (f" {number}" if bots > 1 else ""))
    return names[0], names[1]


def turn_lines(now: Table, v: speech.Voice, thinking: bool, human_to_move: bool) -> tuple[str, list[str]]:
    """The turn line (the result, a bot's turn, or the attacks of the person to move) and its notes."""
    if now.is_over:
        return speech.match_result(now, v), []
    assert now.to_move is not None
    if thinking or not human_to_move:
        return t("page.bot_thinking", v.lang) if thinking else v.say("said.turn", player=now.names[now.to_move]), []
    lines = speech.attack_list(now, v)
    notes = lines[-1:] if now.can_pass and now.attacks else []
    return lines[0], notes


def rule_choices(state: State, name: str) -> tuple[JSON, ...]:
    """The values a visitor may choose for the ruling ``name``."""
    if name == "max_wins":
        return (1, 2, 3, 4, 5)
    option = next(o for o in state.game.options if o.name == name)
    return option.choices


def settings_view(state: State, v: speech.Voice, large: bool, contrast: bool, opponent: str,
                  rules: Mapping[str, JSON]) -> dict[str, JSON]:
    """The settings form: language, themes, braille cells and code, the opponent and the rulings."""
    lang = v.lang
    opponents = [[HUMAN, t("page.hotseat", lang)]] + [
        [name, f"{t('player.bot', lang)}: {t(f'bot.{name}', lang) if f'bot.{name}' in STRINGS else level.label}"]
        for name, level in levels(state.game).items()]
    return {
        "language_label": t("page.language", lang),
        "languages": [[code, LANGUAGE_NAMES[code]] for code in LANGUAGES],
        "large_label": t("page.large", lang), "large": large,
        "contrast_label": t("page.contrast", lang), "contrast": contrast,
        "cells_label": t("page.cells", lang), "cells": v.cells,
        "code_label": t("page.code", lang), "codes": [["de", "Deutsch (⠂)"], ["ueb", "UEB (⠲)"]],
        "code": v.code,
        "opponent_label": t("page.opponent", lang), "opponents": opponents,
        "opponent": opponent,
        "rules_note": t("page.rules_note", lang),
        "rules": [
            {"key": f"rule-{name}", "label": t(f"rule.{name}", lang), "value": str(rules[name]),
             "choices": [[str(c), t(f"rule.{name}.{c}", lang) if f"rule.{name}.{c}" in STRINGS else str(c)]
                         for c in rule_choices(state, name)]}
            for name in RULES
        ],
    }
