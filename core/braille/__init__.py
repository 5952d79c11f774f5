"""Button Man, the braille variant: a preset of Button Men with a text-first layer.

* :mod:`core.braille.game` - the game ``button-man-braille`` (registered on import);
* :mod:`core.braille.table` - a plain snapshot of a position for the text layer
  (:func:`seat_table` builds one from a state and the players' names);
* :mod:`core.braille.speech` - announcements and attack lists in English or German;
* :mod:`core.braille.cells` - numbers as Unicode braille cells.
"""

from core.braille.game import GAME, BrailleState, seat_table

__all__ = ["GAME", "BrailleState", "seat_table"]
