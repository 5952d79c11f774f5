"""The match as a protocol state: the set-up, placement, round resolution and the result
(its options: :mod:`.options`; its actions: :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Self

from core import rng
from core.fairsquare.actions import Confirm, Eliminate, Lift, Place, Reorder
from core.fairsquare.boards import Board, board_from_json, generated_boards
from core.fairsquare.geometry import name
from core.fairsquare.options import MATCH_SEATS
from core.fairsquare.pieces import PieceSet, PieceType, piece_set, type_name_problem
from core.fairsquare.placement import PIECES, allowed_types, placement_problem, random_placement
from core.fairsquare.scoring import order, round_points
from core.fairsquare.sim import simulate
from core.fairsquare.trace import BoardRecord, Piece
from core.history import EMPTY, History
from core.protocol import Action, IllegalAction, Options, Outcome, State, actor_name

MAX_CHANGES = 50
"""Lifts and garnet re-orders one player may make in one round: place/lift cycles cannot grow a
record (and the states a page keeps) without limit.  A round's record then holds at most
4 + 2 * 50 + 1 actions per player, a whole match about 2,500."""


# --------------------------------------------------------------------------- the match set-up


@dataclass(frozen=True)
class Match:
    """What options and seed fix before play: seats, rounds, groups, boards and rosters."""

    seats: int
    rounds: int
    groups: tuple[tuple[tuple[int, ...], ...], ...]
    """``groups[r][g]``: the seats on board g of round r + 1."""
    boards: tuple[tuple[Board, ...], ...]
    pieces: PieceSet

    @classmethod
    def build(cls, options: Options, seed: int) -> Match:
        per_board = options["players_per_board"]
        single = per_board < 4 or options["single_board"]
        seats = per_board if single else MATCH_SEATS
        rounds = options["rounds"]
        groups = []
        boards = []
        data = [board_from_json(b) for b in options["boards"]]
        for r in range(rounds):
            if single:
                split: tuple[tuple[int, ...], ...] = (tuple(range(seats)),)
            else:
                split = tuple(tuple(p for p in range(seats) if (p >> r) & 1 == g) for g in (0, 1))
            groups.append(split)
            if options["board_source"] == "generated":
                boards.append(generated_boards(seed, r + 1, len(split)))
            else:
                boards.append(tuple(data[(len(split) * r + g) % len(data)] for g in range(len(split))))
        return cls(seats, rounds, tuple(groups), tuple(boards), piece_set(options["piece_set"]))


def seats_for(options: Any) -> int:
    """Seats of a game with these options: 8 for the match, else the players of the one board."""
    per_board: int = options["players_per_board"]
    return per_board if per_board < 4 or options["single_board"] else MATCH_SEATS


@dataclass(frozen=True)
class Placement:
    """One player's placement in progress: pieces (type, square), garnet re-orders, confirmed."""

    pieces: tuple[tuple[str, int], ...] = ()
    letters: tuple[tuple[str, str], ...] = ()
    """Re-ordered types: (type name, letter order), one garnet each."""
    done: bool = False
    changes: int = 0
    """Lifts and re-orders made this round (at most :data:`MAX_CHANGES`)."""


# --------------------------------------------------------------------------- the state


