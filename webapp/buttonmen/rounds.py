"""A Button Men match in words, round by round: the score table's rows, the round history, the round just
over, the match's result and the log lines an action added."""

from __future__ import annotations

from dataclasses import dataclass

from core.buttonmen import Attack, ButtonMenState
from core.buttonmen.render import points
from core.protocol import Action
from webapp.buttonmen.model import Selection


def score_rows(state: ButtonMenState) -> list[tuple[str, str, str]]:
    """Per player: button name, the round score if it ended now, and won-lost-drawn."""
    rows = []
    for p in (0, 1):
        now = points(state.round_scores[p]) if state.dice[0] or state.dice[1] else "–"
        w, lost, d = state.match_score[p]
        rows.append((state.buttons[p], now, f"{w}–{lost}–{d}"))
    return rows


def match_goal(state: ButtonMenState) -> str:
    """How the match is won, e.g. "The first to win 1 round takes the match." """
    wins = int(state.options["max_wins"])
    return f"The first to win {wins} round{'s' if wins != 1 else ''} takes the match."


def history_rows(state: ButtonMenState) -> list[tuple[str, str, str, str]]:
    """Per finished round: number, each score and the outcome."""
    rows = []
    for r in state.rounds:
        if r.winner is None:
            outcome = "draw"
        else:
            outcome = f"{state.buttons[r.winner]} won"
        if r.surrendered is not None:
            outcome += f" ({state.buttons[r.surrendered]} surrendered)"
        rows.append((str(r.number), points(r.scores[0]), points(r.scores[1]), outcome))
    return rows


@dataclass(frozen=True)
class RoundOver:
    """A round that just ended, as the page shows it until the player moves on."""

    number: int
    result: str
    """Who won and the final scores."""
    rows: list[tuple[str, str, str, str]]
    """Per player: button, dice in play, dice captured (both as the round ended), final score."""
    last: list[str]
    """The last action of the round, in the log's words."""
    before: ButtonMenState
    """The position the last action was played in (the board shows it)."""
    marked: Selection
    """The last attack's dice, marked on the board."""


def ended_round(before: ButtonMenState, action: Action, after: ButtonMenState) -> RoundOver | None:
    """The round ``action`` finished, or None when it finished none."""
    if len(after.rounds) == len(before.rounds):
        return None
    end = after.rounds[len(before.rounds)]
    names = after.buttons
    score = f"{points(end.scores[0])} to {points(end.scores[1])}"
    if end.surrendered is not None:
        result = f"{names[end.surrendered]} surrendered the round; {names[1 - end.surrendered]} wins it ({score})."
    elif end.winner is None:
        result = f"The round is a draw, {score}."
    else:
        result = f"{names[end.winner]} wins the round, {score}."
    rows = [(names[p], ", ".join(d.label for d in end.dice[p]) or "none",
             ", ".join(d.label for d in end.captured[p]) or "none", points(end.scores[p])) for p in (0, 1)]
    marked = Selection()
    if isinstance(action, Attack):
        marked = Selection(frozenset(action.attackers), frozenset(action.targets))
    return RoundOver(end.number, result, rows, new_log_lines(before, after), before, marked)


def match_summary(state: ButtonMenState) -> str:
    """The end-of-match sentence ("" while the match goes on)."""
    if not state.is_over:
        return ""
    if state.cancelled:
        return f"The match was cancelled after {state.round_number} rounds (the round cap)."
    winner = state.winner
    assert winner is not None
    won = state.match_score[winner][0]
    lost = state.match_score[1 - winner][0]
    rounds = len(state.rounds)
    return (f"{state.buttons[winner]} wins the match against {state.buttons[1 - winner]}, "
            f"{won} round{'s' if won != 1 else ''} to {lost}, after {rounds} round{'s' if rounds != 1 else ''}.")


def new_log_lines(before: ButtonMenState | None, after: ButtonMenState) -> list[str]:
    """The site-notation log lines ``after`` added to ``before``."""
    if before is None or len(before.log) > len(after.log) or after.log[:len(before.log)] != before.log:
        return list(after.log[-3:])
    return list(after.log[len(before.log):])
