"""The board of the Fair and Square lessons, where pieces may start, and the pieces' cards in words."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from core import svg as svglib
from core.fairsquare import DEFAULT_BOARD, Board, PieceType, board_from_json
from core.fairsquare.boards import DIAGONALS
from core.fairsquare.geometry import DIRECTION_WORDS, NEIGHBOURS, ORTHOGONAL, SIZE, name, parse_square
from core.fairsquare.pieces import piece_set
from core.fairsquare.render import CELL, LEGEND, MARGIN, board_svg
from core.protocol import InputError
from core.teach import Html, Picture, message


BOARD = board_from_json(DEFAULT_BOARD)
"""The rules' default board, where every lesson run takes place."""
PIECE_SET = "project_v1"
ALIGN = ' style="text-align:left;vertical-align:top"'
"""Table cells read from the left (notebook styles right-align them)."""
PICTURE_WIDTH = 220
"""Width of the small pictures shown side by side (the core draws boards about 340 pixels wide)."""

Team = Sequence[tuple[str, str]]
"""One player's pieces as (type, square name)."""


def round_roster(round_number: int = 1) -> tuple[PieceType, ...]:
    return piece_set(PIECE_SET).roster(round_number)


# --------------------------------------------------------------------------- pictures


def svg_document(elements: list[str], title: str) -> str:
    width, height = SIZE * CELL + MARGIN + 10, SIZE * CELL + MARGIN + 20 + LEGEND
    return svglib.document(width, height, title, elements)


def small_picture(svg: str, width: int = PICTURE_WIDTH) -> str:
    """The same SVG drawn ``width`` pixels wide (its viewBox keeps the drawing whole)."""
    match = re.search(r'width="(\d+)" height="(\d+)"', svg)
    if match is None:
        return svg
    w, h = int(match[1]), int(match[2])
    return svg.replace(match[0], f'width="{width}" height="{round(h * width / w)}"', 1)


