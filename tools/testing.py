"""``build.py test``: every check in order, each timed, then one summary table.

The steps: ruff, mypy, the site build into ``_site`` (the browser tests use it
through ``RULEBOX_SITE``), pytest without the browser tests (engine, engine in
Pyodide on Node, app logic, notebooks) and pytest with them (apps, static site,
JupyterLite in Chromium).  The two pytest sessions are separate because
Playwright's sync API keeps an event loop running on the main thread, which
breaks later tests that call ``asyncio.run()``.  A pytest session that selects
no test (exit status 5, e.g. after ``-k``) is reported as such, not as a
failure, unless no session selected any test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tools.common import ROOT, SITE_OUT, say, venv_tool

NO_TESTS = 5
"""pytest's exit status when no test was collected or selected."""


@dataclass
class Step:
    """One check of ``build.py test`` and how it went."""

    name: str
    cmd: list[str]
    is_pytest: bool = False
    status: str = "SKIP"
    """PASS, FAIL, NONE (pytest selected no test) or SKIP (not run)."""
    seconds: float = 0.0


FAILED_SHOTS = ROOT / "test-artifacts" / "browser-failures"
"""Where a failed browser test leaves a screenshot of its page (git-ignored, like the page screenshots)."""


def steps(pytest_args: Sequence[str]) -> list[Step]:
    """The checks, in the order they run."""
    python = sys.executable
    pytest = [python, "-m", "pytest", "tests"]
    return [
        Step("ruff", [venv_tool("ruff"), "check", "."]),
        Step("mypy", [venv_tool("mypy")]),
        Step("site build", [python, str(ROOT / "build.py"), "site"]),
        Step("pytest: engine, Pyodide on Node, app logic, notebooks",
             [*pytest, "-m", "not browser", *pytest_args], is_pytest=True),
        Step("pytest: browser (apps, static site, JupyterLite)",
             [*pytest, "-m", "browser", "--screenshot", "only-on-failure", "--output", str(FAILED_SHOTS),
              *pytest_args], is_pytest=True),
    ]


def run_step(step: Step, env: dict[str, str]) -> None:
    """Run one check, streaming its output; record its status and time."""
    say(f"--- {step.name}: {' '.join(step.cmd)}")
    started = time.perf_counter()
    code = subprocess.run(step.cmd, cwd=ROOT, env=env).returncode
    step.seconds = time.perf_counter() - started
    step.status = "PASS" if code == 0 else "NONE" if step.is_pytest and code == NO_TESTS else "FAIL"


def verdict(done: Sequence[Step]) -> tuple[bool, str]:
    """Whether the run passed, and why not."""
    failed = [s.name for s in done if s.status == "FAIL"]
    if failed:
        return False, f"failed: {', '.join(failed)}"
    if all(s.status == "NONE" for s in done if s.is_pytest):
        return False, "no test was selected (check the pytest arguments)"
    return True, "all checks passed"


def test(pytest_args: Sequence[str]) -> int:
    """Lint, type-check, build the site and run every test layer; print a summary; 0 when all pass."""
    env = {**os.environ, "RULEBOX_SITE": str(SITE_OUT)}
    todo = steps(pytest_args)
    started = time.perf_counter()
    for step in todo:
        run_step(step, env)
    ok, why = verdict(todo)
    print("\n" + "=" * 72)
    print("build.py test summary")
    for step in todo:
        note = "  (no test selected)" if step.status == "NONE" else ""
        print(f"  {step.status:4}  {step.name:<55} {step.seconds:7.1f} s{note}")
    print(f"  total {time.perf_counter() - started:.1f} s; {why}")
    return 0 if ok else 1
