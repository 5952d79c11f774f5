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
    Moment,
    Tutor,
    as_number,
    message,
    navigation,
    play_match,
    ready,
    show,
    summary,
)

__all__ = [
    "check", "circle", "example", "exercise", "hint", "lift", "links", "match", "may_lift", "show", "solution", "start",
]

NAMES = ("Red", "Black")
EXAMPLE = "WRBWBRWBR"
"""The rulebook's worked example circle."""
TUTOR = Tutor("en")


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
    numbers = [str(a.stack + 1) for a in board.legal_actions() if isinstance(a, Sow)]
    mover = NAMES[board.to_move or 0]
    return message(f"{mover} may lift stack {', '.join(numbers[:-1])} or {numbers[-1]}."
                   if len(numbers) > 1 else f"{mover} may lift stack {numbers[0]}.")


def _stack_number(answer: object) -> int:
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise TypeError("a stack number")
    return answer


def _earns_extra_turn(board: ButtonUpState, answer: object) -> bool:
    sowing = board.sowing(Sow(_stack_number(answer) - 1))
    return earns_turn(sowing, rules_of(board.options))


def _best(board: ButtonUpState) -> list[int]:
    values = action_values(board)
    top = max(values.values())
    return sorted(a.stack + 1 for a, v in values.items() if v == top and isinstance(a, Sow))


def _exercises() -> tuple[Exercise, ...]:
    extra = lift(circle(EXAMPLE), 1)
    final = "RBWBBRRWW"
    red, black = heights(final)
    places = {army: ", ".join(str(h) for h, b in enumerate(final, 1) if b == army) for army in "RB"}
    earning = [n for n in range(1, len(extra.stacks) + 1)
               if Sow(n - 1) in extra.legal_actions() and _earns_extra_turn(extra, n)]
    endgame = example(5)
    mover = NAMES[endgame.to_move or 0]
    best = _best(endgame)
    return (
        Exercise("Black to move. Which stack earns Black an extra turn? Answer with its number.", extra,
                 lambda answer: _earns_extra_turn(extra, answer),
                 "Look at the last button each stack would drop and the button it would land on.",
                 f"stack {' or '.join(map(str, earning))}: its last button lands on a button of its own colour."),
        Exercise(f"The round ends with one stack, bottom to top: {', '.join(final)} "
                 "(R red, B black, W white). How many victory points does Red gain?", None,
                 lambda answer: as_number(answer) == red - black,
                 "Number the buttons 1 (bottom) to 9 (top); add the numbers of each army's buttons.",
                 f"Red sits at heights {places['R']} = {red}; Black at {places['B']} = {black}; "
                 f"Red gains {red} − {black}"
                 f" = {red - black}."),
        Exercise(f"{mover} to move, three moves before the end. Which stack gives {mover} the best round? "
                 "Answer with its number.", endgame,
                 lambda answer: _stack_number(answer) in best,
                 "Try each liftable stack with lift() and look at who ends up on top.",
                 f"stack {' or '.join(map(str, best))}, as the perfect solver finds."),
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

