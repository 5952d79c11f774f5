"""The Button Men tutorials' helpers, in English or German: hand-rolled openings, attacks by die number (from 1),
exercises, a bot match.

Dice are numbered from 1, left to right, as in the pictures and on the game's page.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.bots import GreedyBot, RandomBot
from core.buttonmen import GAME, Attack, ChooseSwing, Roll
from core.buttonmen.state import ButtonMenState
from core.protocol import IllegalAction, State
from core.teach import Exercise, Html, Lesson, Moment, Picture, begin, message, navigation, number, play_match, summary
from core.teach.buttonmen_refusals import refused
from core.teach.buttonmen_text import draw, move_label, say
from core.teach.clicks import offered

__all__ = ["answer", "attack", "deal", "exercise", "hint", "links", "match", "scores", "show", "solution", "start"]


def _say(key: str, **fields: object) -> str:
    return say(key, LESSON.lang, **fields)


def start(lang: str = "en") -> Html:
    """The first cell's answer in ``lang`` (``en`` or ``de``): the engine is loaded; links to play, the rules and
    all games."""
    return begin(LESSON, "button-men", "buttonmen", lang)


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("button-men", "buttonmen", LESSON.lang)


def show(board: ButtonMenState) -> Picture:
    """The position as a picture with its description in words below it, in the tutorial's language."""
    return draw(board, LESSON.lang)


def _state(state: State) -> ButtonMenState:
    assert isinstance(state, ButtonMenState)
    return state


def roll(board: ButtonMenState, values: Sequence[int]) -> ButtonMenState:
    """Type in die results, in the order the engine asks for them."""
    with refused(LESSON.lang):
        for value in values:
            board = _state(board.apply(Roll(value)))
    return board


def deal(buttons: tuple[str, str], rolls: tuple[Sequence[int], Sequence[int]], swing: tuple[int, int] = (0, 0),
         recipes: tuple[str, str] | None = None) -> ButtonMenState:
    """A round opened by hand: each button's swing size (one letter each), then both players' rolls."""
    with refused(LESSON.lang):
        board = _state(GAME.new(seed=1, buttons=buttons, recipes=recipes, dice_source="manual"))
        for player in (0, 1):
            for letter in board.needed(player):
                board = _state(board.apply(ChooseSwing(letter, swing[player])))
    return roll(board, [*rolls[0], *rolls[1]])


def attack(board: ButtonMenState, kind: str, mine: Sequence[int], theirs: Sequence[int],
           rerolls: Sequence[int] = ()) -> ButtonMenState:
    """The player to move attacks with dice ``mine`` on dice ``theirs`` (numbers from 1), then re-rolls."""
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in (*mine, *theirs)):
        raise IllegalAction(_say("numbered"))
    action = Attack(kind.capitalize(), tuple(n - 1 for n in mine), tuple(n - 1 for n in theirs))
    with refused(LESSON.lang):
        after = _state(board.apply(action))
    return roll(after, rerolls)


def scores(board: ButtonMenState) -> Html:
    """Both players' round scores if the round ended now."""
    x, y = (number(score, LESSON.lang) for score in board.round_scores)
    return message(_say("scores", a=board.buttons[0], b=board.buttons[1], x=x, y=y))


def _who_starts(board: ButtonMenState) -> int:
    assert board.to_move is not None
    return board.to_move


def _values(board: ButtonMenState, player: int) -> str:
    return ", ".join(str(v) for v in sorted(d.value for d in board.dice[player]))


def _first_problem(board: ButtonMenState, name: object) -> str | None:
    first = board.buttons[_who_starts(board)]
    if not isinstance(name, str) or name.casefold() not in {b.casefold() for b in board.buttons}:
        return _say("not_button", name=name, a=board.buttons[0], b=board.buttons[1])
    if name.casefold() == first.casefold():
        return None
    return _say("w_first", a=board.buttons[0], va=_values(board, 0), b=board.buttons[1], vb=_values(board, 1))


