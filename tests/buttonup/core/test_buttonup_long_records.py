"""The longest record the limits allow (issue 23): legal, at the cap, one action more refused by name."""

from bu_long import longest_record, scoreless_line

from core.buttonup import GAME, heights, sow
from tests.long_records import check_at_the_cap


def test_the_longest_game_of_scoreless_rounds_is_at_the_cap_and_one_action_more_is_refused() -> None:
    record = longest_record()
    check_at_the_cap(record)
    assert record["options"]["target_score"] == 99


def test_a_scoreless_line_ends_the_round_with_equal_heights() -> None:
    circle = tuple("RBWRBWRBW")
    line = scoreless_line(circle)
    for index in line:
        circle = sow(circle, index).stacks
    red, black = heights(circle[0])
    assert len(line) == 8 and red == black and GAME.max_record_actions == 20_000
