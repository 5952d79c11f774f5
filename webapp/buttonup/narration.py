"""Button Up! in words: what a sowing did, extra turns and round results (text view and log)."""

from __future__ import annotations

from core.buttonup import ButtonUpState, Sow
from core.buttonup.render import stack_words
from core.buttonup.buttons import PLAYER_NAMES
from core.protocol import Action
from webapp.shell.session import Step


def narrate(before: ButtonUpState, action: Action, after: ButtonUpState) -> str:
    """What ``action`` did, in words: the sowing, an extra turn, a round's end."""
    player = before.to_move
    assert player is not None
    name = PLAYER_NAMES[player]
    if not isinstance(action, Sow):
        text = f"{name}: {action}."
    else:
        sowing = before.sowing(action)
        where = ", ".join(str(i + 1) for i in sowing.landed)
        stacks = "stack" if len(sowing.landed) == 1 else "stacks"
        text = (f"{name} sowed stack {action.stack + 1} ({stack_words(before.stacks[action.stack])}); "
                f"the buttons landed on what {'is' if stacks == 'stack' else 'are'} now {stacks} {where}.")
        if sowing.overflow:
            text += " Too many buttons for one each: the rest went on the last stack as a block."
    if len(after.rounds) > len(before.rounds):
        text += " " + round_summary(after, len(after.rounds))
    elif after.extra and after.to_move == player and isinstance(action, Sow):
        text += f" The last button matched the one below it: {name} moves again (extra turn)."
    return text


def round_summary(state: ButtonUpState, number: int) -> str:
    """One round's result in words."""
    result = state.rounds[number - 1]
    red, black = result.sums
    if result.winner is None:
        outcome = "a tie, nobody scores"
    else:
        outcome = f"{PLAYER_NAMES[result.winner]} gains {max(result.gain)} points"
    return (f"Round {number} over: final stack from bottom to top {stack_words(result.final)}; "
            f"red heights sum to {red}, black to {black}: {outcome}.")


def log_note(step: Step[ButtonUpState]) -> str:
    """The move log's note: extra turns and round results."""
    before, after = step.before, step.after
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        gain = "tie" if result.winner is None else f"{PLAYER_NAMES[result.winner]} +{max(result.gain)}"
        return f"round {len(after.rounds)} over ({gain})"
    if after.extra and after.to_move == step.actor:
        return "extra turn"
    return ""
