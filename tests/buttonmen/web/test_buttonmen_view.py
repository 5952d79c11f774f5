"""The Button Men page's view-model and setup logic, without a browser.

Positions come from the engine (Bauer against Avis on fixed seeds); every check
compares the page's offer with ``state.legal_actions()`` itself.
"""

from __future__ import annotations

import re

import pytest

import core
from core import rng
from core.bots import make_bot
from core.buttonmen import SKILLS, Attack, ButtonMenState, ChooseSwing, Pass, Surrender, roster
from core.buttonmen.render import points
from core.protocol import Action, IllegalAction
from webapp.buttonmen import legend
from webapp.buttonmen import model as view
from webapp.buttonmen.notation import fitted_notation, text_ems
from webapp.buttonmen import rounds
from webapp.buttonmen.model import Selection
from webapp.shell.session import GameSession
from webapp.buttonmen.setup import MatchSetup, button_info, choice_label, match_options, recipe_problem

GAME = core.get_game("button-men")


def new(seed: int = 7, **options: object) -> ButtonMenState:
    state = GAME.new(seed=seed, buttons=("Bauer", "Avis"), **options)
    assert isinstance(state, ButtonMenState)
    return state


def custom(recipes: list[str], seed: int = 7) -> ButtonMenState:
    state = GAME.new(seed=seed, buttons=("Custom 1", "Custom 2"), recipes=recipes)
    assert isinstance(state, ButtonMenState)
    return state


def attacking(seed: int = 7) -> ButtonMenState:
    """Bauer (X=12) against Avis (X=8), in the attack phase."""
    state = new(seed).apply(ChooseSwing("X", 12)).apply(ChooseSwing("X", 8))
    assert state.phase == "attack"
    return state


def forced_pass() -> ButtonMenState:
    """The first position of a seeded random match where no attack is possible."""
    state = new(1)
    bot = make_bot(GAME, "random", 1)
    while not (state.phase == "attack" and state.attack_types() == ["Pass"]):
        assert not state.is_over, "the seeded match never forced a pass"
        state = state.apply(bot.choose(state))
    return state


def test_selection_toggles_attackers_and_targets() -> None:
    picked = Selection().toggle(True, 2).toggle(False, 0).toggle(True, 4)
    assert picked == Selection(frozenset({2, 4}), frozenset({0}))
    assert picked.toggle(True, 2).toggle(True, 4).toggle(False, 0).empty


def test_attacks_for_a_selection_are_exactly_the_matching_legal_attacks() -> None:
    state = attacking()
    legal = [a for a in state.legal_actions() if isinstance(a, Attack)]
    assert legal
    for attack in legal:
        chosen = Selection(frozenset(attack.attackers), frozenset(attack.targets))
        found = view.attacks_for(state, chosen)
        assert attack in found
        assert all(frozenset(a.attackers) == chosen.attackers and frozenset(a.targets) == chosen.targets
                   for a in found)
        assert set(attack.targets) <= view.targets_for(state, chosen.attackers)
        assert set(attack.attackers) <= view.attackers_in_use(state)
    covered = {a for i in range(len(state.dice[state.to_move or 0]))
               for a in view.attacks_for(state, Selection(frozenset({i}), frozenset()))}
    assert not covered, "an attack needs a target"


def test_attack_labels_name_the_attack_type() -> None:
    state = attacking()
    for attack in view.attack_list(state):
        label = view.attack_label(state, attack)
        assert label.startswith(f"{attack.kind} attack: ")
        assert all(state.dice[state.to_move or 0][i].label in label for i in attack.attackers)


def test_selection_hint_guides_from_attacker_to_target() -> None:
    state = attacking()
    attack = view.attack_list(state)[0]
    mover = state.to_move or 0
    assert "Click one of your dice" in view.selection_hint(state, Selection())
    first = Selection(frozenset(attack.attackers), frozenset())
    assert "Now pick a target" in view.selection_hint(state, first)
    full = Selection(frozenset(attack.attackers), frozenset(attack.targets))
    assert f"legal as {attack.kind}" in view.selection_hint(state, full)
    unused = set(range(len(state.dice[mover]))) - view.attackers_in_use(state)
    if unused:
        lonely = Selection(frozenset({min(unused)}), frozenset())
        assert "No legal attack uses exactly" in view.selection_hint(state, lonely)


def test_mandatory_attack_and_forced_pass_are_explained() -> None:
    state = attacking()
    assert view.pass_action(state) is None
    assert "Attacking is mandatory" in view.pass_rule(state)
    with pytest.raises(core.IllegalAction, match="must attack"):
        state.apply(Pass())
    stuck = forced_pass()
    assert isinstance(view.pass_action(stuck), Pass)
    assert view.attack_list(stuck) == []
    assert view.pass_rule(stuck).startswith("No attack is possible, so you must pass")
    assert isinstance(view.surrender_action(stuck), Surrender)


