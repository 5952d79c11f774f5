"""The sentences the tutorial helpers say, and numbers, in the notebook's language (``en``, ``de``)."""

from __future__ import annotations

from core.i18n import Lang, translate

WORDS: dict[str, dict[Lang, str]] = {
    "ready": {"en": "Loading the game engine… ready.", "de": "Die Spiel-Engine wird geladen… fertig."},
    "play": {"en": "Play it now", "de": "Jetzt spielen"},
    "rules": {"en": "Rules", "de": "Regeln"},
    "home": {"en": "All games", "de": "Alle Spiele"},
    "right": {"en": "Right!", "de": "Richtig!"},
    "wrong": {"en": "Not quite: {reason} Try again; hint({n}) gives a tip, solution({n}) shows the answer.",
              "de": "Noch nicht: {reason} Versuch es noch einmal; hint({n}) gibt einen Tipp, solution({n}) "
                    "zeigt die Lösung."},
    "blank": {"en": "Exercise {n} waits for your answer: write it in place of ... and run the cell again.",
              "de": "Übung {n} wartet auf deine Antwort: Schreib sie anstelle von ... und führe die Zelle noch "
                    "einmal aus."},
    "blank_click": {"en": "Exercise {n} waits for your answer: run this cell and click it, or write it in place of "
                          "... and run the cell again.",
                    "de": "Übung {n} wartet auf deine Antwort: Führe diese Zelle aus und klicke sie an, oder schreib "
                          "sie anstelle von ... und führe die Zelle noch einmal aus."},
    "click": {"en": "Exercise {n}: click your answer (or write it in place of ... and run the cell again).",
              "de": "Übung {n}: Klicke deine Antwort an (oder schreib sie anstelle von ... und führe die Zelle noch "
                    "einmal aus)."},
    "click_several": {"en": "Exercise {n}: click everything that belongs to your answer, then Check (or write it in "
                            "place of ... and run the cell again).",
                      "de": "Übung {n}: Klicke alles an, was zu deiner Antwort gehört, dann Prüfen (oder schreib sie "
                            "anstelle von ... und führe die Zelle noch einmal aus)."},
    "check": {"en": "Check", "de": "Prüfen"},
    "how_click": {"en": "Answer in the next cell: run it and click your answer, or replace the ... in answer({n}, "
                        "...) with your answer.",
                  "de": "Antworte in der nächsten Zelle: Führe sie aus und klicke deine Antwort an, oder ersetze die "
                        "... in answer({n}, ...) durch deine Antwort."},
    "how": {"en": "Answer in the next cell: replace the ... in answer({n}, ...) with your answer.",
            "de": "Antworte in der nächsten Zelle: Ersetze die ... in answer({n}, ...) durch deine Antwort."},
    "no_such_exercise": {"en": "There are exercises 1 to {count}: answer(1, ...) answers exercise 1.",
                         "de": "Es gibt die Übungen 1 bis {count}: answer(1, ...) beantwortet Übung 1."},
    "no_position": {"en": "Exercise {n} has no position to try moves on.",
                    "de": "Übung {n} hat keine Stellung zum Ausprobieren."},
    "solution": {"en": "Solution: {text}", "de": "Lösung: {text}"},
    "in_words": {"en": "In words", "de": "In Worten"},
    "slip_one": {"en": "One answer at a time: answer({n}, {a}) or answer({n}, {b}).",
                 "de": "Eine Antwort auf einmal: answer({n}, {a}) oder answer({n}, {b})."},
    "slip_brackets": {"en": "Put the numbers in square brackets: answer({n}, [{values}]).",
                      "de": "Setze die Zahlen in eckige Klammern: answer({n}, [{values}])."},
    "slip_quotes": {"en": "Put the answer in quotes, like answer({n}, \"Avis\").",
                    "de": "Setze die Antwort in Anführungszeichen, etwa answer({n}, \"Avis\")."},
    "slip_number": {"en": "Answer with a number, like answer({n}, 12) or answer({n}, 15.5).",
                    "de": "Antworte mit einer Zahl, etwa answer({n}, 12) oder answer({n}, 15.5)."},
    "slip_whole": {"en": "Answer with one whole number, like answer({n}, 2).",
                   "de": "Antworte mit einer ganzen Zahl, etwa answer({n}, 2)."},
    "slip_name": {"en": "Put names in quotes: \"{name}\" (nothing here is called {name} without them).",
                  "de": "Setze Namen in Anführungszeichen: \"{name}\" (ohne sie heißt hier nichts {name})."},
    "slip_syntax": {"en": "This line is not quite Python: check its quotes, brackets and commas.",
                    "de": "Diese Zeile ist nicht ganz Python: Prüfe Anführungszeichen, Klammern und Kommas."},
    "slip_refused": {"en": "Not allowed: {reason}.", "de": "Nicht erlaubt: {reason}."},
    "slip_call": {"en": "That call does not fit ({reason}): compare it with the example above.",
                  "de": "Dieser Aufruf passt nicht ({reason}): Vergleiche ihn mit dem Beispiel oben."},
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
