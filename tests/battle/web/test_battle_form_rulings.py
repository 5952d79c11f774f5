"""The New campaign and moderator forms offer the rarer Battle rulings (BB-04, 06, 09, 14, 16, 27...)."""

from __future__ import annotations

from core.battle.state import CampaignState
from webapp.battle.dialog import MORE_RULINGS, REPORTED_RULINGS
from webapp.battle.moderator import ModeratorView
from webapp.battle.page import BattleView
from webapp.shell.game_page import GamePage

PLAYERS = "Ann: Avis @ Antwerp\nBob: Coil @ Limburg\nCat: Tess @ Namur"


def new_view[V: BattleView](kind: type[V] = BattleView) -> V:  # type: ignore[assignment]
    page = GamePage(kind)
    page.session.scheduler = None
    assert isinstance(page.view, kind)
    return page.view


def campaign(view: BattleView) -> CampaignState:
    state = view.dialog.session.state
    assert isinstance(state, CampaignState)
    return state


def test_the_new_campaign_form_starts_on_the_rulings_it_unfolds() -> None:
    view = new_view()
    dialog = view.dialog
    dialog.open()
    assert set(dialog.more.fields) == set(MORE_RULINGS)
    dialog.more.toggle.value = [dialog.more.toggle.options[0]]
    chosen = {"include_brussels": True, "neutral_territories": "claimable", "battle_dice": "manual",
              "e1_final_tie": "tiebreak_battle", "allow_duplicate_matchups": True, "round_cap": 12}
    for name, value in chosen.items():
        dialog.more.fields[name].value = value
    dialog.players.value = 3
    dialog.seed.value = "7"
    dialog.start()
    state = campaign(view)
    assert dialog.error.object == "" and state.seed == 7
    assert {name: state.options[name] for name in chosen} == chosen
    assert "brussels" in {t.id for t in state.board.territories}


def test_brussels_is_offered_for_manual_placement_only_when_played() -> None:
    dialog = new_view().dialog
    dialog.open()
    dialog.placement.value = "manual"
    spot = dialog.seat_rows[0][3][0]
    assert "brussels" not in spot.options.values()
    dialog.more.fields["include_brussels"].value = True
    assert "brussels" in spot.options.values()


def test_a_ruling_left_folded_keeps_its_default_and_a_bad_number_is_refused() -> None:
    view = new_view()
    dialog = view.dialog
    dialog.open()
    before = campaign(view)
    dialog.more.fields["round_cap"].value = 0
    dialog.start()
    assert "Cannot start" in dialog.error.object and "round_cap" in dialog.error.object
    assert campaign(view) is before
    dialog.more.fields["round_cap"].value = 60
    dialog.start()
    assert dialog.error.object == "" and campaign(view).options["e1_final_tie"] == "coin_flip"


def test_the_moderator_form_carries_its_rulings_into_the_campaign() -> None:
    view = new_view(ModeratorView)
    form = view.moderator_form
    assert set(form.more.fields) == set(REPORTED_RULINGS) and "battle_dice" not in form.more.fields
    form.edition.value = 1
    form.map.value = "belgium"
    form.players.value = PLAYERS
    form.more.fields["e1_final_tie"].value = "tiebreak_battle"
    form.more.fields["unique_buttons"].value = False
    form.start()
    state = campaign(view)
    assert form.error.object == "" and state.options["battle_source"] == "reported"
    assert state.options["e1_final_tie"] == "tiebreak_battle" and state.options["unique_buttons"] is False
