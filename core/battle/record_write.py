"""Writing a campaign record (rulebook section 10, ``buttonmen-battle-record/1``) of a campaign state.

Engine battles carry their Button Men match record under ``match``, so the whole campaign replays
match by match (:func:`core.battle.record.load_record`).
"""

from __future__ import annotations

from core.battle.game import GAME
from core.battle.state import CampaignState
from core.protocol import JSON, thaw

RECORD_FORMAT = "buttonmen-battle-record/1"
SETUP_OPTIONS = ("setup", "move_order", "record_overrides", "player_names")
"""Options a record gives by its own fields (players, round 1's order, overrides), never under ``options``."""


def write_record(state: CampaignState, title: str = "") -> dict[str, JSON]:
    """A campaign record (section 10) of a state: start, every finished round, counts to expect."""
    board, options = state.board, thaw(state.options)
    written = {k: v for k, v in options.items() if k not in SETUP_OPTIONS and v != GAME.resolve_options({})[k]}
    players = []
    for p, name in enumerate(state.names):
        armies = [{"button": state.buttons[a], "territory": board.territories[state.home[a]].id,
                   **({"recipe": state.recipes[a]} if state.recipes[a] else {})}
                  for a in range(len(state.buttons)) if _first_owner(state, a) == p]
        players.append({"name": name, "colour": state.colours[p], "armies": armies})
    rounds = []
    for log in state.past:
        entry: dict[str, JSON] = {"round": log.number}
        if log.number == 1 and log.move_order:
            entry["order"] = [state.names[p] for p in log.move_order]
        tiebreaks: list[JSON] = []
        battles: list[JSON] = []
        for index, battle in enumerate(log.battles):
            item: dict[str, JSON] = {}
            result = battle.result
            if battle.kind == "tiebreak":
                item["territory"] = board.territories[battle.target].id
            else:
                item.update({"player": state.names[battle.players[0]],
                             "from": board.territories[battle.origin].id,  # type: ignore[index]
                             "to": board.territories[battle.target].id})
            if battle.kind != "walkover" and result is not None and result.winner is not None:
                winner, loser = battle.armies[result.winner], battle.armies[1 - result.winner]
                item["winner"] = state.buttons[winner]  # type: ignore[index]
                if battle.kind == "tiebreak":
                    item["loser"] = state.buttons[loser]  # type: ignore[index]
                item["score"] = str(result.score)
                if result.small_points is not None:
                    item["small_points"] = result.small_points
            match = log.matches[index] if index < len(log.matches) else None
            if match is not None:
                item["match"] = match.to_record()
            (tiebreaks if battle.kind == "tiebreak" else battles).append(item)
        if tiebreaks:
            entry["tiebreaks"] = tiebreaks
        entry["battles"] = battles
        if log.passes:
            entry["passes"] = [state.names[p] for p in log.passes]
        if log.choices:
            entry["choices"] = {board.territories[t].id: state.buttons[a] for t, a in log.choices}
        entry["expect"] = {
            "lands": {name: sum(1 for o in log.owners if o == p) for p, name in enumerate(state.names)},
            "pending": [board.territories[t].id for t in log.pending],
            "eliminated": [state.names[p] for p in log.eliminated],
        }
        rounds.append(entry)
    record: dict[str, JSON] = {
        "format": RECORD_FORMAT, "title": title or f"ButtonMen Battle on {board.name}",
        "options": {**written, "seed": state.seed}, "players": players,
    }
    if state.options["record_overrides"]:
        record["record_overrides"] = thaw(state.options["record_overrides"])
    record["rounds"] = rounds
    if state.is_over:
        record["expect"] = {"winner": None if state.victor is None else state.names[state.victor]}
    return record


def _first_owner(state: CampaignState, army: int) -> int:
    """The player who picked ``army`` (armies are dealt player by player, in pick order)."""
    per = len(state.buttons) // len(state.names)
    return army // per
