"""The accessible page of the braille variant: text first, keyboard first, two languages.

Everything the page says comes from :mod:`core.braille.speech` and
:mod:`core.i18n`; the browser side (``static/braille.js`` and ``braille.css``)
only renders it: Python sends a ``view`` dict of ready-made, translated text and
an append-only ``log`` of announcements; the script renders real headings,
lists, buttons and form fields, keeps one polite live log that only ever grows,
restores focus across updates and implements the key map of rulebook §5.2.
The language and the braille-cell switches are options of the game record, so
the share link (and a reload) keeps them.  Themes (large text, high contrast) are
per visitor: the browser keeps them in its local storage, across reloads and links.

The page is built from the shell's session, share link and page frame; being
one text-first component, it shows no board, so it does not use the shell's
board-and-panels :class:`~webapp.shell.game_page.GamePage`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

import core
from core.braille import speech
from core.braille.state import BrailleState, pass_action, roll_action, seat_table
from core.braille.table import LOWEST, Attack, Table
from core.bots import levels
from core.i18n import LANGUAGES
from core.protocol import JSON, State
from webapp.braille.strings import t
from webapp.braille.texts import (FRAME_KEYS, KEYS, RULES, TEXT_KEYS, player_names, rule_choices, settings_view,
                                  turn_lines, voice)
from webapp.shell.assets import asset
from webapp.shell.frame import make_page
from webapp.shell.links import QUERY_KEY, LinkSync, decode
from webapp.shell.session import HUMAN, GameSession, Step

STATIC = Path(__file__).resolve().parent / "static"

GAME = "button-man-braille"
"""The game this page plays (``build.py`` links the page from that game's card)."""
DEFAULT_OPPONENT = core.get_game(GAME).default_bot
"""The game's own default level: quick, and stronger than greedy (``build.py bench --ladder``)."""
class BrailleView(JSComponent):
    """The whole game as text, buttons and one polite live log."""

    view = param.Dict(default={}, doc="Everything to render, already translated.")
    log = param.List(default=[], doc="Announcements so far: {'text', 'lang'} each, oldest first.")
    selected = param.Integer(default=None, allow_None=True, doc="The attack chosen, not yet confirmed.")
    large = param.Boolean(default=False, doc="Large-text theme.")
    contrast = param.Boolean(default=False, doc="High-contrast theme.")
    opponent = param.String(default=DEFAULT_OPPONENT, doc="'human' (two at this device) or a bot level.")
    rules = param.Dict(default={}, doc="Rulings chosen for the next new match (option name -> value).")

    _esm = asset("braille.js", STATIC)
    _stylesheets = [asset("braille.css", STATIC)]

    def __init__(self, session: GameSession[BrailleState], link: LinkSync | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.session, self.share = session, link
        self.opponent = session.seats[1]
        self.rules = {name: session.state.options[name] for name in RULES}
        self._quiet = False
        self._asking_new = False
        """New match was pressed over a match in progress: the page asked whether to end it."""
        self._seen = len(session.steps)
        self._last = session.state
        session.param.watch(self._on_state, ["state"])
        session.param.watch(self._refresh, ["thinking", "seats"])
        if link is not None:
            link.param.watch(self._refresh, ["url"])
            link.param.watch(self._on_problem, ["problem"])
        self.say(([self.share.problem] if self.share is not None else []) + self._opening())
        self._refresh()

    # --- reading the position ------------------------------------------------------

    @property
    def state(self) -> BrailleState:
        """The session's current position."""
        return self.session.state

    @property
    def voice(self) -> speech.Voice:
        return voice(self.state)

    @property
    def names(self) -> tuple[str, str]:
        return player_names(self.session.seats, self.voice.lang)

    def table(self, state: State | None = None) -> Table:
        return seat_table(state or self.state, self.names)

    def _human_turn(self) -> bool:
        return self.session.human_to_move and not self.session.thinking

    def _opening(self) -> list[str]:
        """The round, its dice, then who begins -- or, in a round already under way, whose turn it is."""
        now, v = self.table(), self.voice
        lines, prompt = speech.opening(now, v), self._prompt(now)
        if now.turns > 0 and now.to_move is not None:
            begins = v.say("round.begins", player=now.names[now.to_move])
            turn = [] if prompt else [v.say("said.turn", player=now.names[now.to_move])]
            lines = [line for line in lines if line != begins] + turn
        return lines + prompt

    def _prompt(self, now: Table) -> list[str]:
        """The attack list when a human must attack (or pass) now."""
        if now.is_over or now.roll_request is not None or now.coin_toss or not self.session.human_to_move:
            return []
        return speech.attack_list(now, self.voice)

    # --- announcements ---------------------------------------------------------------

    def say(self, lines: list[str]) -> None:
        """Append one announcement (several sentences) to the live log."""
        text = " ".join(line for line in lines if line)
        if text:
            self.log = [*self.log, {"text": text, "lang": self.voice.lang}]

    def _state_at(self, count: int) -> State:
        steps = self.session.steps
        if count == 0:
            return steps[0].before if steps else self.state
        return steps[count - 1].after

    def _on_state(self, *_: Any) -> None:
        steps = self.session.steps
        incremental = self._seen <= len(steps) and self._state_at(self._seen) is self._last
        if self._quiet:
            pass
        elif incremental:
            for step in steps[self._seen:]:
                self.say(self._step_lines(step, last=step is steps[-1]))
        else:
            self.say(self._opening())
        self._seen, self._last = len(steps), self.state
        self.selected = None
        self._refresh()

    def _step_lines(self, step: Step, last: bool) -> list[str]:
        before, after = self.table(step.before), self.table(step.after)
        attack = next((a for a in before.attacks if a.action == step.action), None)
        lines = speech.change(before, attack, after, self.voice)
        prompt = self._prompt(after) if last else []
        if prompt and after.to_move is not None and lines[-1:] == [
                self.voice.say("said.turn", player=after.names[after.to_move])]:
            lines = lines[:-1]  # the attack list names the player already
        return lines + prompt

    def _on_problem(self, *_: Any) -> None:
        """A link that could not be opened: say so (the page keeps a fresh game)."""
        assert self.share is not None
        if self.share.problem:
            self.say([self.share.problem])
        self._refresh()

    # --- commands from the page -----------------------------------------------------

    def _handle_msg(self, data: Any) -> None:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            return
        kind = data["type"]
        if kind == "select":
            self.choose(int(data.get("number", 0)))
        elif kind == "number":
            self.number(str(data.get("text", "")))
        elif kind == "confirm":
            self.confirm()
        elif kind == "cancel":
            self.cancel()
        elif kind == "pass":
            self.key("p")
        elif kind == "key":
            self.key(str(data.get("key", "")))
        elif kind == "setting":
            self.setting(str(data.get("name", "")), data.get("value"))
        elif kind == "new":
            self.new_match()

    def _refuse_turn(self) -> bool:
        state = self.state
        if state.is_over:
            self.say([self.voice.say("refuse.over")])
            return True
        if not self._human_turn():
            self.say([self.voice.say("refuse.not_your_turn")])
            return True
        return False

    def number(self, text: str) -> None:
        """Digits and Enter: a typed roll with manual dice, else the choice of an attack."""
        digits = text.strip()
        if not digits.isdigit():
            self.say([self.voice.say("help")])
            return
        now = self.table()
        if (now.roll_request is not None or now.coin_toss) and self._human_turn():
            self.roll(int(digits))
        else:
            self.choose(int(digits))

    def choose(self, number: int) -> None:
        """Select attack ``number`` (1-based) and read it back; Enter confirms."""
        if self._refuse_turn():
            return
        now = self.table()
        if not now.attacks:
            self.say([self.voice.say("refuse.no_attacks")] + speech.attack_list(now, self.voice))
            return
        if not 1 <= number <= len(now.attacks):
            self.say([self.voice.say("refuse.number", number=number, count=len(now.attacks))])
            return
        self.selected = number
        label = speech.attack_label(now, now.attacks[number - 1], self.voice)
        self.say([self.voice.say("selected", number=number, label=label)])
        self._refresh()
        self._send_msg({"focus": "confirm"})

    def confirm(self) -> None:
        """Play the selected attack (Enter again)."""
        if self.selected is None:
            if not self._refuse_turn():
                self.say(speech.attack_list(self.table(), self.voice))
            return
        if self._refuse_turn():
            return
        attacks = self.table().attacks
        attack: Attack = attacks[self.selected - 1]
        self.selected = None
        assert isinstance(attack.action, core.Action)
        self.session.human_play(attack.action)

    def cancel(self) -> None:
        """Escape: drop the selection (and the question before a new match)."""
        self._asking_new = False
        if self.selected is not None:
            self.selected = None
            self._refresh()
        self.say([self.voice.say("cancelled")])

    def roll(self, value: int) -> None:
        """Enter a physical die's result (``dice_source=manual``), checked against its range."""
        now = self.table()
        action = roll_action(self.state, value)
        if action is None:
            request = now.roll_request
            if request is None:
                self.say([speech.coin_toss(now, self.voice)])
            else:
                self.say([self.voice.say("refuse.roll_range", die=speech.die_name(request, self.voice),
                                         low=LOWEST[request.slot], high=request.size, value=value)])
            return
        self.session.human_play(action)

    def key(self, key: str) -> None:
        """The single keys of the key map: l, d, s, p, h."""
        now, v = self.table(), self.voice
        if key == "l":
            self.say(speech.attack_list(now, v))
        elif key == "d":
            self.say(speech.all_dice(now, v))
        elif key == "s":
            self.say(speech.scores(now, v))
        elif key == "h":
            self.say([v.say("help")])
        elif key == "p":
            if self._refuse_turn():
                return
            action = pass_action(self.state)
            if action is None:
                self.say([v.say("refuse.pass")])
            else:
                self.selected = None
                self.session.human_play(action)

    def setting(self, name: str, value: JSON) -> None:
        """A settings control changed: language and braille cells live in the record."""
        if name == "large":
            self.large = bool(value)
        elif name == "contrast":
            self.contrast = bool(value)
        elif name == "opponent" and (value == HUMAN or value in levels(self.session.game)):
            self.opponent = str(value)
        elif name.startswith("rule-") and name[5:] in RULES:
            chosen = [c for c in rule_choices(self.state, name[5:]) if str(c) == value]
            if chosen:
                self.rules = {**self.rules, name[5:]: chosen[0]}
        elif name == "lang" and value in LANGUAGES:
            self._set_options(announce_language=value)
        elif name == "cells":
            self._set_options(braille_cells=bool(value))
        elif name == "code" and value in ("de", "ueb"):
            self._set_options(braille_code=value)
        self._refresh()

    def _set_options(self, **changes: JSON) -> None:
        record = self.session.record
        record["options"] = {**record["options"], **changes}
        self._quiet = True
        try:
            self.session.load(record, self.session.seats)
        finally:
            self._quiet = False

    def new_match(self) -> None:
        """A fresh match with the current options and the chosen opponent; over a match in progress,
        only once asked (New match a second time starts it, Cancel keeps the match)."""
        if self.session.in_progress and not self._asking_new:
            self._asking_new = True
            self.say([t("page.new_asks", self.voice.lang)])
            return
        self._asking_new = False
        options = {**self.state.options, **self.rules}
        self.session.new_game([HUMAN, self.opponent], **options)

    # --- the view ------------------------------------------------------------------------

    def _refresh(self, *_: Any) -> None:
        state, v = self.state, self.voice
        now = self.table()
        human = self._human_turn()
        turn, notes = turn_lines(now, v, self.session.thinking, self.session.human_to_move)
        lang = v.lang
        text = {k: t(f"page.{k}", lang) for k in TEXT_KEYS}
        text["pass"] = t("label.pass", lang)
        typed = now.roll_request is not None or now.coin_toss
        text["command"] = t("page.roll" if typed else "page.command", lang)
        self.view = {
            "lang": lang,
            "frame": {key: t(f"page.{key}", lang) for key in FRAME_KEYS},
            "text": text,
            "dice": speech.all_dice(now, v),
            "turn": turn,
            "notes": notes,
            "attacks": [{"number": i, "label": f"{i}. {speech.attack_label(now, a, v)}"}
                        for i, a in enumerate(now.attacks, start=1)] if human else [],
            "selected": self.selected if human else None,
            "can_pass": human and now.can_pass,
            "scores": speech.scores(now, v),
            "keys": [t(k, lang) for k in KEYS],
            "share": self.share.url if self.share is not None else "",
            "problem": self.share.problem if self.share is not None else "",
            "settings": settings_view(state, v, self.large, self.contrast, self.opponent, self.rules),
        }


def _restore_early(session: GameSession[BrailleState]) -> None:
    """Open a shared game before the page speaks, so a visitor hears only that game.

    On the server the request already carries the link; :class:`LinkSync`
    restores it again (a no-op) or reports a damaged link.
    """
    args = pn.state.session_args.get(QUERY_KEY) if pn.state.session_args else None
    if args:
        try:
            session.load(*decode(args[-1].decode()))
        except (ValueError, UnicodeDecodeError):
            pass


def create_app(seed: int | None = None, opponent: str = DEFAULT_OPPONENT,
               **options: JSON) -> pn.Template:
    """The page: a match against ``opponent`` (or one restored from the share link)."""
    pn.extension()
    game = core.get_game(GAME)
    session: GameSession[BrailleState] = GameSession(game, [HUMAN, opponent], state=game.new(seed=seed, **options),
                                                     bot_delay=0.4)
    _restore_early(session)
    link = LinkSync(session)
    view = BrailleView(session, link, sizing_mode="stretch_width")
    lang = view.voice.lang
    page = make_page(t("page.title", lang), t("page.intro", lang), t("page.footer", lang), view, link.address,
                     GAME)
    session.scheduler = pn.state.execute  # set late: opening the link above starts no bot yet

    # A bot that begins waits for the loaded page, so its first move is heard in the live log.
    def first_bot_move() -> None:
        if session.bot_to_move:
            pn.state.execute(session.drive_bots)

    pn.state.onload(first_bot_move)
    return page


if __name__.startswith("bokeh_app_"):  # `panel serve` of this file; an import (the site's entry) serves nothing
    create_app().servable()
