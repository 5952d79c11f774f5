"""The sentences the tutorial helpers say, and numbers, in the notebook's language (``en``, ``de``)."""

from __future__ import annotations

from core.i18n import Lang, translate

WORDS: dict[str, dict[Lang, str]] = {
    "ready": {"en": "Loading the game engine… ready.", "de": "Die Spiel-Engine wird geladen… fertig."},
    "play": {"en": "Play it now", "de": "Jetzt spielen"},
    "rules": {"en": "Rules", "de": "Regeln"},
    "home": {"en": "All games", "de": "Alle Spiele"},
    "right": {"en": "Right!", "de": "Richtig!"},
    "wrong": {"en": "Not quite. Hint: {hint} Try again, or call solution().",
              "de": "Noch nicht. Tipp: {hint} Versuch es noch einmal oder rufe solution() auf."},
    "no_exercise": {"en": "Run an exercise cell first.", "de": "Führe zuerst eine Übungszelle aus."},
    "no_such_exercise": {"en": "there are exercises 1 to {count}", "de": "es gibt die Übungen 1 bis {count}"},
    "solution": {"en": "Solution: {text}", "de": "Lösung: {text}"},
    "log": {"en": "The whole match, move by move", "de": "Die ganze Partie, Zug für Zug"},
    "moments": {"en": "Key moments", "de": "Wichtige Momente"},
    "wins": {"en": "{name} wins.", "de": "{name} gewinnt."},
    "draw": {"en": "A draw.", "de": "Unentschieden."},
}
"""Every sentence the helpers say, per language (``en``, ``de``)."""


def say(key: str, lang: str, **fields: object) -> str:
    """A helper's sentence ``key`` in ``lang``, with its fields filled in (KeyError names a missing id or language)."""
    return translate(WORDS, key, lang, **fields)


def number(value: float, lang: str = "en") -> str:
    """A number as the notebook's language writes it: ``25.5`` in English, ``25,5`` in German."""
    text = str(int(value)) if float(value).is_integer() else f"{value:.1f}"
    return text.replace(".", ",") if lang == "de" else text
