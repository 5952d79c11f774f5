"""Maps as data (section 9, BB-27, BB-28) and the balanced placement (section 2.4, BB-05, BB-06)."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from core.battle import GAME
from core.battle.maps import load_map, map_ids, parse_map
from core.battle.placement import all_cuts, balance, best_cuts, blocks, place
from core.protocol import InputError


def raw(map_id: str) -> dict:
    return json.loads(resources.files("core.battle").joinpath("maps", f"{map_id}.json").read_text(encoding="utf-8"))


def test_shipped_maps_are_the_files() -> None:
    assert map_ids() == ("belgium", "lesotho")


@pytest.mark.parametrize(("map_id", "borders"), [("belgium", 19), ("lesotho", 17)])
def test_ten_territories_and_the_rulebook_border_counts(map_id: str, borders: int) -> None:
    board = load_map(map_id)
    assert board.size == 10
    assert sum(len(n) for n in board.neighbours) == 2 * borders
    assert all(a in board.neighbours[b] for a in range(10) for b in board.neighbours[a])


def test_rulebook_notes_on_lesotho() -> None:
    board = load_map("lesotho")
    assert not board.adjacent(board.index("maseru"), board.index("qachas_nek"))
    assert {board.name_of(n) for n in board.neighbours[board.index("Butha-Buthe")]} == {"Leribe", "Mokhotlong"}
    assert {board.name_of(n) for n in board.neighbours[board.index("quthing")]} == {"Mohale's Hoek", "Qacha's Nek"}


def test_bb27_brussels_is_out_of_play_unless_included() -> None:
    board = load_map("belgium")
    with pytest.raises(InputError):
        board.index("Brussels")
    assert [t.id for t in board.holes] == ["brussels"]
    full = load_map("belgium", True)
    assert full.size == 11
    brussels = full.index("Bruxelles")
    assert {full.name_of(n) for n in full.neighbours[brussels]} == {"Flemish Brabant"}
    state = GAME.new(1, include_brussels=True, neutral_territories="claimable")
    assert state.board.size == state.counted == 11 and state.threshold == 11 // 2 + 1 == 6


@pytest.mark.parametrize(("spelling", "territory"), [
    ("Liege", "liege"), ("Wallon Brabant", "walloon_brabant"), ("Hainault", "hainaut"), ("LUIK", "liege"),
    ("flemish brabant", "flemish_brabant"), ("BE-VAN", "antwerp"), ("Anvers", "antwerp"),
])
def test_bb28_aliases_map_to_canonical_ids(spelling: str, territory: str) -> None:
    board = load_map("belgium")
    assert board.territories[board.index(spelling)].id == territory


@pytest.mark.parametrize(("change", "reason"), [
    (lambda m: m["territories"][0]["borders"].remove("limburg"), "symmetric"),
    (lambda m: m["territories"][0]["borders"].append("atlantis"), "unknown territory"),
    (lambda m: m["territories"][0]["borders"].append(m["territories"][0]["id"]), "borders itself"),
    (lambda m: m["territories"][1].update(id=m["territories"][0]["id"]), "unique"),
    (lambda m: m["territories"][1].update(name=m["territories"][0]["name"]), "used by both"),
    (lambda m: m.update(format="other"), "format"),
    (lambda m: m["territories"][2].update(x=True), "number"),
])
def test_broken_maps_are_refused_clearly(change, reason: str) -> None:
    data = copy.deepcopy(raw("belgium"))
    change(data)
    with pytest.raises(InputError, match=reason):
        parse_map(data)


def test_a_disconnected_map_is_refused() -> None:
    data = copy.deepcopy(raw("lesotho"))
    for t in data["territories"]:
        if t["id"] in ("quthing", "mohales_hoek", "qachas_nek"):
            t["borders"] = [b for b in t["borders"] if b in ("quthing", "mohales_hoek", "qachas_nek")] or t["borders"]
    for t in data["territories"]:
        if t["id"] not in ("quthing", "mohales_hoek", "qachas_nek"):
            t["borders"] = [b for b in t["borders"] if b not in ("quthing", "mohales_hoek", "qachas_nek")]
    with pytest.raises(InputError, match="connected"):
        parse_map(data)


def test_too_many_armies_for_the_map() -> None:
    with pytest.raises(InputError, match="exceed|need more"):
        GAME.new(1, players=5, armies_per_player=3)


def test_every_territory_has_a_drawn_cell() -> None:
    for map_id in map_ids():
        board = load_map(map_id)
        cells = board.polygons()
        assert len(cells) == board.size and all(len(c) >= 3 for c in cells)


# --------------------------------------------------------------------------- placement (2.4)


@pytest.mark.parametrize(("map_id", "spread"), [("belgium", 1), ("lesotho", 2)])
def test_bb05_best_spread_for_five_players_of_two(map_id: str, spread: int) -> None:
    _, cuts, best = best_cuts(load_map(map_id), 5, 2)
    assert best.spread == spread
    assert all(balance(load_map(map_id), c) == best for c in cuts)


def test_belgium_best_cut_has_one_player_bordering_all_four() -> None:
    board = load_map("belgium")
    _, cuts, _ = best_cuts(board, 5, 2)
    for cut in cuts:
        owner = {t: i for i, block in enumerate(cut) for t in block}
        counts = sorted(len({owner[n] for t in block for n in board.neighbours[t]} - {i})
                        for i, block in enumerate(cut))
        assert counts == [3, 3, 3, 3, 4]


def test_placement_prefers_spread_then_variance_then_mean() -> None:
    board = load_map("belgium")
    _, cuts, best = best_cuts(board, 3, 2)
    every = list(all_cuts(blocks(board, 2), 3, 10**6))
    assert len(every) > len(cuts)
    keys = sorted({balance(board, c).key for c in every})
    assert best.key == keys[0]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("map_id", ["belgium", "lesotho"])
def test_bb06_fewer_players_leave_inert_neutral_territories(map_id: str, players: int) -> None:
    state = GAME.new(5, map=map_id, players=players)
    assert len(state.inert) == 10 - 2 * players
    assert state.counted == 2 * players and state.threshold == players + 1
    for t in state.inert:
        assert state.land[t] is None
        for p in range(players):
            assert all(a.target != t for a in state.attacks(p))


def test_placement_is_seeded_and_blocks_are_connected() -> None:
    board = load_map("lesotho")
    assert place(board, 5, 2, 7) == place(board, 5, 2, 7)
    seen = {place(board, 5, 2, s)[1] for s in range(20)}
    assert len(seen) > 1
    for spots in seen:
        for a, b in spots:
            assert board.adjacent(a, b)
