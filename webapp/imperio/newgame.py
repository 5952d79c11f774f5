"""The new-game form: opponent, roles, small or default armies or setup by hand, dice rule and every other ruling.

Player 1 sits at this screen; the roles are chosen (or rolled) for them as the game starts,
so a game with the default armies opens straight on the attacker's first turn.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from core.bots import levels
from core.imperio import GAME, ChooseRole, ImperioState
from core.protocol import JSON
from webapp.shell.newgame import MoreRulings, StartGuard, deal_number
from webapp.shell.session import HUMAN, GameSession
from webapp.shell.widgets import FOCUS_CSS, button, heading

ROLES = {"Attacker (red, moves first)": "attacker", "Defender (blue)": "defender", "Roll a die for roles": "roll"}
ARMIES = {"Small armies, a first game (play at once)": "small", "Default armies (play at once)": "default_armies",
          "Set up by hand": "deploy"}
ARMY_OPTIONS: dict[str, dict[str, JSON]] = {
    "small": {"setup": "default_armies", "default_army": "small"},
    "default_armies": {"setup": "default_armies", "default_army": "wiki_example"},
    "deploy": {"setup": "deploy"},
}
"""What each choice of armies sets (by hand, the other rulings say which army "use the default army" deploys)."""
FIRST_GAME: dict[str, JSON] = ARMY_OPTIONS["small"]
"""The game the page opens with: small armies, already deployed (a short first game)."""
DICE = {"Sum of the dice (the rulebook's rule)": "sum", "Highest single die": "highest"}
MAIN_OPTIONS = ("setup", "combat_dice_rule")
MORE = "Show the other rulings (limits, reserves, alterations...)"


def start(session: GameSession[ImperioState], opponent: str, role: str, seed: int | None = None,
          **options: JSON) -> None:
    """A new game against ``opponent`` (a bot level, or ``human`` for two at one screen); player 1 takes ``role``.

    The page is sent the game as it stands after the role, in one update."""
    with pn.io.hold():
        session.new_game([HUMAN, opponent], seed=seed, **options)
        session.human_play(ChooseRole(role), 0)
        session.opening = len(session.steps)


class NewGameForm(pn.viewable.Viewer):
    """Opponent, roles, armies, dice rule, more rulings on request, deal number; "Start new game"."""

    def __init__(self, session: GameSession[ImperioState], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        bots = {f"Bot - {level.label}": key for key, level in levels(GAME).items()}
        self.opponent = pn.widgets.Select(label="Opponent (player 2)",
                                          options={**bots, "Another person at this screen": HUMAN},
                                          value=GAME.default_bot, stylesheets=[FOCUS_CSS])
        self.role = pn.widgets.Select(label="Your side (player 1)", options=ROLES, value="attacker",
                                      stylesheets=[FOCUS_CSS])
        self.armies = pn.widgets.Select(label="Armies", options=ARMIES, value="small",
                                        stylesheets=[FOCUS_CSS])
        self.dice = pn.widgets.Select(label="Dice rule", options=DICE, value="sum", stylesheets=[FOCUS_CSS])
        self.more = MoreRulings([o for o in GAME.options if o.name not in MAIN_OPTIONS], MORE)
        self.seed = pn.widgets.TextInput(label="Deal number (blank: random)", value="", stylesheets=[FOCUS_CSS])
        self.start_button = button("Start new game", color="primary")
        self.start_button.on_click(lambda _e: self.start())
        self.guard = StartGuard(self.session)
        self.error = self.guard.error
        self._layout = pn.Column(heading("New game"), self.opponent, self.role, self.armies, self.dice, self.more,
                                 self.seed, self.start_button, self.guard, sizing_mode="stretch_width")

    def options(self) -> dict[str, JSON]:
        return {**self.more.values(), **ARMY_OPTIONS[self.armies.value], "combat_dice_rule": self.dice.value}

    def start(self) -> None:
        """Start the game the form describes, or say why it cannot start."""
        self.guard.start(lambda: start(self.session, self.opponent.value, self.role.value,
                                       deal_number(self.seed.value), **self.options()))

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
