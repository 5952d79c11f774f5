"""The Button Up! tutorial's helpers, in English or German: circles to start from, 1-based moves, three
exercises, a bot match.

>>> board = circle("BRWBWWRBR")
>>> lift(board, 3).stacks[1]
'RW'
"""

from __future__ import annotations

from core.bots import GreedyBot
from core.buttonup import BLACK, GAME, RED, ButtonUpState, ChooseStarter, Sow, heights
from core.buttonup.bots import SolverBot, action_values
from core.buttonup.options import rules_of
from core.buttonup.sowing import earns_turn
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
from core.teach.buttonup_text import draw, move_label, player, say

__all__ = [
    "answer", "circle", "example", "exercise", "hint", "lift", "links", "match", "may_lift", "show", "solution",
    "start",
]

EXAMPLE = "WRBWBRWBR"
"""The rulebook's worked example circle."""


def _say(key: str, **fields: object) -> str:
    return say(key, LESSON.lang, **fields)


def _names() -> tuple[str, str]:
    return (player(RED, LESSON.lang), player(BLACK, LESSON.lang))


def start(lang: str = "en") -> Html:
    """The first cell's answer in ``lang`` (``en`` or ``de``): the engine is loaded; links to play, the rules and
    all games."""
    return begin(LESSON, "button-up", "buttonup", lang)


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("button-up", "buttonup", LESSON.lang)


def show(board: ButtonUpState) -> Picture:
    """The position as a picture with its description in words below it, in the tutorial's language."""
    return draw(board, LESSON.lang)


def example(moves: int) -> ButtonUpState:
    """The rulebook's worked example after ``moves`` moves (each lifting the first stack holding a white)."""
    board = circle(EXAMPLE)
    while board.moves_made < moves:
        board = lift(board, next(i for i, stack in enumerate(board.stacks, 1) if "W" in stack))
    return board


def circle(buttons: str = EXAMPLE, starter: int = RED) -> ButtonUpState:
    """A first round dealt as ``buttons`` (R, B, W from stack 1 clockwise), ``starter`` to move."""
    state = GAME.new(seed=1, start=buttons).apply(ChooseStarter(starter))
    assert isinstance(state, ButtonUpState)
    return state


def lift(board: ButtonUpState, stack: int) -> ButtonUpState:
    """The position after the player to move lifts stack number ``stack`` (1 = the top of the circle)."""
    if not isinstance(stack, int) or isinstance(stack, bool):
        raise IllegalAction(_say("no_stack", n=stack, count=len(board.stacks)))
    problem = _why_not_liftable(board, stack)
    if problem:
        raise IllegalAction(problem)
    after = board.apply(Sow(stack - 1))
    assert isinstance(after, ButtonUpState)
    return after


def may_lift(board: ButtonUpState) -> Html:
    """Which stacks the player to move may lift, by their numbers in the picture."""
    numbers = [str(n) for n in _liftable(board)]
    mover = _names()[board.to_move or 0]
    return message(_say("may_many", mover=mover, some=", ".join(numbers[:-1]), last=numbers[-1])
                   if len(numbers) > 1 else _say("may_one", mover=mover, n=numbers[0]))


def _why_not_liftable(board: ButtonUpState, stack: int) -> str | None:
    """Why ``stack`` (from 1) may not be lifted here, or None when it may."""
    if not 1 <= stack <= len(board.stacks):
        return _say("no_stack", n=stack, count=len(board.stacks)) + "."
    if "W" not in board.stacks[stack - 1]:
        return _say("no_white", n=stack)
    return None


def _extra_turn_problem(board: ButtonUpState, stack: object) -> str | None:
    """None when lifting ``stack`` earns an extra turn, else the rule that says it does not."""
    assert isinstance(stack, int)
    problem = _why_not_liftable(board, stack)
    if problem:
        return problem
    sowing = board.sowing(Sow(stack - 1))
    if earns_turn(sowing, rules_of(board.options)):
        return None
    if sowing.overflow:
        return _say("overflow", n=stack)
    last = board.stacks[stack - 1][-1]
    landed = sowing.stacks[sowing.landed[-1]]
    return _say("other_colour", n=stack, last=_say(f"colour_{last}"), landed=_say(f"on_{landed[-2]}"))


