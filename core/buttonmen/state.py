"""The Button Men game: options (every Ruling), the immutable state and the game object."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, Self

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
    Surrender,
)
from core.buttonmen.attacks import Context, attack_types, enumerate_attacks, needs_warrior, turbo_dice
from core.buttonmen.dice import Die
from core.buttonmen.flow import Draw, Flow, RoundResult, initiative_winner, needed_choices, score2
from core.buttonmen.recipe import SWING_RANGES, parse_recipe
from core.buttonmen.specials import SLOW, specials_of
from core.protocol import (
    CHANCE, JSON, Action, Game, IllegalAction, Option, Options, Outcome, State, int_range, register,
)

FOCUS_LIST_LIMIT = 512
"""At most this many Focus reactions are listed; any other valid one is still accepted."""


def _check_buttons(value: JSON) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        return "must be None or two button names"
    return None


def _check_recipes(value: JSON) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        return "must be None or two recipes"
    for text in value:
        try:
            parse_recipe(text)
        except ValueError as error:
            return str(error)
    return None


OPTIONS = (
    Option("buttons", None, "Two button names from the roster (None: two random TL buttons).",
           check=_check_buttons),
    Option("recipes", None, "Two custom recipes (override the buttons' recipes).", check=_check_recipes),
    Option("dice_source", "rng", "Dice results from the seeded stream or entered by hand (Roll actions).",
           ("rng", "manual")),
    Option("first_player", None, "Skip initiative in round 1 and let this player start (scripts, lessons).",
           (None, 0, 1)),
    Option("initiative_full_tie", "random_first", "BM-01: a complete initiative tie.",
           ("random_first", "draw_round", "reroll")),
    Option("swing_reselect", "loser_only", "BM-02: who re-chooses swing/option sizes after a round.",
           ("loser_only", "both_players")),
    Option("max_wins", 3, "BM-03: rounds needed to win the match.", check=int_range(1, 5)),
    Option("round_cap", 200, "BM-04: cancel the match when a round ends at this round number.",
           check=int_range(1, 10_000)),
    Option("allow_surrender", True, "BM-05: surrender is available.", (True, False)),
    Option("autopass", False, "BM-07: pass automatically when nothing else is legal.", (True, False)),
    Option("default_attack", False, "BM-08: accept untyped Default attacks, resolved as on the site.",
           (True, False)),
    Option("fire_overshoot", False, "BM-09: offer Fire help on Power attacks that work without it.",
           (True, False)),
    Option("mood_resize_on", "every_reroll", "BM-10: when a Mood die resizes.", ("every_reroll", "capture")),
    Option("time_and_space_on", "attack_roll", "BM-11: Time and Space trigger.", ("attack_roll", "any_roll")),
    Option("rage_copy_skills", True, "BM-12: a Rage replacement keeps the other skills.", (True, False)),
    Option("ornery_on_pass", False, "BM-13: Ornery dice reroll after a pass.", (True, False)),
    Option("turbo_on", "own_attack", "BM-14: when a Turbo die resizes.", ("own_attack", "any_roll")),
    Option("stinger_min", "die_min", "BM-15: Stinger's lowest Skill contribution.", ("die_min", "one")),
    Option("echo_mirror_recipe", "(4) (4) (10) (12) (X)", "BM-16: recipe of Echo/Zero facing Echo/Zero.",
           check=lambda v: _check_recipes([v, v])),
    Option("paper_specials", "off", "BM-17: unimplemented printed specials are ignored.", ("off",)),
    Option("tl_pool", "site_playable", "BM-18: the pool of random TL buttons.", ("site_playable",)),
    Option("one_reaction_kind_per_step", True, "BM-19: Chance and Focus never in one reaction step.",
           (True, False)),
    Option("fire_exact", True, "BM-21: exact enumeration of Fire turn-down totals.", (True,)),
    Option("must_attack", True, "BM-06: a player who can attack must attack (False: passing is always "
           "allowed, as in the braille variant's BR-04).", (True, False)),
)


@dataclass(frozen=True)
class Start(Action):
    """The opening of the match (the pending action of a manual first roll)."""

    def to_json(self) -> dict[str, JSON]:
        return {"start": True}

    def __str__(self) -> str:
        return "start the match"


@dataclass(frozen=True, kw_only=True)
class ButtonMenState(State):
    """A Button Men position (player 0 and 1; dice indices follow the current tuples)."""

    game_name = "button-men"

    buttons: tuple[str, str]
    recipes: tuple[str, str]
    specials: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    dice: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    captured: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    out_of_play: tuple[tuple[Die, ...], tuple[Die, ...]] = ((), ())
    chosen: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = ((), ())
    """Swing letters and option positions -> chosen size, per player."""
    fresh: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Choices made in the current setup, still secret from the opponent."""
    match_score: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0))
    acted: tuple[bool, bool] = (False, False)
    decks: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    log: tuple[str, ...] = ()
    rounds: tuple[RoundResult, ...] = ()
    aux: tuple[bool | None, bool | None] | None = None
    phase: str = "swing"
    mover: int | None = None
    initiative: int | None = None
    round_number: int = 1
    passes: int = 0
    turns: int = 0
    reserve_player: int | None = None
    focus_only: bool = False
    next_uid: int = 1
    cancelled: bool = False
    pending: Action | None = None
    """Manual dice: the action waiting for die results."""
    rolled: tuple[int, ...] = ()
    awaiting: Draw | None = None
    resume: ButtonMenState | None = None
    """Manual dice: the state before ``pending``, from which it is re-run with the rolls."""

    # --- protocol ----------------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.awaiting is not None:
            return frozenset((CHANCE,))
        return frozenset() if self.mover is None else frozenset((self.mover,))

    @property
    def roller(self) -> int | None:
        """Whose die the awaited typed result is for (manual dice), else None."""
        return None if self.awaiting is None else self.awaiting.player

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
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
        return (SLOW in self.specials[0], SLOW in self.specials[1])

    def context_for(self, p: int) -> Context:
        return Context(
            no_skill="no_skill" in self.specials[p], beetle="beetle" in self.specials[1 - p],
            fire_overshoot=self.options["fire_overshoot"], stinger_one=self.options["stinger_min"] == "one",
        )

    def attacks(self) -> list[Attack]:
        """Every legal attack of the player to move (attack phase only)."""
        if self.phase != "attack" or self.awaiting is not None or self.mover is None:
            return []
        return [a for a in self.legal_actions() if isinstance(a, Attack)]

    def attack_types(self) -> list[str]:
        """The attack types the mover may choose; ["Pass"] when none exists."""
        if self.phase != "attack" or self.awaiting is not None or self.mover is None:
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
        return self.phase == "react" and self.mover == player and self.awaiting is None

    def initiative_excluded(self) -> tuple[list[int], list[int]]:
        """Positions of dice ignored for initiative, per player."""
        from core.buttonmen.flow import NOT_COUNTED

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
        if self.phase == "auxiliary":
            return (Auxiliary(False),) if self._gordo_must_decline(p) else (Auxiliary(True), Auxiliary(False))
        if self.phase == "reserve":
            specs = parse_recipe(self.recipes[p])
            return (*(Reserve(i, s.text) for i, s in enumerate(specs) if "r" in s.skills), Reserve(None))
        if self.phase == "swing":
            return self._swing_actions(p)
        if self.phase == "react":
            return self._reactions(p)
        mine = self.dice[p]
        found = enumerate_attacks(mine, self.dice[1 - p], self.context_for(p), labelled=True)
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
        if "no_shared_size" not in self.specials[p]:
            return False
        specs = parse_recipe(self.recipes[p])
        aux = [s for s in specs if "+" in s.skills]
        rest = [s for s in specs if "+" not in s.skills]
        used = {h for s in rest for h in s.halves}
        return any(h in used or isinstance(h, str) for s in aux for h in s.halves)

    def _size_allowed(self, p: int, letter: str, size: int) -> bool:
        special = self.specials[p]
        if "unique_swing" in special or "no_shared_size" in special:
            if any(s == size for k, s in self.chosen[p] if not k.isdigit() and k != letter):
                return False
        if "no_shared_size" in special:
            for spec in parse_recipe(self.recipes[p]):
                if not spec.swing_letters and not spec.options and size in spec.halves:
                    return False
        return True

    def _reactions(self, p: int) -> tuple[Action, ...]:
        flow = Flow.of(self)
        out: list[Action] = []
        idx = flow.focus_dice(p)
        if idx and flow.can_focus(p):
            ranges = [range(self.dice[p][i].value, self.dice[p][i].min - 1, -1) for i in idx]
            for values in product(*ranges):
                if len(out) >= FOCUS_LIST_LIMIT:
                    break
                focus = Focus(tuple((i, v) for i, v in zip(idx, values, strict=True)
                                    if v < self.dice[p][i].value))
                if focus.values and self.focus_problem(focus) is None:
                    out.append(focus)
        if not self.focus_only:
            out.extend(Chance(i) for i in flow.chance_dice(p))
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
        if "no_shared_size" in self.specials[p] and not self._size_allowed(p, key, choice.size):
            return f"{name}'s swing sizes must differ from each other and from every other die's size"
        same = [f"{k} is {s}" for k, s in self.chosen[p] if not k.isdigit() and k != key and s == choice.size]
        if "unique_swing" in self.specials[p] and same:
            return f"{name}'s swing letters must all have different sizes ({', '.join(same)})"
        return f"{key} = {choice.size} cannot be chosen now"

    def focus_problem(self, focus: Focus) -> str | None:
        """Why a Focus reaction is not allowed now, or None."""
        p = self.mover
        if self.phase != "react" or p is None or self.awaiting is not None:
            return "Focus dice can only be turned down while reacting to initiative"
        trial = [list(self.dice[0]), list(self.dice[1])]
        seen: set[int] = set()
        for i, v in focus.values:
            if i in seen or not 0 <= i < len(trial[p]):
                return f"there is no die {i + 1} to turn down (or it is listed twice)"
            seen.add(i)
            d = trial[p][i]
            if not d.has("f") or d.has("`"):
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

    def _accepts(self, action: Action, actor: int) -> Action | None:
        """Valid Focus reactions, Turbo size choices and Default attacks (too many to list)."""
        if isinstance(action, Focus) and self.focus_problem(action) is None:
            return action
        if isinstance(action, Attack) and action.turbo and self.mover is not None:
            mine = self.dice[self.mover]
            wanted = turbo_dice(mine, action.attackers)
            if [i for i, _ in action.turbo] == wanted and all(
                    s in mine[i].size_choices() for i, s in action.turbo):
                for x in self.attacks():
                    if (x.kind, x.attackers, x.targets, x.fire) == (
                            action.kind, action.attackers, action.targets, action.fire) and x.kind != "Trip":
                        return action
        if isinstance(action, Attack) and action.kind == "Default" and self.options["default_attack"]:
            from core.buttonmen.default import resolve_default

            return resolve_default(self, action)
        return None

    def why_illegal(self, action: Action, actor: int) -> str:
        if self.awaiting is not None:
            if isinstance(action, Roll):
                return f"{action.value} is not a possible result of {self.awaiting.label}: " \
                       f"enter {_spoken_values(self.awaiting.values())}"
            return f"enter the result of {self.awaiting.label} first"
        if isinstance(action, Roll):
            return "no die roll is awaited; enter a result only when asked for one"
        if isinstance(action, (ChooseSwing, ChooseOption)) and self.phase == "swing" and self.mover is not None:
            return f"{action}: {self.choice_problem(action)}"
        if isinstance(action, Surrender) and (action.attackers or action.targets):
            return "surrender is only allowed with no dice selected"
        if isinstance(action, Focus):
            return self.focus_problem(action) or "that Focus reaction is not allowed"
        if isinstance(action, Pass) and self.phase == "attack":
            return "you must attack when any attack is possible; Pass is only legal when none is"
        if isinstance(action, Attack) and self.phase == "attack":
            from core.buttonmen.default import attack_problem

            return attack_problem(self, action)
        return f"{action} is not a legal action in the {self.phase} phase"

    def _play(self, action: Action, actor: int) -> Self:
        if isinstance(action, Roll):
            assert self.pending is not None and self.resume is not None
            return self._drive(self.resume, self.pending, (*self.rolled, action.value))
        return self._drive(self, action, ())

    def _drive(self, base: ButtonMenState, action: Action, known: tuple[int, ...]) -> Self:
        """Run the action's generator, answering draws from ``known`` then the stream."""
        flow = Flow.of(base)
        gen = _process(flow, action)
        manual = base.options["dice_source"] == "manual"
        stream = base.rng
        used = 0
        try:
            request = next(gen)
            while True:
                if used < len(known):
                    value = known[used]
                    used += 1
                elif manual:
                    return base._with(**{**flow.changes(), "phase": "roll"},  # type: ignore[return-value]
                                      pending=action, rolled=known, awaiting=request, resume=base)
                else:
                    stream, value = _sample(stream, request)
                request = gen.send(value)
        except StopIteration:
            pass
        return base._with(rng=stream, pending=None, rolled=(), awaiting=None,  # type: ignore[return-value]
                          resume=None, **flow.changes())

    def view(self, viewer: int | None) -> Self:
        """The opponent's secret sizes and auxiliary decision are blanked for ``viewer`` (None sees all)."""
        if viewer is None or self.phase not in ("swing", "auxiliary"):
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
        if self.phase not in ("swing", "auxiliary"):
            return len(self.history)
        count = len(self.history)
        while count and isinstance(self.history[count - 1], (ChooseSwing, ChooseOption, Auxiliary)):
            count -= 1
        return count

    def _imagine(self, viewer: int, stream: int) -> Self:
        """Reseed the dice and sample the opponent's secret pending choices."""
        other = 1 - viewer
        state = self._with(rng=stream)
        if self.phase in ("swing", "auxiliary") and self.fresh[other]:
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
        if self.phase == "auxiliary" and self.aux is not None and self.aux[other] is None and \
                self.mover != other:
            stream, pick = rng.below(stream, 2)
            aux = [self.aux[0], self.aux[1]]
            aux[other] = bool(pick)
            state = state._with(aux=(aux[0], aux[1]), rng=stream)
        return state

