"""One battle of the round in the Button Men view: its dice board, its moves, auto-play.

The dice board and the attack words are the Button Men page's (:mod:`webapp.buttonmen`, used
read-only).  A move in the battle is the campaign action ``SubAction(battle, move)`` played by
the campaign player of that side, so the campaign's session, undo and record see every die.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import panel as pn

import core
from core.battle.state import CampaignState
from core.buttonmen import Attack as MatchAttack
from core.buttonmen import ButtonMenState
from core.buttonmen.render import status as match_status
from core.protocol import Action, SubAction
from webapp.battle import model
from webapp.battle.autoplay import Planner, due_in, open_sides
from webapp.buttonmen import model as bm
from webapp.buttonmen.board import DiceBoard
from webapp.battle.map_board import MapBoard
from webapp.shell.game_page import GamePage
from webapp.shell.pacing import BotPace, PaceWords
from webapp.shell.screen import Curtain
from webapp.shell.session import off_ui_thread
from webapp.shell.widgets import FOCUS_CSS, button, heading, html

MATCH_GAME = core.get_game("button-men")
BATTLE_PACE = PaceWords(label="Show an auto-played battle",
                        paces={"the whole battle at once": 0.0, "one move every 0.4 s": 0.4, "one move a second": 1.0},
                        progress="The auto-played battle: {shown} of {length} moves shown.",
                        skip="Skip to the end of this battle")


class MatchView(pn.viewable.Viewer):
    """The battle picked in "Battle shown": board, attacks for the dice picked, every move, auto-play."""

    def __init__(self, page: GamePage[CampaignState, MapBoard], **params: Any) -> None:
        super().__init__(**params)
        self.page = page
        self.index: int | None = None
        self._driving = False
        self._shown: tuple[Any, ...] = ()
        """The match, side, selection and auto-play the board and moves were last drawn for."""
        self.autoplay: set[tuple[int, int, int]] = set()
        """(round, battle, player) whose moves a bot makes for the human."""
        self._asked: CampaignState | None = None
        """The campaign when auto-play was first asked for: the wishes hold while the campaign goes on from it."""
        self.pick = pn.widgets.Select(label="Battle shown", options={}, stylesheets=[FOCUS_CSS], max_width=420,
                                      sizing_mode="stretch_width")
        self.pick.param.watch(self._on_pick, ["value"])
        self.title = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.status = html("", margin=(0, 5), sizing_mode="stretch_width")
        first = self._placeholder()
        self.dice = DiceBoard(first, lambda action: None)
        self.dice.on_die = self.click_die
        self.dice.fit()  # the battle shrinks with a phone's screen
        self.attacks = pn.FlexBox(gap="8px", margin=(0, 5))
        self.moves = pn.widgets.Select(label="Every move of yours in this battle (keyboard: choose, then play)",
                                       options={}, size=6, stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.play_button = button("Play the chosen move", color="primary")
        self.play_button.on_click(lambda _e: self.play_listed())
        self.auto_button = button("Auto-play this battle for me (A)", color="primary", variant="outline")
        self.auto_button.on_click(lambda _e: self.auto_play())
        self.pace = BotPace(page.session, words=BATTLE_PACE)
        self.choosing = html("", margin=(0, 5), sizing_mode="stretch_width")
        """The progress of the auto-played moves being chosen."""
        self.hot_seat = Curtain(page.session)
        """Hot-seat: who last took the device for a secret choice, as (round, battle, player)."""
        self.curtain = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.reveal = button("Show my choices", color="primary", visible=False)
        self.reveal.on_click(lambda _e: self.take_device())
        self.tools = pn.FlexBox(self.play_button, self.auto_button, gap="4px")
        """The battle's buttons (the page may add its own, such as the map's)."""
        self.layout = pn.Column(heading("Battle", 3), self.pick, self.title, self.status, self.curtain,
                                self.reveal, self.dice,
                                self.attacks, self.moves, self.tools,
                                self.choosing, self.pace,
                                sizing_mode="stretch_width", visible=False)

    @staticmethod
    def _placeholder() -> ButtonMenState:
        state = MATCH_GAME.new(seed=0)
        assert isinstance(state, ButtonMenState)
        return state

    # --- facts ---------------------------------------------------------------------------

    @property
    def campaign(self) -> CampaignState:
        return self.page.session.state

    @property
    def match(self) -> ButtonMenState | None:
        state = self.campaign
        if self.index is None or self.index >= len(state.matches):
            return None
        match = state.matches[self.index]
        return match if isinstance(match, ButtonMenState) else None

    def holds_your_battle(self) -> bool:
        """True while the battle shown is a person's at the table and still being played."""
        match = self.match
        return (self.layout.visible and match is not None and not match.is_over and self.index is not None
                and self._human_in(self.campaign, self.index))

    def human_side(self) -> tuple[int, int] | None:
        """(campaign player, seat) of a person at the table who may move in the shown battle now."""
        match, state = self.match, self.campaign
        if match is None or self.index is None:
            return None
        for player in self.page.session.human_actors:
            inner = state.subgame(self.index, player)
            if inner is not None:
                return player, inner[1]
        return None

    # --- actions -------------------------------------------------------------------------

    def show_battle(self, index: int) -> None:
        """Show battle ``index`` (a battle of this round with a Button Men match)."""
        self.pick.value = index

    def click_die(self, player: int, index: int) -> None:
        side, match = self.human_side(), self.match
        if side is None or match is None or match.phase != "attack":
            self.page.notice = "Not possible: dice can be picked only when it is your turn to attack in this battle."
            return
        self.page.notice = ""
        self.dice.select(self.dice.selection.toggle(player == match.to_move, index))
        self.refresh()

    def play(self, inner: Action) -> None:
        """Play a move of the shown battle for the human whose turn it is there."""
        side = self.human_side()
        if side is None or self.index is None:
            self.page.notice = "Not possible: no side of yours is to move in this battle."
            return
        self.page.play(SubAction(self.index, inner), side[0])

    def play_listed(self) -> None:
        action = self.moves.value
        if isinstance(action, Action):
            self.play(action)
        else:
            self.page.notice = "Not possible: choose a move in the list first."

    def auto_play(self) -> None:
        """Let a Button Men bot play the rest of the shown battle for its human side(s)."""
        state = self.campaign
        if self.index is None or self.match is None:
            self.page.notice = "Not possible: no open battle is shown."
            return
        humans = [p for p in state.battles[self.index].players
                  if p is not None and self.page.session.is_human(p)]
        if not humans:
            self.page.notice = "Not possible: bots already play both sides of this battle."
            return
        for player in humans:
            self.autoplay.add((state.round_number, self.index, player))
        self._asked = self._asked or state
        self.page.notice = ""
        self.kick()

    def kick(self) -> None:
        """Schedule the auto-played moves that are due (after every change of the campaign)."""
        asked = self._asked
        if asked is not None and not self.campaign.history.starts_with(asked.history):
            self.autoplay.clear()  # a new campaign, or an undo to before the wish: nobody asked for this one
            self._asked = None
        if not self._driving and self._due() is not None and self.page.session.scheduler is not None:
            self._driving = True
            self.page.session.scheduler(self.drive)

    def _due(self) -> tuple[int, int] | None:
        return due_in(self.autoplay, self.campaign)

    async def drive(self) -> None:
        """Choose the rest of the auto-played battles away from the page (the seated bots' moves too, while
        they wait), a short chunk at a time, then show them in one update or at the pace picked."""
        session = self.page.session
        planner = Planner(session, self.autoplay)
        session.held = True
        try:
            while open_sides(self.autoplay, self.campaign):
                planner.start(self.campaign)
                while not planner.done:
                    await off_ui_thread(planner.chunk)
                    if planner.origin is not self.campaign:
                        planner.start(self.campaign)  # a person moved meanwhile: choose again from there
                    await session.commit(partial(self._choosing, len(planner.steps)))
                if not planner.steps:
                    break  # a person at the table moves next
                await session.show_steps(planner.steps)
        finally:
            self._driving = False
            await session.commit(self._driven)

    def _choosing(self, count: int) -> None:
        self.choosing.object = ("<p role='status' style='margin:0.2em 0'>Auto-play: a bot is choosing the moves "
                                f"of the battle ({count} chosen so far).</p>")

    def _driven(self) -> None:
        self.choosing.object = ""
        self.page.session.held = False

    # --- drawing -------------------------------------------------------------------------

    def _on_pick(self, *_: Any) -> None:
        self.index = self.pick.value if isinstance(self.pick.value, int) else None
        self.refresh()

    def _choices(self, state: CampaignState) -> dict[str, int]:
        return {f"Battle {i + 1}: {head}": i for i, head, _status in model.battle_rows(state)
                if i < len(state.matches) and state.matches[i] is not None}

    def refresh(self) -> None:
        """Follow the campaign: the list of battles, the shown one's dice and the human's moves."""
        state = self.campaign
        choices = self._choices(state)
        self.layout.visible = bool(choices)
        if not choices:
            self.index = None
            return
        shown = self.index if self.index is not None and self.index in choices.values() else None
        wanted = next(iter(choices.values())) if shown is None else shown
        if shown is None or state.battles[wanted].result is not None:
            waiting = [i for i in choices.values() if state.battles[i].result is None]
            mine = [i for i in waiting if self._human_in(state, i)]
            wanted = (mine or waiting or [wanted])[0]
        if self.pick.options != choices:
            self.pick.options = choices
        if self.pick.value != wanted:
            self.pick.value = wanted
            return
        self.index = wanted
        match, index = self.match, self.index
        if match is None or index is None:
            return
        side = self.human_side()
        battle = state.battles[index]
        names = model.state_names(state)
        head = model.isolate(model.battle_rows(state)[index][1], names)
        self.title.object = f"<p style='margin:0.2em 0'><strong>{head}</strong></p>"
        who = "" if side is None else model.isolate(
            f" You play {match.buttons[side[1]]} for {state.names[side[0]]}.", names)
        auto = any(key[:2] == (state.round_number, self.index) for key in self.autoplay)
        said = model.isolate(match_status(match), names)
        self.status.object = (f"<p role='status' style='margin:0.2em 0'>{said}{who}"
                              + (" A bot plays your side." if auto else "") + "</p>")
        curtained = self._curtained(state, index, match, side)
        drawn = (match, side, self.dice.selection, auto, curtained)
        if drawn == self._shown:
            return
        self._shown = drawn
        self._curtain(match, side if curtained else None, names)
        viewer = side[1] if side is not None else next(
            (s for s, p in enumerate(battle.players) if p is not None and self.page.session.is_human(p)), None)
        seen = match if viewer is not None else match.view(0).view(1)  # nobody's side: both sides' secrets hidden
        self.dice.show_state(seen, viewer=viewer, interactive=side is not None and not auto and match.phase == "attack")
        self._offer(match, None if curtained or auto else side)  # auto-played: no moves to offer (a steady page)
        self.auto_button.visible = not match.is_over and any(
            p is not None and self.page.session.is_human(p) for p in battle.players) and not auto

    def _curtained(self, state: CampaignState, index: int, match: ButtonMenState,
                   side: tuple[int, int] | None) -> bool:
        """True while several people share the screen and the battle's next secret chooser has not taken the device."""
        return side is not None and self.hot_seat.closed(match, side[1], (state.round_number, index, side[0]))

    def _curtain(self, match: ButtonMenState, side: tuple[int, int] | None, names: tuple[str, ...]) -> None:
        self.reveal.visible = side is not None
        if side is None:
            self.curtain.object = ""
            return
        player = self.campaign.names[side[0]]
        button_name, other = match.buttons[side[1]], match.buttons[1 - side[1]]
        self.reveal.label = f"I am {player}: show my choices"
        said = model.isolate(f"Hand the device to {player} ({button_name}). {other}'s player: please look away - "
                             f"{button_name} now makes a secret choice.", names)
        self.curtain.object = ("<div role='note' style='border:3px solid #0b3d91;background:#e3f2fd;color:#111;"
                               "padding:0.5em 0.8em;border-radius:6px'><h4 style='margin:0'>Pass the device</h4>"
                               f"<p style='margin:0.3em 0'>{said}</p></div>")

    def take_device(self) -> None:
        """Hot-seat: the player to choose has the device; show their choices."""
        side = self.human_side()
        if side is not None and self.index is not None:
            self.hot_seat.hand_to((self.campaign.round_number, self.index, side[0]))
        self.refresh()

    def _human_in(self, state: CampaignState, index: int) -> bool:
        return any(p is not None and self.page.session.is_human(p) for p in state.battles[index].players)

    def _offer(self, match: ButtonMenState, side: tuple[int, int] | None) -> None:
        if side is None:
            self.attacks.objects = []
            self.moves.options = {}
            self.moves.visible = self.play_button.visible = False
            return
        legal = match.legal_actions(side[1])
        listed = {bm.action_label(match, a): a for a in legal}
        if self.moves.options != listed:
            self.moves.options = listed
        self.moves.visible = self.play_button.visible = True
        found: list[Action] = list(bm.attacks_for(match, self.dice.selection)) if match.phase == "attack" else []
        shown = found or ([a for a in legal if not isinstance(a, MatchAttack)] if len(legal) <= 12 else [])
        buttons = []
        for action in shown:
            b = button(bm.action_label(match, action), color="primary")
            b.on_click(partial(self._press, action))
            buttons.append(b)
        self.attacks.objects = buttons

    def _press(self, action: Action, _event: object) -> None:
        self.play(action)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout
