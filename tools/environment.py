"""Set-up: a Python >= 3.12, ``.venv``, the pinned Python and npm packages, pure wheels for Pyodide.

This module runs on whatever ``python3`` started ``build.py`` (3.11 included),
so it uses the standard library only.  :func:`setup` finds a Python >= 3.12 (on
``PATH``, then pyenv's versions), creates ``.venv``, installs
``-e .[web,notebook,dev]``, runs ``npm ci`` in ``tests/js`` (Pyodide, axe-core)
and downloads the pure wheels Pyodide needs for the tests and the tutorials.
Stamp files keyed on ``pyproject.toml``, ``package-lock.json`` and the wheel
lists make later runs skip what is already installed.  :func:`reexec_in_venv`
then replaces the process by the same command on ``.venv``'s interpreter.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Callable, Iterable

from tools.common import (
    JS_DIR,
    LITE_WHEELS,
    NODE_MODULES,
    PIPLITE_WHEELS,
    PYODIDE_DIR,
    PYODIDE_PYTHON,
    PYODIDE_VERSION,
    PYTEST_WHEELS,
    ROOT,
    VENV,
    WHEELS,
    run,
    say,
    stop,
)

MIN_PYTHON = (3, 12)
"""Panel 1.10 and Bokeh 3.10 require it."""
EXTRAS = "web,notebook,dev"
PYTEST_SPECS = (
    "pytest==9.2.0", "pluggy==1.7.0", "iniconfig==2.3.1", "pygments==2.21.0",
    "packaging==26.3", "hypothesis==6.155.7", "sortedcontainers==2.4.0",
)
"""pytest in Pyodide; hypothesis 6.155.7 is its last release with a pure wheel (later ones are compiled)."""
LITE_ROOTS = ("micropip", "ipython", "jedi")
"""What the JupyterLite kernel loads from the Pyodide lock (with their lock dependencies)."""
PIPLITE_SPECS = ("comm==0.2.3", "ipython_pygments_lexers==1.1.1", "ipywidgets==8.1.9")
"""Kernel dependencies that micropip would fetch from PyPI, and ipywidgets (the tutorials' answer buttons, installed
without its dependencies: the kernel has comm and traitlets, and its front end is the ``jupyterlab_widgets`` lab
extension of the ``notebook`` extra): served by the site's piplite index."""


def digest(*parts: bytes | str) -> str:
    """The sha256 hex digest of some texts and bytes (a stamp key)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()


def stamped(stamp: Path, key: str, action: Callable[[], None]) -> None:
    """Run ``action`` unless ``stamp`` already holds ``key``; then write the key."""
    if stamp.is_file() and stamp.read_text() == key:
        return
    action()
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key)


def canonical(name: str) -> str:
    """A distribution name normalized as in PEP 503."""
    return re.sub(r"[-_.]+", "-", name).lower()


def venv_python() -> Path:
    """The interpreter of ``.venv``."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_venv() -> bool:
    """True when this process runs on ``.venv``'s interpreter."""
    return Path(sys.prefix).resolve() == VENV.resolve()


# --------------------------------------------------------------------------- Python >= 3.12


def python_version(exe: str) -> tuple[int, int] | None:
    """The (major, minor) version of an interpreter, or None if it does not run."""
    try:
        out = subprocess.run(
            [exe, "-c", "import sys; print('%d %d' % sys.version_info[:2])"],
            capture_output=True, text=True, timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    major, minor = out.stdout.split()
    return int(major), int(minor)


def pyenv_pythons() -> list[str]:
    """pyenv's installed interpreters, newest first."""
    root = None
    if shutil.which("pyenv"):
        out = subprocess.run(["pyenv", "root"], capture_output=True, text=True)
        root = Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None
    versions = (root or Path.home() / ".pyenv") / "versions"
    if not versions.is_dir():
        return []

    def key(path: Path) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path.name)[:3])

    found = [v / "bin" / "python3" for v in versions.iterdir() if re.match(r"\d+\.\d+", v.name)]
    return [str(p) for p in sorted(found, key=lambda p: key(p.parent.parent), reverse=True) if p.exists()]


def find_python() -> str:
    """A Python >= 3.12 on this machine: PATH first, then pyenv's versions."""
    on_path = [shutil.which(n) for n in ("python3.14", "python3.13", "python3.12", "python3")]
    for exe in [p for p in on_path if p] + pyenv_pythons():
        version = python_version(exe)
        if version and version >= MIN_PYTHON:
            say(f"using Python {version[0]}.{version[1]} at {exe}")
            return exe
    stop(
        "Rulebox needs Python >= 3.12 (Panel 1.10 and Bokeh 3.10 require it) and none was found on PATH "
        "(python3.14, python3.13, python3.12, python3) or in pyenv's versions; install one "
        "(`apt-get install python3.12 python3.12-venv`, `pyenv install 3.12` or https://www.python.org/downloads/) "
        "and run this command again"
    )


