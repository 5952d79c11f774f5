"""New-game forms: the deal number, the guard before a game in progress is replaced, option fields, the dialog.

* :class:`StartGuard` - why a game cannot start, or "end the game in progress?" before it is replaced.
* :class:`NewGameDialog` - seats, bot levels and every option of ``game.options``.
* :class:`MoreRulings` - the rarer rulings of a game's own new-game form, unfolded on request.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import panel as pn

from core.protocol import JSON, IllegalAction, Option, thaw
from webapp.shell.session import GameSession, seat_choices
from webapp.shell.widgets import FOCUS_CSS, NO_SPIN_CSS, FocusKeeper, button, heading, html


def _humanize(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _choice_label(value: JSON) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value).replace("_", " ")


def deal_number(text: str | None) -> int | None:
    """The deal number typed in a new-game form; blank means a random deal."""
    text = (text or "").strip()
    try:
        return int(text) if text else None
    except ValueError:
        raise ValueError(f"the deal number must be a whole number; got {text!r}") from None


FormValues = tuple[list[str], int | None, dict[str, JSON]]
"""What a new-game form describes: seats, deal number and options."""


def start_or_explain(start: Callable[[], None], error: pn.pane.HTML, failed: str = "Cannot start") -> None:
    """Run a form's ``start``; when its values cannot start a game, say why in ``error`` (else clear it)."""
    try:
        start()
    except (ValueError, IllegalAction) as problem:
        error.object = f"<p role='alert' style='color:#a00000'>{failed}: {escape(str(problem))}</p>"
    else:
        error.object = ""


ENDS_GAME = "This ends the game in progress. Start the new game?"
"""The question asked before a new-game form replaces a game in progress."""


