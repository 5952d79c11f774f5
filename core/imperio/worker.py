"""The worker that plays one Imperio Bellum action: setup (section 2), turns (4-5), combat (6) and winning (7).

Fights go through a *judge* (``judge(attacker_pool, defender_pool, ranged) -> +1/0/-1``):
in play it rolls the dice (from the seeded stream, or typed by the chance actor
with ``dice_source="manual"``); bots and :func:`~core.imperio.state.outcomes` use it to
enumerate results exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from core import rng
from core.imperio.actions import (
    AddReserve,
    Alter,
    Attack,
    ChooseRole,
    DefaultArmy,
    EndTurn,
    Overrun,
    Place,
    Ready,
    Shot,
    Spawn,
    Step,
)
from core.imperio.army import default_placements, default_reserves
from core.imperio.board import (
    NAMES,
    UNITS,
    Piece,
    adjacent,
    name,
)
from core.imperio.combat import (
    SHOT,
    Pool,
    in_pike_zone,
    pike_zones,
)
from core.imperio.dice import score
from core.imperio.legality import NO_USAGE, Legality, Usage, UsageMap, count
from core.protocol import Action, Outcome

Judge = Callable[[Pool, Pool, bool], int]
"""Decides one duel: +1 the attacker wins, 0 a tie, -1 the attacker loses (``ranged``: a shot or splash)."""


class NeedDie(Exception):
    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label


class Dice:
    """Dice for one action: typed ones first, then the stream (or a pause for the chance actor)."""

    def __init__(self, stream: int, known: tuple[int, ...], manual: bool, rule: str) -> None:
        self.stream, self.known, self.manual, self.rule = stream, known, manual, rule
        self.used = 0
        self.log: list[str] = []

    def roll(self, label: str) -> int:
        if self.used < len(self.known):
            value = self.known[self.used]
        elif self.manual:
            raise NeedDie(label)
        else:
            self.stream, value = rng.draw(self.stream, 6)
        self.used += 1
        return value

    def duel(self, attacker: Pool, defender: Pool, ranged: bool) -> int:
        a = tuple(self.roll(f"attack: {attacker.who} die {i + 1} of {attacker.dice}") for i in range(attacker.dice))
        d = tuple(self.roll(f"defence: {defender.who} die {i + 1} of {defender.dice}")
                  for i in range(defender.dice))
        sa, sd = score(a, self.rule), score(d, self.rule)
        self.log.append(f"{attacker.who} rolls {dice_text(a)} = {sa}, {defender.who} rolls {dice_text(d)} = {sd}")
        return (sa > sd) - (sa < sd)


def dice_text(values: tuple[int, ...]) -> str:
    return "+".join(map(str, values))


class Worker:
    """A mutable copy of a state while one action is carried out."""

    def __init__(self, state: Legality, judge: Judge, roll: Callable[[str], int]) -> None:
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

    def finish(self) -> Legality:
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
        side, army = player == self.get("attacker"), str(self.options["default_army"])
        for letter, sq in default_placements(side, army):
            self.board[sq] = self.new_piece(letter, player)
        self.reserves[player] = list(default_reserves(side, army))
        self.set(phase="reserve", setter=player)
        self.events.append(f"player {player + 1} deploys the {'small' if army == 'small' else 'default'} army")

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
            self.decide(f"the turn limit of {limit} turns was reached (turn_limit, IB-38)")
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
        """End the turn when nothing but ``end`` is legal; two such turns in a row end the game (IB-38)."""
        if self.get("result") is not None or self.finish().has_moves():
            if self.get("result") is None:
                self.set(idle=0)
            return
        acted = bool(self.usage) or bool(self.get("spawned"))
        idle = 0 if acted else self.get("idle") + 1
        self.set(idle=idle)
        if idle >= 2:
            self.decide("neither side can act (IB-38)")
            return
        self.end_turn()

    def end_turn(self) -> None:
        player = self.get("mover")
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.kind == "P" and piece.owner == player:
                use = self.usage.get(piece.uid, NO_USAGE)
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

    def zone_entered(self, frm: int, to: int, owner: int) -> bool:
        """IB-37: ``to`` lies in the zone of an enemy pikeman whose zone did not hold ``frm``."""
        attacker = self.get("attacker")
        board = tuple(self.board)
        return bool(pike_zones(board, to, owner, attacker) - pike_zones(board, frm, owner, attacker))

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
        """A winner moves into the square it won (free of charge, IB-15, IB-26).

        A knight advancing into the zone of a pikeman whose zone did not hold it stops (IB-37).
        """
        if piece.kind == "P":
            piece = replace(piece, entrenched=False)
        self.board[to], self.board[frm] = piece, None
        use = self.use(piece, frm)
        use = replace(use, run_start=to, steps=0, moved=use.moved or piece.kind == "P")
        if piece.kind == "K" and self.options["advance_into_zone_stops"] and self.zone_entered(frm, to, piece.owner):
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
            self.decide("both sides were eliminated at once")

    def decide(self, why_over: str) -> None:
        """End the game by the order of section 7 for simultaneous elimination (IB-35, IB-38)."""
        why, loser = self.tie_break()
        self.finish_game(f"{why_over}; {why}", loser)

    def tie_break(self) -> tuple[str, int]:
        """IB-35: who loses by the order of section 7, and why."""
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
                return f"player {winner + 1} wins on {why}", 1 - winner
        return "every criterion was equal, so the defender wins", attacker

    def finish_game(self, reason: str, loser: int) -> None:
        self.events.append(reason)
        self.set(phase="over", result=Outcome.won_by(1 - loser, 2, reason))