def ensure_venv() -> None:
    """Create ``.venv`` with a Python >= 3.12 unless a suitable one exists."""
    python = venv_python()
    if python.exists():
        version = python_version(str(python))
        if version and version >= MIN_PYTHON:
            return
        stop(f"{VENV} exists but its Python is {version or 'broken'}; remove the folder and run again")
    python_exe = find_python()
    say(f"creating {VENV}")
    run([python_exe, "-m", "venv", VENV])


# --------------------------------------------------------------------------- packages


def install_python_packages() -> None:
    """``pip install -e .[web,notebook,dev]`` into ``.venv``."""
    say(f"installing rulebox[{EXTRAS}] into {VENV} (editable)")
    pip: list[str | Path] = [venv_python(), "-m", "pip", "--disable-pip-version-check"]
    run([*pip, "install", "--upgrade", "pip"], stdout=subprocess.DEVNULL)
    run([*pip, "install", "-e", f".[{EXTRAS}]"], cwd=ROOT)


def install_npm_packages() -> None:
    """``npm ci`` in ``tests/js`` (pyodide and axe-core, pinned by the lock)."""
    npm = shutil.which("npm")
    if not npm or not shutil.which("node"):
        stop("Node.js (>= 18) with npm is needed for Pyodide; install it, e.g. `apt-get install nodejs npm`")
    say(f"installing npm packages (pyodide@{PYODIDE_VERSION}, axe-core) into {NODE_MODULES}")
    run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=JS_DIR)


def pip_download(specs: Iterable[str], dest: Path) -> None:
    """Download pure wheels for Pyodide's Python (no dependencies, binaries only)."""
    dest.mkdir(parents=True, exist_ok=True)
    run([
        venv_python(), "-m", "pip", "--disable-pip-version-check", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--platform", "any", "--python-version", PYODIDE_PYTHON, "-d", dest, *specs,
    ])


def pyodide_lock() -> dict[str, Any]:
    """The npm package's ``pyodide-lock.json``."""
    lock: dict[str, Any] = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    return lock


def lite_lock_packages(lock: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The lock entries of the kernel's packages and all their lock dependencies."""
    by_name = {canonical(name): entry for name, entry in lock["packages"].items()}
    todo, seen = list(LITE_ROOTS), {}
    while todo:
        name = canonical(todo.pop())
        if name not in seen:
            seen[name] = by_name[name]
            todo.extend(seen[name].get("depends", []))
    return seen


def download_lite_wheels() -> None:
    """The kernel's lock packages from PyPI, renamed to the lock's file names."""
    entries = lite_lock_packages(pyodide_lock())
    with tempfile.TemporaryDirectory() as tmp:
        pip_download([f"{e['name']}=={e['version']}" for e in entries.values()], Path(tmp))
        shutil.rmtree(LITE_WHEELS, ignore_errors=True)
        LITE_WHEELS.mkdir(parents=True)
        for wheel in Path(tmp).glob("*.whl"):
            project = canonical(wheel.name.split("-")[0])
            shutil.copy(wheel, LITE_WHEELS / entries[project]["file_name"])
    missing = [e["file_name"] for e in entries.values() if not (LITE_WHEELS / e["file_name"]).exists()]
    if missing:
        stop(f"no pure wheel on PyPI for {', '.join(missing)}")


def download_wheels() -> None:
    """Every pure wheel the Pyodide test runner and the offline tutorials need."""
    say("downloading pure wheels for Pyodide (pytest in Node, the JupyterLite kernel)")
    for folder, specs in ((PYTEST_WHEELS, PYTEST_SPECS), (PIPLITE_WHEELS, PIPLITE_SPECS)):
        shutil.rmtree(folder, ignore_errors=True)
        pip_download(specs, folder)
    download_lite_wheels()


# --------------------------------------------------------------------------- entry points


def install_key() -> str:
    """What the editable install depends on: ``pyproject.toml`` but its tool settings (ruff, mypy, pytest)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    relevant = {"build-system": config.get("build-system"), "project": config.get("project"),
                "hatch": config.get("tool", {}).get("hatch")}
    return digest(json.dumps(relevant, sort_keys=True), str(venv_python()))


def setup() -> None:
    """Everything the commands need; each part is skipped when its stamp is current."""
    ensure_venv()
    stamped(VENV / ".rulebox-stamp", install_key(), install_python_packages)
    lock = (JS_DIR / "package-lock.json").read_bytes()
    stamped(NODE_MODULES / ".rulebox-stamp", digest(lock), install_npm_packages)
    wheel_key = digest(lock, *PYTEST_SPECS, *LITE_ROOTS, *PIPLITE_SPECS)
    stamped(WHEELS / ".rulebox-stamp", wheel_key, download_wheels)


def reexec_in_venv(script: Path) -> None:
    """Replace this process by ``script`` with the same arguments on ``.venv``'s interpreter."""
    python = str(venv_python())
    sys.stdout.flush()
    os.execv(python, [python, str(script.resolve()), *sys.argv[1:]])
