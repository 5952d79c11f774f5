"""Button Up! rules, written from ../shared/rules/button-up.md."""

import pytest

import core
from core.buttonup import BLACK, RED, ChooseStarter, EndTurn, Sow, heights, sow

GAME = core.get_game("button-up")
EXAMPLE = "WRBWBRWBR"

# Rulebook §6: (mover, stack moved, circle after, extra turn earned)
WORKED_EXAMPLE = [
    (RED, "W", "RW B W B R W B R", False),
    (BLACK, "RW", "BR WW B R W B R", True),
    (BLACK, "WW", "BR BW RW W B R", False),
    (RED, "BW", "BR RWB WW B R", True),
    (RED, "RWB", "BR WWR BW RB", False),
    (BLACK, "WWR", "BRR BWW RBW", True),
    (BLACK, "BWW", "BRRWW RBWB", False),
    (RED, "BRRWW", "RBWBBRRWW", False),
]


def first_white(state: core.State) -> Sow:
    """The worked example's policy: the first stack in list order holding a white."""
    return next(a for a in state.legal_actions() if isinstance(a, Sow))


def example_start(**options: object) -> core.State:
    state = GAME.new(seed=1, start=EXAMPLE, **options)
    return state.apply(ChooseStarter(RED))


def test_worked_example_move_by_move() -> None:
    state = example_start()
    for mover, moved, circle, extra in WORKED_EXAMPLE:
        assert state.to_move == mover
        action = first_white(state)
        assert state.stacks[action.stack] == moved
        after = state.apply(action)
        if len(circle.split()) > 1:
            assert " ".join(after.stacks) == circle
            assert after.extra is extra
            assert after.to_move == (mover if extra else 1 - mover)
        state = after
    last = state.rounds[-1]
    assert last.final == "RBWBBRRWW"
    assert last.sums == (14, 11)
    assert last.gain == (3, 0)
    assert state.points == (3, 0)
    assert state.round_number == 2
    assert state.starter == BLACK and state.to_move == BLACK  # fewer points starts
    assert sorted("".join(state.stacks)) == sorted(EXAMPLE)  # a fresh deal


def test_first_move_of_round_lifts_a_lone_white() -> None:
    state = example_start()
    assert [a.stack for a in state.legal_actions()] == [0, 3, 6]
    assert all(state.stacks[a.stack] == "W" for a in state.legal_actions())


def test_sowing_drops_bottom_button_nearest() -> None:
    result = sow(("RWB", "R", "B", "W", "R"), 0)
    assert result.stacks == ("RR", "BW", "WB", "R")
    assert result.landed == (0, 1, 2)
    assert not result.overflow


def test_sowing_wraps_clockwise_past_the_end() -> None:
    result = sow(("R", "B", "WRB", "W"), 2)
    assert result.stacks == ("RR", "BB", "WW")
    assert result.landed == (2, 0, 1)


def test_overflow_drops_singles_then_a_block_on_the_last_stack() -> None:
    result = sow(("BRR", "BWW", "RBW"), 1)
    assert result.stacks == ("BRRWW", "RBWB")
    assert result.overflow


@pytest.mark.parametrize(
    ("stacks", "index", "white_counts", "matched"),
    [
        (("W", "W", "R"), 0, True, True),  # white on white
        (("W", "W", "R"), 0, False, False),  # BU-02 switched off
        (("RW", "B", "R", "W"), 0, True, False),
        (("RW", "R", "W", "B"), 0, True, True),  # last button W lands on the W
        (("WR", "B", "R", "B"), 0, True, True),  # red lands on red
    ],
)
def test_match_compares_last_button_with_the_one_below(
    stacks: tuple[str, ...], index: int, white_counts: bool, matched: bool
) -> None:
    assert sow(stacks, index, white_counts).matched is matched


def test_heights_score_bottom_one_to_top_nine() -> None:
    assert heights("RBWBBRRWW") == (14, 11)
    assert heights("BBBWWWRRR") == (24, 6)


def test_round_is_always_eight_moves_and_only_whites_move() -> None:
    state = GAME.new(seed=3, first_round_starter="random")
    moves = 0
    while state.round_number == 1 and not state.is_over:
        for action in state.legal_actions():
            assert isinstance(action, Sow) and "W" in state.stacks[action.stack]
        state = state.apply(state.legal_actions()[-1])
        moves += 1
    assert moves == 8


def test_extra_turn_mandatory_keeps_the_mover() -> None:
    state = example_start().apply(Sow(0))  # red: W onto R
    after = state.apply(Sow(0))  # black: RW lands W on W
    assert after.to_move == BLACK and after.extra
    assert EndTurn() not in after.legal_actions()


def test_extra_turn_optional_can_be_declined() -> None:
    state = example_start(extra_turn="optional").apply(Sow(0)).apply(Sow(0))
    assert state.to_move == BLACK and EndTurn() in state.legal_actions()
    declined = state.apply(EndTurn())
    assert declined.to_move == RED and not declined.extra
    assert declined.stacks == state.stacks


def test_extra_turn_off() -> None:
    state = example_start(extra_turn="off").apply(Sow(0)).apply(Sow(0))
    assert state.to_move == RED


def test_overflow_block_match_is_detected() -> None:
    result = sow(("B", "WBB", "W"), 1)
    assert result.overflow and result.matched
    assert result.stacks == ("BBB", "WW")


def find_position(seeds: range, wanted: object) -> tuple[core.State, Sow]:
    """A reachable position and move satisfying ``wanted(state, sowing)`` (random play)."""
    from core import rng

    for seed in seeds:
        state = GAME.new(seed=seed, first_round_starter="random")
        stream = rng.seed_stream(seed)
        while state.round_number == 1:
            for action in state.legal_actions():
                assert isinstance(action, Sow)
                if wanted(state, state.sowing(action)):  # type: ignore[operator]
                    return state, action
            stream, action = rng.choice(stream, state.legal_actions())
            state = state.apply(action)
    raise AssertionError("no such position found")


