"""The deployable static site: one converted page per app, the tutorials and the landing page.

Layout of the output folder (every link relative, so it works under a sub-path):

* ``apps/<page>.html|.js|.resources.zip`` - ``panel convert --to pyodide-worker``
  of each registry entry, with the rulebox wheel as its only local requirement;
* ``lite/`` - JupyterLite with the tutorials and Pyodide vendored (:mod:`tools.lite`);
* ``index.html``, ``assets/`` - the landing page (:mod:`tools.landing`);
* ``sw.js``, ``offline.js``, ``loading.js``, ``loading.css`` - offline support (:func:`add_offline_support`);
* ``.rulebox-site`` - the marker that tells a later build this folder is its own.

A build empties its output folder first, so it refuses any non-empty folder
without the marker rather than deleting someone's files.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tools.apps import select, write_entry_points
from tools.common import ROOT, SITE_OUT, SITE_SRC, run, say, stop, venv_tool
from tools.landing import write_landing
from tools.lite import build_lite
from webapp.registry import APPS, AppEntry

MARKER = ".rulebox-site"
"""The file a site build writes into its output folder."""
SCRIPTS = ("sw.js", "offline.js", "loading.js", "loading.css")
"""The offline-support files of ``site/``, copied to the site's root."""
SITE_LINE = re.compile(r"^( *)const SITE = \{.*\};$", re.M)
"""The line of ``sw.js`` / ``offline.js`` that the build fills in."""
CLASSROOM = "classroom.json"
"""What "Get this device ready for class" (``site/assets/classroom.js``) caches: every tutorial file not cached
on the first visit and the game pages, with the build id naming the service worker's cache and the total size
in bytes."""
LITE_WORKER = Path("lite") / "service-worker.js"
LITE_WORKER_URL = f"{LITE_WORKER.as_posix()}?enableCache=false"
"""The URL JupyterLite registers its worker with (no ``enableServiceWorkerCache`` in its settings)."""
NOT_PRECACHED = re.compile(r"^(?:lite/(?!files/|api/)|sw\.js$|\.|apps/.*\.resources\.zip$)")
"""Site files left out of the first visit's cache: JupyterLite's 44 MB (cached when a tutorial
is visited, except its notebooks and contents index, which are small), the game pages' Python
resources (useless without the CDN), the service worker itself and the build's marker files."""
FURTHER_PAGES = {f"apps/{entry.page}.html" for entry in APPS if entry.title}
"""The pages beside the games (the roster and recipe lab, the moderator's desk): like every visited page, they
are cached when first opened, not on the first visit of the site."""


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


def configured(script: Path, config: dict[str, object]) -> str:
    """``script``'s text with its ``const SITE = {...};`` line set to ``config``."""
    text = script.read_text()
    match = SITE_LINE.search(text)
    if not match:
        stop(f"{script} lacks its 'const SITE = {{...}};' line")
    return text[:match.start()] + f"{match[1]}const SITE = {json.dumps(config)};" + text[match.end():]


def site_files(out: Path) -> list[str]:
    """Every file of the built site, as a path relative to ``out`` with ``/`` separators."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def build_id(out: Path, files: Sequence[str]) -> str:
    """A short hash of the site's files: it changes exactly when a file changes."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def head_tags(depth: int, game_page: bool) -> str:
    """The tags a page ``depth`` folders below the site's root gets at the start of its ``<head>``."""
    up = "../" * depth
    tags = f'<script src="{up}offline.js"></script>'
    if game_page:
        tags = f'<link rel="stylesheet" href="{up}loading.css"><script src="{up}loading.js"></script>' + tags
    return tags


def add_head_tags(page: Path, tags: str) -> None:
    """Insert ``tags`` first in the page's ``<head>`` (after its ``<meta charset>``, if any)."""
    text = page.read_text()
    match = re.search(r"<meta charset=[^>]*>", text, re.I) or re.search(r"<head(?:\s[^>]*)?>", text, re.I)
    if not match:
        stop(f"{page} has no <head> to put the offline scripts in")
    page.write_text(text[:match.end()] + tags + text[match.end():])


def add_offline_support(out: Path) -> None:
    """The service worker, the game pages' loading/offline notice and their scripts in every page.

    The game pages (``apps/*.html``) get ``loading.js`` first in their ``<head>``; every page,
    JupyterLite's included, registers ``sw.js``.  ``sw.js`` is also put in front of JupyterLite's
    service worker, and JupyterLite's appended to it (see ``site/sw.js``).  The worker caches the small shell
    (landing page, Rules pages, notebooks) when it installs, and the game pages when a page outside the
    tutorials asks for them (``offline.js``): a first visit to a tutorial fetches no game page.  ``classroom.json``
    lists the rest of JupyterLite and the game pages for the landing page's "ready for class" button
    (``site/assets/classroom.js``).
    """
    for name in SCRIPTS:
        shutil.copy(SITE_SRC / name, out / name)
    for page in out.rglob("*.html"):
        relative = page.relative_to(out)
        add_head_tags(page, head_tags(len(relative.parts) - 1, relative.parts[0] == "apps"))
    files = [name for name in site_files(out) if name not in ("sw.js", LITE_WORKER.as_posix())]
    small = [name for name in files if not NOT_PRECACHED.match(name) and name not in FURTHER_PAGES]
    games = [name for name in small if name.startswith("apps/")]
    precache = ["./", *(name for name in small if name not in games)]
    build = build_id(out, files)
    lite_worker = out / LITE_WORKER
    jupyterlite = lite_worker.read_text() if lite_worker.exists() else ""
    appended = f"\n(function () {{\n{jupyterlite}\n}})();\n" if jupyterlite else ""
    config = {"build": build, "precache": precache, "games": games}
    (out / "sw.js").write_text(configured(SITE_SRC / "sw.js", {**config, "root": "./"}) + appended)
    if jupyterlite:
        lite_worker.write_text(configured(SITE_SRC / "sw.js", {**config, "root": "../"}) + appended)
        version = json.loads((out / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]["appVersion"]
        (out / "offline.js").write_text(configured(SITE_SRC / "offline.js", {
            "jupyterlite": version, "liteWorker": LITE_WORKER_URL}))
    classroom = [*(name for name in files if name.startswith("lite/") and name not in precache), *games]
    classroom_bytes = sum((out / name).stat().st_size for name in classroom)
    (out / CLASSROOM).write_text(json.dumps({"build": build, "files": classroom, "bytes": classroom_bytes}))
    say(f"offline support: build {build}, {len(precache)} files cached on the first visit "
        f"({sum((out / n).stat().st_size for n in precache[1:]) / 1e6:.1f} MB), the game pages "
        f"({sum((out / n).stat().st_size for n in games) / 1e6:.1f} MB) too unless it is a tutorial, "
        f"{len(classroom)} files ({classroom_bytes / 1e6:.1f} MB) when a device is made ready for class")


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
    add_offline_support(out)
    say(f"site built in {time.perf_counter() - started:.1f} s: {out}")
    return out
