"""Build-time rewrites of the tutorials' kernel for a quicker start (:mod:`tools.lite` applies them).

Each rewrites a pinned part of JupyterLite's kernel (IPython's wheel, piplite's wheel, the kernel worker's script)
and stops the build with one line when that part no longer reads as expected, rather than ship it unchanged.
"""

from __future__ import annotations

import ast
import zipfile
from pathlib import Path

from tools.common import stop

EAGER_EMBED = "from .terminal.embed import embed\n"
LAZY_EMBED = '''

def __getattr__(name):
    """Rulebox's build: ``IPython.embed`` (the terminal, with prompt_toolkit) is imported when first used."""
    if name == "embed":
        from .terminal.embed import embed
        return embed
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")
'''


def lazy_terminal(wheel: Path) -> None:
    """Rewrite IPython's wheel so that ``import IPython`` leaves out its terminal: ``IPython/__init__.py`` imports
    ``IPython.terminal.embed`` (and with it prompt_toolkit, about 200 modules) for ``IPython.embed`` alone,
    which a kernel never calls; here ``embed`` is imported on first use (a module ``__getattr__``), so every
    kernel starts without the terminal (about 0.4 s less in Pyodide on Node)."""
    init = "IPython/__init__.py"
    with zipfile.ZipFile(wheel) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    source = dict((info.filename, data) for info, data in members).get(init, b"").decode()
    if source.count(EAGER_EMBED) != 1:
        stop(f"{wheel.name}: {init} no longer imports the terminal as this build expects ({EAGER_EMBED.strip()})")
    patched = (source.replace(EAGER_EMBED, "") + LAZY_EMBED).encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in members:
            new.writestr(info, patched if info.filename == init else data)


PIPLITE_MODULE = "piplite/piplite.py"
LOADER = "_load_micropip"
FUTURE = "from __future__ import annotations\n"
DEFERRED = ("micropip", "unittest.mock")
"""What piplite imports at its top for ``piplite.install`` alone (and the kernel worker imports piplite first)."""


def deferred_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The top-level imports of :data:`DEFERRED` modules in ``tree``."""
    def module(node: ast.Import | ast.ImportFrom) -> str:
        return node.module or "" if isinstance(node, ast.ImportFrom) else node.names[0].name
    return [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
            and module(node).split(".")[0] in {name.split(".")[0] for name in DEFERRED}]


def lazy_micropip(wheel: Path) -> None:
    """Rewrite piplite's wheel so that ``import piplite`` leaves micropip (and ``unittest.mock``) out until
    ``piplite.install`` runs: about 0.4 s of every tutorial's start, spent compiling packaging's regular
    expressions for an install the tutorials never make.  Those imports move into a function that binds the same
    module names once, called first by every function that uses them, so before ``_install`` patches micropip
    (piplite keeps micropip's own ``query_package`` for its PyPI fallback, as before)."""
    with zipfile.ZipFile(wheel) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    source = dict((info.filename, data) for info, data in members).get(PIPLITE_MODULE, b"").decode()
    tree = ast.parse(source)
    moved = deferred_imports(tree)
    names = sorted({alias.asname or alias.name.split(".")[0] for node in moved for alias in node.names})
    if "micropip" not in names or FUTURE in source:
        stop(f"{wheel.name}: {PIPLITE_MODULE} no longer imports micropip as this build expects")
    start = tree.body[1 if ast.get_docstring(tree) is not None else 0]
    calls = {start.lineno: FUTURE}  # the annotations that name micropip's classes stay unevaluated (as in 3.14)
    for node in tree.body:
        if node in moved or not set(names) & {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}:
            continue
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or len(node.body) < 2:
            stop(f"{wheel.name}: {PIPLITE_MODULE} uses micropip at import, which this build cannot defer")
        first = node.body[1] if ast.get_docstring(node) is not None else node.body[0]
        calls[first.lineno] = " " * first.col_offset + f"{LOADER}()\n"
    skipped = {line for node in moved for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
    kept = [calls.get(number, "") + ("" if number in skipped else line)
            for number, line in enumerate(source.splitlines(keepends=True), 1)]
    imports = "".join(f"    {ast.get_source_segment(source, node)}\n" for node in moved)
    loader = (f"\n\ndef {LOADER}():\n"
              f"    \"\"\"Rulebox's build: piplite's imports of micropip, made on first use.\"\"\"\n"
              f"    global {', '.join(names)}\n"
              f"    if all(name in globals() for name in {tuple(names)!r}):\n        return\n{imports}")
    patched = ("".join(kept) + loader).encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in members:
            new.writestr(info, patched if info.filename == PIPLITE_MODULE else data)


PIPLITE_IMPORT = "\n      import piplite.piplite\n"
"""The kernel worker's first Python import after Pyodide has loaded (in ``initPackageManager``)."""
DRIVE_LAST = "\n      import sys\n      sys.path[:] = [*filter(None, sys.path), \"\"]" + PIPLITE_IMPORT


def drive_searched_last(extension: Path) -> None:
    """Have the kernel look for modules in the notebook's folder ("" on ``sys.path``) after its own packages.

    The kernel's working folder is the browser's storage (JupyterLite's drive), where every file lookup is a
    request the page answers; Pyodide puts "" first on ``sys.path``, so every import (about 400 at start) asked
    the drive first, which took about half of the kernel's import time.  The kernel worker (each of its builds)
    now moves "" to the end before its first import: a learner's own module still imports, and can no longer hide
    the engine or the standard library."""
    workers = [path for path in sorted(extension.rglob("*.js")) if PIPLITE_IMPORT in path.read_text()]
    if not workers or any(path.read_text().count(PIPLITE_IMPORT) != 1 for path in workers):
        stop(f"{extension.name}: the kernel worker no longer imports piplite as this build expects")
    for path in workers:
        path.write_text(path.read_text().replace(PIPLITE_IMPORT, DRIVE_LAST))
