"""The site's lab extension that starts a tutorial's kernel while JupyterLite lays the notebook out
(``site/early-kernel``), run on Node against a fake JupyterLite (``early_kernel.mjs``): what it starts, when, for
which pages, and that a page never keeps two kernels.  ``test_jupyterlite.py`` runs it in the built site."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.shared_data import missing
from tools.lite import EARLY_KERNEL

HARNESS = Path(__file__).with_name("early_kernel.mjs")
SCRIPT = EARLY_KERNEL / "static" / "remoteEntry.js"
TUTORIAL = "button-up.ipynb"
STARTED = ["sessions.startNew", {"path": TUTORIAL, "name": TUTORIAL, "type": "notebook", "kernel": {"name": "python"}}]


def run(search: str, notebook_page: str = "notebooks", connects_to: str | None = "early",
        files: dict[str, str] | None = None) -> list[list[Any]]:
    """The calls the plugin makes on a page whose address ends in ``search``."""
    if not shutil.which("node"):
        missing("node (apt-get install nodejs)")
    scenario = {"search": search, "notebookPage": notebook_page, "connectsTo": connects_to,
                "files": {TUTORIAL: "notebook", "notes.txt": "file"} if files is None else files}
    done = subprocess.run(["node", HARNESS, SCRIPT, json.dumps(scenario)], capture_output=True, text=True,
                          timeout=60, check=True)
    calls: list[list[Any]] = json.loads(done.stdout)
    return calls


def names(calls: list[list[Any]]) -> list[str]:
    return [call[0] for call in calls]


def test_the_kernel_starts_once_the_application_has_started_and_the_notebook_is_found() -> None:
    calls = run(f"?path={TUTORIAL}")
    assert calls[0] == ["requires", ["IKernelSpecs", "INotebookTracker"], ["IServiceWorkerManager"]]
    assert names(calls)[1:] == ["app.started", "serviceWorker.ready", "contents.get", "sessions.startNew",
                                "connection.dispose", "marks"]
    assert calls[3] == ["contents.get", TUTORIAL, {"content": False}]
    assert calls[4] == STARTED
    assert calls[-1] == ["marks", 1]


def test_the_early_kernel_is_shut_down_if_the_notebook_started_its_own() -> None:
    calls = run(f"?path={TUTORIAL}", connects_to="own")
    assert calls[4] == STARTED and calls[-2] == ["sessions.shutdown", "early"]


def test_a_notebook_connected_to_the_early_kernel_keeps_it() -> None:
    assert "sessions.shutdown" not in names(run(f"?path={TUTORIAL}", connects_to="early"))


def test_a_percent_encoded_path_is_read_as_the_page_reads_it() -> None:
    calls = run("?path=button%2Dup.ipynb")
    assert calls[4] == STARTED


@pytest.mark.parametrize(("search", "notebook_page"), [
    (f"?path={TUTORIAL}", "lab"),                      # another JupyterLite page opens the notebook its own way
    (f"?path={TUTORIAL}", "edit"),
    ("", "notebooks"),
    (f"?path={TUTORIAL}&factory=Editor", "notebooks"),  # another viewer than the notebook
    ("?path=lessons/button-up.ipynb", "notebooks"),    # only the drive's top folder, where the tutorials are
    ("?path=..%2Fbutton-up.ipynb", "notebooks"),
    ("?path=%E0%A4%A", "notebooks"),                   # not percent-encoded text: the page shows its own error
    ("?path=notes.txt", "notebooks"),
])
def test_other_pages_and_addresses_start_no_kernel(search: str, notebook_page: str) -> None:
    calls = run(search, notebook_page=notebook_page, connects_to=None)
    assert names(calls) == ["requires", "app.started", "serviceWorker.ready", "marks"] and calls[-1] == ["marks", 0]


def test_a_notebook_that_is_not_there_starts_no_kernel_and_the_page_goes_on() -> None:
    calls = run("?path=missing.ipynb", connects_to="own")
    assert names(calls)[1:] == ["app.started", "serviceWorker.ready", "contents.get", "warn", "marks"]
    assert calls[-1] == ["marks", 0]
    assert "the notebook starts its own kernel" in calls[4][1]


def test_a_file_named_like_a_notebook_that_is_not_one_starts_no_kernel() -> None:
    calls = run(f"?path={TUTORIAL}", files={TUTORIAL: "file"}, connects_to="own")
    assert names(calls)[1:] == ["app.started", "serviceWorker.ready", "contents.get", "marks"]
