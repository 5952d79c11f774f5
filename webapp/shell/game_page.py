"""The shared game page: one frame for every game, filled in by the game's :class:`GameView`.

The shell owns what every page has: the session and its seats, the share link
in the address bar, the status line, the refusal notice, undo, the text view,
the key map and the share panel.  A game package supplies the rest through
:class:`GameView` -- its board, its controls, its narration, its side panels
and its secondary tools -- and places the shell's notice and undo among its controls.

The layout: the turn banner (status line and the "New game" button) over the
board, the game's controls next to it, and a side column: the game's own
panels first, then one fold "More" with the secondary tools (the position as
text, the share link, the game's :meth:`GameView.tools`, the keys).  The T key
opens the fold and moves the focus to the text, whose announcements go on while
it is folded (:class:`~webapp.shell.widgets.LiveRegion` ``apart``).  On a
narrow screen the side column goes under the board.  The board is drawn at its own size at
most and shrinks with the screen (:meth:`Board.fit`).  The new-game form opens
in a modal dialog (:meth:`GameView.setup_form`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import panel as pn
import param

from core.protocol import JSON, Action, Game, IllegalAction, State
from webapp.shell.boards import Act, Board, as_event
from webapp.shell.frame import key_map_html, make_page
from webapp.shell.assets import asset
from webapp.shell.links import LinkSync
from webapp.shell.newgame import NewGameDialog
from webapp.shell.screen import may_tell, secret_step_words
from webapp.shell.sections import Dialog, Disclosure
from webapp.shell.session import NOTHING_TO_UNDO, GameSession, Step
from webapp.shell.widgets import FOCUS_CSS, KeyMap, LiveRegion, ShareLink, bidi_names, button, heading, html

UNDO_KEY = "u"
TEXT_KEY = "t"
TEXT_ROW = ("T", "show the position as text (in \"More\") and move the focus there")
MORE = "More: position as text, share, keys"
"""The title of the fold of secondary tools."""
CHOICE_ROWS = (pn.widgets.CheckBoxGroup, pn.widgets.RadioBoxGroup)
WRAP_CSS = """
.bk-input-group.bk-inline { flex-wrap: wrap; row-gap: 0.3em; }
.bk-input-group > label { white-space: normal; }
"""
"""Rows of checkboxes or radio buttons and long field labels wrap on a narrow screen instead of running off it."""
PHONE_CSS = asset("phone.css")
"""Phone-sized targets for every widget of the page (buttons 44x44 CSS px, other controls 24x24)."""
STATUS_CSS = """
.rb-status { margin: 0.2em 0; font-size: 1.15em; padding: 0.3em 0.6em; border-radius: 6px;
             border: 2px solid transparent; }
