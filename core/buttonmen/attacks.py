"""Attack legality and exact enumeration (rulebook section 8).

:func:`enumerate_attacks` lists every legal attack of the mover as
``Attack`` actions; :func:`attack_types` names the types available.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import prod

from core.buttonmen.actions import ATTACK_TYPES, Attack, Pairs
from core.buttonmen.dice import Die, ladder_step, mad_sizes, mood_sizes
from core.buttonmen.recipe import (
    BERSERK, BOOM, FIRE, INSULT, KONSTANT, MAD, MAXIMUM, MIGHTY, MOOD, QUEER, RUSH, SHADOW, SPEED, STEALTH,
    STINGER, TRIP, TURBO, WARRIOR, WEAK,
)
from core.buttonmen.specials import BEETLE, NO_SKILL
from core.protocol import Options

TURBO_LIST_LIMIT = 64
"""Attacks by several Turbo dice list every size combination only up to this many;
beyond it one die changes at a time, and the state still accepts every other valid combination."""
OFFSET = 512
"""Bit offset of zero in the skill-sum bitsets (Konstant sums can be negative)."""
TARGET_SET_LIMIT = 512
"""At most this many target sets are listed for one Speed or Berserk die (all of them unless
Radioactive splits gave the opponent very many dice); any other valid set is accepted."""
MASK_DICE = 12
"""Up to this many dice able to join a Skill attack, every team is tried."""
SKILL_TEAM_LIMIT = 512
"""With more dice, at most this many Skill teams (sets of attacking dice) are listed."""


@dataclass(frozen=True)
class Context:
    """Everything besides the dice that decides legality."""

    no_skill: bool = False
    """The mover's button cannot make Skill attacks (The Flying Squirrel, Largo)."""
    beetle: bool = False
    """The opponent's dice cannot be Skill targets (The Japanese Beetle)."""
    fire_overshoot: bool = False
    stinger_one: bool = False
    """Stinger's lowest contribution is 1 instead of the die's min (BM-15)."""
    mood_every_reroll: bool = True
    """Mood dice resize on every reroll (BM-10), so also on a Trip roll."""
    turbo_any_roll: bool = False
    """Turbo dice resize on any reroll (BM-14), so also a tripped target."""

    @classmethod
    def of(cls, options: Options, specials: tuple[frozenset[str], frozenset[str]], p: int) -> Context:
        """The context of player ``p``'s attacks, from the match options and both buttons' specials."""
        return cls(no_skill=NO_SKILL in specials[p], beetle=BEETLE in specials[1 - p],
                   fire_overshoot=options["fire_overshoot"], stinger_one=options["stinger_min"] == "one",
                   mood_every_reroll=options["mood_resize_on"] == "every_reroll",
                   turbo_any_roll=options["turbo_on"] == "any_roll")


def _untouchable(d: Die) -> bool:
    return STEALTH in d.skills or WARRIOR in d.skills


def _free(d: Die) -> bool:
    """Can attack alone in a non-Skill attack (not dizzy, Stealth or Warrior)."""
    return not d.dizzy and not _untouchable(d)


def power_value(d: Die) -> int:
    return 14 if d.wildcard and d.value == 1 else d.value


def can_power(d: Die) -> bool:
    """May this die make a Power attack?"""
    skills = d.skills
    if d.dizzy or STEALTH in skills or WARRIOR in skills or SHADOW in skills or KONSTANT in skills or FIRE in skills:
        return False
    return not (QUEER in skills and d.value % 2 == 1)


def can_shadow(d: Die) -> bool:
    """May this die make a Shadow attack?"""
    return _free(d) and (SHADOW in d.skills or (QUEER in d.skills and d.value % 2 == 1))


def fire_split(helpers: Sequence[tuple[int, int]], total: int) -> Pairs:
    """The listed way to take ``total`` from helpers ``(die, capacity)``: each in turn as far as it goes.

    Every other split of the same total is just as legal; the state accepts it unlisted
    (:func:`fire_problem`), so the list grows with the totals, never with the ways to split them.
    """
    out: list[tuple[int, int]] = []
    for die, cap in helpers:
        if total <= 0:
            break
        amount = min(cap, total)
        out.append((die, amount))
        total -= amount
    return tuple(out)


