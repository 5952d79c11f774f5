"""The tutorials' kernel starts without IPython's terminal (:func:`tools.kernel_patches.lazy_terminal`):
``import IPython`` leaves ``IPython.terminal.embed`` (and prompt_toolkit) out until ``IPython.embed`` is used, and
the start batch leaves the terminal's packages out; a wheel whose ``IPython/__init__.py`` no longer reads as
expected stops the build with one line.  The kernel looks in the notebook's folder (the browser's storage) after
its own packages (:func:`tools.kernel_patches.drive_searched_last`), piplite imports micropip when it first
installs (:func:`tools.kernel_patches.lazy_micropip`), the site holds only the lab extensions the tutorials use,
and their wheel of the engine leaves the Panel views out (:func:`tools.lite.engine_only`)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.site.test_bytecode import preloaded
from tools.kernel_patches import (DRIVE_LAST, EAGER_EMBED, PIPLITE_IMPORT, drive_searched_last, lazy_micropip,
                                  lazy_terminal)
from tools.lite import (EARLY_KERNEL, KERNEL_EXTENSION, LAB_EXTENSIONS, TERMINAL_PACKAGES, engine_only,
                        extension_name)

INIT = f'"""A stand-in for IPython."""\nimport sys\n{EAGER_EMBED}__all__ = ["embed"]\n'.encode()
EMBED = b'import sys\n\ndef embed(**kwargs):\n    return sys._getframe(1).f_code.co_name\n'


def fake_ipython(path: Path, init: bytes = INIT) -> Path:
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr("IPython/__init__.py", init)
        wheel.writestr("IPython/terminal/__init__.py", b"")
        wheel.writestr("IPython/terminal/embed.py", EMBED)
        wheel.writestr("ipython-9.dist-info/METADATA", b"Name: ipython\n")
    return path


def test_import_ipython_leaves_the_terminal_out_until_embed_is_used(tmp_path: Path) -> None:
    wheel = fake_ipython(tmp_path / "ipython-9-py3-none-any.whl")
    lazy_terminal(wheel)
    with zipfile.ZipFile(wheel) as result:
        assert len(result.namelist()) == 4
        result.extractall(tmp_path / "site")
    probe = ("import sys, IPython\nbefore = 'IPython.terminal.embed' in sys.modules\n"
             "def caller():\n    return IPython.embed()\n"
             "from IPython import embed\nprint(before, caller(), embed is IPython.embed, 'embed' in IPython.__all__)")
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path / "site", capture_output=True, text=True,
                         check=True)
    assert run.stdout.split() == ["False", "caller", "True", "True"]  # embed sees its caller's frame, as before
    missing = subprocess.run([sys.executable, "-c", "import IPython; IPython.nothing"], cwd=tmp_path / "site",
                             capture_output=True, text=True)
    assert "module 'IPython' has no attribute 'nothing'" in missing.stderr


def test_an_ipython_that_changed_stops_the_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wheel = fake_ipython(tmp_path / "ipython-10-py3-none-any.whl", init=b"from .terminal import embed\n")
    with pytest.raises(SystemExit) as stopped:
        lazy_terminal(wheel)
    assert stopped.value.code == 2
    assert "ipython-10-py3-none-any.whl: IPython/__init__.py no longer imports the terminal" in capsys.readouterr().err


WORKER = "await this._pyodide.runPythonAsync(`" + PIPLITE_IMPORT + "      piplite.piplite._PIPLITE_URLS = []\n    `)"
"""The part of the kernel worker's script that :func:`drive_searched_last` rewrites (as JupyterLite 0.8 has it)."""


def test_every_kernel_worker_moves_the_notebooks_folder_to_the_end_of_sys_path(tmp_path: Path) -> None:
    static = tmp_path / "pyodide-kernel-extension" / "static"
    static.mkdir(parents=True)
    for name in ("comlink.worker.1.js", "coincident.worker.2.js"):
        (static / name).write_text(f"class K{{async initPackageManager(e){{{WORKER}}}}}")
    (static / "remoteEntry.3.js").write_text("let x = 1;")
    drive_searched_last(tmp_path / "pyodide-kernel-extension")
    for name in ("comlink.worker.1.js", "coincident.worker.2.js"):
        assert (static / name).read_text().count(DRIVE_LAST) == 1
    assert (static / "remoteEntry.3.js").read_text() == "let x = 1;"
    python = "\n".join(line.strip() for line in DRIVE_LAST.splitlines() if "piplite" not in line)
    probe = f"import sys\nsys.path[:0] = ['']\nsys.path.append('/last')\n{python}\n" \
            "print(sys.path.count(''), sys.path[-2:])"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "1 ['/last', '']"


