"""Fair and Square as plain text (screen readers) and SVG: boards, pieces, owners, scores."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from core import svg as svglib
from core.fairsquare.boards import Board
from core.fairsquare.explain import piece_card, position_after, versus
from core.fairsquare.geometry import ROWS, SIZE, SQUARES, name
from core.fairsquare.placement import PIECES
from core.fairsquare.state import FairSquareState
from core.fairsquare.trace import REMOVED, BoardRecord
from core.protocol import actor_name

COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457", "#4e342e")
"""Owner colours by seat (all dark enough for white text)."""
CELL = 44
MARGIN = 24
LEGEND = 28

Shown = tuple[int, int, str, int]
"""A piece to draw: square, owner seat, type name, rank."""


def _square_words(board: Board, s: int, owners: Sequence[int]) -> str:
    who = owners[s]
    return f"{name(s)} (worth {board.values[s]}) is {'free' if who < 0 else 'owned by ' + actor_name(who)}"


def _each_has(values: Sequence[int]) -> str:
    """``"player 1 has 3, player 2 has 0"``."""
    return ", ".join(f"{actor_name(p)} has {v}" for p, v in enumerate(values))


def _record_text(record: BoardRecord) -> list[str]:
    final = position_after(record, len(record.turns) - 1)
    pieces = ", ".join(f"{actor_name(record.pieces[i].owner)}'s {record.pieces[i].kind.name} on {name(s)}"
                       for i, s in enumerate(final.squares) if s != REMOVED)
    owned = "; ".join(_square_words(record.board, s, final.owners) for s in record.board.points)
    lines = [f"  Board {record.group + 1} of round {record.round_number} after its last turn: {owned}. "
             f"Pieces left: {pieces or 'none'}."]
    for k, seat in enumerate(record.players):
        lines.append(f"    {actor_name(seat)} owns squares worth {record.scores[k]}, takes place {record.places[k]} "
                     f"and {record.points[k]} round points, with {record.left[k]} of its pieces left.")
    return lines


def _placing_text(state: FairSquareState, viewer: int | None) -> list[str]:
    """The round being placed: its pieces, boards, who still places and what each viewer may see placed."""
    match, r = state.match, state.round_number
    lines = ["This round's pieces:"]
    for kind in state.roster():
        lines += ["  " + line for line in piece_card(kind)]
    for g, seats in enumerate(match.groups[r - 1]):
        board = match.boards[r - 1][g]
        lines.append(f"Board {g + 1} is played by {', '.join(map(actor_name, seats))}. Its point squares: "
                     f"{', '.join(f'{name(s)} worth {board.values[s]}' for s in board.points)}. Pieces are placed "
                     f"on its {len(board.legal)} placement squares: {', '.join(name(s) for s in sorted(board.legal))}.")
    waiting = sorted(state.actors)
    lines.append(f"Still placing: {', '.join(map(actor_name, waiting))}." if waiting else "")
    for p in range(match.seats):
        mine = state.placements[p]
        if mine.pieces or mine.letters:
            pieces = ", ".join(f"{k} on {name(s)}" for k, s in mine.pieces)
            extra = "".join(f"; the {k}'s moves are re-ordered to {x}" for k, x in mine.letters)
            lines.append(f"{actor_name(p)} has placed {len(mine.pieces)} of {PIECES} pieces: {pieces}{extra}"
                         f"{', and confirmed' if mine.done else ''}.")
    if viewer is not None and viewer in state.actors:
        lines.append(f"You may place: {', '.join(state.allowed_types(viewer)) or 'nothing more; confirm'}.")
    for record in state.round_records():
        lines += _record_text(record)
    return lines


def describe(state: FairSquareState, viewer: int | None) -> str:
    """The match in plain sentences, in reading order, without anything ``viewer`` may not see."""
    match = state.match
    now = f"round {state.round_number} of {match.rounds}" if state.placing else "match over"
    lines = [f"Fair and Square, {now}.", f"Points so far: {_each_has(state.points)}."]
    if state.options["garnets"] == "on":
        lines.append(f"Garnets: {_each_has(state.garnets)}.")
    outcome = state.outcome
    if outcome is not None:
        lines.append(outcome.reason + ".")
    elif state.voters:
        lines.append(f"Tied for last: {', '.join(map(actor_name, state.candidates()))}; "
                     f"{', '.join(map(actor_name, state.voters))} must name the elimination candidate.")
    else:
        lines += _placing_text(state, viewer)
    if state.records:
        last = max(r.round_number for r in state.records)
        if last != state.round_number:
            lines.append(f"Round {last} results:")
            for record in state.round_records(last):
                lines += _record_text(record)
    return "\n".join(line[0].upper() + line[1:] for line in lines if line)


def elimination_reason(state: FairSquareState) -> str:
    """Why the elimination candidate is the one (FS-19), in words; "" before there is one."""
    me = state.eliminated
    if me < 0:
        return ""
    low = state.points[me]
    tied = [p for p in range(state.match.seats) if p != me and state.points[p] == low]
    if not tied:
        return f"{actor_name(me)} has the fewest points ({low})"

    def counts(p: int) -> tuple[int, ...]:
        mine = [r for r in state.records if p in r.players]
        return tuple(sum(getattr(r, a)[r.players.index(p)] for r in mine) for a in ("threes", "twos", "left"))

    timeline, per_round = state.timeline(), len(state.records[0].turns)
    parts = []
    for q in tied:
        differ = [m for m, row in enumerate(timeline) if row[me] != row[q]]
        moment = f"after turn {differ[-1] % per_round} of round {differ[-1] // per_round + 1}" if differ else ""
        text = versus(actor_name(q), False, counts(me), counts(q), moment)
        parts.append(text + (" (the winners named the candidate)" if not moment and counts(me) == counts(q)
                             else ""))
    return f"{actor_name(me)} tied on {low} points: " + "; ".join(parts)


def board_svg(board: Board, pieces: Sequence[Shown], owners: Sequence[int] = (), title: str = "",
              players: Sequence[int] = ()) -> list[str]:
    """SVG elements of one board at the origin: point values, forbidden squares (grey), owners (coloured
    frames), pieces (type initial and rank) and a colour key of ``players``."""
    body = [f'<rect width="{SIZE * CELL + MARGIN}" height="{SIZE * CELL + MARGIN + LEGEND}" fill="#f7f3e8"/>']
    body.append(svglib.text(MARGIN + SIZE * CELL / 2, 10, title, size=12))
    for i in range(SIZE):
        body.append(svglib.text(MARGIN + i * CELL + CELL / 2, 28, str(i + 1), size=11))
        body.append(svglib.text(10, 20 + MARGIN + i * CELL + CELL / 2, ROWS[i], size=11))
    for s in SQUARES:
        left, top = MARGIN + (s % SIZE) * CELL, 20 + MARGIN + (s // SIZE) * CELL
        value = board.values[s]
        who = owners[s] if owners else -1
        fill = "#ffe082" if value else "#ffffff" if s in board.legal else "#d7d2c6"
        body.append(f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#8d8672"/>')
        if who >= 0:
            body.append(f'<rect x="{left + 3}" y="{top + 3}" width="{CELL - 6}" height="{CELL - 6}" fill="none" '
                        f'stroke="{COLOURS[who]}" stroke-width="4"/>')
        if value:
            body.append(svglib.text(left + CELL - 8, top + 9, str(value), size=11, fill="#5d4037"))
    stacks: dict[int, int] = {}
    for square, owner, kind, rank in pieces:
        k = stacks[square] = stacks.get(square, -1) + 1
        x = MARGIN + (square % SIZE) * CELL + CELL / 2 + 7 * k
        y = 20 + MARGIN + (square // SIZE) * CELL + CELL / 2 + 3 * k
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CELL * 0.3:.1f}" fill="{COLOURS[owner]}" '
                    f'stroke="#fff" stroke-width="1.5"><title>{escape(kind)}, rank {rank}, '
                    f'{actor_name(owner)}</title></circle>')
        body.append(svglib.text(x, y, f"{kind[0]}{rank}", size=11, fill="#ffffff"))
    key_y = 20 + MARGIN + SIZE * CELL + LEGEND / 2
    for k, seat in enumerate(players):
        x = MARGIN + k * (SIZE * CELL / 4)
        body.append(f'<circle cx="{x + 6}" cy="{key_y:.1f}" r="6" fill="{COLOURS[seat]}"/>')
        body.append(svglib.text(x + 16, key_y, actor_name(seat), size=11, anchor="start"))
    return body


def record_svg(record: BoardRecord, turn: int) -> str:
    """One played board after ``turn`` (0-15) as a standalone SVG (for a turn slider)."""
    at = position_after(record, turn)
    shown = [(s, record.pieces[i].owner, record.pieces[i].kind.name, record.pieces[i].kind.rank)
             for i, s in enumerate(at.squares) if s != REMOVED]
    title = f"Round {record.round_number}, board {record.group + 1}, after turn {turn}"
    return _document([board_svg(record.board, shown, at.owners, title, record.players)], title)


def _document(boards: list[list[str]], title: str) -> str:
    width = SIZE * CELL + MARGIN + 10
    height = SIZE * CELL + MARGIN + 20 + LEGEND
    body = []
    for k, elements in enumerate(boards):
        body.append(f'<g transform="translate({k * width},0)">{"".join(elements)}</g>')
    return svglib.document(width * len(boards), height, title, body)


def svg(state: FairSquareState, viewer: int | None) -> str:
    """The boards of the current round with the pieces ``viewer`` may see (played boards after turn 15);
    once the match is over, the last round's final boards."""
    match = state.match
    r = min(state.round_number, match.rounds)
    played = {record.group: record for record in state.round_records(r)}
    boards = []
    for g, seats in enumerate(match.groups[r - 1]):
        if g in played:
            record = played[g]
            final = position_after(record, len(record.turns) - 1)
            shown = [(s, record.pieces[i].owner, record.pieces[i].kind.name, record.pieces[i].kind.rank)
                     for i, s in enumerate(final.squares) if s != REMOVED]
            boards.append(board_svg(record.board, shown, final.owners, f"Round {r}, board {g + 1}: after turn 15",
                                    seats))
            continue
        ranks = {t.name: t.rank for t in state.roster()}
        shown = [(s, p, k, ranks[k]) for p in seats for k, s in state.placements[p].pieces]
        boards.append(board_svg(match.boards[r - 1][g], shown, (), f"Round {r}, board {g + 1}: placement", seats))
    return _document(boards, describe(state, viewer).splitlines()[0])
