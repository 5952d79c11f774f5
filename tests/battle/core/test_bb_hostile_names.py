"""Names and colours a campaign record, form or moderator gives are bounded, and cannot carry markup into the
map or a forum post."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

import core
from core.battle import record, round_summary
from core.battle.actions import Attack, Pass, ReportResult
from core.battle.model import Score
from core.battle.setup import parse_setup_lines
from core.battle.state import CampaignState
from core.protocol import MODERATOR, InputError
from tests.shared_data import SHARED, read_text

GAME = core.get_game("buttonmen-battle")
LESOTHO = SHARED / "battle/lesotho-game2.json"


@pytest.mark.parametrize("names", [["x" * 10_000], ["Ana\nBen"], [""], [3]])
def test_player_names_are_short_plain_texts(names: list[object]) -> None:
    with pytest.raises(InputError, match="player_names"):
        GAME.new(seed=1, player_names=names)


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("colour", 'red"/><script>alert(1)</script>', "a colour is"),
    ("colour", "#12345", "a colour is"),
    ("name", "n" * 41, "at most 40 characters"),
])
def test_a_record_cannot_smuggle_markup_or_huge_names(field: str, value: str, reason: str) -> None:
    data = json.loads(read_text(LESOTHO))
    data["players"][0][field] = value
    with pytest.raises(InputError, match=reason):
        record.load_record(data)


def test_colour_names_and_hex_colours_are_accepted() -> None:
    setup = [{"name": name, "colour": colour, "armies": [{"button": button, "territory": territory}]}
             for name, colour, button, territory in [("Ana", "teal", "Avis", "Antwerp"),
                                                     ("Ben", "#abc", "Bauer", "Limburg"),
                                                     ("Cleo", "#1f77b4", "Coil", "Namur")]]
    state = GAME.new(seed=1, setup=setup, armies_per_player=1)
    assert state.colours == ("teal", "#abc", "#1f77b4")


MARKUP_PLAYERS = [("**Ana**", "[b]Avis[/b]", "antwerp"), ("Ben_<i>", "Bauer", "limburg"),
                  ("[url=x]Cleo[/url]", "`Coil` & #1", "namur")]


def markup_campaign() -> CampaignState:
    """A reported campaign whose names carry Markdown, BBCode and XML, played through one round."""
    setup = [{"name": name, "armies": [{"button": button, "territory": territory}]}
             for name, button, territory in MARKUP_PLAYERS]
    state = GAME.new(seed=1, setup=setup, armies_per_player=1, battle_source="reported")
    state = state.apply(Attack(state.board.index("antwerp"), state.board.index("limburg")), 0)
    state = state.apply(Pass(), 1).apply(Pass(), 2)
    return state.apply(ReportResult(0, 0, Score(3, 0), 10), MODERATOR)


def test_forum_posts_copy_names_as_plain_text() -> None:
    state = markup_campaign()
    markdown, bbcode = round_summary(state, 1), round_summary(state, 1, "bbcode")
    assert "\\*\\*Ana\\*\\*" in markdown and "\\[b\\]Avis\\[/b\\]" in markdown and "Ben\\_\\<i\\>" in markdown
    assert "\\[url=x\\]Cleo\\[/url\\]: 1" in markdown and "**Ana**" not in markdown
    assert "**Campaign over: \\*\\*Ana\\*\\* holds 2 of 3 territories" in markdown
    assert "[b]Avis" not in bbcode and "[url=x]" not in bbcode and "[\u200bb]Avis[\u200b/b]" in bbcode
    assert "[b]Battles[/b]" in bbcode       # the post's own markup stays


def test_the_map_of_names_with_markup_is_valid_xml() -> None:
    state = markup_campaign()
    root = ET.fromstring(state.svg())
    assert "[b]Avis[/b]" in "".join(root.itertext())


@pytest.mark.parametrize(("lines", "reason"), [
    ("Ana: Avis @ antwerp\nBen: @ limburg\nCleo: Coil @ namur", "line 2: army 1 has no button"),
    ("Ana: Avis, \nBen: Bauer, Lucky\nCleo: Coil, Kith", "line 1: army 2 has no button"),
    ("Ana: Avis\nBen: " + "B" * 61 + "\nCleo: Coil", "line 2: army 1: a button name has at most 60 characters"),
    ("Ana: Avis\nBen\x1b[2J: Bauer\nCleo: Coil", "line 2: the player's name: a name may not contain control"),
    ("Ana: Avis\n" + "N" * 41 + ": Bauer\nCleo: Coil", "line 2: the player's name: a name has at most 40"),
    ("Ana: Avis\n : Bauer\nCleo: Coil", "line 2: the player's name: a name must be a non-empty text"),
])
def test_a_moderator_line_with_a_blank_button_or_a_bad_name_is_refused_naming_the_line(
        lines: str, reason: str) -> None:
    with pytest.raises(InputError, match=re.escape(reason)):
        parse_setup_lines(lines)


def test_reported_button_names_are_checked_in_records() -> None:
    for button, reason in (("x" * 390, "at most 60 characters; this one has 390"),
                           ("Horace\x1b[2J", "control characters")):
        data = json.loads(read_text(LESOTHO))
        data["players"][0]["armies"][0]["button"] = button
        with pytest.raises(InputError, match=reason):
            record.load_record(data)
