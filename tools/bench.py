"""``build.py bench``: the benchmark tables of every game, in CPython and in Pyodide on Node.

The measurements live in ``tests/benchmarks.py`` (generic ones for every
registered game, plus the rows a game contributes in
``tests/<package>/bench_<package>.py``).  This module runs them in this
interpreter, then runs the same file inside Pyodide (``--json``), and prints
one report over both runtimes; the exit status is 1 when a target fails.  Then
it times every game page's first board in Chromium (:mod:`tools.first_board`) and every
tutorial's first output in JupyterLite (:mod:`tools.first_output`), and how long a bot's whole turn takes to
show on its page (:mod:`tools.bot_turn`).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType

from tools import bot_turn, first_board, first_output
from tools.common import TESTS, say, stop
from tools.pyodide_node import missing, run_in_pyodide

BENCHMARKS = TESTS / "benchmarks.py"


def benchmarks_module() -> ModuleType:
    """``tests/benchmarks.py`` as a module (``tests`` is not a package)."""
    spec = importlib.util.spec_from_file_location("rulebox_benchmarks", BENCHMARKS)
    assert spec and spec.loader, BENCHMARKS
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


LADDER_GAMES = {
    "button-men": ("random", "greedy", "mcts", "lookahead"),
    "button-man-braille": ("random", "greedy", "mcts", "lookahead"),
}
"""The two-player dice games whose bot levels the ladder plays (one-round matches, each deal from both seats)."""
FIRST_BOARD_LOADS = 3
"""Cold page loads per time-to-first-board figure (the median is shown)."""
MIN_DEFAULT_SCORE = 0.60
"""The default level's score against greedy, at least (issue 12)."""


def ladder(matches: int) -> bool:
    """Play and print the bot ladder of :data:`LADDER_GAMES` in CPython; True when every default level
    scores at least :data:`MIN_DEFAULT_SCORE` against greedy."""
    import core
    from core import ladder as bot_ladder

    ok = True
    for name, names in LADDER_GAMES.items():
        game = core.get_game(name)
        say(f"bot ladder of {game.title}: {matches} one-round matches per pair")
        result = bot_ladder.run(game, names, matches, 0, {"max_wins": 1})
        print(bot_ladder.report(game, result))
        against = [p for p in result.pairings if {p.first, p.second} == {"greedy", game.default_bot}]
        for p in against:
            score = p.score if p.first == game.default_bot else 1 - p.score
            passed = score >= MIN_DEFAULT_SCORE
            ok &= passed
            print(f"  default level {game.default_bot} against greedy: {score:.1%} "
                  f"(target >= {MIN_DEFAULT_SCORE:.0%}) {'PASS' if passed else 'FAIL'}")
    return ok


def strength(matches: int, seed: int) -> int:
    """Refit ButtonMen Battle's button strength model (``core/battle/strength.json``)."""
    from core.battle import strength_fit

    return strength_fit.main(["--matches", str(matches), "--seed", str(seed),
                              "--out", str(TESTS.parent / "core" / "battle" / "strength.json")])


def bench(seconds: float, moves: int, ladder_matches: int = 0) -> int:
    """Measure every game in CPython and Pyodide and print the report; 0 when all targets pass."""
    benchmarks = benchmarks_module()
    say("benchmarking in CPython")
    runs = [benchmarks.run_all(seconds, moves)]
    lacking = missing()
    if lacking:
        say(f"not benchmarking in Pyodide: missing {', '.join(lacking)}")
    else:
        say("benchmarking in Pyodide on Node")
        result = run_in_pyodide([str(BENCHMARKS), "--json", "--seconds", str(seconds), "--moves", str(moves)])
        if result.returncode != 0:
            print(result.stdout[-4000:], result.stderr[-4000:], sep="\n")
            stop("the benchmark failed in Pyodide (its output is above)")
        runs.append(json.loads(result.stdout.strip().splitlines()[-1]))
    report, ok = benchmarks.report(*runs)
    print(report)
    lacking_browser = first_board.have_browser()
    if lacking_browser:
        say(f"not measuring the time to first board: {lacking_browser}")
    else:
        print(first_board.report(first_board.measure(loads=FIRST_BOARD_LOADS), FIRST_BOARD_LOADS))
        print(first_output.report(first_output.measure()))
        table, turn_ok = bot_turn.report(bot_turn.measure())
        print(table)
        ok &= turn_ok
    if ladder_matches:
        ok &= ladder(ladder_matches)
    return 0 if ok else 1
