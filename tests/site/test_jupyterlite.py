"""Every tutorial notebook runs top to bottom in the built JupyterLite, in Chromium, offline, and gives
nothing away: no "Not quite", no traceback, no solution.  Every exercise is then answered wrong and
right by clicking its choices under the empty answer cell (where it offers some: ipywidgets, served by
the site) and by typing into that cell, and a bare name gets one friendly line.

Every request to a host other than localhost is aborted (``context`` fixture), so
the kernel can only use the Pyodide vendored into the site and the wheels that
piplite serves from it (rulebox included).
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from core.teach.clicks import offered
from core.teach.lesson import read
from core.teach.words import say
from tools.lite_cells import run_setup, until_queued

pytestmark = pytest.mark.browser

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb"))
EXERCISED = [name for name in NOTEBOOKS if "answer(1, ...)" in (NOTEBOOK_DIR / name).read_text()]
"""The tutorials with exercises (a lesson such as the recipe lab has none)."""
RUN_TIMEOUT_MS = 240_000
TRACEBACK = r"Traceback|\w+Error\b"
PROMPT = ".jp-InputArea-prompt"
"""A code cell's input prompt; a cell whose code is folded away (the set-up) has none in the page."""
ALL_RAN_OR_FAILED = """(PROMPT) => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell ' + PROMPT)].map(e => e.textContent.trim());
    const ran = prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p));
    const busy = prompts.some(p => p === '[*]:');
    const stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']";
    const failed = [...document.querySelectorAll(stderr)].some(e => /Traceback|\\w+Error\\b/.test(e.textContent));
    return ran || (failed && !busy);
}"""
"""True once every code cell has run, or a cell failed (Run All then stops) and nothing runs."""


def code_cell_prompts(page: Any) -> list[str]:
    """The execution prompts (``[3]:``, ``[*]:``, ``[ ]:``) of every code cell."""
    prompts: list[str] = page.locator(f".jp-CodeCell {PROMPT}").all_inner_texts()
    return [p.strip() for p in prompts]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_jupyterlite_offline(notebook: str, page: Any, site_url: str, built_site: Path) -> None:
    cells = json.loads((built_site / "lite" / "files" / notebook).read_text())["cells"]
    total = sum(c["cell_type"] == "code" for c in cells)
    page.goto(f"{site_url}lite/notebooks/index.html?path={notebook}")
    expect(page.locator(".jp-CodeCell")).to_have_count(total, timeout=60_000)

    def run_all() -> None:
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()

    until_queued(page, page.locator(".jp-CodeCell").nth(1), run_all)  # the first one's code is folded away
    page.wait_for_function(ALL_RAN_OR_FAILED, arg=PROMPT, timeout=RUN_TIMEOUT_MS)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [t for t in errors.all_inner_texts() if re.search(TRACEBACK, t)]
    assert not tracebacks, tracebacks[0][-3000:]
    prompts = code_cell_prompts(page)
    folded = sum(c["cell_type"] == "code" and c["metadata"].get("jupyter", {}).get("source_hidden", False)
                 for c in cells)
    assert [int(p[1:-2]) for p in prompts] == list(range(folded + 1, total + 1)), prompts
    assert page.locator(".jp-OutputArea-output").count() > 0, "no cell produced output"
    assert page.locator(".jp-OutputArea-output svg").count() > 0, "no position was drawn"
    shown = "\n".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    for given_away in ("Not quite", "Noch nicht", "Solution:", "Lösung:"):
        assert given_away not in shown, f"Run All shows {given_away!r}"
    first_output = page.locator(".jp-CodeCell").first.locator(".jp-OutputArea-output")
    hrefs = first_output.locator("a[href]").evaluate_all("els => els.map(e => e.href)")
    assert len(hrefs) == 3, f"the first cell links {hrefs}, not play, rules and all games"
    for href in hrefs:
        assert href.startswith(site_url), f"{href} leaves the site"
        assert page.request.get(href).status == 200, f"{href} does not resolve"


def test_a_tutorial_shows_its_pictures_before_any_cell_runs(page: Any, site_url: str) -> None:
    """The build ships the outputs as trusted: JupyterLite would strip the SVG of an untrusted cell."""
    page.goto(f"{site_url}lite/notebooks/index.html?path=button-up.ipynb")
    drawn = page.locator(".jp-CodeCell").nth(1).locator(".jp-OutputArea-output svg")
    expect(drawn.first).to_be_visible(timeout=60_000)
    assert code_cell_prompts(page)[0] != "[1]:", "a cell ran"


LEARNERS_MODULES = """import importlib, sys
before = "colorsys" in sys.modules
open("mine.py", "w").write("X = 7\\n")
open("colorsys.py", "w").write("raise ImportError('a learner file hid the standard library')\\n")
importlib.invalidate_caches()
import colorsys, mine
print(before, mine.X, colorsys.rgb_to_hsv(1, 0, 0), sys.path[-1] == "")"""
"""Writes two modules into the notebook's folder and imports them: ``colorsys`` (of the standard library, not
imported before) must come from the standard library."""


