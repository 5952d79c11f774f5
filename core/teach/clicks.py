"""Answering an exercise by clicking: its choices as buttons under the empty answer slot, graded by the
same lesson as a typed ``answer(n, ...)``, with the same feedback.

The buttons are ipywidgets, imported only when a slot is shown (``core`` itself needs nothing outside
the standard library): where the kernel has no ipywidgets, the slot shows the typed form alone and
typing works as before.  A slot's output carries both forms: a notebook front end with the widget
manager draws the buttons, any other (or a notebook saved with its outputs, whose widgets are gone)
shows the typed form.  A saved notebook keeps only that form: :data:`WIDGET_VIEW` is what to drop.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.teach.output import Html
from core.teach.words import number, say

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The output type of a live widget (it names a model that exists only in the running kernel)."""

@dataclass(frozen=True)
class Choice:
    """An answer offered as a button: ``value`` as ``answer(n, value)`` takes it, ``label`` on the button."""

    value: object
    label: str


def offered(values: Sequence[object], lang: str = "en") -> tuple[Choice, ...]:
    """``values`` as choices labelled as the notebook's language writes them (``34,5`` in German)."""
    return tuple(Choice(v, number(v, lang) if isinstance(v, (int, float)) else str(v)) for v in values)


Grade = Callable[[object], tuple[Html, bool]]
"""What an answer shows, and whether it is right."""


def widgets() -> Any | None:
    """The ipywidgets module, or None where it is not installed."""
    try:
        return importlib.import_module("ipywidgets")
    except ImportError:
        return None


def can_click() -> bool:
    """True where answers can be clicked (the kernel has ipywidgets)."""
    return widgets() is not None


@dataclass(frozen=True)
class Slot(Html):
    """An empty answer slot: the typed form (``markup``, ``text``) and the buttons' live widget."""

    widget: Any = field(default=None, compare=False)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, object]:
        view = self.widget._repr_mimebundle_()[WIDGET_VIEW]
        return {"text/plain": self.text, "text/html": self.markup, WIDGET_VIEW: view}


def feedback_markup(shown: Html) -> str:
    """What a click shows: the same output as the typed answer, read out by a screen reader as it changes."""
    return f'<div role="status" aria-live="polite">{shown.markup}</div>'


def slot(typed: Html, choices: Sequence[Choice], several: bool, grade: Grade, n: int, lang: str) -> Html:
    """Exercise ``n``'s empty slot with ``choices`` as buttons (``several``: toggles and a Check button, the
    answer being the list of those pressed); ``typed`` alone where the kernel has no ipywidgets."""
    ui = widgets()
    if ui is None:
        return typed
    prompt = say("click_several" if several else "click", lang, n=n)
    said = ui.HTML(value="")
    if several:
        toggles = [ui.ToggleButton(description=c.label, tooltip=c.label) for c in choices]
        check = ui.Button(description=say("check", lang), tooltip=say("check", lang))

        def checked(_: object) -> None:
            picked = [c.value for c, toggle in zip(choices, toggles, strict=True) if toggle.value]
            shown, right = grade(picked)
            said.value = feedback_markup(shown)
            check.button_style = "success" if right else "warning"

        check.on_click(checked)
        row = [*toggles, check]
    else:
        row = []
        for choice in choices:
            button = ui.Button(description=choice.label, tooltip=choice.label)
            button.on_click(_clicked(choice.value, button, row, said, grade))
            row.append(button)
    box = ui.VBox([ui.HTML(value=f"<p>{html.escape(prompt)}</p>"), ui.HBox(row, layout=ui.Layout(flex_flow="row wrap")),
                   said])
    return Slot(typed.markup, typed.text, box)


def _clicked(value: object, button: Any, row: list[Any], said: Any, grade: Grade) -> Callable[[object], None]:
    """A button's click: grade ``value``, show what the typed answer shows, and mark this button (only)."""

    def clicked(_: object) -> None:
        shown, right = grade(value)
        said.value = feedback_markup(shown)
        for other in row:
            other.button_style = ""
        button.button_style = "success" if right else "warning"

    return clicked
