"""The Button Men page's Python side without a browser: setup, hot-seat secrecy, clicks, keys, bots."""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from core.buttonmen import Attack, ButtonMenState
from webapp.buttonmen import model as view
from webapp.buttonmen.page import ButtonMenView
from webapp.shell import links
from webapp.shell.game_page import GamePage


def visible_text(markup: str) -> str:
    """What ``markup`` reads as: tags removed, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` on its own event loop (a browser test may own this thread's)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result(timeout=120)



def make_app(seats: tuple[str, str], names: tuple[str, str] = ("Bauer", "Avis"), **fields: Any) -> GamePage:
    """A page whose setup form started a match with ``seats`` (bots driven by hand)."""
    app = GamePage(ButtonMenView)
    app.session.scheduler = None
    app.session.pace = lambda _step: 0.0
    form = app.view.setup
    for p in (0, 1):
        form._names[p].value = names[p]
        form._seats[p].value = seats[p]
    form._max_wins.value = fields.get("max_wins", 1)
    form._seed.value = str(fields.get("seed", 11))
    form.start()
    assert form._error.object == "", form._error.object
    return app


def state(app: GamePage) -> ButtonMenState:
    assert isinstance(app.session.state, ButtonMenState)
    return app.session.state


def press(widget: Any) -> None:
    """Click a Panel button from Python."""
    widget.clicks += 1


def test_setup_starts_the_chosen_buttons_and_shows_recipe_errors() -> None:
    app = make_app(("human", "greedy"), max_wins=2)
    assert state(app).buttons == ("Bauer", "Avis")
    assert state(app).options["max_wins"] == 2 and app.session.seats == ["human", "greedy"]
    app.view.setup._recipes[1].value_input = "(4) (8)% ((X)"
    assert "Recipe error" in str(app.view.setup._info[1].object)
    app.view.setup.start()
    assert "Cannot start: player 2" in str(app.view.setup._error.object)
    assert state(app).buttons == ("Bauer", "Avis"), "a failed start keeps the match"


def test_hot_seat_hides_each_secret_choice_behind_a_pass_the_device_screen() -> None:
    app = make_app(("human", "human"))
    assert app.view.reveal.visible and not app.view.size_box.visible and not app.view.list_box.visible
    assert "Pass the device" in str(app.view.curtain.object)
    press(app.view.reveal)
    assert app.view.size_box.visible and not app.view.reveal.visible
    app.view.size_select.value = app.view.size_select.options["17 sides"]
    press(app.view.size_confirm)
    after = state(app)
    assert after.to_move == 1 and after.chosen[0] == (("X", 17),)
    # Avis's player now sees the curtain and nothing of Bauer's choice
    assert app.view.reveal.visible and "Avis's player" in app.view.reveal.label
    assert not app.view.size_box.visible and not app.view.list_box.visible
    assert "17" not in app.text.text and "X=17" not in str(app.view.log.object)
    notations = [app.board.others.data["notation"][i] for i, p in enumerate(app.board.others.data["player"])
                 if p == 0]
    assert "(X)" in notations and not any("17" in n for n in notations)
    press(app.view.reveal)
    assert "Size of swing X" == app.view.size_select.label
    assert app.view.size_select.value == app.view.size_select.options["4 sides"], "not Bauer's secret 17"
    app.view.size_select.value = app.view.size_select.options["6 sides"]
    press(app.view.size_confirm)
    assert state(app).phase == "attack" and not app.view.reveal.visible
    assert "(X=17)" in app.text.text and "(X=6)" in app.text.text


def choose_swings(app: GamePage) -> None:
    """Both people at the screen choose their swing die in turn (12 sides, then 8)."""
    for size in ("12 sides", "8 sides"):
        press(app.view.reveal)
        app.view.size_select.value = app.view.size_select.options[size]
        press(app.view.size_confirm)


def test_clicks_offer_the_legal_attacks_by_name_and_play_them() -> None:
    app = make_app(("human", "human"))
    choose_swings(app)
    current = state(app)
    mover = current.to_move
    assert mover is not None and app.view.attack_box.visible
    attack = view.attack_list(current)[0]
    for i in attack.attackers:
        app.view.click_die(mover, i)
    assert sorted(app.view.mine.value) == sorted(attack.attackers)
    assert all(label.startswith("Your die ") for label in app.view.mine.options)
    assert all(label.startswith("Their die ") for label in app.view.theirs.options)
    assert "What the letters mean" in str(app.view.legend.object) and "(X=4)" in str(app.view.legend.object)
    for j in attack.targets:
        app.view.click_die(1 - mover, j)
    assert sorted(app.view.theirs.value) == sorted(attack.targets)
    offered = {b.label: b for b in app.view.attack_buttons.objects if hasattr(b, "clicks")}
    assert view.action_label(current, attack) in offered
    assert all(re.match(r"^(Power|Skill|Shadow|Speed|Berserk|Rush|Trip|Boom) attack: ", n) for n in offered)
    press(offered[view.action_label(current, attack)])
    assert state(app).history[-1] == attack
    assert app.view.selection.empty and app.notice == ""


def test_checkboxes_keys_and_the_mandatory_attack_notice() -> None:
    app = make_app(("human", "human"))
    for size in ("12 sides", "8 sides"):
        press(app.view.reveal)
        app.view.size_select.value = app.view.size_select.options[size]
        press(app.view.size_confirm)
    current = state(app)
    mover = current.to_move
    assert mover is not None
    assert "Attacking is mandatory" in str(app.view.rule.object) and not app.view.pass_button.visible
    app.press("1")
    assert app.view.selection.attackers == {0}
    app.press("x")
    assert app.view.selection.empty
    attack = next(a for a in view.attack_list(current) if isinstance(a, Attack))
    app.view.mine.value = list(attack.attackers)
    app.view.theirs.value = list(attack.targets)
    assert view.action_label(current, attack) in [getattr(b, "label", "") for b in app.view.attack_buttons.objects]
    app.press("p")
    assert "must attack" in app.notice and state(app) is current
    app.play(Attack("Power", (0,), (99,)))
    assert app.notice == "Not possible: a selected die is no longer on the table.", "the page's words"
    app.view.all_actions.value = attack
    press(app.view.play_listed)
    assert state(app).history[-1] == attack


def test_the_bot_plays_its_turns_without_the_page_waiting() -> None:
    app = make_app(("greedy", "human"))
    assert app.session.bot_to_move and "is a bot" in str(app.status.object)
    run(app.session.drive_bots())
    current = state(app)
    assert current.to_move == 1 and app.view.size_box.visible
    assert current.chosen[0] and "X=" not in app.text.text.split("Round 1")[0], "the bot's size stays secret"


def test_a_whole_match_against_the_bot_ends_in_the_summary() -> None:
    app = make_app(("human", "greedy"), seed=4)
    while not state(app).is_over:
        if app.view.next_round.visible:
            press(app.view.next_round)
        elif app.session.bot_to_move:
            run(app.session.drive_bots())
            continue
        current = state(app)
        if current.phase == "swing":
            press(app.view.size_confirm)
        elif view.attack_list(current):
            attack = view.attack_list(current)[0]
            app.view.all_actions.value = attack
            press(app.view.play_listed)
        else:
            press(app.view.pass_button)
        assert app.notice == "", app.notice
    assert "wins the match" in str(app.view.summary.object) and app.view.again.visible
    assert str(app.view.history.object).count("<tr>") == 1 + len(state(app).rounds)
    press(app.view.again)
    assert not state(app).is_over and state(app).buttons == ("Bauer", "Avis")


def test_a_picked_suggestion_wins_over_the_typed_prefix_in_any_order() -> None:
    app = make_app(("human", "greedy"))
    field = app.view.setup._names[0]
    field.value_input = "Bau"
    field.value = "Hammer"
    field.value_input = "Ham"  # the typed text may arrive after the picked entry
    assert app.view.setup.name_text(0) == "Hammer"
    assert "Hammer (Soldiers, tournament legal)" in str(app.view.setup._info[0].object)
    field.value_input = "Stark"  # typed in full, not yet committed
    assert app.view.setup.name_text(0) == "Stark"
    app.view.setup.start()
    assert state(app).buttons[0] == "Stark"


def test_a_secret_swing_choice_stays_out_of_the_link_and_a_reload_asks_again() -> None:
    app = make_app(("human", "human"), max_wins=2, seed=5)
    before = state(app)
    assert before.phase == "swing" and before.to_move == 0
    app.view.take_device()
    app.view.size_select.value = app.view.size_select.options["17 sides"]
    app.view.size_confirm.clicks += 1
    assert state(app).chosen[0] == (("X", 17),) and state(app).to_move == 1
    value = app.link.url.split("game=")[1]
    record, seats = links.decode(value)
    assert record["actions"] == [] and "17" not in json.dumps(record), "the secret is not in the link"

    reloaded = make_app(("human", "greedy"), names=("Hammer", "Stark"), max_wins=3, seed=9)
    reloaded.link.restore(value)
    assert reloaded.link.problem == "" and reloaded.session.seats == ["human", "human"]
    assert state(reloaded) == before, "the buttons, the rules and the deal come back: only the secret is gone"
    assert state(reloaded).to_move == 0 and state(reloaded).options["max_wins"] == 2
    reloaded.view.take_device()
    assert reloaded.view.size_box.visible, "Bauer's player is asked to choose again"


def play_until_a_round_ends(app: GamePage) -> None:
    """Play Bauer's side (first legal attack, smallest size) and drive the bot until a round ends."""
    while app.view.round_over is None:
        if app.session.bot_to_move:
            run(app.session.drive_bots())
        elif view.size_choice(state(app)) is not None:
            press(app.view.size_confirm)
        else:
            app.play(state(app).legal_actions()[0])
        assert app.notice == "", app.notice


