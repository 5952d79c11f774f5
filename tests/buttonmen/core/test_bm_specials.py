"""Button specials of section 13."""

from __future__ import annotations

from bm_helpers import GAME, position

from core.buttonmen import Attack, Auxiliary, ButtonMenState, ChooseSwing
from core.buttonmen.conformance import roll_values


def test_giant_never_wins_initiative() -> None:
    state = position("(20) (20)", "(20) (20)", [[1, 1], [20, 20]], first=None)
    assert state.initiative == 0
    giant = GAME.new(seed=0, buttons=("Giant", "Bauer"), dice_source="manual")
    assert giant.recipes[0] == "(20) (20) (20) (20) (20) (20)" and giant.slow == (True, False)


def test_echo_copies_and_mirror_uses_the_fixed_recipe() -> None:
    echo = GAME.new(seed=0, buttons=("Echo", "Bauer"))
    assert echo.recipes == ("(8) (10) (12) (20) (X)", "(8) (10) (12) (20) (X)")
    both = GAME.new(seed=0, buttons=("Echo", "Zero"))
    assert both.recipes == ("(4) (4) (10) (12) (X)",) * 2


def test_bruno_and_pappy_gain_a_die() -> None:
    state = GAME.new(seed=0, buttons=("Bruno", "Pappy"))
    assert state.recipes == ("B(8) B(8) B(20) B(20) B(X) (X)", "(4) (4) (10) B(20) (X) B(X)")
    alone = GAME.new(seed=0, buttons=("Bruno", "Bauer"))
    assert alone.recipes[0] == "B(8) B(8) B(20) B(20) B(X)"


def test_flying_squirrel_cannot_skill_and_beetle_dice_are_no_skill_targets() -> None:
    squirrel = GAME.new(seed=0, buttons=("The Flying Squirrel", "Bauer"), recipes=("(4) (4)", "(8) (10)"),
                        dice_source="manual", first_player=0)
    assert isinstance(squirrel, ButtonMenState)
    squirrel = roll_values(squirrel, [[4, 4], [8, 9]])
    assert not [a for a in squirrel.attacks() if a.kind == "Skill"]
    beetle = GAME.new(seed=0, buttons=("Bauer", "The Japanese Beetle"), recipes=("(4) (4)", "(8) (10)"),
                      dice_source="manual", first_player=0)
    assert isinstance(beetle, ButtonMenState)
    beetle = roll_values(beetle, [[4, 4], [8, 9]])
    assert not [a for a in beetle.attacks() if a.kind == "Skill"]
    plain = position("(4) (4)", "(8) (10)", [[4, 4], [8, 9]])
    assert Attack("Skill", (0, 1), (0,)) in plain.attacks()


def test_guillermo_needs_different_sizes_for_different_letters() -> None:
    state = GAME.new(seed=0, buttons=("Guillermo", "Bauer"))
    state = state.apply(ChooseSwing("X", 10))
    sizes = {a.size for a in state.legal_actions() if isinstance(a, ChooseSwing)}
    assert 10 not in sizes and 9 in sizes


def test_gordo_swing_sizes_differ_from_every_other_size() -> None:
    state = GAME.new(seed=0, buttons=("Gordo", "Bauer"))
    state = state.apply(ChooseSwing("V", 8))
    sizes = {a.size for a in state.legal_actions() if isinstance(a, ChooseSwing)}
    assert 8 not in sizes and 9 in sizes


def test_gordo_must_decline_an_auxiliary_swing_die() -> None:
    state = GAME.new(seed=0, buttons=("Bauer", "Gordo"), recipes=("(8) (10) +(X)", "(V) (W) (X) (Y) (Z)"))
    state = state.apply(Auxiliary(True))
    assert state.to_move == 1 and state.legal_actions() == [Auxiliary(False)]
