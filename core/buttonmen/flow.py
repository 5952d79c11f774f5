"""The match and round state machine (rulebook sections 3-10) as generators.

Every random draw is a :class:`Draw` yielded by a generator and answered with
a value, so one mechanism serves the seeded stream, manual (physical) dice and
conformance replay.  :class:`Flow` is a short-lived mutable copy of a
:class:`~core.buttonmen.position.Position` that the generators change, given
the plain facts it needs (options, button names, specials); the state freezes
it again with :meth:`Flow.changes`.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from core.buttonmen.actions import (
    Attack,
    Auxiliary,
    Chance,
    ChooseOption,
    ChooseSwing,
    Decline,
    Focus,
    Reserve,
)
from core.buttonmen.attacks import Context, enumerate_attacks
from core.buttonmen.dice import (
    Die,
    fresh_dice,
    captured_score2,
    halved,
    kept_score2,
    ladder_step,
    mad_sizes,
    mood_sizes,
)
from core.buttonmen.position import WORK_FIELDS, Phase, Position, RoundResult
from core.buttonmen.recipe import (
    AUXILIARY, BERSERK, CHANCE, DOPPELGANGER, FOCUS, JOLT, KONSTANT, MAD, MAXIMUM, MIGHTY, MOOD, MORPHING, NULL, ORNERY,
    RADIOACTIVE, RAGE, RESERVE, SLOW, STINGER, TIME_AND_SPACE, TRIP, TURBO, VALUE, WARRIOR, WEAK, DieSpec,
    parse_recipe, recipe_text,
)
from core.buttonmen.specials import SLOW_BUTTON
from core.protocol import Action, Options

SENTINEL = 10**6
INFINITY = 10**9
DECK = tuple(v for v in range(1, 14) for _ in range(4)) + (20, 20)
"""The wildcard deck: A-K four times (1-13) and two jokers (20)."""
NOT_COUNTED = TRIP + SLOW + STINGER + RAGE + WARRIOR
"""Skills ignored for initiative: Trip, Slow, Stinger, Rage, Warrior."""
SPLIT_LOSES = TURBO + MAD + MOOD + JOLT + TIME_AND_SPACE
"""Skills the parts of a Radioactive split lose (besides Radioactive itself)."""


@dataclass(frozen=True)
class Draw:
    """A request for one random result: a die value, a size or a coin toss."""

    player: int
    """Whose die (the player who enters it with manual dice)."""
    die: int
    """Index of the die in that player's dice in play (-1: not a die)."""
    label: str
    halves: tuple[int, ...] = ()
    """Roll these halves and sum them (a die roll)."""
    choices: tuple[int, ...] = ()
    """Pick one of these uniformly (sizes, cards, a first player)."""

    def values(self) -> tuple[int, ...]:
        """Every possible result, ascending."""
        if self.choices:
            return tuple(sorted(set(self.choices)))
        low = sum(1 for h in self.halves if h > 0)
        return tuple(range(low, sum(self.halves) + 1))


Gen = Generator[Draw, int, Any]


def counted_values(dice: Sequence[Die]) -> list[int]:
    """Initiative values of a player's dice, ascending (excluded skills left out)."""
    return sorted(d.value for d in dice if not _not_counted(d))


def _not_counted(d: Die) -> bool:
    """True for a die ignored for initiative (one of the skills in :data:`NOT_COUNTED`)."""
    return any(c in NOT_COUNTED for c in d.skills)


def initiative_winner(dice: Sequence[Sequence[Die]], slow: Sequence[bool]) -> int | None:
    """Who moves first by section 6.1, or None on a complete tie."""
    lists = []
    for p in (0, 1):
        values = counted_values(dice[p])
        lists.append([] if slow[p] else [*values, SENTINEL])
    alive = [0, 1]
    i = 0
    while True:
        entries = [lists[p][i] if i < len(lists[p]) else INFINITY for p in alive]
        low = min(entries)
        if low == INFINITY:
            return None
        alive = [p for p, e in zip(alive, entries, strict=True) if e == low]
        if len(alive) == 1:
            return alive[0]
        i += 1


