"""Button picks, the start of round 1, and the orders of a round: attacks (4.1) and passes (4.2)."""

from __future__ import annotations

from typing import Any, Self

from core import rng
from core.battle import pool
from core.battle.actions import Attack, Pass, PickButton
from core.battle.model import Battle, Result, Score
from core.battle.placement import place
from core.battle.rounds import Rounds
from core.protocol import InputError


class Orders(Rounds):
    """Picks (BB-03, BB-04), the placement (2.4), and the round's orders with every rule they must keep."""

    def _waived(self, rule: str) -> bool:
        position = sum(1 for b in self.battles if b.order is not None)
        return any(o["rule"] == rule and o["round"] == self.round_number and position in o["battles"]
                   for o in self.options["record_overrides"])

    def attack_problems(self, player: int, origin: int, target: int) -> list[tuple[str, str | None]]:
        """Every rule the attack breaks: (reason, the override name that may waive it or None)."""
        board, n = self.board, self.board.size
        if not (0 <= origin < n and 0 <= target < n):
            return [(f"{board.name} has territories 1 to {n}; an order names two of them", None)]
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

    @property
    def picker(self) -> int:
        """Whose button pick it is (seat order, one button per turn)."""
        return len(self.buttons) % len(self.names)

    def pick_problem(self, pick: PickButton) -> str | None:
        """Why a button pick is refused (BB-03, BB-04), else None."""
        entry = next((e for e in pool.eligible(self.options) if e.name == pick.button), None)
        if entry is None:
            return pool.not_eligible(pick.button, self.options)
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
