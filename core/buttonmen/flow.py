"""The match and round state machine (rulebook sections 3-10) as generators.

:class:`Flow` is a short-lived mutable copy of a :class:`~core.buttonmen.position.Position`
(:class:`~core.buttonmen.rolls.WorkingCopy`, which also rolls the dice) that the generators
change, given the plain facts it needs (options, button names, specials); the state freezes it
again with :meth:`~core.buttonmen.rolls.WorkingCopy.changes`.  Its steps are grouped as the
rulebook orders them: set-up (swing and option choices, auxiliary and reserve dice), the round
start (opening rolls, initiative from :mod:`.initiative`, reactions), turns and attacks (their
effects on attacking dice in :mod:`.capture`) and the round end.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.buttonmen.actions import (
    Attack, Auxiliary, Chance, ChooseOption, ChooseSwing, Decline, Focus, Pass, Reserve, Start, Surrender,
)
from core.buttonmen.attacks import enumerate_attacks
from core.buttonmen.capture import change_attackers, radioactive_parts
from core.buttonmen.dice import Die, captured_score2, fresh_dice, kept_score2
from core.buttonmen.initiative import can_focus, chance_dice, counted_values, not_counted
from core.buttonmen.initiative import initiative_winner as initiative_winner  # re-exported (tests)
from core.buttonmen.position import Phase, RoundResult
from core.buttonmen.recipe import (
    AUXILIARY, JOLT, NULL, ORNERY, RADIOACTIVE, RAGE, RESERVE, VALUE, recipe_text,
)
from core.buttonmen.rolls import Gen, WorkingCopy
from core.buttonmen.rolls import Draw as Draw  # re-exported: the braille variant reads draws from here
from core.protocol import Action, IllegalAction


def score2(dice: Sequence[Die], captured: Sequence[Die]) -> int:
    """A player's doubled round score."""
    return sum(map(kept_score2, dice)) + sum(map(captured_score2, captured))


class Flow(WorkingCopy):
    """The steps of a match on a working copy: set-up, the round start, turns, attacks, the round end."""

    def play(self, action: Action) -> Gen:
        """Play one action (drawing what it rolls), then start the round its choices completed."""
        if isinstance(action, Attack):     # the most frequent kinds first
            yield from self.attack(action)
        elif isinstance(action, Pass):
            yield from self.do_pass()
        elif isinstance(action, Start):
            yield from self.setup()
        elif isinstance(action, (ChooseSwing, ChooseOption, Auxiliary, Reserve)):
            yield from self.choose(action)
        elif isinstance(action, (Focus, Chance, Decline)):
            yield from self.react(action)
        elif isinstance(action, Surrender):
            yield from self.surrender()
        else:
            raise IllegalAction(f"{action} cannot be played here")
        while self.start_pending:
            self.start_pending = False
            yield from self.begin_round()

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
        if self.logging:
            sizes = ["; ".join(d.notation for d in self.dice[p]) for p in (0, 1)]
            self.log.append(f"Round {self.round_number}: {self.name(0)} [{sizes[0]}] "
                            f"against {self.name(1)} [{sizes[1]}].")
        yield from self.roll_all()

    def roll_all(self) -> Gen:
        while True:
            for p in (0, 1):
                dice = self.dice[p]
                for i, die in enumerate(dice):
                    if self.rolls_from_stream(die):     # the common case without a generator
                        dice[i] = die.rolled(self.stream_value(die), self.faces)
                    else:
                        dice[i] = yield from self.opening_roll(p, i, die)
            if self.logging:
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
        elif self.logging:
            ignored = [d.label for side in self.dice for d in side if not_counted(d)]
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
                f" against [{', '.join(d.label for d in targets)}]") if self.logging else ""
        for i, amount in a.fire:
            d = mine[i]
            mine[i] = d.with_value(d.value - amount)
            text += f"; Fire die {d.notation} turned down {d.value} => {d.value - amount}"
        turbo = dict(a.turbo)
        captured_idx = list(a.targets)
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
        morphed, jolted = change_attackers(a, mine, targets, taken, single)
        extra_turn = jolted or any(JOLT in t.skills for t in taken)
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
        attacked = self._move_dice(a, split, captured_idx, replacements, taken)
        if self.logging:
            self.log.append(text + self._attack_ending(p, a, taken, attacked))
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

    def _attack_ending(self, p: int, a: Attack, taken: list[Die], attacked: set[int]) -> str:
        """The end of an attack's log line: what it captured and how the attackers stand now."""
        text = ""
        if taken:
            text += "; captured " + ", ".join(t.label for t in taken)
        elif a.kind == "Trip":
            text += "; the trip failed"
        after = [d for d in self.dice[p] if d.uid in attacked]
        if after and a.kind != "Boom":
            text += "; attacker now " + ", ".join(
                f"{d.notation} (not rerolled: the round is over)" if d.uid in self.not_rerolled else d.label
                for d in after)
        return text + "."

    def _move_dice(self, a: Attack, split: dict[int, tuple[Die, Die]], captured_idx: list[int],
                   replacements: dict[int, Die], taken: list[Die]) -> set[int]:
        """Step 7 of an attack: a Boom attacker leaves, split dice take their parent's place, captured
        dice move to the captor's pile (Rage replacements stay); the uids of the attacking dice."""
        p = self.mover
        assert p is not None
        mine, theirs = self.dice[p], self.dice[1 - p]
        attacked = {mine[i].uid for i in a.attackers}
        if a.kind == "Boom":
            del mine[a.attackers[0]]
        elif split:
            rebuilt: list[Die] = []
            for i, d in enumerate(mine):
                rebuilt.extend(split[i] if i in split else (d,))
            self.dice[p] = rebuilt
            attacked |= {d.uid for pair in split.values() for d in pair}
        remaining: list[Die] = []
        for j, d in enumerate(theirs):
            if j in captured_idx:
                if j in replacements:
                    remaining.append(replacements[j])
            else:
                remaining.append(d)
        self.dice[1 - p] = remaining
        self.captured[p].extend(taken)
        return attacked

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
        if self.logging:
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


def _points(doubled: int) -> str:
    return str(doubled // 2) if doubled % 2 == 0 else f"{doubled / 2:.1f}"
