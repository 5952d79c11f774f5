"""The Button Men tutorial's sentences in English and German, and its positions drawn and told in German.

The German names follow the German Rules page (Rezept, Swing-Würfel, Kraftangriff, Geschickangriff, and the skills
and attack types it names in German: Gift, Schatten, Tempo, Fokus, Null, Berserker, Stolpern); the other skills
keep their English names, as the site writes them.
"""

from __future__ import annotations

from core.buttonmen import Attack, ChooseSwing, Pass
from core.buttonmen.dice import Die
from core.buttonmen.position import SETUP_PHASES, Phase
from core.buttonmen.recipe import SKILLS
from core.buttonmen.render import points
from core.buttonmen.state import ButtonMenState
from core.i18n import Lang, translate
from core.protocol import Action, State
from core.teach.output import Picture, relabel
from core.teach.words import number

TEXT: dict[str, dict[Lang, str]] = {
    "or": {"en": " or ", "de": " oder "},
    "numbered": {"en": "dice are numbered from 1, left to right",
                 "de": "Die Würfel sind von links nach rechts ab 1 nummeriert"},
    "scores": {"en": "If the round ended now: {a} {x}, {b} {y}.",
               "de": "Wenn die Runde jetzt endete: {a} {x}, {b} {y}."},
    "not_button": {"en": "{name} is not a button here: the buttons are {a} and {b}.",
                   "de": "{name} ist hier kein Button: Die Buttons sind {a} und {b}."},
    "w_first": {"en": "the lower value moves first, compared from each player's lowest value up "
                      "({a}: {va}; {b}: {vb}).",
                "de": "Der niedrigere Wert beginnt, verglichen vom niedrigsten Wert jedes Buttons an ({a}: {va}; "
                      "{b}: {vb})."},
    "w_numbers": {"en": "Bauer's dice are numbered 1 to {count}, each used once.",
                  "de": "Die Würfel von Bauer sind von 1 bis {count} nummeriert, und jeder zählt nur einmal."},
    "w_one_die": {"en": "one die alone makes a Power attack, not a Skill attack: a Skill attack takes two or more "
                        "dice.",
                  "de": "Ein Würfel allein macht einen Kraftangriff, keinen Geschickangriff: Ein Geschickangriff "
                        "braucht zwei oder mehr Würfel."},
    "w_sum": {"en": "those dice show {shown} = {total}, and a Skill attack must add up to exactly {target}.",
              "de": "Diese Würfel zeigen {shown} = {total}, und ein Geschickangriff muss genau {target} ergeben."},
    "w_full": {"en": "a captured die counts too: its full size.",
               "de": "Ein geschlagener Würfel zählt auch, und zwar mit seiner vollen Größe."},
    "w_not_half": {"en": "a captured die counts its full size, not half of it.",
                   "de": "Ein geschlagener Würfel zählt seine volle Größe, nicht die Hälfte."},
    "w_half": {"en": "a die still in play counts half its size.",
               "de": "Ein Würfel, der noch im Spiel ist, zählt die Hälfte seiner Größe."},
    "w_score": {"en": "{v} is not half the size of each die Bauer still has plus the full size of each die Bauer "
                      "captured.",
                "de": "{v} ist nicht die halbe Größe jedes Würfels, den Bauer noch hat, plus die volle Größe jedes "
                      "Würfels, den Bauer geschlagen hat."},
    "q_first": {"en": "Who moves first here: 'Bauer' or 'Avis'?", "de": "Wer ist hier zuerst am Zug: 'Bauer' oder "
                                                                        "'Avis'?"},
    "conceal": {"en": " to move", "de": " ist am Zug"},
    "h_first": {"en": "Line up each button's values from lowest to highest and compare them one by one.",
                "de": "Ordne die Werte jedes Buttons vom niedrigsten zum höchsten und vergleiche sie der Reihe nach."},
    "s_first": {"en": "{first}: the lowest values decide.", "de": "{first}: Die niedrigsten Werte entscheiden."},
    "q_skill": {"en": "Bauer to move. Which of Bauer's dice can team up in a Skill attack on Avis's die 3 (showing "
                      "{v})? Answer with a list of die numbers, like [1, 4].",
                "de": "Bauer ist am Zug. Welche Würfel von Bauer können zusammen den Würfel 3 von Avis (er zeigt "
                      "{v}) mit einem Geschickangriff schlagen? Antworte mit einer Liste von Würfelnummern, etwa "
                      "[1, 4]."},
    "h_skill": {"en": "Skill attacks add values exactly: which of Bauer's values add up to {v}?",
                "de": "Ein Geschickangriff addiert die Werte genau: Welche Werte von Bauer ergeben zusammen {v}?"},
    "s_skill": {"en": "{teams}.", "de": "{teams}."},
    "q_score": {"en": "In the same position, Bauer's die {a} captures Avis's die {t} (a ({size})) with a Power attack "
                      "and re-rolls a 1. What is Bauer's round score now?",
                "de": "In derselben Stellung schlägt der Würfel {a} von Bauer mit einem Kraftangriff den Würfel {t} "
                      "von Avis (einen Würfel ({size})) und würfelt danach eine 1. Wie viele Rundenpunkte hat Bauer "
                      "jetzt?"},
    "h_score": {"en": "Half the size of each die Bauer still has, plus the full size of each die Bauer captured.",
                "de": "Die halbe Größe jedes Würfels, den Bauer noch hat, plus die volle Größe jedes Würfels, den "
                      "Bauer geschlagen hat."},
    "s_score": {"en": "{v}.", "de": "{v}."},
    "moment": {"en": "Round {n}, last position: {a} {x}, {b} {y}.",
               "de": "Runde {n}, letzte Stellung: {a} {x}, {b} {y}."},
    "chart": {"en": "Round score if it ended now", "de": "Rundenpunkte, wenn die Runde jetzt endete"},
}
"""Every sentence of the Button Men tutorial, per language."""

