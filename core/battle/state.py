"""The campaign state: options (every Ruling), setup, orders, battles, resolution, elimination, victory."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from core import rng
from core.battle import pool
from core.battle.maps import Map, load_map, map_ids
from core.buttonmen import ButtonMenState
from core.battle.model import (
    Attack, Battle, Choose, Pass, Pending, PickButton, ReportResult, Result, RoundLog, Score,
)
from core.battle.placement import place
from core.battle.resolution import Ask, Decision, MissingSmallPoints, Pend, Take, claims_of, coin_stream, decide
from core.protocol import (
    CHANCE, MODERATOR, Action, IllegalAction, InputError, Option, Options, Outcome, State, SubAction, get_game,
    int_range, is_int, name_problem,
)

SMALL_POINT_CHOICES = (1, 10, 30)
"""Listed small-point values when the moderator is asked for them (any integer is accepted)."""
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
OVERRIDABLE = ("no_duplicate_matchup", "adjacency")
"""The checks a record may waive for named battles (section 8)."""


def _check_threshold(value: Any) -> str | None:
    return None if value == "auto" or (is_int(value) and 1 <= value <= 100) else "must be 'auto' or 1-100"


def _check_overrides(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or len(value) > 100:
        return "must be a list of at most 100 overrides"
    for item in value:
        if not isinstance(item, dict) or set(item) != {"rule", "round", "battles"}:
            return "each override is {rule, round, battles}"
        if item["rule"] not in OVERRIDABLE:
            return f"a record may waive only {', '.join(OVERRIDABLE)}"
        if not is_int(item["round"]) or item["round"] < 1:
            return "an override's round is a round number"
        battles = item["battles"]
        if not isinstance(battles, (list, tuple)) or not battles or not all(is_int(b) and b >= 0 for b in battles):
            return "an override's battles are battle positions (0-based) in that round's battles list"
    return None


COLOUR = re.compile(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20}")
"""A player's colour as a record may give it (drawn into SVG and Bokeh: nothing else gets through)."""