def test_board_shows_dice_selection_and_captures() -> None:
    state = attacking()
    mover = state.to_move or 0
    attack = view.attack_list(state)[0]
    chosen = Selection(frozenset(attack.attackers), frozenset(attack.targets))
    drawn = view.board(state, 0, chosen, clickable=True)
    play = [c for c in drawn.cells if c.zone == "play"]
    assert len(play) == len(state.dice[0]) + len(state.dice[1])
    for cell in play:
        die = state.dice[cell.player][cell.index]
        assert (cell.value, cell.notation) == (str(die.value), die.notation)
        own = cell.player == mover
        if own and cell.index in attack.attackers:
            assert cell.fill == view.ATTACKER_FILL
        elif not own and cell.index in attack.targets:
            assert cell.fill == view.TARGET_FILL
        else:
            assert cell.fill in (view.WHITE, view.DIZZY_FILL)
    after = state.apply(attack)
    captured = [c for c in view.board(after, 0, Selection(), False).cells if c.zone == "captured"]
    assert [(c.player, c.value) for c in captured] == [
        (p, str(d.value)) for p in (0, 1) for d in after.captured[p]]
    assert captured, "an attack captures a die"


def test_die_at_and_die_pixel_agree_with_the_drawing() -> None:
    state = attacking()
    drawn = view.board(state, None, Selection(), False)
    columns = drawn.columns(("play",))
    width = (view.MIN_X_END - view.X_START) * view.PIXELS_PER_UNIT
    height = (view.Y_RANGE[1] - view.Y_RANGE[0]) * view.PIXELS_PER_UNIT
    for p in (0, 1):
        for i in range(len(state.dice[p])):
            x, y = view.die_pixel(state, p, i)
            assert 0 < x < width and 0 < y < height
            cell = next(c for c in drawn.cells if c.zone == "play" and (c.player, c.index) == (p, i))
            assert view.die_at(columns, cell.x + 0.3, cell.y - 0.3) == (p, i)
    assert view.die_at(columns, view.X_START + 0.05, view.Y_RANGE[1] - 0.05) is None


def test_secret_swing_choice_is_hidden_from_the_other_player() -> None:
    state = new().apply(ChooseSwing("X", 17))
    mine = [c.notation for c in view.board(state, 0, Selection(), False).cells if c.player == 0]
    theirs = [c.notation for c in view.board(state, 1, Selection(), False).cells if c.player == 0]
    assert "(X=17)" in mine and "(X)" in theirs and not any("17" in n for n in theirs)
    assert "X=17" not in state.describe(1)


def test_size_choice_offers_exactly_the_legal_sizes() -> None:
    state = new()
    choice = view.size_choice(state)
    assert choice is not None and choice.label == "Size of swing X"
    assert list(choice.options.values()) == state.legal_actions()
    assert list(choice.options)[0] == "4 sides" and list(choice.options)[-1] == "20 sides"
    assert view.size_choice(attacking()) is None
    option = GAME.new(seed=3, recipes=("(4) (6/12)", "(8) (10)"))
    assert isinstance(option, ButtonMenState)
    offered = view.size_choice(option)
    assert offered is not None and list(offered.options) == ["6 sides", "12 sides"]


def test_scores_history_and_summary_follow_the_state() -> None:
    state = attacking()
    rows = rounds.score_rows(state)
    assert [r[0] for r in rows] == ["Bauer", "Avis"]
    assert [r[1] for r in rows] == [points(state.round_scores[0]), points(state.round_scores[1])]
    assert all(r[2] == "0–0–0" for r in rows)
    bots = [make_bot(GAME, "greedy", 1), make_bot(GAME, "greedy", 2)]
    done = new(5, max_wins=1)
    while not done.is_over:
        done = done.apply(bots[done.to_move or 0].choose(done))
    winner = done.winner
    assert winner is not None
    (number, first, second, outcome), = rounds.history_rows(done)
    result = done.rounds[0]
    assert (number, first, second) == ("1", points(result.scores[0]), points(result.scores[1]))
    assert outcome.startswith(f"{done.buttons[winner]} won")
    assert ("surrendered" in outcome) == (result.surrendered is not None)
    assert rounds.match_summary(done).startswith(f"{done.buttons[winner]} wins the match")
    assert rounds.match_summary(state) == ""
    later = state.apply(view.attack_list(state)[0])
    assert rounds.new_log_lines(state, later) == list(later.log[len(state.log):]) != []
    assert rounds.new_log_lines(state, done) == list(done.log[-3:]), "another match: its latest lines"


