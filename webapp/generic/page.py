"""The generic page of any registered core game: its picture, its position in words and a button per move.

``create_app(game)`` builds the page of ``game`` (a name of ``core``'s registry); the registry
(:mod:`webapp.registry`) gives it to every game without a page of its own, so a newly registered game is
playable on the site on its first day.  Everything it shows comes from core through the viewer's eyes:
the picture is ``state.svg(viewer)``, the text ``state.describe(viewer)``, the moves the labels of
``state.legal_actions(actor)`` of the person to act, and the log and narration the history of
``state.view(viewer)`` (a choice the viewer may not know reads "A hidden choice").  Only listed actions are
offered (an action a game takes without listing it, ``_unlisted_as_played``, waits for the game's own
page).  The shell supplies the
seats, bots, new-game dialog, undo, share link and the hot-seat curtain (:mod:`webapp.shell.screen`).
"""

from __future__ import annotations

from typing import Any

import panel as pn

import core
from core.protocol import Action, Game, Outcome, State
from webapp.generic.board import PictureBoard
from webapp.generic.moves import MoveChoice
from webapp.shell.boards import Act
from webapp.shell.frame import make_page
from webapp.shell.game_page import GamePage, GameView
from webapp.shell.newgame import NewGameDialog, seat_names
from webapp.shell.screen import Curtain, screen_viewer
from webapp.shell.sections import Disclosure
from webapp.shell.session import HUMAN, actor_label
from webapp.shell.widgets import MoveLog, bidi, button, default_label, html


def told_action(before: State, shown_after: State) -> str:
    """The action that led from ``before`` as the viewer may know it: read from the history of ``shown_after``
    (the state after it, seen through the viewer's eyes), so a secret reads as core's hidden choice."""
    return default_label(shown_after.history[len(before.history)])


def outcome_words(outcome: Outcome, names: list[str]) -> str:
    """A finished game in words: the winner, a draw, or every player's place; then core's reason."""
    places = outcome.places
    if outcome.winner is not None:
        result = f"{names[outcome.winner]} wins"
    elif len(set(places)) == 1:
        result = "a draw"
    else:
        result = "places: " + ", ".join(f"{names[p]} {place}" for p, place in enumerate(places))
    return f"Game over: {result} ({outcome.reason})."


def number(value: float) -> str:
    """A score as the game counts it: a whole number without its ".0"."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class GenericView(GameView[State, PictureBoard]):
    """Any game's page: its picture, its text, its moves as buttons, the move log and the new-game form."""

    key_rows = (
        ("Tab / Shift+Tab", "move between the move buttons and the other controls"),
        ("Enter or Space", "press the focused button"),
        ("U", "undo back to your previous decision"),
    )

    def board(self, state: State, act: Act) -> PictureBoard:
        return PictureBoard(state, act)

    def attach(self) -> None:
        session = self.page.session
        self.hot_seat = Curtain(session)
        self.players = seat_names((), self.game.seat_range[1])
        self.moves = MoveChoice(self.page.play)
        self.log = MoveLog(session, self.players, titled=False, viewer=self.viewer,
                           words=lambda step, shown: told_action(step.before, shown))
        self.dialog = NewGameDialog(session, self.players)
        self.pass_device = html("", margin=(0, 5), sizing_mode="stretch_width")
        self.reveal = button("Show my moves", color="primary", visible=False)
        self.reveal.on_click(lambda _event: self.take_device())
        self.again = button("New game, same settings", color="primary", visible=False)
        self.again.on_click(lambda _event: self.dialog.start())

    # --- who looks and who acts -------------------------------------------------------------

    def viewer(self) -> int | None:
        return screen_viewer(self.page.session, self.hot_seat.holder)

    @property
    def actor(self) -> int | None:
        """The person at the table whose moves the page offers (the first of several who may act)."""
        humans = self.page.session.human_actors
        return humans[0] if humans else None

    @property
    def curtained(self) -> bool:
        """True while the device waits for the person to act in secret (several people share the screen)."""
        return self.hot_seat.closed(self.state, self.actor)

    def take_device(self) -> None:
        """The person to act has the device: show their view and their moves."""
        self.hot_seat.hand_to(self.actor)
        self.page.refresh()

    def interactive(self) -> bool:
        return self.page.session.human_to_move and not self.curtained

    @property
    def shown(self) -> State:
        """The position as the viewer may see it."""
        return self.state.view(self.viewer())

    # --- words ------------------------------------------------------------------------------------

    def name(self, actor: int) -> str:
        """A seat ("Player 2"), chance or the moderator, in words."""
        return actor_label(actor, self.players)

    def narrate(self, before: State | None, action: Action | None, after: State) -> str:
        if before is None:
            return ""
        mover = after.movers[len(before.history)]
        actor = before.to_move if mover is None else mover
        told = told_action(before, after.view(self.viewer()))
        return told + "." if actor is None else f"{self.name(actor)}: {told}."

    def status(self) -> str:
        session, shown = self.page.session, self.shown
        outcome = shown.outcome
        if outcome is not None:
            return outcome_words(outcome, self.players)
        if self.curtained and self.actor is not None:
            return f"Pass the device to {self.name(self.actor)}, then press “Show my moves”."
        if session.human_to_move:
            return " and ".join(self.name(a) for a in session.human_actors) + ": your move."
        waited = " and ".join(self.name(a) for a in sorted(shown.actors))
        return f"{waited} (bot) is thinking…" if session.thinking else f"Waiting for {waited} (bot)."

    def score_line(self) -> str:
        scores = self.shown.scores
        return "Scores: " + " · ".join(f"{self.players[p]} {number(s)}" for p, s in enumerate(scores))

    # --- widgets -------------------------------------------------------------------------------

    def refresh(self) -> None:
        actor, curtained = self.actor, self.curtained
        self.reveal.visible = curtained
        self.pass_device.object = (f"<p>{bidi(self.name(actor))} is to choose in secret: only they may look at "
                                   "the screen now.</p>" if curtained and actor is not None else "")
        offered = [] if actor is None or curtained else self.state.legal_actions(actor)
        self.moves.offer(None if curtained else actor, offered)
        self.again.visible = self.state.is_over

    def on_key(self, key: str) -> None:
        """The page has no keys of its own (the shell's U undoes)."""

    def controls(self) -> list[Any]:
        return [self.pass_device, self.reveal, self.moves, self.page.refused,
                pn.Row(self.page.undo_button, self.again)]

    def panels(self) -> list[Any]:
        return [Disclosure("Move log", self.log)]

    def setup_form(self) -> Any | None:
        return self.dialog


def view_for(rules: Game) -> type[GenericView]:
    """The generic view class of ``rules``: you against its default bot in every other seat."""
    players = rules.seats(rules.resolve_options({}))

    class View(GenericView):
        game = rules
        title = rules.title
        tagline = "Every move of the game as a button, with its picture and the position in words."
        footer = (f"Rules: {rules.title} (rules version {rules.rules_version}), as written in Rulebox's rules notes. "
                  "This is the page every game has before its own board: what it shows comes from the rules "
                  "engine as it is.")
        default_seats = (HUMAN, *[rules.default_bot] * (players - 1))

    View.__name__ = View.__qualname__ = f"GenericView[{rules.name}]"
    return View


def create_app(game: str) -> pn.Template:
    """A new generic page of the core game called ``game`` (one per browser session)."""
    rules = core.get_game(game)
    page = GamePage(view_for(rules))
    view = page.view
    return make_page(view.title, view.tagline, view.footer, page, page.link.address, rules.name, page_name=rules.name)
