"""The match and round state machine (rulebook sections 3-10) as generators.

Every random draw is a :class:`Draw` yielded by a generator and answered with
a value, so one mechanism serves the seeded stream, manual (physical) dice and
conformance replay.  :class:`Flow` is a short-lived mutable copy of a state's
position that the generators change; the state module freezes it again.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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
    build_die,
    captured_score2,
    halved,
    kept_score2,
    ladder_step,
    mad_sizes,
    mood_sizes,
)
from core.buttonmen.recipe import DieSpec, parse_recipe, recipe_text
from core.protocol import Action

if TYPE_CHECKING:
    from core.buttonmen.state import ButtonMenState

SENTINEL = 10**6
INFINITY = 10**9
DECK = tuple(v for v in range(1, 14) for _ in range(4)) + (20, 20)
"""The wildcard deck: A-K four times (1-13) and two jokers (20)."""
NOT_COUNTED = "twgG`"
"""Skills ignored for initiative: Trip, Slow, Stinger, Rage, Warrior."""


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


@dataclass(frozen=True)
class RoundResult:
    """A finished round: number, doubled scores, winner (None: draw) and how it ended."""

    number: int
    scores2: tuple[int, int]
    winner: int | None
    surrendered: int | None = None

    @property
    def scores(self) -> tuple[float, float]:
        """The final round scores (half points exact)."""
        return (self.scores2[0] / 2, self.scores2[1] / 2)


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


def score2(dice: Sequence[Die], captured: Sequence[Die]) -> int:
    """A player's doubled round score."""
    return sum(kept_score2(d) for d in dice) + sum(captured_score2(d) for d in captured)


