"""A round between bots told turn by turn (key moments, the points chart, the ranking with its
tie-breaks) and the live balance check."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from core.bots import levels, make_bot, untimed
from core.fairsquare import DEFAULT_BOARD, GAME, BoardRecord
from core.fairsquare.balance import HIGH, LOW, measure
from core.fairsquare.geometry import name
from core.fairsquare.pieces import piece_set
from core.fairsquare.render import COLOURS, record_svg
from core.fairsquare.state import FairSquareState
from core.protocol import actor_name
from core.teach import Html, message
from core.teach.chart import Line, line_chart
from core.teach.fairsquare.setting import ALIGN, PIECE_SET, side_by_side
from core.teach.fairsquare.runs import caption_of, first_turn, turn_title, turn_list
from core.teach.fairsquare.exercises import points


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
    battle_turn = first_turn(record, 15, "battle")
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
        figures = side_by_side([(record_svg(record, t), caption) for t, caption in _moments(record)])
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
        picture = side_by_side([(record_svg(self.record, number), caption_of(number))])
        said = turn_list(self.record, [number])
        if not said.text:
            said = message(f"{turn_title(number)}: nothing happens.")
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
