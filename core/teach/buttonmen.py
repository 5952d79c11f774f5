"""The Button Men tutorials' helpers: hand-rolled openings, attacks by die number (from 1), exercises, a bot match.

Dice are numbered from 1, left to right, as in the pictures and on the game's page.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.bots import GreedyBot, RandomBot
from core.buttonmen import GAME, Attack, ChooseSwing, Roll
from core.buttonmen.state import ButtonMenState
from core.protocol import IllegalAction, State
from core.teach import Exercise, Html, as_number, Moment, Tutor, message, navigation, play_match, ready, show, summary

__all__ = ["attack", "check", "deal", "exercise", "hint", "links", "match", "scores", "show", "solution", "start"]

TUTOR = Tutor("en")


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


def _exercises() -> tuple[Exercise, ...]:
    opening = deal(("Bauer", "Avis"), ([4, 9, 2, 17, 8], [3, 2, 7, 12, 2]), (11, 5))
    first = opening.buttons[_who_starts(opening)]
    skill = deal(("Bauer", "Avis"), ([3, 5, 8, 2, 7], [4, 2, 10, 9, 5]), (11, 5))
    target = skill.dice[1][2]
    team = [a for a in skill.attacks() if a.kind == "Skill" and a.targets == (2,)]
    power = next(a for a in skill.attacks() if a.kind == "Power")
    scored = roll(_state(skill.apply(power)), [1])
    return (
        Exercise("Who moves first here: 'Bauer' or 'Avis'?", opening,
                 lambda answer: isinstance(answer, str) and answer.strip().lower() == first.lower(),
                 "Line up each button's values from lowest to highest and compare them one by one.",
                 f"{first}: the lowest values decide."),
        Exercise(f"Bauer to move. Which of Bauer's dice can team up in a Skill attack on Avis's die 3 "
                 f"(showing {target.value})? Answer with a list of die numbers, like [1, 4].", skill,
                 lambda answer: isinstance(answer, list)
                 and any(sorted(answer) == [i + 1 for i in a.attackers] for a in team),
                 f"Skill attacks add values exactly: which of Bauer's values add up to {target.value}?",
                 " or ".join(str([i + 1 for i in a.attackers]) for a in team) + "."),
        Exercise(f"Instead, Bauer's die {power.attackers[0] + 1} captures Avis's die {power.targets[0] + 1} "
                 "with a Power attack and re-rolls a 1. What is Bauer's round score now?", scored,
                 lambda answer: as_number(answer) == scored.round_scores[0],
                 "Half the size of each die Bauer still has, plus the full size of each die Bauer captured.",
                 f"{scored.round_scores[0]:g}."),
    )


exercises = _exercises
"""The lesson's exercises in order (the teacher pack prints their answer key)."""


def exercise(number: int) -> Html:
    """Pose exercise ``number`` (1, 2 or 3)."""
    return TUTOR.pose(_exercises(), number)


check = TUTOR.check
"""Whether an answer solves the current exercise (a hint if not)."""
hint = TUTOR.hint
"""The current exercise's hint."""
solution = TUTOR.solution
"""The current exercise's solution, shown only when asked for."""


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
