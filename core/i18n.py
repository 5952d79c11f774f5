"""The words the announcements speak, per language, and :func:`translate` for any such table.

A web page or a tutorial keeps its own table (id -> language -> text) and reads it with
:func:`translate`, so every table refuses a missing id or language the same way.

Every string has an id and a text per language; :func:`t` fills in named
fields and fails loudly when an id or a language is missing, so a page can
never show a half-translated sentence.  A new language is a new key in each
entry of :data:`STRINGS` plus its number words.

>>> t("dice.shows", "de", die="W4", value=3)
'W4 zeigt 3'
>>> half_points_words(31, "en"), half_points_words(31, "de")
('fifteen and a half', 'fünfzehneinhalb')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Lang = Literal["en", "de"]
LANGUAGES: tuple[Lang, ...] = ("en", "de")
LANGUAGE_NAMES: dict[Lang, str] = {"en": "English", "de": "Deutsch"}

STRINGS: dict[str, dict[Lang, str]] = {
    # --- players and dice ------------------------------------------------------------
    "player.default": {"en": "Player {number}", "de": "Spieler {number}"},
    "player.you": {"en": "You", "de": "Du"},
    "die.d3": {"en": "d3", "de": "W3"},
    "die.d4": {"en": "d4", "de": "W4"},
    "die.twin": {"en": "twin", "de": "Zwilling"},
    "die.A": {"en": "braille A", "de": "Braille A"},
    "die.B": {"en": "braille B", "de": "Braille B"},
    "dice.shows": {"en": "{die} shows {value}", "de": "{die} zeigt {value}"},
    "dice.shows_halves": {"en": "{die} shows {value} ({a} and {b})",
                          "de": "{die} zeigt {value} ({a} und {b})"},
    "dice.awaiting": {"en": "{die} waits for a roll", "de": "{die} wartet auf einen Wurf"},
    "dice.line": {"en": "{owner}: {dice}.", "de": "{owner}: {dice}."},
    "dice.none": {"en": "{owner}: no dice left.", "de": "{owner}: keine Würfel mehr."},
    "dice.captured": {"en": "{owner} has captured: {dice}.", "de": "{owner} hat geschlagen: {dice}."},
    "dice.captured_none": {"en": "{owner} has captured nothing.", "de": "{owner} hat nichts geschlagen."},
    "list.sep": {"en": "; ", "de": "; "},
    "list.and": {"en": " and ", "de": " und "},
    # --- attacks -------------------------------------------------------------------------
    "showing": {"en": "{die} showing {value}", "de": "{die} mit {value}"},
    "showing.theirs": {"en": "{name}'s {die} showing {value}", "de": "den {die} von {name} mit {value}"},
    # Skill attackers, one phrase per die joined by " + " (German: "Dein W3 mit 2 + dein W4 mit 1").
    "skill.yours.first": {"en": "your {die} showing {value}", "de": "Dein {die} mit {value}"},
    "skill.yours": {"en": "{die} showing {value}", "de": "dein {die} mit {value}"},
    "skill.the.first": {"en": "{die} showing {value}", "de": "Der {die} mit {value}"},
    "skill.the": {"en": "{die} showing {value}", "de": "der {die} mit {value}"},
    "label.power": {"en": "Power: your {attacker} takes {target}",
                    "de": "Power: Dein {attacker} schlägt {target}"},
    "label.skill": {"en": "Skill: {attackers} take {target}",
                    "de": "Skill: {attackers} schlagen {target}"},
    "list.header": {"en": "{player}, your attacks:", "de": "{player}, deine Angriffe:"},
    "list.item": {"en": "{number}. {label}.", "de": "{number}. {label}."},
    "list.pass_only": {
        "en": "{player} has no possible attack and must pass: press p.",
        "de": "{player} hat keinen möglichen Angriff und muss passen: Taste p.",
    },
    "list.pass_also": {"en": "Passing is allowed too: press p.", "de": "Passen ist auch erlaubt: Taste p."},
    "list.not_yours": {"en": "It is {player}'s turn.", "de": "{player} ist am Zug."},
    "said.power": {
        "en": "{mover}, Power Attack: {attacker} {value} takes {target}.",
        "de": "{mover}, Power Attack: Der {attacker} mit {value} schlägt {target}.",
    },
    "said.skill": {
        "en": "{mover}, Skill Attack: {attackers} take {target}.",
        "de": "{mover}, Skill Attack: {attackers} schlagen {target}.",
    },
    "said.reroll": {"en": "{mover} rerolls {dice}.", "de": "{mover} würfelt {dice} neu."},
    "said.reroll_one": {"en": "the {die}: now {value}", "de": "den {die} (jetzt {value})"},
    "said.reroll_pending": {"en": "the {die}", "de": "den {die}"},
    "said.pass": {"en": "{mover} passes.", "de": "{mover} passt."},
    "said.roll": {"en": "{owner}'s {die} now shows {value}.", "de": "Der {die} von {owner} zeigt jetzt {value}."},
    "said.coin": {
        "en": "Every die ties: toss a coin and type 1 if {first} begins or 2 if {second} begins.",
        "de": "Alle Würfel sind gleich: Wirf eine Münze und gib 1 ein, wenn {first} beginnt, oder 2, "
              "wenn {second} beginnt.",
    },
    "said.turn": {"en": "{player} to move.", "de": "{player} ist am Zug."},
    "said.roll_request": {
        "en": "{owner}, roll your {die} and type the result ({low} to {high}).",
        "de": "{owner}, würfle deinen {die} und gib das Ergebnis ein ({low} bis {high}).",
    },
    # --- rounds, scores, match ---------------------------------------------------------
    "round.start": {"en": "Round {number}.", "de": "Runde {number}."},
    "round.begins": {"en": "{player} begins (lowest dice).", "de": "{player} beginnt (niedrigste Würfel)."},
    "round.begins_coin": {"en": "{player} begins (coin toss).", "de": "{player} beginnt (Münzwurf)."},
    "round.full_tie": {
        "en": "Round {number}: every die ties, the round is drawn and rolled again.",
        "de": "Runde {number}: Alle Würfel sind gleich, die Runde ist unentschieden und wird neu gewürfelt.",
    },
    "round.won": {
        "en": "Round {number} ends: {first} {first_score}, {second} {second_score}. {winner} wins the round.",
        "de": "Runde {number} endet: {first} {first_score}, {second} {second_score}. "
              "{winner} gewinnt die Runde.",
    },
    "round.drawn": {
        "en": "Round {number} ends: {first} {first_score}, {second} {second_score}. "
              "Equal scores: the round is not counted.",
        "de": "Runde {number} endet: {first} {first_score}, {second} {second_score}. "
              "Gleichstand: Die Runde wird nicht gewertet.",
    },
    "scores.round": {
        "en": "Round {number}, if it ended now: {first} {first_score}, {second} {second_score}.",
        "de": "Runde {number}, wenn sie jetzt endete: {first} {first_score}, {second} {second_score}.",
    },
    "scores.match": {
        "en": "Match, first to {target}: {first} {first_wins}, {second} {second_wins}, drawn rounds {draws}.",
        "de": "Partie, wer zuerst {target} hat: {first} {first_wins}, {second} {second_wins}, "
              "unentschiedene Runden {draws}.",
    },
    # Keys ending in ".one" / ".other" are chosen by a count (see :func:`plural`).
    "match.won.one": {
        "en": "{winner} wins the match, {wins} round to {losses}.",
        "de": "{winner} gewinnt die Partie, {wins} Runde zu {losses}.",
    },
    "match.won.other": {
        "en": "{winner} wins the match, {wins} rounds to {losses}.",
        "de": "{winner} gewinnt die Partie, {wins} Runden zu {losses}.",
    },
    "match.cancelled.one": {
        "en": "The match is cancelled after {rounds} round.",
        "de": "Die Partie wird nach {rounds} Runde abgebrochen.",
    },
    "match.cancelled.other": {
        "en": "The match is cancelled after {rounds} rounds.",
        "de": "Die Partie wird nach {rounds} Runden abgebrochen.",
    },
    # --- refusals: the game's IllegalAction messages (named by ruling) and the page's -----
    "illegal.must_attack": {
        "en": "You must attack while an attack is possible; pass only without one (BR-04).",
        "de": "Du musst angreifen, solange ein Angriff möglich ist; passen nur ohne Angriff (BR-04).",
    },
    "illegal.kinds": {
        "en": "The braille variant has Power and Skill attacks only.",
        "de": "Die Braille-Variante kennt nur Power und Skill Attacks.",
    },
    "illegal.one_die_skill": {
        "en": "A Skill attack uses two or more dice; one die of equal value is a Power attack (BR-05).",
        "de": "Eine Skill Attack braucht zwei oder mehr Würfel; ein Würfel mit gleichem Wert ist eine "
              "Power Attack (BR-05).",
    },
    "illegal.roll_range": {
        "en": "{owner}'s {die} shows {low} to {high}; {value} is not possible (BR-13).",
        "de": "Der {die} von {owner} zeigt {low} bis {high}; {value} ist nicht möglich (BR-13).",
    },
    "illegal.roll_first": {
        "en": "Type the result of {owner}'s {die} first (BR-13).",
        "de": "Gib zuerst das Ergebnis für den {die} von {owner} ein (BR-13).",
    },
    "illegal.coin": {
        "en": "The coin toss decides who begins: 0 means {first} begins, 1 means {second}; "
              "{value} is not possible (BR-03).",
        "de": "Der Münzwurf entscheidet, wer beginnt: 0 heißt, {first} beginnt, 1 heißt, {second} beginnt; "
              "{value} ist nicht möglich (BR-03).",
    },
    "illegal.coin_first": {
        "en": "Type the coin toss for who begins first: 0 for {first}, 1 for {second} (BR-03).",
        "de": "Gib zuerst den Münzwurf ein, wer beginnt: 0 für {first}, 1 für {second} (BR-03).",
    },
    "illegal.action": {
        "en": "The braille variant has no such action: {action}.",
        "de": "Diese Aktion gibt es in der Braille-Variante nicht: {action}.",
    },
    "illegal.no_such_die": {
        "en": "Choose existing dice: each of your dice and the target at most once.",
        "de": "Wähle vorhandene Würfel: jeden deiner Würfel und das Ziel höchstens einmal.",
    },
    "illegal.shape": {
        "en": "An attack takes exactly one opposing die; a Power attack uses exactly one of your dice.",
        "de": "Ein Angriff schlägt genau einen gegnerischen Würfel; eine Power Attack nutzt genau einen "
              "deiner Würfel.",
    },
    "illegal.power_value": {
        "en": "A Power attack needs a die showing at least the target's value: your {attacker} shows {value}, "
              "the {target} shows {target_value}.",
        "de": "Eine Power Attack braucht einen Würfel mit mindestens dem Wert des Ziels: Dein {attacker} zeigt "
              "{value}, der {target} zeigt {target_value}.",
    },
    "illegal.skill_sum": {
        "en": "A Skill attack needs dice adding up exactly to the target's value: {total} is not {target_value}.",
        "de": "Eine Skill Attack braucht Würfel, die zusammen genau den Wert des Ziels ergeben: {total} ist "
              "nicht {target_value}.",
    },
    "illegal.no_roll": {
        "en": "No die result is awaited now (BR-13).",
        "de": "Gerade wird kein Würfelergebnis erwartet (BR-13).",
    },
    "illegal.not_now": {"en": "That move is not possible now.", "de": "Dieser Zug ist jetzt nicht möglich."},
    "illegal.not_your_turn": {"en": "It is {player}'s turn.", "de": "{player} ist am Zug."},
    "illegal.over": {
        "en": "The match is over; no action is legal.",
        "de": "Die Partie ist vorbei; keine Aktion ist erlaubt.",
    },
    "refuse.pass": {
        "en": "You cannot pass: an attack is possible. Press l to hear the attacks.",
        "de": "Passen geht nicht: Ein Angriff ist möglich. Taste l liest die Angriffe vor.",
    },
    "refuse.number": {
        "en": "There is no attack number {number}; choose 1 to {count}.",
        "de": "Es gibt keinen Angriff Nummer {number}; wähle 1 bis {count}.",
    },
    "refuse.no_attacks": {"en": "No attack is possible now.", "de": "Jetzt ist kein Angriff möglich."},
    "refuse.not_your_turn": {"en": "It is not your turn.", "de": "Du bist nicht am Zug."},
    "refuse.roll_range": {
        "en": "A {die} shows {low} to {high}; {value} is not possible.",
        "de": "Ein {die} zeigt {low} bis {high}; {value} ist nicht möglich.",
    },
    "refuse.over": {"en": "The match is over. Start a new match.",
                    "de": "Die Partie ist vorbei. Starte eine neue."},
    "selected": {
        "en": "Selected {number}: {label}. Press Enter to confirm, Escape to cancel.",
        "de": "Angriff {number} gewählt: {label}. Enter bestätigt, Escape bricht ab.",
    },
    "cancelled": {"en": "Selection cancelled.", "de": "Auswahl abgebrochen."},
    "help": {
        "en": "Keys: a number then Enter chooses an attack, Enter again confirms it. "
              "l reads the attacks, d reads all dice, s reads the scores, p passes, "
              "h or question mark reads this help, Escape cancels a selection.",
        "de": "Tasten: Eine Zahl und Enter wählen einen Angriff, noch einmal Enter bestätigt ihn. "
              "l liest die Angriffe, d liest alle Würfel, s liest die Punkte, p passt, "
              "h oder Fragezeichen liest diese Hilfe, Escape bricht eine Auswahl ab.",
    },
    # --- the page's keyboard dialogue (spoken like the announcements) -------------------------
}

_EN_SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_DE_SMALL = (
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
    "fünfzehn sechzehn siebzehn achtzehn neunzehn"
).split()
_DE_TENS = "_ _ zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig".split()


def _check_lang(lang: str) -> Lang:
    for known in LANGUAGES:
        if lang == known:
            return known
    raise KeyError(f"unknown language {lang!r}; languages: {', '.join(LANGUAGES)}")


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` with ``fields`` filled in.

    Raises KeyError for an unknown id or language, or a field the text needs.
    """
    return translate(STRINGS, key, lang, **fields)