def side_by_side(pictures: Sequence[tuple[str, str]]) -> str:
    """Small pictures side by side, each with its caption."""
    return "<div>" + "".join(
        f'<figure style="display:inline-block;margin:0 1em 1em 0;vertical-align:top">{small_picture(svg)}'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>" for svg, caption in pictures) + "</div>"


def _squares(board: Board) -> str:
    return ", ".join(f"{name(s)} ({board.values[s]})" for s in board.points)


def board() -> Picture:
    """The default board: point squares in yellow with their values, placement squares white, the rest grey."""
    title = "The default board"
    text = (f"{title}: white squares take pieces, grey ones do not. Point squares: {_squares(BOARD)}. "
            f"{len(BOARD.legal)} placement squares: {', '.join(name(s) for s in sorted(BOARD.legal))}.")
    return Picture(svg_document(board_svg(BOARD, [], (), title), title), text)


def _why_forbidden(board: Board, square: int) -> str | None:
    """Why no piece may be placed on ``square`` of ``board``, or None."""
    value = board.values[square]
    if value:
        return f"{name(square)} is a point square (worth {value})"
    for d in ORTHOGONAL:
        near = NEIGHBOURS[d][square]
        if near >= 0 and board.values[near] >= 2:
            return f"{name(square)} is next to the {board.values[near]} on {name(near)}"
    for d in DIAGONALS:
        near = NEIGHBOURS[d][square]
        if near >= 0 and board.values[near] == 3:
            return f"{name(square)} is diagonally next to the 3 on {name(near)}"
    return None


def may_place(square: str) -> Html:
    """Whether a piece may be placed on ``square`` (e.g. ``"B3"``) of the default board, and why not."""
    try:
        where = parse_square(square)
    except InputError:
        return message(f"{square!r} is not a square: name one from A1 to G7, like \"B3\".")
    reason = _why_forbidden(BOARD, where)
    return message(f"No: {reason}." if reason else f"Yes: a piece may be placed on {name(where)}.")


# --------------------------------------------------------------------------- the pieces in words


def _directions(moves: Sequence[str]) -> str:
    words = [DIRECTION_WORDS[d] for d in moves]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


_CLASSES = {"free": "point square nobody owns", "free_empty": "point square nobody owns and nobody stands on",
            "open": "point square its player does not own yet", "opponent_owned": "square another player owns"}


def rule_words(kind: PieceType) -> list[str]:
    """A piece's rules in plain words, in the order it tries them."""
    out = []
    for rule in kind.rules:
        target = _CLASSES.get(rule.target, "") + (" worth 2 or 3" if rule.min2 else "")
        out.append({
            "hold": "alone on a point square its player does not own: stays there (capturing)",
            "anchor": "on any point square: stays there for the rest of the round",
            "stay": "stays",
            "seek": f"heads for the nearest {target}",
            "best_open_within": f"heads for the most valuable point square its player does not own, within "
                                f"{rule.radius} squares",
            "evict": f"chases a lower-ranked enemy standing on a point square within {rule.radius} squares",
            "hunt": f"chases the nearest lower-ranked enemy within {rule.radius} squares"
                    + (", aiming where that enemy is about to go" if rule.intercept else ""),
            "raid": "on a square another player owns: stays; otherwise heads for the nearest such square",
            "flee": f"runs from a higher-ranked enemy within {rule.radius} squares",
            "slide_best": "slides onto the most valuable point square it can reach that its player does not own",
            "slide_toward": "slides toward the nearest point square its player does not own",
        }[rule.kind])
    return out


def move_words(kind: PieceType) -> list[str]:
    """A piece's moves in plain words with their letters, e.g. ``"A-D: jump 2 squares up, right, down or left"``."""
    verbs = {"jump": "jump 2 squares", "step": "step 1 square", "slide": "slide"}
    out: list[str] = []
    group: list[str] = []
    letters = ""
    for k, move in enumerate(kind.moves):
        group.append(move.direction)
        letters = letters or move.letter
        following = kind.moves[k + 1] if k + 1 < len(kind.moves) else None
        if following is None or following.kind != move.kind:
            span = letters if len(group) == 1 else f"{letters}-{move.letter}"
            out.append(f"{span}: {verbs[move.kind]} {_directions(group)}")
            group, letters = [], ""
    if kind.stop_before_higher_rank:
        out.append("a slide stops before a higher-ranked enemy")
    if kind.dodge:
        out.append("never moves onto a square a higher-ranked enemy is about to enter")
    return out


def pieces(round_number: int = 1) -> Html:
    """The piece types of a round (1-3): rank, moves and rules, as the engine reads them."""
    rows, text = [], [f"The pieces of round {round_number}:"]
    for kind in round_roster(round_number):
        rules = rule_words(kind)
        moves = move_words(kind)
        rows.append(f"<tr><th scope=\"row\"{ALIGN}>{html.escape(kind.name)}</th><td{ALIGN}>{kind.rank}</td>"
                    f"<td{ALIGN}>{'<br>'.join(html.escape(m) for m in moves)}</td>"
                    f"<td{ALIGN}><ol style=\"margin:0\">{''.join(f'<li>{html.escape(r)}</li>' for r in rules)}</ol>"
                    "</td></tr>")
        text.append(f"{kind.name}, rank {kind.rank}: moves {'; '.join(moves)}. Rules: "
                    + "; ".join(f"{k}. {r}" for k, r in enumerate(rules, 1)) + ".")
    heads = "".join(f'<th scope="col"{ALIGN}>{head}</th>' for head in ("Piece", "Rank", "Moves (by letter)",
                                                                     "Rules, tried in order"))
    markup = (f"<table><caption>The pieces of round {round_number}</caption><thead><tr>{heads}</tr></thead>"
              f"<tbody>{''.join(rows)}</tbody></table>")
    return Html(markup, "\n".join(text))
