"""The ButtonMen Battle page: the campaign on a map, battles played in the Button Men view or reported.

Serve it with ``panel serve webapp/battle/page.py``; ``create_app()`` builds one page.  Every rule
comes from :mod:`core.battle`: orders are the engine's ``Attack``/``Pass`` (a refused order shows the
engine's reason), battles are its Button Men matches (``SubAction``) or reported results, and the
words of a finished round come from :func:`core.battle.summary.round_sentences`.

The page opens on a running 4-player campaign on Belgium (you and three strategist bots).  The map
(:mod:`webapp.battle.map_board`) takes orders: click one of your territories, then the target.  The
battles of the round are listed; one at a time is shown in the Button Men view
(:mod:`webapp.battle.match_view`), where the human plays, or lets a bot auto-play; while a battle of yours
is played it takes the map's place at the top of the page ("Show the map" brings the map back).  The side column
has the land counts and their chart, the round history, the ranking, the text view, share and save,
and the New campaign form (:mod:`webapp.battle.dialog`, :mod:`webapp.battle.panels`).  A forum
moderator has a page of their own, :mod:`webapp.battle.moderator`, built on this view.
"""

from __future__ import annotations

import secrets
from functools import partial
from collections.abc import Sequence
from typing import Any, overload

import panel as pn

from core.battle import GAME, Attack, Pass, ReportResult, Score
from core.battle.state import CampaignState
from core.battle.summary import order_targets, round_sentences
from core.protocol import MODERATOR, Action, SubAction
from webapp.battle import model
from webapp.battle.dialog import BOT_FIRST, NewCampaign, start
from webapp.battle.map_board import MapBoard
from webapp.battle.match_view import MatchView
from webapp.battle.panels import Export, LandChart, SaveLoad, history_html, lands_html, legend_html
from webapp.shell.boards import Act
from webapp.shell.game_page import GamePage, GameView, create_page
from webapp.shell.screen import secret_step_words
from webapp.shell.session import HUMAN, Step
from webapp.shell.widgets import FOCUS_CSS, BoardLabel, MoveButtons, button, heading, html

OPENING_NAMES = ("Player 1", "Bot 2", "Bot 3", "Bot 4")


class PlayerNames(Sequence[str]):
    """The current campaign's player names (the campaign may change under a widget that keeps them)."""

    def __init__(self, view: BattleView) -> None:
        self.view = view

    def __len__(self) -> int:
        return len(self.view.state.names)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.view.state.names[index]


