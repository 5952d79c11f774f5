"""The legal actions of the person to act, by their labels: one button each, or past :data:`MANY` of them a
searchable list and a "Play" button."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import panel as pn

from core.protocol import Action
from webapp.shell.widgets import FOCUS_CSS, ButtonList, button, default_label, heading

MANY = 24
"""Above this many actions the list (with its search field) offers them instead of buttons."""
LIST_ROWS = 8


def unique_labels(actions: Sequence[Action]) -> list[str]:
    """Each action's label (``str(action)``, capitalised); a repeated label gets " (2)", " (3)", ... so that
    every label names one action."""
    seen: Counter[str] = Counter()
    labels = []
    for action in actions:
        text = default_label(action)
        seen[text] += 1
        labels.append(text if seen[text] == 1 else f"{text} ({seen[text]})")
    return labels


class MoveChoice(pn.viewable.Viewer):
    """The actions :meth:`show` offers, for one actor; a choice goes to ``play(action, actor)``."""

    def __init__(self, play: Callable[[Action, int], None], **params: Any) -> None:
        super().__init__(**params)
        self.play = play
        self.actor: int | None = None
        self.actions: list[Action] = []
        self.labels: list[str] = []
        self.heading = heading("Your moves", 3)
        self.buttons = ButtonList(self._press, group_label="Your moves", margin=(0, 5), sizing_mode="stretch_width")
        self.search = pn.widgets.TextInput(label="Find a move (type part of its name)", stylesheets=[FOCUS_CSS],
                                           sizing_mode="stretch_width")
        self.listed = pn.widgets.Select(label="Moves found", options=[], size=LIST_ROWS, stylesheets=[FOCUS_CSS],
                                        sizing_mode="stretch_width")
        self.play_button = button("Play the move found", color="primary")
        self.search.param.watch(self._filter, ["value_input"])
        self.play_button.on_click(lambda _event: self.play_listed())
        self.finder = pn.Column(self.search, self.listed, self.play_button, visible=False, sizing_mode="stretch_width")
        self._layout = pn.Column(self.heading, self.buttons, self.finder, sizing_mode="stretch_width", margin=0)

    @property
    def many(self) -> bool:
        """True when the list offers the actions (more than :data:`MANY`)."""
        return len(self.actions) > MANY

    def offer(self, actor: int | None, actions: Sequence[Action]) -> None:
        """Offer ``actions`` to ``actor`` (none: nobody at the screen may act now)."""
        labels = unique_labels(actions)
        if actor == self.actor and labels == self.labels:
            return
        self.actor, self.actions, self.labels = actor, list(actions), labels
        self.heading.visible = bool(actions)
        self.buttons.param.update(labels=[] if self.many else labels, version=self.buttons.version + 1,
                                  visible=not self.many)
        self.finder.visible = self.many
        self.search.param.update(value="", value_input="")
        self._filter()

    def press(self, label: str) -> None:
        """Play the action with this label (as a click on its button, or choosing it in the list and "Play")."""
        self._play(self.labels.index(label))

    def play_listed(self) -> None:
        """Play the action chosen in the list."""
        if self.listed.value in self.labels:
            self.press(self.listed.value)

    def _filter(self, *_: Any) -> None:
        """The list holds the labels containing the search text (any case)."""
        text = (self.search.value_input or "").casefold()
        found = [label for label in self.labels if text in label.casefold()] if self.many else []
        self.listed.param.update(options=found, value=found[0] if found else None)
        self.play_button.disabled = not found

    def _press(self, index: int) -> None:
        if not self.many:
            self._play(index)

    def _play(self, index: int) -> None:
        if self.actor is not None:
            self.play(self.actions[index], self.actor)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