def _skill_problem(board: ButtonMenState, dice: object, target: int, teams: list[list[int]]) -> str | None:
    assert isinstance(dice, list)
    mine = board.dice[0]
    if any(not 1 <= n <= len(mine) for n in dice) or len(set(dice)) < len(dice):
        return _say("w_numbers", count=len(mine))
    if sorted(dice) in teams:
        return None
    total = sum(mine[n - 1].value for n in dice)
    if len(dice) == 1:
        return _say("w_one_die")
    shown = " + ".join(str(mine[n - 1].value) for n in dice)
    return _say("w_sum", shown=shown, total=total, target=target)


def _score_problem(board: ButtonMenState, score: object, captured: int) -> str | None:
    assert isinstance(score, float)
    right = board.round_scores[0]
    if score == right:
        return None
    kept = right - captured
    known = {kept: _say("w_full"), kept + captured / 2: _say("w_not_half"), kept * 2 + captured: _say("w_half")}
    return known.get(score, _say("w_score", v=number(score, LESSON.lang)))


def _exercises(lang: str) -> tuple[Exercise, ...]:
    opening = deal(("Bauer", "Avis"), ([4, 9, 2, 17, 8], [3, 2, 7, 12, 2]), (11, 5))
    first = opening.buttons[_who_starts(opening)]
    skill = deal(("Bauer", "Avis"), ([3, 5, 8, 2, 7], [4, 2, 10, 9, 5]), (11, 5))
    target = skill.dice[1][2]
    teams = [sorted(i + 1 for i in a.attackers) for a in skill.attacks() if a.kind == "Skill" and a.targets == (2,)]
    power = next(a for a in skill.attacks() if a.kind == "Power")
    scored = roll(_state(skill.apply(power)), [1])
    captured = skill.dice[1][power.targets[0]].size
    kept = scored.round_scores[0] - captured
    return (
        Exercise(_say("q_first"), opening, lambda name: _first_problem(opening, name), _say("h_first"),
                 _say("s_first", first=first), kind="name", conceal=(_say("conceal"),),
                 choices=offered(opening.buttons)),
        Exercise(_say("q_skill", v=target.value), skill, lambda dice: _skill_problem(skill, dice, target.value, teams),
                 _say("h_skill", v=target.value), _say("s_skill", teams=_say("or").join(map(str, teams))),
                 kind="list", choices=offered(range(1, len(skill.dice[0]) + 1))),
        Exercise(_say("q_score", a=power.attackers[0] + 1, t=power.targets[0] + 1, size=captured), skill,
                 lambda score: _score_problem(scored, score, captured), _say("h_score"),
                 _say("s_score", v=number(scored.round_scores[0], LESSON.lang)),
                 choices=offered(sorted({kept, kept + captured / 2, kept + captured, kept * 2 + captured}), lang)),
    )


LESSON = Lesson(_exercises, draw=draw)
exercise, answer, hint, solution = LESSON.helpers()


def _round_scores(state: State) -> tuple[float, float]:
    """The round score if the round ended now; once the match is over, the last round's result."""
    board = _state(state)
    if board.is_over and board.rounds:
        a, b = board.rounds[-1].scores
        return (float(a), float(b))
    return board.round_scores


def match(buttons: tuple[str, str] = ("Bauer", "Avis"), seed: int = 3) -> Html:
    """The greedy bot against the random bot: each round's last position, the round scores, the log."""
    lang = LESSON.lang
    board = _state(GAME.new(seed=seed, buttons=buttons, max_wins=2))
    played = play_match(board, (GreedyBot(GAME, seed), RandomBot(seed)), _round_scores, buttons,
                        label=lambda action: move_label(action, lang))
    moments: list[Moment] = []
    for before, after in zip(played.states, played.states[1:], strict=False):
        done_before, done_after = _state(before).rounds, _state(after).rounds
        if len(done_after) > len(done_before) and len(moments) < 3:
            end = done_after[-1]
            x, y = (number(score, lang) for score in end.scores)
            moments.append(Moment(_say("moment", n=len(done_after), a=buttons[0], b=buttons[1], x=x, y=y), before))
    return summary(played, moments, buttons, _say("chart"), lang, picture=lambda state: draw(state, lang).svg)