def test_setup_finds_buttons_and_reports_recipe_errors() -> None:
    assert button_info("flying squirrel")[0]
    found, text = button_info("Bauerr")
    assert not found and "No button called 'Bauerr'" in text
    assert recipe_problem("(4) (8) (12) (20) (X)") is None
    problem = recipe_problem("(4) (8)q( (12)")
    assert problem is not None and "position" in problem
    assert match_options(["bauer", "Avis"], ["", ""], 1) == {"buttons": ["Bauer", "Avis"]}
    custom = match_options(["", "Avis"], ["(4) (6/12)", ""], 1)
    assert custom == {"buttons": ["Custom 1", "Avis"], "recipes": ["(4) (6/12)", "(4) (4) (10) (12) (X)"]}
    renamed = match_options(["Bauer", "Avis"], ["(4) (4) (X)", ""], 1)
    assert renamed["buttons"] == ["Bauer (custom)", "Avis"]
    drawn = match_options(["", ""], ["", ""], rng.seed_stream(9))
    names = drawn["buttons"]
    assert isinstance(names, list) and all(roster.find(str(n)).tournament_legal for n in names)
    with pytest.raises(ValueError, match="player 2's recipe"):
        match_options(["Bauer", ""], ["", "(4"], 1)
    with pytest.raises(ValueError, match="no button called"):
        match_options(["Nobody at all", "Avis"], ["", ""], 1)


def test_the_action_list_has_every_legal_action_under_a_unique_label() -> None:
    duplicates = 0
    for seed in range(12):
        state = new(seed).apply(ChooseSwing("X", 4)).apply(ChooseSwing("X", 4))
        listed = view.listed_actions(state)
        assert list(listed.values()) == state.legal_actions()
        plain = [view.action_label(state, a) for a in state.legal_actions()]
        duplicates += len(plain) - len(set(plain))
    assert duplicates, "Avis's two d4 give equal labels on some seed; their positions tell them apart"


def test_manual_dice_not_rolled_yet_show_no_value() -> None:
    state = new(2, dice_source="manual").apply(ChooseSwing("X", 10)).apply(ChooseSwing("X", 10))
    assert state.phase == "roll"
    unrolled = state.not_rolled()
    values = {(c.player, c.index): c.value for c in view.board(state, 0, Selection(), False).cells
              if c.zone == "play"}
    for (p, i), value in values.items():
        assert (value == "?") == (i in unrolled[p])
    assert "?" in values.values()


def overlaps(a: view.Cell, b: view.Cell) -> bool:
    return abs(a.x - b.x) < (a.size + b.size) / 2 and abs(a.y - b.y) < (a.size + b.size) / 2


def test_captured_dice_never_overlap_a_die_in_play() -> None:
    state, bot = new(3), make_bot(GAME, "random", 3)
    checked = 0
    while not state.is_over and checked < 60:
        drawn = view.board(state, None, Selection(), False)
        play = [c for c in drawn.cells if c.zone in ("play", "setup")]
        for cell in (c for c in drawn.cells if c.zone == "captured"):
            assert not any(overlaps(cell, other) for other in play), (cell, state.log[-1])
            assert cell.x + cell.size / 2 <= drawn.x_end
            checked += 1
        state = state.apply(bot.choose(state))
    assert checked, "the match captured no die"


def test_rulings_and_goal_speak_in_player_words() -> None:
    form = MatchSetup(GameSession(GAME, ["human", "greedy"]))
    words = [w.label for w in form._rulings.values()] + [k for w in form._rulings.values() for k in w.options]
    assert len(words) > 20
    for text in words:
        assert not re.search(r"\bNone\b|\bTrue\b|\bFalse\b|\brng\b|seeded|_", text), text
    assert choice_label(next(o for o in GAME.options if o.name == "first_player"), 1) == "Player 2"
    assert rounds.match_goal(new(max_wins=1)) == "The first to win 1 round takes the match."
    assert rounds.match_goal(new(max_wins=3)) == "The first to win 3 rounds takes the match."


def test_the_size_list_starts_at_the_players_size_of_last_round() -> None:
    choice = view.size_choice(new())
    assert choice is not None
    sizes = list(choice.options.values())
    assert view.remembered_size(choice, [], 0) == sizes[0], "a first choice starts at the smallest size"
    earlier = [(0, ChooseSwing("X", 12)), (1, ChooseSwing("X", 17)), (0, Pass())]
    assert view.remembered_size(choice, earlier, 0) == ChooseSwing("X", 12)
    assert view.remembered_size(choice, earlier, 1) == ChooseSwing("X", 17), "never the other player's"


