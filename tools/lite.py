"""The JupyterLite tutorials, with Pyodide shipped inside the site (no CDN needed).

``jupyter lite build`` gets the notebooks of ``notebooks/``, the rulebox wheel without its Panel views
(:func:`engine_only`) and the kernel's extra wheels with ipywidgets (served by piplite), two lab
extensions of the venv (:data:`LAB_EXTENSIONS`: ipywidgets' front end and the kernel) with the site's own
(:data:`EARLY_KERNEL`, which starts the kernel while the notebook is laid out), and a ``static/pyodide``
folder holding npm Pyodide's core files, the kernel's pure wheels from PyPI and
a copy of ``pyodide-lock.json`` whose sha256 values are those of these wheels.  Every wheel and the standard
library carry Python 3.14 bytecode (:mod:`tools.bytecode`), the kernel's own wheels too (compiled where
:func:`preload_kernel_packages` puts them), and the kernel loads its own packages, the engine and ipywidgets with
Pyodide in one batch (:func:`preload_kernel_packages`): both shorten a tutorial's start.

Pyodide compiles its wasm with ``WebAssembly.instantiateStreaming`` on the fetched response; on a warm load the
service worker answers from its cache, and Chromium keeps the compiled code of that response too (a
``Code Cache/wasm`` entry is written on the first load the worker answers and reused after), while compiling the
module takes about 0.1 s anyway (V8 compiles a function when it is first called): no start-up time is there.

The kernel installs jedi at start (1.7 MB with parso) for Tab completion only; the site ships a tiny
``jedi`` instead whose import fails, so IPython completes with its own matchers (``core.teach`` turns
jedi off in the kernel) and a first visit downloads 1.7 MB less.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import HeaderParser
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.bytecode import compile_archives
from tools.common import LITE_WHEELS, NOTEBOOKS, PIPLITE_WHEELS, PYODIDE_DIR, SITE_SRC, run, stop, venv_tool
from tools.kernel_patches import drive_searched_last, lazy_micropip, lazy_terminal
from tools.environment import pyodide_lock

PYODIDE_CORE_FILES = (
    "pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
    "python_stdlib.zip", "package.json",
)
WIDGETS_EXTENSION = "@jupyter-widgets/jupyterlab-manager"
"""ipywidgets' front end (from ``jupyterlab_widgets`` in the venv): the tutorials' answer buttons."""
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
LAB_EXTENSIONS = (WIDGETS_EXTENSION, KERNEL_EXTENSION)
"""The venv's lab extensions in the tutorials' JupyterLite: the answer buttons and the kernel."""
EARLY_KERNEL = SITE_SRC / "early-kernel"
"""The site's own lab extension (``@rulebox/early-kernel``, a prebuilt one written by hand): it starts the kernel
of the notebook a page opens as soon as JupyterLite has started, while the notebook is read and laid out, where
JupyterLite would start it after (about 2 s later for a long tutorial on a 2-core laptop)."""
KERNEL_WHEELS = Path("extensions") / KERNEL_EXTENSION / "static" / "pypi"
"""Where a JupyterLite build puts the kernel's own wheels (piplite, the ipykernel and pyodide-kernel shims)."""
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "rulebox",
                   "ipywidgets")
"""What the kernel loads at start: named in ``loadPyodideOptions.packages``, Pyodide fetches them all at once
with ``loadPyodide`` (from the site's lock) instead of micropip resolving them one after another from the piplite
index (the kernel's own ``piplite.install`` of each, about a third of its start-up).  The engine and ipywidgets
come in the same batch: a tutorial's first cell imports them and installs nothing, as in plain Jupyter."""
PRELOADED_FROM_PIPLITE = ("comm", "rulebox", "ipywidgets")
"""The preloaded wheels of the piplite index (``pypi/``), compiled already (:func:`vendor_pyodide`)."""
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


LEFT_OUT = ("jedi", "parso")
"""Lock packages the site does not ship: jedi (Tab completion, which the kernel installs at start) and its parser."""
NO_JEDI = "jedi-0-py3-none-any.whl"
NO_JEDI_INIT = '''"""Left out of the Rulebox tutorials' Pyodide: IPython completes names with its own matchers."""

raise ImportError("jedi is left out of this site's Pyodide")
'''


