"""The Button Up! tutorial's sentences in English and German, and its positions drawn and told in German.

The German names follow the German Rules page: Rot and Schwarz, Knöpfe, Stapel, Zusatzzug, Überlauf, Siegpunkte.
"""

from __future__ import annotations

from core.buttonup import ButtonUpState, ChooseStarter, Sow
from core.buttonup.render import status
from core.i18n import Lang, translate
from core.protocol import Action, State
from core.teach.output import Picture, relabel

TEXT: dict[str, dict[Lang, str]] = {
    "red": {"en": "Red", "de": "Rot"},
    "black": {"en": "Black", "de": "Schwarz"},
    "colour_R": {"en": "red", "de": "rot"},
    "colour_B": {"en": "black", "de": "schwarz"},
    "colour_W": {"en": "white", "de": "weiß"},
    "on_R": {"en": "a red button", "de": "einem roten Knopf"},
    "on_B": {"en": "a black button", "de": "einem schwarzen Knopf"},
    "on_W": {"en": "a white button", "de": "einem weißen Knopf"},
    "letter_R": {"en": "R", "de": "R"},
    "letter_B": {"en": "B", "de": "S"},
    "letter_W": {"en": "W", "de": "W"},
    "letters": {"en": "R red, B black, W white", "de": "R rot, S schwarz, W weiß"},
    "or": {"en": " or ", "de": " oder "},
    "may_one": {"en": "{mover} may lift stack {n}.", "de": "{mover} darf Stapel {n} aufnehmen."},
    "may_many": {"en": "{mover} may lift stack {some} or {last}.",
                 "de": "{mover} darf Stapel {some} oder {last} aufnehmen."},
    "no_stack": {"en": "there is no stack {n}: the stacks are numbered 1 to {count}",
                 "de": "Es gibt keinen Stapel {n}: Die Stapel sind von 1 bis {count} nummeriert"},
    "no_white": {"en": "stack {n} holds no white button, so it may not be lifted.",
                 "de": "Stapel {n} enthält keinen weißen Knopf und darf deshalb nicht aufgenommen werden."},
    "overflow": {"en": "stack {n} overflows (more buttons than other stacks), and an overflow never earns a turn.",
                 "de": "Stapel {n} läuft über (er hat mehr Knöpfe, als es andere Stapel gibt), und ein Überlauf "
                       "bringt nie einen Zusatzzug."},
    "other_colour": {"en": "the last button of stack {n} ({last}) lands on {landed}: only the same colour earns an "
                           "extra turn.",
                     "de": "Der letzte Knopf von Stapel {n} ({last}) landet auf {landed}: Nur dieselbe Farbe bringt "
                           "einen Zusatzzug."},
    "red_alone": {"en": "that is Red's sum alone: Red gains the difference between the two sums.",
                  "de": "Das ist nur die Summe von Rot: Rot erhält die Differenz der beiden Summen."},
    "black_alone": {"en": "that is Black's sum alone: Red gains the difference between the two sums.",
                    "de": "Das ist nur die Summe von Schwarz: Rot erhält die Differenz der beiden Summen."},
    "negative": {"en": "Red's sum is the larger one, so Red gains a positive number.",
                 "de": "Die Summe von Rot ist die größere, also erhält Rot eine positive Zahl."},
    "added": {"en": "the two sums are subtracted, not added.",
              "de": "Die beiden Summen werden voneinander abgezogen, nicht addiert."},
    "not_difference": {"en": "{v} is not Red's sum minus Black's (heights count from 1 at the bottom; whites count "
                             "for nobody).",
                       "de": "{v} ist nicht die Summe von Rot minus die von Schwarz (die Höhen zählen ab 1 ganz "
                             "unten; weiße Knöpfe zählen für niemanden)."},
    "worse": {"en": "after stack {n}, perfect play leaves {mover} {short} points worse off than the best move.",
              "de": "Nach Stapel {n} steht {mover} bei perfektem Spiel {short} Punkte schlechter da als nach dem "
                    "besten Zug."},
    "q_extra": {"en": "Black to move. Which stack earns Black an extra turn? Answer with its number.",
                "de": "Schwarz ist am Zug. Welcher Stapel bringt Schwarz einen Zusatzzug? Antworte mit seiner "
                      "Nummer."},
    "h_extra": {"en": "Look at the last button each stack would drop and the button it would land on.",
                "de": "Schau dir bei jedem Stapel den Knopf an, den er zuletzt ablegen würde, und den Knopf, auf "
                      "dem dieser landen würde."},
    "s_extra": {"en": "stack {stacks}: its last button lands on a button of its own colour.",
                "de": "Stapel {stacks}: Sein letzter Knopf landet auf einem Knopf derselben Farbe."},
    "q_score": {"en": "Red lifts stack 1, the last move of the round: it overflows onto stack 2, leaving one stack, "
                      "bottom to top: {final} ({letters}). How many victory points does Red gain?",
                "de": "Rot macht den letzten Zug der Runde und nimmt Stapel 1 auf: Er läuft auf Stapel 2 über, und "
                      "es bleibt ein Stapel, von unten nach oben: {final} ({letters}). Wie viele Siegpunkte erhält "
                      "Rot?"},
    "h_score": {"en": "Number the buttons 1 (bottom) to 9 (top); add the numbers of each army's buttons.",
                "de": "Nummeriere die Knöpfe von 1 (unten) bis 9 (oben) und addiere die Nummern der Knöpfe jeder "
                      "Armee."},
    "s_score": {"en": "Red sits at heights {reds} = {red}; Black at {blacks} = {black}; Red gains {red} − {black} = "
                      "{gain}.",
                "de": "Rot liegt auf den Höhen {reds} = {red}, Schwarz auf {blacks} = {black}; Rot erhält "
                      "{red} − {black} = {gain}."},
    "q_best": {"en": "{mover} to move, three moves before the end. Which stack gives {mover} the best round? Answer "
                     "with its number.",
               "de": "{mover} ist am Zug, drei Züge vor dem Ende. Welcher Stapel bringt {mover} die beste Runde? "
                     "Antworte mit seiner Nummer."},
    "h_best": {"en": "may_lift(example(5)) names the stacks you may lift; try each, like show(lift(example(5), "
                     "{n})), and look at who ends up on top.",
               "de": "may_lift(example(5)) nennt die Stapel, die du aufnehmen darfst; probiere jeden aus, etwa "
                     "show(lift(example(5), {n})), und schau, wer oben landet."},
    "s_best": {"en": "stack {stacks}, as the perfect solver finds.",
               "de": "Stapel {stacks}, wie ihn der perfekte Löser findet."},
    "moment": {"en": "Round {n}, before its last move: Red {red}, Black {black} in the final stack.",
               "de": "Runde {n}, vor ihrem letzten Zug: Rot {red}, Schwarz {black} im Schlussstapel."},
    "chart": {"en": "Victory points", "de": "Siegpunkte"},
}
"""Every sentence of the Button Up! tutorial, per language."""

