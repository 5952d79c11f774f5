"""core.teach.fairsquare: the Fair and Square tutorial's runs are the engine's, its exercises judge without
telling, and the figures the notebook quotes are the ones the balance check measures."""

from __future__ import annotations

import doctest
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from core.fairsquare import GAME, FairSquareState
from core.fairsquare.balance import measure
from core.fairsquare.bots import PlacementBot
from core.fairsquare.geometry import SQUARES, name, parse_square
from core.fairsquare.pieces import piece_set
from core.fairsquare.placement import placement_problem
from core.fairsquare.trace import REMOVED
from core.teach import fairsquare as lesson
from core.teach.fairsquare import bots, exercises, runs, setting

SVG = "{http://www.w3.org/2000/svg}"
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "fair-and-square.ipynb"
ZERO_BASED = re.compile(r"\bplayer 0\b|\bturn -1\b")


def _notebook_sources(kind: str) -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == kind]


def test_may_place_agrees_with_the_engine_on_every_square() -> None:
    for square in SQUARES:
        said = lesson.may_place(name(square)).text
        assert said.startswith("Yes" if square in setting.BOARD.legal else "No"), said
    assert lesson.may_place("D2").text == "No: D2 is a point square (worth 1)."
    assert lesson.may_place("A2").text == "No: A2 is next to the 2 on A1."
    assert "not a square" in lesson.may_place("H9").text


@pytest.mark.parametrize("round_number", [1, 2, 3])
def test_pieces_lists_every_type_with_its_rules_numbered_from_one(round_number: int) -> None:
    roster = piece_set(setting.PIECE_SET).roster(round_number)
    shown = lesson.pieces(round_number)
    lines = shown.text.splitlines()[1:]
    assert [line.split(",")[0] for line in lines] == [t.name for t in roster]
    for kind, line in zip(roster, lines, strict=True):
        assert f"rank {kind.rank}" in line
        assert f"{len(kind.rules)}. " in line and "0. " not in line
        assert shown.markup.count("<li>") >= len(kind.rules)
    assert "A-D: jump 2 squares up, right, down or left" in lesson.pieces(1).text


@pytest.mark.parametrize(("piece", "rule"), [("Sprinter", "seek:free_empty"), ("Dasher", "slide_best"),
                                             ("Ranger", "evict:2"), ("Traveller", "seek:free"),
                                             ("Fortress", "anchor"), ("Marauder", "hunt:3")])
def test_each_piece_is_shown_by_a_live_run_where_its_own_rule_decides(piece: str, rule: str) -> None:
    shown = lesson.watch(piece)
    kind = next(k for k in setting.round_roster(1) if k.name == piece)
    number = [r.text for r in kind.rules].index(rule)
    said = f"(rule {number + 1}: {setting.rule_words(kind)[number]})"
    assert f"player 1's {piece}" in shown.text and said in shown.text and f"({rule})" not in shown.text
    assert shown.markup.count("<svg") >= 2
    assert not ZERO_BASED.search(shown.text)


def test_watch_starts_a_piece_where_the_learner_asks_or_says_why_not() -> None:
    assert "player 1's Sprinter G4" in lesson.watch("sprinter", "g4").text
    assert lesson.watch("Sprinter", "D4").text.startswith("Not on D4: pieces may not be placed on a point square")
    assert "name a square" in lesson.watch("Sprinter", "Z0").text
    assert "Pick one of the round 1 pieces" in lesson.watch("Queen").text


def test_the_battle_removes_a_friend_of_the_winner() -> None:
    record = runs.run(((("Traveller", "E6"), ("Marauder", "G4")), (("Ranger", "B6"),)))
    battles = [b for t in record.turns for b in t.battles]
    assert battles and battles[0].kept == (1,)
    assert {record.pieces[i].owner for i in battles[0].removed} == {0, 1}
    assert "Battle on D4: Marauder (player 1) stay; Traveller (player 1), Ranger (player 2) removed." in \
        lesson.battle().text


def test_the_standoff_keeps_two_equal_ranks_off_the_square() -> None:
    record = runs.run(((("Ranger", "B3"),), (("Ranger", "F5"),)))
    d4 = parse_square("D4")
    assert all(t.owners[d4] == -1 for t in record.turns[:6])
    assert not any(t.battles for t in record.turns)
    assert "Separation on D4 (next turn)" in lesson.standoff().text


