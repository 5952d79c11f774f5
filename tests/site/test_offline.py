"""The static site without a network, in Chromium: the game pages explain themselves, and the
service worker lets a visited site open again with the network and the server gone.

* With every non-localhost request aborted (the ``context`` fixture), or left unanswered, a game
  page says within 10 seconds that it needs an internet connection, with a Retry button.
* With the CDN files answered locally (:mod:`tools.local_cdn`), the page shows its loading steps
  ("Loading Python (Pyodide)…", then "Installing Panel…") until PyPI, unreachable here, stops it.
* After one visit of the landing page, a Rules page and a tutorial, the site's own server stops and
  all three open again from the service worker's cache, the tutorial's Python included; likewise
  after a first visit straight to a tutorial, and after a visit of the landing page alone whose
  "Get this device ready for class" button was pressed.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import audit, report
from tools.lite_cells import run_setup
from tools.local_cdn import serve_cdn_locally
from tools.serve import serving

pytestmark = pytest.mark.browser

OFFLINE = "This page needs an internet connection the first time; the tutorials work offline."
GAME_PAGE = "buttonup"
TUTORIAL = "button-up.ipynb"


@pytest.fixture
def own_server(built_site: Path) -> Iterator[tuple[str, Any]]:
    """The built site on a server of its own (a new origin: no service worker from other tests)."""
    with serving(built_site) as served:
        yield served


def test_game_page_without_network_says_so_with_a_retry_button(context: Any, site_url: str) -> None:
    page = context.new_page()
    page.goto(f"{site_url}apps/{GAME_PAGE}.html", wait_until="commit")
    notice = page.get_by_role("alert")
    expect(notice).to_contain_text(OFFLINE, timeout=10_000)
    expect(notice).to_contain_text("cdn.jsdelivr.net")
    retry = notice.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    assert page.locator(".rb-load-steps li[data-status='failed']").count() == 1
    assert page.locator("#loader").is_hidden(), "Panel's bare spinner is still shown"
    violations = report(audit(page, ".rb-load"), impacts=None)
    assert violations == "", violations
    with page.expect_navigation():
        retry.click()
    expect(page.get_by_role("alert")).to_contain_text(OFFLINE, timeout=10_000)


def test_game_page_with_a_silent_network_says_so_within_10_seconds(context: Any, site_url: str) -> None:
    """A network that drops requests without an answer (a firewall): the CDN scripts in the page's
    head never arrive, so the page never gets its body; the notice still shows within 10 s."""
    held: list[Any] = []
    context.route(re.compile(r"^https://"), lambda route: held.append(route))
    page = context.new_page()
    page.goto(f"{site_url}apps/{GAME_PAGE}.html", wait_until="commit")
    expect(page.get_by_role("alert")).to_contain_text(OFFLINE, timeout=10_000)
    expect(page.get_by_role("button", name="Retry")).to_be_visible()
    for route in held:
        route.abort()


@pytest.mark.parametrize("width", [390, 1280])
def test_offline_notice_fits_the_screen(context: Any, site_url: str, width: int) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{site_url}apps/{GAME_PAGE}.html")
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_visible(timeout=10_000)
    box = page.locator(".rb-load-card").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_loading_steps_are_shown(context: Any, built_site: Path, site_url: str) -> None:
    served: list[str] = []
    serve_cdn_locally(context, built_site, served)
    page = context.new_page()
    page.goto(f"{site_url}apps/{GAME_PAGE}.html")
    now = page.locator(".rb-load-now")
    expect(now).to_have_text("Loading Python (Pyodide)…", timeout=30_000)
    steps = page.locator(".rb-load-steps li")
    expect(steps.filter(has_text="Installing Panel")).to_have_attribute(
        "data-status", re.compile("active|failed"), timeout=120_000)
    expect(steps.filter(has_text="Loading Python")).to_have_attribute("data-status", "done")
    expect(steps.filter(has_text="Loading the page")).to_have_attribute("data-status", "done")
    # Panel's own Python packages come from PyPI, which no test reaches: the page must say so.
    expect(page.get_by_role("alert")).to_contain_text(OFFLINE, timeout=120_000)
    assert any(url.endswith("pyodide.asm.wasm") for url in served), served


UNTIL = """async (ms) => {
    const check = %s;
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
        if (await check()) return true;
        await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return false;
}"""
"""Poll an async predicate in the page, frame by frame (``wait_for_function`` does not await a promise)."""


def wait_until(page: Any, predicate: str, timeout_ms: int = 60_000) -> None:
    """Wait until the async JavaScript ``predicate`` holds in the page."""
    if not page.evaluate(UNTIL % predicate, timeout_ms):
        pytest.fail(f"still false after {timeout_ms} ms: {predicate}")


def wait_for_worker(page: Any) -> None:
    """Wait until the site's service worker controls the page and has cached the page itself."""
    wait_until(page, """async () => {
        const name = (await caches.keys()).find((n) => n.startsWith('rulebox-'));
        return navigator.serviceWorker.controller !== null && name !== undefined
            && (await (await caches.open(name)).match(location.href)) !== undefined;
    }""")