def fire_problem(mine: Sequence[Die], attackers: tuple[int, ...], fire: Pairs) -> str | None:
    """Why a Fire turn-down cannot help this attack (not Fire dice, an attacker, too far), or None."""
    seen: set[int] = set()
    for i, amount in fire:
        if i in seen or i in attackers or not 0 <= i < len(mine):
            return "each helping Fire die must be a distinct die of yours that does not attack"
        seen.add(i)
        d = mine[i]
        if FIRE not in d.skills:
            return f"{d.label} is not a Fire die"
        if not 1 <= amount <= d.value - d.min:
            return f"{d.label} can be turned down by 1 to {d.value - d.min}"
    return None


def _helpers(mine: Sequence[Die], exclude: set[int]) -> list[tuple[int, int]]:
    return [(i, d.value - d.min) for i, d in enumerate(mine)
            if FIRE in d.skills and i not in exclude and d.value > d.min]


def _contributions(d: Die, stinger_one: bool) -> list[int]:
    if KONSTANT in d.skills:
        return [d.value, -d.value] if d.value else [0]
    if STINGER in d.skills:
        low = 1 if stinger_one else d.min
        return list(range(min(low, d.value), d.value + 1))
    return [d.value]


def _add(bits: int, values: list[int]) -> int:
    out = 0
    for v in values:
        out |= bits << v if v >= 0 else bits >> -v
    return out


def turbo_dice(dice: Sequence[Die], attackers: tuple[int, ...]) -> list[int]:
    """The attackers that pick a new size (Turbo swing or option dice)."""
    return [i for i in attackers if TURBO in dice[i].skills and (dice[i].swing or dice[i].options)]


def _turbo_options(dice: Sequence[Die], attackers: tuple[int, ...]) -> list[Pairs]:
    """Turbo size assignments to list: all of them, or (when too many) one die changing at a time."""
    turbo = turbo_dice(dice, attackers)
    if not turbo:
        return [()]
    choices = [dice[i].size_choices() for i in turbo]
    if prod(len(c) for c in choices) <= TURBO_LIST_LIMIT:
        return [tuple(zip(turbo, sizes, strict=True)) for sizes in product(*choices)]
    base = [dice[i].size if dice[i].size in c else c[0] for i, c in zip(turbo, choices, strict=True)]
    out = [tuple(zip(turbo, base, strict=True))]
    for k, c in enumerate(choices):
        for size in c:
            if size != base[k]:
                out.append(tuple(zip(turbo, base[:k] + [size] + base[k + 1:], strict=True)))
    return out


def trip_size(d: Die, ctx: Context, *, largest: bool, turbo: int | None = None) -> int:
    """The largest (or smallest) size ``d`` can have when it rolls in a Trip attack, after its own resize.

    Resizing runs as on a reroll: a Turbo size (``turbo`` for the attacker, any legal size for a
    target under BM-14 ``any_roll``), then a Mood and a Mad size, then Mighty grows and Weak shrinks.
    """
    pick = max if largest else min
    if turbo is not None:
        d = d.with_size_choice(turbo)
    elif TURBO in d.skills and ctx.turbo_any_roll and (d.swing or d.options):
        d = d.with_size_choice(pick(d.size_choices()))
    if MOOD in d.skills and d.swing and ctx.mood_every_reroll:
        d = d.with_size_choice(pick(mood_sizes(d.swing)))
    if MAD in d.skills and d.swing:
        d = d.with_size_choice(pick(mad_sizes(d.swing)))
    if MIGHTY in d.skills:
        return sum(ladder_step(h, True) for h in d.halves)
    if WEAK in d.skills:
        return sum(ladder_step(h, False) for h in d.halves)
    return d.size


def trip_reach(d: Die, ctx: Context, turbo: int | None = None) -> int:
    """The best result a Trip attacker can roll (its largest size after its pre-roll resize)."""
    if KONSTANT in d.skills:
        return d.value
    return trip_size(d, ctx, largest=True, turbo=turbo)


def trip_needs(t: Die, ctx: Context) -> int:
    """The attacker result needed to be able to capture ``t`` by Trip.

    A Konstant target keeps its value; a Maximum target shows its smallest possible size
    after its own resize (a Mighty Maximum ``HM(4)`` grows to 6 first).
    """
    if KONSTANT in t.skills:
        return t.value
    if MAXIMUM in t.skills:
        return trip_size(t, ctx, largest=False)
    return t.min


