"""The Imperio Bellum position and its rules: setup (section 2), turns (4-5), combat (6) and winning (7).

Fights go through a *judge* (``judge(attacker_pool, defender_pool, ranged) -> +1/0/-1``):
in play it rolls the dice (from the seeded stream, or typed by the chance actor
with ``dice_source="manual"``); bots and :func:`outcomes` use it to enumerate
results exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NoReturn, Self, cast

from core import rng
from core.imperio.actions import (
    ROLES,
    AddReserve,
    Alter,
    Attack,
    ChooseRole,
    DefaultArmy,
    EndTurn,
    Overrun,
    Place,
    Ready,
    Roll,
    Shot,
    Spawn,
    Step,
)
from core.imperio.army import DEFAULT_RESERVES, Reserve, default_placements, imagined_reserve, limit_problem
from core.imperio.board import (
    EMPTY_BOARD,
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
    in_pike_zone,
    pools,
    reach_square,
    shot_problem,
    shot_targets,
    splash_squares,
)
from core.imperio.dice import combat_odds, score
from core.protocol import CHANCE, Action, IllegalAction, Outcome, State

NO_RESERVE: Reserve = (0, 0, 0, 0)
Judge = Callable[[Pool, Pool, bool], int]
"""Decides one duel: +1 the attacker wins, 0 a tie, -1 the attacker loses (``ranged``: a shot or splash)."""


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


@dataclass(frozen=True, kw_only=True)
class ImperioState(State):
    """One Imperio Bellum position (setup or play)."""

    game_name = "imperio-bellum"

    board: Board = EMPTY_BOARD
    reserves: tuple[Reserve, Reserve] = (NO_RESERVE, NO_RESERVE)
    attacker: int | None = None
    phase: str = "roles"
    """``roles``, ``deploy``, ``reserve``, ``alter``, ``play`` or ``over``."""
    setter: int = 0
    alterations: int = 0
    mover: int = 0
    turn: int = 0
    spawning: bool = False
    spawned: frozenset[int] = frozenset()
    usage: UsageMap = field(default_factory=UsageMap)
    overrun: tuple[int, int] | None = None
    """After beating a base: (the winner's square, the base's square), awaiting capture or destroy."""
    next_uid: int = 1
    start_units: tuple[int, int] = (0, 0)
    start_reserves: tuple[int, int] = (0, 0)
    hq_lost: tuple[bool, bool] = (False, False)
    result: Outcome | None = None
    idle: int = 0
    """Turns in a row that passed because nothing was legal."""
    rolls: int = 0
    """Dice rolled so far (undo never crosses a roll)."""
    events: tuple[str, ...] = ()
    """What the last action did, in words."""
    hidden_reserves: int | None = None
    """The seat whose reserve make-up this view hides (``public_reserves=false``)."""
    awaiting: str | None = None
    """Manual dice: the die the chance actor must type."""
    pending: Action | None = None
    typed: tuple[int, ...] = ()
    resume: ImperioState | None = None

    # --- protocol --------------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        if self.awaiting is not None:
            return frozenset((CHANCE,))
        if self.phase == "roles":
            return frozenset((0,))
        return frozenset((self.mover if self.phase == "play" else self.setter,))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def scores(self) -> tuple[float, ...]:
        """Units on the board per seat."""
        return tuple(float(self.units_of(p)) for p in (0, 1))

    def _irreversible(self, after: Self) -> bool:
        return after.rng != self.rng or after.rolls != self.rolls

    def view(self, viewer: int | None) -> Self:
        if viewer is None or viewer < 0 or self.options["public_reserves"] or self.phase == "roles":
            return self
        hidden = 1 - viewer
        reserves = [self.reserves[0], self.reserves[1]]
        reserves[hidden] = (sum(reserves[hidden]), 0, 0, 0)   # the size is public, the make-up is not
        return self._with(hidden_reserves=hidden, reserves=(reserves[0], reserves[1]))

    def _secret_from(self, viewer: int | None) -> Iterator[int]:
        """Where reserves are hidden, every reserve choice (a kept unit, a reserve alteration)."""
        if viewer is None or viewer < 0 or self.options["public_reserves"]:
            yield from super()._secret_from(viewer)
            return
        for position, action in enumerate(self.history):
            if isinstance(action, AddReserve) or (isinstance(action, Alter) and action.square is None):
                yield position

    def _imagine(self, viewer: int, stream: int) -> Self:
        """Reseed the dice and, where the opponent's reserves are hidden, deal them a make-up of the same size."""
        hidden = self.hidden_reserves
        if hidden is None or not any(self.reserves[hidden]):
            return self._with(rng=stream)
        knights = sum(1 for p in self.board if p is not None and p.owner == hidden and p.kind == "K")
        room = cast(int, self.options["max_knights_total"]) - knights
        stream, made_up = imagined_reserve(stream, sum(self.reserves[hidden]), max(0, room))
        reserves = (made_up, self.reserves[1]) if hidden == 0 else (self.reserves[0], made_up)
        return self._with(rng=stream, reserves=reserves)

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if actor == CHANCE:
            return tuple(Roll(v) for v in range(1, 7))
        if self.phase == "roles":
            return tuple(ChooseRole(r) for r in ROLES)
        if self.phase in ("deploy", "reserve"):
            return tuple(self._setup_actions())
        if self.phase == "alter":
            return tuple(self._alterations())
        if self.overrun is not None:
            return tuple(Overrun(self.overrun[1], capture) for capture in (True, False))
        spawns = tuple(self._spawns()) if self.spawning else ()
        return (*spawns, *self._moves(), EndTurn())

    def why_illegal(self, action: Action, actor: int) -> str:
        if self.awaiting is not None:
            return f"type the result of {self.awaiting} first (1-6)"
        if isinstance(action, Roll):
            return "no die roll is awaited"
        if self.overrun is not None:
            return f"choose first: capture or destroy the base on {name(self.overrun[1])}"
        if self.phase in ("deploy", "reserve") and isinstance(action, (Place, AddReserve)):
            problem = self._limit_broken(action)
            if problem is not None:
                return f"{action} would break a deployment limit (IB-04): {problem}"
        if self.phase != "play":
            return f"{action} is not a legal setup action now ({self.phase} phase)"
        if isinstance(action, Spawn):
            return "spawning happens only at the start of the turn, once per active base, next to it"
        if isinstance(action, (Step, Attack, Shot)):
            problem = self.unit_problem(action.frm)
            if problem is None and isinstance(action, Shot) and self.attacker is not None:
                problem = shot_problem(self.board, action.frm, action.to, self.attacker, self.options)
            return problem or f"{action} breaks the movement or attack rules"
        return f"{action} is not a legal action now"

    def unit_problem(self, sq: int) -> str | None:
        """Why the piece on ``sq`` cannot act now, or None."""
        piece = self.board[sq]
        if piece is None or piece.owner != self.mover:
            return f"there is no piece of yours on {name(sq)}"
        use = self.usage.get(piece.uid, Usage())
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

    # --- queries ---------------------------------------------------------------------

    def winner_text(self) -> str | None:
        """``attacker``, ``defender`` or ``draw`` once the game is over, else None."""
        if self.result is None:
            return None
        winner = self.result.winner
        return "draw" if winner is None else "attacker" if winner == self.attacker else "defender"

    @property
    def defender(self) -> int:
        assert self.attacker is not None
        return 1 - self.attacker

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
        side = player == self.attacker
        counts: dict[str, int] = {}
        for letter, _ in default_placements(side):
            counts[letter] = counts.get(letter, 0) + 1
        return self._fits(counts, DEFAULT_RESERVES[side])

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
        blocked = self.spawn_blocked(p)
        for sq, piece in enumerate(self.board):
            if piece is None or not piece.is_base or piece.owner != p or piece.uid in self.spawned:
                continue
            if blocked and piece.home != p:
                continue
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
        use = self.usage.get(piece.uid, Usage())
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
        """True when the mover has any action besides ending the turn."""
        return self.overrun is not None or any(True for _ in self._moves()) or \
            (self.spawning and any(True for _ in self._spawns()))

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
                use = self.usage.get(att.uid, Usage())
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

    # --- playing -----------------------------------------------------------------------

    def _play(self, action: Action, actor: int) -> Self:
        if isinstance(action, Roll):
            assert self.resume is not None and self.pending is not None
            return cast(Self, self.resume._run(self.pending, (*self.typed, action.value)))
        return cast(Self, self._run(action, ()))

    def _run(self, action: Action, known: tuple[int, ...]) -> ImperioState:
        dice = _Dice(self.rng, known, self.options["dice_source"] == "manual", str(self.options["combat_dice_rule"]))
        work = _Work(self, dice.duel, dice.roll)
        dice.log = work.events  # the rolls read in order with what they decide
        try:
            work.do(action)
        except _NeedDie as need:
            return self._with(awaiting=need.label, pending=action, typed=known, resume=self)
        state = work.finish()
        return state._with(rng=dice.stream, rolls=self.rolls + dice.used, awaiting=None, pending=None, typed=(),
                           resume=None)

    def after(self, action: Action, judge: Judge) -> ImperioState:
        """The state after ``action`` with every duel decided by ``judge`` (no dice are rolled)."""
        def no_dice(label: str) -> int:
            raise IllegalAction(f"{action} needs a die roll ({label}); roll it with apply()")
        work = _Work(self, judge, no_dice)
        work.do(action)
        return work.finish()


