"""The Imperio Bellum tutorial's helpers: positions written in words, reach, zones and shields drawn on the
board, live odds, three exercises and a bot game to step through.

Squares are named as on the board and the game's page (files a-i, ranks 1-9); Red is
the attacker (player 1, moving up), Blue the defender.  Lesson positions take their dice
by hand (``play(board, "Kd4xe5", dice=[6, 5, 2])``) or roll them from a fixed stream.

>>> board = position("red knight d4, blue footsoldier e5")
>>> [d.attacker.dice for d in board.duels(find(board, "Kd4xe5"))]
[2]
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

import core.imperio as ib
from core import rng
from core import svg as svglib
from core.imperio import conformance
from core.imperio.army import describe_reserve
from core.imperio.board import FILES, NAMES, UNITS, Piece, file_of, name, rank_of
from core.imperio.bots import TacticianBot
from core.imperio.combat import MELEE, SHOT, pools, shot_targets
from core.imperio.overlays import fire_lines, pike_zone
from core.imperio.render import CELL, MARGIN, PLURALS
from core.imperio.state import ImperioState, UsageMap
from core.protocol import Action, IllegalAction, InputError
from core.teach import Exercise, Html, Lesson, Match, Moment, Picture, message, navigation, ready, summary
from core.teach.words import number

__all__ = [
    "answer", "armies", "bot_game", "default_armies", "exercise", "exercise_position", "hint", "links", "moves",
    "odds", "odds_table", "play", "position", "rock_paper_scissors", "shields", "show", "solution", "start", "zones",
]

SIDES = ("Red", "Blue")
"""Player 1 (the attacker, seat 0) is Red; player 2 (the defender) is Blue."""
LETTERS = {word: letter for letter, word in NAMES.items()}
CORNER_HQ = ("a1", "i9")
"""Where :func:`position` puts a side's headquarters when the text gives it no base."""
MAX_TEXT = 2000
LANG = "en"


def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready("imperio-bellum", "imperio")


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation("imperio-bellum", "imperio")


# --------------------------------------------------------------------------- positions


def default_armies(seed: int = 1) -> ImperioState:
    """A new game with both default armies deployed, Red (the attacker) to start; dice by hand or rolled."""
    state = ib.GAME.new(seed=seed, setup="default_armies", dice_source="manual").apply(ib.ChooseRole("attacker"))
    assert isinstance(state, ImperioState)
    return state