def radioactive_parts(d: Die, uid: int) -> tuple[Die, Die]:
    """The two dice a Radioactive attacker splits into (uids ``uid`` and ``uid + 1``), not yet rolled.

    Each half splits, one part rounded up and one down (a twin ``(1,2)`` gives ``(1,1)`` and
    ``(0,1)``); swing halves keep their letter; the parts lose Radioactive and :data:`SPLIT_LOSES`.
    """
    skills = d.with_skills(remove=RADIOACTIVE + SPLIT_LOSES).skills
    letters = d.letters if d.swing else ("",) * len(d.halves)
    up = tuple((h + 1) // 2 for h in d.halves)
    down = tuple(h // 2 for h in d.halves)
    return (Die(skills, up, 0, letters, None, False, uid, d.owner),
            Die(skills, down, 0, letters, None, False, uid + 1, d.owner))


def chance_dice(dice: Sequence[Die]) -> list[int]:
    """Positions of the dice that may reroll as a Chance reaction."""
    return [i for i, d in enumerate(dice) if CHANCE in d.skills and WARRIOR not in d.skills
            and KONSTANT not in d.skills]


def focus_dice(dice: Sequence[Die]) -> list[int]:
    """Positions of the Focus dice that can still be turned down."""
    return [i for i, d in enumerate(dice) if FOCUS in d.skills and WARRIOR not in d.skills and d.value > d.min]


def can_focus(dice: Sequence[Sequence[Die]], p: int) -> bool:
    """True when turning every Focus die of ``p`` fully down wins initiative outright."""
    idx = focus_dice(dice[p])
    if not idx:
        return False
    trial = [list(x) for x in dice]
    for i in idx:
        trial[p][i] = trial[p][i].with_value(trial[p][i].min)
    return initiative_winner(trial, (False, False)) == p


def focus_choices(dice: Sequence[Sequence[Die]], p: int, limit: int) -> list[tuple[tuple[int, int], ...]]:
    """Focus turn-downs of ``p`` that win initiative outright and keep every die as high as possible.

    Each result lists ``(die, new value)`` for the dice that drop.  Only values next to an
    opponent's counted value (``o`` and ``o - 1``), a die's own value and its min can be the
    highest that still wins (raising one value by one moves one entry of the sorted list by
    one), and winning is monotone (lower is never worse), so a depth-first search over those
    values, pruned where even every remaining die at its min loses, finds the results with
    work bounded by ``limit`` (at most that many are returned, highest first).
    """
    idx = focus_dice(dice[p])
    theirs = {d.value for d in dice[1 - p] if not _not_counted(d)}
    trial = [list(dice[0]), list(dice[1])]
    candidates = []
    for i in idx:
        d = dice[p][i]
        near = {d.value, d.min} | {v for o in theirs for v in (o, o - 1)}
        candidates.append(sorted((v for v in near if d.min <= v <= d.value), reverse=True))
    found: list[tuple[int, ...]] = []

    def wins() -> bool:
        return initiative_winner(trial, (False, False)) == p

    def search(k: int) -> None:
        if len(found) >= limit:
            return
        rest = idx[k + 1:]
        for v in candidates[k]:
            trial[p][idx[k]] = dice[p][idx[k]].with_value(v)
            for i in rest:
                trial[p][i] = dice[p][i].with_value(dice[p][i].min)
            if not wins():
                continue
            if rest:
                search(k + 1)
            else:
                found.append(tuple(trial[p][i].value for i in idx))
                break           # a lower value of the last die is never better
        trial[p][idx[k]] = dice[p][idx[k]]

    if idx:
        search(0)
    maximal = [f for f in found if not any(g != f and all(a >= b for a, b in zip(g, f, strict=True))
                                         for g in found)]
    return [tuple((i, v) for i, v in zip(idx, values, strict=True) if v < dice[p][i].value)
            for values in maximal]


def score2(dice: Sequence[Die], captured: Sequence[Die]) -> int:
    """A player's doubled round score."""
    return sum(kept_score2(d) for d in dice) + sum(captured_score2(d) for d in captured)


class Flow:
    """A mutable working copy of a match position (the fields of :class:`Position`, containers as lists)."""

    recipes: list[str]
    dice: list[list[Die]]
    captured: list[list[Die]]
    out_of_play: list[list[Die]]
    chosen: list[dict[str, int]]
    fresh: list[list[str]]
    match_score: list[list[int]]
    acted: list[bool]
    decks: list[tuple[int, ...]]
    log: list[str]
    """The log lines written during this step (appended to the position's log by :meth:`changes`)."""
    rounds: list[RoundResult]
    aux: list[bool | None] | None
    phase: Phase
    mover: int | None
    initiative: int | None
    round_number: int
    passes: int
    turns: int
    reserve_player: int | None
    focus_only: bool
    next_uid: int
    cancelled: bool

    def __init__(self, position: Position, options: Options, buttons: tuple[str, str],
                 specials: tuple[frozenset[str], frozenset[str]]) -> None:
        self.position, self.opt, self.buttons, self.specials = position, options, buttons, specials
        source, work = position.__dict__, self.__dict__
        for name, thaw, _ in WORK_FIELDS:
            work[name] = source[name] if thaw is None else thaw(source[name])
        self.start_pending = False
        """Set when every choice is made: the driver starts the round (no nesting across rounds)."""
        self.odd_time_and_space: set[int] = set()
        """Time and Space dice (by uid) that rolled odd during the current action."""
        self.not_rerolled: set[int] = set()
        """Dice (by uid) whose reroll was skipped because the round ends with this action."""
        self.slow = (SLOW_BUTTON in specials[0], SLOW_BUTTON in specials[1])
        self.faces: tuple[int, ...] = ()
        """The half results of the last twin roll, set by the driver when it rolled them itself."""

    def changes(self) -> dict[str, Any]:
        """The position fields, frozen again."""
        work, old = self.__dict__, self.position.__dict__
        return {name: work[name] if freeze is None else freeze(work[name], old[name])
                for name, _, freeze in WORK_FIELDS}

    # --- helpers ---------------------------------------------------------------------

    def name(self, p: int) -> str:
        return self.buttons[p]

    def specs(self, p: int) -> tuple[DieSpec, ...]:
        return parse_recipe(self.recipes[p])

    def context(self, p: int) -> Context:
        return Context.of(self.opt, self.specials, p)

    def needed(self, p: int) -> list[str]:
        """Swing letters and option positions player ``p`` must still choose."""
        return needed_choices(self.specs(p), self.chosen[p])

    # --- dice rolls ------------------------------------------------------------------

    def _draw_value(self, p: int, i: int, die: Die) -> Gen:
        """The die's new value; :attr:`faces` holds a twin's two half results when the stream rolled them."""
        self.faces = ()
        skills = die.skills
        if MAXIMUM in skills or WARRIOR in skills:
            return die.size
        if die.size == 0:
            return 0
        if die.wildcard:
            deck = self.decks[p] or DECK
            card: int = yield Draw(p, i, f"{self.name(p)}'s wildcard {die.notation}", choices=deck)
            rest = list(deck)
            rest.remove(card)
            self.decks[p] = tuple(rest)
            return card
        value: int = yield Draw(p, i, f"{self.name(p)}'s {die.notation}", halves=die.halves)
        if not (len(die.halves) == len(self.faces) == 2 and sum(self.faces) == value):
            self.faces = ()
        return value

    def opening_roll(self, p: int, i: int, die: Die) -> Gen:
        """The opening roll: no size changes."""
        value = yield from self._draw_value(p, i, die)
        return die.rolled(value, self.faces)

    def reroll(self, p: int, i: int, die: Die, *, own_attack: bool = False, turbo: int | None = None,
               captured: bool = False, final: bool = False) -> Gen:
        """Any roll after the opening roll: resize skills first, Konstant keeps its value.

        ``final``: the round ends with this action, so a value that cannot count is not rolled
        (the die resizes as usual; a Value die, a wildcard and a Maximum die still roll).
        """
        if turbo is not None:
            die = die.with_size_choice(turbo)
        elif TURBO in die.skills and not own_attack and self.opt["turbo_on"] == "any_roll" and (
                die.swing or die.options):
            size: int = yield Draw(p, i, f"{self.name(p)}'s turbo {die.notation} size",
                                   choices=die.size_choices())
            die = die.with_size_choice(size)
        skills = die.skills
        if KONSTANT not in skills:     # Mood and Mad pick a size first, then Mighty grows and Weak shrinks
            mood_now = self.opt["mood_resize_on"] == "every_reroll" or captured
            if MOOD in skills and die.swing and mood_now:
                size = yield Draw(p, i, f"{self.name(p)}'s mood {die.notation} size",
                                  choices=mood_sizes(die.swing))
                die = die.with_size_choice(size)
            if MAD in skills and die.swing:
                size = yield Draw(p, i, f"{self.name(p)}'s mad {die.notation} size",
                                  choices=mad_sizes(die.swing))
                die = die.with_size_choice(size)
            if MIGHTY in skills:
                die = die.resized(tuple(ladder_step(h, True) for h in die.halves))
            if WEAK in skills:
                die = die.resized(tuple(ladder_step(h, False) for h in die.halves))
        if KONSTANT in skills:
            return die
        if final and not die.wildcard and VALUE not in skills and MAXIMUM not in skills:
            self.not_rerolled.add(die.uid)
            return die
        value = yield from self._draw_value(p, i, die)
        if TIME_AND_SPACE in skills and value % 2 == 1:
            self.odd_time_and_space.add(die.uid)
        return Die(die.skills, die.halves, value, die.letters, die.options, die.wildcard, die.uid,
                   die.owner, die.dizzy, self.faces)

    # --- setup -----------------------------------------------------------------------

    def setup(self) -> Gen:
        """Ask for the next setup choice, or start the round when none is left."""
        if self.aux is not None:
            undecided = [p for p in (0, 1) if self.aux[p] is None]
            if undecided:
                self.phase, self.mover = Phase.AUXILIARY, undecided[0]
                return
            self._settle_auxiliary()
        if self.reserve_player is not None:
            self.phase, self.mover = Phase.RESERVE, self.reserve_player
            return
        for p in (0, 1):
            if self.needed(p):
                self.phase, self.mover = Phase.SWING, p
                return
        self.fresh = [[], []]
        self.start_pending = True
        return
        yield  # a generator like every step

    def _settle_auxiliary(self) -> None:
        assert self.aux is not None
        both = all(self.aux)
        for p in (0, 1):
            kept = [s.with_skills(s.skills.replace(AUXILIARY, "")) if AUXILIARY in s.skills else s
                    for s in self.specs(p) if both or AUXILIARY not in s.skills]
            self.recipes[p] = recipe_text(tuple(kept))
        self.log.append("Both players added their auxiliary dice." if both
                        else "The auxiliary dice were declined.")
        self.aux = None

    def choose(self, action: Action) -> Gen:
        p = self.mover
        assert p is not None
        if isinstance(action, ChooseSwing):
            self.chosen[p][action.letter] = action.size
            self.fresh[p].append(action.letter)
        elif isinstance(action, ChooseOption):
            self.chosen[p][str(action.die)] = action.size
            self.fresh[p].append(str(action.die))
        elif isinstance(action, Auxiliary):
            assert self.aux is not None
            self.aux[p] = action.add
        elif isinstance(action, Reserve):
            self.reserve_player = None
            if action.die is not None:
                specs = list(self.specs(p))
                spec = specs[action.die]
                specs[action.die] = spec.with_skills(spec.skills.replace(RESERVE, ""))
                self.recipes[p] = recipe_text(tuple(specs))
                self.log.append(f"{self.name(p)} added the reserve die {specs[action.die].text}.")
            else:
                self.log.append(f"{self.name(p)} added no reserve die.")
        yield from self.setup()

    # --- round start -----------------------------------------------------------------

    def begin_round(self) -> Gen:
        """Load the dice, roll them, settle initiative and reactions."""
        self.captured, self.out_of_play = [[], []], [[], []]
        self.passes, self.turns, self.acted, self.focus_only = 0, 0, [False, False], False
        self.dice = [[], []]
        for p in (0, 1):
            for die in fresh_dice(self.recipes[p], tuple(sorted(self.chosen[p].items()))):
                self.dice[p].append(die.placed(self.next_uid, p))
                self.next_uid += 1
        sizes = ["; ".join(d.notation for d in self.dice[p]) for p in (0, 1)]
        self.log.append(f"Round {self.round_number}: {self.name(0)} [{sizes[0]}] "
                        f"against {self.name(1)} [{sizes[1]}].")
        yield from self.roll_all()

    def roll_all(self) -> Gen:
        while True:
            for p in (0, 1):
                for i, die in enumerate(self.dice[p]):
                    self.dice[p][i] = yield from self.opening_roll(p, i, die)
            values = ["; ".join(d.label for d in self.dice[p]) for p in (0, 1)]
            self.log.append(f"Opening roll: {self.name(0)} [{values[0]}], {self.name(1)} [{values[1]}].")
            again = yield from self.decide_initiative()
            if not again:
                return

    def decide_initiative(self) -> Gen:
        """Settle who moves first; returns True when every die must be rolled again."""
        forced = self.opt["first_player"]
        if forced is not None and self.round_number == 1:
            self.initiative = forced
            self.log.append(f"{self.name(forced)} moves first (set by the first_player option).")
            self.start_turns()
            return False
        first = initiative_winner(self.dice, self.slow)
        if first is None:
            rule = self.opt["initiative_full_tie"]
            hopeless = all(self.slow) or not any(counted_values(d) for d in self.dice)
            if rule == "draw_round":
                self.log.append("Complete initiative tie: the round is a draw.")
                yield from self.end_round(None)
                return False
            if rule == "reroll" and not hopeless:
                self.log.append("Complete initiative tie: every die is rolled again.")
                return True
            first = yield Draw(0, -1, "first player (complete initiative tie)", choices=(0, 1))
            self.log.append(f"Complete initiative tie: {self.name(first)} was chosen to move first.")
        else:
            ignored = [d.label for side in self.dice for d in side if _not_counted(d)]
            note = f" (ignored for initiative: {', '.join(ignored)})" if ignored else ""
            self.log.append(f"{self.name(first)} won initiative{note}.")
        self.initiative = first
        self.offer_reaction(1 - first)
        if self.phase != Phase.REACT:
            self.start_turns()
        return False

    def offer_reaction(self, p: int) -> None:
        """Let ``p`` (without initiative) react if Chance or Focus can help."""
        if self.can_focus(p) or self.chance_dice(p):
            self.phase, self.mover = Phase.REACT, p
        else:
            self.phase = Phase.ATTACK

    def chance_dice(self, p: int) -> list[int]:
        return chance_dice(self.dice[p])

    def can_focus(self, p: int) -> bool:
        return can_focus(self.dice, p)

    def react(self, action: Action) -> Gen:
        p = self.mover
        assert p is not None
        if isinstance(action, Decline):
            self.log.append(f"{self.name(p)} declined to react to initiative.")
            self.start_turns()
            return
        if isinstance(action, Focus):
            for i, v in action.values:
                d = self.dice[p][i]
                if v < d.value:
                    self.dice[p][i] = d.with_value(v, dizzy=True)
            self.log.append(f"{self.name(p)} turned focus dice down and took initiative.")
            self.initiative, self.focus_only = p, False
            self.offer_reaction(1 - p)
            if self.phase != Phase.REACT:
                self.start_turns()
            return
        assert isinstance(action, Chance)
        old = self.dice[p][action.die]
        new = yield from self.reroll(p, action.die, old)
        self.dice[p][action.die] = new
        self.log.append(f"{self.name(p)} rerolled chance die {old.label} => {new.value}.")
        if initiative_winner(self.dice, (False, False)) == p:
            self.initiative, self.focus_only = p, False
            self.log.append(f"{self.name(p)} took initiative.")
            self.offer_reaction(1 - p)
            if self.phase != Phase.REACT:
                self.start_turns()
        elif not self.opt["one_reaction_kind_per_step"] and not self.focus_only and self.can_focus(p):
            self.focus_only = True
        else:
            self.start_turns()

    def start_turns(self) -> None:
        """Reactions are over: the initiative holder moves; the other player's dizziness clears."""
        assert self.initiative is not None
        self.phase, self.mover, self.focus_only = Phase.ATTACK, self.initiative, False
        other = 1 - self.initiative
        self.dice[other] = [d.with_value(d.value, dizzy=False) if d.dizzy else d
                            for d in self.dice[other]]

    # --- turns -----------------------------------------------------------------------

    def legal_attacks(self, p: int) -> list[Attack]:
        return enumerate_attacks(self.dice[p], self.dice[1 - p], self.context(p))

    def finish_action(self, p: int) -> None:
        self.turns += 1
        if not self.acted[p]:
            self.acted[p] = True
            self.dice[p] = [d.with_value(d.value, dizzy=False) if d.dizzy else d for d in self.dice[p]]

    def do_pass(self) -> Gen:
        p = self.mover
        assert p is not None
        self.log.append(f"{self.name(p)} passed.")
        self.passes += 1
        self.finish_action(p)
        if self.opt["ornery_on_pass"]:
            yield from self.ornery(p, set(), final=self.passes >= 2)
        if self.passes >= 2:
            yield from self.end_round(None, by_passes=True)
            return
        yield from self.next_turn(1 - p)

    def surrender(self) -> Gen:
        p = self.mover
        assert p is not None
        self.log.append(f"{self.name(p)} surrendered the round.")
        yield from self.end_round(1 - p, surrendered=p)

    def next_turn(self, p: int) -> Gen:
        self.mover = p
        if self.opt["autopass"] and self.turns > 0 and not self.legal_attacks(p):
            self.log.append(f"{self.name(p)} passed automatically (no attack possible).")
            yield from self.do_pass()

    def ornery(self, p: int, attacked: set[int], *, final: bool = False) -> Gen:
        for i, d in enumerate(self.dice[p]):
            if ORNERY in d.skills and d.uid not in attacked:
                self.dice[p][i] = yield from self.reroll(p, i, d, final=final)

    # --- attacks ---------------------------------------------------------------------

    def attack(self, a: Attack) -> Gen:
        p = self.mover
        assert p is not None
        q = 1 - p
        mine, theirs = self.dice[p], self.dice[q]
        attackers = [mine[i] for i in a.attackers]
        targets = [theirs[j] for j in a.targets]
        text = (f"{self.name(p)} performed {a.kind} attack using [{', '.join(d.label for d in attackers)}]"
                f" against [{', '.join(d.label for d in targets)}]")
        for i, amount in a.fire:
            d = mine[i]
            mine[i] = d.with_value(d.value - amount)
            text += f"; Fire die {d.notation} turned down {d.value} => {d.value - amount}"
        turbo = dict(a.turbo)
        captured_idx = list(a.targets)
        extra_turn = False
        if a.kind == "Trip":
            i, j = a.attackers[0], a.targets[0]
            mine[i] = yield from self.reroll(p, i, mine[i], own_attack=True, turbo=turbo.get(i))
            theirs[j] = yield from self.reroll(q, j, theirs[j])
            if theirs[j].value > mine[i].value:
                captured_idx = []
            text += f"; trip roll {mine[i].value} against {theirs[j].value}"
        elif a.kind == "Boom":
            i, j = a.attackers[0], a.targets[0]
            self.out_of_play[p].append(mine[i])
            theirs[j] = yield from self.reroll(q, j, theirs[j], final=len(mine) == 1)
            captured_idx = []
            text += f"; {targets[0].notation} rerolled => {theirs[j].value}"
        taken = [theirs[j] for j in captured_idx]
        # 3. Rage: the owner gets a fresh replacement for each captured Rage die
        replacements: dict[int, Die] = {}
        for j in captured_idx:
            t = theirs[j]
            if RAGE in t.skills:
                skills = t.skills.replace(RAGE, "") if self.opt["rage_copy_skills"] else ""
                fresh = Die(skills, t.halves, 0, t.letters, t.options, t.wildcard, self.next_uid, q)
                self.next_uid += 1
                replacements[j] = (yield from self.opening_roll(q, j, fresh))
        # the round ends with this attack when a side has no dice left (our ruling BM-R1)
        final = (a.kind == "Boom" and len(mine) == 1) or len(theirs) - len(captured_idx) + len(replacements) == 0
        # 4. attacker-side effects
        single = len(a.targets) == 1 and len(taken) == 1
        nulls = any(NULL in d.skills for d in attackers)
        values = any(VALUE in d.skills for d in attackers)
        if nulls or values:
            taken = [t.with_skills(add=(NULL if nulls else "") + (VALUE if values else "")) for t in taken]
        radioactive = (len(a.attackers) == 1 and len(a.targets) == 1 and a.kind != "Boom"
                       and (RADIOACTIVE in attackers[0].skills or RADIOACTIVE in targets[0].skills))
        morphed = False
        for i in a.attackers:
            d = mine[i]
            if a.kind == "Berserk":
                d = d.resized(halved(d.halves)).with_skills(remove=BERSERK)
            if MORPHING in d.skills and single:
                morphed = True
                t = taken[0]
                d = Die(d.skills, t.halves, d.value, t.letters, t.options, t.wildcard, d.uid, d.owner)
            rage = RAGE in d.skills
            if DOPPELGANGER in d.skills and a.kind == "Power" and taken:
                t = targets[0]
                d = Die(t.skills, t.halves, d.value, t.letters, t.options, t.wildcard, d.uid, d.owner)
            d = d.with_skills(remove=WARRIOR + (RAGE if rage else ""))
            if JOLT in d.skills:
                extra_turn = True
                d = d.with_skills(remove=JOLT)
            mine[i] = d
        if any(JOLT in t.skills for t in taken):
            extra_turn = True
        # 6. attackers reroll (splitting first if Radioactive); a Trip attacker rolled already,
        # unless it splits or morphed into the die it tripped
        split: dict[int, tuple[Die, Die]] = {}
        for i in sorted(a.attackers):
            if a.kind == "Boom" or (a.kind == "Trip" and not radioactive and not morphed):
                continue
            d = mine[i]
            if radioactive:
                parts = []
                for piece in radioactive_parts(d, self.next_uid):
                    self.next_uid += 1
                    parts.append((yield from self.reroll(p, i, piece, own_attack=True, final=final)))
                split[i] = (parts[0], parts[1])
                continue
            mine[i] = yield from self.reroll(p, i, d, own_attack=True, turbo=None if a.kind == "Trip" else turbo.get(i),
                                             captured=bool(taken), final=final)
        # 7. captured dice move to the captor's pile
        attacked = {mine[i].uid for i in a.attackers}
        if a.kind == "Boom":
            del mine[a.attackers[0]]
        elif split:
            rebuilt: list[Die] = []
            for i, d in enumerate(mine):
                rebuilt.extend(split[i] if i in split else (d,))
            self.dice[p] = mine = rebuilt
            attacked |= {d.uid for pair in split.values() for d in pair}
        remaining: list[Die] = []
        for j, d in enumerate(theirs):
            if j in captured_idx:
                if j in replacements:
                    remaining.append(replacements[j])
            else:
                remaining.append(d)
        self.dice[q] = remaining
        self.captured[p].extend(taken)
        if taken:
            text += "; captured " + ", ".join(t.label for t in taken)
        elif a.kind == "Trip":
            text += "; the trip failed"
        after = [d for d in self.dice[p] if d.uid in attacked]
        if after and a.kind != "Boom":
            text += "; attacker now " + ", ".join(
                f"{d.notation} (not rerolled: the round is over)" if d.uid in self.not_rerolled else d.label
                for d in after)
        self.log.append(text + ".")
        # 8. Ornery dice that did not attack reroll
        yield from self.ornery(p, attacked, final=final)
        watch = attacked if self.opt["time_and_space_on"] == "attack_roll" else {d.uid for d in self.dice[p]}
        if self.odd_time_and_space & watch:
            extra_turn = True
        self.passes = 0
        self.finish_action(p)
        if not self.dice[0] or not self.dice[1]:
            yield from self.end_round(None)
            return
        if extra_turn:
            self.log.append(f"{self.name(p)} takes another turn.")
        yield from self.next_turn(p if extra_turn else q)

    # --- round end -------------------------------------------------------------------

    def end_round(self, forced_winner: int | None, *, surrendered: int | None = None,
                  by_passes: bool = False) -> Gen:
        scores2 = (score2(self.dice[0], self.captured[0]), score2(self.dice[1], self.captured[1]))
        winner = forced_winner
        if surrendered is None and winner is None and scores2[0] != scores2[1]:
            winner = 0 if scores2[0] > scores2[1] else 1
        final = ((tuple(self.dice[0]), tuple(self.dice[1])), (tuple(self.captured[0]), tuple(self.captured[1])))
        self.rounds.append(RoundResult(self.round_number, scores2, winner, surrendered, *final))
        if winner is None:
            for m in self.match_score:
                m[2] += 1
        else:
            self.match_score[winner][0] += 1
            self.match_score[1 - winner][1] += 1
        shown = " to ".join(_points(s) for s in scores2)
        who = "drawn" if winner is None else f"won by {self.name(winner)}"
        self.log.append(f"Round {self.round_number} {who}, {shown}.")
        self.passes, self.turns, self.initiative = 0, 0, None
        self.dice, self.captured, self.out_of_play = [[], []], [[], []], [[], []]
        if any(m[0] >= self.opt["max_wins"] for m in self.match_score):
            self.phase, self.mover = Phase.OVER, None
            champion = 0 if self.match_score[0][0] >= self.opt["max_wins"] else 1
            self.log.append(f"{self.name(champion)} wins the match.")
            return
        if self.round_number >= self.opt["round_cap"]:
            self.phase, self.mover, self.cancelled = Phase.OVER, None, True
            self.log.append(f"The match is cancelled after {self.round_number} rounds.")
            return
        self.round_number += 1
        if winner is not None:
            loser = 1 - winner
            wipe = [loser] if self.opt["swing_reselect"] == "loser_only" else [0, 1]
            for p in wipe:
                self.chosen[p] = {}
            if any(RESERVE in s.skills for s in self.specs(loser)):
                self.reserve_player = loser
        elif self.opt["swing_reselect"] == "both_players":
            self.chosen = [{}, {}]
        yield from self.setup()


def needed_choices(specs: tuple[DieSpec, ...], chosen: dict[str, int]) -> list[str]:
    """Swing letters (first appearance order) then option positions not yet chosen."""
    out: list[str] = []
    for spec in specs:
        if RESERVE in spec.skills or AUXILIARY in spec.skills:
            continue
        for letter in spec.swing_letters:
            if letter not in chosen and letter not in out:
                out.append(letter)
    for pos, spec in enumerate(specs):
        if spec.options and RESERVE not in spec.skills and AUXILIARY not in spec.skills and str(pos) not in chosen:
            out.append(str(pos))
    return out


def _points(doubled: int) -> str:
    return str(doubled // 2) if doubled % 2 == 0 else f"{doubled / 2:.1f}"