def target_sets(theirs: Sequence[Die], total: int, limit: int = TARGET_SET_LIMIT) -> list[tuple[int, ...]]:
    """Sets of Speed/Berserk targets whose values sum to ``total``: smaller sets first, each size in
    lexicographic order, at most ``limit``.

    ``reach[k][c]`` (the sums of ``c`` targets from the ``k``-th on, as bits) lets the search take
    a target only when the set can still be completed, so the work follows the sets found.
    """
    ok = [j for j, d in enumerate(theirs) if not _untouchable(d)]
    values = [theirs[j].value for j in ok]
    m = len(ok)
    reach = [[0] * (m + 2) for _ in range(m + 1)]
    reach[m][0] = 1
    for k in range(m - 1, -1, -1):
        for c in range(m - k + 1):
            reach[k][c] = reach[k + 1][c] | (reach[k + 1][c - 1] << values[k] if c else 0)
    found: list[tuple[int, ...]] = []
    picked: list[int] = []

    def search(k: int, need: int, left: int) -> None:
        if not left:
            found.append(tuple(picked))
            return
        for i in range(k, m - left + 1):
            if len(found) >= limit:
                return
            if values[i] <= need and reach[i + 1][left - 1] >> (need - values[i]) & 1:
                picked.append(ok[i])
                search(i + 1, need - values[i], left - 1)
                picked.pop()

    for size in range(1, m + 1):
        if total >= 0 and reach[0][size] >> total & 1:
            search(0, total, size)
    return found


def target_set_ok(mine: Sequence[Die], theirs: Sequence[Die], a: Attack) -> bool:
    """True for a Speed or Berserk attack by a free die with that skill on distinct targets that
    may be taken and sum to its value (listed or not)."""
    letter = {"Speed": SPEED, "Berserk": BERSERK}.get(a.kind)
    if letter is None or len(a.attackers) != 1 or not 0 <= a.attackers[0] < len(mine) or not a.targets:
        return False
    if len(set(a.targets)) != len(a.targets) or any(not 0 <= j < len(theirs) for j in a.targets):
        return False
    d = mine[a.attackers[0]]
    return letter in d.skills and _free(d) and not any(_untouchable(theirs[j]) for j in a.targets) \
        and sum(theirs[j].value for j in a.targets) == d.value


@lru_cache(maxsize=512)
def listed_attacks(mine: tuple[Die, ...], theirs: tuple[Die, ...], ctx: Context) -> tuple[Attack, ...]:
    """:func:`enumerate_attacks`, labelled, worked out once per position: a bot lists the same dice
    again on every position it imagines from the one it is given (a pure function of the dice)."""
    return tuple(enumerate_attacks(mine, theirs, ctx, labelled=True))


def enumerate_attacks(mine: Sequence[Die], theirs: Sequence[Die], ctx: Context, *,
                      labelled: bool = False) -> list[Attack]:
    """Every legal attack (all types, with every Fire split and Turbo size).

    ``labelled`` attacks carry ``(mine, theirs)`` for their label: pass immutable tuples then.
    """
    out: list[Attack] = []
    targets = [j for j, t in enumerate(theirs) if not _untouchable(t)]
    any_turbo = any(TURBO in d.skills for d in mine)
    dice = (mine, theirs) if labelled else None

    def add(kind: str, a: tuple[int, ...], t: tuple[int, ...], fire: Pairs = ()) -> None:
        if not any_turbo:
            out.append(Attack(kind, a, t, fire, (), "", dice))
            return
        for turbo in _turbo_options(mine, a):
            out.append(Attack(kind, a, t, fire, turbo, "", dice))

    fire_dice = _helpers(mine, set())
    for i, d in enumerate(mine):
        if can_power(d):
            helpers = [h for h in fire_dice if h[0] != i]
            cap = sum(c for _, c in helpers)
            value = power_value(d)
            if not cap:     # no Fire help: exactly the targets showing at most its value
                for j in targets:
                    if value >= theirs[j].value:
                        add("Power", (i,), (j,))
                continue
            for j in targets:
                tv = theirs[j].value
                if d.size < tv and value < tv:
                    continue
                if value >= tv:
                    add("Power", (i,), (j,))
                    low = 1
                else:
                    low = tv - value
                high = min(cap, d.size - value) if ctx.fire_overshoot else (low if value < tv else 0)
                for n in range(low, high + 1):
                    add("Power", (i,), (j,), fire_split(helpers, n))
        elif can_shadow(d):
            for j in targets:
                if d.value <= theirs[j].value <= d.size:
                    add("Shadow", (i,), (j,))
    if not ctx.no_skill:
        out.extend(_skill_attacks(mine, theirs, ctx, dice))
    sets: dict[int, list[tuple[int, ...]]] = {}
    rush_target = any(RUSH in theirs[j].skills for j in targets)
    for i, d in enumerate(mine):
        if not _free(d) or not d.skills and not rush_target:
            continue
        for kind, letter in (("Speed", SPEED), ("Berserk", BERSERK)):
            if letter in d.skills:
                if d.value not in sets:
                    sets[d.value] = target_sets(theirs, d.value)
                for combo in sets[d.value]:
                    add(kind, (i,), combo)
        if rush_target or RUSH in d.skills:
            for j, k in combinations(targets, 2):
                if theirs[j].value + theirs[k].value == d.value and (
                        RUSH in d.skills or RUSH in theirs[j].skills or RUSH in theirs[k].skills):
                    add("Rush", (i,), (j, k))
        if TRIP in d.skills:
            for turbo in _turbo_options(mine, (i,)):
                reach = trip_reach(d, ctx, turbo[0][1] if turbo else None)
                for j in targets:
                    if reach >= trip_needs(theirs[j], ctx):
                        out.append(Attack("Trip", (i,), (j,), (), turbo, "", dice))
        if BOOM in d.skills:
            for j, t in enumerate(theirs):
                if WARRIOR not in t.skills:
                    add("Boom", (i,), (j,))
    return out