class _NeedDie(Exception):
    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label


class _Dice:
    """Dice for one action: typed ones first, then the stream (or a pause for the chance actor)."""

    def __init__(self, stream: int, known: tuple[int, ...], manual: bool, rule: str) -> None:
        self.stream, self.known, self.manual, self.rule = stream, known, manual, rule
        self.used = 0
        self.log: list[str] = []

    def roll(self, label: str) -> int:
        if self.used < len(self.known):
            value = self.known[self.used]
        elif self.manual:
            raise _NeedDie(label)
        else:
            self.stream, value = rng.draw(self.stream, 6)
        self.used += 1
        return value

    def duel(self, attacker: Pool, defender: Pool, ranged: bool) -> int:
        a = tuple(self.roll(f"attack: {attacker.who} die {i + 1} of {attacker.dice}") for i in range(attacker.dice))
        d = tuple(self.roll(f"defence: {defender.who} die {i + 1} of {defender.dice}")
                  for i in range(defender.dice))
        sa, sd = score(a, self.rule), score(d, self.rule)
        self.log.append(f"{attacker.who} rolls {_dice_text(a)} = {sa}, {defender.who} rolls {_dice_text(d)} = {sd}")
        return (sa > sd) - (sa < sd)


def _dice_text(values: tuple[int, ...]) -> str:
    return "+".join(map(str, values))