class StartGuard(pn.viewable.Viewer):
    """What a new-game form shows under its start buttons: why a game cannot start, or the question
    :data:`ENDS_GAME` with "Yes" and "No" before a game in progress is replaced.

    Every start button of the form calls :meth:`start`; a finished or untouched game is replaced at once.
    """

    def __init__(self, session: GameSession, failed: str = "Cannot start", **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.failed = failed
        """How a refusal starts ("Cannot start: ..."; a form that opens a saved game says "Cannot open")."""
        self.error = html("")
        self.yes = button("Yes, start the new game", color="primary")
        self.no = button("No, keep playing")
        self.yes.on_click(lambda _event: self.answer(True))
        self.no.on_click(lambda _event: self.answer(False))
        self.focus = FocusKeeper()
        self._question = pn.Column(
            html(f"<p role='alert' style='margin:0.3em 0'><strong>{escape(ENDS_GAME)}</strong></p>"),
            pn.Row(self.yes, self.no), visible=False, sizing_mode="stretch_width")
        self._pending: Callable[[], None] | None = None

    @property
    def asking(self) -> bool:
        """True while the question waits for an answer."""
        return self._pending is not None

    def start(self, begin: Callable[[], None]) -> None:
        """Run ``begin`` (which starts the new game) now, or after "Yes" when a game is in progress."""
        if not self.session.in_progress:
            self._show(None)
            start_or_explain(begin, self.error, self.failed)
            return
        self.error.object = ""
        self._show(begin)
        self.focus.keep(self.yes.name, force=True)

    def answer(self, yes: bool) -> None:
        """The answer: "Yes" starts the game the form described when it asked, "No" keeps the game in progress."""
        begin = self._pending
        self._show(None)
        if yes and begin is not None:
            start_or_explain(begin, self.error, self.failed)

    def _show(self, begin: Callable[[], None] | None) -> None:
        self._pending = begin
        self._question.visible = begin is not None

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(self.error, self._question, self.focus, sizing_mode="stretch_width")


def start_game(session: GameSession, values: Callable[[], FormValues], guard: StartGuard) -> None:
    """Start the game a form describes (asking first over a game in progress), or say why it cannot start."""
    def begin() -> None:
        seats, seed, options = values()
        session.new_game(seats, seed=seed, **options)

    guard.start(begin)


def option_widget(option: Option) -> pn.widgets.Widget:
    """A field for one option: a choice list, a whole number, or text (blank: the default)."""
    label = _humanize(option.name)
    if option.choices:
        choices = {_choice_label(c): c for c in option.choices}
        return pn.widgets.Select(label=label, options=choices, value=option.default, stylesheets=[FOCUS_CSS])
    if isinstance(option.default, int) and not isinstance(option.default, bool):
        return pn.widgets.IntInput(label=label, value=option.default, stylesheets=[FOCUS_CSS, NO_SPIN_CSS])
    return pn.widgets.TextInput(label=f"{label} (blank: default)", value="", stylesheets=[FOCUS_CSS])


def chosen_options(options: Sequence[Option], fields: Mapping[str, pn.widgets.Widget]) -> dict[str, JSON]:
    """The values of the ``fields`` made by :func:`option_widget` (a blank text field: the default; a JSON list
    or object in one: that value)."""
    defaults = {o.name: o.default for o in options}
    return {name: text_value(widget.value.strip(), defaults[name]) if isinstance(widget.value, str) else widget.value
            for name, widget in fields.items()}


def text_value(text: str, default: JSON) -> JSON:
    """A text field's option value: blank the default, a JSON list or object that value, else the text."""
    if text.startswith(("[", "{")):
        try:
            return json.loads(text)
        except ValueError:
            return text  # the game's check says what is wrong with it
    return text or default


def field_text(value: JSON) -> str:
    """An option's value in a text field: blank for None, a text as it is, a list or object as JSON."""
    return "" if value is None else value if isinstance(value, str) else json.dumps(value)


class MoreRulings(pn.viewable.Viewer):
    """A checkbox that unfolds a field for each of ``options`` with its rulebook text (the rarer rulings)."""

    def __init__(self, options: Sequence[Option], label: str, **params: Any) -> None:
        super().__init__(**params)
        self.options = tuple(options)
        self.fields = {o.name: option_widget(o) for o in self.options}
        self.toggle = pn.widgets.CheckBoxGroup(options=[label], value=[], stylesheets=[FOCUS_CSS])
        rows: list[Any] = []
        for option in self.options:
            rows += [self.fields[option.name], html(f"<p class='rb-help'>{escape(option.doc)}</p>")]
        self._box = pn.Column(sizing_mode="stretch_width")
        """Filled when first shown (a page opens faster without the fields drawn)."""
        self.toggle.param.watch(lambda e: self._box.param.update(objects=rows if e.new else []), ["value"])

    def values(self) -> dict[str, JSON]:
        """Every field's value, whether shown or not (the defaults until changed)."""
        return chosen_options(self.options, self.fields)

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(self.toggle, self._box, sizing_mode="stretch_width")


def seat_names(names: Sequence[str], count: int) -> list[str]:
    """``count`` seat names: the given ones, then ``Player N`` for the rest."""
    return [names[i] if i < len(names) else f"Player {i + 1}" for i in range(count)]


class NewGameDialog(pn.viewable.Viewer):
    """Seats (human or bot level) and every option of the game, then "Start new game".

    There is one seat field for each seat the game can have; those beyond the
    seats of the chosen options (``game.seats(options)``) are hidden.
    """

    def __init__(self, session: GameSession, names: Sequence[str], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        game = session.game
        self._seats = [
            pn.widgets.Select(label=f"{name} player", options=seat_choices(game),
                              value=session.seats[min(i, len(session.seats) - 1)],
                              stylesheets=[FOCUS_CSS])
            for i, name in enumerate(seat_names(names, game.seat_range[1]))
        ]
        self._options = {o.name: option_widget(o) for o in game.options}
        for widget in self._options.values():
            widget.param.watch(self._show_seats, ["value"])
        self._seed = pn.widgets.TextInput(label="Deal number (blank: random)", value="",
                                          stylesheets=[FOCUS_CSS])
        self._start = button("Start new game", color="primary")
        self._start.on_click(lambda _event: self.start())
        self.guard = StartGuard(session)
        self._error = self.guard.error
        fields: list[Any] = [*self._seats]
        for option in game.options:
            fields += [self._options[option.name], html(f"<p class='rb-help'>{escape(option.doc)}</p>")]
        self._layout = pn.Column(
            heading("New game"), *fields, self._seed, self._start, self.guard,
            sizing_mode="stretch_width",
        )
        session.param.watch(self._sync, ["state", "seats"])
        self._sync()

    def _chosen_options(self) -> dict[str, JSON]:
        return chosen_options(self.session.game.options, self._options)

    def seat_count(self) -> int:
        """How many seats the chosen options give (the current game's while they are invalid)."""
        game = self.session.game
        try:
            return game.seats(game.resolve_options(self._chosen_options()))
        except ValueError:
            return self.session.state.players

    def _show_seats(self, *_: Any) -> None:
        count = self.seat_count()
        for i, widget in enumerate(self._seats):
            widget.visible = i < count

    def values(self) -> FormValues:
        """The chosen seats, deal number and options (a blank text field means the default)."""
        seats = [w.value for w in self._seats[:self.seat_count()]]
        return seats, deal_number(self._seed.value), self._chosen_options()

    def start(self) -> None:
        """Start the game described by the widgets, or show why it cannot start."""
        start_game(self.session, self.values, self.guard)

    def _sync(self, *_: Any) -> None:
        """Show the current game's settings (so "Start" replays them with a new deal)."""
        for widget, seat in zip(self._seats, self.session.seats, strict=False):
            widget.value = seat
        for name, field in self._options.items():
            value = thaw(self.session.state.options[name])
            field.value = field_text(value) if isinstance(field, pn.widgets.TextInput) else value
        self._show_seats()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
