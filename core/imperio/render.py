"""Imperio Bellum as plain text (screen readers) and as an SVG board."""

from __future__ import annotations

from core import svg as svglib
from core.imperio.army import describe_reserve
from core.imperio.board import FILES, NAMES, SIZE, UNITS, Piece, name, square
from core.imperio.combat import KNIGHT_ACTIONS
from core.imperio.state import ImperioState, Usage

COLOURS = ("#c62828", "#1565c0")
"""Attacker red, defender blue (section 0)."""
PLURALS = {"H": "headquarters", "B": "bases", "K": "knights", "A": "archers", "P": "pikemen", "F": "footsoldiers"}


def side_name(state: ImperioState, player: int) -> str:
    """``player 1 (red attacker)``; before roles are set just ``player 1``."""
    if state.attacker is None:
        return f"player {player + 1}"
    role = "red attacker" if player == state.attacker else "blue defender"
    return f"player {player + 1} ({role})"


def status(state: ImperioState) -> str:
    """One sentence: who acts now and what for, or how the game ended."""
    if state.result is not None:
        return f"Game over: {state.result.reason}."
    if state.awaiting is not None:
        return f"Type the die for {state.awaiting}."
    if state.phase == "roles":
        return "Player 1 states the agreed roles or calls for a die roll."
    who = side_name(state, state.setter if state.phase != "play" else state.mover)
    if state.phase == "deploy":
        kinds = [p.kind for p in state.board if p is not None and p.owner == state.setter]
        if "H" not in kinds:
            return f"Setup: {who} places its headquarters in its zone (or uses the default army)."
        if kinds.count("B") < 2:
            return f"Setup: {who} places base {kinds.count('B') + 1} of 2."
        units = sum(k in UNITS for k in kinds)
        return f"Setup: {who} places units ({units} of at most {state.options['max_board_units']}), then 'ready'."
    if state.phase == "reserve":
        count = sum(state.reserves[state.setter])
        return f"Setup: {who} lays out reserves ({count} of at most {state.options['max_reserve']}), then 'ready'."
    if state.phase == "alter":
        left = state.options["defender_alterations"] - state.alterations
        return f"Setup: {who} may make {left} more alteration(s)."
    if state.overrun is not None:
        return f"Turn {state.turn}: {who} chooses to capture or destroy the base on {name(state.overrun[1])}."
    spawn = " (spawning)" if state.spawning else ""
    return f"Turn {state.turn}: {who} to act{spawn}."


def piece_words(state: ImperioState, piece: Piece) -> str:
    """A piece's type and state, e.g. ``pikeman, entrenched`` or ``base, captured from player 2``."""
    words = [NAMES[piece.kind]]
    if piece.entrenched:
        words.append("entrenched")
    if piece.is_base and piece.home != piece.owner:
        words.append(f"captured from player {piece.home + 1}")
    use = state.usage.get(piece.uid)
    if state.phase == "play" and piece.owner == state.mover and use is not None:
        words.append(_usage_words(piece, use))
    return ", ".join(words)


def _usage_words(piece: Piece, use: Usage) -> str:
    if use.fresh:
        return "spawned this turn"
    if use.stopped:
        return "stopped by a pikeman's zone"
    if piece.kind == "K":
        charge = f", {use.steps} step(s) toward a charge" if use.steps else ""
        return f"{KNIGHT_ACTIONS - use.actions} action(s) left{charge}"
    if piece.kind == "A" and use.moved and not use.attacked:
        return f"moved {use.steps} step(s)"
    return "done this turn"


def grid(state: ImperioState) -> list[str]:
    """The board by rank, 9 at the top: upper case red (attacker), lower case blue, ``.`` empty."""
    lines = ["   " + " ".join(FILES)]
    for rank in range(SIZE, 0, -1):
        cells = []
        for f in range(SIZE):
            piece = state.board[square(f, rank)]
            cells.append("." if piece is None else
                         piece.kind if piece.owner == state.attacker else piece.kind.lower())
        lines.append(f"{rank:>2} " + " ".join(cells))
    return lines


