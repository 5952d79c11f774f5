"""Run explicitly by ``test_build_tools.py`` (its name keeps pytest from collecting it on its own)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def test_absent_shared_file(shared_path: Callable[[str], Path]) -> None:
    shared_path("no-such-folder/absent.csv")
