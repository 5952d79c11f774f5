"""The campaign state: :class:`CampaignState` (the protocol: who acts, legal actions, views, play) and its start.

Its parts: :mod:`.options` (every Ruling), :mod:`.campaign` (fields and facts), :mod:`.rounds`
(battles, resolution, the round's end) and :mod:`.orders` (picks and orders).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from core import rng
from core.battle import pool
from core.battle.maps import Map, load_map
from core.battle.actions import Attack, Choose, Pass, PickButton, ReportResult
from core.battle.model import Result
from core.battle.options import COLOURS, SMALL_POINT_CHOICES
from core.battle.orders import Orders
from core.protocol import (
    CHANCE, MODERATOR, Action, IllegalAction, InputError, Options, Outcome, SubAction,
)

__all__ = ["CampaignState", "actor_label", "button_index", "initial_state", "player_index"]


@dataclass(frozen=True, kw_only=True)
class CampaignState(Orders):
    """A ButtonMen Battle campaign between rounds' orders, battles and choices."""

    game_name = "buttonmen-battle"

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

    def _unlisted_as_played(self, action: Action, actor: int) -> Action | None:
        if self.phase == "orders" and isinstance(action, Attack) and self.attack_problem(actor, action) is None:
            return action
        if self.phase in ("battles", "small_points") and actor == MODERATOR and isinstance(action, ReportResult) \
                and self.report_problem(action) is None:
            return action
        return None

    def _rule_broken(self, action: Action, actor: int) -> str:
        """A sentence naming the reason (a ruling id may follow it, never stand alone)."""
        who = actor_label(self, actor)
        if self.phase == "picks":
            if isinstance(action, PickButton):
                return self.pick_problem(action) or f"{who} may not pick {action.button} now"
            return f"the players pick their buttons first; it is {self.names[self.picker]}'s pick"
        if self.phase == "orders":
            if isinstance(action, Attack):
                return self.attack_problem(actor, action) or f"{who} may not order that attack now"
            if isinstance(action, Pass):
                return (f"{who} may pass only when another player's order this round targets one of their "
                        "armies, or when no attack is legal (BB-07)")
            return f"{who} must give an order (an attack or a pass) first"
        if isinstance(action, ReportResult):
            return self.report_problem(action) or "results are reported by the moderator"
        if self.phase == "choices" and isinstance(action, Choose):
            asked = ", ".join(self.board.name_of(t) for t, ask in self._asks() if ask.player == actor)
            return (f"{who} chooses which army takes {asked} (BB-15)" if asked else
                    f"{who} has no choice of army to make; the owners of {self._asked_names()} choose now")
        return f"that is not possible now: {self._waiting_for()}"

    def _asked_names(self) -> str:
        return ", ".join(self.board.name_of(t) for t, _ in self._asks())

    def _waiting_for(self) -> str:
        """What the campaign waits for, in words."""
        waiting = {
            "picks": "the players pick their buttons",
            "orders": "the players give their orders (an attack or a pass)",
            "battles": "the round's battles are being fought"
            + (" (the moderator reports their results)" if self.options["battle_source"] == "reported" else ""),
            "small_points": "the moderator reports the small points a comparison needs",
            "choices": f"owners choose which of their armies takes {self._asked_names()}",
        }
        return waiting.get(self.phase, "the campaign is over")

    def why_illegal(self, action: Action, actor: int) -> str:
        """A move in a battle that ``actor`` may not make now, in the campaign's words."""
        if not isinstance(action, SubAction) or self.subgame(action.game, actor) is not None:
            return super().why_illegal(action, actor)
        who, number = actor_label(self, actor), action.game + 1
        if self.phase != "battles":
            return f"no battle is being fought now: {self._waiting_for()}"
        if not 0 <= action.game < len(self.battles) or self.matches[action.game] is None:
            return f"there is no Button Men battle {number} this round"
        match = self.matches[action.game]
        if match is not None and match.is_over:
            return f"battle {number} is over"
        if actor not in self.battles[action.game].players and actor != CHANCE:
            return f"{who} does not fight in battle {number}"
        return f"it is not {who}'s turn in battle {number}"

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

    def _sample_hidden(self, viewer: int, stream: int) -> Self:
        if not self.matches:
            return self._with(rng=stream)
        imagined = []
        for index, (battle, match) in enumerate(zip(self.battles, self.matches, strict=True)):
            if match is not None and viewer in battle.players:
                match = match.determinize(battle.players.index(viewer), rng.derive(stream, index))
            elif match is not None:   # neither side's secrets are known: both are imagined
                match = match.determinize(0, rng.derive(stream, index, 0))
                match = match._sample_hidden(1, rng.derive(stream, index, 1))
            imagined.append(match)
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

    def _next_state(self, action: Action, actor: int) -> Self:
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
            state = state._with(rng=stream)._next_state(PickButton(entry.name), state.picker)
    return state


def actor_label(state: CampaignState, actor: int) -> str:
    """A campaign actor in words: a player's name, chance or the moderator."""
    if actor == CHANCE:
        return "chance (typed dice)"
    if actor == MODERATOR:
        return "the moderator"
    return state.names[actor]


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
