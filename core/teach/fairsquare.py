"""The Fair and Square tutorial's helpers: the board, one small live run per piece, battles, a round
between bots told turn by turn, the balance figures and two exercises.

Every run is the engine's own (:func:`core.fairsquare.simulate` with its trace) and every picture
the core's SVG; squares are named as on the page (A1-G7) and players counted from 1.

>>> may_place("C4").text
'No: C4 is next to the 3 on D4.'
>>> turn_1 = watch("Fortress").text.splitlines()[1]
>>> turn_1.startswith("Turn 1: player 1's Fortress B2 (rule 2: heads for the nearest point square its player")
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from core import rng
from core import svg as svglib
from core.bots import levels, make_bot, untimed
from core.fairsquare import DEFAULT_BOARD, GAME, Board, BoardRecord, Piece, PieceType, board_from_json, simulate
from core.fairsquare.balance import HIGH, LOW, measure
from core.fairsquare.boards import DIAGONALS, generated_boards
from core.fairsquare.bots import PlacementBot, mutate
from core.fairsquare.explain import turn_sentences
from core.fairsquare.geometry import DIRECTION_WORDS, NEIGHBOURS, ORTHOGONAL, SIZE, name, parse_square
from core.fairsquare.pieces import piece_set
from core.fairsquare.placement import PIECES, placement_problem, random_placement
from core.fairsquare.render import CELL, COLOURS, LEGEND, MARGIN, Shown, board_svg, record_svg
from core.fairsquare.scoring import round_points
from core.fairsquare.state import FairSquareState
from core.fairsquare.trace import PieceStep
from core.protocol import InputError, actor_name
from core.teach import Exercise, Html, Lesson, Picture, message, navigation, ready
from core.teach.chart import Line, line_chart

__all__ = ["Round", "answer", "balance", "battle", "board", "bots_play", "cycle", "exercise", "hint", "links",
           "may_place", "pieces", "solution", "standoff", "start", "watch"]

GAME_NAME, PAGE = "fair-and-square", "fairsquare"
BOARD = board_from_json(DEFAULT_BOARD)
"""The rules' default board, where every lesson run takes place."""
PIECE_SET = "project_v1"
ALIGN = ' style="text-align:left;vertical-align:top"'
"""Table cells read from the left (notebook styles right-align them)."""
PICTURE_WIDTH = 220
"""Width of the small pictures shown side by side (the core draws boards about 340 pixels wide)."""

Team = Sequence[tuple[str, str]]
"""One player's pieces as (type, square name)."""


def start() -> Html:
    """The first cell's answer: the engine is loaded; links to play, the rules and all games."""
    return ready(GAME_NAME, PAGE)


def links() -> Html:
    """Where to go next: play the game, read its rules, see all games."""
    return navigation(GAME_NAME, PAGE)


def _roster(round_number: int = 1) -> tuple[PieceType, ...]:
    return piece_set(PIECE_SET).roster(round_number)


# --------------------------------------------------------------------------- pictures


def _document(elements: list[str], title: str) -> str:
    width, height = SIZE * CELL + MARGIN + 10, SIZE * CELL + MARGIN + 20 + LEGEND
    return svglib.document(width, height, title, elements)


def _small(svg: str, width: int = PICTURE_WIDTH) -> str:
    """The same SVG drawn ``width`` pixels wide (its viewBox keeps the drawing whole)."""
    match = re.search(r'width="(\d+)" height="(\d+)"', svg)
    if match is None:
        return svg
    w, h = int(match[1]), int(match[2])
    return svg.replace(match[0], f'width="{width}" height="{round(h * width / w)}"', 1)


