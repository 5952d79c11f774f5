"""The Button Men engine's refusals told in German, for the German tutorials (Button Men and its skills lesson).

The engine names the rule an attack, a roll or a swing size breaks in English
(:mod:`core.buttonmen.refusals`, ``core.buttonmen.state``); a German lesson reads each sentence it
knows through :data:`GERMAN` (an English pattern, its German text with the same fields) and any other
as :data:`UNKNOWN`, so that a German student never reads an English line.  :func:`refused` wraps the
lesson's engine calls.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from core.protocol import IllegalAction, InputError
from core.teach.buttonmen_text import KINDS

DIE = r"(?P<die>\S+)"
GERMAN: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(english), german) for english, german in (
    (r"you have (?P<n>\d+) dice in play: there is no die (?P<i>\d+) of yours to attack with",
     "Du hast {n} Würfel im Spiel: Einen Würfel {i} zum Angreifen gibt es nicht"),
    (r"your opponent has (?P<n>\d+) dice in play: there is no die (?P<i>\d+) of theirs to attack",
     "Dein Gegner hat {n} Würfel im Spiel: Einen Würfel {i} zum Angreifen gibt es dort nicht"),
    (r"a die is selected twice", "Ein Würfel ist zweimal gewählt"),
    (r"an attack needs at least one attacking die and one target",
     "Ein Angriff braucht mindestens einen angreifenden Würfel und ein Ziel"),
    (r"'(?P<typed>[^']*)' is not an attack type; the types are (?P<types>.*)",
     "„{typed}“ ist keine Angriffsart; die Arten sind {types}"),
    (r"a (?P<kind>\w+) attack is made by exactly one of your dice \(section 8\.2\)",
     "Einen {kind} macht genau einer deiner Würfel"),
    (r"a (?P<kind>\w+) attack takes exactly one target \(section 8\.2\)",
     "Ein {kind} hat genau ein Ziel"),
    (r"a Rush attack takes exactly two targets \(section 8\.2\)", "Ein Rush-Angriff hat genau zwei Ziele"),
    (r"a (?P<kind>\w+) attack needs a die with that skill; " + DIE + " has none",
     "Ein {kind} braucht einen Würfel mit dieser Fähigkeit; {die} hat sie nicht"),
    (DIE + r" cannot make Power attacks: it is a (?P<skill>\w+) die",
     "{die} kann keinen Kraftangriff machen: Er ist ein {skill}-Würfel"),
    (DIE + r" cannot make Power attacks", "{die} kann keinen Kraftangriff machen"),
    (r"a Power attack needs the attacker to show at least the target's value: " + DIE + r" shows (?P<v>\d+), "
     r"(?P<target>\S+) shows (?P<t>\d+)",
     "Beim Kraftangriff muss der Angreifer mindestens den Wert des Ziels zeigen: {die} zeigt {v}, {target} zeigt {t}"),
    (r"a Shadow attack needs a Shadow die, or a Queer die showing an odd number; " + DIE + " is neither",
     "Einen Schatten-Angriff macht nur ein Schatten-Würfel (oder ein Queer-Würfel mit ungeradem Wert); {die} ist "
     "keiner"),
    (r"a Shadow attack takes a die showing from the attacker's value to its size: " + DIE + r" covers (?P<v>\d+) to "
     r"(?P<size>\d+), (?P<target>\S+) shows (?P<t>\d+)",
     "Ein Schatten-Angriff schlägt einen Würfel, der vom Wert des Angreifers bis zu seiner Größe zeigt: {die} reicht "
     "von {v} bis {size}, {target} zeigt {t}"),
    (r"a Skill attack needs the attacking dice to add up exactly to the target's value: (?P<dice>.+) make "
     r"(?P<total>\d+), (?P<target>\S+) shows (?P<t>\d+)",
     "Beim Geschickangriff müssen die angreifenden Würfel genau den Wert des Ziels ergeben: {dice} ergeben {total}, "
     "{target} zeigt {t}"),
    (r"a (?P<kind>\w+) attack takes dice adding up exactly to the attacker's value: (?P<dice>.+) show (?P<total>\d+), "
     + DIE + r" shows (?P<v>\d+)",
     "Ein {kind} schlägt Würfel, die genau den Wert des Angreifers ergeben: {dice} zeigen {total}, "
     "{die} zeigt {v}"),
    (DIE + r" is a Warrior die: Warrior dice cannot be attacked \(section 8\.1\)",
     "{die} ist ein Warrior-Würfel: Warrior-Würfel kann man nicht angreifen"),
    (r"(?P<value>-?\d+) is not a possible result of (?P<button>.+)'s (?P<die>\S+): enter (?P<low>\d+) to (?P<high>\d+)",
     "{value} kann der Würfel {die} von {button} nicht zeigen: Gib {low} bis {high} ein"),
    (r"swing (?P<letter>\w) = (?P<size>-?\d+): (?P=letter) swing dice are (?P<low>\d+) to (?P<high>\d+) sides",
     "Swing {letter} = {size}: Swing-Würfel {letter} haben {low} bis {high} Seiten"),
    (r"option 'buttons': no button called '(?P<name>[^']*)' in the roster",
     "Einen Button namens „{name}“ gibt es nicht"),
    (r"you must attack when any attack is possible; Pass is only legal when none is",
     "Du musst angreifen, solange ein Angriff möglich ist; passen darfst du nur, wenn keiner möglich ist"),
))
"""The refusals a German lesson tells in German: the engine's English sentence (a full match) and its German text."""
UNKNOWN = "Das erlauben die Regeln hier nicht"
"""What a German lesson says for a refusal it has no German text for (never the English one)."""


def attack_name(kind: str) -> str:
    """An attack type as a German noun: ``Kraftangriff``, ``Schatten-Angriff``, ``Rush-Angriff``."""
    named = KINDS.get(kind, kind)
    return named if named.endswith("angriff") else f"{named}-Angriff"


def german(reason: str) -> str:
    """The engine's English refusal ``reason`` in German (attack types as the German Rules page names them)."""
    for pattern, text in GERMAN:
        found = pattern.fullmatch(reason.strip().rstrip("."))
        if found:
            fields = found.groupdict()
            if "kind" in fields:
                fields["kind"] = attack_name(fields["kind"])
            if "skill" in fields:
                fields["skill"] = KINDS.get(fields["skill"], fields["skill"])
            return text.format(**fields)
    return UNKNOWN


@contextmanager
def refused(lang: str) -> Iterator[None]:
    """Let the engine's refusals inside this block reach a ``lang`` lesson in its language."""
    try:
        yield
    except (IllegalAction, InputError) as refusal:
        if lang == "en":
            raise
        raise IllegalAction(german(str(refusal))) from None
