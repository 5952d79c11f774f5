"""The order bot: attacks by expected gain and by the chance its button beats the target button.

Orders: every legal attack is scored ``p * gain - (1 - p) * loss``, where ``p`` is the looked-up
chance that the attacking button wins the battle (:mod:`.strength`), ``gain`` values the target
territory (a land, bordering own land is safer, reaching the victory threshold is worth much,
hurting the leader a little) and ``loss`` values the origin (its land, its own fronts, elimination).
A pass (when allowed) scores 0.  Battles are played by a Button Men bot (greedy or random), owner's
choices give the territory to the strongest button.  Seeded: the same seed and state, the same choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from core import rng
from core.battle import strength
from core.battle.actions import Attack, Choose
from core.battle.state import CampaignState
from core.bots import GreedyBot, RandomBot, seat
from core.protocol import Action, State, SubAction, get_game

THRESHOLD_BONUS = 3.0
LEADER_BONUS = 0.3
FRONT_WEIGHT = 0.2


@dataclass
class OrderBot:
    """Strategist for ButtonMen Battle; ``battle_bot`` is ``greedy`` or ``random`` (Button Men bots)."""

    seed: int = 0
    battle_bot: str = "greedy"

    def choose(self, state: State, actor: int | None = None) -> Action:
        assert isinstance(state, CampaignState)
        player = seat(state, actor)
        if state.phase == "battles":
            return self._battle_move(state, player)
        legal = state.legal_actions(player)
        if state.phase == "choices":
            choices = [a for a in legal if isinstance(a, Choose)]
            return max(choices, key=lambda c: (strength.rating(state.buttons[c.army]), -c.army))
        scored = [(self.score(state, player, a) if isinstance(a, Attack) else 0.0, a) for a in legal]
        best = max(value for value, _ in scored)
        top = [a for value, a in scored if value >= best - 1e-9]
        stream = rng.seed_stream(self.seed * 1_000_003 + len(state.history))
        return rng.choice(stream, top)[1]

    def score(self, state: CampaignState, player: int, attack: Attack) -> float:
        """Expected gain of ``attack`` for ``player``."""
        board = state.board
        mine, theirs = state.holder[attack.origin], state.holder[attack.target]
        assert mine is not None
        chance = 1.0 if theirs is None else strength.battle_chance(
            state.buttons[mine], state.buttons[theirs], state.options["battle_max_wins"])
        lands = state.lands(player)
        own = [n for n in board.neighbours[attack.target] if state.land[n] == player]
        gain = 1.0 + FRONT_WEIGHT * len(own)
        if lands + 1 >= state.threshold:
            gain += THRESHOLD_BONUS
        victim = state.land[attack.target]
        if victim is not None and state.lands(victim) == max(state.lands(p) for p in state.alive if p != player):
            gain += LEADER_BONUS
        fronts = [n for n in board.neighbours[attack.origin] if state.land[n] not in (None, player)]
        loss = 1.0 + FRONT_WEIGHT * len(fronts) + (THRESHOLD_BONUS if lands == 1 else 0.0)
        return chance * gain - (1 - chance) * loss

    def _battle_move(self, state: CampaignState, player: int) -> Action:
        game = get_game("button-men")
        bot = GreedyBot(game, self.seed) if self.battle_bot == "greedy" else RandomBot(self.seed)
        for index in range(len(state.matches)):
            inner = state.subgame(index, player)
            if inner is not None:
                match, inner_seat = inner
                return SubAction(index, bot.choose(match, inner_seat))
        raise ValueError(f"{state.names[player]} has no battle move to make")