def test_the_kernel_imports_a_learners_module_but_looks_in_the_notebooks_folder_last(page: Any,
                                                                                    site_url: str) -> None:
    """The notebook's folder is the browser's storage, searched after the kernel's packages
    (:func:`tools.lite.drive_searched_last`)."""
    page.goto(f"{site_url}lite/notebooks/index.html?path=button-up.ipynb")
    run_setup(page, timeout_ms=RUN_TIMEOUT_MS)
    said = type_and_run(page, page.locator(".jp-CodeCell").nth(1), LEARNERS_MODULES)
    expect(said.first).to_have_text("False 7 (0.0, 1.0, 1) True", timeout=60_000)


def test_a_tutorials_kernel_starts_with_jupyterlite_and_is_the_notebooks_only_kernel(page: Any, site_url: str) -> None:
    """The site's lab extension (``site/early-kernel``) starts the kernel as soon as JupyterLite has started, and
    the notebook connects to that kernel instead of starting one (``test_early_kernel.py`` has the cases)."""
    kernels: list[str] = []
    page.on("worker", lambda worker: kernels.append(worker.url) if "pyodide-kernel" in worker.url else None)
    page.goto(f"{site_url}lite/notebooks/index.html?path=imperio-bellum.ipynb")
    run_setup(page, timeout_ms=RUN_TIMEOUT_MS)
    assert page.evaluate("performance.getEntriesByName('rulebox:early-kernel').length") == 1
    assert len(kernels) == 1, kernels


def test_piplite_imports_micropip_only_to_install(page: Any, site_url: str) -> None:
    """The kernel starts without micropip (:func:`tools.kernel_patches.lazy_micropip`); ``piplite.install`` still
    works, here finding the engine installed."""
    page.goto(f"{site_url}lite/notebooks/index.html?path=button-up.ipynb")
    run_setup(page, timeout_ms=RUN_TIMEOUT_MS)
    code = ('import sys, piplite\nbefore = "micropip" in sys.modules\n'
            'await piplite.install("rulebox", deps=False)\nprint(before, "micropip" in sys.modules)')
    said = type_and_run(page, page.locator(".jp-CodeCell").nth(1), code)
    expect(said.first).to_have_text("False True", timeout=60_000)


ANSWERS: dict[str, dict[int, tuple[str, str]]] = {
    "button-up.ipynb": {1: ("2", "1"), 2: ("14", "3"), 3: ("3", "2")},
    "button-up.de.ipynb": {1: ("2", "1"), 2: ("14", "3"), 3: ("3", "2")},
    "button-men.ipynb": {1: ('"Bauer"', '"Avis"'), 2: ("[1, 2]", "[3, 4]"), 3: ("30.5", "34.5")},
    "button-men.de.ipynb": {1: ('"Bauer"', '"Avis"'), 2: ("[1, 2]", "[3, 4]"), 3: ('"30,5"', '"34,5"')},
    "button-men-skills.ipynb": {1: ("19", "1"), 2: ("2", "1")},
    "button-men-skills.de.ipynb": {1: ("19", '"1,0"'), 2: ("2", "1")},
    "button-man-braille.ipynb": {1: ("2", "1"), 2: ("1", "11"), 3: ("31", "15.5")},
    "button-man-braille.de.ipynb": {1: ("2", "1"), 2: ("1", "11"), 3: ("31", "15,5")},
    "buttonmen-battle.ipynb": {1: ('"Maseru"', '"Berea"'), 2: ('"Dev"', '"Ben"'), 3: ('"Dev"', '"nobody"'),
                               4: ("6", "5")},
    "fair-and-square.ipynb": {1: ("4", "5"), 2: ('"Sprinter G6, Traveller B7, Ranger E6, Fortress D7"', "")},
    "imperio-bellum.ipynb": {1: ("3", "4"), 2: ('"Kb3xc4"', '"Fg4xh5"'), 3: ("3", "2"), 4: ("2", "1")},
}
"""A wrong and the right answer to every exercise, as a learner types them (Fair and Square's winning
placement comes from the lesson's own search)."""
SLIP = 'answer(1, Avis)'


def right_placement() -> str:
    from core.teach.fairsquare import exercises

    return f'"{exercises.spell(exercises.best_reply())}"'


def lesson_of(module: str, lang: str = "en") -> Any:
    """The lesson of ``core.teach.<module>``, speaking ``lang`` (it keeps speaking it)."""
    lesson = importlib.import_module(f"core.teach.{module}").exercise.__self__
    lesson.lang = lang
    return lesson


def offers_choices(module: str, number: int) -> bool:
    return bool(lesson_of(module).get(number).choices)


