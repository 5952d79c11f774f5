"""A clone without ``../shared``: the Battle tests skip with one reason, and fail under ``CI=true``.

The repository's ``tools``, ``pyproject.toml`` and test set-up are copied into a temporary folder
that has no ``shared`` folder beside it (the rest is linked), and the Battle rules tests run there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.common import ROOT

LINKED = ("core", "webapp")
COPIED = ("tools", "pyproject.toml", "tests/conftest.py", "tests/shared_data.py")


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository whose parent folder has no ``shared``."""
    repo = tmp_path_factory.mktemp("no-shared") / "repo"
    (repo / "tests").mkdir(parents=True)
    for name in COPIED:
        source, target = ROOT / name, repo / name
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, target)
    for name in LINKED:
        (repo / name).symlink_to(ROOT / name)
    shutil.copytree(ROOT / "tests/battle/core", repo / "tests/battle/core",
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert not (repo.parent / "shared").exists()
    return repo


def run(repo: Path, ci: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:randomly", "tests/battle/core"],
                          capture_output=True, text=True, cwd=repo, env={**os.environ, "CI": ci}, timeout=600)


def test_without_shared_data_the_battle_tests_skip_with_one_reason(clone: Path) -> None:
    result = run(clone, "")
    assert result.returncode == 0, result.stdout[-3000:]
    reasons = set(re.findall(r"^SKIPPED \[\d+\] [^:]+:\d+: (.*)$", result.stdout, re.M))
    assert reasons == {f"the shared reference data {clone.parent / 'shared'} is absent"}, result.stdout[-3000:]
    assert "Error" not in result.stdout, result.stdout[-3000:]


def test_without_shared_data_the_battle_tests_fail_under_ci(clone: Path) -> None:
    result = run(clone, "true")
    assert result.returncode == 1, result.stdout[-3000:]
    assert "required under CI" in result.stdout and "FileNotFoundError" not in result.stdout
    assert " skipped" not in result.stdout.splitlines()[-1]
