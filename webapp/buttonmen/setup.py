"""The Button Men match setup: two buttons from the roster (or random TL, or custom recipes).

Seats (human, or a bot of :func:`core.bots.levels`), the match length and the
rulings of the engine's options.  Recipes are checked by
:func:`core.buttonmen.parse_recipe` as they are typed; its error (with the
position) is shown next to the field.
"""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any

import panel as pn

from core import rng
from core.buttonmen import ButtonMenState, parse_recipe, roster
from core.protocol import JSON, Game, Option
from webapp.shell.newgame import FormValues, StartGuard, deal_number, start_game
from webapp.shell.widgets import FOCUS_CSS, NO_SPIN_CSS, bidi, button, heading, html
from webapp.shell.session import GameSession, seat_choices


PICKED = ("buttons", "recipes", "max_wins")
"""Options with their own fields; every other option with choices is a ruling."""
CHOICE_WORDS: dict[JSON, str] = {True: "yes", False: "no", "rng": "rolled by the computer",
                                 "manual": "real dice, results typed in",
                                 "random_first": "a random player starts", "die_min": "the die's lowest value"}
"""Choice values in a player's words (the rest: underscores as spaces)."""
RULING_LABELS = {
    "dice_source": "Dice: rolled by the computer, or real dice with the results typed in",
    "first_player": "Who starts round 1",
    "must_attack": "BM-06: a player who can attack must attack (no: passing is always allowed).",
}
"""Rulings whose engine description speaks in code values."""


def choice_label(option: Option, value: JSON) -> str:
    """One choice of a ruling, in words: never ``None``, ``True``/``False`` or a code name."""
    if option.name == "first_player":
        return "decided by the initiative roll" if value is None else f"Player {int(str(value)) + 1}"
    if isinstance(value, bool) or value in CHOICE_WORDS:
        return CHOICE_WORDS[value]
    return str(value).replace("_", " ")


def roster_names() -> list[str]:
    """Every roster button's name, in roster order."""
    return [b.name for b in roster.buttons()]


def button_info(name: str) -> tuple[bool, str]:
    """``(found, text)``: the button's set, TL flag and recipe, or why it is not in the roster."""
    if not name.strip():
        return False, "No button chosen: a random tournament-legal button will be drawn."
    try:
        found = roster.find(name)
    except ValueError as error:
        text = str(error)
        return False, text[:1].upper() + text[1:] + "."
    legal = "tournament legal" if found.tournament_legal else "not tournament legal"
    recipe = found.recipe or "copies the opponent's recipe"
    return True, f"{found.name} ({found.set_name}, {legal}): {recipe}"


def recipe_problem(text: str) -> str | None:
    """Why a custom recipe cannot be used (parse_recipe's error), or None (also for blank)."""
    if not text.strip():
        return None
    try:
        parse_recipe(text.strip())
    except ValueError as error:
        return str(error)
    return None


def match_options(names: list[str], recipes: list[str], stream: int) -> dict[str, JSON]:
    """The ``buttons``/``recipes`` options for two players' fields; ValueError says what is wrong.

    A blank name without a recipe draws a random TL button from ``stream``; a
    custom recipe replaces the button's dice (a blank name is then "Custom N").
    """
    chosen: list[str] = []
    own: list[str] = []
    for p in (0, 1):
        name, recipe = names[p].strip(), recipes[p].strip()
        problem = recipe_problem(recipe)
        if problem:
            raise ValueError(f"player {p + 1}'s recipe: {problem}")
        if recipe:
            if name and button_info(name)[0] and roster.find(name).recipe != recipe:
                name = f"{roster.find(name).name} (custom)"
            chosen.append(name or f"Custom {p + 1}")
            own.append(recipe)
            continue
        if not name:
            stream, drawn = roster.random_tl(stream)
            found = drawn
        else:
            found = roster.find(name)
        chosen.append(found.name)
        own.append(found.recipe)
    options: dict[str, JSON] = {"buttons": chosen}
    if any(r.strip() for r in recipes):
        options["recipes"] = own
    return options


