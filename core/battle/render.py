"""Text, SVG and forum summaries of a campaign (Markdown and BBCode)."""

from __future__ import annotations

from html import escape

from core.battle.model import Battle, RoundLog
from core.battle.state import CampaignState, actor_label
from core.protocol import CHANCE
from core.svg import document, text

NEUTRAL, PENDING_INK, HOLE = "#c8c8c8", "#555555", "#9a9a9a"
WIDTH, HEIGHT, MARGIN, LEGEND = 640, 560, 20, 150


def owner_label(state: CampaignState, territory: int) -> str:
    """Who holds a territory, in words."""
    if state.is_pending(territory):
        return "pending"
    if territory in state.inert:
        return "neutral"
    owner = state.land[territory]
    if owner is None:
        return "neutral (claimable)"
    army = state.holder[territory]
    button = "" if army is None else f" ({state.buttons[army]})"
    return f"{state.names[owner]}{button}"


def army_label(state: CampaignState, army: int | None, player: int | None) -> str:
    if army is None:
        return "nobody"
    who = "nobody" if player is None else state.names[player]
    return f"{who}'s {state.buttons[army]}"


def battle_line(state: CampaignState, index: int, battle: Battle) -> str:
    """One battle in words, with its result or status."""
    board = state.board
    first, second = army_label(state, battle.armies[0], battle.players[0]), \
        army_label(state, battle.armies[1], battle.players[1])
    if battle.kind == "tiebreak":
        head = f"tie-break over {board.name_of(battle.target)}: {first} vs {second}"
    elif battle.kind == "walkover":
        head = f"{first} enters {board.name_of(battle.target)} from {board.name_of(battle.origin or 0)} unopposed"
    else:
        head = (f"{first} ({board.name_of(battle.origin or 0)}) attacks {second} "
                f"({board.name_of(battle.target)})")
    result = battle.result
    if battle.kind == "walkover":
        status = ""
    elif result is None:
        status = " - open"
    elif result.winner is None:
        status = " - cancelled, nothing changes hands"
    else:
        army = battle.armies[result.winner]
        small = "" if result.small_points is None else f", small points {result.small_points:+d}"
        status = f" - won by {state.buttons[army] if army is not None else '?'} {result.score}{small}"
    return f"battle {index + 1}: {head}{status}"


def describe(state: CampaignState, viewer: int | None) -> str:
    """Map owners, land counts, orders, battles and their status."""
    board = state.board
    lines = [f"ButtonMen Battle on {board.name}, edition {state.edition}, round {state.round_number}."]
    if state.phase == "over":
        lines.append(f"The campaign is over: {state.end}.")
    else:
        waiting = ", ".join(actor_label(state, a) for a in sorted(state.actors))
        lines.append(f"Phase: {state.phase}; waiting for {waiting}.")
    lines.append(f"Victory: {state.threshold} of {state.counted} counted territories.")
    if state.edition == 2 and state.move_order:
        lines.append("Move order: " + ", ".join(state.names[p] for p in state.move_order) + ".")
    for p, name in enumerate(state.names):
        out = state.eliminated[p]
        status = f", eliminated in round {out}" if out is not None else ""
        held = [board.name_of(t) for t in range(board.size) if state.land[t] == p]
        lines.append(f"{name}: {len(held)} territories{status}" + (f" ({', '.join(held)})" if held else "") + ".")
    lines.append("Territories: " + "; ".join(f"{board.name_of(t)}: {owner_label(state, t)}"
                                             for t in range(board.size)) + ".")
    for index, battle in enumerate(state.battles):
        match = state.matches[index] if index < len(state.matches) else None
        status = ""
        if match is not None and not match.is_over:
            first, second = match.scores
            acting = ", ".join(actor_label(state, CHANCE if s == CHANCE else battle.players[s] or 0)
                               for s in sorted(match.actors))
            status = f" (round wins {first:.0f}-{second:.0f}; to act: {acting})"
        lines.append(battle_line(state, index, battle) + status + ".")
    if state.passes:
        lines.append("Passed: " + ", ".join(state.names[p] for p in state.passes) + ".")
    if state.phase == "orders":
        lines.append("Still to order: " + ", ".join(state.names[p] for p in sorted(state.actors)) + ".")
    for warning in state.warnings:
        lines.append(f"Warning: {warning}.")
    return "\n".join(lines)


def _screen(x: float, y: float) -> tuple[float, float]:
    scale = (WIDTH - LEGEND - 2 * MARGIN) / 100
    return MARGIN + x * scale, MARGIN + (100 - y) * scale * (HEIGHT - 2 * MARGIN) / (WIDTH - LEGEND - 2 * MARGIN)


def _points(polygon: tuple[tuple[float, float], ...]) -> str:
    return " ".join("{:.1f},{:.1f}".format(*_screen(x, y)) for x, y in polygon)


