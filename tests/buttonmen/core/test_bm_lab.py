"""The recipe lab (core.buttonmen.lab): input checks, deals from both sides, statistics, verdicts."""

from __future__ import annotations

import hashlib
import json

import pytest

from core.bots import LookaheadBot, make_bot, untimed
from core.buttonmen import lab, roster
from core.buttonmen.game import GAME
from core.ladder import Pairing
from core.protocol import InputError, State

CORE_SET = "The Core"


def results_with(wins: int, draws: int, losses: int) -> lab.Results:
    """Results of a run against one named opponent holding these counts (no match played)."""
    results = lab.Results.empty(lab.experiment("(4) (8)", "Bauer", 2))
    pairing = results.opponents[0]
    pairing.wins, pairing.draws, pairing.losses = wins, draws, losses
    return results


def test_the_tournament_legal_field_is_every_tl_button() -> None:
    field = lab.field_of("TL")
    assert field.label == "the Tournament-Legal field"
    assert field.buttons == tuple(roster.select(tournament_legal=True))


def test_a_set_field_and_a_list_of_names() -> None:
    core_set = lab.field_of("the core")
    assert core_set.label == "the set The Core" and len(core_set.buttons) == 15
    named = lab.field_of("bauer, avis ,Bauer")
    assert [b.name for b in named.buttons] == ["Bauer", "Avis"] and named.label == "2 named buttons"


@pytest.mark.parametrize(("kwargs", "where"), [
    ({"recipe": "(4) (8"}, "recipe"),
    ({"recipe": " ".join(["(4)"] * 12)}, "recipe"),
    ({"recipe": "(4) " * 40}, "recipe"),
    ({"against": "Nobody"}, "field"),
    ({"against": " , "}, "field"),
    ({"matches": 0}, "matches"),
    ({"matches": lab.MAX_MATCHES + 1}, "matches"),
    ({"matches": 100}, "matches"),   # 261 opponents x 100 is past MAX_TOTAL
    ({"level": "mcts"}, "level"),
    ({"seed": -1}, "seed"),
])
def test_bad_input_is_one_clear_error(kwargs: dict[str, object], where: str) -> None:
    arguments: dict[str, object] = {"recipe": "(4) (8) (12)", "against": "tl", "matches": 2, **kwargs}
    with pytest.raises(InputError) as caught:
        lab.experiment(**arguments)  # type: ignore[arg-type]
    assert caught.value.where == where
    assert "Traceback" not in str(caught.value) and "None" not in str(caught.value)


def test_every_deal_is_played_from_both_sides() -> None:
    run = lab.experiment("(4) (6) (X)", "Bauer,Avis", 4, seed=9)
    matches = list(lab.plan(run))
    assert [(m.opponent, m.number) for m in matches] == [(k, i) for k in (0, 1) for i in range(4)]
    first, second = (lab.deal(run, lab.Match(1, i)) for i in (2, 3))
    assert first[0] == second[0], "matches 2 and 3 share one deal"
    assert first[1]["buttons"] == [lab.LAB_NAME, "Avis"] and second[1]["buttons"] == ["Avis", lab.LAB_NAME]
    assert first[1]["recipes"] == ["(4) (6) (X)", roster.find("Avis").recipe]
    assert lab.deal(run, lab.Match(1, 0))[0] != first[0] != lab.deal(run, lab.Match(0, 2))[0]
    assert "max_wins" not in first[1], "a match is played as the rules play it: first to three round wins"


def test_echo_copies_the_lab_recipe() -> None:
    run = lab.experiment("(6) (6) (10)", "Echo", 2)
    assert lab.deal(run, lab.Match(0, 1))[1]["recipes"] == ["(6) (6) (10)", "(6) (6) (10)"]
    assert lab.play(run, lab.Match(0, 0)) in (0, 1, None)


def test_the_same_seed_gives_the_same_result_and_another_seed_other_deals() -> None:
    summaries = [lab.run_all(lab.experiment("(4) (8) (12) (X)", "Bauer,Avis,Kith", 2, seed=s)).summary()
                 for s in (5, 5)]
    assert summaries[0] == summaries[1]
    assert summaries[0]["matches"] == 6 and set(summaries[0]) == {
        "recipe", "field", "level", "matches", "wins", "draws", "losses", "win_rate", "interval95", "opponents",
        "verdict"}


def test_win_rate_counts_half_draws_and_the_wilson_interval() -> None:
    total = results_with(30, 10, 60).total
    assert total.score == pytest.approx(0.35)
    low, high = total.interval()
    # Wilson 95 % for p = 0.35, n = 100 (z = 1.96): 0.2636 to 0.4475
    assert (low, high) == (pytest.approx(0.2636, abs=1e-4), pytest.approx(0.4475, abs=1e-4))