def translate(table: Mapping[str, Mapping[Lang, str]], key: str, lang: str, **fields: object) -> str:
    """The text ``key`` of ``table`` in ``lang`` (a page or a tutorial keeps its own table of words)."""
    entry = table.get(key)
    if entry is None:
        raise KeyError(f"no string with id {key!r}")
    text = entry.get(_check_lang(lang))
    if text is None:
        raise KeyError(f"string {key!r} has no {lang!r} text")
    return text.format(**fields)


def plural(key: str, lang: str, count: int, **fields: object) -> str:
    """The text ``key.one`` when ``count`` is 1, else ``key.other`` (English and German agree).

    >>> plural("match.cancelled", "de", 1, rounds=1)
    'Die Partie wird nach 1 Runde abgebrochen.'
    """
    return t(f"{key}.{'one' if count == 1 else 'other'}", lang, **fields)


def _en_words(n: int) -> str:
    if n < 20:
        return _EN_SMALL[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _EN_TENS[tens] + (f"-{_EN_SMALL[ones]}" if ones else "")
    hundreds, rest = divmod(n, 100)
    return f"{_EN_SMALL[hundreds]} hundred" + (f" and {_en_words(rest)}" if rest else "")


def _de_words(n: int) -> str:
    if n < 20:
        return _DE_SMALL[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        if not ones:
            return _DE_TENS[tens]
        unit = "ein" if ones == 1 else _DE_SMALL[ones]
        return f"{unit}und{_DE_TENS[tens]}"
    hundreds, rest = divmod(n, 100)
    head = "ein" if hundreds == 1 else _DE_SMALL[hundreds]
    return f"{head}hundert" + (_de_words(rest) if rest else "")


def number_words(n: int, lang: str) -> str:
    """A whole number from 0 to 999 in words: ``21`` -> twenty-one / einundzwanzig."""
    if not 0 <= n <= 999:
        raise ValueError(f"number words cover 0 to 999; got {n}")
    return _en_words(n) if _check_lang(lang) == "en" else _de_words(n)


def half_points_words(doubled: int, lang: str) -> str:
    """A doubled score in words, halves included and never rounded.

    >>> half_points_words(3, "en"), half_points_words(3, "de"), half_points_words(1, "de")
    ('one and a half', 'eineinhalb', 'einhalb')
    """
    if doubled < 0:
        raise ValueError(f"scores here are never negative; got {doubled}")
    whole, half = divmod(doubled, 2)
    if _check_lang(lang) == "en":
        if not half:
            return number_words(whole, "en")
        return "one half" if whole == 0 else f"{number_words(whole, 'en')} and a half"
    if not half:
        return number_words(whole, "de")
    if whole == 0:
        return "einhalb"
    words = number_words(whole, "de")
    return (words[:-1] if words.endswith("eins") else words) + "einhalb"
