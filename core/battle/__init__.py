"""ButtonMen Battle (game ``buttonmen-battle``): a Risk-like campaign whose every clash is a Button Men match.

Rules: ``../shared/rules/buttonmen-battle.md``; every Ruling (BB-01 .. BB-28) is an option of the
same name (``GAME.options``).  Modules, each importing only those above it:

* :mod:`.maps` -- maps as data (``maps/*.json``; adding a map is adding a file), validated on load;
  :func:`load_map`, territory lookup by id/name/alias (BB-28), drawn cells (``Map.polygons()``, one
  polygon per territory on a 0-100 grid with y northward: Bokeh ``patches`` can draw them as they are).
* :mod:`.pool` -- eligible buttons: the TL pool, edition 2's pick list, the list built by win rate.
* :mod:`.placement` -- the balanced random placement of section 2.4 (:func:`placement.best_cuts`).
* :mod:`.model` -- round values (``Score``, ``Battle``, ``Result``, ``Claim``, ``Pending``, ``RoundLog``);
  :mod:`.actions` -- the actions (:class:`PickButton`, :class:`Attack`, :class:`Pass`, :class:`Choose`,
  :class:`ReportResult`).
* :mod:`.resolution` -- who takes each stake (most convincing win, owner's choice, coin, pending).
* :mod:`.options` (every Ruling), :mod:`.campaign` (fields and facts), :mod:`.rounds` (battles,
  resolution, elimination, victory), :mod:`.orders` (picks and orders) and :mod:`.state`
  (:class:`CampaignState`: who acts, legal actions, views, play; the start).
* :mod:`.render` -- ``describe``, ``svg`` and :func:`round_summary` (forum posts, Markdown or BBCode).
* :mod:`.strength` / :mod:`.bots` -- looked-up button strength and the :class:`OrderBot`.
* :mod:`.game` -- the Game object; :mod:`.record` -- campaign records (section 10), written by
  :mod:`.record_write`.
* :mod:`.setup` -- the ``setup`` option from a form's picks (blank: random eligible buttons) and
  territories (none: the balanced placement), and a moderator's ``Name: Button @ Territory`` lines.
* :mod:`.summary` -- a finished round in sentences (who took what, with which win, over whose claim),
  land counts per round, the legal targets of one territory (for a clicked map).
* ``python -m core.battle replay RECORD.json [--json]`` -- the record replayer (exit 0/1/2);
  ``python -m core.battle.strength_fit`` -- refits ``strength.json``.

For an app: ``state = GAME.new(seed, players=4, edition=2)``; ``state.actors`` says who acts.
Picks phase (``button_picks=players``): ``state.picker`` picks.  Orders phase:
``state.attacks(p)``/``legal_actions(p)`` (edition 1: every player still to order may act, in any
order; edition 2: one player at a time, ``state.move_order``).  Small-points phase (reported
battles): the moderator reports again, with small points, the battle a comparison needs.  Battles phase: each open
battle is a Button Men state, ``state.matches[i]``; ``state.subgame(i, p)`` gives it and the seat
``p`` plays (0 attacker or first claimant, 1 defender), and a move there is
``SubAction(i, inner_action)`` applied by ``p`` (``CHANCE`` enters typed dice with
``battle_dice="manual"``; with ``battle_source="reported"`` the ``MODERATOR`` enters
:class:`ReportResult` instead).  Choices phase: the owner picks an army (:class:`Choose`).  Finished
rounds are ``state.past`` (battles, captures, owners, pending, eliminated; ``battle_record(r, i)`` is a
battle's own Button Men record).  :func:`write_record`/:func:`load_record` save and reload a campaign
in the section-10 format at any round; ``core.replay(state.to_record())`` replays it action by action.

Rulings of ours (named options where they change play):

* ``stalemate=open_neutrals``: when a round has no battle because no player can attack (inert
  neutral territories keep the survivors apart), the neutral territories become claimable from the
  next round (and count for victory); ``end`` ends the campaign ranked by territories instead.
* ``round_cap=60``: the campaign ends after this round, ranked by territories.
* ``battle_dice=rng``: engine battles roll from their own seeded streams (``manual``: typed dice).
* Claimable neutral territories (``neutral_territories=claimable``): an order into one is a walkover
  (no match); its claim ranks below any battle win, so rival claims follow 5.2/6.3 as usual.  In
  edition 2 such a territory carries no button: it cannot attack, and an attack on it is a walkover.
* A battle whose Button Men match is cancelled (its round cap) decides nothing; a cancelled tie-break
  leaves the territory pending and is fought again next round.
* Edition 1 with ``e1_final_tie=tiebreak_battle``: a pending territory has no army; an army with no
  territory, and its player, stay in play while they have a pending claim (as in edition 2).
* Engine small points are rounded to whole points (half points only arise from halved dice).
* Picks: the ``setup`` option gives each player's buttons and starting territories (a record's
  start; it sets the number of players).  Otherwise ``button_picks=random`` draws distinct buttons
  from the eligible pool with the seeded stream, and ``players`` has the players pick in turn (seat
  order, one button per turn, :class:`PickButton`); the balanced random placement follows the picks.
  Colours come with the seat (or from ``setup``).
* Records: ``record_overrides`` may waive ``no_duplicate_matchup`` or ``adjacency`` for the listed
  battles (their positions, 0-based, in that round's ``battles`` list); a player missing from a
  round's orders is taken as a forced pass only when no attack is legal for them.

>>> state = GAME.new(7, map="lesotho", players=3)
>>> (state.players, state.counted, state.threshold, len(state.inert))
(3, 6, 4, 4)
"""

from core.battle.actions import Attack, Choose, Pass, PickButton, ReportResult
from core.battle.bots import OrderBot
from core.battle.game import GAME, ButtonMenBattle
from core.battle.maps import Map, load_map, map_ids
from core.battle.model import Score
from core.battle.record import RecordFailure, load_record, replay_report, write_record
from core.battle.render import round_summary
from core.battle.state import CampaignState

__all__ = [
    "GAME", "Attack", "ButtonMenBattle", "CampaignState", "Choose", "Map", "OrderBot", "Pass", "PickButton",
    "RecordFailure",
    "ReportResult", "Score", "load_map", "load_record", "map_ids", "replay_report", "round_summary", "write_record",
]
