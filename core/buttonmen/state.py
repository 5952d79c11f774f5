"""The immutable Button Men position: :class:`ButtonMenState`, its legal actions and how they are played.

Actions run through :mod:`.flow`; draws come from the seeded stream or, with manual dice,
from typed :class:`~core.buttonmen.actions.Roll` actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Self

from core import rng
from core.buttonmen.actions import (
    Attack,
    Auxiliary,
    Chance,
    ChooseOption,
    ChooseSwing,
    Decline,
    Focus,
    Pass,
    Reserve,
    Roll,
    Start,
    Surrender,
)
from core.buttonmen.attacks import (
    Context, attack_types, fire_problem, listed_attacks, needs_warrior, target_set_ok, team_skill_attacks,
    turbo_dice,
)
from core.buttonmen.dice import Die
from core.buttonmen.default import resolve_default
from core.buttonmen.flow import Flow, score2
from core.buttonmen.initiative import NOT_COUNTED, chance_dice, focus_choices, initiative_winner
from core.buttonmen.rolls import Draw, needed_choices
from core.buttonmen.position import PHASE_DUTIES, SECRET_PHASES, Phase, Position
from core.buttonmen.refusals import attack_problem
from core.buttonmen.recipe import AUXILIARY, FOCUS, RESERVE, SWING_RANGES, WARRIOR, parse_recipe
from core.buttonmen.specials import NO_SHARED_SIZE, SLOW_BUTTON, UNIQUE_SWING, fix_recipes, specials_of
from core.protocol import CHANCE, Action, Options, Outcome, Secret, State

LISTS_NO_PASS = (Phase.AUXILIARY, Phase.RESERVE, Phase.SWING, Phase.REACT)
"""Phases whose listed actions never include a pass (:meth:`ButtonMenState._legal_actions`)."""
ACTING = (frozenset((0,)), frozenset((1,)))
"""The actors while player 0 or player 1 is to move (built once: every legal check asks)."""
TYPED_DICE = frozenset((CHANCE,))
NOBODY: frozenset[int] = frozenset()
FOCUS_LIST_LIMIT = 64
"""At most this many Focus reactions are listed (those keeping the dice highest); any other
valid one is still accepted."""


@dataclass(frozen=True, kw_only=True)
class ButtonMenState(State, Position):
    """A Button Men position (player 0 and 1; dice indices follow the current tuples).

    The changing fields come from :class:`~core.buttonmen.position.Position`.
    """

    game_name = "button-men"

    buttons: tuple[str, str]
    specials: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    pending: Action | None = None
    """Manual dice: the action waiting for die results."""
    rolled: tuple[int, ...] = ()
    awaiting: Draw | None = None
    resume: ButtonMenState | None = None
    """Manual dice: the state before ``pending``, from which it is re-run with the rolls."""
    imagined: bool = field(default=False, compare=False)
    """A bot's imagined position (:meth:`_sample_hidden`) and what follows it: no log lines are written
    (a search never reads them; a record of a real match replays them all)."""

    # --- protocol ----------------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.awaiting is not None:
            return TYPED_DICE
        return NOBODY if self.mover is None else ACTING[self.mover]

    @property
    def roller(self) -> int | None:
        """Whose die the awaited typed result is for (manual dice), else None."""
        return None if self.awaiting is None else self.awaiting.player

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        if self.cancelled:
            return Outcome.won_by(None, 2, f"the match was cancelled after {self.round_number} rounds")
        wins = self.options["max_wins"]
        champion = 0 if self.match_score[0][0] >= wins else 1
        return Outcome.won_by(champion, 2, f"{self.buttons[champion]} won {wins} rounds")

    @property
    def scores(self) -> tuple[float, float]:
        """Rounds won by each player."""
        return (float(self.match_score[0][0]), float(self.match_score[1][0]))

    @property
    def doubled_scores(self) -> tuple[int, int]:
        """The current round's scores, doubled (exact integers)."""
        return (score2(self.dice[0], self.captured[0]), score2(self.dice[1], self.captured[1]))

    @property
    def round_scores(self) -> tuple[float, float]:
        """The current round's scores if it ended now (half points exact)."""
        a, b = self.doubled_scores
        return (a / 2, b / 2)

    @property
    def side_score(self) -> float:
        """Sides by which player 0 leads: round(2/3 x (mine - theirs), 1)."""
        a, b = self.round_scores
        return round(2 / 3 * (a - b), 1)

    @property
    def slow(self) -> tuple[bool, bool]:
        return (SLOW_BUTTON in self.specials[0], SLOW_BUTTON in self.specials[1])

    def context_for(self, p: int) -> Context:
        """What besides the dice decides ``p``'s attacks (button specials, options)."""
        return Context.of(self.options, self.specials, p)

    def attacks(self) -> list[Attack]:
        """Every legal attack of the player to move (attack phase only)."""
        if self.phase != Phase.ATTACK or self.awaiting is not None or self.mover is None:
            return []
        return [a for a in self.legal_actions() if isinstance(a, Attack)]

    def attack_types(self) -> list[str]:
        """The attack types the mover may choose; ["Pass"] when none exists."""
        if self.phase != Phase.ATTACK or self.awaiting is not None or self.mover is None:
            return []
        found = self.attacks()
        kinds = attack_types(found)
        if any(isinstance(a, Pass) for a in self.legal_actions()):
            kinds.append("Pass")
        return kinds

    def needed(self, player: int) -> list[str]:
        """Swing letters and option positions ``player`` must still choose."""
        return needed_choices(parse_recipe(self.recipes[player]), dict(self.chosen[player]))

    def visible_choices(self, player: int, viewer: int | None) -> dict[str, int]:
        """``player``'s chosen sizes as ``viewer`` may see them (pending secret ones hidden)."""
        return {k: v for k, v in self.chosen[player] if viewer in (None, player) or k not in self.fresh[player]}

    def kept_choices(self, player: int) -> dict[str, int]:
        """The player's chosen sizes that carry over (all visible ones)."""
        return dict(self.chosen[player])

    def may_react(self, player: int) -> bool:
        """True while ``player`` may react to initiative."""
        return self.phase == Phase.REACT and self.mover == player and self.awaiting is None

    def initiative_excluded(self) -> tuple[list[int], list[int]]:
        """Positions of dice ignored for initiative, per player."""
        return tuple(  # type: ignore[return-value]
            [i for i, d in enumerate(self.dice[p]) if any(d.has(s) for s in NOT_COUNTED)] for p in (0, 1)
        )

    def not_rolled(self) -> tuple[list[int], list[int]]:
        """Positions of dice the pending opening roll has not reached yet, per player (manual dice)."""
        draw = self.awaiting
        if draw is None or draw.die < 0 or self.initiative is not None:
            return ([], [])
        return ([i for i in range(len(self.dice[0])) if (0, i) >= (draw.player, draw.die)],
                [i for i in range(len(self.dice[1])) if (1, i) >= (draw.player, draw.die)])

    def dizzy(self) -> tuple[list[int], list[int]]:
        """Positions of dizzy dice, per player."""
        return ([i for i, d in enumerate(self.dice[0]) if d.dizzy],
                [i for i, d in enumerate(self.dice[1]) if d.dizzy])

    # --- legal actions -------------------------------------------------------------------

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if self.awaiting is not None:
            return tuple(Roll(v) for v in self.awaiting.values())
        p = self.mover
        if p is None:
            return ()
        if self.phase == Phase.AUXILIARY:
            return (Auxiliary(False),) if self._gordo_must_decline(p) else (Auxiliary(True), Auxiliary(False))
        if self.phase == Phase.RESERVE:
            specs = parse_recipe(self.recipes[p])
            return (*(Reserve(i, s.text) for i, s in enumerate(specs) if RESERVE in s.skills), Reserve(None))
        if self.phase == Phase.SWING:
            return self._swing_actions(p)
        if self.phase == Phase.REACT:
            return self._reactions(p)
        mine = self.dice[p]
        found = listed_attacks(mine, self.dice[1 - p], self.context_for(p))
        attacks: list[Action] = list(found)
        if all(needs_warrior(a, mine) for a in found) or not self.options["must_attack"]:
            attacks.append(Pass())
        if self.options["allow_surrender"]:
            attacks.append(Surrender())
        return tuple(attacks)

    def _swing_actions(self, p: int) -> tuple[Action, ...]:
        key = self.needed(p)[0]
        if not key.isdigit():
            low, high = SWING_RANGES[key]
            sizes = [s for s in range(low, high + 1) if self._size_allowed(p, key, s)]
            return tuple(ChooseSwing(key, s) for s in sizes)
        spec = parse_recipe(self.recipes[p])[int(key)]
        assert spec.options is not None
        return tuple(ChooseOption(int(key), s) for s in sorted(set(spec.options)))

    def _gordo_must_decline(self, p: int) -> bool:
        """Gordo declines an auxiliary die that would share a size (or swing letter) with another die."""
        if NO_SHARED_SIZE not in self.specials[p]:
            return False
        specs = parse_recipe(self.recipes[p])
        aux = [s for s in specs if AUXILIARY in s.skills]
        rest = [s for s in specs if AUXILIARY not in s.skills]
        used = {h for s in rest for h in s.halves}
        return any(h in used or isinstance(h, str) for s in aux for h in s.halves)

    def _size_allowed(self, p: int, letter: str, size: int) -> bool:
        special = self.specials[p]
        if UNIQUE_SWING in special or NO_SHARED_SIZE in special:
            if any(s == size for k, s in self.chosen[p] if not k.isdigit() and k != letter):
                return False
        if NO_SHARED_SIZE in special:
            for spec in parse_recipe(self.recipes[p]):
                if not spec.swing_letters and not spec.options and size in spec.halves:
                    return False
        return True

    def _reactions(self, p: int) -> tuple[Action, ...]:
        out: list[Action] = [Focus(values) for values in focus_choices(self.dice, p, FOCUS_LIST_LIMIT)]
        if not self.focus_only:
            out.extend(Chance(i) for i in chance_dice(self.dice[p]))
        out.append(Decline())
        return tuple(out)

    def choice_problem(self, choice: ChooseSwing | ChooseOption) -> str:
        """Why a swing or option size cannot be chosen now (the mover's next choice)."""
        p = self.mover
        assert p is not None
        key = self.needed(p)[0]
        if isinstance(choice, ChooseOption):
            if str(choice.die) != key:
                return f"choose {_choice_name(key)} now"
            spec = parse_recipe(self.recipes[p])[choice.die]
            assert spec.options is not None
            a, b = spec.options
            return f"option die {choice.die + 1} is {spec.text}: choose {a} or {b}"
        if choice.letter != key:
            return f"choose {_choice_name(key)} now"
        low, high = SWING_RANGES[key]
        if not low <= choice.size <= high:
            return f"{key} swing dice are {low} to {high} sides"
        name = self.buttons[p]
        if NO_SHARED_SIZE in self.specials[p] and not self._size_allowed(p, key, choice.size):
            return f"{name}'s swing sizes must differ from each other and from every other die's size"
        same = [f"{k} is {s}" for k, s in self.chosen[p] if not k.isdigit() and k != key and s == choice.size]
        if UNIQUE_SWING in self.specials[p] and same:
            return f"{name}'s swing letters must all have different sizes ({', '.join(same)})"
        return f"{key} = {choice.size} cannot be chosen now"

    def focus_problem(self, focus: Focus) -> str | None:
        """Why a Focus reaction is not allowed now, or None."""
        p = self.mover
        if self.phase != Phase.REACT or p is None or self.awaiting is not None:
            return "Focus dice can only be turned down while reacting to initiative"
        trial = [list(self.dice[0]), list(self.dice[1])]
        seen: set[int] = set()
        for i, v in focus.values:
            if i in seen or not 0 <= i < len(trial[p]):
                return f"there is no die {i + 1} to turn down (or it is listed twice)"
            seen.add(i)
            d = trial[p][i]
            if not d.has(FOCUS) or d.has(WARRIOR):
                return f"{d.label} is not a Focus die"
            if not d.min <= v <= d.value:
                return f"{d.label} can only be turned down to {d.min}-{d.value}"
            trial[p][i] = replace(d, value=v)
        if initiative_winner(trial, (False, False)) != p:
            return "turning Focus dice down must win initiative outright (a tie is not enough)"
        return None

    # --- applying ------------------------------------------------------------------------

    def _irreversible(self, after: Self) -> bool:
        """Random draws and typed dice (a pending or answered roll) cannot be taken back."""
        return after.rng != self.rng or after.pending is not None or self.pending is not None

    def _is_listed(self, action: Action, actor: int) -> bool | None:
        return self.is_listed(action, actor)

    def is_listed(self, action: Action, actor: int) -> bool | None:
        """Typed rolls, and passes where passing is always allowed, are checked without listing
        (exactly as :meth:`_legal_actions` lists them; None for any other action)."""
        if isinstance(action, Roll):
            return self.awaiting is not None and action.value in self.awaiting.values()
        if isinstance(action, Pass) and not self.options["must_attack"]:
            return self.awaiting is None and self.mover is not None and self.phase not in LISTS_NO_PASS
        return None

    def _unlisted_as_played(self, action: Action, actor: int) -> Action | None:
        """Valid Focus reactions, Fire splits, Turbo sizes and Default attacks (too many to list)."""
        if isinstance(action, Focus) and self.focus_problem(action) is None:
            return action
        if not isinstance(action, Attack) or self.mover is None or self.phase != Phase.ATTACK:
            return None
        if action.kind == "Default":
            return resolve_default(action, self.attacks(), self.dice[self.mover]) \
                if self.options["default_attack"] else None
        return action if self._unlisted_attack_ok(action, self.dice[self.mover]) else None

    def _unlisted_attack_ok(self, a: Attack, mine: tuple[Die, ...]) -> bool:
        """True when ``a`` differs from a listed attack only by its Fire split or its Turbo sizes.

        Legality depends on the Fire total, never on how it is split, and (except for Trip)
        not on the size a Turbo attacker takes afterwards.
        """
        if any(not 0 <= i < len(mine) for i in a.attackers):
            return False
        if [i for i, _ in a.turbo] != turbo_dice(mine, a.attackers) or not all(
                s in mine[i].size_choices() for i, s in a.turbo):
            return False
        if a.fire and (a.kind not in ("Power", "Skill") or fire_problem(mine, a.attackers, a.fire) is not None):
            return False    # Fire helps Power and Skill attacks only (section 8.2)
        total = sum(n for _, n in a.fire)
        p = self.mover
        assert p is not None
        known = self.attacks()
        if a.kind == "Skill":       # with very many dice not every team or target set is listed
            known += team_skill_attacks(mine, self.dice[1 - p], self.context_for(p), a.attackers)
        elif target_set_ok(mine, self.dice[1 - p], a):
            known.append(a)
        return any(x.kind == a.kind and x.attackers == a.attackers and x.targets == a.targets
                   and sum(n for _, n in x.fire) == total and (x.turbo == a.turbo or x.kind != "Trip")
                   for x in known)

    def _rule_broken(self, action: Action, actor: int) -> str:
        if self.awaiting is not None:
            if isinstance(action, Roll):
                return f"{action.value} is not a possible result of {self.awaiting.label}: " \
                       f"enter {_spoken_values(self.awaiting.values())}"
            return f"enter the result of {self.awaiting.label} first"
        if isinstance(action, Roll):
            return "no die roll is awaited; enter a result only when asked for one"
        if isinstance(action, (ChooseSwing, ChooseOption)) and self.phase == Phase.SWING and self.mover is not None:
            return f"{action}: {self.choice_problem(action)}"
        if isinstance(action, Surrender) and (action.attackers or action.targets):
            return "surrender is only allowed with no dice selected"
        if isinstance(action, Focus):
            return self.focus_problem(action) or "that Focus reaction is not allowed"
        if isinstance(action, Pass) and self.phase == Phase.ATTACK:
            return "you must attack when any attack is possible; Pass is only legal when none is"
        p = self.mover
        if isinstance(action, Attack) and action.kind == "Default" and self.phase == Phase.ATTACK:
            return "no single attack type fits these dice: choose the type (section 8.5)" \
                if self.options["default_attack"] else "choose the attack type (Default attacks need BM-08)"
        if isinstance(action, Attack) and self.phase == Phase.ATTACK and p is not None:
            return attack_problem(action, self.dice[p], self.dice[1 - p], self.context_for(p),
                                  (self.buttons[p], self.buttons[1 - p]))
        return f"{action} is not a legal action in the {self.phase} phase: {PHASE_DUTIES[self.phase]}"

    def _next_state(self, action: Action, actor: int) -> Self:
        if isinstance(action, Roll):
            assert self.pending is not None and self.resume is not None
            return self._drive(self.resume, self.pending, (*self.rolled, action.value))
        return self._drive(self, action, ())

    def _drive(self, base: ButtonMenState, action: Action, known: tuple[int, ...]) -> Self:
        """Run the action's generator, answering draws from ``known`` then the stream."""
        flow = Flow(base, base.options, base.buttons, base.specials)
        flow.logging = not base.imagined
        gen = flow.play(action)
        manual = base.options["dice_source"] == "manual"
        if not manual:
            flow.stream = base.rng
        used = 0
        try:
            request = next(gen)
            while True:
                if used < len(known):
                    value = known[used]
                    used += 1
                elif manual:
                    return base._with(**{**flow.changes(), "phase": Phase.ROLL},  # type: ignore[return-value]
                                      pending=action, rolled=known, awaiting=request, resume=base)
                else:
                    assert flow.stream is not None
                    flow.stream, value, flow.faces = request.sample(flow.stream)
                request = gen.send(value)
        except StopIteration:
            pass
        return base._with(rng=base.rng if manual else flow.stream, pending=None,  # type: ignore[return-value]
                          rolled=(), awaiting=None, resume=None, **flow.changes())

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The typed result of the pending draw with its probability (a twin die's sum is not uniform)."""
        if self.awaiting is None:
            return ()
        return tuple((Roll(value), p) for value, p in self.awaiting.distribution())

    def view(self, viewer: int | None) -> Self:
        """The opponent's secret sizes and auxiliary decision are blanked for ``viewer`` (None sees all)."""
        if viewer is None or self.phase not in SECRET_PHASES:
            return self
        other = 1 - viewer
        secret = set(self.fresh[other])
        pair = [self.chosen[0], self.chosen[1]]
        pair[other] = tuple((k, 0 if k in secret else v) for k, v in pair[other])
        aux = self.aux
        if aux is not None and aux[other] is not None:
            aux = (None, aux[1]) if other == 0 else (aux[0], None)
        if not secret and aux is self.aux:
            return self
        return self._with(chosen=(pair[0], pair[1]), aux=aux)

    def public_length(self) -> int:
        """Secret size and auxiliary choices of the current setup are not public until the round starts."""
        if self.phase not in SECRET_PHASES:
            return len(self.history)
        count = len(self.history)
        while count and isinstance(self.history[count - 1], (ChooseSwing, ChooseOption, Auxiliary, Secret)):
            count -= 1
        return count

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        """Reseed the dice and sample the opponent's secret pending choices."""
        other = 1 - viewer
        state = self._with(rng=stream, imagined=True)
        if self.phase in SECRET_PHASES and self.fresh[other]:
            chosen = dict(self.chosen[other])
            specs = parse_recipe(self.recipes[other])
            for key in self.fresh[other]:
                if key.isdigit():
                    opts = specs[int(key)].options
                    assert opts is not None
                    stream, chosen[key] = rng.choice(stream, opts)
                else:
                    low, high = SWING_RANGES[key]
                    stream, chosen[key] = rng.draw(stream, high, low)
            pair = [self.chosen[0], self.chosen[1]]
            pair[other] = tuple(sorted(chosen.items()))
            state = state._with(chosen=(pair[0], pair[1]), rng=stream)
        if self.phase == Phase.AUXILIARY and self.aux is not None and self.aux[other] is None and \
                self.mover != other:
            stream, pick = rng.below(stream, 2)
            aux = [self.aux[0], self.aux[1]]
            aux[other] = bool(pick)
            state = state._with(aux=(aux[0], aux[1]), rng=stream)
        return state

def _spoken_values(values: tuple[int, ...]) -> str:
    """Possible results in words: ``1 to 4``, ``0 or 1`` or ``one of 4, 6, 8``."""
    if len(values) == 2:
        return f"{values[0]} or {values[1]}"
    if len(values) > 2 and values[-1] - values[0] == len(values) - 1:
        return f"{values[0]} to {values[-1]}"
    return f"one of {', '.join(str(v) for v in values)}" if len(values) > 1 else str(values[0])


def _choice_name(key: str) -> str:
    """A pending choice in words: ``the size of your X swing dice`` or ``the size of option die 2``."""
    return f"the size of option die {int(key) + 1}" if key.isdigit() else f"the size of your {key} swing dice"


def new_match(seed: int, options: Options) -> ButtonMenState:
    """The first state of a match: recipes fixed (section 4.1), auxiliary dice offered, setup begun."""
    stream = rng.seed_stream(seed)
    names, recipes, stream = fix_recipes(options, stream)
    specials = (specials_of(names[0]), specials_of(names[1]))
    aux: tuple[bool | None, bool | None] | None = None
    specs = [parse_recipe(r) for r in recipes]
    own = [[s for s in sp if AUXILIARY in s.skills] for sp in specs]
    if own[0] or own[1]:
        aux = (None, None)
        recipes = (recipes[0] if own[0] else recipes[0] + " " + " ".join(s.text for s in own[1]),
                   recipes[1] if own[1] else recipes[1] + " " + " ".join(s.text for s in own[0]))
    state = ButtonMenState(options=options, seed=seed, rng=stream, buttons=names, recipes=recipes,
                           specials=specials, aux=aux)
    return state._drive(state, Start(), ())
