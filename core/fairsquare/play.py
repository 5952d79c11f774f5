"""One board in motion (rulebook sections 4 and 6): a :class:`Play` holds where every piece
stands and decides, moves and settles one turn at a time for :func:`~core.fairsquare.sim.simulate`.

:meth:`Play.resolve` decides every piece's move (:meth:`Play.decide`: rules tried in order,
predictions resolved in dependency order, prediction cycles broken at random); after the
simultaneous moves :meth:`Play.battle`, :meth:`Play.separate` (directions carried out next turn)
and :meth:`Play.capture` settle the squares.

Engine details the rulebook leaves open (decided here, documented in the package):

* ``dodge`` changes only moves: a piece whose rule says "stay" stays.  "Predicted to
  enter" means a predicted move that ends on that square (a higher enemy staying
  put enters nothing).  A dodging piece depends on the higher-ranked enemies that
  could reach one of its candidate squares this turn (within their longest move).
* A piece joined on its square by any piece (even one removed in the battle that
  follows) makes no capture progress that turn and its counter restarts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from core import rng
from core.fairsquare.boards import Board
from core.fairsquare.geometry import DIST, EIGHT, LENGTH, NEIGHBOURS, ORTHOGONAL, SQUARES
from core.fairsquare.kinetics import (
    ANCHOR,
    BEST_OPEN,
    EVICT,
    FLEE,
    FREE,
    FREE_EMPTY,
    HOLD,
    HUNT,
    OPEN,
    OPPONENT,
    RAID,
    SEEK,
    SLIDE_BEST,
    SLIDE_TOWARD,
    STAY,
    kinetics,
)
from core.fairsquare.cycles import in_cycles
from core.fairsquare.trace import REMOVED, Battle, Decision, Piece, Progress, Separation

_EMPTY = (0,) * 49



def _ray(square: int, direction: str) -> tuple[int, ...]:
    """The squares from ``square`` (excluded) to the edge in ``direction``, nearest first."""
    out = []
    while (square := NEIGHBOURS[direction][square]) >= 0:
        out.append(square)
    return tuple(out)


_RAYS = {d: tuple(_ray(s, d) for s in SQUARES) for d in NEIGHBOURS}
"""``_RAYS[d][s]``: the squares a slide from ``s`` in direction ``d`` passes, nearest first."""

GONE: Decision = (REMOVED, "", -1, -1, -1, False)
"""The decision of a removed piece."""
Moves = Sequence[tuple[int, int]]
"""Moves as (end square, move index), in the order a rule prefers them."""


class Wait(list[int]):
    """The pieces whose predictions a decision needs first, and the rest of that decision: ``then``
    finishes it from the predictions (the board has not changed meanwhile)."""

    __slots__ = ("then",)
    then: Callable[[dict[int, int]], Decision | Wait]


def _wait(needs: list[int], then: Callable[[dict[int, int]], Decision | Wait]) -> Wait:
    wait = Wait(needs)
    wait.then = then
    return wait


class Play:
    """One board in motion: where every piece stands, separations pending, capture counters and owners.

    Pieces are numbered by their place in ``pieces``; ``live`` lists those still on the board.
    ``occ``, ``mask`` and ``at`` (pieces, owner bits and piece numbers per square) describe the
    squares now; :meth:`fill` brings them up to date after pieces move or leave.
    """

    __slots__ = ("values", "points", "near", "n", "kin", "pos", "own", "bits", "rank", "alive", "sep", "sep_dir",
                 "count", "owner", "totals", "by_count", "friendly_losses", "stream", "occ", "mask", "at", "live",
                 "lower", "higher")

    def __init__(self, board: Board, pieces: Sequence[Piece], players: int, stream: int, *,
                 friendly_losses: bool = True, by_count: bool = False, owners: Sequence[int] = ()) -> None:
        self.values, self.points, self.near = board.values, board.points, board.near
        self.n = n = len(pieces)
        self.kin = [kinetics(p.kind) for p in pieces]
        self.pos = [p.square for p in pieces]
        self.own = [p.owner for p in pieces]
        self.bits = [1 << p.owner for p in pieces]
        self.rank = rank = [k.rank for k in self.kin]
        self.lower = [[j for j in range(n) if self.own[j] != self.own[i] and rank[j] < rank[i]] for i in range(n)]
        """Per piece, the enemy pieces of lower rank (removed ones included: check ``alive``)."""
        self.higher = [[j for j in range(n) if self.own[j] != self.own[i] and rank[j] > rank[i]] for i in range(n)]
        """Per piece, the enemy pieces of higher rank (removed ones included: check ``alive``)."""
        self.alive = [True] * n
        self.sep = [-1] * n
        """The square each piece's separation sends it to next turn (-1: none)."""
        self.sep_dir = [""] * n
        self.count = [0] * n
        self.owner = list(owners) if owners else [-1] * 49
        self.totals = [0] * players
        self.by_count, self.friendly_losses = by_count, friendly_losses
        for s in self.points:
            if self.owner[s] >= 0:
                self.totals[self.owner[s]] += 1 if by_count else self.values[s]
        self.stream = stream
        self.occ = [0] * 49
        self.mask = [0] * 49
        self.at: dict[int, list[int]] = {}
        self.live = list(range(n))
        self.fill()

    def fill(self) -> None:
        """Occupancy of the squares now: counts, owner bit masks, pieces per square."""
        occ, mask, at, pos, bits = self.occ, self.mask, self.at, self.pos, self.bits
        occ[:] = _EMPTY
        mask[:] = _EMPTY
        at.clear()
        for i in self.live:
            s = pos[i]
            occ[s] += 1
            mask[s] |= bits[i]
            if s in at:
                at[s].append(i)
            else:
                at[s] = [i]

    # --- moves --------------------------------------------------------------------

    def slide_end(self, i: int, direction: str) -> int:
        """Where piece ``i``'s slide in ``direction`` stops (its own square: no slide)."""
        mask, values, owner, rank = self.mask, self.values, self.owner, self.rank
        me, mine, s = self.bits[i], self.own[i], self.pos[i]
        stop_before = self.kin[i].stop_before
        for nxt in _RAYS[direction][s]:
            if mask[nxt] & me:
                return s
            if mask[nxt]:
                if stop_before and any(rank[j] > rank[i] for j in self.at[nxt]):
                    return s
                return nxt
            s = nxt
            if values[s] and owner[s] != mine:
                return s
        return s

    def valid(self, i: int) -> list[tuple[int, int]]:
        """Every valid move now: (end square, move index)."""
        p, me, mask, k = self.pos[i], self.bits[i], self.mask, self.kin[i]
        if k.static:
            return [m for m in k.ends[p] if not mask[m[0]] & me]
        out = []
        for index, (table, direction, _) in enumerate(k.moves):
            end = table[p] if table is not None else self.slide_end(i, direction)
            if end >= 0 and end != p and not mask[end] & me:
                out.append((end, index))
        return out

    def approach(self, i: int, target: int, slides_only: bool = False) -> Moves:
        """Moves strictly nearer to ``target``, nearest first, then by letter (friends not yet excluded)."""
        k = self.kin[i]
        p = self.pos[i]
        if k.static:
            key = p * 49 + target
            cached = k.approach.get(key)
            if cached is None:
                far = DIST[p][target]
                ranked = sorted((DIST[e][target], index, e) for index, (table, _, _) in enumerate(k.moves)
                                if (e := table[p]) >= 0 and DIST[e][target] < far)  # type: ignore[index]
                cached = k.approach[key] = tuple((e, index) for _, index, e in ranked)
            return cached
        far = DIST[p][target]
        moves = self.valid(i)
        if slides_only:
            moves = [m for m in moves if k.moves[m[1]][0] is None]
        return [(e, index) for _, index, e in sorted((DIST[e][target], index, e) for e, index in moves
                                                     if DIST[e][target] < far)]

    # --- targets ------------------------------------------------------------------

    def is_class(self, s: int, cls: int, me: int, bit: int) -> bool:
        """Whether square ``s`` is of class ``cls`` for player ``me`` (owner bit ``bit``)."""
        o = self.owner[s]
        if cls == OPEN:
            return o != me and not self.mask[s] & bit
        if cls == FREE:
            return o < 0
        if cls == FREE_EMPTY:
            return o < 0 and not self.occ[s]
        return o >= 0 and o != me

    def nearest(self, i: int, cls: int, min2: bool = False) -> int:
        """The first square of class ``cls`` in target order from piece ``i`` (-1: none)."""
        me, bit = self.own[i], self.bits[i]
        values, owner, mask, occ = self.values, self.owner, self.mask, self.occ
        for s in self.near[self.pos[i]]:
            if min2 and values[s] < 2:
                continue
            o = owner[s]
            if cls == OPEN:
                if o != me and not mask[s] & bit:
                    return s
            elif cls == FREE:
                if o < 0:
                    return s
            elif cls == FREE_EMPTY:
                if o < 0 and not occ[s]:
                    return s
            elif o >= 0 and o != me:
                return s
        return -1

    # --- decisions ----------------------------------------------------------------

    def pick(self, i: int, moves: Moves, text: str, target: int, foe: int,
             predicted: dict[int, int] | None) -> Decision | Wait:
        """The first move of ``moves`` not onto a friend (and, for dodgers, safe); else stay.  A dodger
        without the predictions it needs returns the pieces it waits for instead."""
        me, mask, pos = self.bits[i], self.mask, self.pos
        if not self.kin[i].dodge:
            for e, index in moves:
                if not mask[e] & me:
                    return (e, text, index, target, foe, False)
            return (pos[i], text, -1, target, foe, False)
        allowed = [m for m in moves if not mask[m[0]] & me]
        if not allowed:
            return (pos[i], text, -1, target, foe, False)
        squares = {e for e, _ in allowed}
        alive, kin, sep = self.alive, self.kin, self.sep
        # Every square of ``allowed`` lies within this piece's reach of its square, so an enemy farther
        # away than both reaches together cannot reach one of them.
        here, mine = DIST[pos[i]], kin[i].reach
        threats = []
        for j in self.higher[i]:
            if alive[j]:
                near, reach = DIST[pos[j]], kin[j].reach
                if sep[j] in squares or (here[pos[j]] <= reach + mine and min([near[e] for e in squares]) <= reach):
                    threats.append(j)
        if threats and (predicted is None or any(j not in predicted for j in threats)):
            return _wait(threats, partial(self.dodge, i, allowed, threats, text, target, foe))
        return self.dodge(i, allowed, threats, text, target, foe, predicted or {})

    def dodge(self, i: int, allowed: Moves, threats: list[int], text: str, target: int, foe: int,
              predicted: dict[int, int]) -> Decision:
        """The first of the ``allowed`` moves that no threat is predicted to enter; else stay."""
        pos = self.pos
        danger = {predicted[j] for j in threats if predicted[j] != pos[j]}
        for e, index in allowed:
            if e not in danger:
                return (e, text, index, target, foe, e != allowed[0][0])
        return (pos[i], text, -1, target, foe, True)

    def decide(self, i: int, predicted: dict[int, int] | None) -> Decision | Wait:
        """Piece ``i``'s move this turn, or the pieces whose predictions it needs first."""
        p = self.pos[i]
        if self.sep[i] >= 0:
            return (self.sep[i], "separation", -1, self.sep[i], -1, False)
        # Each rule reads only the tables it needs: most decisions end at the first rule.
        for code, radius, cls, min2, intercept, text in self.kin[i].rules:
            if code == HOLD:
                if self.values[p] and self.owner[p] != self.own[i] and self.occ[p] == 1:
                    return (p, text, -1, p, -1, False)
            elif code == ANCHOR:
                if self.values[p]:
                    return (p, text, -1, p, -1, False)
            elif code == STAY:
                return (p, text, -1, -1, -1, False)
            elif code == SEEK:
                t = self.nearest(i, cls, min2)
                if t >= 0:
                    return self.pick(i, self.approach(i, t), text, t, -1, predicted)
            elif code == BEST_OPEN:
                values, me, bit = self.values, self.own[i], self.bits[i]
                found = [(-values[s], DIST[p][s], s) for s in self.points
                         if DIST[p][s] <= radius and self.is_class(s, OPEN, me, bit)]
                if found:
                    t = min(found)[2]
                    return self.pick(i, self.approach(i, t), text, t, -1, predicted)
            elif code == EVICT:
                values, pos, alive, near = self.values, self.pos, self.alive, DIST[p]
                prey = [(near[pos[j]], -values[pos[j]], pos[j], j) for j in self.lower[i]
                        if alive[j] and values[pos[j]] and near[pos[j]] <= radius]
                if prey:
                    _, _, t, j = min(prey)
                    return self.pick(i, self.approach(i, t), text, t, j, predicted)
            elif code == HUNT:
                pos, rank, alive, near = self.pos, self.rank, self.alive, DIST[p]
                prey = [(near[pos[j]], rank[j], pos[j], j) for j in self.lower[i]
                        if alive[j] and near[pos[j]] <= radius]
                if prey:
                    _, _, t, j = min(prey)
                    if intercept:
                        if predicted is None or j not in predicted:
                            return _wait([j], partial(self.intercept, i, j, text))
                        return self.intercept(i, j, text, predicted)
                    return self.pick(i, self.approach(i, t), text, t, j, predicted)
            elif code == RAID:
                o = self.owner[p]
                if o >= 0 and o != self.own[i]:
                    return (p, text, -1, p, -1, False)
                t = self.nearest(i, OPPONENT)
                if t >= 0:
                    return self.pick(i, self.approach(i, t), text, t, -1, predicted)
            elif code == FLEE:
                pos, alive, near = self.pos, self.alive, DIST[p]
                hunters = [(near[pos[j]], j) for j in self.higher[i] if alive[j] and near[pos[j]] <= radius]
                if hunters:
                    here, foe = min(hunters)
                    if len(hunters) == 1:  # distances from the one hunter's square
                        near = DIST[pos[foe]]
                        away = [(-d, index, e) for e, index in self.valid(i) if (d := near[e]) > here]
                    else:
                        threats = [pos[j] for _, j in hunters]
                        away = [(-d, index, e) for e, index in self.valid(i)
                                if (d := min([DIST[e][s] for s in threats])) > here]
                    away.sort()
                    return self.pick(i, [(e, index) for _, index, e in away], text, -1, foe, predicted)
            elif code == SLIDE_BEST:
                values, owner, mask, moves = self.values, self.owner, self.mask, self.kin[i].moves
                me, bit = self.own[i], self.bits[i]
                slides = [(-values[e], LENGTH[p][e], index, e) for e, index in self.valid(i)
                          if moves[index][0] is None and values[e] and owner[e] != me and not mask[e] & bit]
                if slides:
                    slides.sort()
                    return self.pick(i, [(e, index) for _, _, index, e in slides], text, slides[0][3], -1,
                                     predicted)
            elif code == SLIDE_TOWARD:
                t = self.nearest(i, OPEN)
                if t >= 0:
                    return self.pick(i, self.approach(i, t, slides_only=True), text, t, -1, predicted)
        return (p, "no rule applies", -1, -1, -1, False)

    def intercept(self, i: int, j: int, text: str, predicted: dict[int, int]) -> Decision | Wait:
        """Approach the square piece ``j`` is predicted to end on."""
        t = predicted[j]
        return self.pick(i, self.approach(i, t), text, t, j, predicted)

    def resolve(self) -> list[Decision]:
        """Every live piece's decision; prediction cycles broken at random (in piece order)."""
        decided: list[Decision] = [GONE] * self.n
        waiting: dict[int, set[int]] = {}
        rest: dict[int, Wait] = {}
        live, decide = self.live, self.decide
        for i in live:
            d = decide(i, None)
            if d.__class__ is Wait:
                waiting[i] = set(d)
                rest[i] = d
            else:
                decided[i] = d  # type: ignore[assignment]
        if not waiting:
            return decided
        predicted = {j: decided[j][0] for j in live if j not in waiting}
        known = predicted.keys()
        while waiting:
            progress = False
            for i in sorted(waiting):
                if known >= waiting[i]:
                    d = rest[i].then(predicted)
                    if d.__class__ is Wait:
                        waiting[i] |= set(d)
                        rest[i] = d
                    else:
                        decided[i] = d  # type: ignore[assignment]
                        predicted[i] = d[0]
                        del waiting[i]
                        progress = True
            if not progress:
                for i in in_cycles(waiting):
                    choices = self.valid(i)
                    self.stream, k = rng.below(self.stream, len(choices) + 1)
                    end, index = choices[k] if k < len(choices) else (self.pos[i], -1)
                    decided[i] = (end, "cycle", index, -1, -1, False)
                    predicted[i] = end
                    del waiting[i]
        return decided

    # --- after the moves ----------------------------------------------------------

    def battle(self) -> list[Battle]:
        """Stage 1 on every square where different players' pieces of different ranks stand."""
        own, rank, alive, mask = self.own, self.rank, self.alive, self.mask
        battles: list[Battle] = []
        for square, members in self.at.items():
            players = mask[square]
            if len(members) < 2 or not players & (players - 1):  # one piece or one player's bit
                continue
            ranks = [rank[i] for i in members]
            top = max(ranks)
            if min(ranks) == top:
                continue
            winners = {own[i] for i in members if rank[i] == top}
            kept = tuple([i for i in members if rank[i] == top or (not self.friendly_losses and own[i] in winners)])
            removed = tuple([i for i in members if i not in kept])
            for i in removed:
                alive[i] = False
            battles.append(Battle(square, kept, removed))
        if battles:
            self.live[:] = [i for i in self.live if alive[i]]
            self.fill()
        return battles

    def separate(self, stacks: dict[int, list[int]]) -> list[Separation]:
        """Stage 2: give every piece of a stack a direction for next turn (``sep``, ``sep_dir``)."""
        out = []
        occ, mask, bits = self.occ, self.mask, self.bits
        for square in sorted([s for s, m in stacks.items() if len(m) > 1]):
            members = stacks[square]
            empty = [d for d in ORTHOGONAL if (t := NEIGHBOURS[d][square]) >= 0 and not occ[t]]
            if len(empty) < len(members):
                empty = [d for d in EIGHT if (t := NEIGHBOURS[d][square]) >= 0 and not occ[t]]
            self.stream, directions = rng.shuffled(self.stream, empty)
            ordered: Sequence[int] = members
            if len(empty) < len(members):
                self.stream, ordered = rng.shuffled(self.stream, members)
            given: list[tuple[int, str, int]] = []
            used = set(directions[:len(ordered)])
            for k, i in enumerate(ordered):
                if k < len(directions):
                    d = directions[k]
                else:
                    friendly = [d for d in EIGHT if d not in used and (t := NEIGHBOURS[d][square]) >= 0
                                and mask[t] & bits[i]]
                    if not friendly:
                        given.append((i, "", square))
                        continue
                    self.stream, d = rng.choice(self.stream, friendly)
                    used.add(d)
                target = NEIGHBOURS[d][square]
                self.sep[i], self.sep_dir[i] = target, d
                given.append((i, d, target))
            out.append(Separation(square, tuple(sorted(given))))
        return out

    def capture(self, start: Sequence[int], joined: set[int]) -> list[Progress]:
        """Stage 5: capture counters of pieces alone and still on a point square not their player's."""
        values, owner, own, count, pos, totals = self.values, self.owner, self.own, self.count, self.pos, self.totals
        progress: list[Progress] = []
        for i in self.live:
            s = pos[i]
            if s != start[i] or not values[s] or owner[s] == own[i] or i in joined:
                count[i] = 0
                continue
            count[i] += 1
            done = count[i] >= values[s]
            if done:
                old = owner[s]
                worth = 1 if self.by_count else values[s]
                if old >= 0:
                    totals[old] -= worth
                totals[own[i]] += worth
                owner[s] = own[i]
            progress.append(Progress(i, s, count[i], done))
            if done:
                count[i] = 0
        return progress

    def counts(self, players: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Per player: 3-point squares owned, 2-point squares owned, pieces left."""
        left, threes, twos = [0] * players, [0] * players, [0] * players
        for i in self.live:
            left[self.own[i]] += 1
        for s in self.points:
            if self.owner[s] >= 0:
                if self.values[s] == 3:
                    threes[self.owner[s]] += 1
                elif self.values[s] == 2:
                    twos[self.owner[s]] += 1
        return tuple(threes), tuple(twos), tuple(left)
