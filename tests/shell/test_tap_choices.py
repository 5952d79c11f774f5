"""Choices that travel with a tap on a board: the tap sees the choice the browser made just before it."""

from __future__ import annotations

import panel as pn

from webapp.shell.boards import TapChoices, board_figure


def test_a_tap_applies_the_choices_the_browser_sent_with_it() -> None:
    figure = board_figure((0, 1), (0, 1), 10)
    pieces = pn.widgets.Select(options={"Knight (K)": "K", "Archer (A)": "A"}, value="K")
    mode = pn.widgets.Select(options=["move", "add"], value="move")
    choices = TapChoices(figure)
    choices.carry(pieces)
    choices.carry(mode)
    choices.apply()
    assert (pieces.value, mode.value) == ("K", "move"), "no choice sent yet: the widgets keep theirs"
    figure.tags = ["Archer (A)", "add"]  # what the browser copies into the figure as the player chooses
    choices.apply()
    assert (pieces.value, mode.value) == ("A", "add")
    figure.tags = ["Not a piece", None]
    choices.apply()
    assert (pieces.value, mode.value) == ("A", "add"), "a label that is no option changes nothing"
