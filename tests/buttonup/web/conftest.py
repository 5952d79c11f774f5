"""Fixtures for the Button Up! browser tests, on top of the shared ones in ``tests/conftest.py``.

The shared conftest launches Debian's chromium, aborts every request that leaves
localhost and runs ``panel serve`` per app module (``panel_serve``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture(scope="session")
def buttonup_url(panel_serve: Callable[[str], str]) -> str:
    """The Button Up! page served by ``panel serve``."""
    return panel_serve("buttonup")


@pytest.fixture
def offline_page(page: Any) -> Any:
    """The test's page (offline but for localhost), tall enough to show the whole board."""
    page.set_default_timeout(20_000)
    page.set_viewport_size({"width": 1280, "height": 1000})
    return page