def _figures(pictures: Sequence[tuple[str, str]]) -> str:
    """Small pictures side by side, each with its caption."""
    return "<div>" + "".join(
        f'<figure style="display:inline-block;margin:0 1em 1em 0;vertical-align:top">{_small(svg)}'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>" for svg, caption in pictures) + "</div>"


def _squares(board: Board) -> str:
    return ", ".join(f"{name(s)} ({board.values[s]})" for s in board.points)


def board() -> Picture:
    """The default board: point squares in yellow with their values, placement squares white, the rest grey."""
    title = "The default board"
    text = (f"{title}: white squares take pieces, grey ones do not. Point squares: {_squares(BOARD)}. "
            f"{len(BOARD.legal)} placement squares: {', '.join(name(s) for s in sorted(BOARD.legal))}.")
    return Picture(_document(board_svg(BOARD, [], (), title), title), text)


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
    for kind in _roster(round_number):
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


# --------------------------------------------------------------------------- small live runs


def run(teams: Sequence[Team], round_number: int = 1, on: Board = BOARD, seed: int = 1) -> BoardRecord:
    """Play one board with the engine: ``teams[k]`` are player k+1's pieces, as (type, square name)."""
    kinds = {t.name: t for t in _roster(round_number)}
    placed = [Piece(k, kinds[kind], parse_square(square)) for k, team in enumerate(teams)
              for kind, square in sorted(team, key=lambda piece: parse_square(piece[1]))]
    players = len(teams)
    result = simulate(on, placed, players, rng.seed_stream(seed), record=True)
    places = result.places()
    return BoardRecord(round_number, 0, on, tuple(range(players)), tuple(placed), result.turns, result.threes,
                       result.twos, result.left, places, tuple(round_points(p) for p in places))


def _caption(turn: int) -> str:
    return "As placed" if turn == 0 else f"After turn {turn}"


def _turn_name(turn: int) -> str:
    return "Before turn 1" if turn == 0 else f"Turn {turn}"


def _plain_rule(record: BoardRecord, step: PieceStep, line: str) -> str:
    """The engine's sentence with its rule id (``(seek:free_empty)``) replaced by the rule in words."""
    kind = record.pieces[step.piece].kind
    texts = [rule.text for rule in kind.rules]
    if step.rule not in texts:
        return line
    number = texts.index(step.rule)
    return line.replace(f"({step.rule})", f"(rule {number + 1}: {rule_words(kind)[number]})", 1)


def _said(record: BoardRecord, turn: int, quiet: bool) -> list[str]:
    """The engine's sentences of one turn, each rule in words; ``quiet`` leaves out a piece staying to capture
    when the capture count that follows says so already."""
    steps = record.turns[turn].steps
    said = [_plain_rule(record, steps[k], line) if k < len(steps) else line
            for k, line in enumerate(turn_sentences(record, turn))]
    if not quiet:
        return said
    trace = record.turns[turn]
    counted = {p.piece for p in trace.progress}
    return [line for k, line in enumerate(said) if k >= len(trace.steps) or not (
        trace.steps[k].piece in counted and trace.steps[k].rule in ("hold", "anchor"))]


def turn_list(record: BoardRecord, turns: Sequence[int], quiet: bool = False) -> Html:
    """The engine's sentences of ``turns`` (turns without any are left out), as a list under each turn."""
    markup, lines = [], []
    for k in turns:
        said = _said(record, k, quiet)
        if said:
            markup.append(f'<p style="margin:.5em 0 0"><strong>{_turn_name(k)}</strong></p><ul style="margin:0">'
                          + "".join(f"<li>{html.escape(s)}</li>" for s in said) + "</ul>")
            lines += [f"{_turn_name(k)}: {s}" for s in said]
    return Html("".join(markup), "\n".join(lines))


def story(record: BoardRecord, last: int, pictures: Sequence[int], title: str) -> Html:
    """Turns 0 to ``last`` of a run: pictures after the turns in ``pictures``, then what happened, in words
    (a piece staying to capture is told by its capture count)."""
    figures = _figures([(record_svg(record, k), _caption(k)) for k in pictures])
    events = turn_list(record, range(last + 1), quiet=True)
    return Html(f"<p><strong>{html.escape(title)}</strong></p>{figures}{events.markup}", f"{title}\n{events.text}")


def _first(record: BoardRecord, last: int, kind: str) -> int | None:
    """The first turn up to ``last`` with a battle (``kind="battle"``) or a completed capture."""
    for trace in record.turns[1:last + 1]:
        if trace.battles if kind == "battle" else any(p.captured for p in trace.progress):
            return trace.turn
    return None


DEMOS: dict[str, tuple[tuple[Team, ...], int]] = {
    "Sprinter": (((("Sprinter", "C2"),),), 4),
    "Dasher": (((("Dasher", "B3"),),), 4),
    "Ranger": (((("Ranger", "E2"),), (("Sprinter", "C2"),)), 4),
    "Traveller": (((("Traveller", "F5"),), (("Dasher", "F6"),)), 5),
    "Fortress": (((("Fortress", "B2"),),), 5),
    "Marauder": (((("Marauder", "E2"),), (("Sprinter", "E1"),)), 5),
}
"""Per round-1 piece: player 1's piece (and a rival that shows its rules at work), and the turns to tell."""


def watch(piece: str, square: str | None = None) -> Html:
    """A few turns of one round-1 piece on the default board (optionally starting on ``square``)."""
    piece = str(piece).capitalize()
    if piece not in DEMOS:
        return message(f"Pick one of the round 1 pieces: {', '.join(DEMOS)}.")
    teams, last = DEMOS[piece]
    if square is not None:
        square = str(square).upper()
        problem = placement_problem(BOARD, _roster(), [], piece, parse_square(square)) \
            if re.fullmatch(r"[A-G][1-7]", square) else "name a square from A1 to G7, like \"B3\""
        if problem:
            return message(f"Not on {square}: {problem}.")
        teams = (((piece, square),), *teams[1:])
    record = run(teams)
    key = _first(record, last, "battle") or _first(record, last, "capture")
    pictures = sorted({0, last, *([key] if key else [])})
    who = " against a rival " + " and ".join(k for k, _ in teams[1]) if len(teams) > 1 else ""
    return story(record, last, pictures, f"The {piece} from {teams[0][0][1]}{who}, turns 1 to {last}:")


def battle() -> Html:
    """A battle from turn 2 on: the highest rank stays, every other piece on the square goes, friends too."""
    record = run(((("Traveller", "E6"), ("Marauder", "G4")), (("Ranger", "B6"),)))
    turn = _first(record, 15, "battle")
    assert turn is not None
    return story(record, turn, (0, turn - 1, turn), f"Player 1's Traveller and Marauder, player 2's Ranger, "
                                                    f"turns 1 to {turn}:")


def standoff() -> Html:
    """Two pieces of the same rank meet: no battle; they separate next turn, and the square stays contested."""
    record = run(((("Ranger", "B3"),), (("Ranger", "F5"),)))
    return story(record, 4, (2, 3, 4), "Two Rangers of different players both want D4, turns 1 to 4:")


def cycle() -> Html:
    """Round 3: a Marauder aiming where a Traveller will go, and the Traveller dodging where the Marauder will
    go, each wait for the other's prediction; both pick a move at random."""
    record = run(((("Marauder", "A3"),), (("Traveller", "B2"),)), round_number=3)
    turn = _first(record, 15, "battle")
    assert turn is not None
    return story(record, turn, range(turn + 1), f"Round 3: player 1's Marauder, player 2's dodging Traveller, "
                                                f"turns 1 to {turn}:")


# --------------------------------------------------------------------------- exercises


CAPTURE = ((("Ranger", "B3"),), (("Traveller", "A3"),))
"""Exercise 1's run: player 1's Ranger walks to the 3-point D4 while player 2's Traveller goes elsewhere."""
DUEL_BOARD_SEED, DUEL_BOT_SEED, DUEL_STREAM = 5, 1, 77
"""Exercise 2: the generated board of round 1 of match seed 5, the greedy bot's seed, the run's random stream."""


@dataclass(frozen=True)
class Duel:
    """Exercise 2's setting: the board, the greedy bot's placement (player 2) and the round's pieces."""

    board: Board
    bot: tuple[tuple[str, int], ...]
    roster: tuple[PieceType, ...]

    def record(self, mine: Sequence[tuple[str, int]]) -> BoardRecord:
        """The round with player 1's pieces ``mine`` against the bot's."""
        teams = [[(kind, name(s)) for kind, s in mine], [(kind, name(s)) for kind, s in self.bot]]
        return run(teams, on=self.board, seed=DUEL_STREAM)

    def totals(self, mine: Sequence[tuple[str, int]]) -> tuple[int, int]:
        """Points owned after turn 15 by player 1 (``mine``) and by the bot."""
        kinds = {t.name: t for t in self.roster}
        placed = [Piece(k, kinds[kind], s) for k, team in enumerate((mine, self.bot))
                  for kind, s in sorted(team, key=lambda piece: piece[1])]
        final = simulate(self.board, placed, 2, rng.seed_stream(DUEL_STREAM)).totals[-1]
        return final[0], final[1]

    def picture(self) -> str:
        """The board with the bot's pieces as placed."""
        ranks = {t.name: t.rank for t in self.roster}
        shown: list[Shown] = [(s, 1, k, ranks[k]) for k, s in self.bot]
        title = "Exercise 2: the greedy bot's placement (player 2)"
        return _document(board_svg(self.board, shown, (), title, (0, 1)), title)


@cache
def duel() -> Duel:
    """Exercise 2's board and the greedy bot's placement on it, planned by the bot itself."""
    on = generated_boards(DUEL_BOARD_SEED, 1, 1)[0]
    state = GAME.new(seed=DUEL_BOT_SEED, players_per_board=2, rounds=1, board_source="data",
                     boards=[on.to_json()], garnets="off")
    assert isinstance(state, FairSquareState)
    plan = PlacementBot(GAME, DUEL_BOT_SEED).plan(state, 1)
    return Duel(on, plan, state.roster())


def parse_placement(answer: object, on: Board, roster: Sequence[PieceType]) -> tuple[tuple[str, int], ...]:
    """A learner's placement: ``"Fortress C2, Ranger B3, ..."`` (or a list of such pieces), checked against
    every placement rule; ValueError with the reason otherwise."""
    parts = answer.split(",") if isinstance(answer, str) else list(answer) if isinstance(answer, (list, tuple)) \
        else None
    if parts is None or len(parts) != PIECES:
        raise ValueError(f"write {PIECES} pieces separated by commas, each a type and a square, like \"Ranger B3\"")
    names = {t.name.lower(): t.name for t in roster}
    placed: list[tuple[str, int]] = []
    for part in parts:
        words = part.split() if isinstance(part, str) else list(part) if isinstance(part, (list, tuple)) else []
        if len(words) != 2 or not all(isinstance(w, str) for w in words):
            raise ValueError(f"{part!r} is not a piece: write a type and a square, like \"Ranger B3\"")
        kind, square = words
        if kind.lower() not in names:
            raise ValueError(f"{kind!r} is not a piece of this round ({', '.join(t.name for t in roster)})")
        try:
            where = parse_square(square)
        except InputError:
            raise ValueError(f"{square!r} is not a square (A1 to G7)") from None
        problem = placement_problem(on, roster, placed, names[kind.lower()], where)
        if problem:
            raise ValueError(f"{names[kind.lower()]} {name(where)}: {problem}")
        placed.append((names[kind.lower()], where))
    return tuple(placed)


def points(count: int) -> str:
    """``"1 point"``, ``"4 points"``."""
    return f"{count} point{'' if count == 1 else 's'}"


def _spell(placement: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{kind} {name(s)}" for kind, s in placement)


@cache
def best_reply(tries: int = 400, seed: int = 3) -> tuple[tuple[str, int], ...]:
    """The best placement a seeded search finds against the bot's (half random tries, half small changes)."""
    setting = duel()
    stream = rng.seed_stream(seed)
    best: tuple[tuple[str, int], ...] = ()
    margin = -99
    for attempt in range(tries):
        if attempt < tries // 2 or not best:
            stream, candidate = random_placement(stream, setting.board, setting.roster)
        else:
            stream, candidate = mutate(stream, setting.board, setting.roster, best, 0)
        mine, bot = setting.totals(candidate)
        if mine - bot > margin:
            best, margin = candidate, mine - bot
    return best


def _losing_example(setting: Duel) -> tuple[tuple[str, int], ...]:
    """A legal placement that does not beat the bot, to show how an answer is written."""
    stream = rng.seed_stream(1)
    for _ in range(1000):
        stream, candidate = random_placement(stream, setting.board, setting.roster)
        mine, bot = setting.totals(candidate)
        if mine <= bot:
            return candidate
    raise RuntimeError("every random placement beats the bot: pick another board for exercise 2")


def _capture_turns() -> tuple[int, int]:
    """Exercise 1: the turn the Ranger arrives on D4 and the turn player 1 owns D4."""
    record = run(CAPTURE)
    d4 = parse_square("D4")
    arrive = next(t.turn for t in record.turns[1:] if t.positions[0] == d4)
    owned = next(t.turn for t in record.turns[1:] if t.owners[d4] == 0)
    return arrive, owned


def _capture_problem(turn: object, arrive: int, owned: int) -> str | None:
    if turn == owned:
        return None
    assert isinstance(turn, int)
    if turn <= arrive:
        return f"the Ranger only arrives on turn {arrive}, and the turn it arrives does not count."
    if turn < owned:
        return "a square is owned once its piece has stood on it, still and alone, for as many turns as it is worth."
    return "it owns D4 sooner: the count goes up every turn it stands there still and alone."


def _placement_problem(setting: Duel, placement: object) -> str | None:
    mine, bot = setting.totals(parse_placement(placement, setting.board, setting.roster))
    if mine > bot:
        return None
    return f"your pieces own {points(mine)} after turn 15 and the bot's {bot}: you need more than the bot."


def _played(setting: Duel, placement: object) -> Html:
    record = setting.record(parse_placement(placement, setting.board, setting.roster))
    you, bot = record.scores
    said = f"Your pieces own {points(you)} after turn 15, the bot's {bot}."
    figure = _figures([(record_svg(record, 0), "As placed"), (record_svg(record, 15), "After turn 15")])
    return Html(f"<p>{html.escape(said)}</p>{figure}", said)


def _exercises(lang: str) -> tuple[Exercise, ...]:
    arrive, owned = _capture_turns()
    setting = duel()
    reply = best_reply()
    mine, bot = setting.totals(reply)
    example = _losing_example(setting)
    capture = Html(f"<div>{_small(record_svg(run(CAPTURE), arrive), 340)}</div>", "")
    bot_pieces = Html(f"<div>{_small(setting.picture(), 340)}</div>", "")
    return (
        Exercise(f"Player 1's Ranger arrives on the 3-point square D4 on turn {arrive}, and no other piece comes "
                 "near it. After which turn does player 1 own D4? Answer with the turn number.", None,
                 lambda turn: _capture_problem(turn, arrive, owned),
                 "The arrival turn does not count; then the piece must stand still and alone for as many turns "
                 "as the square is worth.",
                 f"after turn {owned}: turns {arrive + 1} to {owned} are its {owned - arrive} still turns "
                 f"(capture {', '.join(map(str, range(1, owned - arrive)))} and {owned - arrive} of "
                 f"{owned - arrive}).", kind="choice", extra=capture),
        Exercise("The greedy bot (player 2) has placed its four pieces of round 1 on this board. Place four "
                 "pieces as player 1 so that you own more points than the bot after turn 15. Answer like "
                 f"answer(2, \"{_spell(example)}\").", None,
                 lambda placement: _placement_problem(setting, placement),
                 "Look where each of the bot's pieces heads first: the nearest point squares. From turn 2 on, "
                 "your Fortress or Marauder (rank 3) removes any lower-ranked bot piece on its square; your "
                 "Sprinters and Dashers are fast but lose every battle, so send them where the bot's pieces are "
                 "not going. answer(2, ...) shows how each try played out.",
                 f"one placement that wins is {_spell(reply)}: it owns {points(mine)}, the bot {bot}.",
                 kind="text", extra=bot_pieces, played=lambda placement: _played(setting, placement)),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()


# --------------------------------------------------------------------------- a round between bots


def score_chart(record: BoardRecord) -> str:
    """Each player's owned points after every turn (0-15), one line per player in their board colour."""
    title = "Points owned after each turn: " + ", ".join(
        f"{actor_name(seat)} {record.scores[k]}" for k, seat in enumerate(record.players))
    lines = [Line(actor_name(seat), [trace.totals[k] for trace in record.turns], COLOURS[seat])
             for k, seat in enumerate(record.players)]
    ticks = [(turn, str(turn)) for turn in range(0, len(record.turns), 5)]
    return line_chart(lines, title, "turn →", x_ticks=ticks)


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def why_ahead(record: BoardRecord, a: int, b: int) -> str | None:
    """Why board player ``a`` ranks above ``b`` with the same points owned (the first tie-break that
    separates them), or None when every tie-break leaves them level."""
    for label, counts in (("3-point squares", record.threes), ("2-point squares", record.twos),
                          ("pieces left", record.left)):
        if counts[a] != counts[b]:
            return f"more {label} ({counts[a]} against {counts[b]})"
    for trace in reversed(record.turns):
        if trace.totals[a] != trace.totals[b]:
            return f"ahead most recently, after turn {trace.turn} ({points(trace.totals[a])} against " \
                   f"{trace.totals[b]})"
    return None


def _leader(totals: Sequence[int]) -> int:
    """The board player alone at the top of ``totals`` (-1: nobody owns anything, or a tie)."""
    top = max(totals)
    ahead = [k for k, value in enumerate(totals) if value == top]
    return ahead[0] if top and len(ahead) == 1 else -1


def _moments(record: BoardRecord) -> list[tuple[int, str]]:
    """Turns worth a picture: the placement, the first battle, the last change of leader, the end."""
    stacked = ", stacked pieces move apart first" if record.turns[0].separations else ""
    moments = [(0, f"As placed{stacked}")]
    battle_turn = _first(record, 15, "battle")
    if battle_turn:
        squares = ", ".join(name(b.square) for b in record.turns[battle_turn].battles)
        moments.append((battle_turn, f"Turn {battle_turn}: the first battle ({squares})"))
    leaders = [_leader(t.totals) for t in record.turns]
    lead = next((t for t in range(len(leaders) - 1, 0, -1) if leaders[t] != leaders[t - 1] and leaders[t] >= 0),
                None)
    if lead and lead != battle_turn:
        moments.append((lead, f"Turn {lead}: {actor_name(record.players[leaders[lead]])} takes the lead"))
    moments.append((len(record.turns) - 1, "The end of the round"))
    return sorted(dict(moments).items())


def _bot_words(level: str) -> str:
    """A bot level as the engine labels it: ``"Greedy (best of 50 placements ...)"``."""
    title, _, detail = levels(GAME)[level].label.partition(": ")
    return f"{title} ({detail})" if detail else title


@dataclass(frozen=True)
class Round:
    """A round on one board played by bots: a summary when shown, ``turn(k)`` and ``ranking()`` to look closer."""

    record: BoardRecord
    bots: tuple[str, ...]

    def result(self) -> str:
        """Who won the board, with how many points."""
        record = self.record
        top = [k for k, place in enumerate(record.places) if place == 1]
        names = " and ".join(actor_name(record.players[k]) for k in top)
        verb = "win" if len(top) > 1 else "wins"
        return f"{names.capitalize()} {verb} the board with {points(record.scores[top[0]])}."

    def _repr_html_(self) -> str:
        record = self.record
        seats = "; ".join(f"{actor_name(seat).capitalize() if k == 0 else actor_name(seat)} plays {_bot_words(bot)}"
                          for k, (seat, bot) in enumerate(zip(record.players, self.bots, strict=True)))
        figures = _figures([(record_svg(record, t), caption) for t, caption in _moments(record)])
        log = turn_list(record, range(len(record.turns))).markup
        return (f"<p><strong>{html.escape(self.result())}</strong></p><p>{html.escape(seats)}.</p>"
                f"<h4>Key moments</h4>{figures}<h4>Points owned after each turn</h4><div>{score_chart(record)}</div>"
                f"<details><summary>The whole round, turn by turn</summary>{log}</details>")

    def __repr__(self) -> str:
        return self.result()

    def turn(self, number: int) -> Html:
        """The board after turn ``number`` (0-15) and everything the engine did in that turn, in words."""
        if not isinstance(number, int) or not 0 <= number < len(self.record.turns):
            return message("Turns are numbered 1 to 15 (0 is the placement).")
        picture = _figures([(record_svg(self.record, number), _caption(number))])
        said = turn_list(self.record, [number])
        if not said.text:
            said = message(f"{_turn_name(number)}: nothing happens.")
        return Html(picture + said.markup, said.text)

    def ranking(self) -> Html:
        """The places on the board, each tie explained by the tie-break that decided it."""
        record = self.record
        order = sorted(range(len(record.players)), key=lambda k: (record.places[k], k))
        lines = []
        for k in order:
            shared = sum(p == record.places[k] for p in record.places) > 1
            lines.append(f"{_ordinal(record.places[k])} place{' (shared)' if shared else ''}: "
                         f"{actor_name(record.players[k])}, {points(record.scores[k])} owned, "
                         f"{record.points[k]} round point{'' if record.points[k] == 1 else 's'}.")
        for a, b in zip(order, order[1:], strict=False):
            if record.scores[a] == record.scores[b]:
                pair = f"{actor_name(record.players[a]).capitalize()} and {actor_name(record.players[b])}"
                reason = why_ahead(record, a, b)
                lines.append(f"{pair} own {points(record.scores[a])} each; {actor_name(record.players[a])} ranks "
                             f"higher: {reason}." if reason else
                             f"{pair} own {points(record.scores[a])} each and stay level through every tie-break, "
                             "so they share the place.")
        return Html("".join(f"<p>{html.escape(line)}</p>" for line in lines), "\n".join(lines))


def bots_play(seed: int = 1, bots: Sequence[str] = ("greedy", "greedy", "random", "random")) -> Round:
    """One round on the default board between four bots (levels of ``core.bots``), one per player."""
    state = GAME.new(seed=seed, single_board=True, rounds=1, board_source="data", boards=[DEFAULT_BOARD],
                     garnets="off")
    assert isinstance(state, FairSquareState)
    players = [untimed(make_bot(GAME, level, seed + k)) for k, level in enumerate(bots)]
    while state.actors and not state.records:
        actor = min(state.actors)
        state = state.apply(players[actor].choose(state, actor), actor)
    return Round(state.records[0], tuple(bots))


# --------------------------------------------------------------------------- balance


def balance(boards: int = 1000, seed: int = 1) -> Html:
    """The balance check, live: per round and piece type, its share of all pieces and of the winners' pieces
    over ``boards`` random boards per round with four random placements (as ``python -m core.fairsquare.balance``)."""
    figures = measure(piece_set(PIECE_SET), boards, seed)
    low = min(figures, key=lambda f: f.won)
    top = max(figures, key=lambda f: f.won)
    inside = sum(f.balanced for f in figures)
    said = (f"Measured on {boards:,} random boards per round: of the winners' pieces, the round "
            f"{low.round_number} {low.name} makes up the least ({low.won:.1%}) and the round {top.round_number} "
            f"{top.name} the most ({top.won:.1%}); {inside} of {len(figures)} piece types lie inside "
            f"{LOW:.0%} to {HIGH:.0%}.")
    rows = "".join(f"<tr><td>{f.round_number}</td><th scope=\"row\"{ALIGN}>{f.name}</th><td>{f.rank}</td>"
                   f"<td>{f.placed:.1%}</td><td>{f.won:.1%}</td><td>{f.in_winning_teams:.1%}</td></tr>"
                   for f in figures)
    table = ("<table><thead><tr><th scope=\"col\">Round</th><th scope=\"col\">Piece</th><th scope=\"col\">Rank"
             "</th><th scope=\"col\">Of all pieces placed</th><th scope=\"col\">Of the winners' pieces</th>"
             f"<th scope=\"col\">Winning teams with one</th></tr></thead><tbody>{rows}</tbody></table>")
    text = [said] + [f"Round {f.round_number} {f.name}: {f.placed:.1%} of all pieces, {f.won:.1%} of the "
                     f"winners' pieces, in {f.in_winning_teams:.1%} of winning teams." for f in figures]
    return Html(f"<p>{html.escape(said)}</p><details><summary>Every piece type, round by round</summary>{table}"
                "</details>", "\n".join(text))
