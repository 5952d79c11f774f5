"""Button Men positions as plain text (screen readers) and SVG (dice as labelled boxes)."""

from __future__ import annotations

from core import svg as svglib
from core.buttonmen.dice import Die
from core.buttonmen.position import SETUP_PHASES, Phase
from core.buttonmen.recipe import SKILLS
from core.buttonmen.state import ButtonMenState

PHASES = {
    Phase.AUXILIARY: "choose whether to add the auxiliary dice",
    Phase.RESERVE: "choose a reserve die to add (or none)",
    Phase.SWING: "choose swing and option sizes",
    Phase.REACT: "react to initiative (Focus or Chance) or decline",
    Phase.ATTACK: "attack",
}


def points(value: float) -> str:
    """A score with its half point, e.g. ``15.5`` or ``16``."""
    return f"{value:.1f}" if value != int(value) else str(int(value))


def die_words(die: Die, rolled: bool = True) -> str:
    """A die in words, e.g. ``p(X=10):7 (Poison, 10 sides, showing 7)``.

    A die the opening roll has not reached (``rolled=False``) reads ``p(X=10) (Poison, 10 sides, not rolled yet)``.
    """
    skills = ", ".join(SKILLS[c] for c in die.skills)
    extra = f"{skills}, " if skills else ""
    if not rolled:
        return f"{die.notation} ({extra}{die.size} sides, not rolled yet)"
    dizzy = ", dizzy" if die.dizzy else ""
    return f"{die.label} ({extra}{die.size} sides, showing {die.value}{dizzy})"


def status(state: ButtonMenState) -> str:
    """Who acts now and what they may do, or how the match ended."""
    names = state.buttons
    if state.is_over:
        if state.cancelled:
            return f"The match was cancelled after {state.round_number} rounds."
        w = state.winner
        assert w is not None
        return f"Match over: {names[w]} wins."
    who = names[(state.roller if state.awaiting is not None else state.mover) or 0]
    if state.awaiting is not None:
        return f"{who}: enter the result of {state.awaiting.label}."
    if state.phase == Phase.ATTACK:
        types = ", ".join(state.attack_types())
        return f"{who} to move; possible: {types}."
    return f"{who}: {PHASES.get(state.phase, state.phase)}."


def describe(state: ButtonMenState, viewer: int | None = None) -> str:
    """The whole position in reading order; hides the opponent's secret choices."""
    names = state.buttons
    (w0, l0, d0), (w1, l1, d1) = state.match_score
    lines = [
        f"Button Men, round {state.round_number} (first to {state.options['max_wins']} wins).",
        f"Match score: {names[0]} {w0}-{l0}-{d0}, {names[1]} {w1}-{l1}-{d1} (won-lost-drawn).",
    ]
    unrolled = state.not_rolled()
    for p in (0, 1):
        lines.append(f"{names[p]}'s recipe: {state.recipes[p]}.")
        if state.phase in SETUP_PHASES and not state.dice[p]:
            shown = state.visible_choices(p, viewer)
            secret = len(state.chosen[p]) - len(shown)
            if shown:
                lines.append(f"  chosen sizes: {', '.join(f'{k}={v}' for k, v in sorted(shown.items()))}.")
            if secret:
                lines.append(f"  {secret} secret choice(s) made.")
            continue
        dice = state.dice[p]
        words = [die_words(d, i not in unrolled[p]) for i, d in enumerate(dice)]
        lines.append(f"  dice in play: {'; '.join(words) or 'none'}.")
        if state.captured[p]:
            lines.append(f"  captured: {'; '.join(d.label for d in state.captured[p])}.")
        if state.out_of_play[p]:
            lines.append(f"  out of play: {'; '.join(d.label for d in state.out_of_play[p])}.")
    if (state.dice[0] or state.dice[1]) and not (unrolled[0] or unrolled[1]):
        a, b = state.round_scores
        lines.append(f"Round score if it ended now: {names[0]} {points(a)}, {names[1]} {points(b)}.")
    for r in state.rounds[-3:]:
        who = "draw" if r.winner is None else f"won by {names[r.winner]}"
        lines.append(f"Round {r.number}: {points(r.scores[0])} to {points(r.scores[1])}, {who}.")
    lines.append(status(state))
    return "\n".join(lines)


def _die_box(x: float, y: float, die: Die, colour: str, rolled: bool = True) -> list[str]:
    out = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="64" height="56" rx="8" fill="{colour}" '
        f'stroke="{"#c62828" if die.dizzy else "#333"}" stroke-width="2"/>',
        svglib.text(x + 32, y + 22, str(die.value) if rolled else "?", size=20),
        svglib.text(x + 32, y + 45, die.notation, size=10),
    ]
    return out


def svg(state: ButtonMenState) -> str:
    """Both players' dice (in play, captured) as labelled boxes."""
    body: list[str] = []
    unrolled = state.not_rolled()
    width = 80 + 72 * max(6, *(len(state.dice[p]) + len(state.captured[p]) for p in (0, 1)))
    rolling = unrolled[0] or unrolled[1]
    for p in (0, 1):
        y = 30 + p * 110
        label = f"{state.buttons[p]}: " + ("opening roll" if rolling else f"{points(state.round_scores[p])} points")
        body.append(svglib.text(10, y - 12, label, size=13, anchor="start"))
        x = 10.0
        for i, die in enumerate(state.dice[p]):
            body.extend(_die_box(x, y, die, "#fafafa", i not in unrolled[p]))
            x += 72
        for die in state.captured[p]:
            body.extend(_die_box(x, y, die, "#d7e8d0"))
            x += 72
    title = f"Button Men: {state.buttons[0]} against {state.buttons[1]}, round {state.round_number}"
    return svglib.document(width, 250, title, body)
