"""core.teach.imperio: positions in words, typed dice, reach, zones, shields and odds drawn and written for
learners (a1-style squares, whole percents, no ruling numbers), three exercises and a bot game to step through."""

from __future__ import annotations

import doctest

import re
import xml.etree.ElementTree as ET

import pytest

from core.imperio import parse
from core.protocol import IllegalAction, InputError
from core.teach import imperio as lesson
from core.teach.imperio import chances

RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d{2}\b")
SVG = "{http://www.w3.org/2000/svg}"


def test_a_position_is_written_in_words_and_each_side_gets_a_base() -> None:
    board = lesson.position("red knight d4, blue pikeman e6 entrenched", to_move="blue")
    knight, pikeman = board.board[parse("d4")], board.board[parse("e6")]
    assert knight is not None and (knight.kind, knight.owner) == ("K", 0)
    assert pikeman is not None and (pikeman.kind, pikeman.owner, pikeman.entrenched) == ("P", 1, True)
    corners = [board.board[parse(sq)] for sq in ("a1", "i9")]
    assert [(p.kind, p.owner) for p in corners if p is not None] == [("H", 0), ("H", 1)]
    assert board.mover == 1
    with_base = lesson.position("red knight d4, red base b2")
    assert with_base.board[parse("a1")] is None


