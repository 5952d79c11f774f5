"""A campaign's view holds no secret swing or option size its viewer may not know (issue 23).

Two worlds that differ only in one secret choice of a Button Men battle must read the same for every
campaign player but the one who chose: the other side of the battle before the reveal, and every
player outside it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import core
from core import rng
from core.battle import GAME, round_summary
from core.battle.render import battle_line
from core.battle.state import CampaignState
from core.battle.summary import lands_by_round, round_sentences
from core.buttonmen import ButtonMenState, ChooseOption, ChooseSwing
from core.buttonmen.position import SECRET_PHASES
from core.protocol import CHANCE, SubAction

MATCH_GAME = core.get_game("button-men")
SECRET_KINDS = (ChooseSwing, ChooseOption)


def campaign(seed: int) -> CampaignState:
    """Three players with two random TL buttons each; battles decided in a single Button Men round."""
    state = GAME.new(seed, players=3, battle_max_wins=1, neutral_territories="claimable")
    assert isinstance(state, CampaignState)
    return state


def texts(state: CampaignState, viewer: int) -> list[str]:
    """Every text a page may draw from ``state.view(viewer)``: the campaign's and each battle's."""
    view = state.view(viewer)
    found = [state.describe(viewer), state.svg(viewer), GAME.describe(view, viewer), GAME.svg(view, viewer)]
    found += [battle_line(view, i, b) for i, b in enumerate(view.battles)]
    for number in range(1, len(view.past) + 1):
        found += [round_summary(view, number), round_summary(view, number, "bbcode"),
                  *round_sentences(view, number)]
    found.append(repr(lands_by_round(view)))
    for match in view.matches:
        if match is not None:
            assert isinstance(match, ButtonMenState)
            found += [repr((match.chosen, match.aux, match.recipes, match.phase))]
            for seat in (None, 0, 1):
                found += [MATCH_GAME.describe(match, seat), MATCH_GAME.svg(match, seat)]
    return found


def forks(seed: int, limit: int = 6) -> Iterator[tuple[CampaignState, int, CampaignState, CampaignState]]:
    """Random campaign play; at each secret choice with two sizes that stays secret (the other side has
    not chosen yet), the state, the chooser and the two worlds."""
    state, stream, found = campaign(seed), rng.seed_stream(seed), 0
    while not state.is_over and found < limit and len(state.history) < 3000:
        actor = min(state.actors)
        actions = state.legal_actions(actor)
        secret = [a for a in actions if isinstance(a, SubAction) and isinstance(a.action, SECRET_KINDS)]
        if actor != CHANCE and len(secret) >= 2:
            first, second = state.apply(secret[0], actor), state.apply(secret[-1], actor)
            if first.matches[secret[0].game].phase in SECRET_PHASES:   # still secret: not yet revealed
                found += 1
                yield state, actor, first, second
        stream, action = rng.choice(stream, actions)
        state = state.apply(action, actor)


@pytest.mark.parametrize("seed", [1, 2, 4, 5])
def test_no_viewer_but_the_chooser_tells_two_secret_choices_apart(seed: int) -> None:
    checked = 0
    for before, chooser, first, second in forks(seed):
        assert first.describe(None) != second.describe(None) or first.view(None) != second.view(None)
        for viewer in range(len(before.names)):
            if viewer == chooser:
                continue
            differences = [(a, b) for a, b in zip(texts(first, viewer), texts(second, viewer), strict=True) if a != b]
            assert differences == [], f"{before.names[viewer]} learns {before.names[chooser]}'s secret"
            checked += 1
    assert checked >= 4


def test_a_player_outside_the_battle_sees_neither_sides_secret_sizes() -> None:
    before, chooser, first, _ = next(forks(1))
    battle = next(i for i, b in enumerate(before.battles) if chooser in b.players)
    outsider = next(p for p in range(3) if p not in before.battles[battle].players)
    seat = before.battles[battle].players.index(chooser)
    chosen = first.matches[battle].chosen[seat]
    assert chosen and all(size > 0 for _, size in chosen)
    assert all(size == 0 for _, size in first.view(outsider).matches[battle].chosen[seat])
    assert first.view(chooser).matches[battle].chosen[seat] == chosen      # the chooser knows
    assert first.view(None).matches[battle].chosen[seat] == chosen         # None sees all (the protocol's)


def test_a_bot_outside_the_battle_imagines_both_sides_secret_sizes() -> None:
    before, chooser, first, _ = next(forks(2))
    battle = next(i for i, b in enumerate(before.battles) if chooser in b.players)
    outsider = next(p for p in range(3) if p not in before.battles[battle].players)
    imagined = first.determinize(outsider, rng.seed_stream(9)).matches[battle]
    assert all(size > 0 for side in imagined.chosen for _, size in side)
