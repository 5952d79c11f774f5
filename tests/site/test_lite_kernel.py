"""The tutorials' kernel starts without IPython's terminal (:func:`tools.lite.lazy_terminal`): ``import IPython``
leaves ``IPython.terminal.embed`` (and prompt_toolkit) out until ``IPython.embed`` is used; a wheel whose
``IPython/__init__.py`` no longer reads as expected stops the build with one line."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools.lite import EAGER_EMBED, lazy_terminal

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
