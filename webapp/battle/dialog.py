"""Starting campaigns: the New campaign form (seats, picks, placement) and the moderator's form.

Both build the ``setup`` option with :func:`core.battle.setup.campaign_setup` (random picks from the
eligible pool, the balanced random placement when no territory is given) and start the session on it;
every refusal (an ineligible or twice-picked button, a bad line) is shown next to the form.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import panel as pn

from core.battle import GAME, map_ids
from core.battle.maps import load_map
from core.battle.pool import eligible
from core.battle.setup import campaign_setup, parse_setup_lines
from core.battle.state import CampaignState
from core.protocol import JSON
from core.bots import levels
from webapp.shell.newgame import MoreRulings, StartGuard, deal_number
from webapp.shell.session import HUMAN, GameSession
from webapp.shell.widgets import FOCUS_CSS, button, heading, html

MAX_SEATS, MAX_ARMIES = 5, 3
MORE_RULINGS = ("include_brussels", "unique_buttons", "neutral_territories", "allow_duplicate_matchups",
                "battle_dice", "small_points", "e1_final_tie", "stalemate", "round_cap")
"""The rulings the New campaign form unfolds on request (the others have fields of their own or one value)."""
REPORTED_RULINGS = tuple(name for name in MORE_RULINGS if name not in ("battle_dice", "small_points"))
"""The moderator's: the same, less what only battles played here use."""
BOT_FIRST = "strategist"
RANDOM = "random tournament-legal button (blank)"


def seat_options() -> dict[str, str]:
    """Human, then every bot level (the campaign strategist first)."""
    bots = levels(GAME)
    order = [BOT_FIRST, *(name for name in bots if name != BOT_FIRST)]
    return {"Human": HUMAN, **{f"Bot - {bots[name].label}": name for name in order}}


def pick_list(text: str) -> list[dict[str, JSON]] | None:
    """Edition 2's pick list from lines ``Name`` or ``Name: recipe`` (None when blank)."""
    entries: list[dict[str, JSON]] = []
    for line in text.splitlines():
        name, colon, recipe = line.partition(":")
        if name.strip():
            entries.append({"name": name.strip(), **({"recipe": recipe.strip()} if colon and recipe.strip() else {})})
    return entries or None


def start(session: GameSession[CampaignState], seats: Sequence[str], seed: int | None, options: dict[str, JSON],
          names: Sequence[str], picks: Sequence[Sequence[str | None]],
          territories: Sequence[Sequence[str]] | None) -> None:
    """Start a campaign on these options and players; ValueError says why it cannot start."""
    seed = secrets.randbits(32) if seed is None else seed
    resolved = GAME.resolve_options(options)
    setup = campaign_setup(seed, resolved, names, picks, territories)
    session.new_game(list(seats), seed=seed, **options, setup=setup)