def position(text: str, to_move: str = "red") -> ImperioState:
    """A small position from words: ``"red knight d4, blue pikeman e6 entrenched"`` (Red is the attacker).

    A side the text gives no headquarters or base gets its headquarters in its corner (a1 or i9):
    a side without a base has lost.
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise InputError("position", f"must be a text of at most {MAX_TEXT} characters", text)
    if to_move not in ("red", "blue"):
        raise InputError("to_move", "must be 'red' or 'blue'", to_move)
    cells: dict[int, str] = {}
    dug_in: list[str] = []
    for part in filter(str.strip, text.lower().split(",")):
        words = part.split()
        if len(words) not in (3, 4) or words[0] not in ("red", "blue") or words[1] not in LETTERS or \
                words[3:] not in ([], ["entrenched"]) or (words[3:] and words[1] != "pikeman"):
            raise InputError("position", 'write each piece like "red knight d4" (a pikeman may add "entrenched")',
                             part.strip())
        sq = ib.parse(words[2], "position")
        if sq in cells:
            raise InputError("position", "two pieces on one square", words[2])
        letter = LETTERS[words[1]]
        cells[sq] = letter if words[0] == "red" else letter.lower()
        if words[3:]:
            dug_in.append(words[2])
    for side, corner in enumerate(CORNER_HQ):
        if not any(c.upper() in "HB" and c.isupper() == (side == 0) for c in cells.values()):
            sq = ib.parse(corner)
            if sq in cells:
                raise InputError("position", f"give {SIDES[side]} a base (its corner {corner} is taken)")
            cells[sq] = "H" if side == 0 else "h"
    rows = [" ".join(cells.get(ib.parse(f"{f}{rank}"), ".") for f in FILES) for rank in range(9, 0, -1)]
    scenario = {"board": rows, "units": {sq: ["entrenched"] for sq in dug_in},
                "to_move": "attacker" if to_move == "red" else "defender"}
    return conformance.position(scenario)


def find(board: ImperioState, move: str) -> Action:
    """The legal action written ``move`` (as on the game's page: ``Kd4-e5``, ``Kd4xe5``, ``Ae2*e6``, ``end``)."""
    if not isinstance(move, str) or len(move) > 40:
        raise InputError("move", "must be a move as the game writes it, like 'Kd4-e5'", move)
    wanted = " ".join(move.split()).lower()
    for action in board.legal_actions():
        if str(action).lower() == wanted:
            return action
    raise IllegalAction(f"{move} is not possible here: {_why(board, wanted)}")


def _why(board: ImperioState, move: str) -> str:
    squares = re.findall(r"[a-i][1-9]", move)
    if board.result is not None:
        return f"the game is over ({board.result.reason})"
    if not squares:
        return "write moves as the game does, like Kd4-e5 (step), Kd4xe5 (attack) or Ae2*e6 (shot)"
    sq = ib.parse(squares[0])
    reason = board.unit_problem(sq)
    if reason is not None:
        return _plain(reason)
    legal = ", ".join(str(a) for a in board.actions_from(sq))
    return f"the piece on {squares[0]} may play {legal}"


def _plain(reason: str) -> str:
    """An engine's reason without the ruling number in brackets (the learner has no list of rulings)."""
    return re.sub(r" \([A-Z]{2}-\d+\)", "", reason)


@dataclass
class Cup:
    """The lesson's dice cup: a seeded stream that goes on from roll to roll, so each new roll differs."""

    stream: int = rng.seed_stream(2017)

    def roll(self) -> int:
        self.stream, value = rng.draw(self.stream, 6)
        return value


CUP = Cup()


def _dice(given: Sequence[int] | None) -> Iterable[int]:
    if given is None:
        while True:
            yield CUP.roll()
    for value in given:
        if type(value) is not int or not 1 <= value <= 6:
            raise InputError("dice", "must be numbers 1 to 6", value)
        yield value


def play(board: ImperioState, *moves: str, dice: Sequence[int] | None = None) -> ImperioState:
    """The position after ``moves`` of the side to move; an attack takes ``dice`` (attacker's first) or rolls."""
    if dice is not None and (not isinstance(dice, (list, tuple)) or len(dice) > 100):
        raise InputError("dice", "must be a list of at most 100 numbers 1 to 6", dice)
    typed = iter(_dice(dice))
    for move in moves:
        board = board.apply(find(board, move))
        while board.awaiting is not None:
            value = next(typed, None)
            if value is None:
                raise IllegalAction(f"{move} needs more dice: the next one is {board.awaiting}")
            board = board.apply(ib.Roll(value))
    if dice is not None and next(typed, None) is not None:
        raise IllegalAction(f"{len(dice)} dice given, but these moves rolled fewer")
    return board


# --------------------------------------------------------------------------- pictures


MARKS = {
    "step": '<circle cx="{cx}" cy="{cy}" r="7" fill="#1b5e20" stroke="#fff" stroke-width="2"/>',
    "attack": '<rect x="{x}" y="{y}" width="{w}" height="{w}" fill="none" stroke="#e65100" stroke-width="4"/>',
    "zone": '<rect x="{x}" y="{y}" width="{w}" height="{w}" fill="url(#tb-hatch)"/>',
    "shield": '<rect x="{x}" y="{y}" width="{w}" height="{w}" fill="#455a64" fill-opacity="0.3" '
              'stroke="#263238" stroke-width="2" stroke-dasharray="5 3"/>',
}
"""How each kind of mark is drawn: dots, rings, hatching and dashed grey squares differ in shape, not only colour."""
HATCH = ('<defs><pattern id="tb-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="3" height="8" fill="#6a1b9a" fill-opacity="0.45"/>'
         '</pattern></defs>')
SIZE = re.compile(r'width="(\d+)" height="(\d+)" viewBox="0 0 \d+ \d+"')
CAPTION_CHARS, CAPTION_LINE = 70, 17
"""The caption under a picture: characters per line, and the line height in pixels."""


def scene(state: ImperioState, caption: str, marks: Iterable[tuple[str, Iterable[int]]] = (),
          text: str | None = None) -> Picture:
    """The core's board picture with marks drawn over squares and ``caption`` written under it.

    ``text`` (default: the caption) is the picture's plain-text form.
    """
    svg = state.svg()
    size = SIZE.search(svg)
    assert size is not None
    width, height = int(size[1]), int(size[2])
    lines = textwrap.wrap(caption, CAPTION_CHARS)
    taller = height + CAPTION_LINE * len(lines) + 6
    body = [HATCH]
    for kind, squares in marks:
        for sq in squares:
            x, y = MARGIN + file_of(sq) * CELL, MARGIN + (9 - rank_of(sq)) * CELL
            body.append(MARKS[kind].format(x=x + 3, y=y + 3, w=CELL - 6, cx=x + CELL // 2, cy=y + CELL // 2))
    body.append(f'<rect y="{height}" width="{width}" height="{taller - height}" fill="#f4ecd8"/>')
    body += [svglib.text(MARGIN / 2, height + CAPTION_LINE * (i + 0.5), line, size=13, anchor="start")
             for i, line in enumerate(lines)]
    svg = svg[:size.start()] + f'width="{width}" height="{taller}" viewBox="0 0 {width} {taller}"' + \
        svg[size.end():svg.rindex("</svg>")]
    title_end = svg.index("</title>") + len("</title>")
    if caption:
        svg = svg[:title_end] + f"<desc>{html.escape(caption)}</desc>" + svg[title_end:]
    return Picture(svg + "".join(body) + "</svg>", caption if text is None else text)


def _squares(squares: Iterable[int]) -> str:
    """Squares in board order (a1, a2, ..., i9), comma separated."""
    return ", ".join(name(sq) for sq in sorted(squares, key=lambda sq: (file_of(sq), rank_of(sq)))) or "none"


def show(board: ImperioState) -> Picture:
    """The position as the game draws it, with what the last move did written under it."""
    caption = ("Last action: " + "; ".join(board.events) + ".") if board.events else ""
    return scene(board, caption, text=board.describe())


def _piece_at(board: ImperioState, square: str) -> tuple[int, Piece]:
    sq = ib.parse(square)
    piece = board.board[sq]
    if piece is None:
        raise InputError("square", "holds no piece", square)
    return sq, piece


def reach(board: ImperioState, square: str) -> tuple[set[int], set[int]]:
    """Where the piece on ``square`` can get to this turn by its own steps, and what it can attack on the way.

    A piece of the side not to move is looked at as if its turn began now.
    """
    sq, piece = _piece_at(board, square)
    if piece.owner != board.mover:
        board = replace(board, mover=piece.owner, usage=UsageMap(), spawning=False)
    seen, targets = {sq}, set()
    frontier = [board]
    while frontier:
        later = []
        for state in frontier:
            at = next(i for i, p in enumerate(state.board) if p is not None and p.uid == piece.uid)
            for action in state.actions_from(at):
                if isinstance(action, ib.Step) and action.to not in seen:
                    seen.add(action.to)
                    later.append(state.apply(action))
                elif isinstance(action, (ib.Attack, ib.Shot)):
                    targets.add(action.to)
        frontier = later
    return seen - {sq}, targets


def moves(board: ImperioState, square: str) -> Picture:
    """Dots where the piece on ``square`` can get to this turn, rings on what it can attack."""
    sq, piece = _piece_at(board, square)
    steps, targets = reach(board, square)
    unit = f"The {NAMES[piece.kind]} on {square}"
    problem = board.unit_problem(sq) if piece.owner == board.mover else None
    when = "this turn" if piece.owner == board.mover else "in its next turn"
    if problem is not None:
        caption = f"{unit} cannot act now: {_plain(problem)}."
    else:
        attacks = f"attack {_squares(targets)} (rings)" if targets else "attack nothing yet"
        caption = f"{unit} can reach {len(steps)} squares {when} (dots): {_squares(steps)}; it can {attacks}."
    return scene(board, caption, (("step", steps), ("attack", targets)))


def zones(board: ImperioState) -> Picture:
    """Every pikeman's zone hatched: an enemy knight whose step ends there stops for the turn."""
    parts: list[str] = []
    hatched: set[int] = set()
    for side in (0, 1):
        zone = pike_zone(board, side)
        hatched |= zone
        if zone:
            parts.append(f"{SIDES[side]}'s pikemen guard {_squares(zone)}")
    caption = "Pikeman zones (hatched). " + ("; ".join(parts) + "." if parts else "There is no pikeman.")
    return scene(board, caption, (("zone", hatched),))


def shields(board: ImperioState, archer: str) -> Picture:
    """The squares enemy footsoldiers shield against the archer on ``archer`` (grey), and what it may shoot (rings)."""
    sq, piece = _piece_at(board, archer)
    if piece.kind != "A":
        raise InputError("archer", "must be the square of an archer", archer)
    fire = fire_lines(board, sq)
    aims = f"It may shoot at {_squares(fire.targets)} (rings)." if fire.targets else "It has nothing to shoot at."
    caption = f"Shielded against the archer on {archer} (grey): {_squares(fire.shielded)}. {aims}"
    return scene(board, caption, (("shield", fire.shielded), ("attack", fire.targets)))


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


# --------------------------------------------------------------------------- exercises


def _main_dice(board: ImperioState, move: str) -> int:
    return board.duels(find(board, move))[0].attacker.dice


def _best_attacks(board: ImperioState) -> tuple[list[str], Fraction]:
    chances = {str(a): ib.odds(board, a).duels[0].win for a in board.legal_actions()
               if isinstance(a, (ib.Attack, ib.Shot)) and board.duels(a)}
    top = max(chances.values())
    return sorted(m for m, c in chances.items() if c == top), top


def _dice_problem(dice: object, right: int) -> str | None:
    assert isinstance(dice, int)
    if dice == right:
        return None
    known = {3: "3 are the knight's own dice: fighting an adjacent enemy takes 1 off, and the charge adds some.",
             right + 1: "the knight ends next to the archer, and fighting an adjacent enemy takes 1 die off.",
             right - 1: "three steps just before the attack are a charge: +2 dice (+1 after 2 steps, +3 after 4)."}
    return known.get(dice, f"{dice} is not 3 dice, −1 for the adjacent enemy, plus the charge bonus.")


def _attack_problem(board: ImperioState, move: object, best: list[str]) -> str | None:
    assert isinstance(move, str)
    said = " ".join(move.split()).lower()
    if said in {m.lower() for m in best}:
        return None
    chances = {str(a).lower(): ib.odds(board, a).duels[0].win for a in board.legal_actions()
               if isinstance(a, (ib.Attack, ib.Shot)) and board.duels(a)}
    if said not in chances:
        return f"\"{move}\" is not one of Red's attacks here; the game writes them like \"Kb3xc4\"."
    return f"\"{move}\" wins its fight {percent(chances[said])} of the time, and another attack does better."


def _targets_problem(count: object, targets: int) -> str | None:
    assert isinstance(count, int)
    if count == targets:
        return None
    if count > targets:
        return ("some of those units are shielded, or the line to them crosses a shielded square: a footsoldier "
                "shields its neighbours except the one facing the archer, and every square behind it.")
    return "the archer may shoot more: only shielded squares, and lines that cross them, are closed to it."


def _exercises(lang: str) -> tuple[Exercise, ...]:
    charge = play(position("red knight d2, blue archer d6"), "Kd2-d3", "Kd3-d4", "Kd4-d5")
    charge_pool = charge.duels(find(charge, "Kd5xd6"))[0].attacker
    choice = position("red knight b3, red archer e2, red footsoldier g4, "
                      "blue footsoldier c4, blue pikeman e5, blue archer h5")
    best, top = _best_attacks(choice)
    shooting = position("red archer c2, blue footsoldier c4, blue knight c6, blue archer d5, blue pikeman e4, "
                        "blue knight f2")
    targets = [name(sq) for sq in shot_targets(shooting.board, ib.parse("c2"), 0, shooting.options)]
    blue = _squares(sq for sq, p in enumerate(shooting.board) if p is not None and p.owner == 1 and not p.is_base)
    return (
        Exercise("The red knight stepped from d2 to d3, d4 and d5. How many dice does it roll if it now attacks "
                 "the blue archer on d6?", charge,
                 lambda dice: _dice_problem(dice, charge_pool.dice),
                 "Start from the knight's 3 dice, take 1 off for fighting an adjacent enemy, and add the charge "
                 "bonus for the steps it took since the turn began: +1 after 2 steps, +2 after 3, +3 after 4.",
                 f"{charge_pool}.", kind="choice"),
        Exercise("Red to move. Which of Red's attacks is most likely to win its fight? Answer with the move as the "
                 "game writes it, in quotes, like \"Kb3xc4\".", choice,
                 lambda move: _attack_problem(choice, move, best),
                 "Think of who beats whom. To compare the numbers, try odds(exercise_position(2), \"Kb3xc4\") "
                 "and the other attacks.",
                 f"{' or '.join(best)}: it wins {percent(top)} of the time.", kind="text"),
        Exercise(f"Red's archer on c2 wants to shoot. At how many of the blue units ({blue}) may it shoot?",
                 shooting, lambda count: _targets_problem(count, len(targets)),
                 "A footsoldier shields its neighbours (all but the one facing the archer) and every square behind "
                 "it on the archer's line, and no shot may pass over a shielded square. "
                 "shields(exercise_position(3), \"c2\") draws them.",
                 f"{len(targets)}: {_squares(ib.parse(t) for t in targets)}; the others are shielded, or the "
                 "line to them crosses a shielded square.", kind="choice"),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()
exercise_position = LESSON.position
"""Exercise ``n``'s position, to try moves and odds on."""


# --------------------------------------------------------------------------- a bot game


@dataclass(frozen=True)
class Turn:
    """One player's turn of a bot game: what each action did, and the position after it."""

    number: int
    side: int
    lines: tuple[str, ...]
    losses: tuple[int, int]
    """Units each side lost in this turn's fights (Red, Blue)."""
    after: ImperioState


@dataclass
class BotGame:
    """A whole game between two tactician bots, to read as a summary or turn by turn."""

    turns: tuple[Turn, ...]
    states: tuple[ImperioState, ...]
    cursor: int = field(default=0)

    def summary(self) -> Html:
        """The result, a few key moments, the units on the board after every action, the whole log."""
        scores = tuple((float(s.units_of(0)), float(s.units_of(1))) for s in self.states)
        log = tuple(f"Turn {t.number}, {SIDES[t.side]}: {' · '.join(line.split(':')[0] for line in t.lines)}"
                    for t in self.turns)
        played = Match(self.states, log, scores)
        return summary(played, self.moments(), SIDES, "Units on the board")

    def moments(self) -> list[Moment]:
        """The first unit lost, the first base taken, and the end."""
        out = []
        first = next((t for t in self.turns if any(t.losses)), None)
        if first is not None:
            lost = " and ".join(f"{SIDES[side]} {_units(n)}" for side, n in enumerate(first.losses))
            out.append(Moment(f"Turn {first.number}: the first fights cost {lost}.", first.after))
        first_base = next((t for t in self.turns if any("captures" in x or "destroys" in x for x in t.lines)), None)
        if first_base is not None:
            taken = next(x for x in first_base.lines if "captures" in x or "destroys" in x)
            out.append(Moment(f"Turn {first_base.number}: {taken.split(': ', 1)[1]}.", first_base.after))
        last = self.turns[-1]
        out.append(Moment(f"Turn {last.number}, the end: {last.after.result.reason if last.after.result else ''}.",
                          last.after))
        return out

    def turn(self, number: int) -> Html:
        """Turn ``number`` (from 1): every action with its dice, and the board after it."""
        if not isinstance(number, int) or not 1 <= number <= len(self.turns):
            raise InputError("turn", f"must be 1 to {len(self.turns)}", number)
        self.cursor = number
        played = self.turns[number - 1]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in played.lines)
        head = f"Turn {played.number} of {len(self.turns)}: {SIDES[played.side]} plays"
        if any(played.losses):
            head += " (lost in fights: " + ", ".join(f"{SIDES[p]} {n}" for p, n in enumerate(played.losses)) + ")"
        return Html(f"<h4>{html.escape(head)}</h4><div style=\"display:flex;flex-wrap:wrap;gap:1em;"
                    f"align-items:flex-start\">{played.after.svg()}<ol>{items}</ol></div>",
                    "\n".join([head, *played.lines]))

    def next_turn(self) -> Html:
        """The turn after the last one shown (run the cell again to step on)."""
        if self.cursor >= len(self.turns):
            return message(f"That was the last turn. game.turn(1) starts again from turn 1 of {len(self.turns)}.")
        return self.turn(self.cursor + 1)


def _units(count: int) -> str:
    return f"{count} unit{'' if count == 1 else 's'}"


def bot_game(seed: int = 12, limit: int = 2000) -> BotGame:
    """Two tactician bots play the default armies (Red attacks) until the game ends or ``limit`` actions."""
    for where, value, top in (("seed", seed, 2**31), ("limit", limit, 10_000)):
        if type(value) is not int or not 0 <= value <= top:
            raise InputError(where, f"must be a whole number 0 to {top}", value)
    state = ib.GAME.new(seed=seed, setup="default_armies").apply(ib.ChooseRole("attacker"))
    assert isinstance(state, ImperioState)
    bots = (TacticianBot(seed, time_ms=10**6), TacticianBot(seed + 1, time_ms=10**6))
    states, turns, lines, lost = [state], [], [], [0, 0]
    number = state.turn
    while state.actors and len(states) <= limit:
        side, before = state.mover, state
        action = bots[side].choose(state, side)
        state = state.apply(action, side)
        states.append(state)
        said = "; ".join(state.events)
        lines.append(said if said.startswith(f"{action}:") else f"{action}: {said}" if said else str(action))
        if isinstance(action, (ib.Attack, ib.Shot)):
            lost = [n + before.units_of(p) - state.units_of(p) for p, n in enumerate(lost)]
        if state.mover != side or state.result is not None:
            turns.append(Turn(number, side, tuple(lines), (lost[0], lost[1]), state))
            lines, lost, number = [], [0, 0], state.turn
    return BotGame(tuple(turns), tuple(states))
