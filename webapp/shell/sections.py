"""Page parts that fold away: collapsible sections and the modal dialog (the new-game form).

* :class:`Disclosure` - a titled section the player opens and closes (``<details>``/``<summary>``).
* :class:`Dialog` - a button that opens a modal ``<dialog>``: the keyboard stays inside while it is
  open, Escape or its close button closes it, and the focus returns to the button afterwards.

Both open and close in the browser itself (no round trip), and hold any Panel objects.
"""

from __future__ import annotations

from typing import Any

import param
from panel.custom import Children, JSComponent

from webapp.shell.assets import asset
from webapp.shell.widgets import FOCUS_CSS


class Disclosure(JSComponent):
    """A section with a title the player clicks (or presses Enter/Space on) to show or hide it."""

    objects = Children(doc="What the section holds.")
    title = param.String(default="", doc="The section's title (its summary line).")
    open = param.Boolean(default=False, doc="True while the section is shown.")

    _esm = asset("disclosure.js")
    _stylesheets = [asset("disclosure.css"), FOCUS_CSS]

    def __init__(self, title: str, *objects: Any, **params: Any) -> None:
        params.setdefault("sizing_mode", "stretch_width")
        super().__init__(objects=list(objects), title=title, **params)


class Dialog(JSComponent):
    """A button labelled ``label`` that opens a modal dialog (of the same name) around ``objects``."""

    objects = Children(doc="What the dialog holds.")
    label = param.String(default="", doc="The button's text and the dialog's accessible name.")
    open = param.Boolean(default=False, doc="True while the dialog is open.")

    _esm = asset("dialog.js")
    _stylesheets = [asset("dialog.css")]

    def __init__(self, label: str, *objects: Any, **params: Any) -> None:
        super().__init__(objects=list(objects), label=label, **params)

    def close(self) -> None:
        """Close the dialog (the focus goes back to its button)."""
        self.open = False