class NewCampaign(pn.viewable.Viewer):
    """Edition, map, 3-5 seats (human or bot level), button picks, placement, the rarer rulings, deal number."""

    def __init__(self, session: GameSession[CampaignState], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.current_seed = html("", margin=(0, 5))
        self.open_button = button("Set up a new campaign", color="primary", variant="outline")
        self.open_button.on_click(lambda _e: self.open())
        self.layout = pn.Column(heading("New campaign"), self.current_seed, self.open_button,
                                sizing_mode="stretch_width")
        session.param.watch(self._sync, ["state"])
        self._sync()

    def open(self) -> None:
        """Show the form (built on first use: its many fields would slow every page load)."""
        if not hasattr(self, "edition"):
            self._build()
        self.open_button.visible = False
        self.form.visible = True

    def _build(self) -> None:
        self.edition = pn.widgets.Select(label="Edition", options={"1: most convincing win": 1,
                                                                     "2: move order, tie-breaks": 2},
                                         value=1, stylesheets=[FOCUS_CSS])
        self.map = pn.widgets.Select(label="Map", options={load_map(m).name: m for m in map_ids()},
                                     value="belgium", stylesheets=[FOCUS_CSS])
        self.players = pn.widgets.Select(label="Players", options=[3, 4, 5], value=4, stylesheets=[FOCUS_CSS])
        self.armies = pn.widgets.Select(label="Armies per player", options=[1, 2, 3], value=2,
                                        stylesheets=[FOCUS_CSS])
        self.source = pn.widgets.Select(label="Battles", options={"played here (Button Men matches)": "engine",
                                                                  "reported (results typed in)": "reported"},
                                        value="engine", stylesheets=[FOCUS_CSS])
        self.wins = pn.widgets.Select(label="Round wins to win a battle", options=[1, 2, 3, 4, 5], value=3,
                                      stylesheets=[FOCUS_CSS])
        self.placement = pn.widgets.Select(label="Placement", options={"balanced random": "balanced",
                                                                       "manual (choose territories)": "manual"},
                                           value="balanced", stylesheets=[FOCUS_CSS])
        self.pick_list = pn.widgets.TextAreaInput(
            label="Edition 2 pick list: one button per line (Name, or Name: recipe); blank: the TL pool",
            value="", height=90, stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.more = MoreRulings([o for o in GAME.options if o.name in MORE_RULINGS],
                                "Show the other rulings (Brussels, neutral lands, dice typed by hand...)")
        self.seed = pn.widgets.TextInput(label="Deal number (blank: random)", value="", stylesheets=[FOCUS_CSS])
        roster = [e.name for e in eligible(GAME.resolve_options({}))]
        territories = {load_map("belgium").territories[0].name: ""}
        self.seat_rows: list[tuple[Any, Any, list[Any], list[Any], pn.Column]] = []
        for i in range(MAX_SEATS):
            default = f"Player {i + 1}" if i == 0 else f"Bot {i + 1}"
            name = pn.widgets.TextInput(label=f"Seat {i + 1} name", value=default,
                                        stylesheets=[FOCUS_CSS], width=150)
            seat = pn.widgets.Select(label=f"Seat {i + 1} player", options=seat_options(),
                                     value=HUMAN if i == 0 else BOT_FIRST, stylesheets=[FOCUS_CSS], width=230)
            picks = [pn.widgets.AutocompleteInput(
                label=f"Seat {i + 1} button {k + 1} (blank: random)", options=roster, value="",
                case_sensitive=False, search_strategy="includes", min_characters=1, restrict=False,
                stylesheets=[FOCUS_CSS], width=190) for k in range(MAX_ARMIES)]
            places = [pn.widgets.Select(label=f"Seat {i + 1} army {k + 1} territory", options=territories,
                                        stylesheets=[FOCUS_CSS], width=190) for k in range(MAX_ARMIES)]
            column = pn.Column(pn.FlexBox(name, seat), pn.FlexBox(*picks), pn.FlexBox(*places),
                               sizing_mode="stretch_width")
            self.seat_rows.append((name, seat, picks, places, column))
        self.guard = StartGuard(self.session)
        self.error = self.guard.error
        self.start_button = button("Start new campaign", color="primary")
        self.start_button.on_click(lambda _e: self.start())
        for widget in (self.edition, self.map, self.players, self.armies, self.placement,
                       self.more.fields["include_brussels"]):
            widget.param.watch(self._show, ["value"])
        self.form = pn.Column(
            pn.FlexBox(self.edition, self.map, self.players, self.armies),
            pn.FlexBox(self.source, self.wins, self.placement), self.more, self.pick_list,
            *(row[-1] for row in self.seat_rows), self.seed, self.start_button, self.guard,
            sizing_mode="stretch_width")
        self.layout.append(self.form)
        self._show()

    def _show(self, *_: Any) -> None:
        board = load_map(str(self.map.value), bool(self.more.fields["include_brussels"].value))
        places = {t.name: t.id for t in board.territories}
        manual = self.placement.value == "manual"
        for i, (_name, _seat, picks, spots, column) in enumerate(self.seat_rows):
            column.visible = i < int(self.players.value)
            for k, (pick, spot) in enumerate(zip(picks, spots, strict=True)):
                pick.visible = k < int(self.armies.value)
                spot.visible = manual and k < int(self.armies.value)
                if spot.options != places:
                    spot.options = places
                    spot.value = board.territories[(2 * i + k) % board.size].id
        self.pick_list.visible = self.edition.value == 2

    def _sync(self, *_: Any) -> None:
        state = self.session.state
        self.current_seed.object = (f"<p style='margin:0.2em 0'>Deal number of the current campaign: "
                                    f"<strong>{state.seed}</strong></p>")

    def values(self) -> tuple[list[str], int | None, dict[str, JSON], list[str], list[list[str | None]],
                              list[list[str]] | None]:
        count, per = int(self.players.value), int(self.armies.value)
        rows = self.seat_rows[:count]
        options: dict[str, JSON] = {**self.more.values(), "edition": int(self.edition.value),
                                    "map": str(self.map.value), "armies_per_player": per,
                                    "battle_source": str(self.source.value), "battle_max_wins": int(self.wins.value)}
        listed = pick_list(self.pick_list.value or "") if self.edition.value == 2 else None
        if listed:
            options["pick_list"] = listed
        names = [row[0].value.strip() or f"Player {i + 1}" for i, row in enumerate(rows)]
        picks: list[list[str | None]] = [[p.value or None for p in row[2][:per]] for row in rows]
        places = [[str(s.value) for s in row[3][:per]] for row in rows] if self.placement.value == "manual" else None
        return [row[1].value for row in rows], deal_number(self.seed.value), options, names, picks, places

    def start(self) -> None:
        """Start the campaign the form describes, or say why it cannot start."""
        self.guard.start(lambda: start(self.session, *self.values()))

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout


class ModeratorForm(pn.viewable.Viewer):
    """A forum campaign: players, armies and territories typed in; reported battles; the moderator enters all."""

    def __init__(self, session: GameSession[CampaignState], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.edition = pn.widgets.Select(label="Moderated edition", options={"1": 1, "2": 2}, value=2,
                                         stylesheets=[FOCUS_CSS])
        self.map = pn.widgets.Select(label="Moderated map", options={load_map(m).name: m for m in map_ids()},
                                     value="lesotho", stylesheets=[FOCUS_CSS])
        self.players = pn.widgets.TextAreaInput(
            label="Players, one per line: Name: Button @ Territory, Button @ Territory (leave out every "
                  "'@ Territory' for the balanced random placement)", value="", height=130,
            stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.order = pn.widgets.TextInput(label="Edition 2 round-1 move order: names, comma-separated "
                                                "(blank: random)", value="", stylesheets=[FOCUS_CSS],
                                          sizing_mode="stretch_width")
        self.more = MoreRulings([o for o in GAME.options if o.name in REPORTED_RULINGS],
                                "Show the moderated campaign's other rulings (Brussels, neutral lands...)")
        self.seed = pn.widgets.TextInput(label="Moderated deal number (blank: random)", value="",
                                         stylesheets=[FOCUS_CSS])
        self.start_button = button("Start moderated campaign", color="primary")
        self.start_button.on_click(lambda _e: self.start())
        self.guard = StartGuard(self.session)
        self.error = self.guard.error
        self.layout = pn.Column(
            heading("A forum campaign"),
            html("<p class='rb-help' style='margin:0.2em 0'>For campaigns played on a forum: enter the players "
                 "and their starting territories, then each round every player's order (click on the map, or "
                 "the move list) and each reported result. Every entry is checked as the record replay checks "
                 "it; the map and the counts follow, and the Export panel gives the record and a forum post.</p>"),
            pn.FlexBox(self.edition, self.map), self.players, self.order, self.more, self.seed, self.start_button,
            self.guard, sizing_mode="stretch_width")

    def start(self) -> None:
        """Start the moderated campaign, or say why it cannot start."""
        self.guard.start(self._begin)

    def _begin(self) -> None:
        names, buttons, places = parse_setup_lines(self.players.value or "")
        per = len(buttons[0])
        if any(len(row) != per for row in buttons):
            raise ValueError("every player needs the same number of armies")
        options: dict[str, JSON] = {**self.more.values(), "edition": int(self.edition.value),
                                    "map": str(self.map.value), "armies_per_player": per,
                                    "battle_source": "reported"}
        order = [n.strip() for n in (self.order.value or "").split(",") if n.strip()]
        if order and options["edition"] == 2:
            options["move_order"] = order
        picks: list[list[str | None]] = [list(row) for row in buttons]
        start(self.session, [HUMAN] * len(names), deal_number(self.seed.value), options, names, picks, places)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout
