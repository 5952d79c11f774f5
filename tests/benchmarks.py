"""Benchmarks of every registered game, the same code on CPython and in Pyodide.

``python3 build.py bench`` imports this module on CPython and runs it as a script
inside Pyodide on Node (``--json`` prints the results as one JSON line), then
prints :func:`report`.  Everything is generic over ``core.GAMES``: random
playouts (moves/s, games/s) and the move time of every bot level
(``core.bots.levels``).  A game's test folder may contribute its own rows:
``tests/<package>/bench_<package>.py`` defines ``ROWS: dict[str, Callable[[],
str]]`` (label -> the measured figure as text); each runs in both runtimes and
a row that raises or returns no text fails the report.  A game may also have a
minimal hand-written model of
its rules in :data:`MINIMAL_MODELS`; the engine's playout speed is then compared
with it side by side, in each runtime (:func:`side_by_side`; target: at least :data:`MIN_RATIOS`
of its moves/s, else :data:`MIN_RATIO`: Button Up! at least 35 %, every other game at least 20 %).  The default
level of Button Up!, Button Men and the braille variant must also move in under
0.5 s in Pyodide (:data:`MAX_DEFAULT_BOT_SECONDS`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import core
from core import bots

MIN_RATIO = 0.20
"""The engine's moves/s over its minimal model's, at least (games with a minimal model)."""
MIN_RATIOS = {"button-up": 0.35}
"""Per game: a higher minimum than :data:`MIN_RATIO` (Button Up!: issue 21, the protocol's per-action path)."""
MAX_DEFAULT_BOT_SECONDS = {"button-up": 0.5, "button-men": 0.5, "button-man-braille": 0.5}
"""Per game: the default-level bot's mean move time in Pyodide, at most."""
SIDE_BY_SIDE = 3
"""CPU time of the side-by-side comparison with a minimal model, in playout measurements (``--seconds``)."""
MAX_ACTIONS = 100_000
"""A playout longer than this is a bug in the rules (they must end)."""
TESTS = Path(__file__).resolve().parent


# --------------------------------------------------------------------------- minimal models


def minimal_sow(stacks: list[str], index: int) -> tuple[list[str], bool]:
    """Sow ``stacks[index]`` clockwise; return the new circle and whether the last button matched."""
    lifted, n = stacks[index], len(stacks)
    reach = min(len(lifted), n - 1)
    new = stacks[:]
    for j in range(reach - 1):
        new[(index + 1 + j) % n] += lifted[j]
    target = (index + reach) % n
    last = lifted[reach - 1]
    matched = new[target][-1] == last and len(lifted) < n
    new[target] += lifted[reach - 1:]
    del new[index]
    return new, matched


def minimal_buttonup_game(rnd: random.Random) -> int:
    """One random Button Up! game with the default rules, as plain functions; returns its moves."""
    points, mover, moves = [0, 0], rnd.randrange(2), 0
    while max(points) < 15:
        stacks = list("RRRBBBWWW")
        rnd.shuffle(stacks)
        while len(stacks) > 1:
            index = rnd.choice([i for i, s in enumerate(stacks) if "W" in s])
            stacks, matched = minimal_sow(stacks, index)
            mover = mover if matched else 1 - mover
            moves += 1
        red = sum(h for h, b in enumerate(stacks[0], 1) if b == "R")
        black = sum(h for h, b in enumerate(stacks[0], 1) if b == "B")
        points[0] += max(red - black, 0)
        points[1] += max(black - red, 0)
        mover = 0 if points[0] < points[1] else 1
    return moves


MINIMAL_MODELS: dict[str, Callable[[random.Random], int]] = {"button-up": minimal_buttonup_game}
"""Hand-written minimal models of a game's rules (one random game -> its move count)."""


# --------------------------------------------------------------------------- measurements


def rate(play_one: Callable[[int], int], seconds: float) -> dict[str, float]:
    """Play games (seed 0, 1, ...) for about ``seconds``; moves/s and games/s."""
    moves = games = 0
    start = time.perf_counter()
    while True:
        moves += play_one(games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"moves_per_s": moves / elapsed, "games_per_s": games / elapsed, "games": games}


def random_step(state: core.State, rnd: random.Random) -> core.State:
    """The state after a uniformly random legal action of :func:`core.bots.first_actor`."""
    actor = bots.first_actor(state)
    return state.apply(rnd.choice(state.legal_actions(actor)), actor)


def side_by_side(game: core.Game, model: Callable[[random.Random], int], seconds: float) -> dict[str, float]:
    """The minimal model's moves/s (``moves_per_s``) and the engine's (``engine_moves_per_s``), in CPU time
    over the same seeds interleaved game by game (each seed's game through the protocol, then in the model)
    for about ``seconds`` of CPU time in all: other work on the machine slows neither side alone, and a
    long run keeps the ratio steady from one run to the next (0.1 s of play moved it by 3 points)."""
    engine_moves = model_moves = seed = 0
    engine_time = model_time = 0.0
    while engine_time + model_time < seconds:
        start = time.process_time()
        engine_moves += random_game(game, seed)
        middle = time.process_time()
        model_moves += model(random.Random(seed))
        engine_time += middle - start
        model_time += time.process_time() - middle
        seed += 1
    return {"moves_per_s": model_moves / model_time, "engine_moves_per_s": engine_moves / engine_time}


def random_game(game: core.Game, seed: int) -> int:
    """One random playout through the protocol; returns its number of actions."""
    rnd = random.Random(seed)
    state = game.new(seed=seed)
    actions = 0
    while not state.is_over:
        state = random_step(state, rnd)
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{game.name}: a random playout of seed {seed} did not end")
    return actions


def sample_positions(game: core.Game, count: int) -> list[core.State]:
    """``count`` positions spread over one random game (seed 1), each with a seat that may act."""
    rnd = random.Random(1)
    state, seen = game.new(seed=1), []
    while not state.is_over:
        if bots.first_actor(state) >= 0:
            seen.append(state)
        state = random_step(state, rnd)
    step = max(len(seen) // count, 1)
    return seen[::step][:count]


def bot_times(game: core.Game, positions: list[core.State]) -> dict[str, dict[str, float]]:
    """Mean and max seconds per move of every bot level on the same positions."""
    times = {}
    for level in bots.levels(game):
        bot = bots.make_bot(game, level, seed=0)
        spent = []
        for state in positions:
            start = time.perf_counter()
            bot.choose(state, bots.first_actor(state))
            spent.append(time.perf_counter() - start)
        times[level] = {"mean_s": sum(spent) / len(spent), "max_s": max(spent)}
    return times


def bench_file(game: core.Game) -> Path:
    """Where a game's own rows live: ``tests/<package>/bench_<package>.py`` (``core.<package>``)."""
    package = type(game).__module__.split(".")[1]
    return TESTS / package / f"bench_{package}.py"


def load_rows(path: Path) -> dict[str, Callable[[], str]]:
    """The ``ROWS`` of a game's bench file (its folder goes on ``sys.path`` for its helpers)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and pickling look their module up there
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    spec.loader.exec_module(module)
    rows = getattr(module, "ROWS", None)
    if not isinstance(rows, dict) or not all(isinstance(k, str) and callable(v) for k, v in rows.items()):
        raise TypeError(f"{path}: ROWS must be a dict of label -> function returning text")
    return rows


def measure_rows(rows: dict[str, Callable[[], str]]) -> dict[str, dict[str, Any]]:
    """Every contributed row's figure (``text``) and whether it was measured (``ok``)."""
    measured = {}
    for label, function in rows.items():
        try:
            value: Any = function()
            ok = isinstance(value, str)
            text = value if ok else f"error: returned {type(value).__name__}, not text"
        except Exception as error:  # a failing row is reported, not fatal
            ok, text = False, f"error: {type(error).__name__}: {error}"
        measured[label] = {"text": text[:60], "ok": ok}
    return measured


def run_all(seconds: float = 1.0, moves: int = 3) -> dict[str, Any]:
    """Every measurement of every game in this runtime."""
    results: dict[str, Any] = {"runtime": f"{platform.python_implementation()} {platform.python_version()}"
                               f"{' (Pyodide)' if sys.platform == 'emscripten' else ''}", "games": {}}
    for name, game in core.GAMES.items():
        row: dict[str, Any] = {"title": game.title, "default_bot": game.default_bot}
        row["engine"] = rate(lambda seed, g=game: random_game(g, seed), seconds)  # type: ignore[misc]
        if name in MINIMAL_MODELS:
            row["minimal"] = side_by_side(game, MINIMAL_MODELS[name], SIDE_BY_SIDE * seconds)
        row["bots"] = bot_times(game, sample_positions(game, moves))
        if bench_file(game).exists():
            row["rows"] = measure_rows(load_rows(bench_file(game)))
        results["games"][name] = row
    return results


# --------------------------------------------------------------------------- report


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def game_report(name: str, runs: list[dict[str, Any]]) -> tuple[list[str], bool]:
    """The table of one game over the runtimes; whether its targets pass."""
    rows = [r["games"][name] for r in runs]
    contributed = [(label, figure["text"]) for r in rows for label, figure in r.get("rows", {}).items()]
    wide = max([34, *(len(label) + 1 for label, _ in contributed)])
    cell = max([26, *(len(text) + 2 for _, text in contributed)])
    lines = [f"\n{rows[0]['title']} ({name})", f"  {'':{wide}}" + "".join(f"{r['runtime']:>{cell}}" for r in runs)]

    def line(label: str, cells: list[str]) -> None:
        lines.append(f"  {label:{wide}}" + "".join(f"{c:>{cell}}" for c in cells))

    line("random playouts  moves/s", [f"{r['engine']['moves_per_s']:,.0f}" for r in rows])
    line("random playouts  games/s", [f"{r['engine']['games_per_s']:,.1f}" for r in rows])
    ok = True
    if all("minimal" in r for r in rows):
        line("minimal model    moves/s (CPU)", [f"{r['minimal']['moves_per_s']:,.0f}" for r in rows])
        line("engine beside it moves/s (CPU)", [f"{r['minimal']['engine_moves_per_s']:,.0f}" for r in rows])
        ratios = [r["minimal"]["engine_moves_per_s"] / r["minimal"]["moves_per_s"] for r in rows]
        least = MIN_RATIOS.get(name, MIN_RATIO)
        passed = [x >= least for x in ratios]
        ok &= all(passed)
        cells = [f"{x:.0%} {verdict(p)}" for x, p in zip(ratios, passed, strict=True)]
        line(f"engine/minimal (>= {least:.0%})", cells)
    default = rows[0].get("default_bot", bots.DEFAULT_LEVEL)
    for level in rows[0]["bots"]:
        mark = " (default)" if level == default else ""
        line(f"bot {level}{mark} s/move mean (max)",
             [f"{r['bots'][level]['mean_s']:.3f} ({r['bots'][level]['max_s']:.3f})" for r in rows])
    for label in dict.fromkeys(k for r in rows for k in r.get("rows", {})):
        missing: dict[str, Any] = {"text": "error: not measured", "ok": False}
        figures = [r.get("rows", {}).get(label, missing) for r in rows]
        ok &= all(f["ok"] for f in figures)
        line(label, [f["text"] for f in figures])
    pyodide = [r for run, r in zip(runs, rows, strict=True) if "Pyodide" in run["runtime"]]
    limit = MAX_DEFAULT_BOT_SECONDS.get(name)
    if pyodide and limit is not None and default in pyodide[0]["bots"]:
        mean = pyodide[0]["bots"][default]["mean_s"]
        passed = mean < limit
        ok &= passed
        lines.append(f"  default-level bot ({default}) in Pyodide: {mean:.3f} s/move "
                     f"(target < {limit} s) {verdict(passed)}")
    return lines, ok


def report(*runs: dict[str, Any]) -> tuple[str, bool]:
    """The benchmark tables of all games over the given runtimes, and whether all targets pass."""
    lines, ok = ["Rulebox benchmark (random playouts; bot levels timed on the same positions)"], True
    for name in runs[0]["games"]:
        game_lines, game_ok = game_report(name, list(runs))
        lines += game_lines
        ok &= game_ok
    lines.append(f"\nall targets: {verdict(ok)}")
    return "\n".join(lines), ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per playout measurement")
    parser.add_argument("--moves", type=int, default=3, help="bot moves timed per level")
    parser.add_argument("--json", action="store_true", help="print the raw results as one JSON line")
    args = parser.parse_args()
    results = run_all(args.seconds, args.moves)
    if args.json:
        print(json.dumps(results))
        return 0
    text, ok = report(results)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