GERMAN: dict[str, str] = {
    "head": "Button Men, Runde {n} (wer zuerst {wins} Runden gewinnt, gewinnt das Match).",
    "match": "Match-Stand: {a} {wa}-{la}-{da}, {b} {wb}-{lb}-{db} (gewonnen-verloren-unentschieden).",
    "recipe": "Rezept von {name}: {recipe}.",
    "chosen": "  gewählte Größen: {sizes}.",
    "secret": "  geheime Wahlen getroffen: {n}.",
    "in_play": "  Würfel im Spiel: {dice}.",
    "none": "keine",
    "captured": "  geschlagen: {dice}.",
    "out": "  aus dem Spiel: {dice}.",
    "round_score": "Rundenpunkte, wenn die Runde jetzt endete: {a} {x}, {b} {y}.",
    "round": "Runde {n}: {x} zu {y}, {result}.",
    "drawn": "unentschieden",
    "won_by": "gewonnen von {name}",
    "cancelled": "Das Match wurde nach {n} Runden abgebrochen.",
    "over": "Match vorbei: {name} gewinnt.",
    "awaiting": "{who}: Gib das Ergebnis von {die} ein.",
    "to_move": "{who} ist am Zug; möglich: {types}.",
    "die": "{label} ({skills}{size} Seiten, zeigt {value}{dizzy})",
    "unrolled": "{notation} ({skills}{size} Seiten, noch nicht gewürfelt)",
    "dizzy": ", benommen",
    "opening": "{name}: Eröffnungswurf",
    "points": "{name}: {x} Punkte",
    "title": "Button Men: {a} gegen {b}, Runde {n}",
    "attack": "{kind}: {mine} auf {theirs}",
    "pass": "passt",
    "swing": "Swing {letter} = {size}",
}
"""A Button Men position and its moves in German (the English words are the game's own, ``core.buttonmen.render``)."""
PHASES = {
    Phase.AUXILIARY: "wählt, ob die Hilfswürfel dazukommen",
    Phase.RESERVE: "wählt einen Reservewürfel (oder keinen)",
    Phase.SWING: "wählt die Größen der Swing- und Options-Würfel",
    Phase.REACT: "reagiert auf die Initiative (Fokus oder Chance) oder verzichtet",
    Phase.ATTACK: "greift an",
}
KINDS = {"Power": "Kraftangriff", "Skill": "Geschickangriff", "Pass": "Passen", "Shadow": "Schatten", "Speed": "Tempo",
         "Berserk": "Berserker", "Trip": "Stolpern"}
"""The attack types the German Rules page names in German."""
SKILL_NAMES = {"p": "Gift", "s": "Schatten", "z": "Tempo", "f": "Fokus", "n": "Null", "B": "Berserker", "t": "Stolpern"}
"""The skills the German Rules page names in German, by letter (the others keep the site's English names)."""


def say(key: str, lang: str, **fields: object) -> str:
    """The tutorial's sentence ``key`` in ``lang``."""
    return translate(TEXT, key, lang, **fields)


def die_words(die: Die, rolled: bool = True) -> str:
    """A die in German words, e.g. ``(X=11):8 (11 Seiten, zeigt 8)``."""
    skills = "".join(f"{SKILL_NAMES.get(c, SKILLS[c])}, " for c in die.skills)
    if not rolled:
        return GERMAN["unrolled"].format(notation=die.notation, skills=skills, size=die.size)
    return GERMAN["die"].format(label=die.label, skills=skills, size=die.size, value=die.value,
                                dizzy=GERMAN["dizzy"] if die.dizzy else "")