def test_a_finished_round_stays_on_screen_until_the_player_goes_on() -> None:
    app = make_app(("human", "greedy"), seed=4, max_wins=3)
    play_until_a_round_ends(app)
    over = app.view.round_over
    assert over is not None and over.number == 1 and len(state(app).rounds) == 1
    panel = str(app.view.round_panel.object)
    assert "Round 1 over" in panel and over.result in visible_text(panel) and app.view.next_round.visible
    assert all(f"<bdi>{name}</bdi>" in panel for name in state(app).buttons), "names are bidi-isolated"
    for name, dice, captured, score in over.rows:
        assert all(part in panel for part in (name, dice, captured, score))
    assert app.board.state is over.before, "the board keeps the round's last dice"
    assert not app.view.size_box.visible and not app.view.attack_box.visible and not app.view.list_box.visible
    waiting = state(app)
    assert app.view.status() == "Round 1 is over: press \"Next round\" to go on.", "not 'X to move'"
    run(app.session.drive_bots())
    assert state(app) is waiting, "the bot waits too"
    app.press("p")
    assert "press \"Next round\"" in app.notice and state(app) is waiting
    press(app.view.next_round)
    assert app.view.round_over is None and app.view.round_panel.object == "" and app.board.state is state(app)
    assert not app.session.held and app.view.status().startswith(state(app).buttons[state(app).to_move])


