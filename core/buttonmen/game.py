"""The Button Men game object: its options, bot levels, evaluation, text and picture; registration."""

from __future__ import annotations

from typing import Any

from core.buttonmen.actions import Attack, Focus, Pass, Roll
from core.buttonmen.bots import evaluate, lookahead
from core.buttonmen.options import OPTIONS
from core.buttonmen.render import describe, svg
from core.buttonmen.state import ButtonMenState, new_match
from core.protocol import JSON, Action, BotLevel, Game, Options, State, register


class ButtonMen(Game):
    """Button Men as played on buttonweavers.com."""

    name = "button-men"
    title = "Button Men"
    rules_version = "3"
    """2: no roll that can no longer matter at round end (ruling BM-R1).  3: the corrected rulebook
    (issue 12): a Morphing Trip attacker rerolls, Radioactive twins split per half, Mood/Mad before
    Mighty/Weak, Trip reach against resized Maximum dice, wildcards score as 16 sides; records of
    earlier versions may not replay."""
    options = OPTIONS
    max_record_actions = 3_000
    """A passing match rolls every die again each second action (up to 22 dice of 99 sides): the longest
    record then opens in about 1 s on a page (replayed once, every state kept; README limits, ``build.py bench``)."""
    search = {"iterations": 60, "playout_depth": 12}
    bot_levels = {"lookahead": BotLevel("Careful: weighs the best answer to each attack", lookahead)}
    default_bot = "lookahead"
    """About 61 % against greedy over 200 one-round matches (each deal from both seats), where the
    tree search scores about 50 % (``build.py bench --ladder 200``)."""

    def parse_action(self, data: JSON) -> Action | None:
        """Focus reactions and attacks (Turbo sizes, Default) that may be legal without being listed,
        and the passes and typed rolls a state checks without listing (``_is_listed``)."""
        return Focus.from_json(data) or Attack.from_json(data) or Pass.from_json(data) or Roll.from_json(data)

    def describe(self, state: Any, viewer: int | None) -> str:
        return describe(state, viewer)

    def svg(self, state: Any, viewer: int | None) -> str:
        return svg(state)

    def _initial(self, seed: int, options: Options) -> ButtonMenState:
        return new_match(seed, options)

    def evaluate(self, state: State, player: int) -> float:
        """Match score plus the current round's score margin, in [0, 1] (:func:`.bots.evaluate`)."""
        assert isinstance(state, ButtonMenState)
        return evaluate(state, player)


GAME = register(ButtonMen())
