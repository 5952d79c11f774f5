"""The match table (points per round, totals, garnets, the result) and a played board's places,
as HTML tables with their tie-break reasons from :mod:`core.fairsquare`."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from core.fairsquare import BoardRecord, FairSquareState
from core.fairsquare.explain import place_reason
from core.fairsquare.render import elimination_reason
from webapp.fairsquare.watch import record_label
from webapp.shell.session import HUMAN

NAMES = tuple(f"Player {k + 1}" for k in range(8))
PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def seat_words(seats: Sequence[str], humans: Sequence[int], seat: int) -> str:
    """``you`` (the one human), ``person`` (hot-seat) or ``bot: <level>``."""
    kind = seats[seat]
    return "you" if list(humans) == [seat] else "person" if kind == HUMAN else f"bot: {kind}"


def match_html(state: FairSquareState, seats: Sequence[str], humans: Sequence[int]) -> str:
    """Every player's round points (with the place), total and garnets; the winner and the elimination
    candidate with the reason once the match is over."""
    rounds = range(1, state.match.rounds + 1)
    garnets = state.options["garnets"] == "on"
    head = "".join(f"<th scope='col' style='padding:0 0.4em'>Round {r}</th>" for r in rounds)
    rows = []
    for p in range(state.match.seats):
        cells = []
        for r in rounds:
            record = next((x for x in state.round_records(r) if p in x.players), None)
            if record is None:
                cells.append("<td>–</td>")
            else:
                k = record.players.index(p)
                cells.append(f"<td>{record.points[k]} ({PLACES.get(record.places[k], '')})</td>")
        rows.append(f"<tr><th scope='row' style='text-align:left'>{NAMES[p]} "
                    f"({escape(seat_words(seats, humans, p))})</th>{''.join(cells)}"
                    f"<td><strong>{state.points[p]}</strong></td>"
                    + (f"<td>{state.garnets[p]}</td>" if garnets else "") + "</tr>")
    table = ("<table style='border-collapse:collapse' aria-label='Match points per round'><thead><tr>"
             f"<th scope='col'>Player</th>{head}<th scope='col'>Total</th>"
             + ("<th scope='col'>Garnets</th>" if garnets else "") + f"</tr></thead><tbody>{''.join(rows)}"
             "</tbody></table><p class='rb-help' style='margin:0.2em 0'>Round points: 3, 2, 1, 0 by place "
             "on the board (place in brackets). Bots are named by level (the New game form describes them).</p>")
    outcome = state.outcome
    if outcome is None:
        return table
    top = max(state.points)
    winners = ", ".join(NAMES[p] for p in range(state.match.seats) if state.points[p] == top)
    return table + (
        "<section aria-label='Match result' style='border:3px solid #1b5e20;background:#e8f5e9;color:#111;"
        "padding:0.4em 0.8em;border-radius:6px'><h3 style='margin:0'>Match over</h3>"
        f"<p style='margin:0.3em 0'>Winner: {escape(winners)} with {top} points. Elimination candidate: "
        f"{escape(NAMES[state.eliminated])} ({escape(elimination_reason(state))}).</p>"
        f"<p style='margin:0'>{escape(outcome.reason[:1].upper() + outcome.reason[1:])}.</p></section>")


def places_html(record: BoardRecord) -> str:
    """A played board's result: owned points, the tie-break counts, place, round points and why."""
    rows = "".join(
        f"<tr><th scope='row' style='text-align:left;white-space:nowrap'>{NAMES[p]}</th><td>{record.scores[k]}</td>"
        f"<td>{record.threes[k]}</td><td>{record.twos[k]}</td><td>{record.left[k]}</td>"
        f"<td>{PLACES.get(record.places[k], record.places[k])}</td><td>+{record.points[k]}</td>"
        f"<td>{escape(place_reason(record, k))}</td></tr>" for k, p in enumerate(record.players))
    head = "".join(f"<th scope='col' style='white-space:nowrap;padding:0 0.3em'>{h}</th>" for h in (
        "Player", "Owned", "3-pt squares", "2-pt squares", "Pieces left", "Place", "Points", "Why"))
    return (f"<div style='overflow-x:auto'><table style='border-collapse:collapse;font-size:0.9em' "
            f"aria-label='Places on this board'><caption style='text-align:left;font-weight:bold'>"
            f"{escape(record_label(record))}: places</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table></div>")


def played_words(record: BoardRecord) -> str:
    """A board just played, in one sentence: every player's place, owned squares and points."""
    ranks = ", ".join(f"{NAMES[p]} {PLACES.get(record.places[k], str(record.places[k]))} "
                      f"({record.scores[k]} owned, +{record.points[k]})" for k, p in enumerate(record.players))
    return f"{record_label(record)} played. {ranks}."
