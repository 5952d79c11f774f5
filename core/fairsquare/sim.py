"""The 15 turns of one board (rulebook section 4), fast enough for bots to run thousands.

:func:`simulate` takes the board, the placed pieces and a random stream and plays
turn 0 (placement collisions separate) and turns 1-15: decide (rules tried in
order, predictions resolved in dependency order, prediction cycles broken at
random), move simultaneously, battle (from turn 2), separate (directions carried
out next turn) and count captures.  With ``record=True`` it also returns a
:class:`~core.fairsquare.trace.TurnTrace` per turn.

Engine details the rulebook leaves open (decided here, documented in the package):

* ``dodge`` changes only moves: a piece whose rule says "stay" stays.  "Predicted to
  enter" means a predicted move that ends on that square (a higher enemy staying
  put enters nothing).  A dodging piece depends on the higher-ranked enemies that
  could reach one of its candidate squares this turn (within their longest move).
* A piece joined on its square by any piece (even one removed in the battle that
  follows) makes no capture progress that turn and its counter restarts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from core import rng
from core.fairsquare.boards import Board
from core.fairsquare.geometry import DIST, EIGHT, LENGTH, NEIGHBOURS, ORTHOGONAL, SIZE, SQUARES, step
from core.fairsquare.pieces import PieceType
from core.fairsquare.scoring import order, places
from core.fairsquare.trace import REMOVED, Battle, Piece, PieceStep, Progress, Separation, TurnTrace

TURNS = 15
HOLD, ANCHOR, STAY, SEEK, BEST_OPEN, EVICT, HUNT, RAID, FLEE, SLIDE_BEST, SLIDE_TOWARD = range(11)
FREE, FREE_EMPTY, OPEN, OPPONENT = range(4)
_RULE_CODES = {"hold": HOLD, "anchor": ANCHOR, "stay": STAY, "seek": SEEK, "best_open_within": BEST_OPEN,
               "evict": EVICT, "hunt": HUNT, "raid": RAID, "flee": FLEE, "slide_best": SLIDE_BEST,
               "slide_toward": SLIDE_TOWARD}
_CLASS_CODES = {"free": FREE, "free_empty": FREE_EMPTY, "open": OPEN, "opponent_owned": OPPONENT, "": OPEN}
_REACH = {("step", 1): 1, ("step", 2): 2, ("jump", 1): 2, ("jump", 2): 4}


@dataclass(eq=False)
class Kinetics:
    """A piece type compiled for the engine: move tables and rule codes."""

    rank: int
    dodge: bool
    stop_before: bool
    moves: tuple[tuple[tuple[int, ...] | None, str, str], ...]
    """Per move in priority order: its end-square table (None for a slide), direction, letter."""
    rules: tuple[tuple[int, int, int, bool, bool, str], ...]
    """Per rule: code, radius, square class, min2, intercept, text."""
    reach: int
    """The longest distance one move can cover (for dodge dependencies)."""
    static: bool
    """True without slides: approach choices depend on squares only and are cached."""
    approach: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)


_COMPILED: dict[int, tuple[PieceType, Kinetics]] = {}
"""Compiled types by ``id`` of the type (which the entry keeps alive, so the id stays its own)."""


def kinetics(kind: PieceType) -> Kinetics:
    """The compiled form of a piece type (cached per type object, and per equal type)."""
    entry = _COMPILED.get(id(kind))
    if entry is not None and entry[0] is kind:
        return entry[1]
    compiled = _compile(kind)
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    _COMPILED[id(kind)] = (kind, compiled)
    return compiled


@cache
def _compile(kind: PieceType) -> Kinetics:
    moves: list[tuple[tuple[int, ...] | None, str, str]] = []
    reach = 0
    for move in kind.moves:
        diagonal = 2 if len(move.direction) == 2 else 1
        if move.kind == "slide":
            moves.append((None, move.direction, move.letter))
            reach = max(reach, 2 * (SIZE - 1))
        else:
            length = 1 if move.kind == "step" else 2
            moves.append((tuple(step(s, move.direction, length) for s in SQUARES), move.direction, move.letter))
            reach = max(reach, _REACH[move.kind, diagonal])
    rules = tuple((_RULE_CODES[r.kind], r.radius, _CLASS_CODES[r.target], r.min2, r.intercept, r.text)
                  for r in kind.rules)
    return Kinetics(kind.rank, kind.dodge, kind.stop_before_higher_rank, tuple(moves), rules, reach,
                    all(table is not None for table, _, _ in moves))


@dataclass(frozen=True)
class Result:
    """The end of a board: owned totals per turn, tie-break counts and (when recorded) the trace."""

    totals: tuple[tuple[int, ...], ...]
    """``totals[t][k]``: board player k's owned total after turn t (0-15)."""
    threes: tuple[int, ...]
    twos: tuple[int, ...]
    left: tuple[int, ...]
    turns: tuple[TurnTrace, ...] = ()

    def places(self) -> tuple[int, ...]:
        """Each board player's place after every tie-break of rulebook section 5 (shared: 1, 1, 3)."""
        final = self.totals[-1]
        return places(order(range(len(final)), lambda k: (final[k], self.threes[k], self.twos[k], self.left[k]),
                            self.totals), len(final))


