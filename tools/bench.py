"""``build.py bench``: the benchmark tables of every game, in CPython and in Pyodide on Node.

The measurements live in ``tests/benchmarks.py`` (generic ones for every
registered game, plus the rows a game contributes in
``tests/<package>/bench_<package>.py``).  This module runs them in this
interpreter, then runs the same file inside Pyodide (``--json``), and prints
one report over both runtimes; the exit status is 1 when a target fails.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType

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


def bench(seconds: float, moves: int) -> int:
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
    return 0 if ok else 1