class _Work:
    """A mutable copy of a state while one action is carried out."""

    def __init__(self, state: ImperioState, judge: Judge, roll: Callable[[str], int]) -> None:
        self.s = state
        self.board = list(state.board)
        self.reserves = [list(r) for r in state.reserves]
        self.usage = dict(state.usage)
        self.changes: dict[str, Any] = {}
        self.judge, self.roll = judge, roll
        self.events: list[str] = []
        self.uid = state.next_uid

    def get(self, key: str) -> Any:
        return self.changes.get(key, getattr(self.s, key))

    def set(self, **changes: Any) -> None:
        self.changes.update(changes)

    def finish(self) -> ImperioState:
        reserves = tuple((r[0], r[1], r[2], r[3]) for r in self.reserves)
        return self.s._with(board=tuple(self.board), reserves=(reserves[0], reserves[1]), usage=UsageMap(self.usage),
                            next_uid=self.uid, events=tuple(self.events), **self.changes)

    @property
    def options(self) -> Mapping[str, Any]:
        return self.s.options

    def new_piece(self, kind: str, owner: int) -> Piece:
        self.uid += 1
        entrenched = kind == "P" and bool(self.options["start_entrenched"]) and self.get("phase") != "play"
        return Piece(kind, owner, self.uid - 1, owner, entrenched)

    # --- dispatch ------------------------------------------------------------------------

    def do(self, action: Action) -> None:
        if isinstance(action, ChooseRole):
            self.choose_roles(action.role)
        elif isinstance(action, DefaultArmy):
            self.default_army(self.get("setter"))
            self.next_setup()
        elif isinstance(action, Place):
            self.board[action.square] = self.new_piece(action.unit, self.get("setter"))
        elif isinstance(action, AddReserve):
            self.reserves[self.get("setter")][UNITS.index(action.unit)] += 1
        elif isinstance(action, Ready):
            self.next_setup()
        elif isinstance(action, Alter):
            self.alter(action)
        elif isinstance(action, Spawn):
            self.spawn(action)
        else:
            self.close_spawn()
            if self.get("result") is not None:
                return
            if isinstance(action, EndTurn):
                self.end_turn()
                return
            if isinstance(action, Step):
                self.step(action)
            elif isinstance(action, Attack):
                self.attack(action)
            elif isinstance(action, Shot):
                self.shoot(action)
            elif isinstance(action, Overrun):
                self.overrun(action)
            self.maybe_auto_end()

    # --- setup ---------------------------------------------------------------------------

    def choose_roles(self, role: str) -> None:
        if role == "roll":
            while True:
                first, second = self.roll("player 1's die for roles"), self.roll("player 2's die for roles")
                if first != second:
                    break
                self.events.append(f"roles: both rolled {first}, roll again")
            winner = 0 if first > second else 1
            role = self.options["roll_winner_role"] if winner == 0 else \
                ("defender" if self.options["roll_winner_role"] == "attacker" else "attacker")
            self.events.append(f"roles: player 1 rolled {first}, player 2 rolled {second}")
        attacker = 0 if role == "attacker" else 1
        self.set(attacker=attacker)
        self.events.append(f"player {attacker + 1} attacks, player {2 - attacker} defends")
        if self.options["setup"] == "default_armies":
            self.default_army(1 - attacker)
            self.default_army(attacker)
            self.start_play()
        else:
            self.set(phase="deploy", setter=1 - attacker)

    def default_army(self, player: int) -> None:
        side = player == self.get("attacker")
        for letter, sq in default_placements(side):
            self.board[sq] = self.new_piece(letter, player)
        self.reserves[player] = list(DEFAULT_RESERVES[side])
        self.set(phase="reserve", setter=player)
        self.events.append(f"player {player + 1} deploys the default army")

    def next_setup(self) -> None:
        phase, setter, attacker = self.get("phase"), self.get("setter"), self.get("attacker")
        if phase == "deploy":
            self.set(phase="reserve")
        elif phase == "reserve" and setter != attacker:
            self.set(phase="deploy", setter=attacker)
        elif phase == "reserve" and self.options["defender_alterations"] > 0:
            self.set(phase="alter", setter=1 - attacker)
        else:
            self.start_play()

    def alter(self, action: Alter) -> None:
        s = self.get("setter")
        r = self.reserves[s]
        if action.op == "add":
            if action.square is None:
                r[UNITS.index(action.unit)] += 1
            else:
                self.board[action.square] = self.new_piece(action.unit, s)
        elif action.op == "remove":
            if action.square is None:
                r[UNITS.index(action.unit)] -= 1
            else:
                self.board[action.square] = None
        elif action.op == "move":
            assert action.square is not None and action.to is not None
            self.board[action.to], self.board[action.square] = self.board[action.square], None
        elif action.square is None:
            r[UNITS.index(action.unit)] -= 1
            r[UNITS.index(action.new)] += 1
        else:
            old = self.board[action.square]
            assert old is not None
            entrenched = action.new == "P" and bool(self.options["start_entrenched"])
            self.board[action.square] = replace(old, kind=action.new, entrenched=entrenched)
        used = self.get("alterations") + 1
        self.set(alterations=used)
        if used >= self.options["defender_alterations"]:
            self.start_play()

    def start_play(self) -> None:
        self.set(phase="play", start_units=(count(self.board, 0), count(self.board, 1)),
                 start_reserves=tuple(sum(r) for r in self.reserves))
        self.begin_turn(self.get("attacker"))

    # --- turns ---------------------------------------------------------------------------

    def begin_turn(self, player: int) -> None:
        turn = self.get("turn") + 1
        self.usage = {}
        self.set(mover=player, turn=turn, spawning=True, spawned=frozenset(), overrun=None)
        limit = self.options["turn_limit"]
        if limit and turn > limit:
            self.set(phase="over", result=Outcome.won_by(None, 2, f"drawn: the turn limit of {limit} turns "
                                                                  "was reached (turn_limit)"))
            return
        if not any(True for _ in self.finish()._spawns()):
            self.close_spawn()
        self.maybe_auto_end()

    def close_spawn(self) -> None:
        if not self.get("spawning"):
            return
        self.set(spawning=False)
        if self.options["elimination_check"] == "after_spawn":
            player = self.get("mover")
            if not count(self.board, player):
                self.finish_game(f"player {player + 1} has no unit on the board after spawning", loser=player)

    def maybe_auto_end(self) -> None:
        """End the turn when nothing but ``end`` is legal; two such turns in a row draw the game."""
        if self.get("result") is not None or self.finish().has_moves():
            if self.get("result") is None:
                self.set(idle=0)
            return
        acted = bool(self.usage) or bool(self.get("spawned"))
        idle = 0 if acted else self.get("idle") + 1
        self.set(idle=idle)
        if idle >= 2:
            self.set(phase="over", result=Outcome.won_by(None, 2, "drawn: neither side can act"))
            return
        self.end_turn()

    def end_turn(self) -> None:
        player = self.get("mover")
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.kind == "P" and piece.owner == player:
                use = self.usage.get(piece.uid, Usage())
                entrenched = not (use.moved or use.fresh)
                if entrenched != piece.entrenched:
                    self.board[sq] = replace(piece, entrenched=entrenched)
        self.events.append(f"player {player + 1} ends the turn")
        self.begin_turn(1 - player)

    # --- actions of play ----------------------------------------------------------------

    def use(self, piece: Piece, sq: int) -> Usage:
        return self.usage.get(piece.uid, Usage(run_start=sq))

    def spawn(self, action: Spawn) -> None:
        player = self.get("mover")
        base = self.board[action.base]
        assert base is not None
        piece = self.new_piece(action.unit, player)
        self.board[action.to] = piece
        self.reserves[player][UNITS.index(action.unit)] -= 1
        self.usage[piece.uid] = Usage(run_start=action.to, fresh=True)
        self.set(spawned=self.get("spawned") | {base.uid})
        self.events.append(f"the base on {name(action.base)} spawns a {NAMES[action.unit]} on {name(action.to)}")
        if not any(True for _ in self.finish()._spawns()):
            self.close_spawn()
            self.maybe_auto_end()

    def step(self, action: Step) -> None:
        piece = self.board[action.frm]
        assert piece is not None
        use = self.use(piece, action.frm)
        if piece.kind == "P" and piece.entrenched:
            piece = replace(piece, entrenched=False)
        self.board[action.to], self.board[action.frm] = piece, None
        use = replace(use, actions=use.actions + 1, steps=use.steps + 1, moved=True)
        if piece.kind == "K" and self.knight_stopped(action.to, piece.owner):
            use = replace(use, stopped=True)
            self.events.append(f"the knight on {name(action.to)} enters a pikeman's zone and stops")
        self.usage[piece.uid] = use

    def knight_stopped(self, sq: int, owner: int) -> bool:
        return in_pike_zone(tuple(self.board), sq, owner, self.get("attacker"))

    def attack(self, action: Attack) -> None:
        (duel,) = self.finish().duels(action)
        att, dfd = self.board[action.frm], self.board[action.to]
        assert att is not None and dfd is not None
        use = self.use(att, action.frm)
        self.usage[att.uid] = replace(use, actions=use.actions + 1, steps=0, attacked=True, run_start=action.frm)
        self.events.append(f"{action}: {duel.attacker} against {duel.defender}")
        result = self.judge(duel.attacker, duel.defender, False)
        if dfd.is_base:
            if result > 0:
                self.events.append(f"the {NAMES[dfd.kind]} on {name(action.to)} falls: capture or destroy it")
                self.set(overrun=(action.frm, action.to))
            else:
                self.events.append(f"the {NAMES[att.kind]} dies attacking the {NAMES[dfd.kind]}")
                self.board[action.frm] = None
            self.check_end()
            return
        if result >= 0:
            self.board[action.to] = None
            self.events.append(f"the {NAMES[dfd.kind]} on {name(action.to)} dies")
        if result <= 0:
            self.board[action.frm] = None
            self.events.append(f"the {NAMES[att.kind]} on {name(action.frm)} dies")
        if result > 0 and att.kind in "KF":
            self.advance(att, action.frm, action.to)
        self.check_end()

    def advance(self, piece: Piece, frm: int, to: int) -> None:
        """A winner moves into the square it won (free of charge, IB-15, IB-26)."""
        if piece.kind == "P":
            piece = replace(piece, entrenched=False)
        self.board[to], self.board[frm] = piece, None
        use = self.use(piece, frm)
        use = replace(use, run_start=to, steps=0, moved=use.moved or piece.kind == "P")
        if piece.kind == "K" and self.options["advance_into_zone_stops"] and self.knight_stopped(to, piece.owner):
            use = replace(use, stopped=True)
            self.events.append(f"the knight advances into a pikeman's zone on {name(to)} and stops")
        self.usage[piece.uid] = use

    def shoot(self, action: Shot) -> None:
        duels = self.finish().duels(action)
        archer = self.board[action.frm]
        assert archer is not None
        use = self.use(archer, action.frm)
        self.usage[archer.uid] = replace(use, actions=use.actions + 1, attacked=True)
        self.events.append(f"{action}: {len(duels)} duel(s)")
        dead = []
        for duel in duels:
            self.events.append(f"{'shot' if duel.kind == SHOT else 'splash'} on {name(duel.to)}: "
                               f"{duel.attacker} against {duel.defender}")
            if self.judge(duel.attacker, duel.defender, True) > 0:
                dead.append(duel.to)
        for sq in dead:
            victim = self.board[sq]
            assert victim is not None
            self.events.append(f"the {NAMES[victim.kind]} on {name(sq)} dies")
            self.board[sq] = None
        self.check_end()

    def overrun(self, action: Overrun) -> None:
        overrun = self.get("overrun")
        assert overrun is not None
        frm, sq = overrun
        winner, base = self.board[frm], self.board[sq]
        assert winner is not None and base is not None
        self.set(overrun=None)
        if base.kind == "H":
            lost = list(self.get("hq_lost"))
            lost[base.home] = True
            self.set(hq_lost=(lost[0], lost[1]))
        if action.capture:
            self.board[sq] = replace(base, owner=winner.owner)
            self.events.append(f"player {winner.owner + 1} captures the {NAMES[base.kind]} on {name(sq)}")
        else:
            self.board[sq] = None
            self.events.append(f"player {winner.owner + 1} destroys the {NAMES[base.kind]} on {name(sq)}")
            if winner.kind in "KF" or (winner.kind == "P" and adjacent(frm, sq)):
                self.advance(winner, frm, sq)
        self.check_end()

    # --- the end -------------------------------------------------------------------------

    def check_end(self) -> None:
        """Immediate losses (IB-33, IB-34), both sides at once settled by IB-35."""
        if self.get("overrun") is not None:
            return
        immediate = self.options["elimination_check"] == "immediate"
        out = []
        for p in (0, 1):
            if not count(self.board, p, bases=True):
                out.append((p, "controls no base"))
            elif immediate and not count(self.board, p):
                out.append((p, "has no unit on the board"))
        if len(out) == 1:
            p, why = out[0]
            self.finish_game(f"player {p + 1} {why}", loser=p)
        elif out:
            self.finish_game(*self.tie_break())

    def tie_break(self) -> tuple[str, int]:
        """IB-35: who loses when both sides are eliminated at the same moment, and why."""
        attacker = self.get("attacker")
        units, reserves = self.get("start_units"), self.get("start_reserves")
        left = [sum(r) for r in self.reserves]
        bases = [count(self.board, p, bases=True) for p in (0, 1)]
        holds = [any(x is not None and x.kind == "H" and x.home == p and x.owner == p for x in self.board)
                 for p in (0, 1)]
        lost = self.get("hq_lost")
        criteria = (
            ("fewer units deployed at the start", [-units[0], -units[1]]),
            ("fewer reserves at the start", [-reserves[0], -reserves[1]]),
            ("more reserves left", left),
            ("more bases controlled", bases),
            ("holding its own headquarters", [int(h) for h in holds]),
            ("never having lost its headquarters", [int(not x) for x in lost]),
        )
        for why, values in criteria:
            if values[0] != values[1]:
                winner = 0 if values[0] > values[1] else 1
                return f"both sides were eliminated at once; player {winner + 1} wins on {why}", 1 - winner
        return "both sides were eliminated at once; every criterion was equal, so the defender wins", attacker

    def finish_game(self, reason: str, loser: int) -> None:
        self.events.append(reason)
        self.set(phase="over", result=Outcome.won_by(1 - loser, 2, reason))