def test_the_cycle_shows_two_pieces_waiting_for_each_other_picking_at_random() -> None:
    record = runs.run(((("Marauder", "A3"),), (("Traveller", "B2"),)), round_number=3)
    assert [s.rule for s in record.turns[1].steps] == ["cycle", "cycle"]
    shown = lesson.cycle()
    assert shown.text.count("(prediction cycle): picks at random") == 2 and shown.markup.count("<svg") == 3


def test_capture_exercise_counts_still_turns_after_the_arrival() -> None:
    arrive, owned = exercises._capture_turns()
    assert owned == arrive + setting.BOARD.values[parse_square("D4")]
    posed = lesson.exercise(1)
    assert f"on turn {arrive}" in posed.text and "<svg" in posed.markup
    wrong = lesson.answer(1, owned - 1).text
    assert wrong.startswith("Not quite: a square is owned once") and str(owned) not in wrong
    assert lesson.answer(1, arrive).text.startswith(f"Not quite: the Ranger only arrives on turn {arrive}")
    assert lesson.answer(1, str(owned)).text == "Right!"
    assert lesson.solution(1).text.startswith(f"Solution: after turn {owned}")


def test_the_bot_in_exercise_two_is_the_greedy_bot_and_its_placement_is_legal() -> None:
    duel = exercises.duel()
    state = GAME.new(seed=exercises.DUEL_BOT_SEED, players_per_board=2, rounds=1, board_source="data",
                     boards=[duel.board.to_json()], garnets="off")
    assert isinstance(state, FairSquareState)
    assert duel.bot == PlacementBot(GAME, exercises.DUEL_BOT_SEED).plan(state, 1)
    placed: list[tuple[str, int]] = []
    for kind, square in duel.bot:
        assert placement_problem(duel.board, duel.roster, placed, kind, square) is None
        placed.append((kind, square))


def test_exercise_two_judges_by_playing_and_keeps_the_answer_hidden() -> None:
    posed = lesson.exercise(2)
    example = re.search(r'answer\(2, "([^"]+)"\)', posed.text)
    assert example is not None
    tried = lesson.answer(2, example[1])
    assert tried.text.startswith("Not quite: your pieces own") and tried.markup.count("<svg") == 2
    reply = exercises.spell(exercises.best_reply())
    assert reply not in tried.text and reply not in lesson.hint(2).text
    mine, bot = exercises.duel().totals(exercises.best_reply())
    assert mine > bot
    assert lesson.answer(2, reply.lower()).text == f"Right!\nYour pieces own {exercises.points(mine)} after turn 15, " \
                                                  f"the bot's {bot}."
    assert reply in lesson.solution(2).text


def test_exercise_two_offers_the_best_placement_and_losing_ones_to_click() -> None:
    setting = exercises.duel()
    offered = [c.value for c in exercises.LESSON.get(2).choices]
    assert offered == sorted(offered) and len(offered) == 1 + exercises.LOSING_OFFERED
    example = re.search(r'answer\(2, "([^"]+)"\)', lesson.exercise(2).text)
    assert example is not None and example[1] in offered
    winning = []
    for value in offered:
        assert isinstance(value, str)
        mine, bot = setting.totals(exercises.parse_placement(value, setting.board, setting.roster))
        shown, right = exercises.LESSON.graded(2, value)
        assert right == (mine > bot) and shown == lesson.answer(2, value) and shown.markup.count("<svg") == 2
        winning += [value] if right else []
    assert winning == [exercises.spell(exercises.best_reply())]


@pytest.mark.parametrize(("answer", "reason"), [
    ("Ranger B3", "write 4 pieces"),
    ("Queen A1, Ranger A2, Sprinter A3, Dasher A4", "'Queen' is not a piece of this round"),
    ("Ranger Z9, Ranger A2, Sprinter A3, Dasher A4", "'Z9' is not a square"),
    ("Sprinter G1, Sprinter G2, Sprinter G3, Sprinter G4", "at least 3 different types"),
])
def test_a_placement_that_cannot_be_played_is_refused_with_its_reason(answer: object, reason: str) -> None:
    said = lesson.answer(2, answer).text
    assert said.startswith("Not quite: ") and reason in said and "<svg" not in lesson.answer(2, answer).markup