def write_no_jedi(target: Path) -> None:
    """The stand-in for jedi: a wheel whose ``import jedi`` raises ImportError (as if jedi were not installed)."""
    info = "jedi-0.dist-info"
    files = {
        "jedi/__init__.py": NO_JEDI_INIT,
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: jedi\nVersion: 0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: rulebox\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{name},," + "\n" for name in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(target / NO_JEDI, "w") as wheel:
        for name, text in {**files, f"{info}/RECORD": record}.items():
            wheel.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), text)


TERMINAL_PACKAGES = ("prompt-toolkit", "wcwidth")
"""What IPython needs for its terminal alone, which the kernel never imports (:func:`lazy_terminal`): the lock
keeps them (loadable on demand), but IPython's entry no longer names them, so the kernel's start leaves them out."""


def without_terminal(lock: dict[str, Any]) -> None:
    """Take :data:`TERMINAL_PACKAGES` out of IPython's dependencies in ``lock``."""
    ipython = lock["packages"]["ipython"]
    ipython["depends"] = [name for name in ipython["depends"] if canonical(name) not in TERMINAL_PACKAGES]


def vendor_pyodide(static: Path, piplite: Sequence[Path]) -> None:
    """npm Pyodide + the kernel's pure wheels (jedi's stand-in for jedi, IPython without its terminal at import:
    :func:`lazy_terminal`) + a patched lock into ``static/pyodide``,
    with these wheels, the ``piplite`` ones and the standard library compiled to bytecode (:mod:`tools.bytecode`)."""
    target = static / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy(PYODIDE_DIR / name, target / name)
    for wheel in LITE_WHEELS.glob("*.whl"):
        if not wheel.name.startswith(tuple(f"{name}-" for name in LEFT_OUT)):
            shutil.copy(wheel, target / wheel.name)
    write_no_jedi(target)
    lazy_terminal(next(target.glob("ipython-*.whl")))
    compile_archives([*sorted(target.glob("*.whl")), target / "python_stdlib.zip", *piplite])
    lock = patched_lock(target)
    without_terminal(lock)
    lock["packages"].pop("parso", None)
    jedi = lock["packages"]["jedi"]
    jedi.update(file_name=NO_JEDI, version="0", depends=[],
                sha256=hashlib.sha256((target / NO_JEDI).read_bytes()).hexdigest())
    (target / "pyodide-lock.json").write_text(json.dumps(lock))


def lock_entry(wheel: Path, known: set[str]) -> dict[str, Any]:
    """A ``pyodide-lock.json`` entry for a pure wheel, depending on what its metadata requires (extras aside)
    among ``known``."""
    with zipfile.ZipFile(wheel) as archive:
        info = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        metadata = HeaderParser().parsestr(archive.read(info).decode())
    requires = (re.match(r"[A-Za-z0-9._-]+", line) for line in metadata.get_all("Requires-Dist") or []
                if "extra ==" not in line)
    depends = sorted({canonical(m[0]) for m in requires if m} & known)
    name = canonical(metadata["Name"])
    return {"name": name, "version": metadata["Version"], "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": [], "depends": depends, "unvendored_tests": False, "tool": {}}