def simulate(board: Board, pieces: Sequence[Piece], players: int, stream: int, *, friendly_losses: bool = True,
             by_count: bool = False, record: bool = False, seats: Sequence[int] = (),
             owners: Sequence[int] = ()) -> Result:
    """Play turns 0-15 of one board.  ``Piece.owner`` is the board player's index (0..players-1);
    ``seats`` maps those indices to seat numbers in the recorded trace; ``owners`` (per square,
    -1 for nobody) sets owned squares before turn 1 (the rules start with none)."""
    values = board.values
    points = board.points
    near = board.near
    n = len(pieces)
    kin = [kinetics(p.kind) for p in pieces]
    pos = [p.square for p in pieces]
    own = [p.owner for p in pieces]
    bits = [1 << p.owner for p in pieces]
    rank = [k.rank for k in kin]
    alive = [True] * n
    sep = [-1] * n
    sep_dir = [""] * n
    count = [0] * n
    owner = list(owners) if owners else [-1] * 49
    totals = [0] * players
    for s in points:
        if owner[s] >= 0:
            totals[owner[s]] += 1 if by_count else values[s]
    history: list[tuple[int, ...]] = [tuple(totals)]
    turns: list[TurnTrace] = []
    seat_of = list(seats) if seats else list(range(players))
    random = [stream]
    occ = [0] * 49
    mask = [0] * 49
    at: dict[int, list[int]] = {}
    live = list(range(n))
    """The pieces still on the board."""

    def fill() -> None:
        """Occupancy of the squares now: counts, owner bit masks, pieces per square."""
        occ[:] = [0] * 49
        mask[:] = [0] * 49
        at.clear()
        for i in live:
            s = pos[i]
            occ[s] += 1
            mask[s] |= bits[i]
            if s in at:
                at[s].append(i)
            else:
                at[s] = [i]

    def slide_end(i: int, direction: str) -> int:
        me, s = bits[i], pos[i]
        table = NEIGHBOURS[direction]
        stop_before = kin[i].stop_before
        while True:
            nxt = table[s]
            if nxt < 0 or mask[nxt] & me:
                return s
            if mask[nxt]:
                if stop_before and any(rank[j] > rank[i] for j in at[nxt]):
                    return s
                return nxt
            s = nxt
            if values[s] and owner[s] != own[i]:
                return s

    def valid(i: int) -> list[tuple[int, int]]:
        """Every valid move now: (end square, move index)."""
        out = []
        p, me = pos[i], bits[i]
        for index, (table, direction, _) in enumerate(kin[i].moves):
            end = table[p] if table is not None else slide_end(i, direction)
            if end >= 0 and end != p and not mask[end] & me:
                out.append((end, index))
        return out

    def approach(i: int, target: int, slides_only: bool = False) -> list[tuple[int, int]] | tuple[
            tuple[int, int], ...]:
        """Moves strictly nearer to ``target``, nearest first, then by letter (friends not yet excluded)."""
        k = kin[i]
        p = pos[i]
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
        moves = valid(i)
        if slides_only:
            moves = [m for m in moves if k.moves[m[1]][0] is None]
        return [(e, index) for _, index, e in sorted((DIST[e][target], index, e) for e, index in moves
                                                     if DIST[e][target] < far)]

    def is_class(s: int, cls: int, me: int, bit: int) -> bool:
        o = owner[s]
        if cls == OPEN:
            return o != me and not mask[s] & bit
        if cls == FREE:
            return o < 0
        if cls == FREE_EMPTY:
            return o < 0 and not occ[s]
        return o >= 0 and o != me

    def nearest(i: int, cls: int, min2: bool = False) -> int:
        """The first square of class ``cls`` in target order from piece ``i`` (-1: none)."""
        me, bit = own[i], bits[i]
        for s in near[pos[i]]:
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

    Decision = tuple[int, str, int, int, int, bool]
    GONE: Decision = (REMOVED, "", -1, -1, -1, False)

    def pick(i: int, moves: Sequence[tuple[int, int]], text: str, target: int, foe: int,
             predicted: dict[int, int] | None) -> Decision | list[int]:
        """The first move of ``moves`` not onto a friend (and, for dodgers, safe); else stay."""
        me = bits[i]
        if not kin[i].dodge:
            for e, index in moves:
                if not mask[e] & me:
                    return (e, text, index, target, foe, False)
            return (pos[i], text, -1, target, foe, False)
        allowed = [m for m in moves if not mask[m[0]] & me]
        if not allowed:
            return (pos[i], text, -1, target, foe, False)
        squares = {e for e, _ in allowed}
        threats = [j for j in live if own[j] != own[i] and rank[j] > rank[i]
                   and (sep[j] in squares or any(DIST[pos[j]][e] <= kin[j].reach for e in squares))]
        if predicted is None or any(j not in predicted for j in threats):
            return threats
        danger = {predicted[j] for j in threats if predicted[j] != pos[j]}
        for e, index in allowed:
            if e not in danger:
                return (e, text, index, target, foe, e != allowed[0][0])
        return (pos[i], text, -1, target, foe, True)

    def decide(i: int, predicted: dict[int, int] | None) -> Decision | list[int]:
        """Piece ``i``'s move this turn, or the pieces whose predictions it needs first."""
        p = pos[i]
        if sep[i] >= 0:
            return (sep[i], "separation", -1, sep[i], -1, False)
        me, bit, k = own[i], bits[i], kin[i]
        for code, radius, cls, min2, intercept, text in k.rules:
            if code == HOLD:
                if values[p] and owner[p] != me and occ[p] == 1:
                    return (p, text, -1, p, -1, False)
            elif code == ANCHOR:
                if values[p]:
                    return (p, text, -1, p, -1, False)
            elif code == STAY:
                return (p, text, -1, -1, -1, False)
            elif code == SEEK:
                t = nearest(i, cls, min2)
                if t >= 0:
                    return pick(i, approach(i, t), text, t, -1, predicted)
            elif code == BEST_OPEN:
                found = [(-values[s], DIST[p][s], s) for s in points
                         if DIST[p][s] <= radius and is_class(s, OPEN, me, bit)]
                if found:
                    t = min(found)[2]
                    return pick(i, approach(i, t), text, t, -1, predicted)
            elif code == EVICT:
                prey = [(DIST[p][pos[j]], -values[pos[j]], pos[j], j) for j in live
                        if own[j] != me and rank[j] < rank[i] and values[pos[j]]
                        and DIST[p][pos[j]] <= radius]
                if prey:
                    _, _, t, j = min(prey)
                    return pick(i, approach(i, t), text, t, j, predicted)
            elif code == HUNT:
                prey = [(DIST[p][pos[j]], rank[j], pos[j], j) for j in live
                        if own[j] != me and rank[j] < rank[i] and DIST[p][pos[j]] <= radius]
                if prey:
                    _, _, t, j = min(prey)
                    if intercept:
                        if predicted is None or j not in predicted:
                            return [j]
                        t = predicted[j]
                    return pick(i, approach(i, t), text, t, j, predicted)
            elif code == RAID:
                if owner[p] >= 0 and owner[p] != me:
                    return (p, text, -1, p, -1, False)
                t = nearest(i, OPPONENT)
                if t >= 0:
                    return pick(i, approach(i, t), text, t, -1, predicted)
            elif code == FLEE:
                hunters = sorted((DIST[p][pos[j]], j) for j in live if own[j] != me
                                 and rank[j] > rank[i] and DIST[p][pos[j]] <= radius)
                if hunters:
                    here, foe = hunters[0]
                    threats = [pos[j] for _, j in hunters]
                    away = sorted((-d, index, e) for e, index in valid(i)
                                  if (d := min([DIST[e][s] for s in threats])) > here)
                    return pick(i, [(e, index) for _, index, e in away], text, -1, foe, predicted)
            elif code == SLIDE_BEST:
                slides = sorted((-values[e], LENGTH[p][e], index, e) for e, index in valid(i)
                                if k.moves[index][0] is None and values[e] and is_class(e, OPEN, me, bit))
                if slides:
                    return pick(i, [(e, index) for _, _, index, e in slides], text, slides[0][3], -1, predicted)
            elif code == SLIDE_TOWARD:
                t = nearest(i, OPEN)
                if t >= 0:
                    return pick(i, approach(i, t, slides_only=True), text, t, -1, predicted)
        return (p, "no rule applies", -1, -1, -1, False)

    def resolve() -> list[Decision]:
        """Every live piece's decision; prediction cycles broken at random (in piece order)."""
        decided: list[Decision] = [GONE] * n
        waiting: dict[int, list[int]] = {}
        for i in live:
            d = decide(i, None)
            if d.__class__ is list:
                waiting[i] = d
            else:
                decided[i] = d  # type: ignore[assignment]
        while waiting:
            predicted = {j: decided[j][0] for j in live if j not in waiting}
            progress = False
            for i in sorted(waiting):
                if all(j in predicted for j in waiting[i]):
                    d = decide(i, predicted)
                    if isinstance(d, list):
                        waiting[i] = sorted(set(waiting[i]) | set(d))
                    else:
                        decided[i] = d
                        predicted[i] = d[0]
                        del waiting[i]
                        progress = True
            if not progress:
                for i in in_cycles(waiting):
                    choices = valid(i)
                    random[0], k = rng.below(random[0], len(choices) + 1)
                    end, index = choices[k] if k < len(choices) else (pos[i], -1)
                    decided[i] = (end, "cycle", index, -1, -1, False)
                    del waiting[i]
        return decided

    def separate(turn_stacks: dict[int, list[int]]) -> list[Separation]:
        out = []
        crowded = [s for s, m in turn_stacks.items() if len(m) > 1]
        crowded.sort()
        for square in crowded:
            members = turn_stacks[square]
            empty = [d for d in ORTHOGONAL if (t := NEIGHBOURS[d][square]) >= 0 and not occ[t]]
            if len(empty) < len(members):
                empty = [d for d in EIGHT if (t := NEIGHBOURS[d][square]) >= 0 and not occ[t]]
            random[0], directions = rng.shuffled(random[0], empty)
            order = members
            if len(empty) < len(members):
                random[0], order = rng.shuffled(random[0], members)  # type: ignore[assignment]
            given: list[tuple[int, str, int]] = []
            used = set(directions[:len(order)])
            for k, i in enumerate(order):
                if k < len(directions):
                    d = directions[k]
                else:
                    friendly = [d for d in EIGHT if d not in used and (t := NEIGHBOURS[d][square]) >= 0
                                and mask[t] & bits[i]]
                    if not friendly:
                        given.append((i, "", square))
                        continue
                    random[0], d = rng.choice(random[0], friendly)
                    used.add(d)
                target = NEIGHBOURS[d][square]
                sep[i], sep_dir[i] = target, d
                given.append((i, d, target))
            if record:
                out.append(Separation(square, tuple(sorted(given))))
        return out

    def in_cycles(waiting: dict[int, list[int]]) -> list[int]:
        """The waiting pieces that (through other waiting pieces) depend on themselves."""
        members = []
        for i in sorted(waiting):
            seen, todo = set(), [j for j in waiting[i] if j in waiting]
            while todo:
                j = todo.pop()
                if j not in seen:
                    seen.add(j)
                    todo.extend(x for x in waiting[j] if x in waiting)
            if i in seen:
                members.append(i)
        return members

    fill()
    separations = separate({s: list(m) for s, m in at.items()})
    if record:
        turns.append(TurnTrace(0, (), (), tuple(separations), (), tuple(pos),
                               tuple(seat_of[o] if o >= 0 else -1 for o in owner), tuple(totals)))
    turn = 1
    while turn <= TURNS:
        decisions = resolve()
        start = pos[:]
        carried = sep_dir[:]
        still = True
        for i in live:
            d = decisions[i]
            if d[0] != pos[i] or d[1] == "cycle":
                still = False
                pos[i] = d[0]
        sep[:] = [-1] * n
        sep_dir[:] = [""] * n
        fill()
        joined = {i for i in live if occ[pos[i]] > 1}
        battles: list[Battle] = []
        if turn > 1 and joined:
            for square, members in at.items():
                if len(members) < 2 or len({own[i] for i in members}) < 2:
                    continue
                top = max(rank[i] for i in members)
                if all(rank[i] == top for i in members):
                    continue
                winners = {own[i] for i in members if rank[i] == top}
                kept = tuple(i for i in members if rank[i] == top or (not friendly_losses and own[i] in winners))
                removed = tuple(i for i in members if i not in kept)
                for i in removed:
                    alive[i] = False
                battles.append(Battle(square, kept, removed))
            if battles:
                live[:] = [i for i in live if alive[i]]
                fill()
        separations = separate(at) if joined else []
        progress: list[Progress] = []
        for i in live:
            s = pos[i]
            if s != start[i] or not values[s] or owner[s] == own[i] or i in joined:
                count[i] = 0
                continue
            count[i] += 1
            done = count[i] >= values[s]
            if done:
                old = owner[s]
                worth = 1 if by_count else values[s]
                if old >= 0:
                    totals[old] -= worth
                totals[own[i]] += worth
                owner[s] = own[i]
            progress.append(Progress(i, s, count[i], done))
            if done:
                count[i] = 0
        history.append(tuple(totals))
        # A turn in which nothing moved, stacked, separated or made progress repeats until the end.
        repeats = TURNS - turn + 1 if still and not joined and not progress else 1
        for _ in range(repeats - 1):
            history.append(history[-1])
        if record:
            steps = tuple(PieceStep(i, start[i], d[0], d[1], kin[i].moves[d[2]][2] if d[2] >= 0 else "",
                                    d[3], d[4], carried[i], d[5]) for i, d in enumerate(decisions) if d[1])
            after = (tuple(p if alive[i] else REMOVED for i, p in enumerate(pos)),
                     tuple(seat_of[o] if o >= 0 else -1 for o in owner), tuple(totals))
            turns.append(TurnTrace(turn, steps, tuple(battles), tuple(separations), tuple(progress), *after))
            turns.extend(TurnTrace(turn + k, steps, (), (), (), *after) for k in range(1, repeats))
        turn += repeats
    left = [0] * players
    for i in live:
        left[own[i]] += 1
    threes = [0] * players
    twos = [0] * players
    for s in points:
        if owner[s] >= 0:
            if values[s] == 3:
                threes[owner[s]] += 1
            elif values[s] == 2:
                twos[owner[s]] += 1
    return Result(tuple(history), tuple(threes), tuple(twos), tuple(left), tuple(turns))
