"""The braille page's own words (headings, controls, settings, key names), per language.

The engine's announcements stay in :mod:`core.i18n`; this table holds what only the page shows.
:func:`t` looks here first, then in the engine's table, so the page speaks with one function.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.i18n import STRINGS as ENGINE_STRINGS
from core.i18n import Lang, translate

PAGE_STRINGS: dict[str, dict[Lang, str]] = {
    "player.bot": {"en": "Bot", "de": "Bot"},
    "label.pass": {"en": "Pass", "de": "Passen"},
    "page.title": {"en": "Button Man (braille variant)", "de": "Button Man (Braille-Variante)"},
    "page.intro": {
        "en": "Five dice each: d3, d4, twin (two d6 summed), braille A and braille B. "
              "Power and Skill attacks; first to three round wins.",
        "de": "Je fünf Würfel: W3, W4, Zwilling (zwei W6 addiert), Braille A und Braille B. "
              "Power- und Skill-Angriffe; wer zuerst drei Runden gewinnt, gewinnt.",
    },
    "page.footer": {
        "en": "Rules: the braille variant of Button Men from braillespiel.de; Rulebox plays them exactly.",
        "de": "Regeln: die Braille-Variante von Button Men von braillespiel.de; Rulebox spielt sie genau so.",
    },
    "page.skip": {"en": "Skip to the game", "de": "Zum Spiel springen"},
    "page.dice": {"en": "Dice", "de": "Würfel"},
    "page.attacks": {"en": "Legal attacks", "de": "Mögliche Angriffe"},
    "page.scores": {"en": "Scores", "de": "Punkte"},
    "page.log": {"en": "Announcements", "de": "Ansagen"},
    "page.keys": {"en": "Key map", "de": "Tastenbelegung"},
    "page.command": {"en": "Command (number, l, d, s, p, h)", "de": "Befehl (Zahl, l, d, s, p, h)"},
    "page.confirm": {"en": "Confirm", "de": "Bestätigen"},
    "page.cancel": {"en": "Cancel", "de": "Abbrechen"},
    "page.new": {"en": "New match", "de": "Neue Partie"},
    "page.new_asks": {
        "en": "This ends the match in progress. Press New match again to start the new match, "
              "or Cancel (Escape) to keep playing.",
        "de": "Damit endet die laufende Partie. Noch einmal Neue Partie drücken, um die neue Partie zu beginnen, "
              "oder Abbrechen (Escape), um weiterzuspielen.",
    },
    "page.settings": {"en": "Settings", "de": "Einstellungen"},
    "page.language": {"en": "Language", "de": "Sprache"},
    "page.large": {"en": "Large text", "de": "Große Schrift"},
    "page.contrast": {"en": "High contrast", "de": "Hoher Kontrast"},
    "page.cells": {"en": "Numbers as braille cells", "de": "Zahlen als Braillezellen"},
    "page.code": {"en": "Braille code", "de": "Braille-Code"},
    "page.opponent": {"en": "Opponent", "de": "Gegner"},
    "page.hotseat": {"en": "Two players at this device", "de": "Zwei Personen an diesem Gerät"},
    "page.roll": {"en": "Roll result", "de": "Wurfergebnis"},
    "page.share": {"en": "Share link", "de": "Link zum Teilen"},
    "bot.random": {"en": "Random: any legal move", "de": "Zufall: irgendein erlaubter Zug"},
    "bot.greedy": {"en": "Greedy: best immediate result", "de": "Gierig: bestes sofortiges Ergebnis"},
    "bot.mcts": {"en": "Thinker: tree search (MCTS)", "de": "Denker: Baumsuche (MCTS)"},
    "page.rules_note": {"en": "Rules for the next new match:", "de": "Regeln für die nächste neue Partie:"},
    "rule.dice_source": {"en": "Dice (BR-13)", "de": "Würfel (BR-13)"},
    "rule.dice_source.rng": {"en": "rolled by the computer", "de": "vom Computer gewürfelt"},
    "rule.dice_source.manual": {"en": "real dice, results typed in", "de": "echte Würfel, Ergebnisse eintippen"},
    "rule.must_attack": {"en": "Attacking is mandatory (BR-04)", "de": "Angriffspflicht (BR-04)"},
    "rule.must_attack.True": {"en": "yes", "de": "ja"},
    "rule.must_attack.False": {"en": "no, passing is always allowed", "de": "nein, Passen ist immer erlaubt"},
    "rule.initiative_full_tie": {"en": "When every die ties (BR-03)", "de": "Wenn alle Würfel gleich sind (BR-03)"},
    "rule.initiative_full_tie.draw_round": {"en": "the round is drawn", "de": "die Runde ist unentschieden"},
    "rule.initiative_full_tie.reroll": {"en": "roll all dice again", "de": "alle Würfel neu würfeln"},
    "rule.initiative_full_tie.random_first": {"en": "a random player begins", "de": "ein zufälliger Spieler beginnt"},
    "rule.braille_d6_per_player": {"en": "Braille d6 per player (BR-01)", "de": "Braille-W6 pro Person (BR-01)"},
    "rule.max_wins": {"en": "Round wins to take the match (BR-09)", "de": "Rundensiege für die Partie (BR-09)"},
    "page.bot_thinking": {"en": "The bot is thinking.", "de": "Der Bot überlegt."},
    "key.digits": {"en": "digits, Enter: choose an attack; Enter again: confirm",
                   "de": "Ziffern, Enter: Angriff wählen; noch einmal Enter: bestätigen"},
    "key.l": {"en": "l: read the legal attacks", "de": "l: mögliche Angriffe vorlesen"},
    "key.d": {"en": "d: read all dice", "de": "d: alle Würfel vorlesen"},
    "key.s": {"en": "s: read the scores", "de": "s: Punkte vorlesen"},
    "key.p": {"en": "p: pass (only without an attack)", "de": "p: passen (nur ohne Angriff)"},
    "key.h": {"en": "h or ?: help", "de": "h oder ?: Hilfe"},
    "key.esc": {"en": "Escape: cancel a selection", "de": "Escape: Auswahl abbrechen"},
}

STRINGS: Mapping[str, dict[Lang, str]] = {**ENGINE_STRINGS, **PAGE_STRINGS}
"""Every string the page may show: the page's own and the engine's."""


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` (the page's table first, then the engine's)."""
    return translate(STRINGS, key, lang, **fields)