.rb-status.rb-your-turn { background: var(--turn, #fff1c2); border-color: var(--turn-line, #8a5a00); }
.rb-status.rb-new { animation: rb-flash 0.7s ease-out; }
.rb-score { display: inline-block; margin-left: 0.6em; padding: 0 0.5em; border-radius: 1em; font-weight: 600;
            background: var(--card, #fff); border: 1px solid var(--line, #c9c5bb); }
.rb-score.rb-new { animation: rb-flash 0.9s ease-out; }
@keyframes rb-flash { from { box-shadow: 0 0 0 6px var(--turn-line, #8a5a00); } to { box-shadow: none; } }
@media (prefers-reduced-motion: reduce) { .rb-new { animation: none !important; } }
"""


class GameView[S: State, B: Board[Any]](ABC):
    """What a game supplies to the shared page: one instance per page, built with it (``view(page)``).

    ``S`` is the game's state class and ``B`` its board's class, so ``self.state`` and
    ``self.page.board`` need no narrowing.
    """

    game: ClassVar[Game]
    title: ClassVar[str]
    tagline: ClassVar[str]
    footer: ClassVar[str]
    default_seats: ClassVar[tuple[str, ...]]
    default_options: ClassVar[Mapping[str, JSON]] = MappingProxyType({})
    """Options of the page's games where they differ from the game's own defaults (the first game and every new
    one whose form names no value for them)."""
    bot_delay: ClassVar[float] = 0.15
    """Least seconds between an action and a bot's reply (a reply within a few milliseconds of a
    click could be lost on its way to the browser; people also see what happened)."""
    board_width: ClassVar[int] = 520
    """The board column's preferred width in pixels (it shrinks on narrow screens)."""
    keys: ClassVar[tuple[str, ...]] = ()
    """Single keys the page reports to :meth:`on_key` (plus U when the page offers undo)."""
    key_rows: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The documented key map: (key, what it does)."""
    offers_undo: ClassVar[bool] = True
    nothing_to_undo: ClassVar[str] = f"Not possible: {NOTHING_TO_UNDO}."
    """The notice when undo is not possible now."""
    moderator: ClassVar[bool] = False
    """True when the people at the table may act as the moderator (a referee entering results)."""

    def __init__(self, page: GamePage[S, B]) -> None:
        self.page = page

    @property
    def state(self) -> S:
        """The position in play (the full state: show only its ``view(viewer)``)."""
        return self.page.session.state

    @abstractmethod
    def board(self, state: S, act: Act) -> B:
        """The game's board showing ``state``, sending the player's actions to ``act``."""

    @abstractmethod
    def controls(self) -> list[Any]:
        """What goes under the board: the game's controls and the shell's notice and undo."""

    @abstractmethod
    def narrate(self, before: S | None, action: Action | None, after: S) -> str:
        """What ``action`` did, in words (``before``/``action`` are None for a game just opened)."""

    @abstractmethod
    def panels(self) -> list[Any]:
        """The side column's game panels: scores, history (fold the long ones in a
        :class:`~webapp.shell.sections.Disclosure`); a new-game form here moves to the dialog (:meth:`setup_form`).
        The shell adds the text view, the share link and the keys in its "More" fold after them."""

    def tools(self) -> list[Any]:
        """The game's secondary tools (save, export, notes on the link), folded in "More" after the share link."""
        return []

    @abstractmethod
    def status(self) -> str:
        """The status line: whose turn it is, or the result."""

    def viewer(self) -> int | None:
        """Whose eyes the page shows (None: everybody's)."""
        return None

    def secret_narration(self, step: Step[S]) -> str:
        """A step that somebody at the screen may not know, in words: who acted, never what
        (the shell calls it instead of :meth:`narrate`; :func:`~webapp.shell.screen.may_tell` decides)."""
        return secret_step_words(step)

    def refusal(self, action: Action, error: IllegalAction) -> str:
        """The notice for ``action`` refused by the rules (a game may word it in its own language)."""
        return f"Not possible: {error}."

    def score_line(self) -> str:
        """The score in a few words, shown beside the status line ("" for none)."""
        return ""

    def names(self) -> Sequence[str]:
        """Names that players chose or links carried, shown isolated (``<bdi>``) in the status line."""
        return ()

    def interactive(self) -> bool:
        """True when the player may act on the board now."""
        return self.page.session.human_to_move

    def settled(self) -> bool:
        """True when the board shows the current position (False while it still shows a move being made:
        the banner then marks no turn)."""
        return True

    def undo_reaches(self, earlier: S, now: S) -> bool:
        """True when undo may go back from ``now`` to ``earlier``, the position of the human's previous
        decision (the rules' own limit, ``State.can_undo``, always holds; a game may set a nearer one)."""
        return True

    def undone(self) -> None:  # noqa: B027  (a hook: most games hold no pick to forget)
        """An undo is made: forget what the player had picked but not yet played."""

    def setup_form(self) -> Any | None:
        """The new-game form the "New game" dialog holds.

        The default is the :class:`~webapp.shell.newgame.NewGameDialog` among :meth:`panels` (the
        side column then shows the rest); a page without one gets no "New game" button.
        """
        return None

    @abstractmethod
    def attach(self) -> None:
        """Build the game's own widgets (called once, when the page has its session and board)."""

    @abstractmethod
    def on_key(self, key: str) -> None:
        """A key of :attr:`keys` was pressed."""

    @abstractmethod
    def refresh(self) -> None:
        """Bring the game's own controls and panels up to date."""


class GamePage[S: State, B: Board[Any]](pn.viewable.Viewer):
    """The whole page of one game over one session."""

    notice = param.String(default="", doc="Why the last attempted action was refused.")

    def __init__(self, view: type[GameView[S, B]], seats: Sequence[str] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.view = view(self)
        self.session: GameSession[S] = GameSession(view.game, seats or view.default_seats,
                                                   defaults=view.default_options, bot_delay=view.bot_delay,
                                                   moderator=view.moderator)
        self.link = LinkSync(self.session)
        self.session.scheduler = pn.state.execute
        self.session.commit = as_event
        self.board = self.view.board(self.session.state, self.play)
        self.text = LiveRegion(label="Position as text", apart=True, sizing_mode="stretch_width")
        self.keys = KeyMap(self.press, keys=[*view.keys, *([UNDO_KEY] if view.offers_undo else []), TEXT_KEY])
        self.status = pn.pane.HTML("", margin=0, sizing_mode="stretch_width",
                                   stylesheets=[FOCUS_CSS, STATUS_CSS])
        self.refused = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.share = ShareLink(self.link)
        self.undo_button = button("Undo (U)", color="primary", variant="outline", visible=view.offers_undo)
        self.undo_button.on_click(lambda _event: self.undo())
        self._layout: pn.FlexBox | None = None
        self._shown = ("", "")
        """The status and score lines last shown (a change flashes)."""
        self.new_game: Dialog | None = None
        """The "New game" dialog (None when the game supplies no form)."""
        self.view.attach()
        self.session.param.watch(self._on_state, ["state"])
        self.session.param.watch(self.refresh, ["thinking", "seats"])
        self.param.watch(self.refresh, ["notice"])
        self._on_state()
        if self.session.bot_to_move:
            self.session.scheduler(self.session.drive_bots)

    # --- actions -------------------------------------------------------------------

    def attempt(self, change: Callable[..., None], *args: Any) -> None:
        """Run a session change; a refusal becomes the notice, success clears it."""
        try:
            change(*args)
        except IllegalAction as error:
            self.notice = f"Not possible: {error}."
        else:
            self.notice = ""

    def play(self, action: Action, actor: int | None = None) -> None:
        """Play ``action`` for ``actor`` (default: the one human actor), or say why not (:meth:`GameView.refusal`)."""
        try:
            self.session.human_play(action, actor)
        except IllegalAction as error:
            self.notice = self.view.refusal(action, error)
        else:
            self.notice = ""

    @property
    def can_undo(self) -> bool:
        """True when undo may go back to a human's previous decision (the rules' and the game's limits)."""
        session = self.session
        depth = session.undo_depth()
        return depth is not None and self.view.undo_reaches(session.steps[-depth].before, session.state)

    def undo(self) -> None:
        """Undo back to the human's previous decision, or say why not."""
        if not self.can_undo:
            self.notice = self.view.nothing_to_undo
            return
        self.view.undone()
        self.attempt(self.session.undo)

    def press(self, key: str) -> None:
        """Handle a shortcut key from the key map."""
        if key == UNDO_KEY and self.view.offers_undo:
            self.undo()
        elif key == TEXT_KEY:
            self.text.open_and_focus()
        else:
            self.view.on_key(key)

    # --- following the session -------------------------------------------------------

    def _on_state(self, *_: Any) -> None:
        with pn.io.hold():  # one message to the browser: no control is redrawn after the status says "your turn"
            self._show_state()

    def _show_state(self) -> None:
        session, state = self.session, self.session.state
        step = session.steps[-1] if session.steps and session.steps[-1].after is state else None
        if step is None:
            told = self.view.narrate(None, None, state)
        elif may_tell(session, step):
            told = self.view.narrate(step.before, step.action, state)
        else:
            told = self.view.secret_narration(step)
        self.text.text = (told + "\n\n" if told else "") + state.describe(self.view.viewer())
        self.refresh(step=step)

    def refresh(self, *_: Any, step: Step[S] | None = None) -> None:
        """Redraw the board, the status line, the notice, undo and the game's own widgets."""
        view = self.view
        self.board.show_state(self.session.state, viewer=view.viewer(), interactive=view.interactive(),
                              step=step)
        view.refresh()  # first: the status line may tell what the game's own widgets now show
        line = view.status()
        turn = " rb-your-turn" if self.session.human_to_move and view.settled() and not self.session.state.is_over \
            else ""
        score = view.score_line()
        status_new = " rb-new" if line != self._shown[0] else ""
        score_new = " rb-new" if score != self._shown[1] and self._shown[1] else ""
        self._shown = (line, score)
        score_html = f" <span class='rb-score{score_new}'>{bidi_names(score, view.names())}</span>" if score else ""
        self.status.object = (f"<p class='rb-status{turn}{status_new}'><strong>{bidi_names(line, view.names())}"
                              f"</strong>{score_html}</p>")
        notice = bidi_names(self.notice, view.names())
        self.refused.object = f"<p role='alert' style='color:#a00000;margin:0.2em 0'>{notice}</p>" if notice else ""
        self.undo_button.disabled = not self.can_undo

    # --- layout ------------------------------------------------------------------------

    def __panel__(self) -> pn.viewable.Viewable:
        if self._layout is None:
            self._layout = self._build_layout()
        return self._layout

    def _build_layout(self) -> pn.FlexBox:
        """The board column (turn banner, board, the game's controls) and the side column."""
        view = self.view
        panels = list(view.panels())
        form = view.setup_form()
        if form is None:
            form = next((item for item in panels if isinstance(item, NewGameDialog)), None)
            panels = [item for item in panels if item is not form]
        banner: list[Any] = [self.status]
        if form is not None:
            self.new_game = Dialog("New game", form)
            self.session.param.watch(self._close_dialog, ["state"])
            banner.append(self.new_game)
        self.board.fit()
        top = pn.FlexBox(*banner, align_items="center", gap="4px 12px", flex_wrap="nowrap",
                         sizing_mode="stretch_width", css_classes=["rb-banner"])
        play = pn.Column(top, self.board, *view.controls(), sizing_mode="stretch_width", css_classes=["rb-play"],
                         styles={"flex": f"0 1 {view.board_width}px", "min-width": "0"}, margin=0)
        more = Disclosure(MORE, heading("Position as text", 3), self.text, self.share, *view.tools(),
                          heading("Keys", 3), html(key_map_html([*view.key_rows, TEXT_ROW])), css_classes=["rb-more"])
        side = pn.Column(self.share.alert, *panels, more, self.keys, sizing_mode="stretch_width", margin=0,
                         css_classes=["rb-side"], styles={"flex": "1 1 300px", "min-width": "0", "max-width": "36rem"})
        layout = pn.FlexBox(play, side, gap="12px 24px", flex_wrap="wrap", sizing_mode="stretch_width",
                            align_items="flex-start", justify_content="center")
        for widget in layout.select(pn.widgets.Widget):
            fitted: dict[str, Any] = {"stylesheets": [*widget.stylesheets, WRAP_CSS, PHONE_CSS]}
            if isinstance(widget, CHOICE_ROWS) and widget.inline:
                fitted["sizing_mode"] = "stretch_width"
            widget.param.update(**fitted)
        return layout

    def _close_dialog(self, *_: Any) -> None:
        """A new game began: the dialog that asked for it closes."""
        if self.new_game is not None and not self.session.steps and self.new_game.open:
            self.new_game.close()


def create_page(page: GamePage[Any, Any]) -> pn.Template:
    """The page frame around ``page`` (one per browser session)."""
    view = page.view
    return make_page(view.title, view.tagline, view.footer, page, page.link.address, view.game.name)
