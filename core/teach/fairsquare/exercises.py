"""The Fair and Square lesson's two exercises: when a capture completes, and a placement that beats the
greedy bot on a board of its own."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from core import rng
from core.fairsquare import GAME, Board, BoardRecord, Piece, PieceType, simulate
from core.fairsquare.boards import generated_boards
from core.fairsquare.bots import PlacementBot, mutate
from core.fairsquare.geometry import name, parse_square
from core.fairsquare.placement import PIECES, placement_problem, random_placement
from core.fairsquare.render import Shown, board_svg, record_svg
from core.fairsquare.state import FairSquareState
from core.protocol import InputError
from core.teach import Exercise, Html, Lesson, offered
from core.teach.fairsquare.setting import side_by_side, small_picture, svg_document
from core.teach.fairsquare.runs import run


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
        return svg_document(board_svg(self.board, shown, (), title, (0, 1)), title)


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


def spell(placement: Sequence[tuple[str, int]]) -> str:
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


LOSING_OFFERED = 3
"""Exercise 2 offers the best placement found and this many that lose, to click."""


def _losing(setting: Duel, count: int = LOSING_OFFERED) -> tuple[tuple[tuple[str, int], ...], ...]:
    """``count`` different legal placements that do not beat the bot (the first shows how an answer is written)."""
    stream = rng.seed_stream(1)
    found: list[tuple[tuple[str, int], ...]] = []
    for _ in range(1000):
        stream, candidate = random_placement(stream, setting.board, setting.roster)
        mine, bot = setting.totals(candidate)
        if mine <= bot and spell(candidate) not in map(spell, found):
            found.append(candidate)
            if len(found) == count:
                return tuple(found)
    raise RuntimeError("random placements beat the bot too often: pick another board for exercise 2")


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
    figure = side_by_side([(record_svg(record, 0), "As placed"), (record_svg(record, 15), "After turn 15")])
    return Html(f"<p>{html.escape(said)}</p>{figure}", said)


def _exercises(lang: str) -> tuple[Exercise, ...]:
    arrive, owned = _capture_turns()
    setting = duel()
    reply = best_reply()
    mine, bot = setting.totals(reply)
    losing = _losing(setting)
    example = losing[0]
    capture = Html(f"<div>{small_picture(record_svg(run(CAPTURE), arrive), 340)}</div>", "")
    bot_pieces = Html(f"<div>{small_picture(setting.picture(), 340)}</div>", "")
    return (
        Exercise(f"Player 1's Ranger arrives on the 3-point square D4 on turn {arrive}, and no other piece comes "
                 "near it. After which turn does player 1 own D4? Answer with the turn number.", None,
                 lambda turn: _capture_problem(turn, arrive, owned),
                 "The arrival turn does not count; then the piece must stand still and alone for as many turns "
                 "as the square is worth.",
                 f"after turn {owned}: turns {arrive + 1} to {owned} are its {owned - arrive} still turns "
                 f"(capture {', '.join(map(str, range(1, owned - arrive)))} and {owned - arrive} of "
                 f"{owned - arrive}).", kind="choice", extra=capture, choices=offered(range(arrive, owned + 3))),
        Exercise("The greedy bot (player 2) has placed its four pieces of round 1 on this board. Place four "
                 "pieces as player 1 so that you own more points than the bot after turn 15. Answer like "
                 f"answer(2, \"{spell(example)}\"), or click one of the placements offered to watch it play.", None,
                 lambda placement: _placement_problem(setting, placement),
                 "Look where each of the bot's pieces heads first: the nearest point squares. From turn 2 on, "
                 "your Fortress or Marauder (rank 3) removes any lower-ranked bot piece on its square; your "
                 "Sprinters and Dashers are fast but lose every battle, so send them where the bot's pieces are "
                 "not going. answer(2, ...) shows how each try played out.",
                 f"one placement that wins is {spell(reply)}: it owns {points(mine)}, the bot {bot}.",
                 kind="text", extra=bot_pieces, played=lambda placement: _played(setting, placement),
                 choices=offered(sorted(spell(p) for p in (reply, *losing)))),
    )


LESSON = Lesson(_exercises)
exercise, answer, hint, solution = LESSON.helpers()
