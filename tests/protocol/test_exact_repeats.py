"""Bots that repeat exactly: every bot level of every game, made :func:`~core.bots.untimed`, plays
the same record from the same seed -- byte for byte -- under any ``PYTHONHASHSEED`` (set and dict
orders must never steer a choice), and accepts ``untimed`` without losing its seat."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import fields, is_dataclass, replace
from pathlib import Path


import core
from core import rng
from core.bots import Bot, first_actor, levels, make_bot, untimed
from core.protocol import Game
from tests.runtime import NO_SUBPROCESS


ROOT = Path(__file__).resolve().parents[2]
DECISIONS = 12
"""Bot decisions per game: enough to leave set-up in every game, short enough to run fast."""
LIGHT = {"iterations": 6, "samples": 2, "candidates": 4, "playout_depth": 6, "width": 3}
"""Work settings made small so the whole matrix runs in seconds (the code paths stay the same)."""
PROBE = ("import json, sys; sys.path.insert(0, 'tests/protocol'); import test_exact_repeats as t; "
         "print(json.dumps(t.digests()))")
"""What each subprocess runs (from the repository root, so it plays this checkout's engine)."""


def light(bot: Bot) -> Bot:
    """``bot`` untimed and with little work per decision."""
    bot = untimed(bot)
    if is_dataclass(bot) and not isinstance(bot, type):
        names = {f.name for f in fields(bot)}
        bot = replace(bot, **{k: v for k, v in LIGHT.items() if k in names})  # type: ignore[assignment]
    return bot


def record_digest(game: Game, level: str, seed: int = 3) -> str:
    """The SHA-256 of the record of a short seeded game with every seat played by ``level``."""
    state = game.new(seed=seed)
    bots = [light(make_bot(game, level, seed + k)) for k in range(state.players)]
    made = 0
    while not state.is_over and made < DECISIONS:
        actor = first_actor(state)
        if actor < 0:
            action = rng.choice(rng.derive(seed, len(state.history)), state.legal_actions(actor))[1]
        else:
            action = bots[actor].choose(state, actor)
            made += 1
        state = state.apply(action, actor)
    text = json.dumps(state.to_record(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digests() -> dict[str, str]:
    """Every game x every level: its record's digest."""
    return {f"{name}/{level}": record_digest(game, level)
            for name, game in core.GAMES.items() for level in levels(game)}


def test_every_level_accepts_untimed_and_keeps_no_budget() -> None:
    for game in core.GAMES.values():
        for level in levels(game):
            bot = untimed(make_bot(game, level, 1))
            assert getattr(bot, "time_ms", None) is None, (game.name, level)


def test_the_imperio_tactician_repeats_exactly_when_untimed() -> None:
    game = core.GAMES["imperio-bellum"]
    assert record_digest(game, "tactician") == record_digest(game, "tactician")


@NO_SUBPROCESS
def test_records_are_byte_identical_across_hash_seeds() -> None:
    runs = []
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, env=env,
                                timeout=600, check=True)
        runs.append(json.loads(result.stdout))
    assert set(runs[0]) == {f"{n}/{lv}" for n, g in core.GAMES.items() for lv in levels(g)}
    for other in runs[1:]:
        differ = sorted(k for k in runs[0] if runs[0][k] != other[k])
        assert not differ, f"records differ between hash seeds: {differ}"
