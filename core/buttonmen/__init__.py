"""Button Men (Cheapass Games) as played on buttonweavers.com: the complete engine.

Rules: ``../shared/rules/buttonmen.md``.  Modules:

* :mod:`.recipe` -- notation: :func:`parse_recipe`, :func:`validate_custom`, skills, swing ranges.
* :mod:`.dice` -- :class:`Die` (``recipe``, ``skills``, ``size``, ``min``, ``value``, ``halves``,
  ``swing``, ``label``) and the score table.
* :mod:`.attacks` -- exact attack legality and enumeration.
* :mod:`.flow` -- the round/match state machine as generators yielding :class:`Draw` requests.
* :mod:`.state` -- :class:`ButtonMenState`, the game object and its options (every Ruling).
* :mod:`.roster` -- the shipped roster (``roster.csv``): ``find``, ``select``, ``random_tl``.
* :mod:`.conformance` -- ``python -m core.buttonmen.conformance FILE.json``.

>>> import core
>>> state = core.get_game("button-men").new(seed=1, buttons=("Bauer", "Avis"))
>>> state.phase, state.to_move, str(state.legal_actions()[0])
('swing', 0, 'swing X = 4')
"""

from core.buttonmen import roster
from core.buttonmen.actions import (
    ATTACK_TYPES,
    Attack,
    Auxiliary,
    Chance,
    ChooseOption,
    ChooseSwing,
    Decline,
    Focus,
    Pass,
    Reserve,
    Roll,
    Surrender,
)
from core.buttonmen.dice import Die
from core.buttonmen.flow import Draw, RoundResult
from core.buttonmen.recipe import SKILLS, SWING_RANGES, DieSpec, parse_recipe, validate_custom
from core.buttonmen.state import GAME, ButtonMen, ButtonMenState

__all__ = [
    "ATTACK_TYPES", "GAME", "Attack", "Auxiliary", "ButtonMen", "ButtonMenState", "Chance", "ChooseOption",
    "ChooseSwing", "Decline", "Die", "DieSpec", "Draw", "Focus", "Pass", "Reserve", "Roll", "RoundResult",
    "SKILLS", "SWING_RANGES", "Surrender", "parse_recipe", "roster", "validate_custom",
]