def _skill_attacks(mine: Sequence[Die], theirs: Sequence[Die], ctx: Context,
                   dice: tuple[Sequence[Die], Sequence[Die]] | None) -> list[Attack]:
    """Every Skill attack, team by team in the order of their bit masks over the eligible dice.

    Up to :data:`MASK_DICE` eligible dice every mask is tried (fast, at most 4096); beyond that
    (Radioactive splits can multiply dice) a pruned search lists at most :data:`SKILL_TEAM_LIMIT`
    teams, so the work never grows with the 2**n subsets.
    """
    eligible = [i for i, d in enumerate(mine) if _skill_eligible(d)]
    goal = _skill_goal(theirs, ctx)
    if not eligible or not goal:
        return []
    contributions = [_contributions(mine[i], ctx.stinger_one) for i in eligible]
    fire_room = _fire_room(mine)
    wanted = 0
    for j in goal:
        for fire in range(fire_room + 1):
            if theirs[j].value - fire + OFFSET >= 0:
                wanted |= 1 << (theirs[j].value - fire + OFFSET)
    below = [1 << OFFSET]     # below[b]: the sums of every subset of the first b eligible dice
    for c in contributions:
        below.append(below[-1] | _add(below[-1], c))
    if not below[-1] & wanted:
        return []
    shifts = [c[0] if len(c) == 1 and c[0] >= 0 else -1 for c in contributions]
    teams = _mask_teams(shifts, contributions, wanted) if len(eligible) <= MASK_DICE else \
        _searched_teams(shifts, contributions, wanted, below)
    out: list[Attack] = []
    for mask, sums in teams:
        chosen = tuple(eligible[b] for b in range(len(eligible)) if mask >> b & 1)
        out.extend(_skill_team(mine, theirs, goal, chosen, sums, fire_room, dice))
    return out


def _skill_eligible(d: Die) -> bool:
    return not d.dizzy and BERSERK not in d.skills


def _skill_goal(theirs: Sequence[Die], ctx: Context) -> list[int]:
    """The opposing dice a Skill attack may take."""
    return [j for j, t in enumerate(theirs) if WARRIOR not in t.skills and INSULT not in t.skills and not ctx.beetle]


def _fire_room(mine: Sequence[Die]) -> int:
    return sum(d.value - d.min for d in mine if FIRE in d.skills and d.value > d.min)


def team_skill_attacks(mine: Sequence[Die], theirs: Sequence[Die], ctx: Context,
                       chosen: tuple[int, ...]) -> list[Attack]:
    """The Skill attacks of one team (ascending die positions), listed or not."""
    if ctx.no_skill or not chosen or list(chosen) != sorted(set(chosen)) or not 0 <= chosen[0] < len(mine) \
            or chosen[-1] >= len(mine):
        return []
    if not all(_skill_eligible(mine[i]) for i in chosen):
        return []
    sums = team_sums([mine[i] for i in chosen], ctx.stinger_one)
    return _skill_team(mine, theirs, _skill_goal(theirs, ctx), chosen, sums, _fire_room(mine), None)