def test_a_kernel_worker_that_changed_stops_the_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ext").mkdir()
    (tmp_path / "ext" / "worker.js").write_text("await this._pyodide.runPythonAsync(`import piplite`)")
    with pytest.raises(SystemExit):
        drive_searched_last(tmp_path / "ext")
    assert "ext: the kernel worker no longer imports piplite as this build expects" in capsys.readouterr().err


def test_the_built_kernel_searches_the_drive_last_and_starts_without_the_terminal(built_site: Path) -> None:
    lite = built_site / "lite"
    workers = [p.name for p in (lite / "extensions" / KERNEL_EXTENSION).rglob("*.js") if DRIVE_LAST in p.read_text()]
    assert any(name.startswith("comlink.worker") for name in workers), workers
    lock = json.loads((lite / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert set(TERMINAL_PACKAGES) <= set(lock) and not set(TERMINAL_PACKAGES) & set(preloaded(lite))
    extensions = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]["federated_extensions"]
    early = extension_name(EARLY_KERNEL)
    assert sorted(e["name"] for e in extensions) == sorted([*LAB_EXTENSIONS, early])
    assert (lite / "extensions" / early / "static" / "remoteEntry.js").read_bytes() == (
        EARLY_KERNEL / "static" / "remoteEntry.js").read_bytes()


def test_the_tutorials_wheel_holds_the_engine_without_the_views(tmp_path: Path) -> None:
    full = tmp_path / "rulebox-1-py3-none-any.whl"
    record = "core/a.py,sha256=x,1\nwebapp/b.py,sha256=y,1\nrulebox-1.dist-info/RECORD,,\n"
    members = {"core/a.py": "A = 1\n", "webapp/b.py": "B = 2\n", "rulebox-1.dist-info/RECORD": record}
    with zipfile.ZipFile(full, "w") as wheel:
        for name, text in members.items():
            wheel.writestr(name, text)
    (tmp_path / "slim").mkdir()
    slim = engine_only(full, tmp_path / "slim")
    assert slim.name == full.name
    with zipfile.ZipFile(slim) as wheel:
        assert wheel.namelist() == ["core/a.py", "rulebox-1.dist-info/RECORD"]
        kept = wheel.read("rulebox-1.dist-info/RECORD").decode()
    assert kept == "core/a.py,sha256=x,1\nrulebox-1.dist-info/RECORD,,\n"


def test_the_built_tutorials_load_the_engine_without_the_views(built_site: Path) -> None:
    wheels = sorted((built_site / "lite").glob("**/rulebox-*.whl"))
    assert len(wheels) == 2  # the kernel's start batch and the piplite index
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
        assert "core/teach/__init__.py" in names and not [n for n in names if n.startswith("webapp/")], wheel


FAKE_MICROPIP = {
    "micropip/__init__.py": "from .package_index import query_package\n\n"
                            "async def install(requirements, **options):\n"
                            "    from . import package_index\n"
                            "    return await package_index.query_package(name=requirements, index_urls=None,\n"
                            "                                             compat_layer=None, fetch_kwargs=None)\n",
    "micropip/package_index.py": "class CompatibilityLayer: ...\n\nclass ProjectInfo: ...\n\n"
                                 "async def query_package(name, **options):\n    return 'from PyPI: ' + name\n",
}
"""A stand-in for micropip: its ``install`` asks ``package_index.query_package``, which piplite patches."""
VENV_PIPLITE = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION / "static" / "pypi"


def test_piplite_imports_micropip_when_it_first_installs_and_keeps_its_pypi_fallback(tmp_path: Path) -> None:
    """The kernel's own piplite (from the venv, as the build takes it), rewritten: ``import piplite`` leaves
    micropip out; an install finds nothing in the site's index and falls back to micropip's own query (not to
    piplite's patched one, which would call itself)."""
    wheel = Path(shutil.copy(next(VENV_PIPLITE.glob("piplite-*.whl")), tmp_path))
    lazy_micropip(wheel)
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp_path / "site")
    for name, text in FAKE_MICROPIP.items():
        (tmp_path / "site" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "site" / name).write_text(text)
    probe = ("import asyncio, sys, piplite\nbefore = 'micropip' in sys.modules\n"
             "async def twice():\n    return [await piplite.install('demo'), await piplite.install('again')]\n"
             "print(before, *asyncio.run(twice()))")
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path / "site", capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "False from PyPI: demo from PyPI: again"


def test_a_piplite_that_changed_stops_the_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wheel = tmp_path / "piplite-9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("piplite/piplite.py", "import json\n\ndef install(name):\n    return name\n")
    with pytest.raises(SystemExit):
        lazy_micropip(wheel)
    assert "piplite/piplite.py no longer imports micropip as this build expects" in capsys.readouterr().err
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("piplite/piplite.py", "import micropip\n\nVERSION = micropip.__version__\n")
    with pytest.raises(SystemExit):
        lazy_micropip(wheel)
    assert "piplite/piplite.py uses micropip at import" in capsys.readouterr().err