@dataclass
class Flow:
    """A mutable working copy of a match position."""

    state: ButtonMenState
    recipes: list[str] = field(default_factory=list)
    dice: list[list[Die]] = field(default_factory=list)
    captured: list[list[Die]] = field(default_factory=list)
    out_of_play: list[list[Die]] = field(default_factory=list)
    chosen: list[dict[str, int]] = field(default_factory=list)
    fresh: list[list[str]] = field(default_factory=list)
    match_score: list[list[int]] = field(default_factory=list)
    acted: list[bool] = field(default_factory=list)
    decks: list[tuple[int, ...]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    """The log lines written during this step (appended to the state's log by :meth:`changes`)."""
    rounds: list[RoundResult] = field(default_factory=list)
    aux: list[bool | None] | None = None
    phase: str = ""
    mover: int | None = None
    initiative: int | None = None
    round_number: int = 1
    passes: int = 0
    turns: int = 0
    reserve_player: int | None = None
    focus_only: bool = False
    next_uid: int = 1
    cancelled: bool = False
    start_pending: bool = False
    """Set when every choice is made: the driver starts the round (no nesting across rounds)."""
    odd_time_and_space: set[int] = field(default_factory=set)
    """Time and Space dice (by uid) that rolled odd during the current action."""
    not_rerolled: set[int] = field(default_factory=set)
    """Dice (by uid) whose reroll was skipped because the round ends with this action."""

    @classmethod
    def of(cls, s: ButtonMenState) -> Flow:
        return cls(
            state=s, recipes=list(s.recipes), dice=[list(s.dice[0]), list(s.dice[1])],
            captured=[list(s.captured[0]), list(s.captured[1])],
            out_of_play=[list(s.out_of_play[0]), list(s.out_of_play[1])],
            chosen=[dict(s.chosen[0]), dict(s.chosen[1])], fresh=[list(s.fresh[0]), list(s.fresh[1])],
            match_score=[list(s.match_score[0]), list(s.match_score[1])], acted=list(s.acted),
            decks=list(s.decks), log=[], rounds=list(s.rounds), aux=None if s.aux is None else list(s.aux),
            phase=s.phase, mover=s.mover, initiative=s.initiative, round_number=s.round_number,
            passes=s.passes, turns=s.turns, reserve_player=s.reserve_player, focus_only=s.focus_only,
            next_uid=s.next_uid, cancelled=s.cancelled,
        )

    def changes(self) -> dict[str, Any]:
        """The state fields to replace."""
        dice, captured, out, chosen, fresh, score = (
            self.dice, self.captured, self.out_of_play, self.chosen, self.fresh, self.match_score)
        return dict(
            recipes=tuple(self.recipes), dice=(tuple(dice[0]), tuple(dice[1])),
            captured=(tuple(captured[0]), tuple(captured[1])), out_of_play=(tuple(out[0]), tuple(out[1])),
            chosen=(tuple(sorted(chosen[0].items())), tuple(sorted(chosen[1].items()))),
            fresh=(tuple(fresh[0]), tuple(fresh[1])),
            match_score=((score[0][0], score[0][1], score[0][2]), (score[1][0], score[1][1], score[1][2])),
            acted=(self.acted[0], self.acted[1]), decks=tuple(self.decks),
            log=self.state.log + tuple(self.log) if self.log else self.state.log,
            rounds=tuple(self.rounds), aux=None if self.aux is None else (self.aux[0], self.aux[1]),
            phase=self.phase, mover=self.mover, initiative=self.initiative,
            round_number=self.round_number, passes=self.passes, turns=self.turns,
            reserve_player=self.reserve_player, focus_only=self.focus_only, next_uid=self.next_uid,
            cancelled=self.cancelled,
        )

    # --- helpers ---------------------------------------------------------------------

    @property
    def opt(self) -> Any:
        return self.state.options

    def name(self, p: int) -> str:
        return self.state.buttons[p]

    def specs(self, p: int) -> tuple[DieSpec, ...]:
        return parse_recipe(self.recipes[p])

    def context(self, p: int) -> Context:
        return self.state.context_for(p)

    def needed(self, p: int) -> list[str]:
        """Swing letters and option positions player ``p`` must still choose."""
        return needed_choices(self.specs(p), self.chosen[p])

    # --- dice rolls ------------------------------------------------------------------

    def _draw_value(self, p: int, i: int, die: Die) -> Gen:
        skills = die.skills
        if "M" in skills or "`" in skills:
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
        return value

    def opening_roll(self, p: int, i: int, die: Die) -> Gen:
        """The opening roll: no size changes."""
        value = yield from self._draw_value(p, i, die)
        return Die(die.skills, die.halves, value, die.letters, die.options, die.wildcard, die.uid,
                   die.owner, False)

    def reroll(self, p: int, i: int, die: Die, *, own_attack: bool = False, turbo: int | None = None,
               captured: bool = False, final: bool = False) -> Gen:
        """Any roll after the opening roll: resize skills first, Konstant keeps its value.

        ``final``: the round ends with this action, so a value that cannot count is not rolled
        (the die resizes as usual; a Value die, a wildcard and a Maximum die still roll).
        """
        if turbo is not None:
            die = die.with_size_choice(turbo)
        elif "!" in die.skills and not own_attack and self.opt["turbo_on"] == "any_roll" and (
                die.swing or die.options):
            size: int = yield Draw(p, i, f"{self.name(p)}'s turbo {die.notation} size",
                                   choices=die.size_choices())
            die = die.with_size_choice(size)
        skills = die.skills
        if "k" not in skills:
            if "H" in skills:
                die = die.resized(tuple(ladder_step(h, True) for h in die.halves))
            if "h" in skills:
                die = die.resized(tuple(ladder_step(h, False) for h in die.halves))
            mood_now = self.opt["mood_resize_on"] == "every_reroll" or captured
            if "?" in skills and die.swing and mood_now:
                size = yield Draw(p, i, f"{self.name(p)}'s mood {die.notation} size",
                                  choices=mood_sizes(die.swing))
                die = die.with_size_choice(size)
            if "&" in skills and die.swing:
                size = yield Draw(p, i, f"{self.name(p)}'s mad {die.notation} size",
                                  choices=mad_sizes(die.swing))
                die = die.with_size_choice(size)
        if "k" in skills:
            return die
        if final and not die.wildcard and "v" not in skills and "M" not in skills:
            self.not_rerolled.add(die.uid)
            return die
        value = yield from self._draw_value(p, i, die)
        if "^" in skills and value % 2 == 1:
            self.odd_time_and_space.add(die.uid)
        return Die(die.skills, die.halves, value, die.letters, die.options, die.wildcard, die.uid,
                   die.owner, die.dizzy)

    # --- setup -----------------------------------------------------------------------

    def setup(self) -> Gen:
        """Ask for the next setup choice, or start the round when none is left."""
        if self.aux is not None:
            undecided = [p for p in (0, 1) if self.aux[p] is None]
            if undecided:
                self.phase, self.mover = "auxiliary", undecided[0]
                return
            self._settle_auxiliary()
        if self.reserve_player is not None:
            self.phase, self.mover = "reserve", self.reserve_player
            return
        for p in (0, 1):
            if self.needed(p):
                self.phase, self.mover = "swing", p
                return
        self.fresh = [[], []]
        self.start_pending = True
        return
        yield  # a generator like every step

    def _settle_auxiliary(self) -> None:
        assert self.aux is not None
        both = all(self.aux)
        for p in (0, 1):
            kept = [s.with_skills(s.skills.replace("+", "")) if "+" in s.skills else s
                    for s in self.specs(p) if both or "+" not in s.skills]
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
                specs[action.die] = spec.with_skills(spec.skills.replace("r", ""))
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
            for pos, spec in enumerate(self.specs(p)):
                if "r" in spec.skills or "+" in spec.skills:
                    continue
                die = build_die(spec, self.chosen[p], self.chosen[p].get(str(pos)), self.next_uid, p)
                self.next_uid += 1
                self.dice[p].append(die)
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
        first = initiative_winner(self.dice, self.state.slow)
        if first is None:
            rule = self.opt["initiative_full_tie"]
            hopeless = all(self.state.slow) or not any(counted_values(d) for d in self.dice)
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
        if self.phase != "react":
            self.start_turns()
        return False

    def offer_reaction(self, p: int) -> None:
        """Let ``p`` (without initiative) react if Chance or Focus can help."""
        if self.can_focus(p) or self.chance_dice(p):
            self.phase, self.mover = "react", p
        else:
            self.phase = "attack"

    def chance_dice(self, p: int) -> list[int]:
        return [i for i, d in enumerate(self.dice[p]) if "c" in d.skills and "`" not in d.skills
                and "k" not in d.skills]

    def focus_dice(self, p: int) -> list[int]:
        return [i for i, d in enumerate(self.dice[p]) if "f" in d.skills and "`" not in d.skills
                and d.value > d.min]

    def wins_outright(self, p: int, dice: list[list[Die]]) -> bool:
        return initiative_winner(dice, (False, False)) == p

    def can_focus(self, p: int) -> bool:
        idx = self.focus_dice(p)
        if not idx:
            return False
        trial = [list(x) for x in self.dice]
        for i in idx:
            trial[p][i] = trial[p][i].with_value(trial[p][i].min)
        return self.wins_outright(p, trial)

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
            if self.phase != "react":
                self.start_turns()
            return
        assert isinstance(action, Chance)
        old = self.dice[p][action.die]
        new = yield from self.reroll(p, action.die, old)
        self.dice[p][action.die] = new
        self.log.append(f"{self.name(p)} rerolled chance die {old.label} => {new.value}.")
        if self.wins_outright(p, self.dice):
            self.initiative, self.focus_only = p, False
            self.log.append(f"{self.name(p)} took initiative.")
            self.offer_reaction(1 - p)
            if self.phase != "react":
                self.start_turns()
        elif not self.opt["one_reaction_kind_per_step"] and not self.focus_only and self.can_focus(p):
            self.focus_only = True
        else:
            self.start_turns()

    def start_turns(self) -> None:
        """Reactions are over: the initiative holder moves; the other player's dizziness clears."""
        assert self.initiative is not None
        self.phase, self.mover, self.focus_only = "attack", self.initiative, False
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
            if "o" in d.skills and d.uid not in attacked:
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
            if "G" in t.skills:
                skills = t.skills.replace("G", "") if self.opt["rage_copy_skills"] else ""
                fresh = Die(skills, t.halves, 0, t.letters, t.options, t.wildcard, self.next_uid, q)
                self.next_uid += 1
                replacements[j] = (yield from self.opening_roll(q, j, fresh))
        # the round ends with this attack when a side has no dice left (our ruling BM-R1)
        final = (a.kind == "Boom" and len(mine) == 1) or len(theirs) - len(captured_idx) + len(replacements) == 0
        # 4. attacker-side effects
        single = len(a.targets) == 1 and len(taken) == 1
        nulls = any("n" in d.skills for d in attackers)
        values = any("v" in d.skills for d in attackers)
        if nulls or values:
            taken = [t.with_skills(add=("n" if nulls else "") + ("v" if values else "")) for t in taken]
        radioactive = (len(a.attackers) == 1 and len(a.targets) == 1 and a.kind != "Boom"
                       and ("%" in attackers[0].skills or "%" in targets[0].skills))
        if radioactive:
            taken = [t.with_skills(remove="%") for t in taken]
        for i in a.attackers:
            d = mine[i]
            if a.kind == "Berserk":
                d = d.resized(halved(d.halves)).with_skills(remove="B")
            if "m" in d.skills and single:
                t = taken[0]
                d = Die(d.skills, t.halves, d.value, t.letters, t.options, t.wildcard, d.uid, d.owner)
            rage = "G" in d.skills
            if "D" in d.skills and a.kind == "Power" and taken:
                t = targets[0]
                d = Die(t.skills, t.halves, d.value, t.letters, t.options, t.wildcard, d.uid, d.owner)
            d = d.with_skills(remove="`" + ("G" if rage else ""))
            if "J" in d.skills:
                extra_turn = True
                d = d.with_skills(remove="J")
            mine[i] = d
        if any("J" in t.skills for t in taken):
            extra_turn = True
        # 6. attackers reroll (splitting first if Radioactive)
        split: dict[int, tuple[Die, Die]] = {}
        for i in sorted(a.attackers):
            if a.kind == "Boom" or (a.kind == "Trip" and not radioactive):
                continue
            d = mine[i]
            if radioactive:
                d = d.with_skills(remove="%")
                halves = d.halves if d.is_twin else ((d.size + 1) // 2, d.size // 2)
                parts = []
                for h in halves:
                    piece = Die(d.with_skills(remove="!&?J^").skills, (h,), 0, ("",), None, False,
                                self.next_uid, p)
                    self.next_uid += 1
                    parts.append((yield from self.reroll(p, i, piece, own_attack=True, final=final)))
                split[i] = (parts[0], parts[1])
                continue
            mine[i] = yield from self.reroll(p, i, d, own_attack=True, turbo=turbo.get(i),
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
        self.rounds.append(RoundResult(self.round_number, scores2, winner, surrendered))
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
            self.phase, self.mover = "over", None
            champion = 0 if self.match_score[0][0] >= self.opt["max_wins"] else 1
            self.log.append(f"{self.name(champion)} wins the match.")
            return
        if self.round_number >= self.opt["round_cap"]:
            self.phase, self.mover, self.cancelled = "over", None, True
            self.log.append(f"The match is cancelled after {self.round_number} rounds.")
            return
        self.round_number += 1
        if winner is not None:
            loser = 1 - winner
            wipe = [loser] if self.opt["swing_reselect"] == "loser_only" else [0, 1]
            for p in wipe:
                self.chosen[p] = {}
            if any("r" in s.skills for s in self.specs(loser)):
                self.reserve_player = loser
        elif self.opt["swing_reselect"] == "both_players":
            self.chosen = [{}, {}]
        yield from self.setup()


def needed_choices(specs: tuple[DieSpec, ...], chosen: dict[str, int]) -> list[str]:
    """Swing letters (first appearance order) then option positions not yet chosen."""
    out: list[str] = []
    for spec in specs:
        if "r" in spec.skills or "+" in spec.skills:
            continue
        for letter in spec.swing_letters:
            if letter not in chosen and letter not in out:
                out.append(letter)
    for pos, spec in enumerate(specs):
        if spec.options and "r" not in spec.skills and "+" not in spec.skills and str(pos) not in chosen:
            out.append(str(pos))
    return out


def _points(doubled: int) -> str:
    return str(doubled // 2) if doubled % 2 == 0 else f"{doubled / 2:.1f}"
