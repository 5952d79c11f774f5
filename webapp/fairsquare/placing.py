"""Fair and Square's placement in words: the status line, the palette of piece types, the placement check, garnets, the
hot-seat curtain and the board's legend (what the page says while a player places)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from core.fairsquare import FairSquareState
from core.fairsquare.geometry import name
from core.fairsquare.placement import MIN_TYPES, PIECES
from webapp.fairsquare.frames import MARKER_WORDS, markers
from webapp.fairsquare.tables import NAMES


def status_line(state: FairSquareState, curtain: int | None, placer: int | None, thinking: bool) -> str:
    """The status line: the result, the tie vote, whom to pass the device to (``curtain``), who places here
    (``placer``), or whom the page waits for."""
    outcome = state.outcome
    if outcome is not None:
        return f"Match over: {outcome.reason}."
    if state.voters:
        tied = ", ".join(NAMES[p] for p in state.candidates())
        return f"Tied for last: {tied}. {', '.join(NAMES[p] for p in state.voters)} name the candidate."
    if curtain is not None:
        return f"Pass the device to {NAMES[curtain]}."
    r = f"Round {state.round_number} of {state.match.rounds}"
    if placer is not None:
        placed = len(state.placements[placer].pieces)
        return f"{r}: {NAMES[placer]}, place your pieces ({placed} of {PIECES} placed)."
    return f"{r}: the bots are placing…" if thinking else f"{r}: waiting for the other placements."


def palette_labels(state: FairSquareState, allowed: Sequence[str], kind: str) -> list[str]:
    """The piece types of this round, numbered, with their marker and whether ``kind`` is chosen or allowed."""
    roster = state.roster()
    shapes = markers([t.name for t in roster])
    return [f"{k + 1}: {t.name}, rank {t.rank} ({MARKER_WORDS[shapes[t.name]]})"
            + (" - chosen" if t.name == kind else "" if t.name in allowed else " - not now")
            for k, t in enumerate(roster)]


def check_html(state: FairSquareState, player: int, allowed: Sequence[str], kind: str) -> str:
    """How far ``player``'s placement is, and what may come next."""
    mine = state.placements[player].pieces
    types = sorted({k for k, _ in mine})
    pieces = ", ".join(f"{k} on {name(s)}" for k, s in mine) or "none yet"
    lines = [f"{NAMES[player]}: {len(mine)} of {PIECES} pieces placed ({pieces}).",
             f"Types used: {len(types)} of the {MIN_TYPES} a placement needs at least."]
    if len(mine) == PIECES:
        lines.append("All placed: confirm (C), or click one of your pieces to lift it.")
    else:
        extra = "" if len(allowed) == len(state.roster()) else \
            f" (only types you have not used: four pieces need {MIN_TYPES} different types)"
        lines.append(f"Next piece may be: {', '.join(allowed)}{extra}. Chosen: {kind}. "
                     "Click a light green square to place it.")
    return "".join(f"<p style='margin:0.2em 0'>{escape(line)}</p>" for line in lines)


def garnets_html(state: FairSquareState, player: int) -> str:
    """``player``'s garnets and this round's re-orders."""
    orders = "; ".join(f"{k} moves {x}" for k, x in state.placements[player].letters) or "none"
    return (f"<p style='margin:0.2em 0'>{escape(NAMES[player])} has {state.garnets[player]} garnet(s); "
            f"this round's re-orders: {escape(orders)}. One garnet re-orders one type's move letters "
            "(their priority) for this round; the card's own order gives it back.</p>")


def curtain_html(player: int) -> str:
    """Hot-seat: pass the device to ``player``."""
    return (f"<section aria-label='Pass the device' style='border:3px solid #0b3d91;border-radius:6px;"
            f"padding:0.5em 0.8em;background:#e3f2fd;color:#111'><h3 style='margin:0'>Pass the device to "
            f"{NAMES[player]}</h3><p style='margin:0.3em 0'>Everybody else looks away: the placement "
            "is secret until the board is played.</p></section>")


def legend_html(roster: Sequence[str]) -> str:
    """What the board's squares, markers, arrows and colours mean for the piece types in ``roster``."""
    shapes = markers(roster)
    return ("<p class='rb-help' style='margin:0.2em 0'>Gold squares score their number (1-3); hatched grey "
            "squares are forbidden for placement; a coloured frame marks the owner. Pieces: "
            + "; ".join(f"{escape(kind)} = {MARKER_WORDS[shapes[kind]]}" for kind in roster)
            + ", labelled with initial and rank, in the owner's colour; arrows show this turn's moves, red "
              "squares battles, dashed orange squares separations, and 1/2 a capture in progress.</p>")