def _potential(state: ButtonMenState, player: int) -> int:
    """Before the dice are loaded: half the recipe's sizes (unchosen swing at its middle)."""
    chosen = dict(state.chosen[player])
    total = 0
    for pos, spec in enumerate(parse_recipe(state.recipes[player])):
        if "r" in spec.skills:
            continue
        if spec.options:
            total += chosen.get(str(pos), sum(spec.options) // 2)
        for half in spec.halves:
            if isinstance(half, int):
                total += half
            else:
                low, high = SWING_RANGES[half]
                total += chosen.get(half, (low + high) // 2)
    return total


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


def _sample(stream: int, request: Draw) -> tuple[int, int]:
    if request.choices:
        return rng.choice(stream, request.choices)
    total = 0
    for half in request.halves:
        if half > 0:
            stream, v = rng.draw(stream, half)
            total += v
    return stream, total


def _process(flow: Flow, action: Action) -> Generator[Draw, int, None]:
    if isinstance(action, Attack):     # the most frequent kinds first
        yield from flow.attack(action)
    elif isinstance(action, Pass):
        yield from flow.do_pass()
    elif isinstance(action, Start):
        yield from flow.setup()
    elif isinstance(action, (ChooseSwing, ChooseOption, Auxiliary, Reserve)):
        yield from flow.choose(action)
    elif isinstance(action, (Focus, Chance, Decline)):
        yield from flow.react(action)
    elif isinstance(action, Surrender):
        yield from flow.surrender()
    else:
        raise IllegalAction(f"{action} cannot be played here")
    while flow.start_pending:
        flow.start_pending = False
        yield from flow.begin_round()


class ButtonMen(Game):
    """Button Men as played on buttonweavers.com."""

    name = "button-men"
    title = "Button Men"
    rules_version = "2"
    """2: no roll that can no longer matter at round end (ruling BM-R1), so version-1 records may not replay."""
    options = OPTIONS
    search = {"iterations": 60, "playout_depth": 12}

    def parse_action(self, data: JSON) -> Action | None:
        """Focus reactions and attacks (Turbo sizes, Default) that may be legal without being listed."""
        return Focus.from_json(data) or Attack.from_json(data)

    def describe(self, state: Any, viewer: int | None) -> str:
        from core.buttonmen.render import describe

        return describe(state, viewer)

    def svg(self, state: Any, viewer: int | None) -> str:
        from core.buttonmen.render import svg

        return svg(state)

    def _initial(self, seed: int, options: Options) -> ButtonMenState:
        from core.buttonmen.specials import fix_recipes

        stream = rng.seed_stream(seed)
        names, recipes, stream = fix_recipes(options, stream)
        specials = (specials_of(names[0]), specials_of(names[1]))
        aux: tuple[bool | None, bool | None] | None = None
        specs = [parse_recipe(r) for r in recipes]
        own = [[s for s in sp if "+" in s.skills] for sp in specs]
        if own[0] or own[1]:
            aux = (None, None)
            recipes = tuple(
                r if own[p] else r + " " + " ".join(s.text for s in own[1 - p]) for p, r in enumerate(recipes)
            )  # type: ignore[assignment]
        state = ButtonMenState(
            options=options, seed=seed, rng=stream, buttons=(names[0], names[1]),
            recipes=(recipes[0], recipes[1]), specials=specials, aux=aux,
        )
        return state._drive(state, Start(), ())

    def evaluate(self, state: State, player: int) -> float:
        """Match score plus the current round's score margin, in [0, 1]."""
        assert isinstance(state, ButtonMenState)
        if state.is_over:
            return float(state.returns()[player])
        need: int = state.options["max_wins"]
        wins = state.match_score[player][0] - state.match_score[1 - player][0]
        if state.dice[0] or state.dice[1]:
            doubled = state.doubled_scores
            mine, theirs = doubled[player], doubled[1 - player]
        else:
            mine, theirs = _potential(state, player), _potential(state, 1 - player)
        margin = (mine - theirs) / (abs(mine) + abs(theirs) + 2)
        last = 0.0
        if state.rounds:
            a, b = state.rounds[-1].scores2[player], state.rounds[-1].scores2[1 - player]
            last = (a - b) / (abs(a) + abs(b) + 2)
        # a round won outweighs any margin; the last round's margin only breaks ties
        value = 0.5 + (0.4 * wins + 0.1 * margin + 0.01 * last) / need
        return min(max(value, 0.0), 1.0)


GAME = register(ButtonMen())
