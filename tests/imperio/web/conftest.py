"""Fixtures for the Imperio Bellum browser tests, on top of the shared ones in ``tests/conftest.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture(scope="session")
def imperio_url(panel_serve: Callable[[str], str]) -> str:
    """The Imperio Bellum page served by ``panel serve``."""
    return panel_serve("imperio")


@pytest.fixture
def tall_page(page: Any) -> Any:
    """The test's page (offline but for localhost), tall enough for the board and its controls."""
    page.set_default_timeout(20_000)
    page.set_viewport_size({"width": 1400, "height": 1200})
    return page
