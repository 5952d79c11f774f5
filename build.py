#!/usr/bin/env python3
"""Rulebox's single entry point: set up, serve, play, build the site, test and bench.

    python3 build.py serve   # build the static site and serve it on http://localhost:8000
    python3 build.py test    # ruff, mypy and every test layer (CPython, Pyodide, Chromium)
    python3 build.py play    # every game app with `panel serve` on localhost (works offline)
    python3 build.py site    # the deployable static site in _site/
    python3 build.py bench   # benchmark table per game, CPython and Pyodide
    python3 build.py setup   # only the set-up below

Only the standard library is used at the top level.  The first run finds a
Python >= 3.12, creates ``.venv``, installs ``-e .[web,notebook,dev]``, the npm
packages of ``tests/js`` (Pyodide, axe-core) and the pure wheels Pyodide needs
for the tests and the tutorials, then re-runs itself inside ``.venv``.  Stamp
files keyed on ``pyproject.toml``, ``package-lock.json`` and the wheel lists
make later runs skip what is already installed.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import html
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, NoReturn, Sequence

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
SITE_OUT = ROOT / "_site"
SITE_SRC = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
WEBAPP = ROOT / "webapp"
JS_DIR = ROOT / "tests" / "js"
NODE_MODULES = JS_DIR / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYODIDE_RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
WHEELS = CACHE / "wheels"
PYTEST_WHEELS = WHEELS / "pyodide-pytest"
"""Pure wheels loaded by path into Pyodide on Node to run pytest there."""
LITE_WHEELS = WHEELS / "lite-pyodide"
"""The kernel's lock packages, saved under the lock's file names."""
PIPLITE_WHEELS = WHEELS / "lite-piplite"
"""Kernel dependencies that are not in the Pyodide lock (served by piplite)."""

MIN_PYTHON = (3, 12)
PYODIDE_VERSION = "314.0.7"
PYODIDE_PYTHON = "3.14"
EXTRAS = "web,notebook,dev"
PYODIDE_CORE_FILES = (
    "pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
    "python_stdlib.zip", "package.json",
)
PYTEST_SPECS = (
    "pytest==9.2.0", "pluggy==1.7.0", "iniconfig==2.3.1", "pygments==2.21.0",
    "packaging==26.3", "hypothesis==6.155.7", "sortedcontainers==2.4.0",
)
"""hypothesis 6.155.7 is its last release with a pure wheel (later ones are compiled)."""
LITE_ROOTS = ("micropip", "ipython", "jedi")
"""What the JupyterLite kernel loads from the Pyodide lock (with their lock dependencies)."""
LITE_SETTINGS = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
"""Render every cell (no virtual scrolling): screen readers and find-in-page see the whole tutorial."""
PIPLITE_SPECS = ("comm==0.2.3", "ipython_pygments_lexers==1.1.1")
"""Kernel dependencies that micropip would fetch from PyPI: served by the site's piplite index."""


# --------------------------------------------------------------------------- helpers


def say(message: str) -> None:
    """Print a progress line (flushed, so it interleaves with child output)."""
    print(f"[build] {message}", flush=True)


def stop(message: str) -> NoReturn:
    """Stop with a clear message and a non-zero exit code."""
    print(f"\n[build] ERROR: {message}", file=sys.stderr, flush=True)
    raise SystemExit(2)


def run(cmd: Sequence[str | Path], **kwargs: Any) -> None:
    """Run a command, stopping the build with its name if it fails."""
    args = [str(c) for c in cmd]
    result = subprocess.run(args, **kwargs)
    if result.returncode != 0:
        stop(f"command failed ({result.returncode}): {' '.join(args)}")


def digest(*parts: bytes | str) -> str:
    """The sha256 hex digest of some texts and bytes (a stamp key)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()


def file_sha256(path: Path) -> str:
    """The sha256 hex digest of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stamped(stamp: Path, key: str, action: Callable[[], None]) -> None:
    """Run ``action`` unless ``stamp`` already holds ``key``; then write the key."""
    if stamp.is_file() and stamp.read_text() == key:
        return
    action()
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key)


