"""Secrets on every page: two worlds that differ in one hidden choice look the same to whoever may not know it.

Each test builds the same game twice with the rules engine, differing only in one secret choice
(a swing or option size, an auxiliary decision, a Battle match's swing, a Fair and Square
placement or garnet spending, an Imperio Bellum reserve make-up), opens both in the page
in-process and compares every text the page holds (:func:`tests.shell.page_texts.differences`)
for each human at the screen who must not know the choice: no difference.  A bot deciding
for a seat that must not know the choice decides the same in both worlds.  Each test also
shows that the comparison sees the choice where its owner looks (so it can fail).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import pytest

import core
from core.battle import Attack as BattleAttack
from core.battle import Pass
from core.battle.state import CampaignState
from core.buttonmen import ChooseSwing
from core.fairsquare import Confirm, FairSquareState, Reorder
from core.imperio import ChooseRole
from core.protocol import Action, State, SubAction
from tests.battle.web.test_battle_app import HOT_SEAT_SETUP
from tests.shell.page_texts import differences
from webapp.battle.page import BattleView
from webapp.buttonmen.page import ButtonMenView
from webapp.fairsquare.page import FairSquareView
from webapp.imperio.page import ImperioView
from webapp.shell.game_page import GamePage, GameView
from webapp.shell.session import HUMAN

RECIPES = ["(4) (6/12) (10) (X) +(8)", "(4) (8) (12) (Y) (Z)"]
"""Player 1 has an auxiliary die, an option die and a swing die; player 2 two swing dice."""


@pytest.fixture(autouse=True)
def fixed_openings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page opens on the same game before it loads a world (a random opening would differ)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 12345)


def play(state: State, *moves: tuple[Action | str, int | None]) -> State:
    """``state`` after ``moves``: actions, or the words of a legal action (``str(action)``)."""
    for move, actor in moves:
        if isinstance(move, str):
            move = next(a for a in state.legal_actions(actor) if str(a) == move)
        state = state.apply(move, actor)
    return state


def opened(view: GameView, state: State, seats: Sequence[str]) -> GamePage:
    """A page showing the game of ``state`` with ``seats`` (no bot is started)."""
    page = GamePage(view)
    page.session.scheduler = None
    page.session.load(state.to_record(), seats)
    return page


def same_for(one: GamePage, other: GamePage, why: str) -> None:
    assert differences(one, other) == [], why


def same_bot_choice(one: State, other: State, game: core.protocol.Game, seat: int) -> None:
    """The random and the greedy bot playing ``seat`` choose the same action in both worlds."""
    for level in ("random", "greedy"):
        choices = [core.bots.make_bot(game, level, seed=1).choose(state, seat) for state in (one, other)]
        assert choices[0] == choices[1], f"the {level} bot of seat {seat} read the secret"


# --- Button Men ------------------------------------------------------------------------------------

BUTTON_MEN = core.get_game("button-men")


def button_men(aux: str, option: str, swing: str) -> State:
    """Player 1 has made each secret choice of a round's setup; player 2 is to choose its swing sizes."""
    state = BUTTON_MEN.new(seed=7, recipes=RECIPES)
    return play(state, (aux, 0), ("decline the auxiliary dice", 1), (swing, 0), (option, 0))


BUTTON_MEN_WORLDS = {
    "swing size": ("add the auxiliary dice", "option die 2 = 6 sides", "swing X = 4", "swing X = 5"),
    "option size": ("add the auxiliary dice", "option die 2 = 6 sides", "swing X = 4", "option die 2 = 12 sides"),
    "auxiliary": ("add the auxiliary dice", "option die 2 = 6 sides", "swing X = 4", "decline the auxiliary dice"),
}


def button_men_pair(kind: str) -> tuple[State, State]:
    aux, option, swing, changed = BUTTON_MEN_WORLDS[kind]
    one = button_men(aux, option, swing)
    if changed.startswith("swing"):
        other = button_men(aux, option, changed)
    elif changed.startswith("option"):
        other = button_men(aux, changed, swing)
    else:
        other = button_men(changed, option, swing)
    return one, other


@pytest.mark.parametrize("kind", BUTTON_MEN_WORLDS)
def test_button_men_hides_each_secret_setup_choice_from_the_other_player(kind: str) -> None:
    one, other = button_men_pair(kind)
    assert one.to_move == 1 and one != other
    pages = [opened(ButtonMenView, state, [HUMAN, HUMAN]) for state in (one, other)]
    same_for(*pages, why="hot-seat, behind the curtain")
    for page in pages:
        page.view.take_device()  # type: ignore[attr-defined]
    same_for(*pages, why="hot-seat, player 2 holds the device")
    same_for(*(opened(ButtonMenView, state, ["greedy", HUMAN]) for state in (one, other)),
             why="player 2 plays the bot that chose")
    same_bot_choice(one, other, BUTTON_MEN, 1)


# --- ButtonMen Battle -------------------------------------------------------------------------------

BATTLE = core.get_game("buttonmen-battle")


def battle(size: int) -> CampaignState:
    """Ann's Avis attacks Bob's Coil; in that battle Ann has chosen swing X = ``size`` in secret."""
    state = BATTLE.new(seed=3, players=4, setup=HOT_SEAT_SETUP)
    board = state.board
    state = play(state, (BattleAttack(board.index("antwerp"), board.index("limburg")), 0), (Pass(), 1))
    for player in (2, 3):
        state = state.apply(state.legal_actions(player)[0], player)
    state = state.apply(SubAction(0, ChooseSwing("X", size)), 0)
    assert isinstance(state, CampaignState) and state.phase == "battles"
    return state


