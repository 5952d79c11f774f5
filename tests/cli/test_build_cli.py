"""``build.py`` on hostile command lines: one error line, exit status 2, nothing touched.

Each case runs ``build.py`` in a subprocess on this interpreter (the project's
venv, so no re-exec); argument errors stop before the set-up, port and folder
errors right after it, before any long work.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.common import ROOT
from webapp.registry import APPS


def build(*args: str) -> subprocess.CompletedProcess[str]:
    """``build.py ARGS`` with CI unset (so nothing depends on the caller's environment)."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(Path.home())}
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=300)


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    """The single line a refused command printed to stderr (and nothing else went wrong)."""
    assert result.returncode == 2, result.stdout[-2000:] + result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port some other program listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def test_serve_help_documents_port_and_no_open() -> None:
    result = build("serve", "--help")
    assert result.returncode == 0
    assert "--port PORT" in result.stdout and "--no-open" in result.stdout


@pytest.mark.parametrize("args", [
    ("serve", "--port", "99999"), ("serve", "--port", "0"), ("serve", "--port", "http"),
    ("play", "--port", "-1"), ("bench", "--seconds", "-1"), ("bench", "--seconds", "nan"),
    ("bench", "--seconds", "1e9"), ("bench", "--moves", "0"), ("bench", "--moves", "2.5"),
    ("site", "--apps"), ("launch",),
])
def test_bad_arguments_fail_with_one_line(args: tuple[str, ...]) -> None:
    line = one_error_line(build(*args))
    assert line.startswith("build.py") and "error:" in line


@pytest.mark.parametrize("command", ["serve", "play"])
def test_busy_port_is_named_with_a_free_one(command: str, busy_port: int) -> None:
    extra = ["--no-open"] if command == "serve" else []
    line = one_error_line(build(command, "--port", str(busy_port), *extra))
    assert f"port {busy_port} is busy" in line
    suggested = int(line.rsplit("--port ", 1)[1])
    assert suggested != busy_port


def test_misspelt_app_lists_the_valid_names(tmp_path: Path) -> None:
    line = one_error_line(build("site", "--out", str(tmp_path / "out"), "--apps", "buttonupp"))
    assert "'buttonupp'" in line
    assert all(entry.page in line for entry in APPS)
    assert not (tmp_path / "out").exists(), "nothing is built for a misspelt app"


def test_site_refuses_a_folder_that_is_not_a_site_build(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("keep me")
    line = one_error_line(build("site", "--out", str(tmp_path)))
    assert str(tmp_path) in line and "not empty" in line
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
