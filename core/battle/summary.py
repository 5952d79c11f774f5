"""A finished round in sentences (who took what, with which win, over whose claim), and page facts.

* :func:`round_sentences` -- "Gauen takes Maseru from Kaori: Gauen's Massachusetts won battle 2 by 3 rounds
  to 0." for every territory that changed hands or went pending, then eliminations and the end of the campaign.
* :func:`lands_by_round` -- each player's land count at the start and after every finished round.
* :func:`order_targets` -- the territories an army on ``origin`` may attack now (for a clicked map).
"""

from __future__ import annotations

from core.battle.model import Battle, Claim, RoundLog, Score
from core.battle.resolution import claims_of
from core.battle.state import CampaignState


def _win_words(claim: Claim, score: Score) -> str:
    small = "" if claim.small_points is None else f" and {claim.small_points:+d} small points"
    return f"{score.words}{small}"


def _claim_words(state: CampaignState, battles: tuple[Battle, ...], claim: Claim) -> str:
    """Whose button won which battle by how much."""
    battle = battles[claim.battle]
    assert battle.result is not None
    button = "a walkover" if claim.army is None else state.buttons[claim.army]
    if battle.kind == "walkover":
        return f"{state.names[claim.player]} entered it unopposed (battle {claim.battle + 1})"
    return (f"{state.names[claim.player]}'s {button} won battle {claim.battle + 1} "
            f"by {_win_words(claim, battle.result.score)}")


def _rival_words(state: CampaignState, battles: tuple[Battle, ...], claim: Claim) -> str:
    """A beaten claim: whose button, in which battle, by how much."""
    battle = battles[claim.battle]
    assert battle.result is not None
    button = "a walkover" if claim.army is None else state.buttons[claim.army]
    return (f"{state.names[claim.player]}'s {button} in battle {claim.battle + 1} "
            f"({_win_words(claim, battle.result.score)})")


def _tiebreak_words(state: CampaignState, battle: Battle, index: int) -> str:
    result = battle.result
    assert result is not None and result.winner is not None
    army, loser = battle.armies[result.winner], battle.armies[1 - result.winner]
    player = battle.players[result.winner]
    assert army is not None and player is not None
    beaten = "" if loser is None else f" against {state.buttons[loser]}"
    return (f"{state.names[player]}'s {state.buttons[army]} won the tie-break (battle {index + 1}) "
            f"by {result.score.words}{beaten}")


def round_sentences(state: CampaignState, round_number: int) -> list[str]:
    """Every capture of a finished round in words, then eliminations (and the end on the last round)."""
    if not 1 <= round_number <= len(state.past):
        raise ValueError(f"round {round_number} is not finished (finished rounds: {len(state.past)})")
    log: RoundLog = state.past[round_number - 1]
    board, names = state.board, state.names
    claims = claims_of(log.battles)
    lines = []
    for territory, old, new in log.captures:
        place = board.name_of(territory)
        won = sorted(claims.get(territory, []), key=lambda c: c.strength(), reverse=True)
        if new is None:
            rivals = " and ".join(_claim_words(state, log.battles, c) for c in won[:2])
            lines.append(f"{place} goes pending: {rivals}; a tie-break battle decides it next round.")
            continue
        origin = "" if old is None else f" from {names[old]}"
        tiebreak = next(((i, b) for i, b in enumerate(log.battles)
                         if b.kind == "tiebreak" and b.target == territory and b.result is not None
                         and b.result.winner is not None), None)
        if tiebreak is not None:
            lines.append(f"{names[new]} takes {place}{origin}: {_tiebreak_words(state, tiebreak[1], tiebreak[0])}.")
            continue
        taker = next((c for c in won if c.player == new), None)
        if taker is None:
            lines.append(f"{names[new]} takes {place}{origin}.")
            continue
        beaten = [c for c in won if c.player != new]
        tail = "".join(f", more convincing than {_rival_words(state, log.battles, c)}" for c in beaten)
        lines.append(f"{names[new]} takes {place}{origin}: {_claim_words(state, log.battles, taker)}{tail}.")
    if not log.captures:
        lines.append("No territory changed hands.")
    for player in log.eliminated:
        lines.append(f"{names[player]} is eliminated.")
    if round_number == len(state.past) and state.phase == "over":
        lines.append(f"The campaign is over: {state.end}.")
    return lines


def lands_by_round(state: CampaignState) -> list[tuple[int, ...]]:
    """Each player's land count at the start (entry 0: one territory per army) and after every finished round."""
    players = range(len(state.names))
    per = len(state.buttons) // len(state.names)
    counts = [tuple(per for _ in players)]
    for log in state.past:
        counts.append(tuple(sum(1 for o in log.owners if o == p) for p in players))
    return counts


def order_targets(state: CampaignState, player: int, origin: int) -> tuple[int, ...]:
    """The territories ``player``'s army on ``origin`` may attack now (empty when it may not attack)."""
    return tuple(a.target for a in state.attacks(player) if a.origin == origin)
