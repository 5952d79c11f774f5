"""What the mover may do in an Imperio Bellum position: legal actions of setup and play, an attack's duels.

:class:`Legality` is the part of :class:`~core.imperio.state.ImperioState` that reads its fields and
changes nothing; :mod:`.worker` plays the action.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from core.imperio.actions import (
    AddReserve,
    Alter,
    Attack,
    DefaultArmy,
    Place,
    Ready,
    Shot,
    Spawn,
    Step,
)
from core.imperio.army import Reserve, default_placements, default_reserves, limit_problem
from core.imperio.board import (
    NAMES,
    NEIGHBOURS,
    UNITS,
    Board,
    Piece,
    adjacent,
    name,
    squeezed,
    zone,
)
from core.imperio.combat import (
    KNIGHT_ACTIONS,
    MELEE,
    REACH,
    SHOT,
    SPLASH,
    Pool,
    pools,
    reach_square,
    shot_targets,
    splash_squares,
)
from core.protocol import Action, Options, Outcome, State


def count(board: Sequence[Piece | None], player: int, bases: bool = False) -> int:
    """How many units (or, with ``bases``, bases) ``player`` has on ``board``."""
    return sum(1 for p in board if p is not None and p.owner == player and p.is_base == bases)


@dataclass(frozen=True)
class Usage:
    """What one piece has done this turn."""

    actions: int = 0
    steps: int = 0
    """Steps since its last attack this turn (a knight's charge; an archer's steps)."""
    run_start: int = -1
    """Where the current run of steps began (IB-14)."""
    moved: bool = False
    attacked: bool = False
    stopped: bool = False
    """A knight that entered an enemy pikeman's zone (IB-16)."""
    fresh: bool = False
    """Spawned this turn."""


NO_USAGE = Usage()
"""A piece that has done nothing this turn."""


