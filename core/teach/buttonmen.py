"""The Button Men tutorials' helpers: hand-rolled openings, attacks by die number (from 1), exercises, a bot match.

Dice are numbered from 1, left to right, as in the pictures and on the game's page.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.bots import GreedyBot, RandomBot
from core.buttonmen import GAME, Attack, ChooseSwing, Roll
from core.buttonmen.state import ButtonMenState
from core.protocol import IllegalAction, State
from core.teach import Exercise, Html, Lesson, Moment, message, navigation, play_match, ready, show, summary

__all__ = ["answer", "attack", "deal", "exercise", "hint", "links", "match", "scores", "show", "solution", "start"]



def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready("button-men", "buttonmen")


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("button-men", "buttonmen")


def _state(state: State) -> ButtonMenState:
    assert isinstance(state, ButtonMenState)
    return state


def roll(board: ButtonMenState, values: Sequence[int]) -> ButtonMenState:
    """Type in die results, in the order the engine asks for them."""
    for value in values:
        board = _state(board.apply(Roll(value)))
    return board


def deal(buttons: tuple[str, str], rolls: tuple[Sequence[int], Sequence[int]], swing: tuple[int, int] = (0, 0),
         recipes: tuple[str, str] | None = None) -> ButtonMenState:
    """A round opened by hand: each button's swing size (one letter each), then both players' rolls."""
    board = _state(GAME.new(seed=1, buttons=buttons, recipes=recipes, dice_source="manual"))
    for player in (0, 1):
        for letter in board.needed(player):
            board = _state(board.apply(ChooseSwing(letter, swing[player])))
    return roll(board, [*rolls[0], *rolls[1]])


def attack(board: ButtonMenState, kind: str, mine: Sequence[int], theirs: Sequence[int],
           rerolls: Sequence[int] = ()) -> ButtonMenState:
    """The player to move attacks with dice ``mine`` on dice ``theirs`` (numbers from 1), then re-rolls."""
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in (*mine, *theirs)):
        raise IllegalAction("dice are numbered from 1, left to right")
    action = Attack(kind.capitalize(), tuple(n - 1 for n in mine), tuple(n - 1 for n in theirs))
    return roll(_state(board.apply(action)), rerolls)


def scores(board: ButtonMenState) -> Html:
    """Both players' round scores if the round ended now."""
    a, b = board.round_scores
    return message(f"If the round ended now: {board.buttons[0]} {a:g}, {board.buttons[1]} {b:g}.")


def _who_starts(board: ButtonMenState) -> int:
    assert board.to_move is not None
    return board.to_move


def _values(board: ButtonMenState, player: int) -> str:
    return ", ".join(str(v) for v in sorted(d.value for d in board.dice[player]))


def _first_problem(board: ButtonMenState, name: object) -> str | None:
    first = board.buttons[_who_starts(board)]
    if not isinstance(name, str) or name.casefold() not in {b.casefold() for b in board.buttons}:
        return f"{name} is not a button here: the buttons are {board.buttons[0]} and {board.buttons[1]}."
    if name.casefold() == first.casefold():
        return None
    return (f"the lower value moves first, compared from each player's lowest value up "
            f"({board.buttons[0]}: {_values(board, 0)}; {board.buttons[1]}: {_values(board, 1)}).")


def _skill_problem(board: ButtonMenState, dice: object, target: int, teams: list[list[int]]) -> str | None:
    assert isinstance(dice, list)
    mine = board.dice[0]
    if any(not 1 <= n <= len(mine) for n in dice) or len(set(dice)) < len(dice):
        return f"Bauer's dice are numbered 1 to {len(mine)}, each used once."
    if sorted(dice) in teams:
        return None
    total = sum(mine[n - 1].value for n in dice)
    if len(dice) == 1:
        return "one die alone makes a Power attack, not a Skill attack: a Skill attack takes two or more dice."
    shown = " + ".join(str(mine[n - 1].value) for n in dice)
    return f"those dice show {shown} = {total}, and a Skill attack must add up to exactly {target}."


def _score_problem(board: ButtonMenState, score: object, captured: int) -> str | None:
    assert isinstance(score, float)
    right = board.round_scores[0]
    if score == right:
        return None
    kept = right - captured
    known = {kept: "a captured die counts too: its full size.",
             kept + captured / 2: "a captured die counts its full size, not half of it.",
             kept * 2 + captured: "a die still in play counts half its size."}
    return known.get(score, f"{score:g} is not half the size of each die Bauer still has plus the full size of "
                            "each die Bauer captured.")


def _exercises(lang: str) -> tuple[Exercise, ...]:
    opening = deal(("Bauer", "Avis"), ([4, 9, 2, 17, 8], [3, 2, 7, 12, 2]), (11, 5))
    first = opening.buttons[_who_starts(opening)]
    skill = deal(("Bauer", "Avis"), ([3, 5, 8, 2, 7], [4, 2, 10, 9, 5]), (11, 5))
    target = skill.dice[1][2]
    teams = [sorted(i + 1 for i in a.attackers) for a in skill.attacks() if a.kind == "Skill" and a.targets == (2,)]
    power = next(a for a in skill.attacks() if a.kind == "Power")
    scored = roll(_state(skill.apply(power)), [1])
    captured = skill.dice[1][power.targets[0]].size
    return (
        Exercise("Who moves first here: 'Bauer' or 'Avis'?", opening,
                 lambda name: _first_problem(opening, name),
                 "Line up each button's values from lowest to highest and compare them one by one.",
                 f"{first}: the lowest values decide.", kind="name", conceal=(" to move",)),
        Exercise(f"Bauer to move. Which of Bauer's dice can team up in a Skill attack on Avis's die 3 "
                 f"(showing {target.value})? Answer with a list of die numbers, like [1, 4].", skill,
                 lambda dice: _skill_problem(skill, dice, target.value, teams),
                 f"Skill attacks add values exactly: which of Bauer's values add up to {target.value}?",
                 " or ".join(map(str, teams)) + ".", kind="list"),
        Exercise(f"In the same position, Bauer's die {power.attackers[0] + 1} captures Avis's die "
                 f"{power.targets[0] + 1} (a ({captured})) with a Power attack and re-rolls a 1. What is Bauer's "
                 "round score now?", skill,
                 lambda score: _score_problem(scored, score, captured),
                 "Half the size of each die Bauer still has, plus the full size of each die Bauer captured.",
                 f"{scored.round_scores[0]:g}."),
    )


LESSON = Lesson(_exercises)
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
    board = _state(GAME.new(seed=seed, buttons=buttons, max_wins=2))
    played = play_match(board, (GreedyBot(GAME, seed), RandomBot(seed)), _round_scores, buttons)
    moments: list[Moment] = []
    for before, after in zip(played.states, played.states[1:], strict=False):
        done_before, done_after = _state(before).rounds, _state(after).rounds
        if len(done_after) > len(done_before) and len(moments) < 3:
            end = done_after[-1]
            moments.append(Moment(f"Round {len(done_after)}, last position: {buttons[0]} {end.scores[0]:g}, "
                                  f"{buttons[1]} {end.scores[1]:g}.", before))
    return summary(played, moments, buttons, "Round score if it ended now")
