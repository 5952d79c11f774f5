"""View-model of the Battle page: what the map draws and what the page offers, from a state alone.

No Panel and no Bokeh here, and no rules: owners, pending and neutral territories, battles,
captures and legal orders all come from :class:`core.battle.CampaignState`; these functions only
arrange them for the map (:mod:`webapp.battle.map_board`) and the page's words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from core.battle import Attack, Choose, Pass, ReportResult
from core.battle.model import Battle
from core.battle.render import battle_line
from core.battle.state import CampaignState
from core.buttonmen import ButtonMenState
from core.protocol import Action, SubAction
from webapp.buttonmen.model import action_label as match_action_label
from webapp.shell.geometry import region_at

NEUTRAL, PENDING_FILL, PENDING_HATCH, HOLE = "#c8c8c8", "#eeeeee", "#333333", "#9a9a9a"
BORDER, SELECTED, TARGET, CAPTURED = "#ffffff", "#0b3d91", "#0b3d91", "#ffb300"
X_RANGE, Y_RANGE = (-3.0, 103.0), (-3.0, 103.0)
PIXELS_PER_UNIT = 5.0
"""The map's scale: 530 px square, so that at 1280x800 the first order button is above the fold even under a
two-line page header (the roster page's link made the header wrap)."""
ARROW_TRIM = 6.0
"""How far (map units) an order arrow stops short of the territories' centres."""


@dataclass(frozen=True)
class MapPicture:
    """Column data for every layer of the map."""

    regions: dict[str, list[Any]]
    holes: dict[str, list[Any]]
    names: dict[str, list[Any]]
    arrows: dict[str, list[Any]]


def fill_of(state: CampaignState, territory: int) -> str:
    """A territory's fill: its owner's colour, light grey when pending, grey when neutral."""
    if state.is_pending(territory):
        return PENDING_FILL
    owner = state.land[territory]
    return NEUTRAL if owner is None else state.colours[owner]


def owner_words(state: CampaignState, territory: int) -> str:
    """Who holds a territory, in words (``pending``, ``neutral`` or the player and button)."""
    if state.is_pending(territory):
        return "pending"
    owner = state.land[territory]
    if owner is None:
        return "neutral"
    army = state.holder[territory]
    return state.names[owner] + ("" if army is None else f" ({state.buttons[army]})")


def resolved_stakes(state: CampaignState) -> dict[int, str]:
    """This round's decided stakes (battles phase) or last round's captures: territory -> the winner's colour."""
    marked: dict[int, str] = {}
    if state.phase == "battles":
        for battle in state.battles:
            stake, result = battle.stake, battle.result
            if stake is not None and result is not None and result.winner is not None:
                player = battle.players[result.winner]
                marked[stake] = state.colours[player] if player is not None else CAPTURED
    elif state.past and state.phase in ("orders", "over"):
        for territory, _old, new in state.past[-1].captures:
            marked[territory] = CAPTURED if new is None else state.colours[new]
    return marked


def shown_battles(state: CampaignState) -> tuple[Battle, ...]:
    """The battles the map draws as arrows: this round's, or the last round's once it is over."""
    if state.battles or not state.past:
        return state.battles
    return state.past[-1].battles if state.phase == "over" else ()


def picture(state: CampaignState, origin: int | None = None, targets: tuple[int, ...] = ()) -> MapPicture:
    """The map of ``state``: owners, the picked ``origin`` and its legal ``targets``, orders and stakes."""
    board = state.board
    stakes = resolved_stakes(state)
    regions: dict[str, list[Any]] = {k: [] for k in (
        "xs", "ys", "fill", "hatch", "line", "width", "dash", "name", "owner")}
    for t, polygon in enumerate(board.polygons()):
        regions["xs"].append([x for x, _ in polygon])
        regions["ys"].append([y for _, y in polygon])
        regions["fill"].append(fill_of(state, t))
        regions["hatch"].append("/" if state.is_pending(t) else " ")
        line, width, dash = BORDER, 2.0, "solid"
        if t == origin:
            line, width = SELECTED, 6.0
        elif t in targets:
            line, width, dash = TARGET, 4.0, "dashed"
        elif t in stakes:
            line, width = stakes[t], 6.0
        regions["line"].append(line)
        regions["width"].append(width)
        regions["dash"].append(dash)
        regions["name"].append(board.name_of(t))
        regions["owner"].append(owner_words(state, t))
    holes: dict[str, list[Any]] = {"xs": [], "ys": []}
    for polygon in board.hole_polygons():
        holes["xs"].append([x for x, _ in polygon])
        holes["ys"].append([y for _, y in polygon])
    names: dict[str, list[Any]] = {k: [] for k in ("x", "y", "text", "size", "style")}
    for t, territory in enumerate(board.territories):
        names["x"].append(territory.x)
        names["y"].append(territory.y + 2.5)
        names["text"].append(territory.name)
        names["size"].append("12px")
        names["style"].append("normal")
        army = state.holder[t]
        label = state.buttons[army] if army is not None and state.land[t] is not None else (
            "pending" if state.is_pending(t) else "")
        if label:
            names["x"].append(territory.x)
            names["y"].append(territory.y - 2.5)
            names["text"].append(label)
            names["size"].append("13px")
            names["style"].append("bold")
    return MapPicture(regions, holes, names, arrows(state))


def arrows(state: CampaignState) -> dict[str, list[Any]]:
    """One arrow per order of the shown battles, origin to target, in the attacker's colour."""
    board = state.board
    data: dict[str, list[Any]] = {k: [] for k in ("x0", "y0", "x1", "y1", "colour", "dash")}
    for battle in shown_battles(state):
        if battle.origin is None:
            continue
        a, b = board.territories[battle.origin], board.territories[battle.target]
        dx, dy = b.x - a.x, b.y - a.y
        length = math.hypot(dx, dy) or 1.0
        trim = min(ARROW_TRIM, length / 3)
        data["x0"].append(a.x + dx / length * trim)
        data["y0"].append(a.y + dy / length * trim)
        data["x1"].append(b.x - dx / length * trim)
        data["y1"].append(b.y - dy / length * trim)
        data["colour"].append("#111111")
        data["dash"].append("solid" if battle.result is None else "dashed")
    return data


def territory_at(state: CampaignState, x: float, y: float) -> int | None:
    """The territory under a map point, or None."""
    regions = {str(t): polygon for t, polygon in enumerate(state.board.polygons())}
    found = region_at(x, y, regions)
    return None if found is None else int(found)


def centre_pixels(state: CampaignState, territory: int) -> tuple[float, float]:
    """Where a territory's inside point (its node) is, in pixels from the map's top-left corner (for tests)."""
    t = state.board.territories[territory]
    width = (X_RANGE[1] - X_RANGE[0]) * PIXELS_PER_UNIT
    height = (Y_RANGE[1] - Y_RANGE[0]) * PIXELS_PER_UNIT
    return ((t.x - X_RANGE[0]) / (X_RANGE[1] - X_RANGE[0]) * width,
            (Y_RANGE[1] - t.y) / (Y_RANGE[1] - Y_RANGE[0]) * height)


# --- words ------------------------------------------------------------------------------------


def action_label(state: CampaignState, action: Action) -> str:
    """A legal action in the page's words."""
    board = state.board
    if isinstance(action, Attack):
        mine, theirs = state.holder[action.origin], state.holder[action.target]
        who = "" if theirs is None else f" ({state.buttons[theirs]})"
        me = "" if mine is None else f" ({state.buttons[mine]})"
        return f"{board.name_of(action.origin)}{me} attacks {board.name_of(action.target)}{who}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Choose):
        return f"{state.buttons[action.army]} takes {board.name_of(action.territory)}"
    if isinstance(action, ReportResult):
        battle = state.battles[action.battle]
        army = battle.armies[action.winner]
        won = "nobody" if army is None else state.buttons[army]
        small = "" if action.small_points is None else f", small points {action.small_points:+d}"
        return f"Battle {action.battle + 1}: {won} wins {action.score}{small}"
    if isinstance(action, SubAction):
        match = state.matches[action.game] if action.game < len(state.matches) else None
        inner = match_action_label(match, action.action) if isinstance(match, ButtonMenState) else str(action.action)
        return f"Battle {action.game + 1}: {inner}"
    text = str(action)
    return text[:1].upper() + text[1:]


def battle_rows(state: CampaignState) -> list[tuple[int, str, str]]:
    """This round's battles: (index, the battle in words, its status)."""
    rows = []
    for index, battle in enumerate(state.battles):
        line = battle_line(state, index, battle).partition(": ")[2]
        head, _, status = line.partition(" - ")
        match = state.matches[index] if index < len(state.matches) else None
        if battle.result is None and isinstance(match, ButtonMenState) and not match.is_over:
            first, second = match.scores
            status = f"playing: round wins {first:.0f}-{second:.0f}"
        elif battle.result is None:
            status = "waiting for its result" if state.phase == "battles" else "starts after the orders"
        rows.append((index, head[:1].upper() + head[1:], status or "done"))
    return rows


def open_battles(state: CampaignState) -> list[int]:
    """The battles of the battles phase still without a result."""
    if state.phase != "battles":
        return []
    return [i for i, b in enumerate(state.battles) if b.result is None]


def battle_seat(state: CampaignState, index: int, player: int) -> int | None:
    """The seat (0 attacker, 1 defender) ``player`` plays in battle ``index``, or None."""
    players = state.battles[index].players
    return players.index(player) if player in players else None


def isolate(text: str, names: Iterable[str]) -> str:
    """``text`` html-escaped, with every player or button name in it inside ``<bdi>`` (typed names may be RTL)."""
    wanted = sorted({escape(n) for n in names if n.strip()}, key=len, reverse=True)
    safe = escape(text)
    if not wanted:
        return safe
    pattern = re.compile("|".join(re.escape(n) for n in wanted))
    return pattern.sub(lambda found: f"<bdi>{found.group(0)}</bdi>", safe)


def state_names(state: CampaignState) -> tuple[str, ...]:
    """Every name a user may have typed: players and buttons."""
    return (*state.names, *state.buttons)