def team_sums(team: Sequence[Die], stinger_one: bool) -> int:
    """Every total the dice of a Skill team can count for, as bits (bit ``OFFSET + n`` for total ``n``)."""
    sums = 1 << OFFSET
    for d in team:
        sums = _add(sums, _contributions(d, stinger_one))
    return sums


def _mask_teams(shifts: list[int], contributions: list[list[int]], wanted: int) -> Iterator[tuple[int, int]]:
    """``(mask, sums)`` of every team whose sums (as bits) include a wanted one, by increasing mask."""
    sums = [0] * (1 << len(shifts))
    sums[0] = 1 << OFFSET
    for mask in range(1, 1 << len(shifts)):
        low = mask & -mask
        bit = low.bit_length() - 1
        shift = shifts[bit]
        sums[mask] = sums[mask ^ low] << shift if shift >= 0 else _add(sums[mask ^ low], contributions[bit])
        if sums[mask] & wanted:
            yield mask, sums[mask]


def _searched_teams(shifts: list[int], contributions: list[list[int]], wanted: int,
                    below: list[int]) -> list[tuple[int, int]]:
    """Like :func:`_mask_teams`, by a depth-first search that decides the last die first (leaving it
    out before taking it, so masks still increase) and prunes branches that can reach no wanted
    sum; at most :data:`SKILL_TEAM_LIMIT` teams."""
    need = [_minus(wanted, reach) for reach in below]     # need[b]: partial sums the first b dice can complete
    found: list[tuple[int, int]] = []

    def search(b: int, mask: int, bits: int) -> None:
        if len(found) >= SKILL_TEAM_LIMIT or not bits & need[b]:
            return
        if b == 0:
            if mask:
                found.append((mask, bits))
            return
        search(b - 1, mask, bits)
        shift = shifts[b - 1]
        search(b - 1, mask | 1 << (b - 1), bits << shift if shift >= 0 else _add(bits, contributions[b - 1]))

    search(len(shifts), 0, 1 << OFFSET)
    return found


def _minus(wanted: int, reach: int) -> int:
    """The partial sums ``s`` (as bits) for which ``s + t`` is wanted for some sum ``t`` in ``reach``."""
    out = 0
    while reach:
        low = reach & -reach
        t = low.bit_length() - 1 - OFFSET
        out |= wanted >> t if t >= 0 else wanted << -t
        reach ^= low
    return out


def _skill_team(mine: Sequence[Die], theirs: Sequence[Die], goal: list[int], chosen: tuple[int, ...], sums: int,
                fire_room: int, dice: tuple[Sequence[Die], Sequence[Die]] | None) -> list[Attack]:
    """The Skill attacks of one team whose contributions can make the sums ``sums`` (as bits)."""
    team = [mine[i] for i in chosen]
    warriors = sum(1 for d in team if WARRIOR in d.skills)
    if warriors > 1 or (warriors and len(team) == 1):
        return []
    if len(team) == 1 and (STEALTH in team[0].skills or KONSTANT in team[0].skills):
        return []
    out: list[Attack] = []
    if not fire_room:   # no Fire help: the targets whose value the dice can sum to
        turbos = _turbo_options(mine, chosen)
        for j in goal:
            if (STEALTH not in theirs[j].skills or len(team) > 1) and sums >> (theirs[j].value + OFFSET) & 1:
                out.extend(Attack("Skill", chosen, (j,), (), turbo, "", dice) for turbo in turbos)
        return out
    helpers = _helpers(mine, set(chosen))
    cap = sum(c for _, c in helpers)
    for j in goal:
        t = theirs[j]
        if STEALTH in t.skills and len(team) < 2:
            continue
        for fire in range(0, cap + 1):
            need = t.value - fire + OFFSET
            if need >= 0 and sums >> need & 1:
                split = fire_split(helpers, fire)
                for turbo in _turbo_options(mine, chosen):
                    out.append(Attack("Skill", chosen, (j,), split, turbo, "", dice))
    return out


def needs_warrior(attack: Attack, mine: Sequence[Die]) -> bool:
    """True for a Skill attack that brings a Warrior die in (optional, never forces play)."""
    return attack.kind == "Skill" and any(WARRIOR in mine[i].skills for i in attack.attackers)


def attack_types(attacks: Sequence[Attack]) -> list[str]:
    """The distinct attack types among ``attacks``, in the site's order."""
    kinds = {a.kind for a in attacks}
    return [k for k in ATTACK_TYPES if k in kinds]