@pytest.mark.parametrize("allowed", [False, True])
def test_overflow_extra_turn_switch(allowed: bool) -> None:
    found, action = find_position(
        range(200), lambda s, r: r.overflow and r.matched and len(r.stacks) > 1
    )
    record = found.to_record()
    record["options"]["overflow_extra_turn"] = allowed
    position = core.replay(record)
    after = position.apply(action)
    assert (after.to_move == position.to_move) is allowed
    assert after.extra is allowed


def test_ending_move_extra_turn_lapses() -> None:
    state = example_start()
    for _ in range(8):
        state = state.apply(first_white(state))
    assert not state.extra
    assert state.moves_made == 0


def play_round(state: core.State) -> core.State:
    start = state.round_number
    while state.round_number == start and not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def test_fewer_points_starts_the_next_round() -> None:
    state = play_round(example_start())  # red 3, black 0
    assert state.to_move == BLACK and state.starter == BLACK and not state.choosing


def test_fewest_points_tie_rules() -> None:
    from core.buttonup.sowing import RoundResult
    from core.buttonup.state import _next_starter

    red_won = RoundResult("RRRBBBWWW", (6, 15), RED)  # black won the round
    assert _next_starter((3, 3), red_won, "fewest_points") == (None, RED)  # loser chooses
    tied = RoundResult("RBWBWRWRB", (15, 15), BLACK)
    assert _next_starter((4, 4), tied, "fewest_points") == (RED, None)  # did not start
    assert _next_starter((2, 5), tied, "fewest_points") == (RED, None)
    assert _next_starter((2, 5), tied, "trailing_player_chooses") == (None, RED)
    assert _next_starter((9, 5), tied, "alternate") == (RED, None)


def test_trailing_player_chooses_variant() -> None:
    state = play_round(example_start(next_round_starter="trailing_player_chooses"))
    assert state.choosing and state.to_move == BLACK
    assert set(state.legal_actions()) == {ChooseStarter(RED), ChooseStarter(BLACK)}
    chosen = state.apply(ChooseStarter(RED))
    assert chosen.to_move == RED and chosen.starter == RED and not chosen.choosing


def test_first_round_random_starter_is_seeded() -> None:
    starters = {GAME.new(seed=s, first_round_starter="random").to_move for s in range(20)}
    assert starters == {RED, BLACK}
    assert GAME.new(seed=5, first_round_starter="random") == GAME.new(seed=5, first_round_starter="random")


def test_first_round_choose_asks_red() -> None:
    state = GAME.new(seed=2)
    assert state.choosing and state.to_move == RED
    assert state.legal_actions() == [ChooseStarter(RED), ChooseStarter(BLACK)]


def test_target_score_ends_the_game() -> None:
    state = play_round(example_start(target_score=3))
    assert state.is_over and state.winner == RED and state.to_move is None
    assert state.legal_actions() == []
    assert state.returns() == (1.0, 0.0)


def test_tied_round_scores_nothing_and_the_other_player_starts() -> None:
    assert heights("RBWBWRWRB") == (15, 15)
    state, action = find_position(
        range(2000), lambda s, r: len(r.stacks) == 1 and heights(r.stacks[0])[0] == heights(r.stacks[0])[1]
    )
    after = state.apply(action)
    assert after.rounds[-1].winner is None and after.rounds[-1].gain == (0, 0)
    assert after.points == state.points == (0, 0)
    assert after.to_move == 1 - state.starter and not after.choosing


def test_every_round_is_a_fresh_deal() -> None:
    state = GAME.new(seed=11, first_round_starter="random")
    circles = {state.stacks}
    for _ in range(3):
        state = play_round(state)
        if state.is_over:
            break
        circles.add(state.stacks)
    assert len(circles) > 1


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    state = example_start()
    before = state.to_record()
    with pytest.raises(core.IllegalAction, match="no white"):
        state.apply(Sow(1))
    with pytest.raises(core.IllegalAction, match="no stack 12"):
        state.apply(Sow(11))
    with pytest.raises(core.IllegalAction, match="extra turn"):
        state.apply(EndTurn())
    with pytest.raises(core.IllegalAction, match="starts"):
        GAME.new(seed=1).apply(Sow(0))
    assert state.to_record() == before


def test_apply_returns_new_state_and_keeps_the_old() -> None:
    state = example_start()
    after = state.apply(Sow(0))
    assert state.stacks == tuple(EXAMPLE) and after.stacks != state.stacks
    assert len(after.history) == len(state.history) + 1


def test_describe_and_svg() -> None:
    state = example_start()
    text = state.describe()
    assert "stack 1: white" in text and "Red to move" in text
    assert "1, 4, 7" in text
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 9 and "<title>" in svg


def test_equal_points_after_a_decided_round_the_loser_chooses() -> None:
    """BU-04, found by play: points level after a decided round -> its loser names the starter."""
    from core import rng

    for seed in range(500):
        state = GAME.new(seed=seed, first_round_starter="random")
        stream = rng.seed_stream(seed)
        while not state.is_over:
            before = state
            stream, action = rng.choice(stream, state.legal_actions())
            state = state.apply(action)
            if len(state.rounds) > len(before.rounds) and state.rounds[-1].winner is not None:
                if not state.is_over and state.points[0] == state.points[1]:
                    loser = 1 - state.rounds[-1].winner
                    assert state.choosing and state.to_move == loser
                    assert state.legal_actions() == [ChooseStarter(RED), ChooseStarter(BLACK)]
                    return
    raise AssertionError("no level score after a decided round in 500 games")
