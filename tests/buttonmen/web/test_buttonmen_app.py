"""The Button Men page's Python side without a browser: setup, hot-seat secrecy, clicks, keys, bots."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from core.buttonmen import Attack, ButtonMenState
from webapp import buttonmen_view as view
from webapp.buttonmen import ButtonMenApp


def make_app(seats: tuple[str, str], names: tuple[str, str] = ("Bauer", "Avis"), **fields: Any) -> ButtonMenApp:
    """A page whose setup form started a match with ``seats`` (bots driven by hand)."""
    app = ButtonMenApp()
    app.session.scheduler = None
    app.session.pace = lambda _step: 0.0
    form = app.setup
    for p in (0, 1):
        form._names[p].value = names[p]
        form._seats[p].value = seats[p]
    form._max_wins.value = fields.get("max_wins", 1)
    form._seed.value = str(fields.get("seed", 11))
    form.start()
    assert form._error.object == "", form._error.object
    return app


def state(app: ButtonMenApp) -> ButtonMenState:
    return app.state


def press(widget: Any) -> None:
    """Click a Panel button from Python."""
    widget.clicks += 1


def test_setup_starts_the_chosen_buttons_and_shows_recipe_errors() -> None:
    app = make_app(("human", "greedy"), max_wins=2)
    assert state(app).buttons == ("Bauer", "Avis")
    assert state(app).options["max_wins"] == 2 and app.session.seats == ["human", "greedy"]
    app.setup._recipes[1].value_input = "(4) (8)% ((X)"
    assert "Recipe error" in str(app.setup._info[1].object)
    app.setup.start()
    assert "Cannot start: player 2" in str(app.setup._error.object)
    assert state(app).buttons == ("Bauer", "Avis"), "a failed start keeps the match"


def test_hot_seat_hides_each_secret_choice_behind_a_pass_the_device_screen() -> None:
    app = make_app(("human", "human"))
    assert app.reveal.visible and not app.size_box.visible and not app.list_box.visible
    assert "Pass the device" in str(app.curtain.object)
    press(app.reveal)
    assert app.size_box.visible and not app.reveal.visible
    app.size_select.value = app.size_select.options["17 sides"]
    press(app.size_confirm)
    after = state(app)
    assert after.to_move == 1 and after.chosen[0] == (("X", 17),)
    # Avis's player now sees the curtain and nothing of Bauer's choice
    assert app.reveal.visible and "Avis's player" in app.reveal.label
    assert not app.size_box.visible and not app.list_box.visible
    assert "17" not in app.text.text and "X=17" not in str(app.log.object)
    notations = [app.board.others.data["notation"][i] for i, p in enumerate(app.board.others.data["player"])
                 if p == 0]
    assert "(X)" in notations and not any("17" in n for n in notations)
    press(app.reveal)
    assert "Size of swing X" == app.size_select.label
    app.size_select.value = app.size_select.options["6 sides"]
    press(app.size_confirm)
    assert state(app).phase == "attack" and not app.reveal.visible
    assert "(X=17)" in app.text.text and "(X=6)" in app.text.text


def test_clicks_offer_the_legal_attacks_by_name_and_play_them() -> None:
    app = make_app(("human", "human"))
    for size in ("12 sides", "8 sides"):
        press(app.reveal)
        app.size_select.value = app.size_select.options[size]
        press(app.size_confirm)
    current = state(app)
    mover = current.to_move
    assert mover is not None and app.attack_box.visible
    attack = view.attack_list(current)[0]
    for i in attack.attackers:
        app.click_die(mover, i)
    assert sorted(app.mine.value) == sorted(attack.attackers)
    for j in attack.targets:
        app.click_die(1 - mover, j)
    assert sorted(app.theirs.value) == sorted(attack.targets)
    offered = {b.label: b for b in app.attack_buttons.objects if hasattr(b, "clicks")}
    assert view.action_label(current, attack) in offered
    assert all(re.match(r"^(Power|Skill|Shadow|Speed|Berserk|Rush|Trip|Boom) attack: ", n) for n in offered)
    press(offered[view.action_label(current, attack)])
    assert state(app).history[-1] == attack
    assert app.selection.empty and app.notice == ""


def test_checkboxes_keys_and_the_mandatory_attack_notice() -> None:
    app = make_app(("human", "human"))
    for size in ("12 sides", "8 sides"):
        press(app.reveal)
        app.size_select.value = app.size_select.options[size]
        press(app.size_confirm)
    current = state(app)
    mover = current.to_move
    assert mover is not None
    assert "Attacking is mandatory" in str(app.rule.object) and not app.pass_button.visible
    app.press("1")
    assert app.selection.attackers == {0}
    app.press("x")
    assert app.selection.empty
    attack = next(a for a in view.attack_list(current) if isinstance(a, Attack))
    app.mine.value = list(attack.attackers)
    app.theirs.value = list(attack.targets)
    assert view.action_label(current, attack) in [getattr(b, "label", "") for b in app.attack_buttons.objects]
    app.press("p")
    assert "must attack" in app.notice and state(app) is current
    app.all_actions.value = attack
    press(app.play_listed)
    assert state(app).history[-1] == attack


def test_the_bot_plays_its_turns_without_the_page_waiting() -> None:
    app = make_app(("greedy", "human"))
    assert app.session.bot_to_move and "is a bot" in str(app.status.object)
    asyncio.run(app.session.drive_bots())
    current = state(app)
    assert current.to_move == 1 and app.size_box.visible
    assert current.chosen[0] and "X=" not in app.text.text.split("Round 1")[0], "the bot's size stays secret"


def test_a_whole_match_against_the_bot_ends_in_the_summary() -> None:
    app = make_app(("human", "greedy"), seed=4)
    while not state(app).is_over:
        if app.session.bot_to_move:
            asyncio.run(app.session.drive_bots())
            continue
        current = state(app)
        if current.phase == "swing":
            press(app.size_confirm)
        elif view.attack_list(current):
            attack = view.attack_list(current)[0]
            app.all_actions.value = attack
            press(app.play_listed)
        else:
            press(app.pass_button)
        assert app.notice == "", app.notice
    assert "wins the match" in str(app.summary.object) and app.again.visible
    assert str(app.history.object).count("<tr>") == 1 + len(state(app).rounds)
    press(app.again)
    assert not state(app).is_over and state(app).buttons == ("Bauer", "Avis")


def test_a_picked_suggestion_wins_over_the_typed_prefix_in_any_order() -> None:
    app = make_app(("human", "greedy"))
    field = app.setup._names[0]
    field.value_input = "Bau"
    field.value = "Hammer"
    field.value_input = "Ham"  # the typed text may arrive after the picked entry
    assert app.setup.name_text(0) == "Hammer"
    assert "Hammer (Soldiers, tournament legal)" in str(app.setup._info[0].object)
    field.value_input = "Stark"  # typed in full, not yet committed
    assert app.setup.name_text(0) == "Stark"
    app.setup.start()
    assert app.state.buttons[0] == "Stark"