def refused(state: ButtonMenState, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    return view.refusal(state, action, str(caught.value))


def test_refusals_are_sentences_with_the_rule_never_raw_engine_text() -> None:
    setup, state = new(), attacking()
    assert refused(setup, ChooseSwing("X", 99)) == "Not possible: X swing dice are 4 to 20 sides."
    assert refused(setup, Attack("Power", (0,), (0,))) == "Not possible now. Bauer: choose swing and option sizes."
    power = refused(state, Attack("Power", (0,), (0,)))
    assert power.startswith("Not possible: a Power attack of (4):2 on (8):8. A Power attack needs the attacker to "
                            "show at least the target's value: (4):2 shows 2, (8):8 shows 8. The rule: in a Power "
                            "attack, ")
    assert legend.ATTACK_RULES["Power"] in power
    skill = refused(state, Attack("Skill", (0, 1), (2,)))
    assert legend.ATTACK_RULES["Skill"] in skill and "(4):2, (4):3 on (12):7" in skill
    assert refused(state, Attack("Power", (9,), (0,))) == "Not possible: a selected die is no longer on the table."
    assert "needs a die with that skill" in refused(state, Attack("Speed", (0,), (0, 1)))
    for text in (power, skill, refused(state, Pass())):
        assert "[" not in text and "phase" not in text and "Error" not in text


def test_every_skill_letter_has_a_one_line_rule_and_the_legend_lists_the_matchs_skills() -> None:
    assert set(legend.SKILL_RULES) == set(SKILLS)
    assert all(rule.endswith(".") and "\n" not in rule for rule in legend.SKILL_RULES.values())
    state = custom(["p(4) s(8) z(10) (X)", "(4) t(6) q(12) (Y)?"])
    rows = legend.legend_rows(state)
    assert [c for c, _, _ in rows] == [c for c in SKILLS if c in "pszt?q"]
    assert all(name == SKILLS[c] and rule == legend.SKILL_RULES[c] for c, name, rule in rows)
    assert {text for text, _ in legend.NOTATION} >= {"(X)", "(X=4)", "(4/8)", "(4,4)", "(6):4"}
    assert legend.legend_rows(new()) == [], "Bauer and Avis have plain dice"


def test_die_checkboxes_say_whose_die_it_is_and_its_skills() -> None:
    state = custom(["p(4) (8) (X)", "(4) s(6) (X)"])
    state = state.apply(ChooseSwing("X", 4)).apply(ChooseSwing("X", 4))
    mover = state.to_move
    assert mover is not None
    mine = view.die_choices(state, mover, own=True)
    theirs = view.die_choices(state, 1 - mover, own=False)
    assert list(mine.values()) == list(range(len(state.dice[mover])))
    assert all(label.startswith(f"Your die {i + 1}: {state.dice[mover][i].label}") for label, i in mine.items())
    assert all(label.startswith(f"Their die {j + 1}: ") for label, j in theirs.items())
    labels = [*mine, *theirs]
    assert any(label.endswith("(Poison)") for label in labels) and any(label.endswith("(Shadow)") for label in labels)


def test_an_attack_marks_its_rerolled_attackers_and_the_die_it_captured() -> None:
    state = attacking()
    mover = state.to_move
    assert mover is not None
    attack = next(a for a in view.attack_list(state) if a.kind == "Power")
    after = state.apply(attack)
    fresh = view.fresh_dice(state, attack, after)
    assert fresh.rolled == {(mover, i) for i in attack.attackers}
    assert fresh.captured == {(mover, len(after.captured[mover]) - 1)}
    drawn = view.board(after, mover, Selection(), False, fresh)
    ringed = {(c.zone, c.player, c.index) for c in drawn.cells if c.fresh}
    assert ringed == {("play", p, i) for p, i in fresh.rolled} | {("captured", p, k) for p, k in fresh.captured}
    columns = drawn.columns(("play",))
    assert [a for a, f in zip(columns["ring_alpha"], columns["fresh"], strict=True) if f] == [1.0] * len(fresh.rolled)


def test_a_new_round_rolls_every_die_and_the_text_shrinks_with_the_board() -> None:
    before = new()
    state = before
    while not state.dice[0]:
        state = state.apply(state.legal_actions()[0])
    fresh = view.fresh_dice(before, state.history[-1], state)
    assert fresh.rolled == {(p, i) for p in (0, 1) for i in range(len(state.dice[p]))}
    drawn = view.board(state, 0, Selection(), False)
    full, half = drawn.columns(("play",)), drawn.columns(("play",), scale=0.5)
    assert full["value_size"][0] == "24px" and half["value_size"][0] == "12px"


@pytest.mark.parametrize(("notation", "room", "shown"), [
    ("(Y=19)", 60, "(Y=19)"), ("(20/30=30)", 60, "(…=30)"), ("(20/30=30)", 40, "=30"),
    ("ns(X=12)", 40, "ns(…"), ("t(4)", 30, "t(4)"), ("(10)", 10, "…")])
def test_a_notation_wider_than_its_die_is_shortened_to_fit(notation: str, room: float, shown: str) -> None:
    assert fitted_notation(notation, room, 12) == shown
    assert text_ems(shown) * 12 <= room or shown == "…"