@pytest.mark.parametrize(("text", "problem"), [
    ("red dragon d4", "write each piece like"),
    ("red knight d4 entrenched", "write each piece like"),
    ("red knight d4, blue archer d4", "two pieces on one square"),
    ("red knight j4", "a1-i9"),
    ("red knight a1", "give Red a base"),
    ("red knight d4, " * 200, "at most 2000 characters"),
])
def test_a_wrong_position_is_one_clear_refusal(text: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        lesson.position(text)


def test_typed_dice_decide_the_fight_attackers_first() -> None:
    board = lesson.play(lesson.position("red knight d2, blue footsoldier d7, blue archer h8"),
                        "Kd2-d3", "Kd3-d4", "Kd4-d5", "Kd5-d6")
    won = lesson.play(board, "Kd6xd7", dice=[3, 1, 2, 1, 1, 6])
    winner = won.board[parse("d7")]
    assert winner is not None and winner.kind == "K"
    lost = lesson.play(board, "kd6xd7", dice=[1, 1, 1, 1, 1, 6])
    assert lost.board[parse("d6")] is None and lost.board[parse("d7")] is not None
    assert "Knight rolls 1+1+1+1+1 = 5, Footsoldier rolls 6 = 6" in "; ".join(lost.events)
    rolls = [lesson.play(board, "Kd6xd7") for _ in range(6)]
    assert all(r.awaiting is None and r.rolls == 6 for r in rolls)
    assert len({r.events for r in rolls}) > 1, "rolling again gives new dice"
    with pytest.raises(IllegalAction, match="needs more dice: the next one is defence: Footsoldier die 1 of 1"):
        lesson.play(board, "Kd6xd7", dice=[6, 6, 6, 6, 6])
    with pytest.raises(IllegalAction, match="rolled fewer"):
        lesson.play(board, "Kd6xd7", dice=[6, 6, 6, 6, 6, 1, 1])
    with pytest.raises(InputError, match="numbers 1 to 6"):
        lesson.play(board, "Kd6xd7", dice=[7, 6, 6, 6, 6, 1])


def test_an_impossible_move_says_why_without_ruling_numbers() -> None:
    board = lesson.position("red knight c3, blue pikeman e6 entrenched")
    with pytest.raises(IllegalAction, match="the piece on c3 may play Kc3-d3"):
        lesson.play(board, "Kc3-c9")
    stopped = lesson.play(board, "Kc3-d4", "Kd4-d5")
    with pytest.raises(IllegalAction) as refused:
        lesson.play(stopped, "Kd5-d4")
    assert "pikeman's zone" in str(refused.value) and not RULE_ID.search(str(refused.value))
    caption = lesson.moves(stopped, "d5").text
    assert caption.startswith("The knight on d5 cannot act now") and not RULE_ID.search(caption)


def _marks(svg: str, kind: str) -> int:
    root = ET.fromstring(svg)
    shapes = {"step": "circle", "attack": "rect", "zone": "rect", "shield": "rect"}[kind]
    test = {"step": lambda e: e.get("fill") == "#1b5e20", "attack": lambda e: e.get("stroke") == "#e65100",
            "zone": lambda e: e.get("fill") == "url(#tb-hatch)", "shield": lambda e: e.get("stroke") == "#263238"}
    return sum(1 for e in root.iter(f"{SVG}{shapes}") if test[kind](e))


def test_moves_draw_every_square_reached_this_turn_and_the_pike_reach() -> None:
    board = lesson.position("red pikeman d4, blue knight d6, blue footsoldier e5")
    scene = lesson.moves(board, "d4")
    assert scene.text == ("The pikeman on d4 can reach 7 squares this turn (dots): c3, c4, c5, d3, d5, e3, e4; "
                             "it can attack d6, e5 (rings).")
    assert (_marks(scene.svg, "step"), _marks(scene.svg, "attack")) == (7, 2)
    drawn = ET.fromstring(scene.svg)
    assert drawn.findtext(f"{SVG}desc") == scene.text  # the caption, written under the board as well
    assert "".join(t.text or "" for t in drawn.iter(f"{SVG}text")).endswith("it can attack d6, e5 (rings).")
    knight = lesson.moves(lesson.default_armies(), "d2")
    assert "can reach 45 squares" in knight.text and _marks(knight.svg, "step") == 45
    archer = lesson.moves(lesson.default_armies(), "c2")
    assert "10 squares this turn" in archer.text and "attack nothing yet" in archer.text
    blue = lesson.moves(lesson.default_armies(), "b8")
    assert blue.text.startswith("The archer on b8 can reach 8 squares in its next turn (dots): "
                                "a6, a7, b6, b7, c6, c7, d6, d7;")


def test_zones_and_shields_are_drawn_and_named() -> None:
    zones = lesson.zones(lesson.position("red knight c3, blue pikeman e6 entrenched"))
    assert zones.text.endswith("Blue's pikemen guard d5, d6, d7, e4, e5, e7, f5, f6, f7.")
    assert _marks(zones.svg, "zone") == 9
    board = lesson.position("red archer e2, blue footsoldier e5, blue knight e7, blue archer c4, blue pikeman f4")
    shields = lesson.shields(board, "e2")
    assert shields.text == ("Shielded against the archer on e2 (grey): d4, d5, d6, e6, e7, e8, e9, f4, f5, f6. "
                               "It may shoot at c4, e5 (rings).")
    assert (_marks(shields.svg, "shield"), _marks(shields.svg, "attack")) == (10, 2)
    with pytest.raises(InputError, match="square of an archer"):
        lesson.shields(board, "e5")


@pytest.mark.parametrize(("value", "lang", "shown"), [
    (0.97, "en", "97%"), (0.0001, "en", "<\u00a01%"), (0.9999, "en", ">\u00a099%"), (0, "en", "0%"), (1, "en", "100%"),
    (0.455, "de", "46\u00a0%"), (0.001, "de", "<\u00a01\u00a0%"),
])
def test_percentages_are_whole_and_never_hide_a_possible_result(value: float, lang: str, shown: str) -> None:
    assert chances.percent(value, lang) == shown


def test_odds_name_every_modifier_and_flag_friendly_splash() -> None:
    board = lesson.position("red archer e2, blue knight e5, blue archer f6, red knight d5")
    text = lesson.odds(board, "Ae2*e5").text.splitlines()
    assert text == ["Ae2*e5: the attacker's chances",
                    "shot on e5, Archer 3 dice, Knight 3 dice, 45%, 9%, 45%, the target lives",
                    "splash on f6, Splash 1 die, Archer 1 die, 42%, 17%, 42%, the unit lives",
                    "splash on d5 (own unit!), Splash 1 die, Knight 3 dice, 1%, 2%, 97%, the unit lives"]
    base = lesson.position("red knight d6, blue base e7, blue headquarters e9")
    assert lesson.odds(base, "Kd6xe7").text.splitlines()[1] == \
        "attack on e7, Knight 3 − 1 adjacent = 2 dice, Base 1 die, 84%, 7%, 9%, the attacker dies"


def test_the_odds_table_matches_the_published_tables() -> None:
    table = lesson.odds_table()
    sums = table.text.splitlines()
    assert table.markup.count('<th scope="row">') == 5 and table.markup.count('<th scope="col">') == 6
    assert sums[3] == ("3 against 1: 97% win, 2% tie; 2: 78% win, 7% tie; 3: 45% win, 9% tie; "
                       "4: 19% win, 7% tie; 5: 6% win, 3% tie")
    highest = lesson.odds_table("highest").text.splitlines()
    assert "3: 35% win, 30% tie" in highest[3] and "highest single die" in highest[0]
    with pytest.raises(InputError):
        lesson.odds_table(largest=7)


def test_each_unit_type_beats_the_next_in_the_cycle() -> None:
    shown = lesson.rock_paper_scissors().text.splitlines()
    starred = [line for line in shown if line.endswith("★")]
    assert starred == ["knight on footsoldier: charge, 5 vs 1 dice, wins >\u00a099% ★",
                       "archer on pikeman: shot, 3 vs 1 dice, wins 97% ★",
                       "pikeman on knight: melee, 4 vs 1 dice, wins >\u00a099% ★",
                       "footsoldier on archer: melee, 5 vs 1 dice, wins >\u00a099% ★"]
    assert "knight on pikeman: point-blank, 1 vs 4 dice, wins <\u00a01%" in shown


def test_the_default_armies_follow_the_example_deployment() -> None:
    text = lesson.armies(lesson.default_armies()).text.splitlines()
    assert text[1] == ("Red: bases b2, e2 (headquarters), h2; 4 knights, 3 archers, 2 pikemen, 6 footsoldiers; "
                       "reserve K×6, A×10, P×14, F×20")
    assert text[2].startswith("Blue: bases a8, e8 (headquarters), i8; 4 knights, 5 archers, 3 pikemen")


def test_exercises_name_the_rule_a_wrong_answer_breaks_and_reveal_only_when_asked() -> None:
    # exercise 1: a knight charges three steps: 3 − 1 + 2
    wrong = lesson.answer(1, 3).text
    assert wrong.startswith("Not quite: three steps just before the attack are a charge") and "4 dice" not in wrong
    assert lesson.answer(1, 5).text.startswith("Not quite: the knight ends next to the archer")
    assert [lesson.answer(1, a).text for a in (4, "4")] == ["Right!"] * 2
    assert lesson.solution(1).text == "Solution: Knight 3 − 1 adjacent + 2 charge (3 steps) = 4 dice."
    # exercise 2: the footsoldier on the archer beats the shot on the pikeman and the knight's poke
    assert lesson.answer(2, "Kb3xc4").text.startswith('Not quite: "Kb3xc4" wins its fight 84% of the time')
    assert lesson.answer(2, "Kb3-b4").text.startswith('Not quite: "Kb3-b4" is not one of Red\'s attacks')
    assert lesson.answer(2, " fg4XH5 ").text == "Right!"
    board = lesson.exercise_position(2)
    assert "Fg4xh5" in lesson.odds(board, "Fg4xh5").text
    # exercise 3: the footsoldier on c4 shields d3, so the line to e4 is closed
    assert lesson.answer(3, 3).text.startswith("Not quite: some of those units are shielded")
    assert lesson.answer(3, 2).text == "Right!"
    assert lesson.solution(3).text.startswith("Solution: 2: c4, f2;")
    assert lesson.shields(lesson.exercise_position(3), "c2").text.startswith("Shielded against the archer on c2")
    assert lesson.answer(4, 2).text.startswith("Not quite: a captured base changes sides")
    assert lesson.answer(4, 1).text == "Right!"
    with pytest.raises(ValueError, match="exercises 1 to 4"):
        lesson.exercise(5)


def test_a_bot_game_is_summarised_and_stepped_through_turn_by_turn() -> None:
    game = lesson.bot_game()
    assert [t.number for t in game.turns] == list(range(1, len(game.turns) + 1))
    assert sum(len(t.lines) for t in game.turns) == len(game.states) - 1
    assert game.states[-1].result is not None
    shown = game.summary().markup
    assert shown.count("<figure") == len(game.moments()) == 3
    assert "<details><summary>" in shown and shown.count("<li>Turn ") == len(game.turns)
    assert game.next_turn().text.startswith(f"Turn 1 of {len(game.turns)}: Red plays")
    assert game.next_turn().text.startswith(f"Turn 2 of {len(game.turns)}: Blue plays")
    last = game.turn(len(game.turns))
    assert "<svg" in last.markup and "last turn" in game.next_turn().text
    with pytest.raises(InputError, match="must be 1 to"):
        game.turn(0)
    with pytest.raises(InputError, match="seed: must be a whole number"):
        lesson.bot_game(seed="12")  # type: ignore[arg-type]
    assert not RULE_ID.search(shown)


def test_the_module_examples_hold() -> None:
    result = doctest.testmod(lesson)
    assert result.attempted and not result.failed
