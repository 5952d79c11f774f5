"""The build's modules (``tools``): site output folders, browser opening, test verdicts,
contributed benchmark rows, the app registry's entry scripts and the shared-data rule."""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tools.apps import write_entry_points
from tools.bench import benchmarks_module
from tools.common import ROOT
from tools.serve import can_open_browser
from tools.site import MARKER, prepare_output
from tools.testing import Step, run_step, verdict
from webapp.registry import APPS


def test_prepare_output_replaces_only_an_earlier_site_build(tmp_path: Path) -> None:
    out = tmp_path / "site"
    prepare_output(out)
    assert [p.name for p in out.iterdir()] == [MARKER]
    (out / "apps").mkdir()
    (out / "apps" / "old.html").write_text("old")
    (out / "index.html").write_text("old")
    prepare_output(out)
    assert [p.name for p in out.iterdir()] == [MARKER]
    (out / MARKER).unlink()
    (out / "index.html").write_text("someone's page")
    with pytest.raises(SystemExit) as stopped:
        prepare_output(out)
    assert stopped.value.code == 2
    assert (out / "index.html").read_text() == "someone's page"


def test_serve_opens_a_browser_only_when_wanted_and_visible() -> None:
    display = {"DISPLAY": ":0"}
    assert can_open_browser(False, display) is True
    assert can_open_browser(True, display) is False
    assert can_open_browser(False, {**display, "CI": "true"}) is False
    if sys.platform == "linux":
        assert can_open_browser(False, {}) is False


def test_pytest_selecting_no_test_is_not_a_failure_unless_every_session_does() -> None:
    env = dict(os.environ)
    none = Step("pytest a", [sys.executable, "-c", "raise SystemExit(5)"], is_pytest=True)
    other = Step("other", [sys.executable, "-c", "raise SystemExit(5)"])
    run_step(none, env)
    run_step(other, env)
    assert (none.status, other.status) == ("NONE", "FAIL")
    passed = Step("pytest b", [], is_pytest=True, status="PASS")
    assert verdict([none, passed]) == (True, "all checks passed")
    ok, why = verdict([none, Step("pytest b", [], is_pytest=True, status="NONE")])
    assert not ok and "no test" in why
    assert verdict([none, passed, other])[0] is False


def test_contributed_bench_rows_are_measured_and_errors_fail_the_report(tmp_path: Path) -> None:
    benchmarks = benchmarks_module()
    measured = benchmarks.measure_rows({"fine": lambda: "12 ms", "raises": lambda: 1 / 0, "number": lambda: 3})
    assert measured["fine"] == {"text": "12 ms", "ok": True}
    assert not measured["raises"]["ok"] and "ZeroDivisionError" in measured["raises"]["text"]
    assert not measured["number"]["ok"] and "int" in measured["number"]["text"]
    bad = tmp_path / "bench_bad.py"
    bad.write_text("ROWS = {'label': 'not a function'}\n")
    with pytest.raises(TypeError, match="ROWS"):
        benchmarks.load_rows(bad)
    good = tmp_path / "bench_good.py"
    good.write_text("ROWS = {'solver depth': lambda: '7 plies'}\n")
    row = {"title": "Game", "engine": {"moves_per_s": 10.0, "games_per_s": 1.0}, "bots": {},
           "rows": benchmarks.measure_rows(benchmarks.load_rows(good))}
    text, ok = benchmarks.report({"runtime": "CPython", "games": {"g": row}})
    assert ok and "solver depth" in text and "7 plies" in text
    row["rows"]["solver depth"] = {"text": "error: boom", "ok": False}
    assert benchmarks.report({"runtime": "CPython", "games": {"g": row}})[1] is False


def test_engine_over_minimal_is_judged_against_each_games_own_minimum() -> None:
    benchmarks = benchmarks_module()

    def judged(name: str, ratio: float) -> tuple[str, bool]:
        row = {"title": name, "bots": {}, "engine": {"moves_per_s": 10.0, "games_per_s": 1.0},
               "minimal": {"moves_per_s": 1000.0, "engine_moves_per_s": ratio * 1000}}
        return benchmarks.report({"runtime": "CPython", "games": {name: row}})

    assert benchmarks.MIN_RATIOS["button-up"] == 0.35
    text, ok = judged("button-up", 0.30)
    assert not ok and "engine/minimal (>= 35%)" in text and "30% FAIL" in text
    assert judged("button-up", 0.36)[1]
    text, ok = judged("button-men", 0.30)
    assert ok and "engine/minimal (>= 20%)" in text and "30% PASS" in text


def test_side_by_side_plays_the_same_seeds_in_the_engine_and_the_model_until_the_cpu_time_is_spent() -> None:
    import core

    benchmarks = benchmarks_module()
    seeds: list[int] = []

    def model(rnd: random.Random) -> int:
        seeds.append(rnd.randrange(1 << 30))
        return 5

    measured = benchmarks.side_by_side(core.get_game("button-up"), model, 0.05)
    assert seeds == [random.Random(seed).randrange(1 << 30) for seed in range(len(seeds))] and seeds
    assert measured["moves_per_s"] > 0 and measured["engine_moves_per_s"] > 0


def test_every_game_bench_file_is_named_after_its_core_package() -> None:
    import core

    benchmarks = benchmarks_module()
    for game in core.GAMES.values():
        path = benchmarks.bench_file(game)
        assert path.parent.parent == ROOT / "tests" and path.name == f"bench_{path.parent.name}.py"
        assert type(game).__module__.startswith(f"core.{path.parent.name}")


def test_entry_scripts_import_each_registered_module(tmp_path: Path) -> None:
    scripts = write_entry_points(APPS, tmp_path)
    assert [s.stem for s in scripts] == [e.page for e in APPS]
    for entry, script in zip(APPS, scripts, strict=True):
        assert f"from {entry.module} import create_app\n" in script.read_text()
        assert callable(importlib.import_module(entry.module).create_app)


@pytest.mark.parametrize(("ci", "code", "word"), [("", 0, "skipped"), ("true", 1, "failed")])
def test_absent_shared_data_skips_locally_and_fails_under_ci(ci: str, code: int, word: str) -> None:
    env = {**os.environ, "CI": ci}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", str(Path(__file__).with_name("shared_probe.py"))],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == code, result.stdout[-2000:]
    assert f"1 {word}" in result.stdout
