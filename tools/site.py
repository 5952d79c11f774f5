"""The deployable static site: one converted page per app, the tutorials and the landing page.

Layout of the output folder (every link relative, so it works under a sub-path):

* ``apps/<page>.html|.js|.resources.zip`` - ``panel convert --to pyodide-worker``
  of each registry entry, with the rulebox wheel as its only local requirement;
* ``lite/`` - JupyterLite with the tutorials and Pyodide vendored (:mod:`tools.lite`);
* ``index.html``, ``assets/`` - the landing page (:mod:`tools.landing`);
* ``.rulebox-site`` - the marker that tells a later build this folder is its own.

A build empties its output folder first, so it refuses any non-empty folder
without the marker rather than deleting someone's files.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tools.apps import select, write_entry_points
from tools.common import ROOT, SITE_OUT, run, say, stop, venv_tool
from tools.landing import write_landing
from tools.lite import build_lite
from webapp.registry import AppEntry

MARKER = ".rulebox-site"
"""The file a site build writes into its output folder."""


def prepare_output(out: Path) -> None:
    """Make ``out`` an empty folder holding only the marker; refuse a folder that is not a site build."""
    if out.exists() and not out.is_dir():
        stop(f"the site's folder {out} is a file")
    if out.is_dir() and any(out.iterdir()):
        if not (out / MARKER).is_file():
            stop(f"{out} is not empty and is not an earlier site build (it has no {MARKER} file): "
                 "empty it yourself or build elsewhere (build.py site --out NEW_FOLDER)")
        for child in out.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("This folder is a Rulebox site build: `python3 build.py site` replaces it.\n")


def build_wheel(dest: Path) -> Path:
    """The rulebox wheel, built with ``pip wheel --no-deps`` into ``dest``."""
    shutil.rmtree(dest, ignore_errors=True)
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet", "--no-deps",
         "--no-build-isolation", "-w", dest, ROOT])
    (wheel,) = dest.glob("rulebox-*.whl")
    return wheel


def convert_pages(apps: Sequence[AppEntry], wheel: Path, out: Path, work: Path) -> None:
    """One static page per app: ``panel convert --to pyodide-worker`` with explicit requirements."""
    if not apps:
        return
    out.mkdir(parents=True, exist_ok=True)
    scripts = write_entry_points(apps, work)
    run([venv_tool("panel"), "convert", *scripts, "--to", "pyodide-worker", "--out", out,
         "--requirements", wheel], cwd=ROOT)
    for entry in apps:
        worker = out / f"{entry.page}.js"
        if not worker.exists():
            stop(f"panel convert failed for {entry.module} (its error is printed above)")
        code = worker.read_text()
        if f"emfs:packed_wheels/{wheel.name}" not in code or re.search(r"['\"]core['\"]", code):
            stop(f"{worker.name} does not install the rulebox wheel alone (explicit requirements lost)")


def build_site(out: Path = SITE_OUT, pages: Sequence[str] = ()) -> Path:
    """The whole static site in ``out``; ``pages`` limits the app pages (all when empty)."""
    apps = select(pages)
    started = time.perf_counter()
    prepare_output(out)
    say(f"building the site in {out}: apps {', '.join(a.page for a in apps)}")
    with tempfile.TemporaryDirectory(prefix="rulebox-site-") as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "wheel")
        convert_pages(apps, wheel, out / "apps", work / "apps")
        build_lite(wheel, out / "lite", work / "lite")
    write_landing(out, apps)
    say(f"site built in {time.perf_counter() - started:.1f} s: {out}")
    return out