def german_status(state: ButtonMenState) -> str:
    """Who acts now and what they may do, or how the match ended, in German."""
    names = state.buttons
    if state.is_over:
        if state.cancelled:
            return GERMAN["cancelled"].format(n=state.round_number)
        assert state.winner is not None
        return GERMAN["over"].format(name=names[state.winner])
    who = names[(state.roller if state.awaiting is not None else state.mover) or 0]
    if state.awaiting is not None:
        return GERMAN["awaiting"].format(who=who, die=state.awaiting.label)
    if state.phase == Phase.ATTACK:
        return GERMAN["to_move"].format(who=who, types=", ".join(KINDS.get(k, k) for k in state.attack_types()))
    return f"{who}: {PHASES.get(state.phase, state.phase)}."


def _player_lines(state: ButtonMenState, p: int, unrolled: set[int]) -> list[str]:
    lines = [GERMAN["recipe"].format(name=state.buttons[p], recipe=state.recipes[p])]
    if state.phase in SETUP_PHASES and not state.dice[p]:
        shown = state.visible_choices(p, None)
        secret = len(state.chosen[p]) - len(shown)
        if shown:
            lines.append(GERMAN["chosen"].format(sizes=", ".join(f"{k}={v}" for k, v in sorted(shown.items()))))
        if secret:
            lines.append(GERMAN["secret"].format(n=secret))
        return lines
    words = [die_words(d, i not in unrolled) for i, d in enumerate(state.dice[p])]
    lines.append(GERMAN["in_play"].format(dice="; ".join(words) or GERMAN["none"]))
    if state.captured[p]:
        lines.append(GERMAN["captured"].format(dice="; ".join(d.label for d in state.captured[p])))
    if state.out_of_play[p]:
        lines.append(GERMAN["out"].format(dice="; ".join(d.label for d in state.out_of_play[p])))
    return lines


def german_words(state: ButtonMenState) -> str:
    """The whole position in German, line for line as the game's own description (secret choices hidden)."""
    a, b = state.buttons
    (wa, la, da), (wb, lb, db) = state.match_score
    lines = [GERMAN["head"].format(n=state.round_number, wins=state.options["max_wins"]),
             GERMAN["match"].format(a=a, wa=wa, la=la, da=da, b=b, wb=wb, lb=lb, db=db)]
    unrolled = state.not_rolled()
    for p in (0, 1):
        lines += _player_lines(state, p, set(unrolled[p]))
    if (state.dice[0] or state.dice[1]) and not (unrolled[0] or unrolled[1]):
        x, y = (number(s, "de") for s in state.round_scores)
        lines.append(GERMAN["round_score"].format(a=a, b=b, x=x, y=y))
    for r in state.rounds[-3:]:
        result = GERMAN["drawn"] if r.winner is None else GERMAN["won_by"].format(name=state.buttons[r.winner])
        lines.append(GERMAN["round"].format(n=r.number, x=number(r.scores[0], "de"), y=number(r.scores[1], "de"),
                                            result=result))
    lines.append(german_status(state))
    return "\n".join(lines)


def draw(state: State, lang: str) -> Picture:
    """The position's picture and words in ``lang`` (German: the picture's labels too)."""
    assert isinstance(state, ButtonMenState)
    if lang != "de":
        return Picture(state.svg(), state.describe(), lang)
    a, b = state.buttons
    texts = {f"Button Men: {a} against {b}, round {state.round_number}":
             GERMAN["title"].format(a=a, b=b, n=state.round_number)}
    for name, score in zip(state.buttons, state.round_scores, strict=True):
        texts[f"{name}: opening roll"] = GERMAN["opening"].format(name=name)
        texts[f"{name}: {points(score)} points"] = GERMAN["points"].format(name=name, x=number(score, "de"))
    return Picture(relabel(state.svg(), texts), german_words(state), lang)


def move_label(action: Action, lang: str) -> str:
    """A move of the match log in ``lang`` (German: swing sizes, Power and Skill attacks, passes)."""
    if lang != "de":
        return str(action)
    if isinstance(action, ChooseSwing):
        return GERMAN["swing"].format(letter=action.letter, size=action.size)
    if isinstance(action, Pass):
        return GERMAN["pass"]
    if isinstance(action, Attack) and action.kind in KINDS and action.dice is not None and not action.text \
            and not action.fire and not action.turbo:
        mine, theirs = action.dice
        return GERMAN["attack"].format(kind=KINDS[action.kind], mine=", ".join(mine[i].label for i in action.attackers),
                                       theirs=", ".join(theirs[j].label for j in action.targets))
    return str(action)
