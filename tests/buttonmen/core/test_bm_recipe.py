"""Recipe grammar, swing ranges and die notation (rulebook sections 2 and 5)."""

import pytest

from core.buttonmen import SKILLS, SWING_RANGES, parse_recipe, validate_custom
from core.buttonmen.dice import Die, fresh_dice


def test_all_34_skills_and_nine_swing_letters() -> None:
    assert len(SKILLS) == 34
    assert SWING_RANGES["R"] == (2, 16) and SWING_RANGES["X"] == (4, 20) and SWING_RANGES["Z"] == (4, 30)
    assert set("RSTUVWXYZ") <= set(SWING_RANGES) and "Q" not in SWING_RANGES


def test_parse_kinds_of_dice() -> None:
    plain, swing, option, twin, mixed, mood, zero, wild = parse_recipe(
        "p(20) s(X) (2/20) ps(6,12) (6,X) (X)? (0) (C)")
    assert plain.skills == "p" and plain.halves == (20,)
    assert swing.swing_letters == ("X",)
    assert option.options == (2, 20) and option.halves == ()
    assert twin.halves == (6, 12) and twin.skills == "ps"
    assert mixed.halves == (6, "X")
    assert mood.skills == "?" and mood.text == "(X)?"
    assert zero.halves == (0,)
    assert wild.wildcard


def test_skills_after_parentheses_and_reprint() -> None:
    specs = parse_recipe("(4) (12) (20) (X)! +(6) r(10) (V)&")
    assert [s.text for s in specs] == ["(4)", "(12)", "(20)", "(X)!", "+(6)", "r(10)", "(V)&"]
    assert parse_recipe("!p(V)")[0].text == "p(V)!"


@pytest.mark.parametrize(("text", "reason", "position"), [
    ("(4) (Q)", "neither a size", 6),
    ("(4) (100)", "larger than 99", 6),
    ("(4) (2/4/6)", "exactly two sizes", 6),
    ("(4) (X,Y)", "same letter", 6),
    ("(4) (1,2,3)", "exactly two halves", 6),
    ("(4) @(6)", "not a skill letter", 5),
    ("(4) pp(6)", "appears twice", 5),
    ("(4) (6", "never closed", 5),
    ("(4)(6)", "separated by a space", 4),
    ("(4) ()", "empty parentheses", 5),
    ("(4) p", "expected '('", 5),
    ("", "at least one die", 1),
])
def test_parser_errors_name_position_and_reason(text: str, reason: str, position: int) -> None:
    with pytest.raises(ValueError) as error:
        parse_recipe(text)
    assert reason in str(error.value)
    assert f"position {position}:" in str(error.value)


def test_die_notation_and_sizes() -> None:
    swing, twin, option = fresh_dice("p(X) (V,V) (2/20)", (("2", 2), ("V", 6), ("X", 10)))
    assert swing.recipe == "p(X)" and swing.notation == "p(X=10)" and swing.size == 10 and swing.swing == "X"
    assert twin.size == 12 and twin.min == 2 and twin.halves == (6, 6) and twin.notation == "(V=6,V=6)"
    assert option.notation == "(2/20=2)" and option.size == 2 and option.recipe == "(2/20)"
    zero = Die("", (0,), 0)
    assert zero.min == 0 and zero.size == 0
    assert Die("p", (10,), 7, ("X",)).label == "p(X=10):7"


@pytest.mark.parametrize(("text", "reason"), [
    ("(4) " * 12, "at most 11 dice"),
    ("+(4) (6)", "auxiliary"),
    ("(4) +(6) +(8)", "auxiliary"),
    ("(4) m(X)!", "Turbo cannot be combined with Morphing"),
    ("(4) H(6)!", "fixed-size Turbo"),
    ("pszdfcHhm(20) " * 11, "under 150 characters"),
])
def test_custom_recipe_limits(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        validate_custom(text.strip())


def test_custom_recipe_accepted() -> None:
    assert len(validate_custom("(4) (8) (12) (20) (X)! +(6)")) == 6