HANDED_OVER = """async (root) => {
    const name = (await caches.keys()).find((n) => n.startsWith('rulebox-'));
    if (name === undefined) return ['(no cache yet)'];
    const cache = await caches.open(name);
    const api = /\\/api\\/(drive|stdin\\/|service-worker-heartbeat)/;
    const loaded = performance.getEntriesByType('resource')
        .filter((e) => e.name.startsWith(root) && e.responseStatus === 200 && !api.test(new URL(e.name).pathname));
    const absent = [];
    for (const entry of loaded) if ((await cache.match(entry.name)) === undefined) absent.push(entry.name);
    return absent;
}"""
"""The files of the site under ``root`` that the page loaded (answered 200) and the site's cache lacks."""


def wait_until_handed_over(page: Any, root: str) -> None:
    """Wait until the site's cache holds every file of the site that the page loaded, also those it loaded
    before the service worker took over: offline.js hands them to the worker, which caches them one by one.
    JupyterLite's own requests (drive, stdin) are never cached (``JUPYTERLITE_API`` in site/sw.js)."""
    if not page.evaluate(UNTIL % f"async () => (await ({HANDED_OVER})({root!r})).length === 0", 60_000):
        pytest.fail(f"the site's cache still lacks after 60 s: {page.evaluate(HANDED_OVER, root)}")


def run_first_cell(page: Any, url: str) -> None:
    """Open the tutorial, run its set-up cell and find the engine's "ready" in its fresh output."""
    page.goto(url)
    cell = run_setup(page, timeout_ms=240_000)
    expect(cell.locator(".jp-OutputArea-output").first).to_contain_text("ready")


def test_visited_site_reopens_without_network_or_server(context: Any, own_server: tuple[str, Any]) -> None:
    url, server = own_server
    landing, rules = url, f"{url}rules/button-up.html"
    tutorial = f"{url}lite/notebooks/index.html?path={TUTORIAL}"
    page = context.new_page()
    page.goto(landing)
    wait_for_worker(page)
    page.goto(rules)
    wait_for_worker(page)
    run_first_cell(page, tutorial)

    server.shutdown()
    server.server_close()
    page.goto(landing)
    expect(page.locator("li.game")).not_to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text("Rulebox")
    page.goto(f"{url}index.html")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rulebox")
    page.goto(rules)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Button Up!")
    expect(page.get_by_role("table")).not_to_have_count(0)
    page.goto(f"{url}rules/fair-and-square.html")  # never visited: cached on the first visit
    expect(page.get_by_role("heading", level=1)).to_contain_text("Fair and Square")
    run_first_cell(page, tutorial)


def test_tutorial_opened_first_reopens_without_network_or_server(context: Any, own_server: tuple[str, Any]) -> None:
    """A link straight to a tutorial: the files JupyterLite loaded before the worker took over are
    cached too (offline.js hands them over), so the tutorial and its Python work offline after it."""
    url, server = own_server
    tutorial = f"{url}lite/notebooks/index.html?path={TUTORIAL}"
    page = context.new_page()
    run_first_cell(page, tutorial)
    wait_for_worker(page)
    wait_until_handed_over(page, url)

    server.shutdown()
    server.server_close()
    run_first_cell(page, tutorial)
    page.goto(url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Rulebox")


def test_a_new_build_replaces_the_cache(context: Any, built_site: Path, tmp_path: Path) -> None:
    """A new build's worker (another build id) caches the new files and deletes the old cache."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=lambda folder, names: ["lite"] if Path(folder) == built_site else [])
    (site / "lite").symlink_to(built_site / "lite")
    with serving(site) as (url, _server):
        page = context.new_page()
        page.goto(url)
        wait_for_worker(page)
        old = page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('rulebox-'))")
        worker = (site / "sw.js").read_text()
        build = re.search(r'"build": "([0-9a-f]+)"', worker)
        assert build and old == [f"rulebox-{build[1]}"], old
        index = site / "index.html"
        index.write_text(index.read_text().replace("<h1>Rulebox</h1>", "<h1>Rulebox, rebuilt</h1>"))
        (site / "sw.js").write_text(worker.replace(build[0], '"build": "0123456789abcdef"'))
        page.reload()  # the browser looks for a new sw.js on every navigation
        wait_until(page, """async () => {
            const names = (await caches.keys()).filter((n) => n.startsWith('rulebox-'));
            return names.length === 1 && names[0] === 'rulebox-0123456789abcdef';
        }""")
        page.reload()
        expect(page.get_by_role("heading", level=1)).to_have_text("Rulebox, rebuilt")


def test_a_device_made_ready_for_class_runs_a_tutorial_it_never_opened(context: Any,
                                                                      own_server: tuple[str, Any]) -> None:
    url, server = own_server
    page = context.new_page()
    page.goto(url)
    ready = page.get_by_role("button", name="Get this device ready for class")
    expect(ready).to_be_enabled(timeout=30_000)
    expect(page.locator(".classroom-size")).to_have_text(re.compile(r"^\d+\.\d MB$"))
    status = page.locator("#classroom [role=status]")
    ready.click()
    expect(status).to_contain_text("Downloading:", timeout=30_000)
    expect(status).to_have_text(re.compile("^Ready for class"), timeout=300_000)
    expect(page.get_by_role("button", name="Ready for class")).to_be_disabled()
    page.reload()
    expect(status).to_have_text(re.compile("^This device is ready for class"), timeout=30_000)

    server.shutdown()
    server.server_close()
    run_first_cell(page, f"{url}lite/notebooks/index.html?path={TUTORIAL}")