class BattleView(GameView[CampaignState, MapBoard]):
    """The map, orders, battles, reported results, land counts and history, and the new campaign form."""

    game = GAME
    title = "ButtonMen Battle"
    tagline = ("A Risk-like campaign for 3-5 players: your Button Men buttons are armies on a map, "
               "and every clash is a Button Men match.")
    footer = ("Rules: ButtonMen Battle (the ButtonMen Wiki's campaign game, editions 1 and 2), as written in "
              "Rulebox's rules notes. Battles are Button Men matches to three round wins.")
    default_seats = (HUMAN, *(BOT_FIRST,) * 4)
    board_width = 740
    moderator = True
    keys = ("p", "x", "a", "m")
    key_rows = (
        ("Tab / Shift+Tab", "move between the move buttons, the battle's controls and the other controls"),
        ("Enter or Space", "press the focused button"),
        ("P", "pass (only when the rules allow it; otherwise the reason is shown)"),
        ("X", "clear the territory picked on the map"),
        ("A", "let a bot auto-play the battle shown for you"),
        ("M", "show or hide the map while your battle takes its place"),
        ("U", "undo back to your previous decision"),
    )

    def __init__(self, page: GamePage[CampaignState, MapBoard]) -> None:
        super().__init__(page)
        self.picker: int | None = None
        """The player whose territory is picked on the map as an order's origin."""
        self._pick_round: tuple[int, int] = (0, 0)
        """The campaign (seed) and round the origin was picked in."""
        self._rounds_shown: tuple[Any, ...] = ()
        """What the round panels (news, chart, history, export) were last drawn for."""
        self.map_wanted = False
        """True when the player asked to see the map while their battle takes its place."""

    def opening(self) -> None:
        """Start the campaign a visitor finds: you and three strategist bots, 4 players on the default map."""
        start(self.page.session, [HUMAN, *(BOT_FIRST,) * 3], secrets.randbits(32), {"players": 4},
              OPENING_NAMES, [[None, None]] * 4, None)

    def board(self, state: CampaignState, act: Act) -> MapBoard:
        return MapBoard(state, act)

    def viewer(self) -> int | None:
        humans = [p for p, seat in enumerate(self.page.session.seats) if seat == HUMAN]
        return humans[0] if len(humans) == 1 else None

    def interactive(self) -> bool:
        return self.page.session.human_to_move and self.state.phase == "orders"

    # --- widgets -----------------------------------------------------------------------

    def attach(self) -> None:
        session = self.page.session
        session.pace = lambda _step: 0.0
        self.map = self.page.board
        self.map.on_territory = self.click_territory
        if not self.page.link.opened_a_link:  # no game in the address, or a broken one: the opening campaign
            self.opening()
        self.legend = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.order_help = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.pass_buttons = pn.FlexBox(gap="8px", margin=(0, 5))
        self.clear_button = button("Clear the picked territory (X)", variant="outline")
        self.clear_button.on_click(lambda _e: self.clear_pick())
        self.news = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.battle_list = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.match = MatchView(self.page)
        self.map_button = button("Show the map (M)", variant="outline", visible=False)
        self.map_button.on_click(lambda _e: self.toggle_map())
        self.match.tools.append(self.map_button)
        self.report_battle = pn.widgets.Select(label="Battle", options={}, stylesheets=[FOCUS_CSS], width=300)
        self.report_winner = pn.widgets.Select(label="Winner", options={}, stylesheets=[FOCUS_CSS], width=200)
        self.report_battle.param.watch(self._report_winners, ["value"])
        self.report_score = pn.widgets.TextInput(label="Score W-L or W-L-D (winner first)", value="3-0",
                                                 stylesheets=[FOCUS_CSS], width=200)
        self.report_small = pn.widgets.TextInput(label="Small points margin (optional)", value="",
                                                 stylesheets=[FOCUS_CSS], width=200)
        self.report_button = button("Enter the result", color="primary")
        self.report_button.on_click(lambda _e: self.report())
        self.report_box = pn.Column(heading("Reported result", 3), self.report_battle, self.report_winner,
                                    pn.FlexBox(self.report_score, self.report_small, flex_wrap="wrap"),
                                    self.report_button, sizing_mode="stretch_width")
        self.moves = MoveButtons(session, self.page.play, PlayerNames(self),
                                 label=lambda action: model.action_label(self.state, action))
        self.moves_box = pn.Column(self.moves, sizing_mode="stretch_width")
        self.board_label = BoardLabel(label="Campaign map: territories in their owner's colour; the same facts "
                                            "are in \"Position as text\" and the move list")
        self.lands = html("", sizing_mode="stretch_width")
        self.chart = LandChart()
        self.history = html("", sizing_mode="stretch_width")
        self.save = SaveLoad(self.page)
        self.export = Export(session)
        self.dialog = NewCampaign(session)
        session.param.watch(lambda _e: self.match.kick(), ["state"])

    def controls(self) -> list[Any]:
        return [self.page.refused, self.match, self.pass_buttons, self.clear_button, self.moves_box,
                self.order_help, self.news, heading("Battles of this round", 3), self.battle_list, self.report_box,
                self.page.undo_button, self.legend, self.board_label]

    def panels(self) -> list[Any]:
        return [heading("Lands"), self.lands, self.chart, heading("Round history", 3), self.history]

    def tools(self) -> list[Any]:
        return [self.save, self.export]

    def setup_form(self) -> pn.viewable.Viewer:
        return self.dialog

    # --- words -------------------------------------------------------------------------

    def narrate(self, before: CampaignState | None, action: Action | None, after: CampaignState) -> str:
        if before is None or action is None:
            return ""
        words = model.action_label(before, action)
        if len(after.past) > len(before.past):
            return f"{words}. Round {len(after.past)} is over."
        return f"{words}."

    def secret_narration(self, step: Step[CampaignState]) -> str:
        words = secret_step_words(step, step.after.names[step.actor] if step.actor >= 0 else "")
        return f"Battle {step.action.game + 1}: {words}" if isinstance(step.action, SubAction) else words

    def status(self) -> str:
        state, session = self.state, self.page.session
        if state.is_over:
            return f"Campaign over: {state.end}."
        head = f"Round {state.round_number}, {state.phase.replace('_', ' ')}"
        humans = session.human_actors
        if state.phase == "orders":
            if humans:
                who = ", ".join(state.names[p] for p in humans)
                return f"{head}: {who} to give an order: click one of your territories, then the target."
            return f"{head}: waiting for the bots' orders."
        if state.phase == "battles":
            left = len(model.open_battles(state))
            mine = " Your move in a battle." if any(p >= 0 for p in humans) else ""
            if MODERATOR in humans:
                mine = " Enter the reported results."
            return f"{head}: {left} battle{'s' if left != 1 else ''} still open.{mine}"
        if state.phase == "small_points":
            return f"{head}: the small points of a battle are needed to compare two wins."
        return f"{head}: " + ", ".join(state.names[p] for p in state.actors if p >= 0) + " to choose."

    # --- actions -----------------------------------------------------------------------

    def click_territory(self, territory: int) -> None:
        """A territory was tapped: pick it as an order's origin, or order the attack on it."""
        state, session, page = self.state, self.page.session, self.page
        name = state.board.name_of(territory)
        if state.phase != "orders":
            page.notice = f"Not possible: the map takes orders in the orders phase (now: {state.phase})."
            return
        origin = self.map.origin
        if origin is not None and self.picker is not None:
            if territory == origin:
                self.clear_pick()
                return
            if state.land[territory] != self.picker:
                page.play(Attack(origin, territory), self.picker)
                if not page.notice:
                    self.clear_pick()
                return
        owner = state.land[territory]
        humans = session.human_actors
        if owner is None:
            page.notice = (f"Not possible: {name} is {model.owner_words(state, territory)}; "
                           "pick one of your territories.")
        elif owner not in humans:
            whose = "a bot's" if not session.is_human(owner) else f"{state.names[owner]}'s"
            turn = "" if not session.is_human(owner) else " and it is not their turn to order"
            page.notice = f"Not possible: {name} is {whose} territory{turn}; pick one of your territories."
        else:
            targets = order_targets(state, owner, territory)
            self.picker, self._pick_round = owner, (state.seed, state.round_number)
            self.map.pick(territory, targets)
            page.notice = "" if targets else f"Not possible: the army on {name} has no legal attack now."
            self.page.refresh()

    def _keep_pick(self, state: CampaignState) -> None:
        """Keep the picked origin while its owner may still order from it (others' orders change its targets)."""
        origin, picker = self.map.origin, self.picker
        if origin is None or picker is None:
            self.picker = None
            return
        if state.phase != "orders" or (state.seed, state.round_number) != self._pick_round \
                or state.land[origin] != picker or picker not in self.page.session.human_actors:
            self.picker = None
            self.map.pick(None)
            return
        targets = order_targets(state, picker, origin)
        if targets != self.map.targets:
            self.map.pick(origin, targets)

    def clear_pick(self) -> None:
        self.picker = None
        self.map.pick(None)
        self.page.refresh()

    def pass_order(self, player: int | None = None) -> None:
        """Pass for ``player`` (default: the one human to order), or show why not."""
        humans = [p for p in self.page.session.human_actors if p >= 0]
        who = player if player is not None else (humans[0] if humans else None)
        self.page.play(Pass(), who)

    def _pass_clicked(self, player: int, _event: object) -> None:
        self.pass_order(player)

    def report(self) -> None:
        """Enter the reported result of the form, or show why not."""
        battle, winner = self.report_battle.value, self.report_winner.value
        try:
            score = Score.parse(self.report_score.value or "")
            small_text = (self.report_small.value or "").strip()
            small = int(small_text) if small_text else None
        except ValueError as problem:
            self.page.notice = f"Not possible: {problem}."
            return
        if not isinstance(battle, int) or not isinstance(winner, int):
            self.page.notice = "Not possible: no battle waits for a result."
            return
        self.page.play(ReportResult(battle, winner, score, small), MODERATOR)

    def on_key(self, key: str) -> None:
        if key == "p":
            self.pass_order()
        elif key == "x":
            self.clear_pick()
        elif key == "a":
            self.match.auto_play()
        elif key == "m":
            self.toggle_map()

    def toggle_map(self) -> None:
        """Show the map above the battle you play, or hide it again (the battle then takes its place)."""
        self.map_wanted = not self.map_wanted
        self.page.refresh()

    # --- following the campaign ---------------------------------------------------------

    def refresh(self) -> None:
        state, session = self.state, self.page.session
        self._keep_pick(state)
        ordering = state.phase == "orders" and any(p >= 0 for p in session.human_actors)
        self.legend.object = legend_html(state)
        self.order_help.object = (
            "<p class='rb-help' style='margin:0.2em 0'>Orders: click one of your territories (a thick blue "
            "border marks it, dashed borders its legal targets), then the territory to attack. Arrows show "
            "this round's orders; a thick coloured border marks a decided stake in its winner's colour.</p>"
            if ordering else "")
        self.clear_button.visible = self.map.origin is not None
        passing = [p for p in session.human_actors if p >= 0 and state.phase == "orders" and state.may_pass(p)]
        buttons = []
        for p in passing:
            b = button(f"{state.names[p]} passes (P)", color="warning")
            b.on_click(partial(self._pass_clicked, p))
            buttons.append(b)
        self.pass_buttons.objects = buttons
        rows = model.battle_rows(state)
        names = model.state_names(state)
        self.battle_list.object = (
            "<ol style='margin:0;padding-left:1.6em'>"
            + "".join(f"<li>{model.isolate(head, names)} — <em>{model.isolate(status, names)}</em></li>"
                      for _, head, status in rows)
            + "</ol>" if rows else "<p style='margin:0'>No battle yet: the orders make them.</p>")
        self.match.refresh()
        self._battle_first()
        self._report_form(state)
        self.moves_box.visible = state.phase != "battles" or not self.match.layout.visible
        self.lands.object = lands_html(state, session.seats)
        rounds = (state.seed, state.names, state.buttons, len(state.past), state.is_over)
        if rounds != self._rounds_shown:
            self._rounds_shown = rounds
            self.news.object = self._news(state)
            self.chart.show_campaign(state)
            self.history.object = history_html(state)
            self.export.refresh()

    def _battle_first(self) -> None:
        """While you play a battle, it takes the map's place at the top of the page (the map on request)."""
        yours = self.match.holds_your_battle()
        self.map_button.visible = yours
        self.map_button.label = "Hide the map (M)" if self.map_wanted else "Show the map (M)"
        self.map.pane.visible = not yours or self.map_wanted

    def _news(self, state: CampaignState) -> str:
        if not state.past:
            return ""
        number = len(state.past)
        names = model.state_names(state)
        items = "".join(f"<li>{model.isolate(line, names)}</li>" for line in round_sentences(state, number))
        return ("<section aria-label='Last round' style='border:2px solid #0b3d91;background:#e3f2fd;color:#111;"
                f"padding:0.4em 0.8em;border-radius:6px;margin:0.3em 0'><h3 style='margin:0'>Round {number} "
                f"result</h3><ul style='margin:0.2em 0'>{items}</ul></section>")

    def _report_form(self, state: CampaignState) -> None:
        asked = state.missing_small_points() if state.phase == "small_points" else None
        open_ = model.open_battles(state) if MODERATOR in state.actors and state.phase == "battles" else []
        listed = [asked] if asked is not None else open_
        self.report_box.visible = bool(listed) and self.page.session.is_human(MODERATOR)
        options = {f"Battle {i + 1}: {model.battle_rows(state)[i][1]}": i for i in listed}
        if self.report_battle.options != options:
            self.report_battle.options = options
        if options and self.report_battle.value not in options.values():
            self.report_battle.value = next(iter(options.values()))
        self._report_winners()
        if asked is not None:
            result = state.battles[asked].result
            assert result is not None
            self.report_winner.value = result.winner
            self.report_score.value = f"{result.score.wins}-{result.score.losses}-{result.score.draws}"

    def _report_winners(self, *_: Any) -> None:
        state, index = self.state, self.report_battle.value
        if not isinstance(index, int) or index >= len(state.battles):
            self.report_winner.options = {}
            return
        battle = state.battles[index]
        options = {f"{state.buttons[a]} ({state.names[p]})" if a is not None and p is not None else "nobody": s
                   for s, (a, p) in enumerate(zip(battle.armies, battle.players, strict=True))}
        if self.report_winner.options != options:
            self.report_winner.options = options
        if self.report_winner.value not in options.values():
            self.report_winner.value = 0


def create_app() -> pn.Template:
    """A new ButtonMen Battle page (one per browser session)."""
    return create_page(GamePage(BattleView))


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="ButtonMen Battle - Rulebox")