def test_a_battle_match_hides_its_secret_swing_from_the_opponent_and_everybody_outside() -> None:
    one, other = battle(4), battle(5)
    pages = [opened(BattleView, state, [HUMAN] * 4) for state in (one, other)]
    same_for(*pages, why="four people at one screen")
    for page in pages:
        page.view.match.take_device()  # type: ignore[attr-defined]
    same_for(*pages, why="Bob holds the device for his secret choice")
    for outsider in (1, 2):
        seats = ["greedy"] * 4
        seats[outsider] = HUMAN
        pages = [opened(BattleView, state, seats) for state in (one, other)]
        same_for(*pages, why=f"the one person plays seat {outsider}")
        for page in pages:
            page.view.match.show_battle(0)  # type: ignore[attr-defined]
        same_for(*pages, why=f"the one person plays seat {outsider} and looks at the battle")
    for seat in sorted(one.actors - {0}):
        same_bot_choice(one, other, BATTLE, seat)
    assert differences(*(opened(BattleView, state, [HUMAN, *["greedy"] * 3]) for state in (one, other))), \
        "Ann sees her own choice"


# --- Imperio Bellum ---------------------------------------------------------------------------------

IMPERIO = core.get_game("imperio-bellum")


def imperio(unit: str) -> State:
    """Blue (player 2) has deployed, kept one ``unit`` in its hidden reserve and handed over to Red."""
    state = play(IMPERIO.new(seed=5, setup="deploy", public_reserves=False), (ChooseRole("attacker"), 0))
    while state.phase == "deploy":
        moves = state.legal_actions()
        state = state.apply(next((a for a in moves if str(a) == "ready"), moves[1]))
    return play(state, (f"reserve +{unit}", 1), ("ready", 1))


def test_imperio_hides_a_reserve_make_up_from_the_other_side() -> None:
    one, other = imperio("K"), imperio("A")
    assert one.to_move == 0
    same_for(*(opened(ImperioView, state, [HUMAN, HUMAN]) for state in (one, other)),
             why="two at one screen, Red to set up")
    same_for(*(opened(ImperioView, state, [HUMAN, "greedy"]) for state in (one, other)),
             why="Red plays against the bot that chose")
    same_bot_choice(one, other, IMPERIO, 0)
    assert differences(*(opened(ImperioView, state, ["greedy", HUMAN]) for state in (one, other))), \
        "Blue sees its own reserve"


# --- Fair and Square ---------------------------------------------------------------------------------

FAIR_SQUARE = core.get_game("fair-and-square")
CONFIRM = Confirm()


def fair_square(first: int, letters: str = "") -> FairSquareState:
    """Player 1 placed its four pieces (its ``first``-th legal placement first), spent a garnet on re-ordering
    the Sprinter's moves to ``letters`` (if given) and confirmed; the others are to place."""
    state = FAIR_SQUARE.new(seed=5, single_board=True, players_per_board=4, garnets="on", starting_garnets=1)
    state = state.apply(state.legal_actions(0)[first], 0)
    while (moves := state.legal_actions(0))[0] != CONFIRM:
        state = state.apply(moves[0], 0)
    if letters:
        state = state.apply(Reorder("Sprinter", letters), 0)
    state = state.apply(CONFIRM, 0)
    assert isinstance(state, FairSquareState) and 0 not in state.actors
    return state


FAIR_SQUARE_WORLDS = {
    "placement": (fair_square(0), fair_square(1)),
    "garnet spending": (fair_square(0, "ABCDEFGH"), fair_square(0, "BACDEFGH")),
}
"""Both garnet worlds take as many actions (bots draw their random stream from the length of the history,
so the count of another player's secret actions would reach them: core/bots.py, reported)."""


@pytest.mark.parametrize("kind", FAIR_SQUARE_WORLDS)
def test_fair_and_square_hides_a_confirmed_placement_until_its_board_is_played(kind: str) -> None:
    one, other = FAIR_SQUARE_WORLDS[kind]
    assert one != other
    pages = [opened(FairSquareView, state, [HUMAN, HUMAN, "greedy", "greedy"]) for state in (one, other)]
    same_for(*pages, why="hot-seat, behind the curtain")
    for page in pages:
        page.view.reveal()  # type: ignore[attr-defined]
    same_for(*pages, why="player 2 holds the device")
    same_for(*(opened(FairSquareView, state, ["greedy", HUMAN, "greedy", "greedy"]) for state in (one, other)),
             why="player 2 alone against the bots")
    for seat in sorted(one.actors):
        same_bot_choice(one, other, FAIR_SQUARE, seat)


def test_the_comparison_reads_the_live_region_the_log_and_the_boards() -> None:
    """A page's own secret differs where its owner looks: the comparison can fail."""
    one, other = button_men_pair("swing size")
    found = "\n".join(differences(*(opened(ButtonMenView, state, [HUMAN, "greedy"]) for state in (one, other))))
    assert "LiveRegion.text" in found



# --- Button Up! and the braille variant ------------------------------------------------------------


@pytest.mark.parametrize("name", ["button-up", "button-man-braille"])
def test_a_game_without_secret_choices_shows_every_seat_the_whole_position(name: str) -> None:
    """Nothing to hide on these pages: every seat's view of every position of a game is the position."""
    game = core.get_game(name)
    state, bot = game.new(seed=3), core.bots.make_bot(game, "random", seed=1)
    for _ in range(60):
        assert all(state.view(seat) == state for seat in range(state.players)), state.describe()
        if state.is_over:
            break
        actor = min(state.actors)
        state = state.apply(bot.choose(state, actor), actor)