def outcomes(state: ImperioState, action: Action, limit: int = 64) -> list[tuple[float, ImperioState]]:
    """Every result of ``action`` with its exact probability (duels enumerated; ties merged where equal).

    Shots and splash have two results per duel (the defender dies or lives); melee has three.
    Beyond ``limit`` results, the splash duels are judged by their most likely result.
    """
    if not isinstance(action, (Attack, Shot)):
        return [(1.0, state.apply(action))]
    duels = state.duels(action)
    rule = str(state.options["combat_dice_rule"])
    branches = [3 if not d.ranged else 2 for d in duels]
    total = 1
    for b in branches:
        total *= b
    exact = total <= limit
    results: list[tuple[float, ImperioState]] = []

    def probabilities(duel: Duel) -> list[tuple[int, Fraction]]:
        win, tie, loss = combat_odds(duel.attacker.dice, duel.defender.dice, rule)
        if duel.ranged:
            return [(1, win), (-1, tie + loss)]
        return [(1, win), (0, tie), (-1, loss)]

    def walk(prefix: tuple[int, ...], p: float) -> None:
        if len(prefix) == len(duels):
            answers = iter(prefix)
            results.append((p, state.after(action, lambda a, d, r: next(answers))))
            return
        options = probabilities(duels[len(prefix)])
        if not exact and len(prefix) > 0:
            options = [max(options, key=lambda o: o[1])]
            options = [(options[0][0], Fraction(1))]
        for result, q in options:
            if q:
                walk((*prefix, result), p * float(q))

    walk((), 1.0)
    return results

