"""Pick lists, button statistics and a setup's armies are checked when the campaign is made, with the
limits of a Button Men custom button (issue 23): a campaign that is made can play its battles."""

from __future__ import annotations

from typing import Any

import pytest

from core.battle import GAME
from core.battle.state import CampaignState
from core.buttonmen import validate_custom
from core.protocol import InputError

TWELVE = " ".join(["(4)"] * 12)
ELEVEN = " ".join(["(20)"] * 10 + ["(X)"])
LONG_NAME = "B" * 61


def pick_list(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Ten roster buttons and one more entry (edition 2 draws its armies from the list)."""
    names = ("Avis", "Bauer", "Lucky", "Delia", "Kith", "Eiko", "Keegan", "Coil", "Hope", "Peace")
    return [*({"name": n} for n in names), extra]


@pytest.mark.parametrize(("entry", "reason"), [
    ({"name": "Dozen", "recipe": TWELVE}, "entry 11: the recipe of Dozen is refused: a custom recipe has at most 11"),
    ({"name": "Big", "recipe": "(4) " * 37 + "(4)"}, "entry 11: the recipe of Big is refused: a custom recipe must be "
                                                    "under 150 characters"),
    ({"name": "Aux", "recipe": "+(4) (6) (8)"}, "entry 11: the recipe of Aux is refused: a custom recipe has at most "
                                               "one auxiliary die"),
    ({"name": LONG_NAME, "recipe": "(4)"}, "entry 11: a button name has at most 60 characters; this one has 61"),
    ({"name": "Tab\tName", "recipe": "(4)"}, "entry 11: a button name may not contain control characters"),
    ({"name": "Nobody On The Roster"}, "entry 11: Nobody On The Roster is not on the roster, so it needs a recipe"),
    ("Avis", "entry 11 must be an object with a button name"),
])
def test_a_pick_list_entry_beyond_a_custom_buttons_limits_is_refused_when_the_campaign_is_made(
        entry: Any, reason: str) -> None:
    with pytest.raises(InputError, match="pick_list") as refused:
        GAME.new(1, edition=2, pick_list=pick_list(entry))
    assert reason in str(refused.value)


def test_button_statistics_entries_have_the_same_limits() -> None:
    stats = [{"name": "Dozen", "recipe": TWELVE, "games": 500, "win_rate": 50}]
    with pytest.raises(InputError, match="button_stats.*a custom recipe has at most 11 dice"):
        GAME.new(1, edition=2, button_stats=stats)


@pytest.mark.parametrize(("army", "reason"), [
    ({"button": "Dozen", "territory": "antwerp", "recipe": TWELVE}, "Ana: the recipe of Dozen is refused"),
    ({"button": "x" * 390, "territory": "antwerp"}, "Ana: a button name has at most 60 characters; this one has 390"),
    ({"button": "Esc\x1b[31m", "territory": "antwerp"}, "Ana: a button name may not contain control characters"),
    ({"button": "   ", "territory": "antwerp"}, "Ana: a button name must be a non-empty text"),
])
def test_a_setup_army_beyond_a_custom_buttons_limits_is_refused(army: dict[str, str], reason: str) -> None:
    setup = [{"name": "Ana", "armies": [army]},
             {"name": "Ben", "armies": [{"button": "Bauer", "territory": "limburg"}]},
             {"name": "Cleo", "armies": [{"button": "Coil", "territory": "namur"}]}]
    with pytest.raises(InputError, match="setup") as refused:
        GAME.new(1, setup=setup, armies_per_player=1, battle_source="reported")
    assert reason in str(refused.value)


def test_a_pick_list_at_the_limits_plays_its_first_battles() -> None:
    validate_custom(ELEVEN)
    names = ["Avis", "Bauer", "Lucky", "Delia", "Kith"]
    entries = [{"name": "E" * 60, "recipe": ELEVEN}, *({"name": n} for n in names)]
    state = GAME.new(3, edition=2, players=3, pick_list=entries, move_order=["Player 1", "Player 2", "Player 3"])
    assert isinstance(state, CampaignState) and "E" * 60 in state.buttons
    while state.phase == "orders":
        actor = min(state.actors)
        state = state.apply(state.legal_actions(actor)[0], actor)
    assert state.phase == "battles" and all(m is not None for m, b in zip(state.matches, state.battles, strict=True)
                                            if b.kind != "walkover")
