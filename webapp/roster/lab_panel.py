"""The recipe lab on the roster page: :mod:`core.buttonmen.lab` with a form, a progress bar, Cancel and
the results (verdict, interval, hardest and easiest match-ups, a sortable table per opponent).

The matches are played one at a time and the page yields between them (on the server in a worker
thread, in the browser after one turn of the event loop), so progress shows and Cancel is heard
at once; the bots are untimed and seeded, so the browser gives what the command line gives.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

import panel as pn

from core.buttonmen import lab, roster
from core.ladder import Pairing
from webapp.shell.widgets import FOCUS_CSS, NO_SPIN_CSS, LiveRegion, button, heading, html

T = TypeVar("T")
NAMED = "named"
"""The field choice that reads the names field."""
SORTS = {"field order": "field", "win rate, lowest first": "low", "win rate, highest first": "high",
         "opponent's name": "name"}
"""How the table of opponents can be sorted."""


async def off_the_page(work: Callable[[], T]) -> T:
    """``work()`` without holding up the page: a worker thread on the server; in Pyodide (no threads,
    the page runs in a web worker) after one turn of the event loop, so updates and clicks get through."""
    if sys.platform == "emscripten":
        await asyncio.sleep(0)
        return work()
    return await asyncio.get_running_loop().run_in_executor(None, work)


def field_choices() -> dict[str, str]:
    """The field select's options: every TL button, each set, or the names typed below."""
    return {"All Tournament-Legal buttons": lab.TL, **{f"The set {s}": s for s in roster.sets()},
            "The buttons named below": NAMED}


def sorted_opponents(results: lab.Results, order: str) -> list[Pairing]:
    """The opponents' pairings in the chosen order (:data:`SORTS`)."""
    rows = [p for p in results.opponents if p.matches]
    if order == "low":
        return sorted(rows, key=lambda p: p.score)
    if order == "high":
        return sorted(rows, key=lambda p: -p.score)
    if order == "name":
        return sorted(rows, key=lambda p: p.second.casefold())
    return rows


def table_html(rows: list[Pairing]) -> str:
    """The opponents' results as an HTML table (in a scrollable, focusable region for narrow screens)."""
    body = "".join(f"<tr><th scope='row'><bdi>{escape(p.second)}</bdi></th><td>{p.wins}</td><td>{p.draws}</td>"
                   f"<td>{p.losses}</td><td>{p.score:.0%}</td></tr>" for p in rows)
    return ("<div class='rb-scroll' role='region' aria-label='Results per opponent' tabindex='0' "
            "style='overflow-x:auto;max-width:100%'><table class='rb-lab-table'>"
            "<caption>Results per opponent (the recipe's wins, draws and losses)</caption>"
            "<thead><tr><th scope='col'>Opponent</th><th scope='col'>Won</th><th scope='col'>Drawn</th>"
            f"<th scope='col'>Lost</th><th scope='col'>Win rate</th></tr></thead><tbody>{body}</tbody></table></div>")


def matchups_html(title: str, rows: list[Pairing]) -> str:
    items = "".join(f"<li><bdi>{escape(p.second)}</bdi>: {p.score:.0%} of {p.matches}</li>" for p in rows)
    return f"<h3 style='margin:0.4em 0 0.2em;font-size:1em'>{escape(title)}</h3><ol style='margin:0'>{items}</ol>"