def venv_python() -> Path:
    """The interpreter of ``.venv``."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_tool(name: str) -> str:
    """A console script installed in the running venv."""
    return str(Path(sys.executable).parent / name)


def in_venv() -> bool:
    """True when this process runs on ``.venv``'s interpreter."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def load_module(path: Path, name: str) -> Any:
    """Import a Python file that is not on ``sys.path`` under ``name``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def canonical(name: str) -> str:
    """A distribution name normalized as in PEP 503."""
    return re.sub(r"[-_.]+", "-", name).lower()


# --------------------------------------------------------------------------- set-up


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
        "(python3.14, python3.13, python3.12, python3) or in pyenv's versions.\n"
        "Install one, e.g. `apt-get install python3.12 python3.12-venv`, `pyenv install 3.12`, "
        "or from https://www.python.org/downloads/, then run this command again."
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


def wheel_project(path: Path) -> str:
    """The canonical project name of a wheel file."""
    return canonical(path.name.split("-")[0])


def download_lite_wheels() -> None:
    """The kernel's lock packages from PyPI, renamed to the lock's file names."""
    entries = lite_lock_packages(pyodide_lock())
    with tempfile.TemporaryDirectory() as tmp:
        pip_download([f"{e['name']}=={e['version']}" for e in entries.values()], Path(tmp))
        shutil.rmtree(LITE_WHEELS, ignore_errors=True)
        LITE_WHEELS.mkdir(parents=True)
        for wheel in Path(tmp).glob("*.whl"):
            shutil.copy(wheel, LITE_WHEELS / entries[wheel_project(wheel)]["file_name"])
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


def setup() -> None:
    """Everything the commands need; each part is skipped when its stamp is current."""
    ensure_venv()
    pyproject = (ROOT / "pyproject.toml").read_bytes()
    stamped(VENV / ".rulebox-stamp", digest(pyproject, str(venv_python())), install_python_packages)
    lock = (JS_DIR / "package-lock.json").read_bytes()
    stamped(NODE_MODULES / ".rulebox-stamp", digest(lock), install_npm_packages)
    wheel_key = digest(lock, *PYTEST_SPECS, *LITE_ROOTS, *PIPLITE_SPECS)
    stamped(WHEELS / ".rulebox-stamp", wheel_key, download_wheels)


def reexec_in_venv() -> None:
    """Replace this process by the same command on ``.venv``'s interpreter."""
    python = str(venv_python())
    sys.stdout.flush()
    os.execv(python, [python, str(Path(__file__).resolve()), *sys.argv[1:]])


# --------------------------------------------------------------------------- discovery


@dataclass(frozen=True)
class App:
    """A webapp module that defines ``create_app()``."""

    module: str
    path: Path
    game: str | None
    """The game it plays: its ``GAME`` declaration, else the game named like the module."""


def defines(tree: ast.Module, name: str) -> bool:
    """True when a module defines a top-level function ``name``."""
    return any(isinstance(n, ast.FunctionDef) and n.name == name for n in tree.body)


def declared_game(tree: ast.Module) -> str | None:
    """The game a module names in ``GAME = "name"`` or ``GAME = core.get_game("name")``."""
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if not any(isinstance(t, ast.Name) and t.id == "GAME" for t in targets):
            continue
        value = getattr(node, "value", None)
        if isinstance(value, ast.Call) and value.args:
            value = value.args[0]
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return value.value
    return None


def game_names() -> list[str]:
    """The registered games (core.GAMES), in registration order."""
    import core

    return list(core.GAMES)


def discover_apps() -> list[App]:
    """Every ``webapp/*.py`` module with a top-level ``create_app`` function."""
    games = {re.sub(r"[^a-z0-9]", "", name): name for name in game_names()}
    apps = []
    for path in sorted(WEBAPP.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        if path.name.startswith("_") or not defines(tree, "create_app"):
            continue
        game = declared_game(tree) or games.get(path.stem.replace("_", ""))
        apps.append(App(path.stem, path, game))
    return apps


# --------------------------------------------------------------------------- site


def build_wheel(dest: Path) -> Path:
    """The rulebox wheel, built with ``pip wheel --no-deps`` into ``dest``."""
    shutil.rmtree(dest, ignore_errors=True)
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel", "--quiet", "--no-deps",
         "--no-build-isolation", "-w", dest, ROOT])
    (wheel,) = dest.glob("rulebox-*.whl")
    return wheel


def page_title(app: App) -> str:
    """The browser title of an app page."""
    import core

    name = core.get_game(app.game).title if app.game in core.GAMES else app.module
    return f"{name} - Rulebox"


