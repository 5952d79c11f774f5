"""Python 3.14 bytecode for the tutorials' Pyodide, made at build time (``python -m tools.bytecode`` runs inside
Pyodide on Node, where the interpreter is the browser's own).

Pyodide never writes ``.pyc`` files, so a kernel compiles every module it imports from source at each start:
the standard library, IPython and its helpers, the engine.  That compiling was most of a tutorial's start-up
(``import IPython`` in Pyodide on Node: 9.3 s from source, 1.2 s from bytecode, on a loaded 2-core machine).
:func:`compile_archives` replaces the modules' sources in ``python_stdlib.zip`` and in every wheel by their
bytecode (``<name>.pyc`` where ``<name>.py`` was, as Pyodide's own "pyc" distribution does: with both, the
first visit would grow by 8 MB instead of 3), except in the engine's wheel (:data:`KEEP_SOURCES`), which gets
``__pycache__/<name>.cpython-314.pyc`` beside its sources.  The bytecode is unchecked hash-based: Python uses
it without looking at a source's time.
"""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path


def bytecode(source: bytes, name: str) -> bytes | None:
    """The unchecked hash-based ``.pyc`` of a module's source, or None for source that does not compile."""
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


KEEP_SOURCES = "rulebox-"
"""The wheel that keeps its sources (the engine's: a tutorial's traceback or ``??`` shows its code)."""


def pyc_name(source: str, beside: bool) -> str:
    """Where the bytecode of the archive member ``source`` goes: in its place (``<name>.pyc``, read without a
    source) or in its ``__pycache__`` (beside the source)."""
    return source[:-3] + ".pyc" if beside else str(importlib.util.cache_from_source(source))


def add_bytecode(archive: Path) -> int:
    """Rewrite a wheel or ``python_stdlib.zip`` with its modules' sources replaced by their bytecode (the
    engine's wheel: with their bytecode added); the number of modules compiled."""
    beside = not archive.name.startswith(KEEP_SOURCES)
    with zipfile.ZipFile(archive) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    names = {info.filename for info, _ in members}
    buffer, added = io.BytesIO(), 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info, data in members:
            target = pyc_name(info.filename, beside) if info.filename.endswith(".py") else None
            code = bytecode(data, info.filename) if target and target not in names else None
            if code is None or not beside:
                new.writestr(info, data, zipfile.ZIP_DEFLATED, 9)
            if target and code is not None:
                new.writestr(zipfile.ZipInfo(target, info.date_time), code, zipfile.ZIP_DEFLATED, 9)
                added += 1
    archive.write_bytes(buffer.getvalue())
    return added


def compile_archives(archives: Sequence[Path]) -> None:
    """Add bytecode to these wheels and zips, compiled by Pyodide's own Python on Node (the build's Python is
    another version, whose bytecode Pyodide cannot read)."""
    from tools.common import PYODIDE_DIR, ROOT, run
    from tools.pyodide_node import RUNNER

    folders = sorted({str(path.resolve().parent) for path in archives})
    mounts = [arg for folder in [str(ROOT), *folders] for arg in ("--mount", folder)]
    run(["node", RUNNER, "--pyodide", PYODIDE_DIR, *mounts, "--path", ROOT, "--", "-m", "tools.bytecode",
         *(str(path.resolve()) for path in archives)], cwd=ROOT, stdout=subprocess.DEVNULL)


def main(paths: Sequence[str]) -> int:
    """Inside Pyodide: add bytecode to each archive named."""
    if sys.implementation.cache_tag != "cpython-314":
        print(f"tools.bytecode runs in Pyodide's Python 3.14, not {sys.implementation.cache_tag}", file=sys.stderr)
        return 2
    for path in paths:
        add_bytecode(Path(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
