"""Button Men (Cheapass Games) as played on buttonweavers.com: the complete engine.

Rules: ``../shared/rules/buttonmen.md``.  Modules, each importing only those listed before it:

* :mod:`.recipe` -- notation: :func:`parse_recipe`, :func:`validate_custom`, skill letters, swing ranges.
* :mod:`.dice` -- :class:`Die` (``recipe``, ``skills``, ``size``, ``min``, ``value``, ``halves``,
  ``swing``, ``label``) and the score table.
* :mod:`.actions` -- the actions; :mod:`.roster` -- the shipped roster (``roster.csv``): ``find``,
  ``select``, ``random_tl``; :mod:`.specials` -- button specials and recipe fixing.
* :mod:`.attacks` -- exact attack legality and enumeration; :mod:`.refusals` -- why an attack is
  refused, in one sentence naming the rule; :mod:`.default` -- the Default attack.
* :mod:`.position` -- the changing fields of a position, :class:`Phase`, :class:`RoundResult`.
* :mod:`.flow` -- the round/match state machine as generators yielding :class:`Draw` requests.
* :mod:`.options` -- every Ruling an option (``OPTIONS``).
* :mod:`.state` -- :class:`ButtonMenState`: legal actions, playing them, views.
* :mod:`.render` -- text and SVG; :mod:`.bots` -- the evaluation and the ``lookahead`` level;
  :mod:`.game` -- :class:`ButtonMen`, registration.
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
* **BM-R2, Radioactive parts of option and card dice.** The rulebook keeps a swing letter on both
  parts of a split; an option die's parts are plain dice of the halved sizes and a wildcard's
  parts plain dice of half its 20 sides (the parts lose Turbo, the only skill for which the
  option sides would matter).  No outcome depends on it, so it is no option.
* **BM-R3, Trip reach counts Mood and Mad too.** "The attacker's largest size after its pre-roll
  resize" (8.2) includes the largest Mood or Mad size before Mighty or Weak resize it; a Maximum
  target's smallest size includes its smallest Mood, Mad and (BM-14 ``any_roll``) Turbo size.

Listing, not rules: some choices are too many to list (issue 14).  Listed are the Focus
reactions that win initiative while keeping every die as high as possible (at most
``FOCUS_LIST_LIMIT``), one Fire split per helping total, and Turbo sizes as far as
``TURBO_LIST_LIMIT`` allows; every other valid Focus reaction, Fire split or Turbo size is
accepted as well (``parse_action``), so any state lists its actions quickly.

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
