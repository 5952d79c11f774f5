"""The braille variant's tutorial helpers, in English or German: rolls typed in, attacks by list number.

The attacks are numbered from 1 as the game lists them (``describe()`` and the game's page).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.bots import GreedyBot, RandomBot
from core.braille import GAME, BrailleState, seat_table
from core.braille.speech import Voice, attack_label, attack_list
from core.braille.table import Table
from core.braille.state import default_names
from core.buttonmen import Roll
from core.i18n import Lang, translate
from core.protocol import IllegalAction, State
from core.teach import (
    Exercise,
    Html,
    Lesson,
    Moment,
    Picture,
    begin,
    message,
    navigation,
    number,
    offered,
    play_match,
    summary,
)

__all__ = ["answer", "attack", "exercise", "hint", "links", "match", "rolled", "scores", "show", "solution", "start"]

TEXT: dict[str, dict[Lang, str]] = {
    "scores": {"en": "If the round ended now: {a} {x}, {b} {y}.",
               "de": "Wenn die Runde jetzt endete: {a} {x}, {b} {y}."},
    "q_first": {"en": "Who begins here? Answer 1 or 2.", "de": "Wer beginnt hier? Antworte mit 1 oder 2."},
    "h_first": {"en": "Sort each player's values from low to high and compare them one by one.",
                "de": "Sortiere die Werte jeder Person aufsteigend und vergleiche sie der Reihe nach."},
    "s_first": {"en": "Player {n}.", "de": "Spieler {n}."},
    "q_twin": {"en": "Which attack of the list below the picture captures the twin? Answer with its number.",
               "de": "Welcher Angriff der Liste unter dem Bild schlägt den Zwilling? Antworte mit seiner Nummer."},
    "w_players": {"en": "the players are 1 and 2.", "de": "es gibt Spieler 1 und 2."},
    "no_attack": {"en": "choose an attack from 1 to {count}", "de": "Wähle einen Angriff von 1 bis {count}"},
    "w_first": {"en": "the lower value begins, compared from each player's lowest value up ({values}).",
                "de": "der niedrigere Wert beginnt, verglichen vom niedrigsten Wert jeder Person an ({values})."},
    "w_list": {"en": "the list has attacks 1 to {count}.", "de": "die Liste hat die Angriffe 1 bis {count}."},
    "w_twin": {"en": "attack {n} is \"{label}\": it does not take the twin.",
               "de": "Angriff {n} ist \"{label}\": Er schlägt nicht den Zwilling."},
    "w_half": {"en": "a die you still hold scores half its size.",
               "de": "ein Würfel, den du noch hast, zählt die Hälfte seiner Größe."},
    "w_score": {"en": "{v} is not half the size of each die Player 1 still holds.",
                "de": "{v} ist nicht die Hälfte der Größen aller Würfel von Spieler 1."},
    "h_twin": {"en": "Only a Skill attack can reach {v}: which of your dice add up to exactly {v}?",
               "de": "Nur eine Skill Attack erreicht {v}: Welche deiner Würfel ergeben genau {v}?"},
    "s_twin": {"en": "Number {n}.", "de": "Nummer {n}."},
    "q_score": {"en": "Nobody has captured anything yet. What is Player 1's score?",
                "de": "Noch hat niemand etwas geschlagen. Wie viele Punkte hat Spieler 1?"},
    "h_score": {"en": "Half the size of each die you still have: 3, 4, 12, 6 and 6.",
                "de": "Die halbe Größe jedes eigenen Würfels: 3, 4, 12, 6 und 6."},
    "s_score": {"en": "{v} points.", "de": "{v} Punkte."},
    "moment": {"en": "Round {n}, last position: {a} {x}, {b} {y}.",
               "de": "Runde {n}, letzte Stellung: {a} {x}, {b} {y}."},
    "chart": {"en": "Round score if it ended now", "de": "Punkte, wenn die Runde jetzt endete"},
}


def _say(key: str, **fields: object) -> str:
    return translate(TEXT, key, LESSON.lang, **fields)


def _state(state: State) -> BrailleState:
    assert isinstance(state, BrailleState)
    return state


def start(lang: str = "en") -> Html:
    """The first cell's answer in ``lang`` (``en`` or ``de``): the engine is loaded, and the way out."""
    return begin(LESSON, "button-man-braille", "braille", lang)


def show(board: BrailleState) -> Picture:
    """The position as a picture, with its text form (what a screen reader says) shown below it."""
    return Picture(board.svg(), board.describe(), LESSON.lang, opened=True)


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("button-man-braille", "braille", LESSON.lang)


def rolled(player_1: Sequence[int], player_2: Sequence[int]) -> BrailleState:
    """A round whose first roll we type in: five values each, in the order d3, d4, twin, braille A, braille B."""
    board = _state(GAME.new(seed=1, dice_source="manual", announce_language=LESSON.lang))
    for value in (*player_1, *player_2):
        board = _state(board.apply(Roll(value)))
    return board