class MatchSetup(pn.viewable.Viewer):
    """The new-match form over a session; "Start match" replaces the session's game."""

    def __init__(self, session: GameSession[ButtonMenState], **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        game: Game = session.game
        names = roster_names()
        self._latest = ["", ""]
        """Per player: the autocomplete's text as last typed or picked."""
        self._names = [
            pn.widgets.AutocompleteInput(
                label=f"Player {p + 1}'s button (type to search the roster)", options=names,
                case_sensitive=False, search_strategy="includes", restrict=False, min_characters=1,
                placeholder="e.g. Bauer", stylesheets=[FOCUS_CSS], sizing_mode="stretch_width")
            for p in (0, 1)
        ]
        self._random = [button(f"Random TL button for player {p + 1}", variant="outline") for p in (0, 1)]
        self._recipes = [
            pn.widgets.TextInput(label=f"Player {p + 1}'s custom recipe (optional, replaces the button's dice)",
                                 placeholder="e.g. (4) (8) (12) (20) (X)", stylesheets=[FOCUS_CSS],
                                 sizing_mode="stretch_width")
            for p in (0, 1)
        ]
        self._info = [html("", sizing_mode="stretch_width") for _ in (0, 1)]
        self._seats = [pn.widgets.Select(label=f"Player {p + 1} is played by", options=seat_choices(game),
                                         value=session.seats[p], stylesheets=[FOCUS_CSS]) for p in (0, 1)]
        self._max_wins = pn.widgets.Select(label="Rounds needed to win the match",
                                           options={str(n): n for n in range(1, 6)}, value=3,
                                           stylesheets=[FOCUS_CSS])
        self._rulings = {o.name: self._ruling(o) for o in game.options
                         if o.name not in PICKED and o.choices and len(o.choices) > 1}
        self._show_rulings = pn.widgets.Select(label="Rulings (advanced options)",
                                               options={"hidden": False, "shown": True}, value=False,
                                               stylesheets=[FOCUS_CSS])
        self._rulings_box = pn.Column(*self._rulings.values(), visible=False, sizing_mode="stretch_width")
        self._show_rulings.link(self._rulings_box, value="visible")
        self._seed = pn.widgets.TextInput(label="Deal number (blank: random)", value="", stylesheets=[FOCUS_CSS])
        self._start = button("Start match", color="primary")
        self._start.on_click(lambda _event: self.start())
        self.guard = StartGuard(self.session)
        self._error = self.guard.error
        for p in (0, 1):
            self._names[p].param.watch(partial(self._on_name, p), ["value", "value_input"])
            self._recipes[p].param.watch(partial(self._on_field, p), ["value", "value_input"])
            self._random[p].on_click(partial(self._on_random, p))
        players = []
        for p in (0, 1):
            players += [html(f"<h3 style='margin:0.4em 0 0 0'>Player {p + 1}</h3>"), self._names[p],
                        self._random[p], self._recipes[p], self._info[p], self._seats[p]]
        self._layout = pn.Column(
            heading("New match"), *players, self._max_wins, self._show_rulings, self._rulings_box,
            self._seed, self._start, self.guard, sizing_mode="stretch_width",
        )
        session.param.watch(self._sync, ["state", "seats"])
        self._sync()

    @staticmethod
    def _ruling(option: Option) -> pn.widgets.Select:
        assert option.choices is not None
        choices = {choice_label(option, c): c for c in option.choices}
        return pn.widgets.Select(label=RULING_LABELS.get(option.name, option.doc), options=choices,
                                 value=option.default, stylesheets=[FOCUS_CSS, NO_SPIN_CSS],
                                 sizing_mode="stretch_width")

    def name_text(self, player: int) -> str:
        """The name typed or picked for ``player``.

        The autocomplete reports the text typed and the entry picked separately
        (in either order); the latest one that names a roster button wins.
        """
        widget = self._names[player]
        candidates = [self._latest[player], widget.value or "", widget.value_input or ""]
        for text in candidates:
            if text.strip() and button_info(text)[0]:
                return text.strip()
        return self._latest[player].strip()

    def _on_field(self, player: int, *_: Any) -> None:
        self._describe(player)

    def _on_name(self, player: int, *events: Any) -> None:
        self._latest[player] = str(events[-1].new or "")
        self._describe(player)

    def _on_random(self, player: int, _event: object) -> None:
        self.pick_random(player)

    def pick_random(self, player: int) -> None:
        """Fill ``player``'s button with a random tournament-legal one."""
        _, drawn = roster.random_tl(rng.seed_stream(secrets.randbits(32)))
        self._recipes[player].param.update(value="", value_input="")
        self._names[player].param.update(value=drawn.name, value_input=drawn.name)
        self._describe(player)

    def _describe(self, player: int) -> None:
        recipe = self._recipes[player].value_input or self._recipes[player].value or ""
        if recipe.strip():
            problem = recipe_problem(recipe)
            text = (f"<p role='alert' style='color:#a00000;margin:0.2em 0'>Recipe error: {bidi(problem)}</p>"
                    if problem else
                    f"<p style='margin:0.2em 0'>Custom recipe: {len(parse_recipe(recipe.strip()))} dice.</p>")
        else:
            found, info = button_info(self.name_text(player))
            colour = "#111" if found or not self.name_text(player) else "#a00000"
            text = f"<p style='margin:0.2em 0;color:{colour}'>{bidi(info)}</p>"
        self._info[player].object = text

    def values(self) -> FormValues:
        """Seats, deal number and options from the form; ValueError says what is wrong."""
        seed = deal_number(self._seed.value)
        names = [self.name_text(p) for p in (0, 1)]
        recipes = [self._recipes[p].value_input or self._recipes[p].value or "" for p in (0, 1)]
        stream = rng.seed_stream(secrets.randbits(32) if seed is None else seed)
        options = match_options(names, recipes, stream)
        options["max_wins"] = self._max_wins.value
        for name, widget in self._rulings.items():
            options[name] = widget.value
        return [w.value for w in self._seats], seed, options

    def start(self) -> None:
        """Start the match described by the form, or show why it cannot start."""
        start_game(self.session, self.values, self.guard)

    def _sync(self, *_: Any) -> None:
        """Show the current match's settings, so "Start match" replays them with a new deal."""
        state = self.session.state
        custom = state.options["recipes"]
        for p in (0, 1):
            self._names[p].param.update(value=state.buttons[p], value_input=state.buttons[p])
            recipe = custom[p] if custom else ""
            self._recipes[p].param.update(value=recipe, value_input=recipe)
            self._seats[p].value = self.session.seats[p]
            self._describe(p)
        self._max_wins.value = state.options["max_wins"]
        for name, widget in self._rulings.items():
            widget.value = state.options[name]

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
