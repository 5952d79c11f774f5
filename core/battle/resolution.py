"""Who takes each stake (sections 5 and 6): claims, most convincing wins, choices, coin flips, pending.

Pure functions over a round's finished battles; :mod:`.state` applies their decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from core import rng
from core.battle.model import Battle, Claim
from core.protocol import IllegalAction

COIN = 7_919
"""The path number of coin-flip streams: ``derive(seed, round, COIN, territory)``."""


@dataclass(frozen=True)
class Take:
    """``player`` takes the territory (with ``army`` in edition 1)."""

    player: int
    army: int | None


@dataclass(frozen=True)
class Ask:
    """``player`` must choose which of ``armies`` takes the territory (BB-15)."""

    player: int
    armies: tuple[int, ...]


@dataclass(frozen=True)
class Pend:
    """The territory goes pending; the two claims fight a tie-break next round."""

    claims: tuple[Claim, Claim]


Decision = Take | Ask | Pend


def claims_of(battles: Sequence[Battle], convincing_small: bool = True) -> dict[int, list[Claim]]:
    """Every regular battle's claim on its stake, by territory (tie-breaks are settled apart)."""
    found: dict[int, list[Claim]] = {}
    for index, battle in enumerate(battles):
        stake, result = battle.stake, battle.result
        if battle.kind == "tiebreak" or stake is None or result is None or result.winner is None:
            continue
        player = battle.players[result.winner]
        assert player is not None
        claim = Claim(stake, player, battle.armies[result.winner], result.score.margin,
                      result.small_points, index)
        found.setdefault(stake, []).append(claim)
    return found


class MissingSmallPoints(IllegalAction):
    """A most-convincing comparison needs small points that were not reported (``battle``: whose)."""

    def __init__(self, where: str, battle: int) -> None:
        self.battle = battle
        super().__init__(f"{where}: equal round margins, so the most convincing win needs the small points "
                         f"of battle {battle + 1}")


def _need_small_points(claims: Sequence[Claim], where: str) -> None:
    missing = [c for c in claims if c.small_points is None]
    if missing:
        raise MissingSmallPoints(where, missing[0].battle)


def _best(claims: Sequence[Claim], where: str) -> list[Claim]:
    """The most convincing claims (5.2): largest round margin, then small-point margin."""
    top = max(c.margin for c in claims)
    leaders = [c for c in claims if c.margin == top]
    if len({c.player for c in leaders}) > 1:
        _need_small_points(leaders, where)
        most = max(c.strength() for c in leaders)
        leaders = [c for c in leaders if c.strength() == most]
    return leaders


def _flip(stream: int, claims: Sequence[Claim]) -> list[Claim]:
    """The claims in a seeded random order."""
    return list(rng.shuffled(stream, claims)[1])


def _armies(claims: Sequence[Claim]) -> tuple[int, ...]:
    return tuple(sorted({c.army for c in claims if c.army is not None}))


def _single(player: int, claims: Sequence[Claim], choices: Mapping[int, int], territory: int) -> Decision:
    armies = _armies(claims)
    if len(armies) <= 1:
        return Take(player, armies[0] if armies else None)
    chosen = choices.get(territory)
    return Take(player, chosen) if chosen in armies else Ask(player, armies)


def _top_two(claims: Sequence[Claim], stream: int, where: str) -> tuple[Claim, Claim]:
    """Each player's most convincing claim, the best two of them (5.2 order; seeded order on ties).

    With three or more claimant players the cut between second and third must be decided by the
    rules, so equal round margins there need small points.
    """
    ordered = sorted(_flip(stream, claims), key=lambda c: c.strength(), reverse=True)
    best: dict[int, Claim] = {}
    for claim in ordered:
        best.setdefault(claim.player, claim)
    leaders = list(best.values())
    if len(leaders) > 2 and leaders[1].margin == leaders[2].margin:
        _need_small_points([c for c in leaders if c.margin == leaders[1].margin], where)
    return leaders[0], leaders[1]


def decide(territory: int, claims: Sequence[Claim], *, edition: int, final_tie: str, stream: int,
           choices: Mapping[int, int], where: str) -> Decision:
    """Who takes ``territory`` from its claims (sections 5.2 and 6.3)."""
    players = {c.player for c in claims}
    if len(players) == 1:
        return _single(claims[0].player, claims, choices, territory) if edition == 1 else Take(claims[0].player, None)
    if edition == 2:
        return Pend(_top_two(claims, stream, where))
    best = _best(claims, where)
    leaders = {c.player for c in best}
    if len(leaders) == 1:
        return _single(best[0].player, best, choices, territory)
    if final_tie == "tiebreak_battle":
        return Pend(_top_two(best, stream, where))
    winner = _flip(stream, best)[0].player
    return _single(winner, [c for c in best if c.player == winner], choices, territory)


def coin_stream(seed: int, round_number: int, territory: int) -> int:
    """The seeded stream of a territory's coin flip (BB-16), independent of play order."""
    return rng.derive(seed, round_number, COIN, territory)
