"""The offline support of a site build, read from its files: the service worker's build id, first-visit
cache list and game pages, JupyterLite's worker inside it, and the scripts every page loads."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tools.site import FURTHER_PAGES, build_id, site_files

SITE_LINE = re.compile(r"const SITE = (\{.*\});")
MAX_PRECACHE_BYTES = 5_000_000
"""The first visit caches little (JupyterLite's 40 MB are cached only when a tutorial is opened)."""


def config(script: Path) -> dict[str, Any]:
    """The ``SITE`` settings the build wrote into a script."""
    match = SITE_LINE.search(script.read_text())
    assert match, f"{script} has no SITE line"
    settings: dict[str, Any] = json.loads(match[1])
    return settings


def test_first_visit_caches_the_small_pages_of_the_site(built_site: Path) -> None:
    settings = config(built_site / "sw.js")
    assert re.fullmatch(r"[0-9a-f]{16}", settings["build"])
    assert settings["root"] == "./"
    precache = settings["precache"]
    assert precache[0] == "./" and len(set(precache)) == len(precache)
    assert all((built_site / path).is_file() for path in precache[1:])
    assert sum((built_site / path).stat().st_size for path in precache[1:]) < MAX_PRECACHE_BYTES
    expected = {"index.html", "offline.js", "loading.js", "loading.css"}
    expected |= {p.relative_to(built_site).as_posix() for p in (built_site / "rules").glob("*.html")}
    games = {p.relative_to(built_site).as_posix() for p in (built_site / "apps").glob("*.html")} - FURTHER_PAGES
    assert "apps/buttonup.html" in games and not FURTHER_PAGES & set(settings["games"]), "a page beside the games"
    assert games <= set(settings["games"]) and all(p.startswith("apps/") for p in settings["games"])
    assert not any(p.startswith("apps/") for p in precache), "a tutorial's first visit fetches a game page"
    expected |= {p.relative_to(built_site).as_posix() for p in (built_site / "lite" / "files").glob("*.ipynb")}
    assert expected <= set(precache), sorted(expected - set(precache))
    heavy = [p for p in precache if p.startswith("lite/") and not p.startswith(("lite/files/", "lite/api/"))]
    assert not heavy, heavy
    assert not any(p.endswith(".resources.zip") for p in precache)


def test_ready_for_class_lists_every_file_a_tutorial_visit_leaves_out(built_site: Path) -> None:
    classroom = json.loads((built_site / "classroom.json").read_text())
    settings = config(built_site / "sw.js")
    assert classroom["build"] == settings["build"], "the files must go into the worker's own cache"
    lite = {name for name in site_files(built_site) if name.startswith("lite/")} - {"lite/service-worker.js"}
    assert set(classroom["files"]) == (lite - set(settings["precache"])) | set(settings["games"])
    assert classroom["bytes"] == sum((built_site / name).stat().st_size for name in classroom["files"])
    assert any(name.endswith("pyodide.asm.wasm") for name in classroom["files"])
    assert any(name.endswith(".whl") and "rulebox" in name for name in classroom["files"])


def test_jupyterlite_worker_carries_the_site_cache(built_site: Path) -> None:
    root, lite = built_site / "sw.js", built_site / "lite" / "service-worker.js"
    assert {**config(lite), "root": "./"} == config(root)
    assert config(lite)["root"] == "../"
    for worker in (root, lite):
        text = worker.read_text()
        assert "/sw-api.v1" in text, f"{worker.name} lacks JupyterLite's drive and stdin relay"
        assert text.index('addEventListener("fetch"') < text.index("/sw-api.v1"), "the site's listener must come first"
    lite_config = json.loads((built_site / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config(built_site / "offline.js")["jupyterlite"] == lite_config["appVersion"]
    assert "enableServiceWorkerCache" not in lite_config, "offline.js names the worker as JupyterLite registers it"


def test_every_page_registers_the_worker_and_game_pages_load_the_notice_first(built_site: Path) -> None:
    for page in built_site.rglob("*.html"):
        relative = page.relative_to(built_site)
        up = "../" * (len(relative.parts) - 1)
        text = page.read_text()
        assert f'<script src="{up}offline.js"></script>' in text, relative
        if relative.parts[0] == "apps":
            first_script = re.search(r"<script[^>]*\bsrc=\"([^\"]+)\"", text)
            assert first_script and first_script[1] == f"{up}loading.js", relative


def test_build_id_follows_every_file(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "page.html").write_text("one")
    (tmp_path / "index.html").write_text("two")
    first = build_id(tmp_path, site_files(tmp_path))
    assert build_id(tmp_path, site_files(tmp_path)) == first
    (tmp_path / "a" / "page.html").write_text("One")
    edited = build_id(tmp_path, site_files(tmp_path))
    assert edited != first
    (tmp_path / "a" / "page.html").rename(tmp_path / "a" / "other.html")
    assert build_id(tmp_path, site_files(tmp_path)) != edited
