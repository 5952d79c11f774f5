"""The Button Up! tutorial's helpers: circles to start from, 1-based moves, three exercises, a bot match.

>>> board = circle("BRWBWWRBR")
>>> lift(board, 3).stacks[1]
'RW'
"""

from __future__ import annotations

from core.bots import GreedyBot
from core.buttonup import BLACK, GAME, RED, ButtonUpState, ChooseStarter, Sow, heights
from core.buttonup.rules import earns_turn, rules_of
from core.buttonup.solver import SolverBot, action_values
from core.protocol import IllegalAction, State
from core.teach import (
    Exercise,
    Html,
    Lesson,
    Moment,
    message,
    navigation,
    play_match,
    ready,
    show,
    summary,
)

__all__ = [
    "answer", "circle", "example", "exercise", "hint", "lift", "links", "match", "may_lift", "show", "solution",
    "start",
]

NAMES = ("Red", "Black")
EXAMPLE = "WRBWBRWBR"
"""The rulebook's worked example circle."""


def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready("button-up", "buttonup")


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("button-up", "buttonup")


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
    if not isinstance(stack, int) or isinstance(stack, bool) or not 1 <= stack <= len(board.stacks):
        raise IllegalAction(f"there is no stack {stack!r}: the stacks are numbered 1 to {len(board.stacks)}")
    after = board.apply(Sow(stack - 1))
    assert isinstance(after, ButtonUpState)
    return after


def may_lift(board: ButtonUpState) -> Html:
    """Which stacks the player to move may lift, by their numbers in the picture."""
    numbers = [str(n) for n in _liftable(board)]
    mover = NAMES[board.to_move or 0]
    return message(f"{mover} may lift stack {', '.join(numbers[:-1])} or {numbers[-1]}."
                   if len(numbers) > 1 else f"{mover} may lift stack {numbers[0]}.")


COLOURS = {"R": "red", "B": "black", "W": "white"}


def _why_not_liftable(board: ButtonUpState, stack: int) -> str | None:
    """Why ``stack`` (from 1) may not be lifted here, or None when it may."""
    if not 1 <= stack <= len(board.stacks):
        return f"there is no stack {stack}: the stacks are numbered 1 to {len(board.stacks)}."
    if "W" not in board.stacks[stack - 1]:
        return f"stack {stack} holds no white button, so it may not be lifted."
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
        return f"stack {stack} overflows (more buttons than other stacks), and an overflow never earns a turn."
    last = board.stacks[stack - 1][-1]
    landed = sowing.stacks[sowing.landed[-1]]
    return (f"the last button of stack {stack} ({COLOURS[last]}) lands on a {COLOURS[landed[-2]]} button: only "
            "the same colour earns an extra turn.")


def _score_problem(answer: object, red: int, black: int) -> str | None:
    assert isinstance(answer, float)
    if answer == red - black:
        return None
    known: dict[float, str] = {red: "that is Red's sum alone: Red gains the difference between the two sums.",
             black: "that is Black's sum alone: Red gains the difference between the two sums.",
             black - red: "Red's sum is the larger one, so Red gains a positive number.",
             red + black: "the two sums are subtracted, not added."}
    return known.get(answer, f"{answer:g} is not Red's sum minus Black's (heights count from 1 at the bottom; "
                     "whites count for nobody).")


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
    mover = NAMES[board.to_move or 0]
    return f"after stack {stack}, perfect play leaves {mover} {short:g} points worse off than the best move."


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
    earning = [n for n in range(1, len(extra.stacks) + 1) if _extra_turn_problem(extra, n) is None]
    endgame = example(5)
    mover = NAMES[endgame.to_move or 0]
    best = _best(endgame)
    return (
        Exercise("Black to move. Which stack earns Black an extra turn? Answer with its number.", extra,
                 lambda stack: _extra_turn_problem(extra, stack),
                 "Look at the last button each stack would drop and the button it would land on.",
                 f"stack {' or '.join(map(str, earning))}: its last button lands on a button of its own colour.",
                 kind="choice"),
        Exercise(f"Red lifts stack 1, the last move of the round: it overflows onto stack 2, leaving one stack, "
                 f"bottom to top: {', '.join(final)} (R red, B black, W white). How many victory points does "
                 "Red gain?", last,
                 lambda points: _score_problem(points, red, black),
                 "Number the buttons 1 (bottom) to 9 (top); add the numbers of each army's buttons.",
                 f"Red sits at heights {places['R']} = {red}; Black at {places['B']} = {black}; "
                 f"Red gains {red} − {black} = {red - black}."),
        Exercise(f"{mover} to move, three moves before the end. Which stack gives {mover} the best round? "
                 "Answer with its number.", endgame,
                 lambda stack: _best_move_problem(endgame, stack),
                 f"may_lift(example(5)) names the stacks you may lift; try each, like show(lift(example(5), "
                 f"{next(n for n in _liftable(endgame) if n not in best)})), and look at who ends up on top.",
                 f"stack {' or '.join(map(str, best))}, as the perfect solver finds.", kind="choice"),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()


def _points(state: State) -> tuple[float, float]:
    assert isinstance(state, ButtonUpState)
    return (float(state.points[RED]), float(state.points[BLACK]))


def match(seed: int = 2) -> Html:
    """The perfect solver (Red) against the greedy bot (Black): pictures, the score chart, the log."""
    played = play_match(circle(starter=RED), (SolverBot(seed), GreedyBot(GAME, seed)),
                        _points, NAMES)
    moments: list[Moment] = []
    for before, after in zip(played.states, played.states[1:], strict=False):
        assert isinstance(before, ButtonUpState) and isinstance(after, ButtonUpState)
        if len(after.rounds) > len(before.rounds) and len(moments) < 3:
            done = after.rounds[-1]
            moments.append(Moment(f"Round {len(after.rounds)}, before its last move: Red {done.sums[0]}, "
                                  f"Black {done.sums[1]} in the final stack.", before))
    return summary(played, moments, NAMES, "Victory points")