def test_a_placement_not_in_quotes_is_a_slip() -> None:
    assert lesson.answer(2, 42).text == 'Put the answer in quotes, like answer(2, "Avis").'



def test_a_round_between_bots_is_summarised_and_told_turn_by_turn() -> None:
    game = lesson.bots_play(seed=7)
    record = game.record
    assert len(record.turns) == 16 and len(record.players) == 4
    html = game._repr_html_()
    assert "<details>" in html and html.count("<svg") == len(bots._moments(record)) + 1
    assert repr(game).endswith(f"the board with {exercises.points(max(record.scores))}.")
    first = game.turn(1)
    assert first.text.startswith("Turn 1: ") and "<svg" in first.markup
    assert "numbered 1 to 15" in game.turn(16).text
    assert not ZERO_BASED.search(html + game.ranking().text)


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_ranking_explains_each_tie_by_the_tie_break_that_decided_it(seed: int) -> None:
    record = lesson.bots_play(seed=seed, bots=("random",) * 4).record
    lines = lesson.bots_play(seed=seed, bots=("random",) * 4).ranking().text.splitlines()
    order = sorted(range(4), key=lambda k: (record.places[k], k))
    assert [line.split(":")[0] for line in lines[:4]] == [
        f"{bots._ordinal(record.places[k])} place" + (" (shared)" if record.places.count(record.places[k]) > 1
                                                        else "") for k in order]
    for a, b in zip(order, order[1:], strict=False):
        if record.scores[a] == record.scores[b]:
            assert (bots.why_ahead(record, a, b) is None) == (record.places[a] == record.places[b])


def test_score_chart_is_an_accessible_svg_with_one_line_per_player() -> None:
    record = lesson.bots_play(seed=3).record
    root = ET.fromstring(bots.score_chart(record))
    assert root.get("role") == "img"
    title = root.findtext(f"{SVG}title") or ""
    assert title == "Points owned after each turn: " + ", ".join(
        f"player {seat + 1} {record.scores[k]}" for k, seat in enumerate(record.players))
    assert len(root.findall(f"{SVG}polyline")) == 4


def test_the_live_balance_check_reports_the_measured_figures() -> None:
    figures = measure(piece_set(setting.PIECE_SET), 20, 1)
    said = lesson.balance(20).text.splitlines()
    low = min(figures, key=lambda f: f.won)
    assert f"the round {low.round_number} {low.name} makes up the least ({low.won:.1%})" in said[0]
    assert len(said) == 1 + len(figures)


def test_the_notebook_quotes_the_balance_command_s_figures() -> None:
    quoted = next(s for s in _notebook_sources("markdown") if "python -m core.fairsquare.balance" in s)
    match = re.search(r"\*\*(\d+),000 boards per round\*\*: every one of the\s+(\d+) piece types.*?"
                      r"\*\*(\d+\.\d) %\*\* \(the round (\d) (\w+)\) to\s+\*\*(\d+\.\d) %\*\* \(the round (\d) (\w+)\)",
                      quoted, re.DOTALL)
    assert match is not None
    figures = measure(piece_set(setting.PIECE_SET), int(match[1]) * 1000, 1)
    low = min(figures, key=lambda f: f.won)
    top = max(figures, key=lambda f: f.won)
    assert int(match[2]) == len(figures) == sum(f.balanced for f in figures)
    assert (match[3], int(match[4]), match[5]) == (f"{low.won * 100:.1f}", low.round_number, low.name)
    assert (match[6], int(match[7]), match[8]) == (f"{top.won * 100:.1f}", top.round_number, top.name)


def test_the_notebook_leaves_the_answers_empty() -> None:
    answers = [s for s in _notebook_sources("code") if s.startswith("answer(")]
    assert answers == [f"answer({n}, ...)  # your answer in place of ..." for n in (1, 2)]


def test_run_keeps_every_piece_on_the_board_or_removed() -> None:
    record = runs.run(((("Marauder", "E2"),), (("Sprinter", "E1"),)))
    for trace in record.turns:
        assert all(s == REMOVED or 0 <= s < 49 for s in trace.positions)
    assert record.turns[-1].positions[1] == REMOVED


def test_the_module_examples_hold() -> None:
    result = doctest.testmod(lesson)
    assert result.attempted and not result.failed
