"""The Button Men skills lesson's sentences in English and German.

The German words follow the German Rules page and the German Button Men tutorial (Gift-Würfel, Schatten-Würfel,
Kraftangriff, Rundenpunkte, schlagen); the lesson's positions are drawn and told by
:func:`core.teach.buttonmen_text.draw`.
"""

from __future__ import annotations

from core.i18n import Lang, translate

TEXT: dict[str, dict[Lang, str]] = {
    "q_poison": {"en": "{b} to move. {b}'s (6), showing {v}, captures {a}'s p(12) (showing {t}) with a Power attack "
                       "and re-rolls a {r}. What is {b}'s round score then? (Now it is {now}.)",
                 "de": "{b} ist am Zug. Der Würfel (6) von {b} zeigt {v} und schlägt mit einem Kraftangriff den "
                       "Würfel p(12) von {a} (er zeigt {t}); neu gewürfelt zeigt er dann {r}. Wie viele Rundenpunkte "
                       "hat {b} danach? (Jetzt sind es {now}.)"},
    "w_poison_added": {"en": "a captured Poison die counts against whoever captured it: half its size is taken away.",
                       "de": "Ein geschlagener Gift-Würfel zählt gegen den, der ihn geschlagen hat: Die Hälfte seiner "
                             "Größe wird abgezogen."},
    "w_poison_half_added": {"en": "a captured Poison die counts against its captor: take half its size away, do not "
                                  "add.",
                            "de": "Ein geschlagener Gift-Würfel zählt gegen den, der ihn geschlagen hat: Zieh die "
                                  "Hälfte seiner Größe ab, statt sie zu addieren."},
    "w_poison_full": {"en": "the captor loses half the Poison die's size; only its owner loses the full size.",
                      "de": "Wer den Gift-Würfel schlägt, verliert die Hälfte seiner Größe; nur sein Besitzer verliert "
                            "die volle Größe."},
    "w_poison_kept": {"en": "the captured Poison die counts too: against {b}, half its size.",
                      "de": "Der geschlagene Gift-Würfel zählt auch, und zwar gegen {b}: die Hälfte seiner Größe."},
    "w_poison": {"en": "{score} is not {b}'s score before the attack ({before}) less half the Poison die's size.",
                 "de": "{score} ergibt sich nicht aus den Rundenpunkten von {b} vor dem Angriff ({before}) minus der "
                       "Hälfte der Größe des Gift-Würfels."},
    "h_poison": {"en": "A Poison die counts against whoever holds it at the end: its owner loses its full size, a "
                       "player who captured it loses half its size.",
                 "de": "Ein Gift-Würfel zählt am Ende gegen den, der ihn hat: Sein Besitzer verliert seine volle "
                       "Größe, wer ihn geschlagen hat, verliert die Hälfte seiner Größe."},
    "s_poison": {"en": "{now}: {before} minus half of {size}.", "de": "{now}: {before} minus die Hälfte von {size}."},
    "q_shadow": {"en": "{b} to move. Which of {a}'s dice can {b}'s Shadow die (its die 1, showing {v}) capture? "
                       "Answer 1 or 2.",
                 "de": "{b} ist am Zug. Welchen Würfel von {a} kann der Schatten-Würfel von {b} (sein Würfel 1, er "
                       "zeigt {v}) schlagen? Antworte mit 1 oder 2."},
    "w_no_die": {"en": "{a} has dice 1 to {count}.", "de": "{a} hat die Würfel 1 bis {count}."},
    "w_shadow_high": {"en": "{a}'s die {die} shows {value}, more than the Shadow die's size ({size}): out of its "
                            "reach.",
                      "de": "Der Würfel {die} von {a} zeigt {value}, mehr als die Größe des Schatten-Würfels ({size}): "
                            "außer seiner Reichweite."},
    "w_shadow_low": {"en": "{a}'s die {die} shows {value}, less than the Shadow die's {shadow}: a Shadow die takes "
                           "the same or more, and it makes no Power attack.",
                     "de": "Der Würfel {die} von {a} zeigt {value}, weniger als die {shadow} des Schatten-Würfels: Ein "
                           "Schatten-Würfel schlägt nur denselben oder einen höheren Wert, und einen Kraftangriff "
                           "macht er nicht."},
    "h_shadow": {"en": "A Shadow die takes a die showing the same value or more, up to its own size ({size}).",
                 "de": "Ein Schatten-Würfel schlägt einen Würfel, der denselben oder einen höheren Wert zeigt, bis zu "
                       "seiner eigenen Größe ({size})."},
    "s_shadow": {"en": "die {die}: it shows {value}, at least {shadow} and at most {size}; die {other} shows {low}, "
                       "less than {shadow}.",
                 "de": "Würfel {die}: Er zeigt {value}, also mindestens {shadow} und höchstens {size}; Würfel {other} "
                       "zeigt {low}, weniger als {shadow}."},
}
"""Every sentence of the skills lesson's exercises, per language."""


def say(key: str, lang: str, **fields: object) -> str:
    """The lesson's sentence ``key`` in ``lang``."""
    return translate(TEXT, key, lang, **fields)
