"""Build-time rewrites of the tutorials' kernel for a quicker start (:mod:`tools.lite` applies them).

Each rewrites a pinned part of JupyterLite's kernel (IPython's wheel, piplite's wheel, the kernel worker's script)
and stops the build with one line when that part no longer reads as expected, rather than ship it unchanged.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Callable
from pathlib import Path

from tools.common import stop

def rewrite_module(wheel: Path, module: str, rewrite: Callable[[str], str]) -> None:
    """Replace the source of ``module`` (a path inside ``wheel``, "" if absent) by ``rewrite(source)``."""
    with zipfile.ZipFile(wheel) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    source = dict((info.filename, data) for info, data in members).get(module, b"").decode()
    patched = rewrite(source).encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in members:
            new.writestr(info, patched if info.filename == module else data)


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

    def rewrite(source: str) -> str:
        if source.count(EAGER_EMBED) != 1:
            stop(f"{wheel.name}: {init} no longer imports the terminal as this build expects ({EAGER_EMBED.strip()})")
        return source.replace(EAGER_EMBED, "") + LAZY_EMBED

    rewrite_module(wheel, init, rewrite)


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
    rewrite_module(wheel, PIPLITE_MODULE, lambda source: deferred_micropip(wheel.name, source))


def deferred_micropip(wheel: str, source: str) -> str:
    """piplite's ``source`` with its imports of :data:`DEFERRED` modules made on first use (:func:`lazy_micropip`;
    ``wheel`` names it in an error)."""
    tree = ast.parse(source)
    moved = deferred_imports(tree)
    names = sorted({alias.asname or alias.name.split(".")[0] for node in moved for alias in node.names})
    if "micropip" not in names or FUTURE in source:
        stop(f"{wheel}: {PIPLITE_MODULE} no longer imports micropip as this build expects")
    start = tree.body[1 if ast.get_docstring(tree) is not None else 0]
    calls = {start.lineno: FUTURE}  # the annotations that name micropip's classes stay unevaluated (as in 3.14)
    for node in tree.body:
        if node in moved or not set(names) & {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}:
            continue
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or len(node.body) < 2:
            stop(f"{wheel}: {PIPLITE_MODULE} uses micropip at import, which this build cannot defer")
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
    return "".join(kept) + loader


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
    scripts = {path: path.read_text() for path in sorted(extension.rglob("*.js"))}
    workers = {path: text for path, text in scripts.items() if PIPLITE_IMPORT in text}
    if not workers or any(text.count(PIPLITE_IMPORT) != 1 for text in workers.values()):
        stop(f"{extension.name}: the kernel worker no longer imports piplite as this build expects")
    for path, text in workers.items():
        path.write_text(text.replace(PIPLITE_IMPORT, DRIVE_LAST))