def test_surrender_asks_first_and_only_yes_surrenders() -> None:
    app = make_app(("human", "human"), max_wins=2)
    for _player in (0, 1):
        press(app.view.reveal)
        press(app.view.size_confirm)
    current = state(app)
    assert app.view.surrender_button.visible and not app.view.surrender_box.visible
    press(app.view.surrender_button)
    assert state(app) is current and app.view.surrender_box.visible
    assert "Surrender round 1?" in str(app.view.surrender_question.object)
    press(app.view.surrender_no)
    assert state(app) is current and not app.view.surrender_box.visible
    press(app.view.surrender_button)
    press(app.view.surrender_yes)
    assert state(app).rounds[-1].surrendered == current.to_move and not app.view.surrender_box.visible
    assert "surrendered the round" in str(app.view.round_panel.object)
    assert not app.view.reveal.visible and app.view.curtain.object == "", "the round's end first, then the device"
    press(app.view.next_round)
    assert state(app).phase == "swing" and state(app).public_length() == len(state(app).history)
    assert not app.view.reveal.visible and app.view.size_box.visible, \
        "only the loser re-chooses, and its choice is shown at once: no secret, so no curtain"


def test_undo_takes_back_the_humans_action_with_the_bots_reply_and_never_crosses_a_roll() -> None:
    undone = replies = 0
    for seed in range(6):
        app = make_app(("human", "random"), seed=seed, max_wins=2)
        assert app.undo_button.visible and app.undo_button in app.view.controls()
        tried: set[int] = set()
        while not state(app).is_over and len(state(app).history) < 250:
            if app.view.next_round.visible:
                press(app.view.next_round)
            elif app.session.bot_to_move:
                run(app.session.drive_bots())
            elif app.session.can_undo and len(state(app).history) not in tried:
                tried.add(len(state(app).history))
                now, steps = state(app), list(app.session.steps)
                depth = app.session.undo_depth()
                assert depth is not None
                if undone % 2:
                    press(app.undo_button)
                else:
                    app.press("u")
                back = state(app)
                assert app.notice == "" and back is steps[-depth].before and app.session.human_to_move
                taken = steps[-depth:]
                assert taken[0].actor == 0 and all(s.actor == 1 for s in taken[1:]), "my action, then the bot's"
                assert all(s.after.rng == s.before.rng for s in taken), "no die was rolled in between"
                seen = [{(key, size) for key, size in s.view(0).chosen[1] if size} for s in (back, now)]
                assert seen[0] <= seen[1], "undo shows no more of the bot's secret sizes than before"
                undone += 1
                replies += len(taken) > 1
            elif view.size_choice(state(app)) is not None:
                press(app.view.size_confirm)
            else:
                app.play(state(app).legal_actions()[0])
            assert app.undo_button.disabled != app.session.can_undo
    assert undone >= 3 and replies >= 1, f"undo too rarely offered to test it ({undone}, {replies} with a reply)"


def test_a_quick_second_click_on_the_dice_is_taken_too() -> None:
    from bokeh.events import DoubleTap, Tap

    app = make_app(("human", "human"))
    choose_swings(app)
    board, mover = app.board, state(app).to_move
    data = board.dice.data  # type: ignore[attr-defined]
    spots = [(x, y) for x, y, p in zip(data["x"], data["y"], data["player"], strict=True) if p == mover][:2]
    figure = board.figure  # type: ignore[attr-defined]
    figure._trigger_event(Tap(figure, x=spots[0][0], y=spots[0][1]))
    figure._trigger_event(DoubleTap(figure, x=spots[1][0], y=spots[1][1]))  # BokehJS's name for a quick second click
    assert len(app.view.mine.value) == 2
