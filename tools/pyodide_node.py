"""Running repository Python inside real Pyodide on Node, offline.

``tests/pyodide/run.mjs`` loads npm Pyodide from ``tests/js/node_modules``,
mounts the repository's parent folder at its own path (so ``../shared`` is
there too), puts the repository first on ``sys.path`` and runs a script or a
module; pure wheels are loaded by path.  Used by the Pyodide test layer and the
benchmark.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from tools.common import PYODIDE_DIR, ROOT, TESTS

RUNNER = TESTS / "pyodide" / "run.mjs"


def missing() -> list[str]:
    """What is lacking to run Pyodide on Node (empty when it can run)."""
    lacking = [] if shutil.which("node") else ["node (apt-get install nodejs)"]
    if not (PYODIDE_DIR / "pyodide.mjs").exists():
        lacking.append(f"{PYODIDE_DIR} (python3 build.py setup)")
    return lacking


def run_in_pyodide(target: Sequence[str], wheels: Path | None = None,
                   timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    """Run a repository script or module (``-m name``) in Pyodide on Node; output captured."""
    cmd = ["node", str(RUNNER), "--pyodide", str(PYODIDE_DIR), "--mount", str(ROOT.parent), "--path", str(ROOT)]
    if wheels:
        cmd += ["--wheels", str(wheels)]
    return subprocess.run([*cmd, "--", *target], capture_output=True, text=True, cwd=ROOT, timeout=timeout)
