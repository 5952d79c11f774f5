"""The longest record the limits allow (issue 23): legal, at the cap, one action more refused by name."""

from bm_long import longest_record

from tests.long_records import check_at_the_cap


def test_the_longest_passing_match_is_at_the_cap_and_one_action_more_is_refused() -> None:
    check_at_the_cap(longest_record("button-men"))