def app_entry_points(apps: Sequence[App], folder: Path) -> list[Path]:
    """One tiny script per app that serves its module's ``create_app()``.

    ``panel convert`` pastes the script after its own preamble, which would turn
    a ``from __future__`` import into a SyntaxError; importing the module from
    the rulebox wheel instead keeps every app module an ordinary module.
    """
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    scripts = []
    for app in apps:
        script = folder / f"{app.module}.py"
        script.write_text(f'"""The static page of webapp/{app.module}.py (written by build.py)."""\n\n'
                          f"from webapp.{app.module} import create_app\n\n"
                          f"create_app().servable(title={page_title(app)!r})\n")
        scripts.append(script)
    return scripts


def convert_apps(apps: Sequence[App], wheel: Path, out: Path, work: Path) -> None:
    """One static page per app: ``panel convert --to pyodide-worker``, explicit requirements."""
    if not apps:
        return
    out.mkdir(parents=True, exist_ok=True)
    scripts = app_entry_points(apps, work)
    run([venv_tool("panel"), "convert", *scripts, "--to", "pyodide-worker", "--out", out,
         "--requirements", wheel], cwd=ROOT)
    for app in apps:
        if not (out / f"{app.module}.js").exists():
            stop(f"panel convert failed for {app.path.relative_to(ROOT)} (its error is printed above)")
        worker = (out / f"{app.module}.js").read_text()
        if f"emfs:packed_wheels/{wheel.name}" not in worker or re.search(r"['\"]core['\"]", worker):
            stop(f"{app.module}.js does not install the rulebox wheel alone (explicit requirements lost)")


def patched_lock(wheels: Path) -> dict[str, Any]:
    """Pyodide's lock with the sha256 of every vendored wheel set to the file's own."""
    lock = pyodide_lock()
    for entry in lock["packages"].values():
        wheel = wheels / entry["file_name"]
        if wheel.exists():
            entry["sha256"] = file_sha256(wheel)
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


def build_lite(wheel: Path, out: Path, work: Path) -> None:
    """The JupyterLite tutorials with Pyodide vendored (no CDN needed) into ``out``."""
    vendor_pyodide(work / "static")
    piplite = [str(wheel), *map(str, sorted(PIPLITE_WHEELS.glob("*.whl")))]
    config = {
        "LiteBuildConfig": {"contents": [str(NOTEBOOKS)] if NOTEBOOKS.is_dir() else [],
                            "output_dir": str(out), "no_sourcemaps": True},
        "PipliteAddon": {"piplite_urls": piplite},
    }
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
    (work / "overrides.json").write_text(json.dumps(LITE_SETTINGS, indent=1))
    run([venv_tool("jupyter"), "lite", "build", "--lite-dir", work], cwd=work,
        stdout=subprocess.DEVNULL)
    if "static/pyodide/pyodide.mjs" not in (out / "jupyter-lite.json").read_text():
        stop("the JupyterLite build does not point at the vendored Pyodide")


LANGUAGE_NAMES = {"de": "Deutsch", "fr": "Français", "es": "Español"}
"""How a tutorial translation (``notebooks/<game>.<lang>.ipynb``) is named on the landing page."""


def tutorial_links(game: str) -> list[tuple[str | None, str]]:
    """A game's tutorials in JupyterLite: ``(language or None for English, relative URL)``."""
    found: list[tuple[str | None, str]] = [(None, f"{game}.ipynb")] if (NOTEBOOKS / f"{game}.ipynb").exists() else []
    found += [(p.suffixes[-2][1:], p.name) for p in sorted(NOTEBOOKS.glob(f"{game}.*.ipynb"))]
    return [(lang, f"lite/notebooks/index.html?path={name}") for lang, name in found]


def summary(game: Any) -> str:
    """One line about a game: its class docstring's first line, title prefix dropped."""
    line = ((type(game).__doc__ or "").strip().splitlines() or [""])[0]
    prefix = f"{game.title}:"
    line = line[len(prefix):].strip() if line.startswith(prefix) else line
    return line[:1].upper() + line[1:]