def _score_problem(answer: object, red: int, black: int) -> str | None:
    assert isinstance(answer, float)
    if answer == red - black:
        return None
    known: dict[float, str] = {red: _say("red_alone"), black: _say("black_alone"), black - red: _say("negative"),
                               red + black: _say("added")}
    return known.get(answer, _say("not_difference", v=number(answer, LESSON.lang)))


def _best_move_problem(board: ButtonUpState, stack: object) -> str | None:
    assert isinstance(stack, int)
    problem = _why_not_liftable(board, stack)
    if problem:
        return problem
    values = action_values(board)
    mine = next(v for a, v in values.items() if isinstance(a, Sow) and a.stack == stack - 1)
    short = max(values.values()) - mine
    if not short:
        return None
    return _say("worse", n=stack, mover=_names()[board.to_move or 0], short=number(short, LESSON.lang))


def _liftable(board: ButtonUpState) -> list[int]:
    return [a.stack + 1 for a in board.legal_actions() if isinstance(a, Sow)]


def _best(board: ButtonUpState) -> list[int]:
    values = action_values(board)
    top = max(values.values())
    return sorted(a.stack + 1 for a, v in values.items() if v == top and isinstance(a, Sow))


def _exercises(lang: str) -> tuple[Exercise, ...]:
    extra = lift(circle(EXAMPLE), 1)
    last = example(7)
    final = lift(last, 1).rounds[-1].final
    red, black = heights(final)
    places = {army: ", ".join(str(h) for h, b in enumerate(final, 1) if b == army) for army in "RB"}
    shown = ", ".join(_say(f"letter_{b}") for b in final)
    earning = [n for n in range(1, len(extra.stacks) + 1) if _extra_turn_problem(extra, n) is None]
    endgame = example(5)
    mover = _names()[endgame.to_move or 0]
    best = _best(endgame)
    other = next(n for n in _liftable(endgame) if n not in best)
    return (
        Exercise(_say("q_extra"), extra, lambda stack: _extra_turn_problem(extra, stack), _say("h_extra"),
                 _say("s_extra", stacks=_say("or").join(map(str, earning))), kind="choice",
                 choices=offered(range(1, len(extra.stacks) + 1), lang)),
        Exercise(_say("q_score", final=shown, letters=_say("letters")), last,
                 lambda points: _score_problem(points, red, black), _say("h_score"),
                 _say("s_score", reds=places["R"], red=red, blacks=places["B"], black=black, gain=red - black),
                 choices=offered(sorted({red - black, black, red, red + black}), lang)),
        Exercise(_say("q_best", mover=mover), endgame, lambda stack: _best_move_problem(endgame, stack),
                 _say("h_best", n=other), _say("s_best", stacks=_say("or").join(map(str, best))), kind="choice",
                 choices=offered(range(1, len(endgame.stacks) + 1), lang)),
    )


LESSON = Lesson(_exercises, draw=draw)
exercise, answer, hint, solution = LESSON.helpers()


def _points(state: State) -> tuple[float, float]:
    assert isinstance(state, ButtonUpState)
    return (float(state.points[RED]), float(state.points[BLACK]))


def match(seed: int = 2) -> Html:
    """The perfect solver (Red) against the greedy bot (Black): pictures, the score chart, the log."""
    names, lang = _names(), LESSON.lang
    played = play_match(circle(starter=RED), (SolverBot(seed), GreedyBot(GAME, seed)), _points, names,
                        label=lambda action: move_label(action, lang))
    moments: list[Moment] = []
    for before, after in zip(played.states, played.states[1:], strict=False):
        assert isinstance(before, ButtonUpState) and isinstance(after, ButtonUpState)
        if len(after.rounds) > len(before.rounds) and len(moments) < 3:
            done = after.rounds[-1]
            moments.append(Moment(_say("moment", n=len(after.rounds), red=done.sums[0], black=done.sums[1]), before))
    return summary(played, moments, names, _say("chart"), lang, picture=lambda state: draw(state, lang).svg)
