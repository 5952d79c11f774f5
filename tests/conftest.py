"""Shared pytest fixtures: Chromium for pytest-playwright, an offline browser, panel servers.

Only the standard library, pytest and :mod:`tools.common` (standard library only)
are imported at the top: the core tests also run inside Pyodide, where this file
is loaded too.  The rest of :mod:`tools` is imported by the fixtures that use it.

* Browser tests (any test using ``page``, ``context`` or ``browser``, or marked
  ``browser``) run in Debian's ``/usr/bin/chromium``.  Without it they are skipped
  locally with the reason, and fail under ``CI=true``.
* Every browser context aborts requests to hosts other than localhost.
* ``panel_serve("buttonup")`` serves that page of ``webapp.registry`` with
  ``panel serve`` on a free port (once per session) and returns its URL; servers
  stop at the end.
* ``built_site`` / ``site_url``: the static site (``$RULEBOX_SITE`` or a fresh
  build) and a local HTTP server for it (the one ``build.py serve`` uses).
* ``app_page``: tests taking it run once per page of ``webapp.registry.APPS``.
* ``require(ok, why)`` skips locally and fails under CI when a tool is missing;
  ``shared_path("buttonmen/conformance.json")`` is a file of the team's shared
  reference data in ``../shared``, under the same rule when it is absent.
* ``count_listings(SomeState)`` counts, from then on, the calls of that class's
  ``_legal_actions`` (how a test shows that replay lists no more than it must).

Test modules take these as fixtures and never import this file (several
``conftest.py`` files may exist under ``tests/``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.shared_data import shared_file
from tools.common import IN_CI, ROOT
CHROMIUM = "/usr/bin/chromium"
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


@pytest.hookimpl(tryfirst=True)  # before `-m browser` / `-m "not browser"` selects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark browser tests; skip them (locally only) when chromium is missing."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("browser") and not have_chromium() and not IN_CI:
            item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} not found: apt-get install chromium"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize an ``app_page`` argument with every page of ``webapp.registry``."""
    if "app_page" in metafunc.fixturenames:
        from webapp.registry import APPS

        metafunc.parametrize("app_page", [entry.page for entry in APPS])


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


def wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> None:
    """Poll ``url`` until it answers 200; fail early if ``proc`` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            output = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            pytest.fail(f"server exited with {proc.returncode} before {url} answered:\n{output[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=60) as response:  # a loaded machine may take > 5 s per page
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
def panel_serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], str]]:
    """A factory: ``panel_serve("buttonup")`` -> the URL of that registry page served locally.

    Each page gets one ``panel serve`` process on a free port for the session
    (every page load is its own Panel session); all stop when the tests end.
    The server imports this checkout's ``webapp`` and ``core`` (``PYTHONPATH``), not
    whichever checkout the shared virtual environment was installed from, and its bots play
    untimed (``RULEBOX_UNTIMED_BOTS``): a seeded game is the same game on any machine.
    """
    from tools.apps import select, write_entry_points
    from tools.serve import any_free_port, panel_serve_command

    servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}

    def serve(page: str) -> str:
        if page not in servers:
            scripts = write_entry_points(select([page]), tmp_path_factory.mktemp(f"page-{page}"))
            port = any_free_port()
            env = {**os.environ, "RULEBOX_UNTIMED_BOTS": "1",
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
            proc = subprocess.Popen(panel_serve_command(scripts, port, "127.0.0.1"), cwd=ROOT, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
            url = f"http://127.0.0.1:{port}/{page}"
            try:
                wait_http(url, proc)
            except BaseException:
                stop_process(proc)
                raise
            servers[page] = (proc, url)
        return servers[page][1]

    yield serve
    for proc, _ in servers.values():
        stop_process(proc)


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
def shared_path() -> Callable[[str], Path]:
    """``shared_path("buttonmen/buttons.csv")``: that file of ``../shared``; skips (fails under CI) if absent
    (:mod:`tests.shared_data`: one skip reason when the whole folder is absent)."""
    return shared_file


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
    from tools.serve import serving

    with serving(built_site) as (url, _server):
        yield url


@pytest.fixture
def count_listings(monkeypatch: pytest.MonkeyPatch) -> Callable[[type[Any]], Callable[[], int]]:
    """``listings = count_listings(SomeState)``: ``listings()`` is how often ``SomeState._legal_actions`` ran since.

    The class is patched for this test only (``monkeypatch`` restores it).
    """

    def count(state_class: type[Any]) -> Callable[[], int]:
        calls = 0
        real = state_class._legal_actions

        def counted(self: Any, actor: int) -> Any:
            nonlocal calls
            calls += 1
            return real(self, actor)

        monkeypatch.setattr(state_class, "_legal_actions", counted)
        return lambda: calls

    return count
