"""A round's battles: Button Men matches or reported results, the resolution of their stakes, the round's end."""

from __future__ import annotations

from typing import Any, Self

from core import rng
from core.battle.campaign import Campaign
from core.battle.actions import ReportResult
from core.battle.model import Battle, Pending, Result, RoundLog, Score
from core.battle.resolution import Ask, Decision, MissingSmallPoints, Pend, Take, claims_of, coin_stream, decide
from core.buttonmen import ButtonMenState
from core.protocol import CHANCE, Action, InputError, State, get_game


class Rounds(Campaign):
    """Battles (sub-games or reports), results, resolution (sections 5 and 6), elimination and victory (7)."""

    def subgame(self, index: int, actor: int) -> tuple[State, int] | None:
        """Battle ``index``'s Button Men state and the seat ``actor`` plays there (0 attacker, 1 defender)."""
        if self.phase != "battles" or not 0 <= index < len(self.matches):
            return None
        match = self.matches[index]
        if match is None or match.is_over:
            return None
        if actor == CHANCE:
            return (match, CHANCE) if CHANCE in match.actors else None
        for seat in (0, 1):
            if self.battles[index].players[seat] == actor and seat in match.actors:
                return match, seat
        return None

    def battle_record(self, round_number: int, index: int) -> dict[str, Any]:
        """The Button Men record of battle ``index`` (0-based, tie-breaks first) of a round."""
        if round_number == self.round_number and self.phase == "battles":
            matches = self.matches
        elif 1 <= round_number <= len(self.past):
            matches = self.past[round_number - 1].matches
        else:
            raise InputError("round", f"no such round with battles (rounds played: {len(self.past)})", round_number)
        if not 0 <= index < len(matches) or matches[index] is None:
            raise InputError("battle", f"round {round_number} has no Button Men match with that number", index)
        match = matches[index]
        assert match is not None
        return match.to_record()

    def missing_small_points(self) -> int | None:
        """The battle whose small points the resolution needs but nobody reported, else None."""
        try:
            self._decisions()
        except MissingSmallPoints as missing:
            return missing.battle
        return None

    def _report_choices(self) -> tuple[Action, ...]:
        wins = self.options["battle_max_wins"]
        return tuple(ReportResult(i, seat, Score(wins, losses)) for i, b in enumerate(self.battles)
                     if b.result is None and b.kind != "walkover" for seat in (0, 1) for losses in range(wins))

    def report_problem(self, report: ReportResult) -> str | None:
        """Why a reported result is refused, else None."""
        if not 0 <= report.battle < len(self.battles):
            return f"there is no battle {report.battle + 1} this round"
        battle = self.battles[report.battle]
        if self.phase == "small_points":
            asked = self.missing_small_points()
            result = battle.result
            if report.battle != asked or result is None or report.small_points is None \
                    or (report.winner, report.score) != (result.winner, result.score):
                return (f"the small points of battle {(asked or 0) + 1} are needed: report its result again "
                        "with them")
            return None
        if battle.result is not None or battle.kind == "walkover":
            return f"battle {report.battle + 1} already has its result"
        wins, score = self.options["battle_max_wins"], report.score
        if score.wins != wins or not 0 <= score.losses < wins or score.draws > 50:
            return (f"battle {report.battle + 1}: the winner has {wins} round wins and the loser fewer "
                    f"(battle_max_wins={wins}); got {score}")
        return None

    def _start_battles(self) -> Self:
        if not self.battles:
            if self.inert and self.options["stalemate"] == "open_neutrals":
                note = (f"round {self.round_number}: no player could attack, so the neutral territories "
                        "became claimable (stalemate=open_neutrals)")
                return self._with(inert=frozenset(), warnings=(*self.warnings, note))._end_round(())
            return self._with(phase="over", end="stalemate: no player can attack")
        matches: list[State | None] = [None] * len(self.battles)
        if self.options["battle_source"] == "engine":
            game = get_game("button-men")
            for index, battle in enumerate(self.battles):
                if battle.result is None:
                    matches[index] = game.new(rng.derive(self.seed, self.round_number, index),
                                              **self._match_options(battle))
        state = self._with(phase="battles", matches=tuple(matches), round_start=len(self.history) + 1)
        return state._settle() if all(b.result is not None for b in state.battles) else state

    def _match_options(self, battle: Battle) -> dict[str, Any]:
        armies = [a for a in battle.armies if a is not None]
        names = tuple(self.buttons[a] for a in armies)
        recipes = tuple(self.recipes[a] for a in armies)
        options: dict[str, Any] = {"buttons": names, "max_wins": self.options["battle_max_wins"],
                                   "dice_source": self.options["battle_dice"]}
        if all(recipes):
            options["recipes"] = recipes
        return options

    def _finish_match(self, index: int, match: State) -> Self:
        outcome = match.outcome
        assert outcome is not None
        winner = outcome.winner
        assert isinstance(match, ButtonMenState)
        rounds = match.rounds
        wins = [sum(1 for r in rounds if r.winner == s) for s in (0, 1)]
        draws = sum(1 for r in rounds if r.winner is None)
        small = 0
        if winner is not None:
            for r in rounds:
                if self.options["small_points"] == "all_rounds_signed" or r.winner == winner:
                    small += r.scores2[winner] - r.scores2[1 - winner]
        seat = 0 if winner is None else winner
        result = Result(winner, Score(wins[seat], wins[1 - seat], draws), round(small / 2))
        return self._set_result(index, self.battles[index], result)

    def _set_result(self, index: int, battle: Battle, result: Result) -> Self:
        battles = list(self.battles)
        battles[index] = Battle(battle.kind, battle.armies, battle.players, battle.origin, battle.target,
                                battle.order, result)
        state = self._with(battles=tuple(battles))
        return state._settle() if all(b.result is not None for b in state.battles) else state

    def _decisions(self) -> dict[int, Decision]:
        """Who takes each stake of the round's regular battles (errors name round and territory)."""
        decisions: dict[int, Decision] = {}
        chosen = dict(self.choices)
        for territory, claims in sorted(claims_of(self.battles).items()):
            decisions[territory] = decide(
                territory, claims, edition=self.edition, final_tie=self.options["e1_final_tie"],
                stream=coin_stream(self.seed, self.round_number, territory), choices=chosen,
                where=self._where(territory))
        return decisions

    def _asks(self) -> list[tuple[int, Ask]]:
        return [(t, d) for t, d in self._decisions().items() if isinstance(d, Ask)]

    def _settle(self) -> Self:
        if self.missing_small_points() is not None:
            return self._with(phase="small_points")
        decisions = self._decisions()
        if any(isinstance(d, Ask) for d in decisions.values()):
            return self._with(phase="choices")
        land, holder, owners = list(self.land), list(self.holder), list(self.army_player)
        before = tuple(self.land)
        pending = []
        for pend in self.pending:   # tie-breaks first (6.3)
            battle = next(b for b in self.battles if b.kind == "tiebreak" and b.target == pend.territory)
            assert battle.result is not None
            if battle.result.winner is None:
                pending.append(pend)
                continue
            claim = pend.claims[battle.result.winner]
            self._give(pend.territory, claim.player, claim.army, land, holder, owners)
        for territory, decision in decisions.items():
            if isinstance(decision, Take):
                self._give(territory, decision.player, decision.army, land, holder, owners)
            elif isinstance(decision, Pend):
                land[territory] = None
                if self.edition == 1:
                    holder[territory] = None
                elif holder[territory] is not None:
                    owners[holder[territory]] = None  # type: ignore[index]
                pending.append(Pending(territory, decision.claims))
        captures = tuple((t, before[t], land[t]) for t in range(self.board.size) if before[t] != land[t])
        state = self._with(land=tuple(land), holder=tuple(holder), army_player=tuple(owners), pending=tuple(pending))
        return state._end_round(captures)

    def _give(self, territory: int, player: int, army: int | None, land: list[int | None],
              holder: list[int | None], owners: list[int | None]) -> None:
        land[territory] = player
        if self.edition == 1:
            holder[territory] = army
        elif holder[territory] is not None:
            owners[holder[territory]] = player  # type: ignore[index]

    def _end_round(self, captures: tuple[tuple[int, int | None, int | None], ...]) -> Self:
        eliminated = list(self.eliminated)
        out = []
        for p in self.alive:
            if self.lands(p) == 0 and not self.has_claim(p):
                eliminated[p] = self.round_number
                out.append(p)
        log = RoundLog(
            number=self.round_number, move_order=self.move_order, battles=self.battles, passes=self.passes,
            choices=self.choices, captures=captures, owners=self.land,
            pending=tuple(sorted(p.territory for p in self.pending)), eliminated=tuple(out),
            matches=self.matches,
        )
        state = self._with(eliminated=tuple(eliminated), past=(*self.past, log))
        winners = [p for p in state.alive if state.lands(p) >= state.threshold]
        if winners:
            p = winners[0]
            return state._over(f"{self.names[p]} holds {state.lands(p)} of {state.counted} territories "
                               f"(more than half)", p)
        if len(state.alive) == 1:
            return state._over(f"{self.names[state.alive[0]]} is the last player standing", state.alive[0])
        if len(state.alive) == 0:
            return state._over("every player was eliminated")
        if self.round_number >= self.options["round_cap"]:
            return state._over(f"the round cap ({self.round_number}) was reached; ranked by territories")
        return state._next_round()

    def _over(self, reason: str, victor: int | None = None) -> Self:
        return self._with(phase="over", end=reason, victor=victor, matches=())

    def _next_round(self) -> Self:
        alive = set(self.alive)
        rotated = self.move_order[1:] + self.move_order[:1]
        tiebreaks = tuple(
            Battle("tiebreak", (p.claims[0].army, p.claims[1].army), (p.claims[0].player, p.claims[1].player),
                   None, p.territory)
            for p in self.pending)
        return self._with(
            round_number=self.round_number + 1, phase="orders",
            move_order=tuple(p for p in rotated if p in alive) if self.edition == 2 else (),
            ordered=(), passes=(), battles=tiebreaks, matches=(), choices=(), round_start=0,
        )