def canonical(name: str) -> str:
    """A package name as Pyodide's lock keys it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def preload_kernel_packages(out: Path) -> None:
    """Put the kernel's own wheels (compiled to bytecode here: the build copies them into ``out`` after
    :func:`vendor_pyodide`), the engine's and ipywidgets' into the vendored Pyodide's lock and have the kernel
    load them with Pyodide (:data:`KERNEL_PACKAGES`): one parallel download and no micropip resolution before
    the kernel is ready."""
    target = out / "static" / "pyodide"
    lock = json.loads((target / "pyodide-lock.json").read_text())
    kernel = [Path(shutil.copy(wheel, target / wheel.name)) for wheel in (out / KERNEL_WHEELS).glob("*.whl")
              if not wheel.name.startswith("widgetsnbextension-")]
    lazy_micropip(next(wheel for wheel in kernel if wheel.name.startswith("piplite-")))
    compile_archives(kernel)
    piplite = [Path(shutil.copy(wheel, target / wheel.name)) for name in PRELOADED_FROM_PIPLITE
               for wheel in (out / "pypi").glob(f"{name}-*.whl")]
    known = set(lock["packages"]) | {canonical(w.name.split("-")[0]) for w in [*kernel, *piplite]}
    for copy in [*kernel, *piplite]:
        entry = lock_entry(copy, known)
        lock["packages"][entry["name"]] = entry
    missing = [name for name in KERNEL_PACKAGES if name not in lock["packages"]]
    if missing:
        stop(f"the kernel's packages {', '.join(missing)} are neither in Pyodide's lock nor in the build")
    (target / "pyodide-lock.json").write_text(json.dumps(lock))
    config_file = out / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]
    kernel["loadPyodideOptions"] = {"packages": list(KERNEL_PACKAGES)}
    config_file.write_text(json.dumps(config, indent=2))


def lab_extensions(target: Path) -> Path:
    """``target`` holding a copy of each of :data:`LAB_EXTENSIONS` from the venv and of :data:`EARLY_KERNEL`, the
    only lab extensions the build takes (others the venv holds, Panel's among them, stay out of the tutorials'
    start)."""
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in LAB_EXTENSIONS:
        if not (installed / name / "package.json").exists():
            stop(f"the lab extension {name} is not installed: run `python3 build.py setup`")
        shutil.copytree(installed / name, target / name, dirs_exist_ok=True)
    shutil.copytree(EARLY_KERNEL, target / extension_name(EARLY_KERNEL), dirs_exist_ok=True)
    return target


def extension_name(folder: Path) -> str:
    """The package name of the lab extension in ``folder`` (its place under ``extensions/`` in the site)."""
    name: str = json.loads((folder / "package.json").read_text())["name"]
    return name


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


VIEWS = "webapp/"
"""The Panel views in the rulebox wheel, which no tutorial imports."""


def engine_only(wheel: Path, target: Path) -> Path:
    """A copy of the rulebox ``wheel`` in the folder ``target`` without its Panel views (:data:`VIEWS`, a third of
    the wheel): the tutorials import the engine alone, and the kernel unpacks the wheel at every start."""
    with zipfile.ZipFile(wheel) as full:
        members = [(info, full.read(info)) for info in full.infolist() if not info.filename.startswith(VIEWS)]
    slim = target / wheel.name
    with zipfile.ZipFile(slim, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in members:
            if info.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(VIEWS.encode()))
            new.writestr(info, data)
    return slim


def build_lite(wheel: Path, out: Path, work: Path) -> None:
    """The JupyterLite tutorials with Pyodide vendored into ``out`` (``work`` is a scratch folder)."""
    (work / "piplite").mkdir(parents=True, exist_ok=True)
    piplite = [engine_only(wheel, work / "piplite"),
               *(Path(shutil.copy(path, work / "piplite")) for path in sorted(PIPLITE_WHEELS.glob("*.whl")))]
    vendor_pyodide(work / "static", piplite)
    config = {
        "LiteBuildConfig": {"contents": [str(trusted_notebooks(work / "notebooks"))],
                            "output_dir": str(out), "no_sourcemaps": True,
                            "ignore_sys_prefix": ["federated_extensions"]},
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(lab_extensions(work / "labextensions"))]},
        "PipliteAddon": {"piplite_urls": [str(path) for path in piplite]},
    }
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
    (work / "overrides.json").write_text(json.dumps(LITE_SETTINGS, indent=1))
    run([venv_tool("jupyter"), "lite", "build", "--lite-dir", work], cwd=work, stdout=subprocess.DEVNULL)
    config_data = (out / "jupyter-lite.json").read_text()
    if "static/pyodide/pyodide.mjs" not in config_data:
        stop("the JupyterLite build does not point at the vendored Pyodide")
    preload_kernel_packages(out)
    drive_searched_last(out / "extensions" / KERNEL_EXTENSION)
