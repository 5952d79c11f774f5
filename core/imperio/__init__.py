"""Imperio Bellum: a two-player war game of dice duels on a 9x9 board (``imperio-bellum``).

Rules: ``shared/rules/imperio-bellum.md`` (sections 1-7, rulings IB-01..IB-39).
Modules read in one direction: :mod:`.board` (squares, pieces, geometry),
:mod:`.dice` (exact odds), :mod:`.army` (default armies, limits), :mod:`.options`,
:mod:`.actions`, :mod:`.combat` (dice pools, pikeman zones, shields, splash) ->
:mod:`.legality` (what may be done) -> :mod:`.refusals` (why not), :mod:`.worker` (setup, turns,
fights, the end) -> :mod:`.state` (the position) -> :mod:`.odds`, :mod:`.render` ->
:mod:`.bots` -> :mod:`.game` (registration) -> :mod:`.conformance` (scenario runner).

Using it from an app::

    import core.imperio as ib
    state = ib.GAME.new(seed=7)                  # or setup="default_armies" to skip deployment
    state = state.apply(ib.ChooseRole("attacker"))   # player 1 attacks (or "roll" for a die roll)
    state.legal_actions()        # setup: "use the default army", "H@e8", ... then "ready"

* **Squares** are ints 0-80; ``ib.parse("e5")`` and ``ib.name(40)`` convert.  Player 1 is
  seat 0; ``state.attacker`` is the attacker's seat (the attacker moves up the board).
* **A turn** is a sequence of actions by the same player: ``spawn P@b3 from b2`` (only at
  the start), steps ``Kb2-c3``, melee or pike reach ``Kc3xd4``, shots ``Ae2*e6``, and ``end``.
  When nothing but ``end`` is legal the turn passes by itself.
* **Selecting a unit**: ``state.actions_from(square)`` lists that piece's legal actions
  (empty when it cannot act; ``state.unit_problem(square)`` says why).
* **Odds before an attack**: ``ib.odds(state, action)`` gives every duel the action causes
  (main duel, then the splash duels of a shot) with both pools, their named modifiers and
  the exact win/tie/loss as fractions; ``str()`` of it is one readable line per duel.
  ``ib.combat_odds(a, d, rule)`` is the bare table for pools of 1-12 dice.
* **Capture or destroy**: after beating a base the same player must choose
  ``capture SQ`` or ``destroy SQ`` (:class:`Overrun`) before anything else.
* **Undo** within a turn works back to the last die roll (``state.can_undo``/``undo()``).
* **Dice by hand**: with ``dice_source="manual"`` an attack pauses with ``state.actors ==
  {CHANCE}`` and ``state.awaiting`` naming the die (attacker's dice first, then the
  defender's, duel by duel; splash duels in reading order); play ``Roll(value)`` for each.
* ``state.describe(viewer)`` / ``state.svg(viewer)`` render the position; ``state.events``
  tells what the last action did (dice included).
* **Bots**: the protocol's random, greedy and MCTS levels use :func:`.bots.evaluate`; the
  extra ``tactician`` level (exact expectimax over each action's duels plus planned knight
  charges) is the strongest and as fast; every level can also do the setup.
* **Conformance**: ``python -m core.imperio.conformance FILE.json`` (format in
  :mod:`.conformance`); the scenarios for every ruling are in ``tests/imperio/core/data``.

Rulings with options (documented in :mod:`.options`): ``start_entrenched`` (IB-39: deployed
pikemen start entrenched), ``advance_into_zone_stops`` (IB-37: a knight advancing after a win
into the zone of a pikeman it was not already inside stops as a step would), ``turn_limit``
(IB-38: after 200 turns, 0: none, the game ends and section 7's order decides; so does a game
in which neither side can act, found when two turns in a row begin with nothing to do: there
is no draw).  Engine decisions: ``setup`` (deploy step by step or start with both default
armies), ``dice_source``.  Also fixed here: roles are stated by player 1 ("by agreement") or rolled,
ties rerolled; a shot's main duel and all its splash duels are one combat, elimination is
checked after all of them; with ``elimination_check=after_spawn`` a side without units loses when its spawn
step ends with none on the board; an entrenched pikeman that advances into a base it
destroyed has moved (loses entrenchment); a knight's charge counts steps since the turn
began or its last attack, and the free advance starts a new run; shields in the
``archer_relative`` frame cast a shadow only when the archer is on one of the
footsoldier's lines; reserves hidden with ``public_reserves=false`` are shown as a count
in the opponent's view, and bots weigh them by number and imagine a make-up of that size
(``_sample_hidden``).  A record holds the hidden reserves, so a share link or saved game does
too: a static page has no one to keep a secret from a person who has the whole game.
"""

from core.imperio.actions import (
    AddReserve,
    Alter,
    Attack,
    ChooseRole,
    DefaultArmy,
    EndTurn,
    Overrun,
    Place,
    Ready,
    Roll,
    Shot,
    Spawn,
    Step,
)
from core.imperio.board import name, parse
from core.imperio.dice import combat_odds
from core.imperio.game import GAME, ImperioBellum
from core.imperio.odds import DuelOdds, Odds, odds
from core.imperio.state import Duel, ImperioState, outcomes

__all__ = [
    "GAME", "AddReserve", "Alter", "Attack", "ChooseRole", "DefaultArmy", "Duel", "DuelOdds", "EndTurn",
    "ImperioBellum", "ImperioState", "Odds", "Overrun", "Place", "Ready", "Roll", "Shot", "Spawn", "Step",
    "combat_odds", "name", "odds", "outcomes", "parse",
]
