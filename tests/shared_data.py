"""The team's shared reference data (``../shared``, next to the repository, never copied into it) for tests.

One rule wherever a test reads it: absent locally, the test is skipped with one reason (the same
for every test, so a clone without ``../shared`` gets one line); absent under ``CI=true``, the test
fails.  Tests take the ``shared_path`` fixture (``tests/conftest.py``); helpers that hold a path
as a constant read it through :func:`read_text`.  Standard library and pytest only (the core
tests also run in Pyodide).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

from tools.common import IN_CI, ROOT

SHARED = Path(os.environ.get("RULEBOX_SHARED") or ROOT.parent / "shared").resolve()
"""The team's shared rulebooks and reference data (``RULEBOX_SHARED`` names another folder, e.g. an empty
one to see what a clone without it does)."""


def missing(what: str) -> NoReturn:
    """Skip (locally) or fail (under CI) because ``what`` is absent."""
    if IN_CI:
        pytest.fail(f"{what} is absent (required under CI)")
    pytest.skip(f"{what} is absent")


def require(path: Path) -> Path:
    """``path`` (a file of the shared data), or skip/fail: one reason when the whole folder is absent."""
    if not SHARED.is_dir():
        missing(f"the shared reference data {SHARED}")
    if not path.exists():
        missing(f"the shared reference file {path}")
    return path


def shared_file(relative: str) -> Path:
    """The file ``relative`` of the shared data (``"battle/lesotho-game2.json"``), or skip/fail."""
    return require(SHARED / relative)


def read_text(path: Path) -> str:
    """The text of ``path``; a file of the shared data that is absent skips/fails (:func:`require`)."""
    if path.resolve().is_relative_to(SHARED):
        require(path.resolve())
    return path.read_text(encoding="utf-8")