GERMAN: dict[str, str] = {
    "head": "Button Up!, Runde {n}. Siegpunkte: Rot {red}, Schwarz {black}.",
    "over": "Spielende: {winner} gewinnt {won} zu {lost}.",
    "choosing": "{mover} wählt, wer Runde {n} beginnt.",
    "to_move": "{mover} ist am Zug{extra}; Zug {move} von 8; wer zuerst {target} Siegpunkte hat, gewinnt.",
    "extra": " (Zusatzzug)",
    "stacks": "Stapel im Uhrzeigersinn, jeder von unten nach oben:",
    "stack": "  Stapel {n}: {buttons}",
    "movable": "Stapel, die aufgenommen werden dürfen (sie enthalten einen weißen Knopf): {numbers}.",
    "last": "Letzte Runde: Schlussstapel {buttons}; Rot {red}, Schwarz {black}: {result}.",
    "tie": "Gleichstand, niemand punktet",
    "gains": "{winner} erhält {gain}",
    "sow": "nimmt Stapel {n} auf ({buttons})",
    "starts": "{player} beginnt die Runde",
}
"""A Button Up! position and its moves in German (the English words are the game's own, ``core.buttonup.render``)."""


def say(key: str, lang: str, **fields: object) -> str:
    """The tutorial's sentence ``key`` in ``lang``."""
    return translate(TEXT, key, lang, **fields)


def player(index: int, lang: str) -> str:
    """Red (0) or Black (1) in ``lang``."""
    return say(("red", "black")[index], lang)


def buttons(stack: str, lang: str) -> str:
    """A stack bottom to top in words, e.g. ``rot, weiß``."""
    return ", ".join(say(f"colour_{b}", lang) for b in stack)


def german_status(state: ButtonUpState) -> str:
    """Who acts now, or who won, in German."""
    if state.is_over:
        winner = state.winner
        assert winner is not None
        return GERMAN["over"].format(winner=player(winner, "de"), won=state.points[winner],
                                     lost=state.points[1 - winner])
    mover = player(state.mover or 0, "de")
    if state.choosing:
        return GERMAN["choosing"].format(mover=mover, n=state.round_number)
    return GERMAN["to_move"].format(mover=mover, extra=GERMAN["extra"] if state.extra else "",
                                    move=state.moves_made + 1, target=state.options["target_score"])


def german_words(state: ButtonUpState) -> str:
    """The whole position in German, in the order of the game's own description."""
    red, black = state.points
    lines = [GERMAN["head"].format(n=state.round_number, red=red, black=black), german_status(state),
             GERMAN["stacks"], *(GERMAN["stack"].format(n=i, buttons=buttons(s, "de"))
                                 for i, s in enumerate(state.stacks, 1))]
    if not state.is_over and not state.choosing:
        movable = ", ".join(str(i) for i, s in enumerate(state.stacks, 1) if "W" in s)
        lines.append(GERMAN["movable"].format(numbers=movable))
    if state.rounds:
        last = state.rounds[-1]
        r, b = last.sums
        result = GERMAN["tie"] if last.winner is None else GERMAN["gains"].format(
            winner=player(last.winner, "de"), gain=abs(r - b))
        lines.append(GERMAN["last"].format(buttons=buttons(last.final, "de"), red=r, black=b, result=result))
    return "\n".join(lines)


def draw(state: State, lang: str) -> Picture:
    """The position's picture and words in ``lang`` (German: the picture's status line too)."""
    assert isinstance(state, ButtonUpState)
    if lang != "de":
        return Picture(state.svg(), state.describe(), lang)
    english, german = state.describe().splitlines()[0], german_words(state).splitlines()[0]
    svg = relabel(state.svg(), {f"{english} {status(state)}": f"{german} {german_status(state)}",
                                status(state): german_status(state)})
    return Picture(svg, german_words(state), lang)


def move_label(action: Action, lang: str) -> str:
    """A move of the match log in ``lang``."""
    if lang != "de":
        return str(action)
    if isinstance(action, Sow):
        lifted = GERMAN["sow"].format(n=action.stack + 1, buttons=buttons(action.buttons, "de"))
        return lifted if action.buttons else lifted.split(" (")[0]
    if isinstance(action, ChooseStarter):
        return GERMAN["starts"].format(player=player(action.player, "de"))
    return str(action)