def _check_setup(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not 3 <= len(value) <= 5:
        return "must be None or a list of 3-5 players"
    for player in value:
        if not isinstance(player, dict):
            return "each player is an object with a name"
        problem = name_problem(player.get("name"))
        if problem:
            return f"a player's name: {problem}"
        if player.get("colour") is not None and not (isinstance(player["colour"], str)
                                                     and COLOUR.fullmatch(player["colour"])):
            return f"{player['name']}: a colour is '#rgb', '#rrggbb' or a colour name such as 'teal'"
        if set(player) - {"name", "colour", "armies"}:
            return f"{player['name']}: a player has name, colour and armies"
        armies = player.get("armies")
        if not isinstance(armies, (list, tuple)) or not 1 <= len(armies) <= 5:
            return f"{player['name']}: armies must be a list of 1-5 armies"
        for army in armies:
            if not isinstance(army, dict) or set(army) - {"button", "territory", "recipe"} \
                    or not isinstance(army.get("button"), str) or not isinstance(army.get("territory"), str):
                return f"{player['name']}: each army has a button, a territory and optionally a recipe"
            problem = pool.check_entries([{"name": army["button"], "recipe": army["recipe"]}]) \
                if army.get("recipe") is not None else None
            if problem:
                return problem
    names = [p["name"].casefold() for p in value]
    return "player names must be unique" if len(set(names)) != len(names) else None


def _check_names(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) > 5:
        return "must be None or a list of at most 5 player names"
    return next((problem for problem in map(name_problem, value) if problem), None)


OPTIONS = (
    Option("edition", 1, "BB-01: rule set (1: most convincing win; 2: fixed order, tie-breaks).", (1, 2)),
    Option("players", 5, "BB-02: number of players (ignored when setup names them).", (3, 4, 5)),
    Option("armies_per_player", 2, "BB-02: armies (buttons) per player.", check=int_range(1, 5)),
    Option("map", "belgium", "The map (a file in core/battle/maps).", map_ids()),
    Option("include_brussels", False, "BB-27: play the map's optional territories (Brussels).", (False, True)),
    Option("button_pool", "auto", "BB-03: eligible buttons (auto: TL in ed. 1, the pick list in ed. 2).",
           ("auto", "tl", "pick_list")),
    Option("unique_buttons", True, "BB-04: a button may appear once per game.", (True, False)),
    Option("pick_list", None, "BB-18: the coordinator's pick list, [{name, recipe}].", check=pool.check_entries),
    Option("button_stats", None, "BB-18: button statistics [{name, recipe, games, win_rate}] to build a pick list.",
           check=pool.check_stats),
    Option("e2_pool_win_band", "45..55", "BB-18: win-rate band (percent) of the built pick list.",
           check=pool.check_band),
    Option("e2_pool_min_games", 100, "BB-18: games needed to enter the built pick list.",
           check=int_range(0, 1_000_000)),
    Option("placement", "balanced_random", "BB-05: starting placement (setup overrides it).", ("balanced_random",)),
    Option("neutral_territories", "inert", "BB-06: leftover territories.", ("inert", "claimable")),
    Option("allow_duplicate_matchups", False, "BB-09: two battles between the same armies in a round.",
           (False, True)),
    Option("battle_max_wins", 3, "BB-10: round wins that win a battle.", check=int_range(1, 5)),
    Option("battle_source", "engine", "BB-10: battles played here or reported by the moderator.",
           ("engine", "reported")),
    Option("battle_dice", "rng", "Engine battles: dice from the seeded streams or typed by hand (chance).",
           ("rng", "manual")),
    Option("convincing_order", "rounds_then_small_points", "BB-13: most convincing win.",
           ("rounds_then_small_points",)),
    Option("small_points", "all_rounds_signed", "BB-14: small points of an engine battle.",
           ("all_rounds_signed", "won_rounds_only")),
    Option("e1_final_tie", "coin_flip", "BB-16: tie after small points between players (ed. 1).",
           ("coin_flip", "tiebreak_battle")),
    Option("e2_multi_claim", "top_two_battle", "BB-20: three or more claimant players (ed. 2).",
           ("top_two_battle",)),
    Option("win_threshold", "auto", "BB-25: territories that win (auto: floor(N/2)+1).", check=_check_threshold),
    Option("record_overrides", (), "BB-26: checks a record waives, [{rule, round, battles}].",
           check=_check_overrides),
    Option("button_picks", "random", "Ours: buttons drawn at random from the pool, or picked by the players in "
           "turn (seat order, one button per turn).", ("random", "players")),
    Option("setup", None, "Players, buttons and starting territories given (a record's start), else random.",
           check=_check_setup),
    Option("player_names", None, "Player names for a random setup.", check=_check_names),
    Option("move_order", None, "Edition 2: round 1 move order by player name (None: random, BB-17).",
           check=_check_names),
    Option("stalemate", "open_neutrals", "Ours: when no player can attack, inert neutral territories become "
           "claimable (open_neutrals) or the campaign ends ranked by territories (end).", ("open_neutrals", "end")),
    Option("round_cap", 60, "Ours: the campaign ends after this round; ranking by territories.",
           check=int_range(1, 1000)),
)


@dataclass(frozen=True, kw_only=True)
class CampaignState(State):
    """A ButtonMen Battle campaign between rounds' orders, battles and choices."""

    game_name = "buttonmen-battle"

    board: Map
    names: tuple[str, ...]
    colours: tuple[str, ...]
    buttons: tuple[str, ...]
    recipes: tuple[str, ...]
    home: tuple[int, ...]
    """Each army's starting territory (edition 2: its territory for the whole game)."""
    army_player: tuple[int | None, ...]
    """Each army's current owner (edition 2: None while its territory is pending)."""
    holder: tuple[int | None, ...]
    """Each territory's army (None: neutral, pending in edition 1, or a buttonless claimed territory)."""
    land: tuple[int | None, ...]
    """Each territory's owning player (None: neutral or pending)."""
    inert: frozenset[int] = frozenset()
    pending: tuple[Pending, ...] = ()
    round_number: int = 1
    phase: str = "orders"
    move_order: tuple[int, ...] = ()
    ordered: tuple[int, ...] = ()
    passes: tuple[int, ...] = ()
    battles: tuple[Battle, ...] = ()
    matches: tuple[State | None, ...] = ()
    choices: tuple[tuple[int, int], ...] = ()
    eliminated: tuple[int | None, ...] = ()
    """The round each player was eliminated in (None: still in)."""
    past: tuple[RoundLog, ...] = ()
    warnings: tuple[str, ...] = ()
    round_start: int = 0
    """How many actions of ``history`` preceded this round's battles (for public records)."""
    end: str | None = None
    victor: int | None = None

    # --- facts --------------------------------------------------------------------------

    @property
    def edition(self) -> int:
        return int(self.options["edition"])

    @property
    def alive(self) -> tuple[int, ...]:
        return tuple(p for p in range(len(self.names)) if self.eliminated[p] is None)

    @property
    def counted(self) -> int:
        """Territories that count for victory (inert neutral ones do not)."""
        return self.board.size - len(self.inert)

    @property
    def threshold(self) -> int:
        value = self.options["win_threshold"]
        return self.counted // 2 + 1 if value == "auto" else int(value)

    def lands(self, player: int) -> int:
        return sum(1 for owner in self.land if owner == player)

    def is_pending(self, territory: int) -> bool:
        return any(p.territory == territory for p in self.pending)

    def has_claim(self, player: int) -> bool:
        return any(c.player == player for p in self.pending for c in p.claims)

    def army_owner(self, army: int | None) -> int | None:
        return None if army is None else self.army_player[army]

    def territories_of(self, army: int) -> tuple[int, ...]:
        return tuple(t for t, a in enumerate(self.holder) if a == army and self.land[t] is not None)

    def targeted(self, player: int) -> bool:
        """True when another player's order this round targets one of ``player``'s armies (BB-07)."""
        return any(b.kind == "attack" and b.players[1] == player for b in self.battles)

    def _waived(self, rule: str) -> bool:
        position = sum(1 for b in self.battles if b.order is not None)
        return any(o["rule"] == rule and o["round"] == self.round_number and position in o["battles"]
                   for o in self.options["record_overrides"])

    def attack_problems(self, player: int, origin: int, target: int) -> list[tuple[str, str | None]]:
        """Every rule the attack breaks: (reason, the override name that may waive it or None)."""
        board, n = self.board, self.board.size
        if not (0 <= origin < n and 0 <= target < n):
            return [("no such territory", None)]
        problems: list[tuple[str, str | None]] = []
        p_name, q_name = board.name_of(origin), board.name_of(target)
        if self.land[origin] != player:
            problems.append((f"{p_name} is not held by {self.names[player]}", None))
        elif self.holder[origin] is None:
            problems.append((f"{p_name} has no button to attack with", None))
        if self.is_pending(origin) or self.is_pending(target):
            problems.append(("a pending territory neither attacks nor is attacked (BB-21)", None))
        if target in self.inert:
            problems.append((f"{q_name} is neutral and cannot be attacked (BB-06)", None))
        elif self.land[target] == player:
            problems.append((f"{q_name} is {self.names[player]}'s own territory", None))
        if not board.adjacent(origin, target):
            problems.append((f"{p_name} and {q_name} do not border each other", "adjacency"))
        a, b = self.holder[origin], self.holder[target]
        if a is not None and b is not None and not self.options["allow_duplicate_matchups"]:
            for index, battle in enumerate(self.battles):
                if set(battle.armies) == {a, b}:
                    problems.append((f"{self.buttons[a]} and {self.buttons[b]} already fight in battle {index + 1} "
                                     "this round (BB-09)", "no_duplicate_matchup"))
                    break
        return problems

    def attack_problem(self, player: int, attack: Attack) -> str | None:
        """Why ``player`` may not order ``attack`` now (waived checks excepted), else None."""
        for reason, rule in self.attack_problems(player, attack.origin, attack.target):
            if rule is None or not self._waived(rule):
                return reason
        return None

    def attacks(self, player: int) -> tuple[Attack, ...]:
        """Every attack ``player`` may order now (no waivers)."""
        found = []
        for origin, owner in enumerate(self.land):
            if owner != player or self.holder[origin] is None:
                continue
            for target in sorted(self.board.neighbours[origin]):
                if not self.attack_problems(player, origin, target):
                    found.append(Attack(origin, target))
        return tuple(found)

    def may_pass(self, player: int) -> bool:
        return self.targeted(player) or not self.attacks(player)

    def subgame(self, index: int, actor: int) -> tuple[State, int] | None:
        """Battle ``index``'s Button Men state and the seat ``actor`` plays there (0 attacker, 1 defender)."""
        if self.phase != "battles" or not 0 <= index < len(self.matches):
            return None
        match = self.matches[index]
        if match is None or match.is_over:
            return None
        if actor == CHANCE:
            return (match, CHANCE) if CHANCE in match.actors else None
        for seat in (0, 1):
            if self.battles[index].players[seat] == actor and seat in match.actors:
                return match, seat
        return None

    def battle_record(self, round_number: int, index: int) -> dict[str, Any]:
        """The Button Men record of battle ``index`` (0-based, tie-breaks first) of a round."""
        if round_number == self.round_number and self.phase == "battles":
            matches = self.matches
        elif 1 <= round_number <= len(self.past):
            matches = self.past[round_number - 1].matches
        else:
            raise InputError("round", f"no such round with battles (rounds played: {len(self.past)})", round_number)
        if not 0 <= index < len(matches) or matches[index] is None:
            raise InputError("battle", f"round {round_number} has no Button Men match with that number", index)
        match = matches[index]
        assert match is not None
        return match.to_record()

    # --- setup ------------------------------------------------------------------------------

    @property
    def picker(self) -> int:
        """Whose button pick it is (seat order, one button per turn)."""
        return len(self.buttons) % len(self.names)

    def pick_problem(self, pick: PickButton) -> str | None:
        """Why a button pick is refused (BB-03, BB-04), else None."""
        entry = next((e for e in pool.eligible(self.options) if e.name == pick.button), None)
        if entry is None:
            return f"{pick.button} is not an eligible button (BB-03)"
        if self.options["unique_buttons"] and pick.button in self.buttons:
            first = self.names[self.army_player[self.buttons.index(pick.button)] or 0]
            return f"{pick.button} was already picked by {first}; the earlier pick stands, so pick another (BB-04)"
        return None

    def _pick(self, pick: PickButton) -> Self:
        entry = next(e for e in pool.eligible(self.options) if e.name == pick.button)
        state = self._with(buttons=(*self.buttons, entry.name), recipes=(*self.recipes, entry.recipe),
                           army_player=(*self.army_player, self.picker))
        return state._deal() if len(state.buttons) == len(self.names) * self.options["armies_per_player"] else state

    def _deal(self) -> Self:
        """The balanced random placement (2.4) of the picked armies."""
        stream, spots = place(self.board, len(self.names), self.options["armies_per_player"], self.rng)
        armies: list[list[tuple[str, str, int]]] = [[] for _ in self.names]
        for army, player in enumerate(self.army_player):
            assert player is not None
            own = armies[player]
            own.append((self.buttons[army], self.recipes[army], spots[player][len(own)]))
        return self._with(rng=stream, buttons=(), recipes=(), army_player=())._start(armies)

    def _start(self, armies: list[list[tuple[str, str, int]]]) -> Self:
        """Round 1 from each player's armies (button, recipe, territory), in army order."""
        buttons: list[str] = []
        recipes: list[str] = []
        home: list[int] = []
        army_player: list[int | None] = []
        holder, land = list(self.holder), list(self.land)
        first_pick: dict[str, str] = {}
        for p, own in enumerate(armies):
            for name, recipe, territory in own:
                if self.options["unique_buttons"] and name.casefold() in first_pick:
                    raise InputError(f"setup: {self.names[p]}", f"{name} was already picked by "
                                     f"{first_pick[name.casefold()]}; the earlier pick stands, so re-pick (BB-04)")
                first_pick.setdefault(name.casefold(), self.names[p])
                if holder[territory] is not None:
                    raise InputError(f"setup: {self.names[p]}", "two armies start on one territory",
                                     self.board.name_of(territory))
                holder[territory], land[territory] = len(buttons), p
                buttons.append(name)
                recipes.append(recipe)
                home.append(territory)
                army_player.append(p)
        inert = frozenset(t for t in range(self.board.size) if land[t] is None) \
            if self.options["neutral_territories"] == "inert" else frozenset()
        stream = self.rng
        order: tuple[int, ...] = ()
        if self.edition == 2:
            if self.options["move_order"] is not None:
                order = _named_order(list(self.names), self.options["move_order"])
            else:
                stream, order = rng.shuffled(stream, range(len(self.names)))
        return self._with(
            rng=stream, buttons=tuple(buttons), recipes=tuple(recipes), home=tuple(home),
            army_player=tuple(army_player), holder=tuple(holder), land=tuple(land), inert=inert,
            move_order=tuple(order), phase="orders",
        )

    # --- protocol -------------------------------------------------------------------------

    @property
    def actors(self) -> frozenset[int]:
        if self.phase == "picks":
            return frozenset((self.picker,))
        if self.phase == "orders":
            if self.edition == 2:
                waiting = [p for p in self.move_order if p not in self.ordered]
                return frozenset(waiting[:1])
            return frozenset(p for p in self.alive if p not in self.ordered)
        if self.phase == "battles":
            if self.options["battle_source"] == "reported":
                return frozenset((MODERATOR,))
            found: set[int] = set()
            for battle, match in zip(self.battles, self.matches, strict=True):
                if match is not None and not match.is_over:
                    found |= {CHANCE if s == CHANCE else battle.players[s] for s in match.actors}  # type: ignore[misc]
            return frozenset(found)
        if self.phase == "choices":
            return frozenset(ask.player for _, ask in self._asks())
        if self.phase == "small_points":
            return frozenset((MODERATOR,))
        return frozenset()

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        keys = [self._rank_key(p) for p in range(len(self.names))]
        places = tuple(1 + sum(other > mine for other in keys) for mine in keys)
        return Outcome(places, self.end or "the campaign is over")

    def _rank_key(self, player: int) -> tuple[int, int, int]:
        won = self.victor == player
        out = self.eliminated[player]
        return (int(won), self.lands(player), 10**6 if out is None else out)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Players best first (section 7's ranking; equal players in seat order)."""
        return tuple(sorted(range(len(self.names)), key=lambda p: self._rank_key(p), reverse=True))

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(float(self.lands(p)) for p in range(len(self.names)))

    def _legal_actions(self, actor: int) -> tuple[Action, ...]:
        if self.phase == "picks":
            taken = set(self.buttons) if self.options["unique_buttons"] else set()
            return tuple(PickButton(e.name) for e in pool.eligible(self.options) if e.name not in taken)
        if self.phase == "orders":
            attacks = self.attacks(actor)
            return (*attacks, Pass()) if self.targeted(actor) or not attacks else attacks
        if self.phase == "battles":
            if actor == MODERATOR:
                return self._report_choices()
            listed: list[Action] = []
            for index in range(len(self.matches)):
                inner = self.subgame(index, actor)
                if inner is not None:
                    listed.extend(SubAction(index, a) for a in inner[0].legal_actions(inner[1]))
            return tuple(listed)
        if self.phase == "choices":
            return tuple(Choose(t, army) for t, ask in self._asks() if ask.player == actor for army in ask.armies)
        if self.phase == "small_points":
            asked = self.missing_small_points()
            assert asked is not None
            result = self.battles[asked].result
            assert result is not None and result.winner is not None
            return tuple(ReportResult(asked, result.winner, result.score, points) for points in SMALL_POINT_CHOICES)
        return ()

    def missing_small_points(self) -> int | None:
        """The battle whose small points the resolution needs but nobody reported, else None."""
        try:
            self._decisions()
        except MissingSmallPoints as missing:
            return missing.battle
        return None

    def _report_choices(self) -> tuple[Action, ...]:
        wins = self.options["battle_max_wins"]
        return tuple(ReportResult(i, seat, Score(wins, losses)) for i, b in enumerate(self.battles)
                     if b.result is None and b.kind != "walkover" for seat in (0, 1) for losses in range(wins))

    def _accepts(self, action: Action, actor: int) -> Action | None:
        if self.phase == "orders" and isinstance(action, Attack) and self.attack_problem(actor, action) is None:
            return action
        if self.phase in ("battles", "small_points") and actor == MODERATOR and isinstance(action, ReportResult) \
                and self.report_problem(action) is None:
            return action
        return None

    def report_problem(self, report: ReportResult) -> str | None:
        """Why a reported result is refused, else None."""
        if not 0 <= report.battle < len(self.battles):
            return f"there is no battle {report.battle + 1} this round"
        battle = self.battles[report.battle]
        if self.phase == "small_points":
            asked = self.missing_small_points()
            result = battle.result
            if report.battle != asked or result is None or report.small_points is None \
                    or (report.winner, report.score) != (result.winner, result.score):
                return (f"the small points of battle {(asked or 0) + 1} are needed: report its result again "
                        "with them")
            return None
        if battle.result is not None or battle.kind == "walkover":
            return f"battle {report.battle + 1} already has its result"
        wins, score = self.options["battle_max_wins"], report.score
        if score.wins != wins or not 0 <= score.losses < wins or score.draws > 50:
            return (f"battle {report.battle + 1}: the winner has {wins} round wins and the loser fewer "
                    f"(battle_max_wins={wins}); got {score}")
        return None

    def why_illegal(self, action: Action, actor: int) -> str:
        if self.phase == "picks":
            if isinstance(action, PickButton):
                return self.pick_problem(action) or f"{action} is not legal now"
            return f"the players pick their buttons first; it is {self.names[self.picker]}'s pick"
        if self.phase == "orders":
            if isinstance(action, Attack):
                return self.attack_problem(actor, action) or f"{action} is not legal now"
            if isinstance(action, Pass):
                return (f"{self.names[actor]} may pass only when another player's order this round targets "
                        "one of their armies, or when no attack is legal (BB-07)")
            return f"{self.names[actor]} must give an order (an attack or a pass) first"
        if isinstance(action, ReportResult):
            return self.report_problem(action) or "results are reported by the moderator"
        if self.phase == "choices" and isinstance(action, Choose):
            return f"{action} is not a choice {self.names[actor]} has to make"
        return f"{action} is not a legal action now"

    def _irreversible(self, after: Self) -> bool:
        if after.round_number != self.round_number or after.rng != self.rng or after.phase != self.phase:
            return True   # battles dealt (their dice drawn), a resolution (coin flips) or a new round
        for old, new in zip(self.matches, after.matches, strict=False):
            if new is not None and new is not old and new.undo_floor == len(new.history):
                return True
        return False

    def view(self, viewer: int | None) -> Self:
        if not any(m is not None for m in self.matches):
            return self
        viewed = []
        for battle, match in zip(self.battles, self.matches, strict=True):
            seat = battle.players.index(viewer) if viewer is not None and viewer in battle.players else None
            if match is not None:   # a player outside this battle knows neither side's secrets
                match = match.view(seat) if seat is not None or viewer is None else match.view(0).view(1)
            viewed.append(match)
        return self._with(matches=tuple(viewed))

    def _imagine(self, viewer: int, stream: int) -> Self:
        if not self.matches:
            return self._with(rng=stream)
        imagined = []
        for index, (battle, match) in enumerate(zip(self.battles, self.matches, strict=True)):
            seat = battle.players.index(viewer) if viewer in battle.players else 0
            imagined.append(None if match is None else match.determinize(seat, rng.derive(stream, index)))
        return self._with(rng=stream, matches=tuple(imagined))

    def public_length(self) -> int:
        """Up to the first action of an open battle that its match still keeps secret."""
        cut = len(self.history)
        for index, match in enumerate(self.matches):
            if match is None or match.public_length() >= len(match.history):
                continue
            inner = 0
            for position in range(self.round_start, len(self.history)):
                action = self.history[position]
                if isinstance(action, SubAction) and action.game == index:
                    if inner == match.public_length():
                        cut = min(cut, position)
                        break
                    inner += 1
        return cut

    # --- play -------------------------------------------------------------------------------

    def _play(self, action: Action, actor: int) -> Self:
        if isinstance(action, PickButton):
            return self._pick(action)
        if isinstance(action, (Attack, Pass)):
            return self._order(action, actor)
        if isinstance(action, SubAction):
            inner = self.subgame(action.game, actor)
            assert inner is not None
            match = inner[0].apply(action.action, inner[1])
            matches = list(self.matches)
            matches[action.game] = match
            state = self._with(matches=tuple(matches))
            if match.is_over:
                state = state._finish_match(action.game, match)
            return state
        if isinstance(action, ReportResult):
            battle = self.battles[action.battle]
            result = Result(action.winner, action.score, action.small_points)
            return self._set_result(action.battle, battle, result)
        if isinstance(action, Choose):
            return self._with(choices=(*self.choices, (action.territory, action.army)))._settle()
        raise IllegalAction(f"{action} is not an action of ButtonMen Battle")

    def _order(self, action: Attack | Pass, player: int) -> Self:
        ordered = (*self.ordered, player)
        if isinstance(action, Pass):
            state = self._with(ordered=ordered, passes=(*self.passes, player))
        else:
            warnings = list(self.warnings)
            position = sum(1 for b in self.battles if b.order is not None)
            for reason, rule in self.attack_problems(player, action.origin, action.target):
                warnings.append(f"round {self.round_number}, battle {position + 1}: waived {rule} "
                                f"(record_overrides): {reason}")
            a, b = self.holder[action.origin], self.holder[action.target]
            if b is None:
                battle = Battle("walkover", (a, None), (player, None), action.origin, action.target, position,
                                Result(0, Score(0, 0), 0))
            else:
                assert a is not None
                battle = Battle("attack", (a, b), (player, self.army_owner(b)), action.origin, action.target,
                                position)
            state = self._with(ordered=ordered, battles=(*self.battles, battle), warnings=tuple(warnings))
        everyone = state.move_order if state.edition == 2 else state.alive
        if all(p in state.ordered for p in everyone):
            return state._start_battles()
        return state

    def _start_battles(self) -> Self:
        if not self.battles:
            if self.inert and self.options["stalemate"] == "open_neutrals":
                note = (f"round {self.round_number}: no player could attack, so the neutral territories "
                        "became claimable (stalemate=open_neutrals)")
                return self._with(inert=frozenset(), warnings=(*self.warnings, note))._end_round(())
            return self._with(phase="over", end="stalemate: no player can attack")
        matches: list[State | None] = [None] * len(self.battles)
        if self.options["battle_source"] == "engine":
            game = get_game("button-men")
            for index, battle in enumerate(self.battles):
                if battle.result is None:
                    matches[index] = game.new(rng.derive(self.seed, self.round_number, index),
                                              **self._match_options(battle))
        state = self._with(phase="battles", matches=tuple(matches), round_start=len(self.history) + 1)
        return state._settle() if all(b.result is not None for b in state.battles) else state

    def _match_options(self, battle: Battle) -> dict[str, Any]:
        armies = [a for a in battle.armies if a is not None]
        names = tuple(self.buttons[a] for a in armies)
        recipes = tuple(self.recipes[a] for a in armies)
        options: dict[str, Any] = {"buttons": names, "max_wins": self.options["battle_max_wins"],
                                   "dice_source": self.options["battle_dice"]}
        if all(recipes):
            options["recipes"] = recipes
        return options

    def _finish_match(self, index: int, match: State) -> Self:
        outcome = match.outcome
        assert outcome is not None
        winner = outcome.winner
        assert isinstance(match, ButtonMenState)
        rounds = match.rounds
        wins = [sum(1 for r in rounds if r.winner == s) for s in (0, 1)]
        draws = sum(1 for r in rounds if r.winner is None)
        small = 0
        if winner is not None:
            for r in rounds:
                if self.options["small_points"] == "all_rounds_signed" or r.winner == winner:
                    small += r.scores2[winner] - r.scores2[1 - winner]
        seat = 0 if winner is None else winner
        result = Result(winner, Score(wins[seat], wins[1 - seat], draws), round(small / 2))
        return self._set_result(index, self.battles[index], result)

    def _set_result(self, index: int, battle: Battle, result: Result) -> Self:
        battles = list(self.battles)
        battles[index] = Battle(battle.kind, battle.armies, battle.players, battle.origin, battle.target,
                                battle.order, result)
        state = self._with(battles=tuple(battles))
        return state._settle() if all(b.result is not None for b in state.battles) else state

    # --- resolution ---------------------------------------------------------------------------

    def _where(self, territory: int) -> str:
        return f"round {self.round_number}, {self.board.name_of(territory)}"

    def _decisions(self) -> dict[int, Decision]:
        """Who takes each stake of the round's regular battles (errors name round and territory)."""
        decisions: dict[int, Decision] = {}
        chosen = dict(self.choices)
        for territory, claims in sorted(claims_of(self.battles).items()):
            decisions[territory] = decide(
                territory, claims, edition=self.edition, final_tie=self.options["e1_final_tie"],
                stream=coin_stream(self.seed, self.round_number, territory), choices=chosen,
                where=self._where(territory))
        return decisions

    def _asks(self) -> list[tuple[int, Ask]]:
        return [(t, d) for t, d in self._decisions().items() if isinstance(d, Ask)]

    def _settle(self) -> Self:
        if self.missing_small_points() is not None:
            return self._with(phase="small_points")
        decisions = self._decisions()
        if any(isinstance(d, Ask) for d in decisions.values()):
            return self._with(phase="choices")
        land, holder, owners = list(self.land), list(self.holder), list(self.army_player)
        before = tuple(self.land)
        pending = []
        for pend in self.pending:   # tie-breaks first (6.3)
            battle = next(b for b in self.battles if b.kind == "tiebreak" and b.target == pend.territory)
            assert battle.result is not None
            if battle.result.winner is None:
                pending.append(pend)
                continue
            claim = pend.claims[battle.result.winner]
            self._give(pend.territory, claim.player, claim.army, land, holder, owners)
        for territory, decision in decisions.items():
            if isinstance(decision, Take):
                self._give(territory, decision.player, decision.army, land, holder, owners)
            elif isinstance(decision, Pend):
                land[territory] = None
                if self.edition == 1:
                    holder[territory] = None
                elif holder[territory] is not None:
                    owners[holder[territory]] = None  # type: ignore[index]
                pending.append(Pending(territory, decision.claims))
        captures = tuple((t, before[t], land[t]) for t in range(self.board.size) if before[t] != land[t])
        state = self._with(land=tuple(land), holder=tuple(holder), army_player=tuple(owners), pending=tuple(pending))
        return state._end_round(captures)

    def _give(self, territory: int, player: int, army: int | None, land: list[int | None],
              holder: list[int | None], owners: list[int | None]) -> None:
        land[territory] = player
        if self.edition == 1:
            holder[territory] = army
        elif holder[territory] is not None:
            owners[holder[territory]] = player  # type: ignore[index]

    def _end_round(self, captures: tuple[tuple[int, int | None, int | None], ...]) -> Self:
        eliminated = list(self.eliminated)
        out = []
        for p in self.alive:
            if self.lands(p) == 0 and not self.has_claim(p):
                eliminated[p] = self.round_number
                out.append(p)
        log = RoundLog(
            number=self.round_number, move_order=self.move_order, battles=self.battles, passes=self.passes,
            choices=self.choices, captures=captures, owners=self.land,
            pending=tuple(sorted(p.territory for p in self.pending)), eliminated=tuple(out),
            matches=self.matches,
        )
        state = self._with(eliminated=tuple(eliminated), past=(*self.past, log))
        winners = [p for p in state.alive if state.lands(p) >= state.threshold]
        if winners:
            p = winners[0]
            return state._over(f"{self.names[p]} holds {state.lands(p)} of {state.counted} territories "
                               f"(more than half)", p)
        if len(state.alive) == 1:
            return state._over(f"{self.names[state.alive[0]]} is the last player standing", state.alive[0])
        if len(state.alive) == 0:
            return state._over("every player was eliminated")
        if self.round_number >= self.options["round_cap"]:
            return state._over(f"the round cap ({self.round_number}) was reached; ranked by territories")
        return state._next_round()

    def _over(self, reason: str, victor: int | None = None) -> Self:
        return self._with(phase="over", end=reason, victor=victor, matches=())

    def _next_round(self) -> Self:
        alive = set(self.alive)
        rotated = self.move_order[1:] + self.move_order[:1]
        tiebreaks = tuple(
            Battle("tiebreak", (p.claims[0].army, p.claims[1].army), (p.claims[0].player, p.claims[1].player),
                   None, p.territory)
            for p in self.pending)
        return self._with(
            round_number=self.round_number + 1, phase="orders",
            move_order=tuple(p for p in rotated if p in alive) if self.edition == 2 else (),
            ordered=(), passes=(), battles=tiebreaks, matches=(), choices=(), round_start=0,
        )


def _setup_from_option(board: Map, options: Options) -> tuple[list[str], list[str], list[list[tuple[str, str, int]]]]:
    """Names, colours and armies (button, recipe, territory) given by the ``setup`` option."""
    names, colours, armies = [], [], []
    per = options["armies_per_player"]
    for seat, player in enumerate(options["setup"]):
        names.append(player["name"])
        colours.append(player.get("colour") or COLOURS[seat])
        own = []
        if len(player["armies"]) != per:
            raise InputError(f"setup: {player['name']}", f"needs {per} armies (armies_per_player)",
                             len(player["armies"]))
        for army in player["armies"]:
            name = pool.canonical(army["button"])
            recipe = army.get("recipe") or pool.roster_recipe(name)
            if recipe is None and options["battle_source"] == "engine":
                raise InputError(f"setup: {player['name']}",
                                 "an engine battle needs the button's recipe (it is not on the roster)", name)
            own.append((name, recipe or "", board.index(army["territory"])))
        armies.append(own)
    return names, colours, armies


def _names(options: Options) -> tuple[list[str], list[str]]:
    given = list(options["player_names"] or [])[: options["players"]]
    names = given + [f"Player {i + 1}" for i in range(len(given), options["players"])]
    if len({n.casefold() for n in names}) != len(names):
        raise InputError("player_names", "player names must be unique", names)
    return names, list(COLOURS[: options["players"]])


def initial_state(seed: int, options: Options) -> CampaignState:
    """The first state: the setup's start, or picks (drawn or by the players) before the placement."""
    board = load_map(options["map"], options["include_brussels"])
    stream = rng.seed_stream(seed)
    per = options["armies_per_player"]
    if options["setup"] is not None:
        names, colours, armies = _setup_from_option(board, options)
    else:
        names, colours = _names(options)
        armies = []
    if len(names) * per > board.size:
        raise InputError("armies_per_player", f"{len(names)} players x {per} armies exceed the {board.size} "
                                              f"territories of {board.name} (BB-02)")
    state = CampaignState(
        options=options, seed=seed, rng=stream, board=board, names=tuple(names), colours=tuple(colours),
        buttons=(), recipes=(), home=(), army_player=(), holder=(None,) * board.size, land=(None,) * board.size,
        eliminated=(None,) * len(names), phase="picks",
    )
    if options["setup"] is not None:
        return state._start(armies)
    eligible = pool.eligible(options)
    if options["unique_buttons"] and len(eligible) < len(names) * per:
        raise InputError("pick_list", f"{len(names) * per} distinct buttons are needed; the pool has {len(eligible)}")
    if options["button_picks"] == "players":
        return state
    while state.phase == "picks":
        stream, entry = rng.choice(stream, eligible)
        if entry.name not in state.buttons or not options["unique_buttons"]:
            state = state._with(rng=stream)._play(PickButton(entry.name), state.picker)
    return state


def _named_order(names: list[str], given: Any) -> tuple[int, ...]:
    lookup = {n.casefold(): i for i, n in enumerate(names)}
    order = []
    for name in given:
        if name.casefold() not in lookup:
            raise InputError("move_order", "names a player who is not in the game", name)
        order.append(lookup[name.casefold()])
    if sorted(order) != list(range(len(names))):
        raise InputError("move_order", "must name every player exactly once", list(given))
    return tuple(order)


def player_index(state: CampaignState, name: str) -> int:
    """A player's seat from their name (any letter case)."""
    for i, n in enumerate(state.names):
        if n.casefold() == name.strip().casefold():
            return i
    raise InputError("player", f"not a player of this campaign ({', '.join(state.names)})", name)


def button_index(state: CampaignState, name: str, aliases: Mapping[str, str] | None = None) -> int:
    """An army from its button's name (record aliases and roster spellings accepted)."""
    wanted = (aliases or {}).get(name, name)
    for candidate in (wanted, pool.canonical(wanted)):
        for i, b in enumerate(state.buttons):
            if b.casefold() == candidate.strip().casefold():
                return i
    raise InputError("button", "no army of this campaign has that button", name)