def game_cards(apps: Sequence[App]) -> str:
    """The landing page's list of games, with their app and tutorial links."""
    import core

    pages = {a.game: a.module for a in apps if a.game}
    cards = []
    for name, game in core.GAMES.items():
        title = html.escape(game.title)
        links = []
        if name in pages:
            links.append(f'<li><a class="play" href="apps/{pages[name]}.html">Play {title}'
                         '<span class="visually-hidden"> in the browser</span></a></li>')
        for lang, tutorial in tutorial_links(name):
            if lang is None:
                links.append(f'<li><a class="learn" href="{html.escape(tutorial)}">'
                             f'<span class="visually-hidden">{title}: </span>Tutorial notebook</a></li>')
            else:
                language = html.escape(LANGUAGE_NAMES.get(lang, lang))
                links.append(f'<li><a class="learn" href="{html.escape(tutorial)}" hreflang="{lang}">'
                             f'<span class="visually-hidden">{title}: </span>Tutorial notebook '
                             f'(<span lang="{lang}">{language}</span>)</a></li>')
        cards.append(
            f'<li class="game" id="{name}">\n<article aria-labelledby="title-{name}">\n'
            f'<h3 id="title-{name}">{title}</h3>\n<p>{html.escape(summary(game))}</p>\n'
            f'<ul class="links">{"".join(links)}</ul>\n</article>\n</li>'
        )
    return "\n".join(cards)


def write_landing(out: Path, apps: Sequence[App]) -> None:
    """The landing page from ``site/`` with the game list filled in, plus its assets."""
    page = (SITE_SRC / "index.html").read_text()
    marker = "<!-- games -->"
    if marker not in page:
        stop(f"site/index.html lacks the {marker} marker")
    (out / "index.html").write_text(page.replace(marker, game_cards(apps)))
    if (SITE_SRC / "assets").is_dir():
        shutil.copytree(SITE_SRC / "assets", out / "assets", dirs_exist_ok=True)
    (out / ".nojekyll").write_text("")


def build_site(out: Path = SITE_OUT, only: Sequence[str] = ()) -> Path:
    """The whole deployable static site in ``out`` (relative links only).

    ``only`` limits the app pages to some modules (for quick local builds).
    """
    started = time.perf_counter()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    apps = [a for a in discover_apps() if not only or a.module in only]
    say(f"building the site in {out}: apps {', '.join(a.module for a in apps) or 'none'}")
    with tempfile.TemporaryDirectory(prefix="rulebox-site-") as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "wheel")
        convert_apps(apps, wheel, out / "apps", work / "apps")
        build_lite(wheel, out / "lite", work / "lite")
    write_landing(out, apps)
    say(f"site built in {time.perf_counter() - started:.1f} s: {out}")
    return out


# --------------------------------------------------------------------------- serving


@functools.lru_cache(maxsize=1)
def handler_class() -> type:
    """A quiet static-file handler that knows the wasm and module MIME types."""
    from http.server import SimpleHTTPRequestHandler

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {
            **SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
            ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json",
        }

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
            pass

    return Handler


def static_server(directory: Path, port: int, host: str = "127.0.0.1") -> Any:
    """A threading HTTP server for ``directory`` (call ``serve_forever``)."""
    from http.server import ThreadingHTTPServer

    handler = functools.partial(handler_class(), directory=str(directory))
    return ThreadingHTTPServer((host, port), handler)


# --------------------------------------------------------------------------- commands