def _label(x: float, y: float, words: str, size: int) -> str:
    """Dark text with a white halo, readable on any owner colour."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" fill="#111" '
            f'stroke="#fff" stroke-width="3" paint-order="stroke" text-anchor="middle" '
            f'dominant-baseline="middle">{escape(words)}</text>')


def svg(state: CampaignState, viewer: int | None) -> str:
    """The map coloured by owner: pending territories hatched, neutral ones and holes grey."""
    board = state.board
    body = [
        '<defs><pattern id="pending" width="8" height="8" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><rect width="8" height="8" fill="#eeeeee"/>'
        f'<line x1="0" y1="0" x2="0" y2="8" stroke="{PENDING_INK}" stroke-width="3"/></pattern></defs>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4f8fb"/>',
    ]
    for t, polygon in enumerate(board.polygons()):
        owner = state.land[t]
        fill = "url(#pending)" if state.is_pending(t) else NEUTRAL if owner is None else state.colours[owner]
        body.append(f'<polygon points="{_points(polygon)}" fill="{fill}" stroke="#ffffff" stroke-width="2">'
                    f'<title>{escape(board.name_of(t))}: {escape(owner_label(state, t))}</title></polygon>')
    for polygon in board.hole_polygons():
        body.append(f'<polygon points="{_points(polygon)}" fill="{HOLE}" stroke="#ffffff" stroke-width="1"/>')
    for a in range(board.size):
        for b in board.neighbours[a]:
            if a < b:
                (x1, y1), (x2, y2) = _screen(board.territories[a].x, board.territories[a].y), \
                    _screen(board.territories[b].x, board.territories[b].y)
                body.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                            'stroke="#333" stroke-opacity="0.25" stroke-width="1"/>')
    for t, territory in enumerate(board.territories):
        x, y = _screen(territory.x, territory.y)
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#fff" stroke="#222"/>')
        body.append(_label(x, y - 11, territory.name, 11))
        army = state.holder[t]
        if army is not None:
            body.append(_label(x, y + 12, state.buttons[army], 10))
    left = WIDTH - LEGEND + 10
    body.append(text(left, 24, f"Round {state.round_number}", 13, anchor="start"))
    for p, name in enumerate(state.names):
        y = 48 + 22 * p
        out = " (out)" if state.eliminated[p] is not None else ""
        body.append(f'<rect x="{left}" y="{y - 7}" width="14" height="14" fill="{state.colours[p]}"/>')
        body.append(text(left + 20, y, f"{name}: {state.lands(p)}{out}", 11, anchor="start"))
    y = 48 + 22 * len(state.names)
    body.append(f'<rect x="{left}" y="{y - 7}" width="14" height="14" fill="url(#pending)"/>')
    body.append(text(left + 20, y, "pending", 11, anchor="start"))
    body.append(f'<rect x="{left}" y="{y + 15}" width="14" height="14" fill="{NEUTRAL}"/>')
    body.append(text(left + 20, y + 22, "neutral", 11, anchor="start"))
    title = f"ButtonMen Battle on {board.name}, round {state.round_number}: " + ", ".join(
        f"{n} {state.lands(p)}" for p, n in enumerate(state.names))
    return document(WIDTH, HEIGHT, title, body)


MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()<>#+-.!|~&")
"""Characters a Markdown post escapes with a backslash in names (CommonMark lets any of them be escaped)."""
ZERO_WIDTH_SPACE = "\u200b"


def forum_text(words: str, style: str) -> str:
    """``words`` as plain text inside a forum post: Markdown's special characters backslash-escaped;
    in BBCode every ``[`` followed by a zero-width space, so no tag can start (BBCode has no escape)."""
    if style == "markdown":
        return "".join(f"\\{c}" if c in MARKDOWN_SPECIAL else c for c in words)
    return words.replace("[", "[" + ZERO_WIDTH_SPACE)


def round_summary(state: CampaignState, round_number: int, style: str = "markdown") -> str:
    """A forum post about a finished round: battles, captures, land counts (``markdown`` or ``bbcode``).

    Player and button names are copied as plain text (:func:`forum_text`): a name cannot bring its own markup.
    """
    if style not in ("markdown", "bbcode"):
        raise ValueError("style must be markdown or bbcode")
    if not 1 <= round_number <= len(state.past):
        raise ValueError(f"round {round_number} is not finished (finished rounds: {len(state.past)})")
    over = state.end if round_number == len(state.past) and state.phase == "over" else None
    state = state._with(names=tuple(forum_text(n, style) for n in state.names),
                        buttons=tuple(forum_text(b, style) for b in state.buttons))
    log: RoundLog = state.past[round_number - 1]
    board = state.board
    md = style == "markdown"

    def bold(words: str) -> str:
        return f"**{words}**" if md else f"[b]{words}[/b]"

    def heading(words: str) -> str:
        return f"### {words}" if md else f"[size=150][b]{words}[/b][/size]"

    def items(rows: list[str]) -> list[str]:
        return [f"* {r}" for r in rows] if md else ["[list]", *(f"[*]{r}" for r in rows), "[/list]"]

    lines = [heading(f"ButtonMen Battle on {board.name}: round {round_number}"), ""]
    if log.move_order:
        lines += [f"Move order: {', '.join(state.names[p] for p in log.move_order)}", ""]
    lines.append(bold("Battles"))
    lines += items([battle_line(state, i, b) for i, b in enumerate(log.battles)] or ["none"])
    if log.passes:
        lines += ["", f"Passed: {', '.join(state.names[p] for p in log.passes)}"]
    captures = []
    for territory, old, new in log.captures:
        before = "nobody" if old is None else state.names[old]
        after = "pending (tie-break next round)" if new is None else state.names[new]
        captures.append(f"{board.name_of(territory)}: {before} -> {after}")
    lines += ["", bold("Captures"), *items(captures or ["none"]), "", bold("Territories")]
    counts = []
    for p, name in enumerate(state.names):
        held = sum(1 for owner in log.owners if owner == p)
        out = " (eliminated)" if p in log.eliminated else ""
        counts.append(f"{name}: {held}{out}")
    lines += items(counts)
    if over is not None:
        lines += ["", bold(f"Campaign over: {forum_text(over, style)}")]
    return "\n".join(lines)
