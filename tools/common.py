"""Repository paths and the helpers every build step uses (standard library only, Python >= 3.11).

Messages go through :func:`say` (progress) and :func:`stop` (one clear error
line, exit status 2); :func:`run` runs a command and stops the build with its
name when it fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Mapping, NoReturn, Sequence

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
SITE_OUT = ROOT / "_site"
SITE_SRC = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
TESTS = ROOT / "tests"
JS_DIR = TESTS / "js"
NODE_MODULES = JS_DIR / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
AXE_JS = NODE_MODULES / "axe-core" / "axe.min.js"
WHEELS = CACHE / "wheels"
PYTEST_WHEELS = WHEELS / "pyodide-pytest"
"""Pure wheels loaded by path into Pyodide on Node to run pytest there."""
LITE_WHEELS = WHEELS / "lite-pyodide"
"""The kernel's lock packages, saved under the lock's file names."""
PIPLITE_WHEELS = WHEELS / "lite-piplite"
"""Kernel dependencies that are not in the Pyodide lock (served by piplite)."""

PYODIDE_VERSION = "314.0.7"
"""The npm Pyodide, kept in step with the one Panel 1.10.0's converted pages load."""
PYODIDE_PYTHON = "3.14"


def in_ci(env: Mapping[str, str] = os.environ) -> bool:
    """True under continuous integration (``CI`` set to 1/true/yes): nothing may be skipped then."""
    return env.get("CI", "").lower() in ("1", "true", "yes")


IN_CI = in_ci()


def say(message: str) -> None:
    """Print a progress line (flushed, so it interleaves with child output)."""
    print(f"[build] {message}", flush=True)


def stop(message: str) -> NoReturn:
    """Stop with one clear error line and exit status 2."""
    sys.stdout.flush()
    print(f"[build] error: {message}", file=sys.stderr, flush=True)
    raise SystemExit(2)


def run(cmd: Sequence[str | Path], **kwargs: Any) -> None:
    """Run a command, stopping the build with its name if it fails."""
    args = [str(c) for c in cmd]
    result = subprocess.run(args, **kwargs)
    if result.returncode != 0:
        stop(f"command failed ({result.returncode}): {' '.join(args)}")


def venv_tool(name: str) -> str:
    """A console script installed next to the running interpreter (inside ``.venv``)."""
    return str(Path(sys.executable).parent / name)
