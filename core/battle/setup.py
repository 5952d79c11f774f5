"""A campaign's start from what a form or a moderator gives: names, picks, territories or none.

:func:`campaign_setup` turns per-player button picks (a name, or None for a random eligible
button) and optional starting territories into the ``setup`` option: missing picks are drawn from
the eligible pool (BB-03, distinct under BB-04) and, without territories, the balanced random
placement (2.4) puts the armies.  :func:`parse_setup_lines` reads a moderator's lines
``Name: Button @ Territory, Button @ Territory`` (territories optional).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core import rng
from core.battle import pool
from core.battle.pool import button_problem
from core.battle.maps import load_map
from core.battle.placement import place
from core.battle.options import COLOURS
from core.protocol import JSON, InputError, name_problem

SETUP_STREAM = 4_211
"""The path number of the stream that draws random picks and the placement: ``derive(seed, 4211)``."""
MAX_LINE = 400


def campaign_setup(seed: int, options: Mapping[str, Any], names: Sequence[str],
                   picks: Sequence[Sequence[str | None]],
                   territories: Sequence[Sequence[str]] | None = None) -> list[dict[str, JSON]]:
    """The ``setup`` option for these players: picks completed at random, armies placed.

    ``options`` are resolved game options (edition, map, pool, ``armies_per_player``); a pick that is
    not eligible, a button picked twice or a wrong number of picks or territories raises InputError.
    """
    per = int(options["armies_per_player"])
    if len(picks) != len(names) or any(len(p) != per for p in picks):
        raise InputError("picks", f"each of the {len(names)} players picks {per} buttons (blank: random)")
    eligible = pool.eligible(options)
    by_name = {e.name.casefold(): e for e in eligible}
    reported = options["battle_source"] == "reported"
    chosen: list[list[str]] = []
    taken: set[str] = set()
    for name, own in zip(names, picks, strict=True):
        row = []
        for pick in own:
            if pick is None or not pick.strip():
                row.append("")
                continue
            entry = by_name.get(pool.canonical(pick.strip()).casefold())
            if entry is None and not reported:
                raise InputError(f"picks of {name}", pool.not_eligible(pick.strip(), options))
            button = entry.name if entry is not None else pick.strip()
            if options["unique_buttons"] and button.casefold() in taken:
                raise InputError(f"picks of {name}", "already picked: the earlier pick stands, so pick another "
                                 "(BB-04)", button)
            taken.add(button.casefold())
            row.append(button)
        chosen.append(row)
    stream = rng.derive(seed, SETUP_STREAM)
    free = [e.name for e in eligible if e.name.casefold() not in taken]
    for row in chosen:
        for k, button in enumerate(row):
            if not button:
                if not free:
                    raise InputError("picks", "the eligible pool has too few buttons for every random pick")
                stream, drawn = rng.choice(stream, free)
                row[k] = drawn
                if options["unique_buttons"]:
                    free.remove(drawn)
    if territories is None:
        board = load_map(options["map"], options["include_brussels"])
        stream, spots = place(board, len(names), per, stream)
        territories = [[board.territories[t].id for t in spot] for spot in spots]
    elif len(territories) != len(names) or any(len(t) != per for t in territories):
        raise InputError("territories", f"each of the {len(names)} players starts on {per} territories")
    return [{"name": name, "colour": COLOURS[p % len(COLOURS)],
             "armies": [{"button": b, "territory": t} for b, t in zip(chosen[p], territories[p], strict=True)]}
            for p, name in enumerate(names)]


def parse_setup_lines(text: str) -> tuple[list[str], list[list[str]], list[list[str]] | None]:
    """Names, buttons and territories (None when no line gives any) from ``Name: Button @ Territory, ...``.

    Every army names its button (a blank one is refused, never drawn at random); names and buttons
    have the limits of names people give and of Button Men button names.
    """
    names: list[str] = []
    buttons: list[list[str]] = []
    places: list[list[str]] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not 3 <= len(lines) <= 5:
        raise InputError("players", "write one line per player, 3 to 5 lines: Name: Button @ Territory, ...")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE or ":" not in line:
            raise InputError(f"line {number}", "write Name: Button @ Territory, Button @ Territory", line[:80])
        name, _, rest = line.partition(":")
        if not rest.strip():
            raise InputError(f"line {number}", "a player needs a name and at least one button", line[:80])
        armies = [army.partition("@") for army in rest.split(",")]
        problem = _line_problem(name.strip(), [button.strip() for button, _, _ in armies])
        if problem:
            raise InputError(f"line {number}", problem, line[:80])
        names.append(name.strip())
        buttons.append([button.strip() for button, _, _ in armies])
        places.append([place.strip() for _, _, place in armies])
    given = [t for row in places for t in row if t]
    if given and len(given) != sum(len(row) for row in places):
        raise InputError("territories", "give every army its territory (Button @ Territory), or none for the "
                                        "balanced random placement")
    return names, buttons, places if given else None


def _line_problem(name: str, buttons: list[str]) -> str | None:
    """What is wrong with a moderator line's player name or one of its buttons, else None."""
    problem = name_problem(name)
    if problem:
        return f"the player's name: {problem}"
    for k, button in enumerate(buttons, 1):
        if not button:
            return f"army {k} has no button: write Button @ Territory (a blank is not drawn at random)"
        problem = button_problem(button)
        if problem:
            return f"army {k}: {problem}"
    return None
