"""Marks for tests that need what only one runtime has (the core tests also run inside Pyodide on Node)."""

from __future__ import annotations

import sys

import pytest

NO_SUBPROCESS = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide runs no subprocess")
"""Skip a test that starts a subprocess when it runs inside Pyodide."""