def typed_feedback(module: str, lang: str, number: int, value: object) -> str:
    """What typing ``answer(number, value)`` shows, in words (the lesson run here, in ``lang``)."""
    try:
        return str(lesson_of(module, lang).answer(number, value).text)
    finally:
        lesson_of(module, "en")


def as_read(module: str, lang: str, number: int, typed: str) -> object:
    """An answer as typed in a cell (``15,5`` a pair, ``"30,5"`` a text) as the lesson reads it (15.5, 30.5)."""
    try:
        posed = lesson_of(module, lang).get(number)
        return read(posed.kind, ast.literal_eval(typed), (), number, lang)
    finally:
        lesson_of(module, "en")


def buttons_for(value: object, pressed: list[object], lang: str) -> list[str]:
    """The buttons to click to answer ``value``: its choice, or a list's items to press or release (``pressed``
    are down), then Check."""
    if not isinstance(value, list):
        return [offered([value], lang)[0].label]
    changed = sorted(set(pressed) ^ set(value), key=str)
    return [offered([v], lang)[0].label for v in changed] + [say("check", lang)]


def answer_by_clicking(page: Any, slot: Any, module: str, number: int, values: list[object], lang: str) -> None:
    """Run the empty answer ``slot`` and click each of ``values`` (a wrong one, then the right one) on its buttons:
    each says what typing it says, the wrong one which rule it breaks."""

    def run() -> None:
        slot.locator(".jp-InputArea-editor").click(timeout=10_000)
        page.keyboard.press("Shift+Enter")

    until_queued(page, slot, run)
    output = slot.locator(".jp-OutputArea-output")
    said = output.locator("[role=status]")
    pressed: list[object] = []
    verdicts = [say("wrong", lang, reason="", n=number).split(":")[0], say("right", lang)]
    for value, verdict in zip(values, verdicts, strict=True):
        feedback = typed_feedback(module, lang, number, value)
        assert feedback.startswith(verdict), feedback
        for label in buttons_for(value, pressed, lang):
            output.get_by_role("button", name=label, exact=True).click(timeout=RUN_TIMEOUT_MS)
        pressed = value if isinstance(value, list) else []
        if "\n" in feedback:  # a verdict and what the answer led to (text beside pictures): each line shows
            for line in feedback.splitlines():
                expect(said).to_contain_text(line, timeout=60_000)
        else:
            expect(said).to_have_text(feedback, timeout=60_000)
    assert not re.search(TRACEBACK, output.first.inner_text())


def type_and_run(page: Any, cell: Any, code: str) -> Any:
    """Replace ``cell``'s code by ``code``, run it, and return its outputs."""
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")
    return cell.locator(".jp-OutputArea-output")


@pytest.mark.parametrize("notebook", EXERCISED)
def test_every_exercise_is_answered_right_and_wrong_in_jupyterlite(notebook: str, page: Any, site_url: str,
                                                                  built_site: Path) -> None:
    cells = json.loads((built_site / "lite" / "files" / notebook).read_text())["cells"]
    total = sum(c["cell_type"] == "code" for c in cells)
    page.goto(f"{site_url}lite/notebooks/index.html?path={notebook}")
    expect(page.locator(".jp-CodeCell")).to_have_count(total, timeout=60_000)
    german = ".de." in notebook
    right, wrong = ("Richtig!", "Noch nicht:") if german else ("Right!", "Not quite:")
    run_setup(page, timeout_ms=RUN_TIMEOUT_MS)
    slots = {}
    for k, cell in enumerate(c for c in cells if c["cell_type"] == "code"):
        found = re.match(r"answer\((\d+), \.\.\.\)", "".join(cell["source"]))
        if found:
            slots[int(found[1])] = page.locator(".jp-CodeCell").nth(k)
    assert sorted(slots) == sorted(ANSWERS[notebook])
    first_slot = slots[1]
    setup = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    module = re.findall(r"from core\.teach\.(\w+) import \*", setup)[0]
    for number, (mistake, answer) in ANSWERS[notebook].items():
        slot = slots[number]
        if offers_choices(module, number):
            lang = "de" if german else "en"
            clicked = [as_read(module, lang, number, typed) for typed in (mistake, answer or right_placement())]
            answer_by_clicking(page, slot, module, number, clicked, lang)
        said = type_and_run(page, slot, f"answer({number}, {mistake})")
        expect(said.first).to_contain_text(wrong, timeout=RUN_TIMEOUT_MS)
        said = type_and_run(page, slot, f"answer({number}, {answer or right_placement()})")
        expect(said.first).to_contain_text(right, timeout=120_000)
        assert not re.search(TRACEBACK, said.first.inner_text())
    said = type_and_run(page, first_slot, SLIP)
    expect(said.first).to_contain_text("Anführungszeichen" if german else "quotes", timeout=60_000)
    assert not re.search(TRACEBACK, said.first.inner_text())

