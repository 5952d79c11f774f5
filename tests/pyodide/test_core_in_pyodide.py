"""The core test suite, run again inside real Pyodide 314.0.7 on Node (offline).

Pyodide comes from the npm package in ``tests/js``; pytest and its dependencies
are pure wheels loaded by path (both installed by ``python3 build.py setup``).
The repository's parent is mounted at its own path, so the core tests (``tests/protocol`` and
every ``tests/<game>/core``) run
unchanged on the browser's Python 3.14 / wasm32.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any


def test_core_tests_pass_in_pyodide(rulebox_build: Any, require: Callable[[bool, str], None]) -> None:
    build = rulebox_build
    for needed in (build.PYODIDE_DIR / "pyodide.mjs", build.PYTEST_WHEELS):
        require(needed.exists(), f"{needed} is missing: run `python3 build.py setup`")
    require(shutil.which("node") is not None, "node is not installed")
    tests = [str(build.ROOT / "tests" / "protocol"), *map(str, sorted((build.ROOT / "tests").glob("*/core")))]
    result = build.run_in_pyodide(["-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
                                  wheels=build.PYTEST_WHEELS)
    output = result.stdout + result.stderr
    print(output[-6000:])
    assert result.returncode == 0, f"core tests failed inside Pyodide:\n{output[-6000:]}"
    assert " passed" in output and " failed" not in output
