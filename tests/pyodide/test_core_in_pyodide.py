"""The core test suite, run again inside real Pyodide 314.0.7 on Node (offline).

Pyodide comes from the npm package in ``tests/js``; pytest and its dependencies
are pure wheels loaded by path (both installed by ``python3 build.py setup``).
:mod:`tools.pyodide_node` mounts the repository's parent at its own path, so the
core tests (``tests/protocol`` and every ``tests/<game>/core``) run unchanged on
the browser's Python 3.14 / wasm32, with ``../shared`` in reach.
"""

from __future__ import annotations

from collections.abc import Callable

from tools.common import PYTEST_WHEELS, TESTS
from tools.pyodide_node import missing, run_in_pyodide


def core_test_folders() -> list[str]:
    """``tests/protocol`` and every game's ``tests/<game>/core``."""
    return [str(TESTS / "protocol"), *map(str, sorted(TESTS.glob("*/core")))]


def test_core_tests_pass_in_pyodide(require: Callable[[bool, str], None]) -> None:
    lacking = missing() + ([] if PYTEST_WHEELS.is_dir() else [f"{PYTEST_WHEELS} (python3 build.py setup)"])
    require(not lacking, f"cannot run Pyodide on Node: missing {', '.join(lacking)}")
    folders = core_test_folders()
    assert len(folders) > 1, "no tests/<game>/core folder found"
    # -v names each test before it runs: a fatal Pyodide error (a wasm stack overflow) then shows which.
    result = run_in_pyodide(["-m", "pytest", "-v", "-p", "no:cacheprovider", *folders], wheels=PYTEST_WHEELS)
    output = result.stdout + result.stderr
    print(output[-6000:])
    assert result.returncode == 0, f"core tests failed inside Pyodide:\n{output[-6000:]}"
    assert " passed" in output and " failed" not in output
