"""The bytecode the build adds to the tutorials' wheels and standard library (:mod:`tools.bytecode`), checked
with this Python's own bytecode: the engine's wheel keeps its sources beside ``__pycache__``, the standard
library's zip and the other wheels hold bytecode alone, and all import from it; in a built site, every wheel the
tutorials' kernel loads at start (its own, the engine's and ipywidgets' among them) holds bytecode."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools.bytecode import add_bytecode, bytecode, main
from tools.lite import canonical

SOURCE = b'"""A module."""\n\nANSWER = 6 * 7\n'


def archive(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as new:
        for name, data in members.items():
            new.writestr(name, data)
    return path


def test_the_engine_s_wheel_gets_bytecode_beside_its_sources(tmp_path: Path) -> None:
    wheel = archive(tmp_path / "rulebox-1-py3-none-any.whl", {
        "demo/__init__.py": SOURCE, "demo/broken.py": b"def (:\n", "demo-1.dist-info/METADATA": b"Name: demo\n"})
    assert add_bytecode(wheel) == 1  # the module that does not compile keeps its source alone
    cached = str(importlib.util.cache_from_source("demo/__init__.py"))
    with zipfile.ZipFile(wheel) as result:
        names = set(result.namelist())
        assert names == {"demo/__init__.py", "demo/broken.py", "demo-1.dist-info/METADATA", cached}
        assert result.read("demo/__init__.py") == SOURCE
        result.extractall(tmp_path / "site")
    (tmp_path / "site" / "demo" / "__init__.py").write_text("ANSWER = 0\n")  # unchecked: the bytecode wins
    run = subprocess.run([sys.executable, "-c", "import demo; print(demo.ANSWER)"], cwd=tmp_path / "site",
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "42"


def test_the_standard_library_zip_holds_bytecode_alone_and_imports_from_it(tmp_path: Path) -> None:
    stdlib = archive(tmp_path / "python_stdlib.zip", {"answer.py": SOURCE, "pkg/__init__.py": b"", "data.txt": b"x"})
    assert add_bytecode(stdlib) == 2
    with zipfile.ZipFile(stdlib) as result:
        assert set(result.namelist()) == {"answer.pyc", "pkg/__init__.pyc", "data.txt"}
    code = f"import sys; sys.path.insert(0, {str(stdlib)!r}); import answer, pkg; print(answer.ANSWER, answer.__doc__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "42 A module."


def test_any_other_wheel_holds_bytecode_alone_and_imports_from_it(tmp_path: Path) -> None:
    wheel = archive(tmp_path / "demo-1-py3-none-any.whl", {"demo/__init__.py": SOURCE, "demo/data.json": b"{}"})
    assert add_bytecode(wheel) == 1
    with zipfile.ZipFile(wheel) as result:
        assert set(result.namelist()) == {"demo/__init__.pyc", "demo/data.json"}
        result.extractall(tmp_path / "site")
    run = subprocess.run([sys.executable, "-c", "import demo; print(demo.ANSWER)"], cwd=tmp_path / "site",
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "42"


def test_source_that_does_not_compile_has_no_bytecode() -> None:
    assert bytecode(b"def (:\n", "broken.py") is None
    assert bytecode(b"\0", "nul.py") is None


@pytest.mark.skipif(sys.implementation.cache_tag == "cpython-314", reason="this Python writes Pyodide's bytecode")
def test_outside_pyodide_it_refuses_to_write_another_version_s_bytecode(tmp_path: Path) -> None:
    assert main([str(tmp_path / "x.whl")]) == 2


def preloaded(lite: Path) -> dict[str, dict[str, object]]:
    """The lock entries of every package the tutorials' kernel loads at start (named in ``loadPyodideOptions``,
    with their dependencies)."""
    lock = json.loads((lite / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    settings = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    wanted = list(settings["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"])
    found: dict[str, dict[str, object]] = {}
    while wanted:
        name = canonical(wanted.pop())
        if name not in found:
            found[name] = lock[name]
            wanted.extend(lock[name]["depends"])
    return found


def test_every_wheel_the_tutorials_kernel_loads_at_start_holds_bytecode(built_site: Path) -> None:
    packages = preloaded(built_site / "lite")
    assert {"piplite", "pyodide-kernel", "ipykernel", "ipython", "rulebox", "ipywidgets"} <= set(packages)
    for name, entry in packages.items():
        wheel = built_site / "lite" / "static" / "pyodide" / str(entry["file_name"])
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        with zipfile.ZipFile(wheel) as archive:
            members = archive.namelist()
        sources = [member for member in members if member.endswith(".py")]
        compiled = [member for member in members if member.endswith(".pyc")]
        assert compiled, f"{name} ships no bytecode"
        if name == "rulebox":  # the engine keeps its sources, each with its bytecode beside it
            beside = {f"{Path(s).parent / '__pycache__' / Path(s).stem}.cpython-314.pyc" for s in sources}
            assert beside == set(compiled)
        else:
            assert not sources, f"{name} ships sources: {sources[:3]}"
