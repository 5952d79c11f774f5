"""A clone without ``../shared``: every test that reads the shared reference data skips with one reason,
and fails under ``CI=true``; none meets a raw ``FileNotFoundError``.

``RULEBOX_SHARED`` points the tests at a folder that does not exist (what a clone without ``../shared``
sees), and the test files that read the data run in a child pytest.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools.common import ROOT

READERS = (
    "tests/battle/core",
    "tests/battle/web/test_battle_app.py",
    "tests/buttonmen/core/test_bm_conformance.py",
    "tests/buttonmen/core/test_bm_roster.py",
    "tests/fairsquare/core/test_fs_rulings.py",
    "tests/imperio/core/test_ib_odds.py",
    "tests/site/test_rules_pages.py::test_summaries_are_written_in_our_own_words",
)
"""Every test file (or test) that reads ``../shared``."""


@pytest.fixture(scope="module")
def absent(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A shared folder that does not exist."""
    return tmp_path_factory.mktemp("clone") / "shared"


def run(absent: Path, ci: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CI": ci, "RULEBOX_SHARED": str(absent)}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:randomly", "-m", "not browser",
                           *READERS], capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)


def test_without_shared_data_the_tests_skip_with_one_reason(absent: Path) -> None:
    result = run(absent, "")
    assert result.returncode == 0, result.stdout[-3000:]
    reasons = set(re.findall(r"^SKIPPED \[\d+\] [^:]+:\d+: (.*)$", result.stdout, re.M))
    assert reasons == {f"the shared reference data {absent} is absent"}, result.stdout[-3000:]
    assert "Error" not in result.stdout, result.stdout[-3000:]


def test_without_shared_data_the_tests_fail_under_ci(absent: Path) -> None:
    result = run(absent, "true")
    assert result.returncode == 1, result.stdout[-3000:]
    assert "required under CI" in result.stdout and "FileNotFoundError" not in result.stdout
    assert " skipped" not in result.stdout.splitlines()[-1]
