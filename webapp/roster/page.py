"""The Button Men roster page: every button of the roster, searchable and filtered by set and skill, each
explained die by die with its strength and links that open a prefilled game; the recipe lab below.

Serve it with ``panel serve webapp/roster/page.py``; ``create_app()`` builds one page.  What the page
says about a button comes from :mod:`webapp.roster.catalogue`; the lab is :mod:`webapp.roster.lab_panel`.
"""

from __future__ import annotations

import secrets
from html import escape
from typing import Any

import panel as pn

from core.buttonmen import SKILLS, roster
from webapp.roster import catalogue
from webapp.roster.lab_panel import LabPanel
from webapp.shell.frame import make_page
from webapp.shell.links import AddressBar
from webapp.shell.widgets import FOCUS_CSS, LiveRegion, button, heading, html

TITLE = "Button Men roster and recipe lab"
TAGLINE = ("Every button of the roster: its dice in words, its strength against the Tournament-Legal field and "
           "a game with it or against it. Below, vet a recipe of your own.")
FOOTER = ("Roster: the buttons of buttonweavers.com. Strength: Elo ratings fitted to simulated one-round "
          "matches of greedy bots (the model ButtonMen Battle's order bot uses).")


def roster_table(buttons: list[roster.Button]) -> str:
    """The buttons as an accessible table in a scrollable region (name, set, TL, recipe, strength rank)."""
    rows = []
    for b in buttons:
        rank = catalogue.rank(b.name)
        rows.append(f"<tr><th scope='row'><bdi>{escape(b.name)}</bdi></th><td>{escape(b.set_name)}</td>"
                    f"<td>{'yes' if b.tournament_legal else 'no'}</td>"
                    f"<td><code>{escape(b.recipe) or 'copies'}</code></td><td>{rank or 'not rated'}</td></tr>")
    return ("<div role='region' aria-label='Roster buttons' tabindex='0' "
            "style='overflow:auto;max-height:28rem;max-width:100%'>"
            "<table class='rb-roster'><thead><tr><th scope='col'>Button</th><th scope='col'>Set</th>"
            "<th scope='col'>Tournament-Legal</th><th scope='col'>Recipe</th><th scope='col'>Strength rank</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def button_html(b: roster.Button, seed: int) -> str:
    """One button's details: set and TL flag, every die explained, strength and the two play links."""
    legal = "Tournament-Legal" if b.tournament_legal else "not Tournament-Legal"
    play = escape(catalogue.play_link(b, False, seed))
    against = escape(catalogue.play_link(b, True, seed))
    return (f"<h3 style='margin:0.3em 0'><bdi>{escape(b.name)}</bdi></h3>"
            f"<p style='margin:0.2em 0'>Set: {escape(b.set_name)}; {legal}. Recipe: "
            f"<code>{escape(b.recipe) or 'none of its own'}</code>.</p>{catalogue.recipe_html(b)}"
            f"<p style='margin:0.2em 0'>{escape(catalogue.strength_text(b.name))}</p>"
            f"<ul class='rb-play-links'><li><a class='rb-play-with' href='{play}'>Play with "
            f"<bdi>{escape(b.name)}</bdi></a> (against a random Tournament-Legal button and the default bot)</li>"
            f"<li><a class='rb-play-against' href='{against}'>Play against <bdi>{escape(b.name)}</bdi></a> "
            "(you play a random Tournament-Legal button; the default bot plays this one)</li></ul>")


class RosterPage(pn.viewable.Viewer):
    """Search and filters, the roster table, one button's details and the lab."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.search = pn.widgets.TextInput(label="Search by name", placeholder="e.g. Bauer",
                                           stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.set_name = pn.widgets.Select(label="Set", options={"Any set": "", **{s: s for s in roster.sets()}},
                                          value="", stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.skill = pn.widgets.Select(label="Skill", options={"Any skill": "", **{n: c for c, n in SKILLS.items()}},
                                       value="", stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
        self.tl_only = pn.widgets.Select(label="Tournament-Legal", value=False, stylesheets=[FOCUS_CSS],
                                         options={"All buttons": False, "Tournament-Legal buttons only": True},
                                         sizing_mode="stretch_width")
        self.count = LiveRegion(label="Buttons found", sizing_mode="stretch_width")
        self.table = html("", sizing_mode="stretch_width")
        self.chosen = pn.widgets.Select(label="Show a button", options=[], stylesheets=[FOCUS_CSS],
                                        sizing_mode="stretch_width")
        self.details = html("", sizing_mode="stretch_width")
        self.lab = LabPanel()
        self.to_lab = button("Vet this recipe in the lab", variant="outline")
        self.to_lab.on_click(lambda _event: self.vet())
        for widget in (self.search, self.set_name, self.skill, self.tl_only):
            widget.param.watch(lambda _event: self.filter(), ["value"])
        self.search.param.watch(lambda _event: self.filter(), ["value_input"])
        self.chosen.param.watch(lambda _event: self.show_chosen(), ["value"])
        self.filter()
        self._layout = pn.Column(
            heading("Roster"),
            html("<p style='margin:0.2em 0'>Every button of the roster. Choose one to see its dice in words, "
                 "its strength and links that open the Button Men page on a new game with it or against it.</p>",
                 sizing_mode="stretch_width"),
            pn.FlexBox(self.search, self.set_name, self.skill, self.tl_only, flex_wrap="wrap",
                       sizing_mode="stretch_width"),
            self.count, self.table, self.chosen, self.details, self.to_lab, self.lab,
            sizing_mode="stretch_width", styles={"max-width": "60rem"})

    def filter(self) -> None:
        """Show the buttons the search and filters let through; keep the chosen one when it still matches."""
        found = catalogue.matching(self.search.value_input or self.search.value or "", self.set_name.value,
                                   self.skill.value, self.tl_only.value)
        self.count.text = f"{len(found)} of {len(roster.buttons())} buttons."
        self.table.object = roster_table(found)
        names = [b.name for b in found]
        keep = self.chosen.value if self.chosen.value in names else (names[0] if names else None)
        self.chosen.options = names
        self.chosen.value = keep
        self.show_chosen()

    def show_chosen(self) -> None:
        """The chosen button's details (with fresh deals for its links)."""
        name = self.chosen.value
        self.to_lab.visible = bool(name)
        if not name:
            self.details.object = "<p>No button matches the search and filters.</p>"
            return
        self.details.object = button_html(roster.find(name), secrets.randbits(31))

    def vet(self) -> None:
        """Put the chosen button's recipe into the lab's recipe field."""
        if self.chosen.value:
            recipe = roster.find(self.chosen.value).recipe
            self.lab.recipe.param.update(value=recipe, value_input=recipe)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def create_app() -> pn.Template:
    """One roster page (a new one per browser session)."""
    return make_page(TITLE, TAGLINE, FOOTER, RosterPage(), AddressBar(), "button-men", page_name="roster")


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable(title="Button Men roster and recipe lab - Rulebox")
