"""Choices that travel with a tap on a board: the tap sees the choice the browser made just before it."""

from __future__ import annotations

import panel as pn

from webapp.shell.boards import TapChoices, board_figure


def sent(widget: pn.widgets.Select, label: str) -> str:
    """What the browser's list holds (and copies into the figure) when the player picks ``label``."""
    model = widget.get_root()
    return next(entry[0] if isinstance(entry, tuple) else entry for entry in model.options
                if (entry[1] if isinstance(entry, tuple) else entry) == label)


def test_a_tap_applies_the_choices_the_browser_sent_with_it() -> None:
    figure = board_figure((0, 1), (0, 1), 10)
    pieces = pn.widgets.Select(options={"Knight (K)": "K", "Archer (A)": "A"}, value="K")
    mode = pn.widgets.Select(options=["move", "add"], value="move")
    choices = TapChoices(figure)
    choices.carry(pieces)
    choices.carry(mode)
    choices.apply()
    assert (pieces.value, mode.value) == ("K", "move"), "no choice sent yet: the widgets keep theirs"
    figure.tags = [sent(pieces, "Archer (A)"), sent(mode, "add")]  # copied by the browser as the player chooses
    choices.apply()
    assert (pieces.value, mode.value) == ("A", "add")
    figure.tags = ["Not a piece", None]
    choices.apply()
    assert (pieces.value, mode.value) == ("A", "add"), "a choice that is no option changes nothing"


def test_the_browsers_list_holds_the_options_value_as_text() -> None:
    """Panel's list sends an option's value as text, not its label: the tap must read that form."""
    pieces = pn.widgets.Select(options={"Knight (K)": "K", "Archer (A)": "A"}, value="K")
    assert sent(pieces, "Archer (A)") == "A"
    figure = board_figure((0, 1), (0, 1), 10)
    choices = TapChoices(figure)
    choices.carry(pieces)
    figure.tags = ["Archer (A)"]  # the label form is read too
    choices.apply()
    assert pieces.value == "A"