def attack(board: BrailleState, choice: int, new_values: Sequence[int] = ()) -> BrailleState:
    """Play attack number ``choice`` of the game's list, then type the new values of the dice used."""
    table = seat_table(board, default_names(LESSON.lang))
    if not isinstance(choice, int) or isinstance(choice, bool) or not 1 <= choice <= len(table.attacks):
        raise IllegalAction(_say("no_attack", count=len(table.attacks)))
    after = board.apply(table.attacks[choice - 1].action)  # type: ignore[arg-type]
    for value in new_values:
        after = after.apply(Roll(value))
    return _state(after)


def scores(board: BrailleState) -> Html:
    """Both players' round scores if the round ended now, with numbers in the tutorial's language."""
    table = seat_table(board, default_names(LESSON.lang))
    x, y = (number(d / 2, LESSON.lang) for d in table.doubled)
    return message(_say("scores", a=table.names[0], b=table.names[1], x=x, y=y))


def _first_problem(table: Table, player: object, first: int) -> str | None:
    if player == first:
        return None
    if player not in (1, 2):
        return _say("w_players")
    values = ["; ".join(f"{table.names[p]}: " + ", ".join(str(v) for v in sorted(d.value or 0 for d in table.dice[p]))
                        for p in (0, 1))]
    return _say("w_first", values=values[0])


def _twin_problem(table: Table, choice: object, catches: list[int], voice: Voice) -> str | None:
    assert isinstance(choice, int)
    if choice in catches:
        return None
    if not 1 <= choice <= len(table.attacks):
        return _say("w_list", count=len(table.attacks))
    return _say("w_twin", n=choice, label=attack_label(table, table.attacks[choice - 1], voice))


def _score_problem(score: object, kept: float) -> str | None:
    assert isinstance(score, float)
    if score == kept:
        return None
    if score == kept * 2:
        return _say("w_half")
    return _say("w_score", v=number(score, LESSON.lang))


def _exercises(lang: str) -> tuple[Exercise, ...]:
    names = default_names(LESSON.lang)
    voice = Voice(LESSON.lang)  # type: ignore[arg-type]
    opening = rolled([2, 3, 7, 1, 6], [2, 1, 9, 5, 4])
    first = (opening.to_move or 0) + 1
    opening_table = seat_table(opening, names)
    twin = rolled([2, 4, 5, 6, 3], [3, 4, 9, 5, 6])
    table = seat_table(twin, names)
    catches = [n for n, a in enumerate(table.attacks, 1) if a.target.slot == "twin"]
    target = next(d.value for d in table.dice[1 - (twin.to_move or 0)] if d.slot == "twin")
    kept = table.doubled[0] / 2
    shown = sum(d.value or 0 for d in table.dice[0])
    return (
        Exercise(_say("q_first"), opening, lambda player: _first_problem(opening_table, player, first),
                 _say("h_first"), _say("s_first", n=first), kind="choice",
                 conceal=tuple(attack_list(opening_table, voice)), choices=offered((1, 2))),
        Exercise(_say("q_twin"), twin, lambda choice: _twin_problem(table, choice, catches, voice),
                 _say("h_twin", v=target), _say("s_twin", n=" / ".join(map(str, catches))), kind="choice",
                 choices=offered(range(1, len(table.attacks) + 1))),
        Exercise(_say("q_score"), None, lambda score: _score_problem(score, kept), _say("h_score"),
                 _say("s_score", v=number(kept, LESSON.lang)), choices=offered(sorted({kept, kept * 2, shown}), lang)),
    )


LESSON = Lesson(_exercises, opened=True)
exercise, answer, hint, solution = LESSON.helpers()


def _round_scores(state: State) -> tuple[float, float]:
    """The round score if the round ended now; once the match is over, the last round's result."""
    table = seat_table(state, ("", ""))
    doubled = table.rounds[-1].doubled if state.is_over and table.rounds else table.doubled
    return (doubled[0] / 2, doubled[1] / 2)


def match(seed: int = 5) -> Html:
    """The greedy bot against the random bot: each round's last position, the scores, the whole log."""
    names = default_names(LESSON.lang)
    board = _state(GAME.new(seed=seed, announce_language=LESSON.lang, max_wins=2))
    played = play_match(board, (GreedyBot(GAME, seed), RandomBot(seed)), _round_scores, names)
    moments: list[Moment] = []
    for before, after in zip(played.states, played.states[1:], strict=False):
        done = seat_table(after, names).rounds
        if len(done) > len(seat_table(before, names).rounds) and len(moments) < 3:
            x, y = (number(d / 2, LESSON.lang) for d in done[-1].doubled)
            moments.append(Moment(_say("moment", n=len(done), a=names[0], b=names[1], x=x, y=y), before))
    return summary(played, moments, names, _say("chart"), LESSON.lang)

