"""The Button Men page: a Bokeh dice board over the shared session views.

Run it with ``panel serve webapp/buttonmen.py``; ``create_app()`` builds one page.
Every rule comes from :mod:`core.buttonmen`: the page filters
``state.legal_actions()`` by the dice a player selects (:mod:`webapp.buttonmen_view`)
and shows ``state.describe(viewer)``, ``state.log`` and the scores as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, Range1d, TapTool
from bokeh.plotting import figure

import core
from core.bots import DEFAULT_LEVEL
from core.buttonmen import ButtonMenState, Pass
from core.buttonmen.render import status
from core.protocol import Action, IllegalAction
from webapp import buttonmen_view as view
from webapp.buttonmen_setup import MatchSetup
from webapp.buttonmen_view import Selection
from webapp.components import FOCUS_CSS, KeyMap, LiveRegion, ShareLink, button, heading, html, update_bokeh
from webapp.links import LinkSync
from webapp.page import key_map_html, make_page
from webapp.session import HUMAN, GameSession, seat_choices

GAME = core.get_game("button-men")
DEFAULT_SEATS = (HUMAN, DEFAULT_LEVEL)
BOT_PAUSE = 0.7
"""Seconds a bot waits after the previous action, so people can follow the board."""
MAX_ACTION_BUTTONS = 24
"""Above this many legal actions (outside attacks and sizes) only the list offers them."""

KEYS = [str(d) for d in range(1, 10)] + ["p", "x"]
KEY_ROWS = [
    ("Tab / Shift+Tab", "move between the board's checkboxes, the attack buttons and the other controls"),
    ("Space", "tick or untick the focused die checkbox"),
    ("Enter or Space", "press the focused button"),
    ("1 – 9", "select or unselect your die 1 – 9 (left to right) as an attacker"),
    ("P", "pass (only when the rules allow it; otherwise the reason is shown)"),
    ("X", "clear the dice selection"),
]


def state_of(session: GameSession) -> ButtonMenState:
    """The session's state, typed."""
    state = session.state
    assert isinstance(state, ButtonMenState)
    return state


class DiceBoard(pn.viewable.Viewer):
    """Both players' dice on a Bokeh figure, built once and updated through its sources."""

    def __init__(self, on_die: Callable[[int, int], None], **params: Any) -> None:
        super().__init__(**params)
        self.on_die = on_die
        empty = view.Board()
        self.dice = ColumnDataSource(data=empty.columns(("play",)))
        self.others = ColumnDataSource(data=empty.columns(("setup", "captured")))
        self.labels = ColumnDataSource(data={"x": [], "y": [], "text": []})
        self.x_range = Range1d(start=view.X_START, end=view.MIN_X_END)
        self.figure = self._build()
        self.figure.on_event(Tap, self._on_tap)
        self.pane = pn.pane.Bokeh(self.figure, margin=(0, 5))

    def _build(self) -> Any:
        width = round((view.MIN_X_END - view.X_START) * view.PIXELS_PER_UNIT)
        height = round((view.Y_RANGE[1] - view.Y_RANGE[0]) * view.PIXELS_PER_UNIT)
        fig = figure(width=width, height=height, x_range=self.x_range,
                     y_range=Range1d(start=view.Y_RANGE[0], end=view.Y_RANGE[1]), tools="",
                     toolbar_location=None, min_border=0, background_fill_color="#f5efe0",
                     border_fill_color="#f5efe0", outline_line_color="#5d4e37", title=None)
        fig.axis.visible = False
        fig.grid.visible = False
        keep: dict[str, Any] = {"nonselection_fill_alpha": 1.0, "nonselection_line_alpha": 1.0,
                "selection_fill_alpha": 1.0, "selection_line_alpha": 1.0}
        dice = fig.rect("x", "y", width="size", height="size", source=self.dice, fill_color="fill",
                        line_color="line", line_width="width", border_radius=8, **keep)
        fig.rect("x", "y", width="size", height="size", source=self.others, fill_color="fill",
                 line_color="line", line_width="width", border_radius=6)
        for source in (self.dice, self.others):
            text_keep: dict[str, Any] = {"nonselection_text_alpha": 1.0, "selection_text_alpha": 1.0}
            fig.text("x", "value_y", text="value", source=source, text_align="center",
                     text_baseline="middle", text_font_size="value_size", text_font_style="bold",
                     text_color="#111111", **text_keep)
            fig.text("x", "notation_y", text="notation", source=source, text_align="center",
                     text_baseline="middle", text_font_size="notation_size", text_color="#111111",
                     **text_keep)
        fig.text("x", "y", text="text", source=self.labels, text_align="left", text_baseline="middle",
                 text_font_size="15px", text_font_style="bold", text_color="#111111")
        fig.add_tools(TapTool(renderers=[dice]))
        return fig

    def draw(self, drawn: view.Board) -> None:
        """Draw a board (safely from any callback)."""
        dice, others = drawn.columns(("play",)), drawn.columns(("setup", "captured"))
        labels = {"x": [x for x, _, _ in drawn.labels], "y": [y for _, y, _ in drawn.labels],
                  "text": [t for _, _, t in drawn.labels]}

        def apply() -> None:
            self.dice.data = dice
            self.others.data = others
            self.labels.data = labels
            self.x_range.end = drawn.x_end

        update_bokeh(apply)

    def _on_tap(self, event: Tap) -> None:
        """A tap anywhere on the board: report the die in play under it, if any.

        Taps are read as coordinates (not through the source's selection), so
        successive clicks never race with the server's redraw.  BokehJS takes a
        second click within about 250 ms for a double tap, which is ignored.
        """
        if event.x is None or event.y is None:
            return
        hit = view.die_at(self.dice.data, event.x, event.y)
        if hit is not None:
            self.on_die(*hit)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane


