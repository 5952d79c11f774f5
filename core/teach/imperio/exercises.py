"""The Imperio Bellum lesson's three exercises: a charge's dice, the best attack, the archer's targets."""

from __future__ import annotations

from fractions import Fraction

import core.imperio as ib
from core.imperio.board import name
from core.imperio.combat import shot_targets
from core.imperio.state import ImperioState
from core.teach import Exercise, Lesson, offered
from core.teach.imperio.positions import find, play, position
from core.teach.imperio.pictures import square_list
from core.teach.imperio.chances import percent


# --------------------------------------------------------------------------- exercises


def _main_dice(board: ImperioState, move: str) -> int:
    return board.duels(find(board, move))[0].attacker.dice


def _chances(board: ImperioState) -> dict[str, Fraction]:
    """Every attack of the player to move that starts a fight (as the game writes it), with its chance to win."""
    return {str(a): ib.odds(board, a).duels[0].win for a in board.legal_actions()
            if isinstance(a, (ib.Attack, ib.Shot)) and board.duels(a)}


def _attacks(board: ImperioState) -> list[str]:
    return sorted(_chances(board))


def _best_attacks(board: ImperioState) -> tuple[list[str], Fraction]:
    chances = _chances(board)
    top = max(chances.values())
    return sorted(m for m, c in chances.items() if c == top), top


def _dice_problem(dice: object, right: int) -> str | None:
    assert isinstance(dice, int)
    if dice == right:
        return None
    known = {3: "3 are the knight's own dice: fighting an adjacent enemy takes 1 off, and the charge adds some.",
             right + 1: "the knight ends next to the archer, and fighting an adjacent enemy takes 1 die off.",
             right - 1: "three steps just before the attack are a charge: +2 dice (+1 after 2 steps, +3 after 4)."}
    return known.get(dice, f"{dice} is not 3 dice, −1 for the adjacent enemy, plus the charge bonus.")


def _attack_problem(board: ImperioState, move: object, best: list[str]) -> str | None:
    assert isinstance(move, str)
    said = " ".join(move.split()).lower()
    if said in {m.lower() for m in best}:
        return None
    chances = {move.lower(): chance for move, chance in _chances(board).items()}
    if said not in chances:
        return f"\"{move}\" is not one of Red's attacks here; the game writes them like \"Kb3xc4\"."
    return f"\"{move}\" wins its fight {percent(chances[said])} of the time, and another attack does better."


def _targets_problem(count: object, targets: int) -> str | None:
    assert isinstance(count, int)
    if count == targets:
        return None
    if count > targets:
        return ("some of those units are shielded, or the line to them crosses a shielded square: a footsoldier "
                "shields its neighbours except the one facing the archer, and every square behind it.")
    return "the archer may shoot more: only shielded squares, and lines that cross them, are closed to it."


def _bases_problem(count: object, left: int) -> str | None:
    if count == left:
        return None
    if count == left + 1:
        return "a captured base changes sides: e7 belongs to Red now."
    if count == left - 1:
        return "the headquarters is a base too, and Blue still holds it."
    return "count the bases Blue holds now: its headquarters counts, a base Red captured does not."


def _exercises(lang: str) -> tuple[Exercise, ...]:
    charge = play(position("red knight d2, blue archer d6"), "Kd2-d3", "Kd3-d4", "Kd4-d5")
    charge_pool = charge.duels(find(charge, "Kd5xd6"))[0].attacker
    choice = position("red knight b3, red archer e2, red footsoldier g4, "
                      "blue footsoldier c4, blue pikeman e5, blue archer h5")
    best, top = _best_attacks(choice)
    shooting = position("red archer c2, blue footsoldier c4, blue knight c6, blue archer d5, blue pikeman e4, "
                        "blue knight f2")
    targets = [name(sq) for sq in shot_targets(shooting.board, ib.parse("c2"), 0, shooting.options)]
    base = play(position("red knight d6, red footsoldier c2, blue base e7, blue headquarters e9, blue archer g9"),
                "Kd6xe7", dice=[5, 2, 3])
    captured = play(base, "capture e7")
    left = sum(1 for piece in captured.board if piece is not None and piece.is_base and piece.owner == 1)
    blue = square_list(sq for sq, p in enumerate(shooting.board) if p is not None and p.owner == 1 and not p.is_base)
    return (
        Exercise("The red knight stepped from d2 to d3, d4 and d5. How many dice does it roll if it now attacks "
                 "the blue archer on d6?", charge,
                 lambda dice: _dice_problem(dice, charge_pool.dice),
                 "Start from the knight's 3 dice, take 1 off for fighting an adjacent enemy, and add the charge "
                 "bonus for the steps it took since the turn began: +1 after 2 steps, +2 after 3, +3 after 4.",
                 f"{charge_pool}.", kind="choice", choices=offered(range(1, 7))),
        Exercise("Red to move. Which of Red's attacks is most likely to win its fight? Answer with the move as the "
                 "game writes it, in quotes, like \"Kb3xc4\".", choice,
                 lambda move: _attack_problem(choice, move, best),
                 "Think of who beats whom. To compare the numbers, try odds(exercise_position(2), \"Kb3xc4\") "
                 "and the other attacks.",
                 f"{' or '.join(best)}: it wins {percent(top)} of the time.", kind="text",
                 choices=offered(_attacks(choice))),
        Exercise(f"Red's archer on c2 wants to shoot. At how many of the blue units ({blue}) may it shoot?",
                 shooting, lambda count: _targets_problem(count, len(targets)),
                 "A footsoldier shields its neighbours (all but the one facing the archer) and every square behind "
                 "it on the archer's line, and no shot may pass over a shielded square. "
                 "shields(exercise_position(3), \"c2\") draws them.",
                 f"{len(targets)}: {square_list(ib.parse(t) for t in targets)}; the others are shielded, or the "
                 "line to them crosses a shielded square.", kind="choice", choices=offered(range(6))),
        Exercise("Red's knight has just beaten Blue's base on e7, and Red captures it: \"capture e7\". How many "
                 "bases does Blue hold then?", base, lambda count: _bases_problem(count, left),
                 "A captured base changes sides and stays on its square; a headquarters is a base too.",
                 f"{left}: its headquarters on e9; the base on e7 is Red's now.", kind="choice",
                 choices=offered(range(4))),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()
exercise_position = LESSON.position
"""Exercise ``n``'s position, to try moves and odds on."""