def cmd_setup(args: argparse.Namespace) -> int:
    """Set up only (it already happened before any command runs)."""
    say(f"ready: {VENV}, {NODE_MODULES}, {WHEELS}")
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    """Build the static site."""
    build_site(Path(args.out).resolve(), [m for m in args.apps.split(",") if m])
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Build the site and serve it on localhost."""
    out = build_site()
    server = static_server(out, args.port, "localhost")
    say(f"serving {out} at http://localhost:{args.port}/  (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        say("stopped")
    finally:
        server.server_close()
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """``panel serve`` every game app on localhost until Ctrl+C (or SIGTERM)."""
    apps = discover_apps()
    if not apps:
        stop("no webapp/*.py module defines create_app()")
    origin = [f"--allow-websocket-origin={h}:{args.port}" for h in ("localhost", "127.0.0.1")]
    for app in apps:
        say(f"{app.game or app.module}: http://localhost:{args.port}/{app.module}")
    server = subprocess.Popen([venv_tool("panel"), "serve", *[str(a.path) for a in apps],
                               "--address", "localhost", "--port", str(args.port), *origin], cwd=ROOT)
    signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
        return server.wait()
    except KeyboardInterrupt:
        server.terminate()
        return server.wait()


@dataclass
class Step:
    """One check of ``build.py test`` and how it went."""

    name: str
    cmd: list[str]
    ok: bool = False
    seconds: float = 0.0


def run_step(step: Step, env: dict[str, str]) -> None:
    """Run one check, streaming its output, and time it."""
    say(f"--- {step.name}: {' '.join(step.cmd)}")
    started = time.perf_counter()
    step.ok = subprocess.run(step.cmd, cwd=ROOT, env=env).returncode == 0
    step.seconds = time.perf_counter() - started


def cmd_test(args: argparse.Namespace) -> int:
    """Lint, type-check, build the site and run every test layer; print a summary."""
    env = {**os.environ, "RULEBOX_SITE": str(SITE_OUT)}
    python = sys.executable
    steps = [
        Step("ruff", [venv_tool("ruff"), "check", "."]),
        Step("mypy", [venv_tool("mypy")]),
        Step("site build", [python, str(Path(__file__).resolve()), "site"]),
        # Two sessions: Playwright's sync API keeps an event loop running on the main
        # thread, which breaks later tests that call asyncio.run().
        Step("pytest: engine, Pyodide on Node, app logic, notebooks",
             [python, "-m", "pytest", "tests", "-m", "not browser", *args.pytest_args]),
        Step("pytest: browser (apps, static site, JupyterLite)",
             [python, "-m", "pytest", "tests", "-m", "browser", *args.pytest_args]),
    ]
    started = time.perf_counter()
    for step in steps:
        run_step(step, env)
    print("\n" + "=" * 72)
    print("build.py test summary")
    for step in steps:
        print(f"  {'PASS' if step.ok else 'FAIL'}  {step.name:<55} {step.seconds:7.1f} s")
    failed = [s.name for s in steps if not s.ok]
    print(f"  total {time.perf_counter() - started:.1f} s; "
          + ("all checks passed" if not failed else f"failed: {', '.join(failed)}"))
    return 1 if failed else 0


def run_in_pyodide(script: Sequence[str], wheels: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a repository script or module (``-m name``) in Pyodide on Node; output captured."""
    cmd = ["node", str(PYODIDE_RUNNER), "--pyodide", str(PYODIDE_DIR), "--mount", str(ROOT.parent),
           "--path", str(ROOT)]
    if wheels:
        cmd += ["--wheels", str(wheels)]
    return subprocess.run([*cmd, "--", *script], capture_output=True, text=True, cwd=ROOT)


def cmd_bench(args: argparse.Namespace) -> int:
    """The benchmark table per game, CPython and Pyodide, with the targets."""
    benchmarks = load_module(ROOT / "tests" / "benchmarks.py", "rulebox_benchmarks")
    budget = ["--seconds", str(args.seconds), "--moves", str(args.moves)]
    say("benchmarking in CPython")
    cpython = benchmarks.run_all(args.seconds, args.moves)
    say("benchmarking in Pyodide on Node")
    result = run_in_pyodide([str(ROOT / "tests" / "benchmarks.py"), "--json", *budget])
    if result.returncode != 0:
        print(result.stdout[-4000:], result.stderr[-4000:], sep="\n")
        stop("the benchmark failed in Pyodide")
    pyodide = json.loads(result.stdout.strip().splitlines()[-1])
    report, ok = benchmarks.report(cpython, pyodide)
    print(report)
    return 0 if ok else 1


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("setup", help="create .venv and install the pinned stack").set_defaults(run=cmd_setup)
    s = sub.add_parser("serve", help="build the site and serve it on http://localhost:8000")
    s.add_argument("--port", type=int, default=8000)
    s.set_defaults(run=cmd_serve)
    s = sub.add_parser("play", help="panel serve every game app on localhost (offline)")
    s.add_argument("--port", type=int, default=5006)
    s.set_defaults(run=cmd_play)
    s = sub.add_parser("site", help="build the static site into _site/")
    s.add_argument("--out", default=str(SITE_OUT), help="output folder (default: _site)")
    s.add_argument("--apps", default="", help="only these app modules, comma-separated (default: all)")
    s.set_defaults(run=cmd_site)
    s = sub.add_parser("test", help="ruff, mypy and every test layer")
    s.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    s.set_defaults(run=cmd_test)
    s = sub.add_parser("bench", help="benchmark table per game (CPython and Pyodide)")
    s.add_argument("--seconds", type=float, default=1.0, help="time per playout measurement")
    s.add_argument("--moves", type=int, default=3, help="bot moves timed per level")
    s.set_defaults(run=cmd_bench)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command, make sure the set-up is done, and run it inside ``.venv``."""
    args = parser().parse_args(argv)
    setup()
    if not in_venv():
        reexec_in_venv()
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
