"""Rules the web layer's source keeps: Panel's public interface only, few type narrowings, short modules."""

from __future__ import annotations

import re
from pathlib import Path

import webapp

WEBAPP = Path(webapp.__file__).parent
MAX_LINES = 400
"""The longest a module of ``webapp/`` may be (split a longer one along its seams)."""
MAX_NARROWINGS = 10
"""``assert isinstance`` lines the whole of ``webapp/`` may hold (views and boards are typed by their state)."""


def sources() -> dict[str, str]:
    """Every Python module of ``webapp/``, by its path inside the package."""
    return {str(path.relative_to(WEBAPP)): path.read_text(encoding="utf-8") for path in sorted(WEBAPP.rglob("*.py"))}


def test_the_sources_are_found() -> None:
    assert {"shell/game_page.py", "shell/boards.py", "imperio/page.py"} <= set(sources())


def test_no_module_reads_panels_private_state() -> None:
    private = re.compile(r"\bpn\.state\._|\bpanel\.state\._|\bstate\._\w+\(")
    found = [f"{name}:{number}: {line.strip()}" for name, text in sources().items()
             for number, line in enumerate(text.splitlines(), 1) if private.search(line)]
    assert found == [], "Panel's private state (use its public API: pn.state.execute, pn.io.hold, ...)"


def test_few_isinstance_narrowings() -> None:
    found = [f"{name}:{number}" for name, text in sources().items()
             for number, line in enumerate(text.splitlines(), 1) if "assert isinstance(" in line]
    assert len(found) <= MAX_NARROWINGS, found


def test_no_module_is_longer_than_400_lines() -> None:
    lengths = {name: len(text.splitlines()) for name, text in sources().items()}
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}
