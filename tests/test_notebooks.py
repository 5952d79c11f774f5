"""Every tutorial notebook runs top to bottom in plain Jupyter (nbclient + ipykernel).

The kernel runs on this interpreter (the project's venv, through a kernel spec
written for the test), started in the notebooks' folder; a cell that raises
fails the test with its traceback.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ANSI = re.compile(r"\x1b\[[0-9;]*m")
NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
KERNEL = "rulebox-venv"


@pytest.fixture(scope="module")
def kernel_specs(tmp_path_factory: pytest.TempPathFactory) -> KernelSpecManager:
    """A kernel spec manager that knows one kernel: ipykernel on ``sys.executable``."""
    kernels = tmp_path_factory.mktemp("kernels")
    (kernels / KERNEL).mkdir()
    spec = {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Rulebox (venv)", "language": "python"}
    (kernels / KERNEL / "kernel.json").write_text(json.dumps(spec))
    return KernelSpecManager(kernel_dirs=[str(kernels)])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_in_plain_jupyter(path: Path, kernel_specs: KernelSpecManager) -> None:
    notebook = nbformat.read(path, as_version=4)
    manager = KernelManager(kernel_name=KERNEL, kernel_spec_manager=kernel_specs)
    client = NotebookClient(notebook, km=manager, timeout=300, allow_errors=False,
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except CellExecutionError as error:
        pytest.fail(f"{path.name}: a cell failed\n{ANSI.sub('', str(error))}", pytrace=False)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code and all(c.execution_count for c in code), "not every code cell ran"
    assert any(c.outputs for c in code), "the notebook printed or drew nothing"