@pytest.mark.parametrize(("counts", "start", "sure"), [
    ((90, 0, 10), "too strong", True),
    ((13, 0, 7), "too strong", False),
    ((10, 0, 90), "too weak", True),
    ((7, 0, 13), "too weak", False),
    ((500, 0, 500), "fair", True),
    ((5, 2, 5), "fair", False),
])
def test_the_verdict_names_the_band_and_whether_the_interval_is_sure(
        counts: tuple[int, int, int], start: str, sure: bool) -> None:
    verdict = results_with(*counts).verdict()
    assert verdict.startswith(start + ":")
    assert ("; sure," in verdict) == sure
    assert "Bauer" in verdict and "95 % interval" in verdict


def test_hardest_and_easiest_opponents() -> None:
    results = lab.Results.empty(lab.experiment("(4)", "Bauer,Avis,Kith,Hammer", 2))
    for pairing, (w, lost) in zip(results.opponents, [(2, 0), (0, 2), (1, 1), (0, 0)], strict=True):
        pairing.wins, pairing.losses = w, lost
    assert [p.second for p in results.hardest()] == ["Avis", "Kith", "Bauer"]
    assert [p.second for p in results.easiest(2)] == ["Bauer", "Kith"]
    assert isinstance(results.total, Pairing) and results.total.matches == 6


def test_five_twenty_sided_dice_are_too_strong_and_the_interval_excludes_half() -> None:
    results = lab.run_all(lab.experiment("(20) (20) (20) (20) (20)", CORE_SET, 4))
    low, _ = results.total.interval()
    assert results.total.score > 0.6 and low > 0.5
    assert results.verdict().startswith("too strong:")


def test_four_one_sided_dice_are_too_weak_and_the_interval_excludes_half() -> None:
    results = lab.run_all(lab.experiment("(1) (1) (1) (1)", CORE_SET, 10))
    _, high = results.total.interval()
    assert results.total.score < 0.4 and high < 0.5
    assert results.verdict().startswith("too weak:")


# Results pinned with the engine and bots as they were before the lab's speed work (issue 24): a faster
# engine must play exactly the same matches, so the same seed gives the same lab result.
PINNED_RECIPE = "(4) (8) (12) (20) (X)"
PINNED_FIELD = "Fiorina,Ricky,Hope,Zeppo,Crab,Marin,Buddy,Mississippi (Uptown)"
PINNED_OPPONENTS = [("Fiorina", 0, 0, 2), ("Ricky", 1, 0, 1), ("Hope", 1, 0, 1), ("Zeppo", 2, 0, 0),
                    ("Crab", 0, 0, 2), ("Marin", 1, 0, 1), ("Buddy", 2, 0, 0), ("Mississippi (Uptown)", 1, 0, 1)]


def actions_digest(state: State) -> tuple[int, str]:
    """How many actions a finished match took, and a digest of its record's actions."""
    written = json.dumps(state.to_record()["actions"], sort_keys=True)
    return len(state.history), hashlib.sha256(written.encode()).hexdigest()[:16]


def test_a_quick_lab_run_gives_its_pinned_result() -> None:
    summary = lab.run_all(lab.experiment(PINNED_RECIPE, PINNED_FIELD, 2, "quick", seed=24)).summary()
    opponents = summary["opponents"]
    assert isinstance(opponents, list)
    assert [(o["name"], o["wins"], o["draws"], o["losses"]) for o in opponents  # type: ignore[call-overload,index]
            ] == PINNED_OPPONENTS


def test_a_quick_lab_match_plays_its_pinned_actions() -> None:
    run = lab.experiment(PINNED_RECIPE, "Hope", 2, "quick", seed=24)
    seed, options = lab.deal(run, lab.Match(0, 1))
    bots = [untimed(make_bot(GAME, "greedy", seed + p)) for p in (0, 1)]
    assert actions_digest(lab.play_out(GAME.new(seed=seed, **options), bots)) == (43, "0c6b566aeb9e8c5f")


def test_the_careful_bot_plays_its_pinned_actions() -> None:
    """The careful level's bot (fewer samples, one round) weighs answers through the same engine."""
    state = GAME.new(seed=24, buttons=[lab.LAB_NAME, "Hope"], recipes=[PINNED_RECIPE, "t(1) (2) t(4) (6) (Y)"],
                     max_wins=1)
    bots = [LookaheadBot(GAME, 24 + p, samples=2) for p in (0, 1)]
    assert actions_digest(lab.play_out(state, bots)) == (12, "ffc16fe0d9fce575")
