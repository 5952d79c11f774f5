"""The shell's static files (JavaScript, CSS, the page template), read once at import."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"


def asset(name: str, folder: Path = STATIC) -> str:
    """The text of static file ``name`` in ``folder`` (default: the shell's own)."""
    return (folder / name).read_text(encoding="utf-8")