class LabPanel(pn.viewable.Viewer):
    """The lab's form, progress and results."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.recipe = pn.widgets.TextInput(label="Recipe to vet", value="(4) (8) (12) (20) (X)",
                                           placeholder="e.g. (4) (8) (12) (20) (X)", stylesheets=[FOCUS_CSS],
                                           sizing_mode="stretch_width")
        self.field = pn.widgets.Select(label="Play against", options=field_choices(), value=lab.TL,
                                       stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.names = pn.widgets.TextInput(label="Button names, separated by commas", placeholder="e.g. Bauer, Avis",
                                          visible=False, stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.field.param.watch(lambda event: setattr(self.names, "visible", event.new == NAMED), "value")
        self.matches = pn.widgets.IntInput(label="Matches per opponent (even: every deal from both sides)",
                                           value=2, start=1, end=lab.MAX_MATCHES,
                                           stylesheets=[FOCUS_CSS, NO_SPIN_CSS], sizing_mode="stretch_width")
        self.level = pn.widgets.Select(label="Bot level for both sides", options={
            "quick (greedy bots)": "quick", "careful (the default bot level, slower)": "careful"},
            value="quick", stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.seed = pn.widgets.IntInput(label="Seed (the same seed gives the same result)", value=0, start=0,
                                        stylesheets=[FOCUS_CSS, NO_SPIN_CSS], sizing_mode="stretch_width")
        self.start = button("Run the lab", color="primary")
        self.start.on_click(lambda _event: pn.state.execute(self.run))
        self.cancel = button("Cancel", variant="outline", disabled=True)
        self.cancel.on_click(lambda _event: self.stop())
        self.error = html("", sizing_mode="stretch_width")
        self.progress = html("", sizing_mode="stretch_width")
        self.status = LiveRegion(label="Lab progress", sizing_mode="stretch_width")
        self.verdict = LiveRegion(label="Lab verdict", sizing_mode="stretch_width")
        self.sort = pn.widgets.Select(label="Sort the table by", options=SORTS, value="field",
                                      stylesheets=[FOCUS_CSS], sizing_mode="stretch_width", visible=False)
        self.sort.param.watch(lambda _event: self._show_table(), "value")
        self.details = html("", sizing_mode="stretch_width")
        self.table = html("", sizing_mode="stretch_width")
        self.results: lab.Results | None = None
        self._cancelled = False
        self._layout = pn.Column(
            heading("Recipe lab"),
            html("<p style='margin:0.2em 0'>Vet a recipe as the community does: play it against fair "
                 "Tournament-Legal buttons; a fair button wins 40 to 60 %. Each match is played to three round "
                 "wins; each deal is played from both sides when the number of matches is even.</p>",
                 sizing_mode="stretch_width"),
            self.recipe, self.field, self.names, self.matches, self.level, self.seed,
            pn.Row(self.start, self.cancel), self.error, self.progress, self.status, self.verdict,
            self.details, self.sort, self.table, sizing_mode="stretch_width")

    def stop(self) -> None:
        """Cancel the run in progress after the match being played."""
        self._cancelled = True

    def experiment(self) -> lab.Experiment:
        """The form's lab run; :class:`core.protocol.InputError` names what is wrong."""
        against = self.names.value_input or self.names.value if self.field.value == NAMED else self.field.value
        matches = self.matches.value if self.matches.value is not None else 0
        seed = self.seed.value if self.seed.value is not None else -1
        return lab.experiment(self.recipe.value_input or self.recipe.value or "", against or "", matches,
                              self.level.value, seed)

    async def run(self) -> None:
        """Check the form, then play every match, showing progress, until done or cancelled."""
        try:
            run = self.experiment()
        except ValueError as error:
            self.error.object = f"<p role='alert' style='color:#a00000;margin:0.2em 0'>{escape(str(error))}</p>"
            return
        self.error.object = ""
        self._cancelled = False
        self.start.disabled, self.cancel.disabled = True, False
        results = lab.Results.empty(run)
        self.results = results
        self.verdict.text = ""
        played = 0
        self._show_progress(played, run.total)
        try:
            for match in lab.plan(run):
                if self._cancelled:
                    break
                outcome = await off_the_page(lambda m=match: lab.play(run, m))  # type: ignore[misc]
                results.add(match, outcome)
                played += 1
                self._show_progress(played, run.total)
        finally:
            self.start.disabled, self.cancel.disabled = False, True
        self._show_results(results, played < run.total)

    def _show_progress(self, played: int, total: int) -> None:
        self.progress.object = (f"<progress max='{total}' value='{played}' aria-label='Matches played' "
                                f"style='width:100%'></progress>")
        if played == 0 or played == total or played % 10 == 0:
            self.status.text = f"Played {played} of {total} matches."

    def _show_results(self, results: lab.Results, cancelled: bool) -> None:
        total = results.total
        low, high = total.interval()
        note = f" Cancelled after {total.matches} of {results.run.total} matches." if cancelled else ""
        self.status.text = f"Played {total.matches} of {results.run.total} matches.{note}"
        self.verdict.text = f"Verdict: {results.verdict()}"
        if not total.matches:
            self.details.object = ""
            self.table.object = ""
            self.sort.visible = False
            return
        self.details.object = (
            f"<p style='margin:0.2em 0'><code>{escape(results.run.recipe)}</code> against "
            f"{escape(results.run.field.label)}, level {escape(lab.LEVEL_WORDS[results.run.level])}, seed "
            f"{results.run.seed}: {total.wins} won, {total.draws} drawn, {total.losses} lost; win rate "
            f"<strong class='rb-win-rate'>{total.score:.1%}</strong>, 95 % interval {low:.1%} to {high:.1%}.</p>"
            + matchups_html("The three hardest match-ups", results.hardest())
            + matchups_html("The three easiest match-ups", results.easiest()))
        self.sort.visible = True
        self._show_table()

    def _show_table(self) -> None:
        if self.results is not None and self.results.total.matches:
            self.table.object = table_html(sorted_opponents(self.results, self.sort.value))

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
