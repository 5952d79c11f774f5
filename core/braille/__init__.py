"""Button Man, the braille variant: a preset of Button Men with a text-first layer.

Modules, each importing only those listed before it:

* :mod:`core.braille.options` - the rulings BR-xx as options, and each player's dice (:func:`recipe`);
* :mod:`core.braille.cells` - numbers as Unicode braille cells;
* :mod:`core.braille.table` - a plain snapshot of a position for the text layer;
* :mod:`core.braille.speech` - announcements and attack lists in English or German;
* :mod:`core.braille.state` - :class:`BrailleState` (the engine's state nested inside) and
  :func:`seat_table`, which builds a table from a state and the players' names;
* :mod:`core.braille.render` - the text view and the SVG picture of a position;
* :mod:`core.braille.bots` - the evaluation and the ``lookahead`` level;
* :mod:`core.braille.game` - the game ``button-man-braille`` (registered on import).
"""

from core.braille.game import GAME
from core.braille.state import BrailleState, seat_table

__all__ = ["GAME", "BrailleState", "seat_table"]
