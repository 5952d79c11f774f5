"""Names and colours a campaign record or form gives are bounded and cannot carry markup."""

import json
import pytest

import core
from core.battle import record
from core.protocol import InputError
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
