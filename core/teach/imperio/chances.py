"""The odds of Imperio Bellum fights as tables of whole percents, who beats whom, and the armies in words."""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import core.imperio as ib
from core.imperio.army import describe_reserve
from core.imperio.board import NAMES, UNITS, Piece, name
from core.imperio.combat import MELEE, SHOT, pools
from core.imperio.render import PLURALS
from core.imperio.state import ImperioState
from core.protocol import InputError
from core.teach import Html, message
from core.teach.words import number
from core.teach.imperio.positions import LANG, SIDES, find


# --------------------------------------------------------------------------- odds


def percent(value: Fraction | float, lang: str = LANG) -> str:
    """A chance in whole percent as the notebook's language writes it; never rounds a possible result to 0 or 100.

    The spaces are non-breaking, so a narrow table cell never splits ``< 1%``.
    """
    shown = round(float(value) * 100)
    text = number(shown, lang)
    if 0 < value and shown == 0:
        text = "<\u00a01"
    elif value < 1 and shown == 100:
        text = ">\u00a099"
    return f"{text}\u00a0%" if lang == "de" else f"{text}%"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str) -> str:
    """An HTML table: ``head`` labels the columns, each row's first cell (markup) labels its row."""
    th = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in head)
    body = "".join(f'<tr><th scope="row">{row[0]}</th>' + "".join(f"<td>{cell}</td>" for cell in row[1:]) + "</tr>"
                   for row in rows)
    return (f'<table><caption style="caption-side:top;text-align:left">{html.escape(caption)}</caption>'
            f"<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>")


def odds(board: ImperioState, move: str) -> Html:
    """Every fight ``move`` starts, with both dice pools, their modifiers and the exact chances."""
    found = ib.odds(board, find(board, move))
    rows, lines = [], []
    for d in found.duels:
        mover, victim = board.board[d.duel.frm], board.board[d.duel.to]
        fight = {"shot": "shot", "splash": "splash"}.get(d.duel.kind, "attack") + f" on {name(d.duel.to)}"
        if victim is not None and mover is not None and victim.owner == mover.owner:
            fight += " (own unit!)"
        cells = [fight, str(d.duel.attacker), str(d.duel.defender), percent(d.win), percent(d.tie), percent(d.loss),
                 d.tie_means]
        rows.append([html.escape(c) for c in cells])
        lines.append(", ".join(cells))
    caption = f"{move}: the attacker's chances"
    head = ("fight", "attacker's dice", "defender's dice", "attacker wins", "tie", "attacker loses", "a tie means")
    if not rows:
        return message(f"{move} hits nobody.")
    return Html(_table(head, rows, caption), "\n".join([caption, *lines]))


def odds_table(rule: str = "sum", largest: int = 5) -> Html:
    """The attacker's chances for every pair of dice pools up to ``largest``: win, and tie below it."""
    if not isinstance(largest, int) or not 1 <= largest <= 6:
        raise InputError("largest", "must be 1 to 6", largest)
    head = ["attacker's dice", *(f"defender {n}" for n in range(1, largest + 1))]
    rows, lines = [], []
    for a in range(1, largest + 1):
        chances = [ib.combat_odds(a, d, rule) for d in range(1, largest + 1)]
        rows.append([str(a), *(f"<strong>{percent(w)}</strong><br><small>tie {percent(t)}</small>"
                                                for w, t, _ in chances)])
        lines.append(f"{a} against " + "; ".join(f"{d}: {percent(w)} win, {percent(t)} tie"
                                                 for d, (w, t, _) in enumerate(chances, 1)))
    what = "sum of the dice" if rule == "sum" else "highest single die"
    caption = f"Attacker wins (bold) and ties (small), by dice on each side; the {what} decides"
    return Html(_table(head, rows, caption), "\n".join([caption, *lines]))


BEATS = (("A", "P"), ("P", "K"), ("K", "F"), ("F", "A"))
"""The designed cycle: archers beat pikemen, pikemen knights, charging knights footsoldiers, footsoldiers archers."""


def _matchup(attacker: str, defender: str) -> tuple[int, int, Fraction, str]:
    """Dice and win chance of each unit type's best attack on another (a knight charges 4 steps where it can)."""
    att, dfd = Piece(attacker, 0, 1, 0), Piece(defender, 1, 2, 1)
    kind = SHOT if attacker == "A" else MELEE
    steps = 4 if attacker == "K" and defender != "P" else 0
    where = ib.parse("d4" if kind == MELEE else "d2")  # next to the defender on d5, or a shot from 3 away
    a, d = pools(kind, att, where, dfd, ib.parse("d5"), charge_steps=steps)
    how = {"A": "shot", "K": "charge" if steps else "point-blank"}.get(attacker, "melee")
    return a.dice, d.dice, ib.combat_odds(a.dice, d.dice)[0], how


def rock_paper_scissors() -> Html:
    """Each unit type's best attack on each other type: dice and chance to win, the designed cycle starred."""
    head = ["attacker ↓ / defender →", *(NAMES[u] for u in UNITS)]
    rows, lines = [], []
    for attacker in UNITS:
        row = [NAMES[attacker]]
        for defender in UNITS:
            a, d, win, how = _matchup(attacker, defender)
            star = " ★" if (attacker, defender) in BEATS else ""
            row.append(f"{percent(win)}{star}<br><small>{how}, {a} vs {d} dice</small>")
            lines.append(f"{NAMES[attacker]} on {NAMES[defender]}: {how}, {a} vs {d} dice, wins {percent(win)}{star}")
        rows.append(row)
    cycle = ", ".join(f"{PLURALS[a]} beat {PLURALS[d]} ({percent(_matchup(a, d)[2])})" for a, d in BEATS)
    caption = "Chance to win each unit's best attack (★: the designed cycle; pikemen not entrenched)"
    return Html(_table(head, rows, caption) + f"<p>{html.escape(cycle.capitalize())}.</p>",
                "\n".join([caption, *lines, cycle.capitalize() + "."]))


# --------------------------------------------------------------------------- the armies


def armies(board: ImperioState) -> Html:
    """Both sides' pieces on the board and in reserve, by type."""
    head = ["side", "bases", *(PLURALS[u] for u in UNITS), "in reserve"]
    rows, lines = [], []
    for side in (0, 1):
        mine = [(sq, p) for sq, p in enumerate(board.board) if p is not None and p.owner == side]
        bases = ", ".join(f"{name(sq)}{' (headquarters)' if p.kind == 'H' else ''}" for sq, p in mine if p.is_base)
        counts = [str(sum(p.kind == u for _, p in mine)) for u in UNITS]
        reserve = describe_reserve(board.reserves[side])
        rows.append([html.escape(c) for c in (SIDES[side], bases, *counts, reserve)])
        lines.append(f"{SIDES[side]}: bases {bases}; " + ", ".join(
            f"{n} {PLURALS[u]}" for u, n in zip(UNITS, counts, strict=True)) + f"; reserve {reserve}")
    caption = "The two armies on the board, and their reserves (K knights, A archers, P pikemen, F footsoldiers)"
    return Html(_table(head, rows, caption), "\n".join([caption, *lines]))
