"""Button Men (Cheapass Games) as played on buttonweavers.com: the complete engine.

Rules: ``../shared/rules/buttonmen.md``.  Modules:

Modules, each importing only those listed before it:

* :mod:`.recipe` -- notation: :func:`parse_recipe`, :func:`validate_custom`, skill letters, swing ranges.
* :mod:`.dice` -- :class:`Die` (``recipe``, ``skills``, ``size``, ``min``, ``value``, ``halves``,
  ``swing``, ``label``) and the score table.
* :mod:`.actions` -- the actions; :mod:`.roster` -- the shipped roster (``roster.csv``): ``find``,
  ``select``, ``random_tl``; :mod:`.specials` -- button specials and recipe fixing.
* :mod:`.attacks` -- exact attack legality and enumeration; :mod:`.default` -- refusal reasons and
  the Default attack.
* :mod:`.position` -- the changing fields of a position, :class:`Phase`, :class:`RoundResult`.
* :mod:`.flow` -- the round/match state machine as generators yielding :class:`Draw` requests.
* :mod:`.state` -- :class:`ButtonMenState`: legal actions, playing them, views.
* :mod:`.render` -- text and SVG; :mod:`.game` -- :class:`ButtonMen` (options: every Ruling), registration.
* :mod:`.conformance` -- ``python -m core.buttonmen.conformance FILE.json``.

Rulings of ours (beyond the rulebook's Rulings table, which the options cover):

* **BM-R1, no roll that can no longer matter.** When an action ends the round (a capture or
  Boom leaves a player without dice, or a second pass with ``ornery_on_pass``), the dice that
  would reroll afterwards (attackers, Ornery dice, a Boom target) are not rolled: the round is
  scored at once, as players at a table would do.  Their size changes still happen, because
  sizes score (Mighty, Weak, Berserk, Turbo, Mood and Mad, whose size draws are still made),
  a Value die still rolls (its value scores), a wildcard still draws (its card leaves the deck)
  and a Maximum die shows its new maximum.  Both dice sources skip the same draws, so a manual game asks for exactly the
  results that the seeded stream would draw.  No outcome depends on it, so it is no option.

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
from core.buttonmen.flow import Draw
from core.buttonmen.game import GAME, ButtonMen
from core.buttonmen.position import Phase, RoundResult
from core.buttonmen.recipe import SKILLS, SWING_RANGES, DieSpec, parse_recipe, validate_custom
from core.buttonmen.state import ButtonMenState

__all__ = [
    "ATTACK_TYPES", "GAME", "Attack", "Auxiliary", "ButtonMen", "ButtonMenState", "Chance", "ChooseOption",
    "ChooseSwing", "Decline", "Die", "DieSpec", "Draw", "Focus", "Pass", "Phase", "Reserve", "Roll", "RoundResult",
    "SKILLS", "SWING_RANGES", "Surrender", "parse_recipe", "roster", "validate_custom",
]
