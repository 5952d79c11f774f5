"""The JupyterLite tutorials, with Pyodide shipped inside the site (no CDN needed).

``jupyter lite build`` gets the notebooks of ``notebooks/``, the rulebox wheel
and the kernel's extra wheels with ipywidgets (served by piplite), the lab
extensions of the venv (ipywidgets' front end among them), and a ``static/pyodide``
folder holding npm Pyodide's core files, the kernel's pure wheels from PyPI and
a copy of ``pyodide-lock.json`` whose sha256 values are those of these wheels.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tools.common import LITE_WHEELS, NOTEBOOKS, PIPLITE_WHEELS, PYODIDE_DIR, run, stop, venv_tool
from tools.environment import pyodide_lock

PYODIDE_CORE_FILES = (
    "pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
    "python_stdlib.zip", "package.json",
)
WIDGETS_EXTENSION = "@jupyter-widgets/jupyterlab-manager"
"""ipywidgets' front end (from ``jupyterlab_widgets``, found in the venv by ``jupyter lite build``): the
tutorials' answer buttons."""
LITE_SETTINGS = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
"""Render every cell (no virtual scrolling): screen readers and find-in-page see the whole tutorial."""


def patched_lock(wheels: Path) -> dict[str, Any]:
    """Pyodide's lock with the sha256 of every vendored wheel set to the file's own."""
    lock = pyodide_lock()
    for entry in lock["packages"].values():
        wheel = wheels / entry["file_name"]
        if wheel.exists():
            entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return lock


def vendor_pyodide(static: Path) -> None:
    """npm Pyodide + the kernel's pure wheels + a patched lock into ``static/pyodide``."""
    target = static / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy(PYODIDE_DIR / name, target / name)
    for wheel in LITE_WHEELS.glob("*.whl"):
        shutil.copy(wheel, target / wheel.name)
    (target / "pyodide-lock.json").write_text(json.dumps(patched_lock(target)))


def trusted_notebooks(target: Path) -> Path:
    """The tutorials copied into ``target`` with their code cells marked trusted, so that JupyterLite shows
    the pictures they ship before the kernel has run (it strips an untrusted cell's SVG); ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        content = json.loads(notebook.read_text(encoding="utf-8"))
        for cell in content["cells"]:
            if cell["cell_type"] == "code":
                cell.setdefault("metadata", {})["trusted"] = True
        (target / notebook.name).write_text(json.dumps(content, ensure_ascii=False, indent=1), encoding="utf-8")
    return target


def build_lite(wheel: Path, out: Path, work: Path) -> None:
    """The JupyterLite tutorials with Pyodide vendored into ``out`` (``work`` is a scratch folder)."""
    vendor_pyodide(work / "static")
    piplite = [str(wheel), *map(str, sorted(PIPLITE_WHEELS.glob("*.whl")))]
    config = {
        "LiteBuildConfig": {"contents": [str(trusted_notebooks(work / "notebooks"))],
                            "output_dir": str(out), "no_sourcemaps": True},
        "PipliteAddon": {"piplite_urls": piplite},
    }
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
    (work / "overrides.json").write_text(json.dumps(LITE_SETTINGS, indent=1))
    run([venv_tool("jupyter"), "lite", "build", "--lite-dir", work], cwd=work, stdout=subprocess.DEVNULL)
    config_data = (out / "jupyter-lite.json").read_text()
    if "static/pyodide/pyodide.mjs" not in config_data:
        stop("the JupyterLite build does not point at the vendored Pyodide")
    if WIDGETS_EXTENSION not in config_data:
        stop(f"the JupyterLite build lacks {WIDGETS_EXTENSION} (the tutorials' answer buttons): "
             "run `python3 build.py setup` to install jupyterlab_widgets")
