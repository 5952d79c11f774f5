"""The tutorial start-time bench's own parts: the byte-counting server and the report against the targets."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

from tools.first_output import Load, median, report, served


def test_the_server_counts_what_it_sends_per_path(tmp_path: Path) -> None:
    (tmp_path / "big.js").write_bytes(b"x" * 5000)
    with served(tmp_path) as (url, sent):
        for _ in range(2):
            with urllib.request.urlopen(url + "big.js?_=abc") as response:
                assert len(response.read()) == 5000
    assert sent == {"/big.js": 10_000}


def test_the_server_counts_the_encoded_bytes_it_sends(tmp_path: Path) -> None:
    (tmp_path / "big.js").write_bytes(b"x" * 5000)
    with served(tmp_path) as (url, sent):
        request = urllib.request.Request(url + "big.js", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            body = response.read()
    assert gzip.decompress(body) == b"x" * 5000
    assert sent == {"/big.js": len(body)} and len(body) < 100


def test_the_report_flags_a_tutorial_over_a_target() -> None:
    fast = Load(3.0, 7.0, {"/lite/static/pyodide/pyodide.asm.wasm": 9_600_000})
    slow = Load(3.0, 13.0, {"/lite/static/pyodide/pyodide.asm.wasm": 9_600_000})
    text = report([("a.ipynb", fast, fast), ("b.ipynb", slow, fast)])
    a, b = (line for line in text.splitlines() if ".ipynb " in line)
    assert "over a target" not in a and "over a target" in b
    assert "9.60 MB  /lite/static/pyodide/pyodide.asm.wasm" in text


def test_a_figure_is_the_load_whose_first_output_is_the_median() -> None:
    loads = [Load(3.0, 9.0, {"/a": 1}), Load(2.0, 7.0, {"/a": 2}), Load(4.0, 12.5, {"/a": 3})]
    assert median(loads) is loads[0]  # its moments and bytes stay together
    assert median(loads[1:]) is loads[2]
