"""Auto-play of battles: the moves chosen away from the page, in short chunks, then shown in one update.

The human side of an auto-played battle is played by a greedy Button Men bot; the bots seated in the
campaign make their own moves meanwhile (as the session's bot turns would), so the whole rest of the
battle is one list of steps.  The page shows it at once, or move by move at the session's
:attr:`~webapp.shell.session.GameSession.turn_pace` (see :class:`~webapp.shell.pacing.BotPace`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import core
from core.battle.state import CampaignState
from core.bots import GreedyBot
from core.protocol import Action, SubAction
from webapp.shell.session import GameSession, Step

MATCH_GAME = core.get_game("button-men")
CHUNK_SECONDS = 0.04
"""The longest stretch of choosing between two looks at the page (it never waits for more than this)."""
MAX_PLAN = 5000
"""The most steps one auto-play chooses before the page shows them."""

Keys = Iterable[tuple[int, int, int]]
"""The auto-played sides: (round, battle, campaign player)."""


def open_sides(autoplay: Keys, state: CampaignState) -> list[tuple[int, int]]:
    """The (battle, player) of ``autoplay`` whose battle of this round is still being played in ``state``."""
    if state.phase != "battles":
        return []
    return [(index, player) for round_number, index, player in sorted(autoplay)
            if round_number == state.round_number and index < len(state.matches)
            and (match := state.matches[index]) is not None and not match.is_over]


def due_in(autoplay: Keys, state: CampaignState) -> tuple[int, int] | None:
    """The first (battle, player) of ``autoplay`` with a move to make now in ``state``."""
    return next((side for side in open_sides(autoplay, state) if state.subgame(*side) is not None), None)


def auto_move(state: CampaignState, index: int, player: int) -> Action:
    """The greedy bot's move for ``player`` in battle ``index`` (it must have one)."""
    inner = state.subgame(index, player)
    assert inner is not None
    return SubAction(index, GreedyBot(MATCH_GAME, state.seed).choose(inner[0], inner[1]))


class Planner:
    """The steps of the auto-played battles from a campaign position, chosen a chunk at a time."""

    def __init__(self, session: GameSession[CampaignState], autoplay: Keys) -> None:
        self.session = session
        self.autoplay = autoplay
        self.origin = self._state = session.state
        """The position planned from, and the one the steps chosen so far reach."""
        self.steps: list[Step[CampaignState]] = []
        self.done = False
        """True when no auto-played move is due any more, or only a person at the table may move next."""

    def start(self, state: CampaignState) -> None:
        """Plan afresh from ``state``."""
        self.origin = self._state = state
        self.steps, self.done = [], False

    def chunk(self, seconds: float = CHUNK_SECONDS) -> None:
        """Choose steps for about ``seconds`` (at least one step, unless the plan is done)."""
        ends = time.monotonic() + seconds
        while not self.done:
            self._next()
            if time.monotonic() >= ends:
                return

    def _next(self) -> None:
        state = self._state
        bots = sorted(a for a in state.actors if self.session.is_bot(a))
        due = due_in(self.autoplay, state)
        if not open_sides(self.autoplay, state) or len(self.steps) >= MAX_PLAN or (due is None and not bots):
            self.done = True  # the battles are over, or a person at the table moves next
            return
        if due is not None:
            actor, action = due[1], auto_move(state, *due)
        else:
            actor = bots[0]
            action = self.session.bot_for(state, actor).choose(state, actor)
        after = state.apply(action, actor)
        self.steps.append(Step(state, action, after, actor))
        self._state = after
