"""Shared pytest fixtures: Chromium for pytest-playwright, an offline browser, panel servers.

Only the standard library and pytest are imported at the top: the core tests also
run inside Pyodide, where this file is loaded too.

* Browser tests (any test using ``page``, ``context`` or ``browser``, or marked
  ``browser``) run in Debian's ``/usr/bin/chromium``.  Without it they are skipped
  locally with the reason, and fail under ``CI=true``.
* Every browser context aborts requests to hosts other than localhost.
* ``panel_serve("buttonup")`` starts ``panel serve webapp/buttonup.py`` on a free
  port (once per session) and returns the app's URL; servers stop at the end.
* ``built_site`` / ``site_url``: the static site (``$RULEBOX_SITE`` or a fresh
  build) and a local HTTP server for it; ``rulebox_build`` is ``build.py``.
* ``app_module``: tests taking it run once per app module (``webapp/*.py`` with
  ``create_app``), discovered as the site build does.
* ``require(ok, why)`` skips locally and fails under CI when a tool is missing.

Test modules take these as fixtures and never import this file (several
``conftest.py`` files may exist under ``tests/``).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
NOT_LOCALHOST = re.compile(r"^(?!(?:https?|wss?)://(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?/)[a-z]+://")
"""Every URL whose host is not this machine (data: and blob: URLs are not requests)."""
BROWSER_FIXTURES = {"page", "context", "browser", "new_context"}
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-default-apps", "--disable-extensions",
]


def have_chromium() -> bool:
    """True when Debian's chromium is installed."""
    return Path(CHROMIUM).exists()


def load_build() -> Any:
    """The repository's ``build.py`` as a module (its paths and helpers)."""
    if "rulebox_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("rulebox_build", ROOT / "build.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["rulebox_build"] = module
        spec.loader.exec_module(module)
    return sys.modules["rulebox_build"]


@pytest.hookimpl(tryfirst=True)  # before `-m browser` / `-m "not browser"` selects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark browser tests; skip them (locally only) when chromium is missing."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("browser") and not have_chromium() and not IN_CI:
            item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} not found: apt-get install chromium"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize an ``app_module`` argument with every app module (as ``build.py`` finds them)."""
    if "app_module" in metafunc.fixturenames:
        metafunc.parametrize("app_module", [a.module for a in load_build().discover_apps()])


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's chromium headless (pytest-playwright hook; never `playwright install`)."""
    if not have_chromium():
        pytest.fail(f"{CHROMIUM} is missing; under CI=true the browser tests must run (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True, "args": CHROMIUM_ARGS}


@pytest.fixture
def context(context: Any) -> Iterator[Any]:
    """pytest-playwright's context with every non-localhost request aborted.

    Routes that tests add later take precedence, so a test can still serve CDN
    URLs from local files.
    """
    context.route(NOT_LOCALHOST, lambda route: route.abort())
    yield context


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> None:
    """Poll ``url`` until it answers 200; fail early if ``proc`` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            output = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            pytest.fail(f"server exited with {proc.returncode} before {url} answered:\n{output[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"{url} did not answer within {timeout:.0f} s")


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """Terminate a server and reap it (kill if it ignores SIGTERM)."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def panel_serve() -> Iterator[Callable[[str], str]]:
    """A factory: ``panel_serve("buttonup")`` -> the URL of ``webapp/buttonup.py`` served locally.

    Each module gets one ``panel serve`` process on a free port for the session
    (every page load is its own Panel session); all stop when the tests end.
    """
    servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}

    def serve(module: str) -> str:
        if module not in servers:
            path = ROOT / "webapp" / f"{module}.py"
            assert path.exists(), f"no app module {path}"
            port = free_port()
            panel = shutil.which("panel", path=str(Path(sys.executable).parent)) or "panel"
            proc = subprocess.Popen(
                [panel, "serve", str(path), "--address", "127.0.0.1", "--port", str(port),
                 "--allow-websocket-origin", f"127.0.0.1:{port}"],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            )
            url = f"http://127.0.0.1:{port}/{module}"
            try:
                wait_http(url, proc)
            except BaseException:
                stop_process(proc)
                raise
            servers[module] = (proc, url)
        return servers[module][1]

    yield serve
    for proc, _ in servers.values():
        stop_process(proc)


@pytest.fixture(scope="session")
def rulebox_build() -> Any:
    """``build.py`` as a module: its paths (PYODIDE_DIR, ...) and helpers."""
    return load_build()


@pytest.fixture(scope="session")
def require() -> Callable[[bool, str], None]:
    """``require(ok, why)``: skip (locally) or fail (under CI=true) when ``ok`` is false."""

    def check(ok: bool, why: str) -> None:
        if not ok:
            if IN_CI:
                pytest.fail(f"{why} (required under CI)")
            pytest.skip(why)

    return check


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site: ``$RULEBOX_SITE`` (``build.py test`` builds it first), else a fresh build."""
    given = os.environ.get("RULEBOX_SITE")
    if given and (Path(given) / "index.html").exists():
        return Path(given)
    out = tmp_path_factory.mktemp("site") / "_site"
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "site", "--out", str(out)],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"site build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return out


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served over HTTP on localhost (the server of ``build.py serve``)."""
    server = load_build().static_server(built_site, free_port())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)