class UsageMap(dict[int, Usage]):
    """What each piece (by uid) did this turn: a read-only, hashable mapping."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda item: item[0])))

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a state's usage cannot be changed")

    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only


@dataclass(frozen=True)
class Duel:
    """One fight of an action: its kind, the squares and both pools."""

    kind: str
    frm: int
    to: int
    attacker: Pool
    defender: Pool

    @property
    def ranged(self) -> bool:
        return self.kind in (SHOT, SPLASH)


class Legality(State):
    """The legality of an Imperio Bellum position: the base of :class:`~core.imperio.state.ImperioState`,
    whose fields it reads (annotated here, defined there)."""

    options: Options
    board: Board
    reserves: tuple[Reserve, Reserve]
    attacker: int | None
    phase: str
    setter: int
    mover: int
    spawning: bool
    spawned: frozenset[int]
    usage: UsageMap
    overrun: tuple[int, int] | None
    awaiting: str | None
    result: Outcome | None
    next_uid: int

    def unit_problem(self, sq: int) -> str | None:
        """Why the piece on ``sq`` cannot act now, or None."""
        piece = self.board[sq]
        if piece is None or piece.owner != self.mover:
            return f"there is no piece of yours on {name(sq)}"
        use = self.usage.get(piece.uid, NO_USAGE)
        if use.fresh and not self.options["spawned_units_act"]:
            return "units spawned this turn do not act (IB-10)"
        if use.stopped:
            return "this knight entered an enemy pikeman's zone and has no actions left (IB-16)"
        if piece.kind == "K" and use.actions >= KNIGHT_ACTIONS:
            return "a knight has five actions per turn (IB-12)"
        if piece.kind in "HBPF" and (use.moved or use.attacked):
            return f"a {NAMES[piece.kind]} has one action per turn"
        if piece.kind == "A" and use.attacked:
            return "an archer that attacked is done for the turn"
        return None

    def units_of(self, player: int) -> int:
        return count(self.board, player)

    def can_act(self, sq: int) -> bool:
        return self.unit_problem(sq) is None

    def spawn_blocked(self, player: int) -> bool:
        """IB-32: one of ``player``'s own bases is held by the enemy, so its captured bases cannot spawn."""
        return any(p is not None and p.is_base and p.home == player and p.owner != player for p in self.board)

    def actions_from(self, sq: int) -> list[Action]:
        """The legal actions of the piece on ``sq`` (for a page that selects a unit first)."""
        if self.phase != "play" or self.overrun is not None or self.awaiting is not None or self.result:
            return []
        return list(self._piece_moves(sq))

    # --- setup -----------------------------------------------------------------------

    def _side_counts(self, player: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for p in self.board:
            if p is not None and p.owner == player:
                counts[p.kind] = counts.get(p.kind, 0) + 1
        return counts

    def _fits(self, counts: Mapping[str, int], reserve: Reserve) -> bool:
        return limit_problem(self.options, counts, reserve) is None

    def _limit_broken(self, action: Place | AddReserve) -> str | None:
        """The deployment limit one more unit of ``action``'s kind would break, or None."""
        if action.unit not in UNITS:
            return None
        return limit_problem(self.options, *self._one_more(action.unit, on_board=isinstance(action, Place)))

    def _one_more(self, unit: str, on_board: bool) -> tuple[dict[str, int], Reserve]:
        """The setter's units on the board and reserves with one more ``unit`` placed or (not ``on_board``) kept."""
        counts, reserve = self._side_counts(self.setter), list(self.reserves[self.setter])
        if on_board:
            counts[unit] = counts.get(unit, 0) + 1
        else:
            reserve[UNITS.index(unit)] += 1
        return counts, (reserve[0], reserve[1], reserve[2], reserve[3])

    def _setup_actions(self) -> Iterator[Action]:
        s = self.setter
        counts = self._side_counts(s)
        empty = [sq for sq in zone(s == self.attacker) if self.board[sq] is None]
        if self.phase == "reserve":
            yield from (AddReserve(u) for u in UNITS if self._fits(*self._one_more(u, on_board=False)))
            yield Ready()
            return
        if not counts and self.options["default_army"] != "none" and self._default_fits(s):
            yield DefaultArmy()
        if "H" not in counts:
            yield from (Place("H", sq) for sq in empty)
        elif counts.get("B", 0) < 2:
            yield from (Place("B", sq) for sq in empty)
        else:
            for u in UNITS:
                if self._fits(*self._one_more(u, on_board=True)):
                    yield from (Place(u, sq) for sq in empty)
            if self.units_of(s):
                yield Ready()

    def _default_fits(self, player: int) -> bool:
        side, army = player == self.attacker, str(self.options["default_army"])
        counts: dict[str, int] = {}
        for letter, _ in default_placements(side, army):
            counts[letter] = counts.get(letter, 0) + 1
        return self._fits(counts, default_reserves(side, army))

    def _alterations(self) -> Iterator[Action]:
        s = self.setter
        counts = self._side_counts(s)
        reserve = self.reserves[s]
        mine = [sq for sq, p in enumerate(self.board) if p is not None and p.owner == s]
        empty = [sq for sq in zone(s == self.attacker) if self.board[sq] is None]
        units = self.units_of(s)

        def fits(delta: Mapping[str, int], rdelta: Mapping[str, int]) -> bool:
            c = {u: counts.get(u, 0) + delta.get(u, 0) for u in UNITS}
            r = tuple(n + rdelta.get(u, 0) for u, n in zip(UNITS, reserve, strict=True))
            return self._fits(c, (r[0], r[1], r[2], r[3])) and min(r) >= 0 and sum(c.values()) >= 1

        for u in UNITS:
            if fits({u: 1}, {}):
                yield from (Alter("add", u, sq) for sq in empty)
            if fits({}, {u: 1}):
                yield Alter("add", u)
        for sq in mine:
            piece = self.board[sq]
            assert piece is not None
            if not piece.is_base and units > 1:
                yield Alter("remove", piece.kind, sq)
            yield from (Alter("move", piece.kind, sq, to) for to in empty)
            if not piece.is_base:
                yield from (Alter("change", piece.kind, sq, new=v) for v in UNITS
                            if v != piece.kind and fits({piece.kind: -1, v: 1}, {}))
        for u, n in zip(UNITS, reserve, strict=True):
            if n:
                yield Alter("remove", u)
                yield from (Alter("change", u, new=v) for v in UNITS if v != u and fits({}, {u: -1, v: 1}))
        yield Ready()

    # --- play: listing -----------------------------------------------------------------

    def _spawns(self) -> Iterator[Action]:
        p = self.mover
        reserve = self.reserves[p]
        kinds = [u for u, n in zip(UNITS, reserve, strict=True) if n]
        if not kinds:
            return
        bases = [(sq, piece) for sq, piece in enumerate(self.board)
                 if piece is not None and piece.owner == p and piece.is_base and piece.uid not in self.spawned]
        if any(piece.home != p for _, piece in bases) and self.spawn_blocked(p):
            bases = [(sq, piece) for sq, piece in bases if piece.home == p]
        for sq, _ in bases:
            for to in NEIGHBOURS[sq]:
                if self.board[to] is None:
                    yield from (Spawn(u, to, sq) for u in kinds)

    def _moves(self) -> Iterator[Action]:
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.owner == self.mover:
                yield from self._piece_moves(sq)

    def _steps(self, sq: int) -> Iterator[int]:
        squeeze = self.options["diagonal_squeeze"]
        for to in NEIGHBOURS[sq]:
            if self.board[to] is None and (squeeze or not squeezed(self.board, sq, to)):
                yield to

    def _enemies_near(self, sq: int) -> Iterator[int]:
        for to in NEIGHBOURS[sq]:
            target = self.board[to]
            if target is not None and target.owner != self.mover:
                yield to

    def _piece_moves(self, sq: int) -> Iterator[Action]:
        piece = self.board[sq]
        if piece is None or self.unit_problem(sq) is not None:
            return
        use = self.usage.get(piece.uid, NO_USAGE)
        kind = piece.kind
        if kind in "HB":
            yield from (Step(kind, sq, to) for to in self._steps(sq))
            return
        if kind == "A" and use.steps >= 2:
            return
        yield from (Step(kind, sq, to) for to in self._steps(sq))
        if kind == "A" and use.moved:
            return
        yield from (Attack(kind, sq, to) for to in self._enemies_near(sq))
        if kind == "P":
            assert self.attacker is not None
            ahead = reach_square(sq, piece.owner, self.attacker)
            target = None if ahead is None else self.board[ahead]
            if ahead is not None and target is not None and target.owner != self.mover:
                yield Attack("P", sq, ahead)
        if kind == "A":
            assert self.attacker is not None
            yield from (Shot(sq, to) for to in shot_targets(self.board, sq, self.attacker, self.options))

    def has_moves(self) -> bool:
        """True when the mover has any action besides ending the turn (a step is looked for first: it is cheap)."""
        mine = [sq for sq, p in enumerate(self.board) if p is not None and p.owner == self.mover]
        return self.overrun is not None or any(self._steps_now(sq) for sq in mine) or \
            any(True for sq in mine for _ in self._piece_moves(sq)) or \
            (self.spawning and any(True for _ in self._spawns()))

    def _steps_now(self, sq: int) -> bool:
        """True when the piece on ``sq`` may take a step now."""
        piece = self.board[sq]
        return piece is not None and self.unit_problem(sq) is None and \
            not (piece.kind == "A" and self.usage.get(piece.uid, NO_USAGE).steps >= 2) and \
            next(self._steps(sq), None) is not None

    # --- fights --------------------------------------------------------------------------

    def duels(self, action: Action) -> tuple[Duel, ...]:
        """The fights an attack or shot starts, main duel first, then the splash duels."""
        assert self.attacker is not None
        defence_dice = self.options["archer_ranged_defence_dice"]
        if isinstance(action, Attack):
            att, dfd = self.board[action.frm], self.board[action.to]
            assert att is not None and dfd is not None
            steps = 0
            if att.kind == "K":
                use = self.usage.get(att.uid, NO_USAGE)
                start = action.frm if use.run_start < 0 else use.run_start
                steps = 0 if adjacent(start, action.to) else use.steps
            kind = MELEE if adjacent(action.frm, action.to) else REACH
            a, d = pools(kind, att, action.frm, dfd, action.to, charge_steps=steps, archer_defence=defence_dice)
            return (Duel(kind, action.frm, action.to, a, d),)
        assert isinstance(action, Shot)
        archer = self.board[action.frm]
        assert archer is not None
        out = []
        target = self.board[action.to]
        if target is not None and target.owner != archer.owner and not target.is_base:
            a, d = pools(SHOT, archer, action.frm, target, action.to, archer_defence=defence_dice)
            out.append(Duel(SHOT, action.frm, action.to, a, d))
        for sq in splash_squares(self.board, action.frm, action.to, self.attacker, self.options):
            victim = self.board[sq]
            assert victim is not None
            a, d = pools(SPLASH, archer, action.frm, victim, sq, archer_defence=defence_dice)
            out.append(Duel(SPLASH, action.frm, sq, a, d))
        return tuple(out)