@dataclass(frozen=True, kw_only=True)
class FairSquareState(State):
    """A Fair and Square match: placements of the current round, finished boards and points."""

    game_name = "fair-and-square"

    match: Match = field(compare=False, repr=False)
    round_number: int = 1
    """The round being placed (1-based); ``rounds + 1`` once all are played."""
    placements: tuple[Placement, ...] = ()
    records: tuple[BoardRecord, ...] = ()
    """Every finished board of the match, in the order they finished."""
    points: tuple[int, ...] = ()
    garnets: tuple[int, ...] = ()
    earned: tuple[bool, ...] = ()
    """Who has earned the first-3-points garnet already."""
    round_start: int = 0
    """The length of ``history`` when the current round began."""
    round_actors: History[int] = EMPTY
    """Who made each action of the current round (grows in place, like ``history``)."""
    voters: tuple[int, ...] = ()
    votes: tuple[int, ...] = ()
    """Winners still to name the elimination candidate, and the votes given (seats)."""
    eliminated: int = -1
    tokens: tuple[bool, ...] = ()

    # --- helpers --------------------------------------------------------------

    def group_of(self, player: int, round_number: int | None = None) -> int:
        """The board (0 or 1) ``player`` plays in a round (default: the current one)."""
        r = (round_number or self.round_number) - 1
        return next(g for g, seats in enumerate(self.match.groups[r]) if player in seats)

    def board_of(self, player: int) -> Board:
        """The board ``player`` places on this round."""
        return self.match.boards[self.round_number - 1][self.group_of(player)]

    def roster(self) -> tuple[PieceType, ...]:
        """The piece types of the current round."""
        return self.match.pieces.roster(min(self.round_number, self.match.rounds))

    def allowed_types(self, player: int) -> tuple[str, ...]:
        """The types ``player`` may place next (the live ">= 3 types" check)."""
        return allowed_types(self.roster(), [k for k, _ in self.placements[player].pieces])

    def round_records(self, round_number: int | None = None) -> tuple[BoardRecord, ...]:
        """The finished boards of a round (default: the current one)."""
        wanted = round_number or self.round_number
        return tuple(r for r in self.records if r.round_number == wanted)

    def resolved(self, player: int) -> bool:
        """True when ``player``'s board of the current round has been played out."""
        group = self.group_of(player)
        return any(r.group == group for r in self.round_records())

    def spent(self, player: int) -> int:
        """Garnets ``player``'s pending placement spends."""
        return len(self.placements[player].letters)

    @property
    def placing(self) -> bool:
        """True while the current round's placements are being made."""
        return self.round_number <= self.match.rounds

    # --- protocol hooks ---------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.voters:
            return frozenset(self.voters)
        if not self.placing:
            return frozenset()
        return frozenset(p for seats in self.match.groups[self.round_number - 1] for p in seats
                         if not self.placements[p].done)

    @property
    def outcome(self) -> Outcome | None:
        if self.actors:
            return None
        top = max(self.points)
        winners = [p for p in range(self.match.seats) if self.points[p] == top]
        rest = [1 + sum(q > mine for q in self.points) for mine in self.points]
        rest[self.eliminated] = self.match.seats
        names = ", ".join(actor_name(p) for p in winners)
        reason = f"{names} {'win' if len(winners) > 1 else 'wins'} with {top} points; " \
                 f"{actor_name(self.eliminated)} is the elimination candidate"
        if any(self.tokens):
            reason += "; Token of Life to " + ", ".join(actor_name(p) for p in winners)
        return Outcome(tuple(rest), reason)

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if self.voters:
            return tuple(Eliminate(p) for p in self.candidates())
        mine = self.placements[actor]
        if len(mine.pieces) == PIECES:
            return (Confirm(),)
        taken = {s for _, s in mine.pieces}
        squares = sorted(self.board_of(actor).legal - taken)
        return tuple(Place(kind, s) for kind in self.allowed_types(actor) for s in squares)

    def _is_listed(self, action: Action, actor: int) -> bool | None:
        """Place and Confirm are checked without listing them, so a long record replays in linear
        time (Lift and Reorder are never listed: :meth:`_unlisted_as_played`)."""
        if self.voters or not isinstance(action, Place | Confirm | Lift | Reorder):
            return None
        return isinstance(action, Place | Confirm) and self.placement_action_problem(action, actor) is None

    def _unlisted_as_played(self, action: Action, actor: int) -> Action | None:
        """Lift and Reorder when legal.  A refused placement action raises :class:`IllegalAction`
        naming the rule it breaks (as :meth:`apply` would), so a record's refusal names it too."""
        if self.voters or not isinstance(action, Place | Confirm | Lift | Reorder):
            return None
        problem = self.placement_action_problem(action, actor)
        if problem is not None:
            raise IllegalAction(problem)
        return action if isinstance(action, Lift | Reorder) else None

    def placement_action_problem(self, action: Place | Confirm | Lift | Reorder, actor: int) -> str | None:
        """Why ``actor`` may not make this placement action now, or None."""
        mine = self.placements[actor]
        if isinstance(action, Confirm):
            return None if len(mine.pieces) == PIECES else \
                f"place all {PIECES} pieces first ({len(mine.pieces)} placed)"
        problem = type_name_problem(action.kind) if isinstance(action, Place | Reorder) else None
        if problem is not None:
            return problem
        if isinstance(action, Place):
            return placement_problem(self.board_of(actor), self.roster(), mine.pieces, action.kind, action.square)
        if isinstance(action, Lift) and all(s != action.square for _, s in mine.pieces):
            return f"{actor_name(actor)} has no unconfirmed piece on {name(action.square)} to lift"
        if isinstance(action, Reorder):
            problem = self.reorder_problem(action, actor)
        return problem or self.change_problem(actor)

    def change_problem(self, actor: int) -> str | None:
        """Why ``actor`` may not lift or re-order any more this round (:data:`MAX_CHANGES`), or None."""
        if self.placements[actor].changes < MAX_CHANGES:
            return None
        return (f"{actor_name(actor)} has lifted or re-ordered {MAX_CHANGES} times this round, the most a "
                f"round allows: place the remaining pieces and confirm")

    def reorder_problem(self, action: Reorder, actor: int) -> str | None:
        """Why ``actor`` may not spend a garnet on ``action`` now (the garnet rules), or None."""
        if self.options["garnets"] != "on":
            return "garnets are off in this game, so move letters cannot be re-ordered"
        kind = next((t for t in self.roster() if t.name == action.kind), None)
        if kind is None:
            return f"{action.kind} is not in this round's roster ({', '.join(t.name for t in self.roster())})"
        if len(action.letters) != len(kind.letters) or sorted(action.letters) != sorted(kind.letters):
            return f"the letters must be a re-ordering of {kind.letters}"
        others = [k for k, _ in self.placements[actor].letters if k != action.kind]
        if action.letters != kind.letters and len(others) + 1 > self.garnets[actor]:
            have = self.garnets[actor]
            return f"{actor_name(actor)} has {have} garnet{'' if have == 1 else 's'}: each re-ordered type costs one"
        return None

    def _rule_broken(self, action: Action, actor: int) -> str:
        if self.voters:
            if isinstance(action, Eliminate):
                return f"only the tied players {', '.join(map(actor_name, self.candidates()))} may be named"
            return "the match is over: the winners are naming the elimination candidate"
        if isinstance(action, Place | Confirm | Lift | Reorder):
            return self.placement_action_problem(action, actor) or f"{action} is not legal now"
        if isinstance(action, Eliminate):
            return "the elimination candidate is named after the last round, and only when players stay tied"
        return f"{type(action).__name__} is not an action of Fair and Square's placement"

    def _irreversible(self, after: Self) -> bool:
        return after.rng != self.rng or len(after.records) != len(self.records)

    def _next_state(self, action: Action, actor: int) -> Self:
        if isinstance(action, Eliminate):
            return self._vote(action.player, actor)
        mine = self.placements[actor]
        if isinstance(action, Place):
            mine = replace(mine, pieces=(*mine.pieces, (action.kind, action.square)))
        elif isinstance(action, Lift):
            mine = replace(mine, pieces=tuple(p for p in mine.pieces if p[1] != action.square),
                           changes=mine.changes + 1)
        elif isinstance(action, Reorder):
            kind = next(t for t in self.roster() if t.name == action.kind)
            kept = tuple(x for x in mine.letters if x[0] != action.kind)
            mine = replace(mine, letters=kept if action.letters == kind.letters else
                           (*kept, (action.kind, action.letters)), changes=mine.changes + 1)
        else:
            mine = replace(mine, done=True)
        placements = list(self.placements)
        placements[actor] = mine
        state = self._with(placements=tuple(placements), round_actors=self.round_actors.plus(actor))
        if isinstance(action, Confirm):
            state = state._after_confirm(actor)
        return state

    # --- resolution -------------------------------------------------------------

    def _after_confirm(self, actor: int) -> Self:
        group = self.group_of(actor)
        seats = self.match.groups[self.round_number - 1][group]
        if not all(self.placements[p].done for p in seats):
            return self
        state = self._with(records=(*self.records, self.play_board(group)))
        if len(state.round_records()) == len(self.match.groups[self.round_number - 1]):
            state = state._end_round()
        return state

    def play_board(self, group: int) -> BoardRecord:
        """Play out board ``group`` of the current round from the confirmed placements."""
        r = self.round_number
        seats = self.match.groups[r - 1][group]
        board = self.match.boards[r - 1][group]
        roster = {t.name: t for t in self.roster()}
        pieces = []
        for local, seat in enumerate(seats):
            orders = dict(self.placements[seat].letters)
            for kind, square in sorted(self.placements[seat].pieces, key=lambda p: p[1]):
                t = roster[kind]
                pieces.append(Piece(local, t.reordered(orders[kind]) if kind in orders else t, square))
        result = simulate(board, pieces, len(seats), rng.derive(self.rng, r, group),
                          friendly_losses=self.options["friendly_losses"],
                          by_count=self.options["score_by"] == "count", record=True, seats=seats)
        ranked = result.places()
        return BoardRecord(r, group, board, seats, tuple(Piece(seats[p.owner], p.kind, p.square) for p in pieces),
                           result.turns, result.threes, result.twos, result.left, ranked,
                           tuple(round_points(x) for x in ranked))

    def _end_round(self) -> Self:
        points = list(self.points)
        garnets = list(self.garnets)
        earned = list(self.earned)
        on = self.options["garnets"] == "on"
        for record in self.round_records():
            for seat, got, placement in zip(record.players, record.points,
                                            (self.placements[s] for s in record.players), strict=True):
                points[seat] += got
                garnets[seat] -= len(placement.letters)
                if on and got == 3 and not earned[seat]:
                    earned[seat] = True
                    if self.options["garnet_timing"] == "immediate":
                        garnets[seat] += 1
        stream, _ = rng.next64(self.rng)
        state = self._with(points=tuple(points), garnets=tuple(garnets), earned=tuple(earned), rng=stream,
                           round_number=self.round_number + 1, round_start=len(self.history) + 1,
                           round_actors=EMPTY, placements=(Placement(),) * self.match.seats)
        return state._end_match() if state.round_number > self.match.rounds else state

    def timeline(self) -> list[tuple[int, ...]]:
        """Every seat's cumulative owned total after each turn of each round (the match tie-break)."""
        moments: list[tuple[int, ...]] = []
        base = [0] * self.match.seats
        for r in range(1, self.match.rounds + 1):
            records = self.round_records(r)
            for t in range(len(records[0].turns) if records else 0):
                now = base[:]
                for record in records:
                    for k, seat in enumerate(record.players):
                        now[seat] += record.turns[t].totals[k]
                moments.append(tuple(now))
            if moments:
                base = list(moments[-1])
        return moments

    def candidates(self) -> list[int]:
        """The players tied for last place through every match tie-break (FS-19)."""
        low = min(self.points)
        bottom = [p for p in range(self.match.seats) if self.points[p] == low]

        def total(p: int, attribute: str) -> int:
            return sum(getattr(r, attribute)[r.players.index(p)] for r in self.records if p in r.players)

        groups = order(bottom, lambda p: (total(p, "threes"), total(p, "twos"), total(p, "left")), self.timeline())
        return sorted(groups[-1])

    def _end_match(self) -> Self:
        garnets = list(self.garnets)
        if self.options["garnet_timing"] == "match_end":
            garnets = [g + e for g, e in zip(garnets, self.earned, strict=True)]
        top = max(self.points)
        winners = [p for p in range(self.match.seats) if self.points[p] == top]
        tokens = (False,) * self.match.seats
        if self.options["meta_layer"] == "on" and len(winners) <= self.options["tol_threshold"]:
            tokens = tuple(p in winners for p in range(self.match.seats))
            garnets = [g + t for g, t in zip(garnets, tokens, strict=True)]
        state = self._with(garnets=tuple(garnets), tokens=tokens)
        candidates = self.candidates()
        if len(candidates) == 1:
            return state._with(eliminated=candidates[0])
        return state._with(voters=tuple(winners))

    def _vote(self, player: int, actor: int) -> Self:
        votes = (*self.votes, player)
        voters = tuple(v for v in self.voters if v != actor)
        if voters:
            return self._with(votes=votes, voters=voters)
        tally = {c: votes.count(c) for c in set(votes)}
        best = sorted(c for c in tally if tally[c] == max(tally.values()))
        stream, chosen = rng.choice(self.rng, best)
        return self._with(votes=votes, voters=(), eliminated=chosen, rng=stream)

    # --- hidden information -----------------------------------------------------

    def _hidden(self, viewer: int | None) -> list[int]:
        """Seats whose current placement ``viewer`` may not see."""
        if not self.placing:
            return []
        return [p for seats in self.match.groups[self.round_number - 1] for p in seats
                if p != viewer and not self.resolved(p)]

    def view(self, viewer: int | None) -> Self:
        """Other players' placements (and garnet spending) stay hidden until their board is played."""
        hidden = [p for p in self._hidden(viewer) if self.placements[p] != Placement(done=self.placements[p].done)]
        if not hidden:
            return self
        placements = list(self.placements)
        for p in hidden:
            placements[p] = Placement(done=placements[p].done)
        return self._with(placements=tuple(placements))

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        """Confirmed placements hidden from ``viewer`` are drawn at random (legal, no garnets)."""
        placements = list(self.placements)
        for p in self._hidden(viewer):
            if placements[p].done and not placements[p].pieces:
                stream, pieces = random_placement(stream, self.board_of(p), self.roster())
                placements[p] = Placement(pieces, (), True)
        return self._with(placements=tuple(placements), rng=stream)

    def public_length(self) -> int:
        """Actions of the current round up to the first one on a board not yet played out."""
        if not self.placing:
            return len(self.history)
        for k, actor in enumerate(self.round_actors):
            if not self.resolved(actor):
                return self.round_start + k
        return len(self.history)


def initial(seed: int, options: Options) -> FairSquareState:
    """The first state: round 1, nobody placed yet."""
    match = Match.build(options, seed)
    n = match.seats
    start = options["starting_garnets"] if options["garnets"] == "on" else 0
    return FairSquareState(options=options, seed=seed, rng=rng.derive(seed, 1), match=match,
                           placements=(Placement(),) * n, points=(0,) * n, garnets=(start,) * n,
                           earned=(False,) * n, tokens=(False,) * n)

