"""The longest record the limits allow (issue 23): legal, at the cap, one action more refused by name."""

from bb_long import longest_record

from tests.long_records import check_at_the_cap


def test_the_longest_campaign_with_typed_dice_is_at_the_cap_and_one_action_more_is_refused() -> None:
    record = longest_record()
    check_at_the_cap(record)
    assert record["options"]["battle_dice"] == "manual" and len(record["options"]["pick_list"]) == 10
