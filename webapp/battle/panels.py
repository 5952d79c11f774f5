"""The Battle page's side panels: legend, land counts and their chart, round history, save/open, export."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from html import escape
from typing import Any

import panel as pn
from bokeh.core.properties import field
from bokeh.models import ColumnDataSource, Range1d, SingleIntervalTicker
from bokeh.models.renderers import GlyphRenderer
from bokeh.models.annotations import Legend, LegendItem
from bokeh.plotting import figure

from core.battle import load_record, round_summary, write_record
from core.battle.record import RECORD_FORMAT
from core.battle.state import CampaignState
from core.battle.summary import lands_by_round, round_sentences
from core.protocol import InputError
from webapp.battle.model import NEUTRAL, PENDING_FILL, isolate, state_names
from webapp.shell.boards import update_bokeh
from webapp.shell.geometry import LEAST_FONT
from webapp.battle.map_board import MapBoard
from webapp.shell.game_page import GamePage
from webapp.shell.links import MAX_DEPTH, depth
from webapp.shell.newgame import StartGuard
from webapp.shell.session import HUMAN, GameSession, seat_label
from webapp.shell.widgets import FOCUS_CSS, button, heading, html

MAX_FILE_BYTES = 4_000_000


def _swatch(colour: str, pattern: bool = False) -> str:
    hatch = ("background-image:repeating-linear-gradient(45deg,#333 0 2px,transparent 2px 6px);"
             if pattern else "")
    return (f"<span aria-hidden='true' style='display:inline-block;width:1em;height:1em;vertical-align:-0.15em;"
            f"background:{colour};{hatch}border:1px solid #333;margin-right:0.3em'></span>")


def legend_html(state: CampaignState) -> str:
    """Whose colour is whose, and how pending and neutral territories look."""
    items = [f"{_swatch(state.colours[p])}<bdi>{escape(name)}</bdi>" for p, name in enumerate(state.names)]
    items += [f"{_swatch(PENDING_FILL, True)}pending", f"{_swatch(NEUTRAL)}neutral"]
    return ("<p style='margin:0.2em 0' aria-label='Map legend'>"
            + " &nbsp; ".join(f"<span style='white-space:nowrap'>{i}</span>" for i in items) + "</p>")


def lands_html(state: CampaignState, seats: Sequence[str]) -> str:
    """The land counts table, with each player's seat, and the ranking once the campaign is over."""
    game = state.game
    rows = []
    for p in (state.ranking if state.is_over else range(len(state.names))):
        out = state.eliminated[p]
        note = "winner" if state.victor == p else (f"eliminated in round {out}" if out is not None else "")
        seat = seat_label(game, seats[p]) if p < len(seats) else ""
        rows.append(f"<tr><th scope='row' style='text-align:left;padding-right:0.8em'>{_swatch(state.colours[p])}"
                    f"<bdi>{escape(state.names[p])}</bdi> ({escape(seat)})</th>"
                    f"<td style='text-align:center'>{state.lands(p)}</td><td>{escape(note)}</td></tr>")
    caption = "Final ranking" if state.is_over else "Lands now"
    whole = "white-space:nowrap;word-break:normal;overflow-wrap:normal"  # never "Land s" in a narrow column
    return (f"<table style='border-collapse:collapse' aria-label='{caption}'><caption style='text-align:left'>"
            f"<strong>{caption}</strong> (victory: {state.threshold} of {state.counted})</caption><thead><tr>"
            f"<th scope='col' style='text-align:left;{whole}'>Player</th><th scope='col' style='{whole}'>Lands</th>"
            f"<th scope='col' style='{whole}'>Status</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def history_html(state: CampaignState) -> str:
    """Every finished round in words, newest first."""
    if not state.past:
        return "<p style='margin:0'>No round finished yet.</p>"
    parts = []
    names = state_names(state)
    for number in range(len(state.past), 0, -1):
        items = "".join(f"<li>{isolate(line, names)}</li>" for line in round_sentences(state, number))
        parts.append(f"<h4 style='margin:0.3em 0 0 0'>Round {number}</h4><ul style='margin:0.1em 0'>{items}</ul>")
    return ("<div tabindex='0' role='region' aria-label='Round history, newest first' style='max-height:20em;"
            "overflow:auto;border:1px solid #767676;border-radius:4px;padding:0.4em;background:#fff;color:#111'>"
            + "".join(parts) + "</div>")


class LandChart(pn.viewable.Viewer):
    """Lands per player after every round (round 0: the start), one line per player."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.lines = ColumnDataSource(data={"xs": [], "ys": [], "colour": [], "name": []})
        self.dots = ColumnDataSource(data={"x": [], "y": [], "colour": []})
        self.x_range, self.y_range = Range1d(start=0, end=1), Range1d(start=0, end=6)
        fig = figure(width=440, height=220, toolbar_location=None, tools="", title="Lands per round",
                     x_axis_label="round (0: the start)", y_axis_label="lands",
                     x_range=self.x_range, y_range=self.y_range)
        lines: GlyphRenderer[Any] = fig.multi_line("xs", "ys", source=self.lines, line_color="colour", line_width=3)
        fig.scatter("x", "y", source=self.dots, fill_color="colour", line_color="colour", size=7)
        legend = Legend(location="top_left", label_text_font_size=f"{LEAST_FONT}px")
        legend.update(items=[LegendItem(label=field("name"), renderers=[lines])])
        fig.add_layout(legend, "right")
        fig.xaxis[0].update(ticker=SingleIntervalTicker(interval=1))
        fig.axis.major_label_text_font_size = f"{LEAST_FONT}px"
        self.figure = fig
        self.pane = pn.pane.Bokeh(fig, margin=(0, 5))

    def show_campaign(self, state: CampaignState) -> None:
        counts = lands_by_round(state)
        rounds = list(range(len(counts)))
        players = range(len(state.names))
        lines = {"xs": [rounds for _ in players], "ys": [[row[p] for row in counts] for p in players],
                 "colour": list(state.colours), "name": list(state.names)}
        dots = {"x": [r for _ in players for r in rounds], "y": [row[p] for p in players for row in counts],
                "colour": [state.colours[p] for p in players for _ in rounds]}

        def apply() -> None:
            self.lines.data = lines
            self.dots.data = dots
            self.x_range.end = max(1, len(counts) - 1)
            self.y_range.end = max(state.threshold, *(max(row) for row in counts)) + 0.5

        update_bokeh(apply)

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pane


def read_campaign(data: bytes, rounds: int | None = None) -> tuple[dict[str, Any], list[str] | None]:
    """A saved campaign (``{record, seats}``) or a section-10 record (after ``rounds`` rounds, None: all)
    from a file; InputError says why not."""
    if len(data) > MAX_FILE_BYTES:
        raise InputError("the file", f"is larger than {MAX_FILE_BYTES:,} bytes")
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InputError("the file", "is not a JSON file") from None
    if depth(parsed) > MAX_DEPTH:
        raise InputError("the file", "nests too deeply")
    if isinstance(parsed, dict) and parsed.get("format") == RECORD_FORMAT:
        state = load_record(parsed, rounds).state
        return state.to_record(), None
    if isinstance(parsed, dict) and isinstance(parsed.get("record"), dict) and isinstance(parsed.get("seats"), list):
        return parsed["record"], [str(s) for s in parsed["seats"]]
    raise InputError("the file", "is neither a saved campaign nor a ButtonMen Battle record")


class SaveLoad(pn.viewable.Viewer):
    """Save the campaign to a file, or open a saved campaign or a forum record."""

    def __init__(self, page: GamePage[CampaignState, MapBoard], **params: Any) -> None:
        super().__init__(**params)
        self.page = page
        self.download = pn.widgets.FileDownload(callback=self._saved, filename="buttonmen-battle.json",
                                                label="Save the campaign (file)", color="primary",
                                                stylesheets=[FOCUS_CSS])
        self.upload = pn.widgets.FileInput(accept=".json", stylesheets=[FOCUS_CSS], label="Open a campaign file")
        self.at_round = pn.widgets.TextInput(label="A record opens after round (blank: every round)", value="",
                                             stylesheets=[FOCUS_CSS])
        self.open_button = button("Open the chosen file", color="primary", variant="outline")
        self.open_button.on_click(lambda _e: self.open_file())
        self.problem = html("")
        self.guard = StartGuard(page.session, failed="Cannot open")
        self.layout = pn.Column(heading("Save or open", 3), self.download,
                                html("<p style='margin:0.2em 0'>Open a saved campaign or a campaign record "
                                     "(.json):</p>"), self.upload, self.at_round, self.open_button, self.problem,
                                self.guard, sizing_mode="stretch_width")

    def _saved(self) -> io.StringIO:
        session = self.page.session
        return io.StringIO(json.dumps({"record": session.public_record, "seats": session.seats}))

    def open_file(self) -> None:
        """Open the chosen file (asking first over a campaign in progress); a bad file changes nothing and says why."""
        data = self.upload.value
        if not isinstance(data, bytes):
            self.problem.object = "<p role='alert' style='color:#a00000'>Choose a file first.</p>"
            return
        typed = (self.at_round.value or "").strip()
        if typed and not (typed.isdigit() and len(typed) <= 4):
            self.problem.object = "<p role='alert' style='color:#a00000'>The round must be a whole number.</p>"
            return
        try:
            record, seats = read_campaign(data, int(typed) if typed else None)
        except ValueError as problem:
            self.problem.object = f"<p role='alert' style='color:#a00000'>Cannot open: {escape(str(problem))}</p>"
            return
        self.problem.object = ""
        session = self.page.session
        self.guard.start(lambda: session.load(record, seats or [HUMAN] * len(_players(record))))

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout


def _players(record: dict[str, Any]) -> list[Any]:
    setup = record.get("options", {}).get("setup") if isinstance(record.get("options"), dict) else None
    return list(setup) if isinstance(setup, list) else [None] * 5


class Export(pn.viewable.Viewer):
    """The campaign record (section 10) and a forum post of a finished round, in Markdown and BBCode."""

    def __init__(self, session: GameSession[CampaignState], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.round = pn.widgets.Select(label="Round to post", options={}, stylesheets=[FOCUS_CSS], width=200)
        self.round.param.watch(lambda _e: self._post(), ["value"])
        self.markdown = pn.widgets.TextAreaInput(label="Forum post (Markdown)", value="", height=160,
                                                 stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.bbcode = pn.widgets.TextAreaInput(label="Forum post (BBCode)", value="", height=160,
                                               stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.record = pn.widgets.FileDownload(callback=self._record, filename="buttonmen-battle-record.json",
                                              label="Export the campaign record", color="primary",
                                              stylesheets=[FOCUS_CSS])
        self.layout = pn.Column(heading("Export", 3), self.record, self.round, self.markdown, self.bbcode,
                                sizing_mode="stretch_width")

    @property
    def state(self) -> CampaignState:
        return self.session.state

    def _record(self) -> io.StringIO:
        return io.StringIO(json.dumps(write_record(self.state), indent=1))

    def refresh(self) -> None:
        rounds = {f"Round {n}": n for n in range(1, len(self.state.past) + 1)}
        self.layout.visible = True
        if self.round.options != rounds:
            self.round.options = rounds
            if rounds:
                self.round.value = len(rounds)
        self._post()

    def _post(self) -> None:
        number = self.round.value
        state = self.state
        if isinstance(number, int) and 1 <= number <= len(state.past):
            self.markdown.value = round_summary(state, number, "markdown")
            self.bbcode.value = round_summary(state, number, "bbcode")
        else:
            self.markdown.value = self.bbcode.value = ""

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

