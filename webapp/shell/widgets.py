"""Views shared by every game page; each reads a :class:`GameSession` and sends actions.

* :class:`LiveRegion` - text in a polite ``aria-live`` region (the text view).
* :class:`KeyMap` - page-wide single-key shortcuts, reported to Python.
* :class:`FocusKeeper` - keyboard focus back on the player's next control after a redraw.
* :class:`BoardLabel` - a name for Bokeh boards, out of the Tab order (played by other controls).
* :class:`GroupLabels` - role "group" and a name for widgets (e.g. a checkbox group).
* :class:`MoveButtons` - every legal action as a labelled, keyboard-reachable button.
* :class:`MoveLog` - the actions so far, newest first, with who took them.
* :class:`ShareLink` - the link that reopens the current game.
* :func:`bidi`, :func:`bidi_names` - names and free text html-escaped inside ``<bdi>``.

The new-game forms' pieces are in :mod:`webapp.shell.newgame`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from core.protocol import Action, State
from webapp.shell.assets import asset
from webapp.shell.links import LinkSync
from webapp.shell.session import GameSession, Step, actor_label

FOCUS_CSS = asset("focus.css")
"""A strong visible focus ring for widgets (they live in shadow roots)."""
NO_SPIN_CSS = asset("no_spin.css")
"""Hide the unlabelled spin buttons of number inputs (arrow keys still step the value)."""
HELP_CSS = asset("help.css")
BUTTON_CSS = asset("buttons.css") + asset("phone.css")
"""Button colours with strong contrast (white on dark fills; dark text on white outlines), 44x44 CSS px on a
phone (buttons made as the game goes, after the page's widgets were given their phone sizes)."""


def html(text: str, **params: Any) -> pn.pane.HTML:
    """An HTML pane with the shared focus and help styles."""
    return pn.pane.HTML(text, stylesheets=[FOCUS_CSS, HELP_CSS], **params)


def bidi(text: str) -> str:
    """``text`` html-escaped inside ``<bdi>``: a name or free text (from a link, a form, a record)
    that cannot reverse the text after it, whatever direction marks it holds."""
    return f"<bdi>{escape(text)}</bdi>"


def bidi_names(text: str, names: Sequence[str]) -> str:
    """``text`` html-escaped, with every occurrence of one of ``names`` (player names, button names)
    inside ``<bdi>``."""
    wanted = sorted({escape(n) for n in names if n}, key=len, reverse=True)
    if not wanted:
        return escape(text)
    pattern = re.compile("|".join(re.escape(n) for n in wanted))
    return pattern.sub(lambda m: f"<bdi>{m.group(0)}</bdi>", escape(text))


def heading(text: str, level: int = 2) -> pn.pane.HTML:
    """A real ``<hN>`` heading (for the page outline)."""
    return html(f"<h{level} style='margin:0.3em 0'>{escape(text)}</h{level}>", margin=(0, 5))


def button(label: str, **params: Any) -> pn.widgets.Button:
    """A button with the shared visible focus ring and the contrast-safe colours of :data:`BUTTON_CSS`."""
    return pn.widgets.Button(label=label, stylesheets=[FOCUS_CSS, BUTTON_CSS], **params)


class LiveRegion(JSComponent):
    """Plain text in a polite live region that stays in the page between updates."""

    text = param.String(default="", doc="The text to show and announce.")
    label = param.String(default="", doc="The region's accessible name.")
    apart = param.Boolean(default=False, constant=True, doc=(
        "Announce through a visually hidden twin at the end of the page's main landmark: the shown text may "
        "then sit in a closed fold (hidden text is not announced)."))
    reveal = param.Integer(default=0, doc="Bumped to open every fold around the text and move the focus to it.")

    _esm = asset("live_region.js")
    _stylesheets = [asset("live_region.css"), FOCUS_CSS]

    def open_and_focus(self) -> None:
        """Open the folds around the text and move the keyboard focus to it."""
        self.reveal += 1


class KeyMap(JSComponent):
    """Single-key shortcuts for the whole page, ignored while typing in a field."""

    keys = param.List(default=[], item_type=str, doc="The keys to report (event.key values).")

    _esm = asset("key_map.js")

    def __init__(self, on_key: Callable[[str], None], **params: Any) -> None:
        super().__init__(**params)
        self.on_key = on_key

    def _handle_msg(self, data: Any) -> None:
        if isinstance(data, dict) and isinstance(data.get("key"), str):
            self.on_key(data["key"])


class FocusKeeper(JSComponent):
    """Puts the keyboard focus back on the player's next control when a redraw drops it to the page.

    ``keep(name)`` names that control by the start of its accessible name (a button's text, a
    field's label); the browser moves the focus there only when it was lost (on the page body
    or on a removed element), and only after the player has pressed a key or clicked.
    """

    target = param.String(default="", doc="The start of the accessible name of the control to focus.")
    version = param.Integer(default=0, doc="Bumped on every redraw (the browser checks the focus then).")
    force = param.Boolean(default=False, doc="Move the focus even when it was not lost (a question appeared).")

    _esm = asset("focus_keeper.js")

    def keep(self, name: str, force: bool = False) -> None:
        """After this redraw, a lost focus goes to the control called ``name`` ("" for none).

        ``force``: move it there even from another control (to a question the player must answer).
        """
        self.param.update(target=name, force=force, version=self.version + 1)


class BoardLabel(JSComponent):
    """Gives the page's Bokeh boards an accessible name and removes their event layers from the Tab order.

    For a board that the keyboard plays through other controls (checkboxes, buttons) on the page.
    """

    label = param.String(default="Board", doc="The boards' accessible name.")

    _esm = asset("board_label.js")


class GroupLabels(JSComponent):
    """Gives the widgets marked with each CSS class of ``groups`` the role "group" and that accessible name."""

    groups = param.Dict(default={}, doc="CSS class (set with a widget's css_classes) -> the group's name.")

    _esm = asset("group_labels.js")


def default_label(action: Action) -> str:
    """``str(action)`` with a capital first letter."""
    text = str(action)
    return text[:1].upper() + text[1:]


class ButtonList(JSComponent):
    """A group of plain ``<button>`` elements that keeps keyboard focus across updates.

    When a button of the group had the focus (or was just pressed) and the list
    is redrawn - after a move, or when a bot's turn ends - the focus returns to
    the first button, so keyboard players never lose their place.
    """

    labels = param.List(default=[], item_type=str, doc="One button per label.")
    version = param.Integer(default=0, doc="Bumped with every new list (stale presses are ignored).")
    group_label = param.String(default="Moves", doc="The group's accessible name.")

    _esm = asset("button_list.js")
    _stylesheets = [asset("button_list.css")]

    def __init__(self, on_press: Callable[[int], None], **params: Any) -> None:
        super().__init__(**params)
        self.on_press = on_press

    def relabel(self, labels: list[str]) -> None:
        """Show these buttons (a new version only when the labels changed: presses on the old list are stale)."""
        if labels != self.labels:
            self.param.update(labels=labels, version=self.version + 1)

    def _handle_msg(self, data: Any) -> None:
        if isinstance(data, dict) and data.get("version") == self.version \
                and isinstance(data.get("index"), int) and 0 <= data["index"] < len(self.labels):
            self.on_press(data["index"])


class MoveButtons(pn.viewable.Viewer):
    """The legal actions of a human to move, one button each; otherwise who we wait for.

    When several people at the table may act (free-order choices), the buttons
    are those of the first of them; ``on_action`` gets the action and its actor.
    """

    def __init__(self, session: GameSession, on_action: Callable[[Action, int], None],
                 names: Sequence[str], label: Callable[[Action], str] = default_label,
                 **params: Any) -> None:
        super().__init__(**params)
        self.session, self.on_action, self.names, self.label = session, on_action, names, label
        self.actions: list[Action] = []
        self.actor: int | None = None
        self.buttons = ButtonList(self._press, group_label="Your moves", margin=(0, 5),
                                  sizing_mode="stretch_width")
        self._waiting = html("", margin=(0, 5))
        self._layout = pn.Column(heading("Your moves", 3), self.buttons, self._waiting)
        session.param.watch(self._refresh, ["state", "thinking", "seats"])
        self._refresh()

    def waiting_text(self) -> str:
        """What the page is waiting for when no human may act."""
        state, session = self.session.state, self.session
        if state.is_over:
            return "The game is over. Start a new game to play again."
        if session.human_to_move:
            return ""
        waited = " and ".join(actor_label(a, self.names) for a in sorted(state.actors))
        if session.thinking:
            return f"{waited} is thinking…"
        return f"Waiting for {waited} (bot)."

    def press(self, label: str) -> None:
        """Press the button with this label (as a click would)."""
        self._press([self.label(a) for a in self.actions].index(label))

    def _press(self, index: int) -> None:
        assert self.actor is not None
        self.on_action(self.actions[index], self.actor)

    def _refresh(self, *_: Any) -> None:
        humans = self.session.human_actors
        self.actor = humans[0] if humans else None
        actions = self.session.state.legal_actions(self.actor) if humans else []
        labels = [self.label(a) for a in actions]
        if actions != self.actions or labels != self.buttons.labels:
            self.actions = actions
            self.buttons.param.update(labels=labels, version=self.buttons.version + 1)
        text = self.waiting_text()
        self._waiting.object = f"<p>{bidi(text)}</p>" if text else ""

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


class MoveLog(pn.viewable.Viewer):
    """The game's actions, newest first: number, player and the action's label."""

    def __init__(self, session: GameSession, names: Sequence[str],
                 note: Callable[[Step], str] = lambda step: "", titled: bool = True,
                 words: Callable[[Step, State], str] = lambda step, shown: str(step.action),
                 viewer: Callable[[], int | None] = lambda: None, **params: Any) -> None:
        super().__init__(**params)
        self.session, self.names, self.note, self.titled = session, names, note, titled
        self.words, self.viewer = words, viewer
        self._pane = html("", sizing_mode="stretch_width")
        session.param.watch(self._refresh, ["steps"])
        self._refresh()

    def rows(self) -> list[tuple[str, str]]:
        """``(who, what)`` per action, oldest first, in ``words`` given the current state as the viewer sees it."""
        shown = self.session.state.view(self.viewer())
        rows = []
        for step in self.session.steps:
            note = self.note(step)
            rows.append((actor_label(step.actor, self.names), self.words(step, shown) + (f" — {note}" if note else "")))
        return rows

    def entries(self) -> list[str]:
        """One line per action, oldest first."""
        return [f"{who}: {what}" for who, what in self.rows()]

    def _refresh(self, *_: Any) -> None:
        lines = self.rows()
        items = "".join(f"<li>{bidi(who)}: {escape(what)}</li>" for who, what in reversed(lines))
        body = (f"<ol reversed style='margin:0;padding-left:2.2em'>{items}</ol>" if lines
                else "<p style='margin:0'>No moves yet.</p>")
        self._pane.object = (
            "<div tabindex='0' role='region' aria-label='Move log, newest first' "
            "style='max-height:16em;overflow:auto;border:1px solid #767676;border-radius:4px;"
            f"padding:0.4em;background:#fff;color:#111'>{body}</div>"
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(*([heading("Move log", 3)] if self.titled else []), self._pane, sizing_mode="stretch_width")


class ShareLink(pn.viewable.Viewer):
    """A link to the current game (the address bar holds the same link), and :attr:`alert`: why the link
    could not be opened or is too long (the page shows it outside any fold)."""

    def __init__(self, link: LinkSync, **params: Any) -> None:
        super().__init__(**params)
        self.link = link
        self._pane = html("", sizing_mode="stretch_width")
        self.alert = html("", sizing_mode="stretch_width")
        link.param.watch(self._refresh, ["url", "problem", "too_long"])
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        url = escape(self.link.url, quote=True)
        self._pane.object = (
            f"<p style='margin:0.2em 0'><a href='{url}' style='color:#0b3d91'>Link to this game</a> — "
            "copy it to share or bookmark the game. The address bar always holds it too, "
            "so a reload keeps the game (a secret choice not yet revealed is asked again).</p>"
        )
        problem = " ".join(p for p in (self.link.problem, self.link.too_long) if p)
        self.alert.object = (
            f"<p role='alert' style='color:#a00000;font-weight:bold'>{escape(problem)}</p>" if problem else ""
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(heading("Share", 3), self._pane, sizing_mode="stretch_width")