class ButtonMenApp(pn.viewable.Viewer):
    """The whole Button Men page over one session."""

    notice = param.String(default="", doc="Why the last attempted action was refused.")

    def __init__(self, seats: tuple[str, str] = DEFAULT_SEATS, **params: Any) -> None:
        super().__init__(**params)
        self.session = GameSession(GAME, seats, bot_delay=BOT_PAUSE)
        self.selection = Selection()
        self.unlocked: int | None = None
        """In hot-seat: the player who last took the device for a secret choice."""
        self._shown: ButtonMenState | None = None
        self._syncing = False
        self.board = DiceBoard(self.click_die)
        self.link = LinkSync(self.session)
        self.session.scheduler = pn.state.execute
        self.setup = MatchSetup(self.session)
        self.share = ShareLink(self.link)
        self.text = LiveRegion(label="Position as text", sizing_mode="stretch_width")
        self.keys = KeyMap(self.press, keys=KEYS)
        self.status = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.curtain = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.reveal = button("Show my choices", color="primary")
        self.reveal.on_click(lambda _e: self.take_device())
        # size choice
        self.size_prompt = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.size_select = pn.widgets.Select(label="Size", options={}, stylesheets=[FOCUS_CSS], width=220)
        self.size_confirm = button("Confirm size", color="primary")
        self.size_confirm.on_click(lambda _e: self.confirm_size())
        self.size_box = pn.Column(self.size_prompt, pn.Row(self.size_select, self.size_confirm, align="end"))
        # attacks
        self.hint = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.mine = pn.widgets.CheckBoxGroup(label="Your dice", options={}, inline=True,
                                             stylesheets=[FOCUS_CSS])
        self.theirs = pn.widgets.CheckBoxGroup(label="Their dice", options={}, inline=True,
                                               stylesheets=[FOCUS_CSS])
        self.mine_label = html("", margin=(0, 5))
        self.theirs_label = html("", margin=(0, 5))
        self.mine.param.watch(self._on_checks, ["value"])
        self.theirs.param.watch(self._on_checks, ["value"])
        self.attack_buttons = pn.FlexBox(gap="8px", margin=(0, 5))
        self.rule = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.pass_button = button("Pass (P)", color="warning")
        self.pass_button.on_click(lambda _e: self.pass_turn())
        self.clear_button = button("Clear selection (X)", variant="outline")
        self.clear_button.on_click(lambda _e: self.select(Selection()))
        self.surrender_button = button("Surrender the round", color="danger", variant="outline")
        self.surrender_button.on_click(lambda _e: self.surrender())
        self.attack_box = pn.Column(
            self.hint, self.mine_label, self.mine, self.theirs_label, self.theirs,
            heading("Attacks for this selection", 3), self.attack_buttons, self.rule,
            pn.Row(self.pass_button, self.clear_button, self.surrender_button),
            sizing_mode="stretch_width")
        # other choices (auxiliary, reserve, reactions, manual rolls)
        self.other_buttons = pn.FlexBox(gap="8px", margin=(0, 5))
        # every legal action, as a keyboard-operable list
        self.all_actions = pn.widgets.Select(label="All legal actions (keyboard: choose, then play)",
                                             options={}, size=6, stylesheets=[FOCUS_CSS],
                                             sizing_mode="stretch_width")
        self.play_listed = button("Play the chosen action", color="primary")
        self.play_listed.on_click(lambda _e: self.play_from_list())
        self.list_box = pn.Column(self.all_actions, self.play_listed, sizing_mode="stretch_width")
        self.refused = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.scores = html("", sizing_mode="stretch_width")
        self.summary = html("", sizing_mode="stretch_width")
        self.again = button("New match, same settings", color="primary")
        self.again.on_click(lambda _e: self.setup.start())
        self.history = html("", sizing_mode="stretch_width")
        self.log = html("", sizing_mode="stretch_width")
        self.session.pace = lambda _step: BOT_PAUSE
        self.session.param.watch(self._on_state, ["state"])
        self.session.param.watch(self._refresh, ["thinking", "seats"])
        self.param.watch(self._refresh, ["notice"])
        self._on_state()
        if self.session.bot_to_move:
            self.session.scheduler(self.session.drive_bots)

    # --- queries ---------------------------------------------------------------------------

    @property
    def state(self) -> ButtonMenState:
        return state_of(self.session)

    @property
    def viewer(self) -> int | None:
        """Whose view the page shows (hidden choices of the other player stay hidden)."""
        return view.viewer_for(self.session.seats, self.state)

    @property
    def curtained(self) -> bool:
        """True while the hot-seat screen waits for the next player to take the device."""
        return view.needs_curtain(self.session.seats, self.state, self.unlocked)

    @property
    def can_select(self) -> bool:
        """True when a human attacks now (dice on the board may be clicked)."""
        return self.session.human_to_move and self.state.phase == "attack" and not self.curtained

    # --- actions ---------------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Play ``action`` for the human to move, or say why not."""
        try:
            self.session.human_play(action)
        except IllegalAction as error:
            self.notice = f"Not possible: {error}."
        else:
            self.notice = ""

    def click_die(self, player: int, index: int) -> None:
        """A die was clicked on the board: toggle it in the selection."""
        if not self.can_select:
            self.notice = "Not possible: dice can be selected only when it is your turn to attack."
            return
        self.notice = ""
        self.select(self.selection.toggle(player == self.state.to_move, index))

    def select(self, selection: Selection) -> None:
        """Set the dice selection and redraw what depends on it."""
        self.selection = selection
        self._refresh()

    def confirm_size(self) -> None:
        """Play the swing/option size chosen in the size list."""
        action = self.size_select.value
        if isinstance(action, Action):
            self.play(action)

    def pass_turn(self) -> None:
        """Pass, or show the engine's reason why passing is not allowed."""
        legal = view.pass_action(self.state)
        if legal is not None:
            self.play(legal)
            return
        self.play(Pass())

    def surrender(self) -> None:
        """Surrender the round (with the selection cleared, as the rules require)."""
        action = view.surrender_action(self.state)
        if action is None:
            self.notice = "Not possible: surrender is not available now."
        else:
            self.play(action)

    def play_from_list(self) -> None:
        """Play the action chosen in the list of every legal action."""
        action = self.all_actions.value
        if isinstance(action, Action):
            self.play(action)
        else:
            self.notice = "Not possible: choose an action in the list first."

    def take_device(self) -> None:
        """Hot-seat: the player to move has the device; show their choices."""
        self.unlocked = self.state.to_move
        self._refresh()

    def press(self, key: str) -> None:
        """Handle a shortcut key from the key map."""
        if key.isdigit():
            index = int(key) - 1
            mover = self.state.to_move
            if self.can_select and mover is not None and index < len(self.state.dice[mover]):
                self.click_die(mover, index)
            else:
                self.notice = f"Not possible: you have no die {key} to select now."
        elif key == "p":
            self.pass_turn()
        elif key == "x":
            self.select(Selection())

    # --- following the session -------------------------------------------------------------

    def _on_state(self, *_: Any) -> None:
        state = self.state
        if state is not self._shown:
            lines = view.new_log_lines(self._shown, state)
            self._shown = state
            self.selection = Selection()
            self.text.text = ("\n".join(lines) + "\n\n" if lines else "") + state.describe(self.viewer)
        self._refresh()

    def _on_checks(self, *_: Any) -> None:
        if self._syncing or not self.can_select:
            return
        self.select(Selection(frozenset(self.mine.value), frozenset(self.theirs.value)))

    def _refresh(self, *_: Any) -> None:
        state, session = self.state, self.session
        curtained = self.curtained
        human = session.human_to_move and not curtained
        self.board.draw(view.board(state, self.viewer, self.selection, self.can_select))
        self._status(state)
        self._curtain(state, curtained)
        choice = view.size_choice(state) if human else None
        self.size_box.visible = choice is not None
        if choice is not None:
            self.size_prompt.object = f"<p style='margin:0.2em 0'>{escape(choice.prompt)}</p>"
            if self.size_select.options != choice.options:
                self.size_select.param.update(options=choice.options, label=choice.label,
                                              value=next(iter(choice.options.values())))
        self._attack_controls(state, human and state.phase == "attack")
        others = [] if not human or state.phase in ("attack", "swing") else state.legal_actions()
        buttons = []
        for action in others if len(others) <= MAX_ACTION_BUTTONS else []:
            b = button(view.action_label(state, action), color="primary")
            b.on_click(partial(self._press_action, action))
            buttons.append(b)
        self.other_buttons.objects = buttons
        self.other_buttons.visible = bool(buttons)
        listed = view.listed_actions(state) if human else {}
        if self.all_actions.options != listed:
            self.all_actions.param.update(options=listed, value=next(iter(listed.values()), None))
        self.list_box.visible = bool(listed)
        self.refused.object = (f"<p role='alert' style='color:#a00000;margin:0.2em 0'>{escape(self.notice)}</p>"
                               if self.notice else "")
        self._scores(state)

    def _press_action(self, action: Action, _event: object) -> None:
        self.play(action)

    def _status(self, state: ButtonMenState) -> None:
        line = status(state)
        mover = state.to_move
        if mover is not None and not self.session.is_human(mover):
            line += f" ({state.buttons[mover]} is a bot" + (": thinking…)" if self.session.thinking else ".)")
        self.status.object = f"<p style='font-size:1.15em;margin:0.3em 0'><strong>{escape(line)}</strong></p>"

    def _curtain(self, state: ButtonMenState, curtained: bool) -> None:
        self.reveal.visible = curtained
        if not curtained:
            self.curtain.object = ""
            return
        mover = state.to_move
        assert mover is not None
        name, other = state.buttons[mover], state.buttons[1 - mover]
        self.reveal.label = f"I am {name}'s player: show my choices"
        self.curtain.object = (
            "<div role='note' style='border:3px solid #0b3d91;background:#e3f2fd;color:#111;"
            "padding:0.5em 0.8em;border-radius:6px'><h3 style='margin:0'>Pass the device</h3>"
            f"<p style='margin:0.3em 0'>Hand the device to {escape(name)}'s player. "
            f"{escape(other)}'s player: please look away — {escape(name)} now makes a secret choice.</p></div>")

    def _attack_controls(self, state: ButtonMenState, active: bool) -> None:
        self.attack_box.visible = active
        if not active:
            return
        p = state.to_move
        assert p is not None
        self._syncing = True
        try:
            mine = {f"{i + 1}: {d.label}": i for i, d in enumerate(state.dice[p])}
            theirs = {f"{j + 1}: {d.label}": j for j, d in enumerate(state.dice[1 - p])}
            if self.mine.options != mine:
                self.mine.options = mine
            if self.theirs.options != theirs:
                self.theirs.options = theirs
            self.mine.value = sorted(self.selection.attackers)
            self.theirs.value = sorted(self.selection.targets)
        finally:
            self._syncing = False
        self.mine_label.object = (f"<p style='margin:0.3em 0 0 0'><strong>Your dice ({escape(state.buttons[p])}),"
                                  " attacking:</strong></p>")
        self.theirs_label.object = (f"<p style='margin:0.3em 0 0 0'><strong>Their dice "
                                    f"({escape(state.buttons[1 - p])}), to capture:</strong></p>")
        hint = view.selection_hint(state, self.selection)
        self.hint.object = f"<p style='margin:0.2em 0'>{escape(hint)}</p>" if hint else ""
        found = view.attacks_for(state, self.selection)
        buttons: list[Any] = []
        for attack in found:
            b = button(view.action_label(state, attack), color="primary", css_classes=["bm-attack"])
            b.on_click(partial(self._press_action, attack))
            buttons.append(b)
        self.attack_buttons.objects = buttons or [html(
            "<p style='margin:0'>None yet: select your dice and a target.</p>")]
        rule = view.pass_rule(state)
        self.rule.object = f"<p role='note' style='margin:0.3em 0'>{escape(rule)}</p>" if rule else ""
        self.pass_button.visible = view.pass_action(state) is not None
        self.surrender_button.visible = view.surrender_action(state) is not None

    def _scores(self, state: ButtonMenState) -> None:
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left;padding-right:1em'>{escape(name)} "
            f"({escape(self._seat_label(p))})</th><td style='text-align:center'>{now}</td>"
            f"<td style='text-align:center'>{wld}</td></tr>"
            for p, (name, now, wld) in enumerate(view.score_rows(state)))
        self.scores.object = (
            "<table style='border-collapse:collapse;font-size:1.05em' aria-label='Score'><thead><tr>"
            "<th scope='col' style='text-align:left'>Button</th><th scope='col'>If the round ended now</th>"
            f"<th scope='col'>Rounds won–lost–drawn</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p style='margin:0.3em 0'>First to {state.options['max_wins']} round wins takes the match.</p>")
        summary = view.match_summary(state)
        self.summary.object = (
            "<div role='status' style='border:3px solid #1b5e20;background:#e8f5e9;color:#111;"
            "padding:0.5em 0.8em;border-radius:6px'><h3 style='margin:0'>Match over</h3>"
            f"<p style='margin:0.3em 0'>{escape(summary)}</p></div>" if summary else "")
        self.again.visible = state.is_over
        history = view.history_rows(state)
        self.history.object = (
            "<table style='border-collapse:collapse' aria-label='Round history'><thead><tr>"
            f"<th scope='col'>Round</th><th scope='col'>{escape(state.buttons[0])}</th>"
            f"<th scope='col'>{escape(state.buttons[1])}</th><th scope='col'>Result</th></tr></thead><tbody>"
            + "".join(f"<tr><td>{n}</td><td>{a}</td><td>{b}</td><td>{escape(o)}</td></tr>"
                      for n, a, b, o in history)
            + "</tbody></table>" if history else "<p style='margin:0'>No round finished yet.</p>")
        items = "".join(f"<li>{escape(line)}</li>" for line in reversed(state.log))
        self.log.object = (
            "<div tabindex='0' role='region' aria-label='Match log, newest first' "
            "style='max-height:18em;overflow:auto;border:1px solid #767676;border-radius:4px;"
            "padding:0.4em;background:#fff;color:#111'>"
            + (f"<ol reversed class='bm-log' style='margin:0;padding-left:2.2em'>{items}</ol>" if items
               else "<p style='margin:0'>Nothing yet.</p>") + "</div>")

    def _seat_label(self, player: int) -> str:
        seat = self.session.seats[player]
        label = {v: k for k, v in seat_choices(GAME).items()}[seat]
        return "human" if seat == HUMAN else label.replace("Bot - ", "bot: ")

    # --- layout ------------------------------------------------------------------------------

    def __panel__(self) -> pn.viewable.Viewable:
        play = pn.Column(
            heading("Board"), self.status, self.board,
            html("<p class='rb-help' style='margin:0.3em 0'>Each die shows its value (large) and its "
                 "size in the site's notation with its skill letters (small). Click one or more of your "
                 "dice, then the die to capture; blue outlines mark dice that can attack, red outlines "
                 "the dice they can capture. Captured dice sit on the right of their captor's row.</p>",
                 margin=(0, 5), sizing_mode="stretch_width"),
            self.curtain, self.reveal, self.size_box, self.attack_box, self.other_buttons,
            self.refused, self.list_box, self.summary, self.again,
            width=640,
        )
        side = pn.Column(
            heading("Score"), self.scores, heading("Round history", 3), self.history,
            heading("Position as text"), self.text, heading("Match log", 3), self.log, self.share,
            self.setup, heading("Keys"), html(key_map_html(KEY_ROWS)), self.keys,
            sizing_mode="stretch_width", min_width=320, max_width=620,
        )
        return pn.FlexBox(play, side, gap="24px", sizing_mode="stretch_width")


def create_app() -> pn.Template:
    """A new Button Men page (one per browser session)."""
    app = ButtonMenApp()
    return make_page(
        "Button Men",
        "Pick two buttons, size your swing dice, then capture the other side's dice with "
        "Power, Skill and special attacks.",
        "Rules: Button Men (Cheapass Games) as played on buttonweavers.com, written in Rulebox's rules "
        "notes. Player 1 is the first button named.",
        app,
    )


if pn.state.served:
    create_app().servable(title="Button Men - Rulebox")