def army_lines(state: ImperioState, player: int) -> list[str]:
    """A side's pieces by type with their squares and states, then its reserves."""
    by_kind: dict[str, list[str]] = {}
    for sq, piece in enumerate(state.board):
        if piece is not None and piece.owner == player:
            extra = piece_words(state, piece).split(", ", 1)[1:]
            by_kind.setdefault(piece.kind, []).append(name(sq) + (f" ({extra[0]})" if extra else ""))
    parts = [f"{PLURALS[k]} {', '.join(by_kind[k])}" for k in "HB" + UNITS if k in by_kind]
    lines = [f"{side_name(state, player).capitalize()}: {'; '.join(parts) or 'no pieces'}."]
    reserve = state.reserves[player]
    if state.hidden_reserves == player:
        lines.append(f"  Reserves: {sum(reserve)} units (make-up hidden).")
    else:
        lines.append(f"  Reserves: {describe_reserve(reserve)}.")
    return lines


def describe(state: ImperioState) -> str:
    """The whole position in plain text, in reading order."""
    lines = [f"Imperio Bellum. {status(state)}"]
    if state.phase != "roles":
        lines += ["Board (rank 9 at the top; upper case red attacker, lower case blue defender):", *grid(state)]
        lines += [line for p in (0, 1) for line in army_lines(state, p)]
    if state.phase == "play" and state.result is None and state.overrun is None:
        ready = [f"{NAMES[p.kind]} {name(sq)}" for sq, p in enumerate(state.board)
                 if p is not None and p.owner == state.mover and state.can_act(sq) and state.actions_from(sq)]
        lines.append(f"Still able to act this turn: {', '.join(ready) or 'nothing; end the turn'}.")
    if state.events:
        lines.append("Last action: " + "; ".join(state.events) + ".")
    return "\n".join(lines)


CELL = 44
MARGIN = 24


def svg(state: ImperioState) -> str:
    """The 9x9 board, files a-i along the bottom, ranks 1-9 up the side, one lettered disc per piece."""
    size = MARGIN * 2 + CELL * SIZE
    body = [f'<rect width="{size}" height="{size + 24}" fill="#f4ecd8"/>']
    for rank in range(1, SIZE + 1):
        y = MARGIN + (SIZE - rank) * CELL
        body.append(svglib.text(MARGIN / 2, y + CELL / 2, str(rank), size=12))
        for f in range(SIZE):
            x = MARGIN + f * CELL
            zone = rank <= 2 or rank >= 8
            fill = "#e6d6b0" if zone else "#efe3c4"
            body.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#8a7650"/>')
            piece = state.board[square(f, rank)]
            if piece is not None:
                body += _piece(state, piece, x + CELL / 2, y + CELL / 2)
    for f in range(SIZE):
        body.append(svglib.text(MARGIN + f * CELL + CELL / 2, MARGIN + SIZE * CELL + MARGIN / 2, FILES[f], size=12))
    body.append(svglib.text(size / 2, size + 10, status(state), size=12))
    return svglib.document(size, size + 24, f"Imperio Bellum board. {status(state)}", body)


def _piece(state: ImperioState, piece: Piece, x: float, y: float) -> list[str]:
    colour = COLOURS[0 if piece.owner == state.attacker else 1]
    use = state.usage.get(piece.uid)
    faded = state.phase == "play" and piece.owner == state.mover and use is not None and \
        not state.can_act(state.board.index(piece))
    opacity = ' opacity="0.55"' if faded else ""
    r = CELL * 0.38
    if piece.is_base:
        shape = (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" rx="4" '
                 f'fill="{colour}" stroke="#222" stroke-width="{3 if piece.kind == "H" else 1.5}"{opacity}/>')
    else:
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}" stroke="#222"{opacity}/>'
    out = [shape, svglib.text(x, y + 1, piece.kind, size=16, fill="#fff")]
    if piece.entrenched:
        out.append(f'<line x1="{x - r * 0.7:.1f}" y1="{y + r * 0.75:.1f}" x2="{x + r * 0.7:.1f}" '
                   f'y2="{y + r * 0.75:.1f}" stroke="#fff" stroke-width="2"/>')
    if piece.is_base and piece.home != piece.owner:
        home = COLOURS[0 if piece.home == state.attacker else 1]
        out.append(f'<circle cx="{x + r * 0.8:.1f}" cy="{y - r * 0.8:.1f}" r="5" fill="{home}" stroke="#fff"/>')
    return out
