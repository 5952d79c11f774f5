"""Descriptions, SVG maps, forum summaries, the order bot and the strength model."""

from __future__ import annotations

import json
import math
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bb_helpers import LESOTHO, SECTION5, record

from core.battle import GAME, OrderBot, load_record, round_summary
from core.battle import strength
from core.battle.strength_fit import expected, fit, main
from core.buttonmen import roster


def lesotho_after(rounds: int):
    return load_record(record(LESOTHO), rounds=rounds).state


def test_describe_tells_owners_counts_orders_and_battles() -> None:
    state = lesotho_after(1)
    text = state.describe()
    assert "round 2" in text and "Gauen: 3 territories" in text
    assert "Berea: pending" in text and "Maseru: Gauen (Massachusetts)" in text
    assert "tie-break over Berea" in text and "open" in text
    assert "Move order: Kaori, ElihuRoot, AnnoDomini, Gauen, Irilyth" in text
    neutral = GAME.new(1, map="lesotho", players=3).describe()
    assert neutral.count(": neutral") == 4


def test_svg_colours_owners_hatches_pending_and_greys_neutral() -> None:
    state = lesotho_after(1)
    picture = state.svg()
    root = ET.fromstring(picture)
    polygons = [e for e in root.iter() if e.tag.endswith("polygon")]
    assert len(polygons) == 10
    assert sum(p.get("fill") == "url(#pending)" for p in polygons) == 2
    assert "Irilyth" in picture and "<title>" in picture
    three = GAME.new(1, players=3, include_brussels=False)
    fills = [e.get("fill") for e in ET.fromstring(three.svg()).iter() if e.tag.endswith("polygon")]
    assert fills.count("#c8c8c8") == 4 and fills.count("#9a9a9a") == 1   # four neutral, Brussels a hole


def test_forum_summaries_in_markdown_and_bbcode() -> None:
    state = load_record(record(SECTION5)).state
    markdown = round_summary(state, 1)
    assert markdown.startswith("### ButtonMen Battle on Belgium: round 1")
    assert "* Flemish Brabant: Cat -> Ann" in markdown and "* Cat: 0 (eliminated)" in markdown
    bbcode = round_summary(state, 4, "bbcode")
    assert "[list]" in bbcode and "[*]Bob: 7" in bbcode and "[b]Campaign over: Bob holds 7" in bbcode


def test_order_bot_is_fast_legal_and_prefers_likely_wins() -> None:
    state = GAME.new(5, battle_max_wins=1)
    bot = OrderBot(1)
    for player in sorted(state.actors):
        started = time.perf_counter()
        action = bot.choose(state, player)
        assert time.perf_counter() - started < 0.2
        assert action in state.legal_actions(player)
        scores = [bot.score(state, player, a) for a in state.attacks(player)]
        assert bot.score(state, player, action) == max(scores)
    attack = state.attacks(0)[0]
    target = state.holder[attack.target]
    ratings = strength.data()["ratings"]
    weakest, strongest = min(ratings, key=ratings.get), max(ratings, key=ratings.get)
    buttons = list(state.buttons)
    buttons[target] = weakest
    easy = bot.score(state._with(buttons=tuple(buttons)), 0, attack)
    buttons[target] = strongest
    hard = bot.score(state._with(buttons=tuple(buttons)), 0, attack)
    assert easy > hard


def test_strength_data_states_matches_and_error_and_rates_every_tl_button() -> None:
    data = strength.data()
    assert data["simulation"]["matches"] >= 10_000
    check = data["validation"]
    assert check["pairs"] >= 10 and check["matches_per_pair"] >= 50
    assert check["mean_abs_error"] < 0.1 and check["mean_abs_error"] <= 2 * check["mean_sampling_noise"]
    assert {b.name for b in roster.select(tournament_legal=True)} == set(data["ratings"])
    assert math.isclose(strength.battle_chance("Avis", "Bauer", 3) + strength.battle_chance("Bauer", "Avis", 3), 1)
    one, three = strength.round_chance("Avis", "Bauer"), strength.battle_chance("Avis", "Bauer", 3)
    assert (one - 0.5) * (three - one) >= 0   # longer battles favour the stronger button more
    assert strength.rating("Not A Rated Button") == 0


def test_fit_recovers_known_strengths() -> None:
    results = {("a", "b"): [750.0, 1000.0], ("b", "c"): [750.0, 1000.0], ("a", "c"): [900.0, 1000.0]}
    ratings = fit(["a", "b", "c"], results)
    assert abs(expected(ratings["a"], ratings["b"]) - 0.75) < 0.03
    assert ratings["a"] > ratings["b"] > ratings["c"] and abs(sum(ratings.values())) < 1


def test_fitting_module_runs_bounded(tmp_path: Path) -> None:
    out = tmp_path / "strength.json"
    assert main(["--matches", "100", "--seed", "3", "--check-pairs", "1", "--check-matches", "10",
                 "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["simulation"]["matches"] == 100 and data["validation"]["pairs"] == 1
    for bad in (["--matches", "5"], ["--check-pairs", "x"], ["--matches", "3000000"]):
        with pytest.raises(SystemExit) as stop:
            main(bad)
        assert stop.value.code == 2
