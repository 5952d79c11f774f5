"""Every tutorial notebook runs top to bottom in plain Jupyter (nbclient + ipykernel) and keeps the
tutorials' promises that a machine can check.

The kernel runs on this interpreter (the project's venv, through a kernel spec
written for the test), started in the notebooks' folder; a cell that raises
fails the test with its traceback.  After the run each notebook must have:
short visible code cells (at most 8 lines), a first cell that says the engine is
ready and links to the game's page, its Rules page and the landing page (links
that resolve in the built site's layout), no 0-based label in anything the
learner reads, no ruling id or rulebook section the learner cannot open,
numbers in the notebook's language, and parts of at most 15 minutes of reading (outputs included), each
ending with a checkpoint exercise.

Run top to bottom, a notebook shows no verdict and no solution: every answer cell is an empty
slot (``answer(n, ...)``), so no "Not quite", no traceback and none of its exercises' solutions
appear.  Typing slips (a number in quotes, a decimal comma, two answers, a bare name, a move the
engine refuses) each show one friendly line in the notebook's language, never a traceback.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from core.teach import SITE_FROM_NOTEBOOK, Lesson, site_links
from core.teach.clicks import WIDGET_VIEW
from core.teach.words import say
from tests.teach.core.test_teach_german import ENGLISH_REFUSAL
from webapp.registry import APPS

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
KERNEL = "rulebox-venv"
MAX_CELL_LINES = 8
WORDS_PER_MINUTE = 180
MAX_PART_MINUTES = 15
ZERO_BASED = re.compile(r"\b(stack|die|dice|player|seat|attack|Stapel|Würfel|Spieler|Angriff|Nummer|number)\s+0\b",
                        re.IGNORECASE)
RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d{2}\b|\bsection \d+(\.\d+)?\b|\brulebook\b", re.IGNORECASE)
"""A ruling id or rulebook section a learner cannot open from the notebook (rules are explained inline)."""
ENGINE_ID = re.compile(r"\((?:hold|anchor|stay|seek|best_open_within|evict|hunt|raid|flee|slide_best|slide_toward)"
                       r"(?::[\w:]+)?\)")
"""A Fair and Square rule id (``(seek:free_empty)``) where the learner should read the rule's sentence."""
ENGLISH_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
NOTEBOOK_PAGE = "lite/notebooks/index.html"
"""Where JupyterLite shows a notebook, relative to the site's root (``tools.site``)."""


def language(path: Path) -> str:
    """A notebook's language: ``<name>.<lang>.ipynb`` or English."""
    return path.suffixes[-2][1:] if len(path.suffixes) > 1 else "en"


def game_of(path: Path) -> str:
    """The game a notebook teaches: its name without language or lesson topic."""
    import core

    stem = path.name.split(".")[0]
    return max((name for name in core.GAMES if stem == name or stem.startswith(f"{name}-")), key=len)


def shown_text(cell: Any) -> str:
    """Everything a learner reads in a cell: markdown, or a code cell's outputs."""
    if cell.cell_type == "markdown":
        return str(cell.source)
    parts = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        parts += [str(output.get("text", "")), str(data.get("text/plain", "")), str(data.get("text/html", "")),
                  str(data.get("text/markdown", ""))]
    return "\n".join(parts)


def kernel_spec_manager(folder: Path) -> KernelSpecManager:
    """A kernel spec manager that knows one kernel: ipykernel on ``sys.executable``, importing this checkout."""
    (folder / KERNEL).mkdir(parents=True, exist_ok=True)
    spec = {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Rulebox (venv)", "language": "python", "env": {"PYTHONPATH": str(ROOT)}}
    (folder / KERNEL / "kernel.json").write_text(json.dumps(spec))
    return KernelSpecManager(kernel_dirs=[str(folder)])


@pytest.fixture(scope="module")
def kernel_specs(tmp_path_factory: pytest.TempPathFactory) -> KernelSpecManager:
    """The test kernel's spec manager."""
    return kernel_spec_manager(tmp_path_factory.mktemp("kernels"))


def test_every_game_has_its_tutorial() -> None:
    import core

    names = {p.name for p in NOTEBOOKS}
    lessons = {"button-men-skills.ipynb", "button-men-skills.de.ipynb", "button-man-braille.de.ipynb",
               "button-up.de.ipynb", "button-men.de.ipynb"}
    assert {f"{game}.ipynb" for game in core.GAMES} | lessons <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_visible_code_cells_are_short(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    long = [c.source for c in notebook.cells if c.cell_type == "code"
            and not c.metadata.get("jupyter", {}).get("source_hidden")
            and len(c.source.strip().splitlines()) > MAX_CELL_LINES]
    assert not long, f"code cells longer than {MAX_CELL_LINES} lines:\n" + "\n---\n".join(long)


TRANSLATIONS = [p for p in NOTEBOOKS if language(p) != "en"]


def code_steps(path: Path) -> list[str]:
    """A notebook's code cells as the kernel runs them: without comments, the loading message or the language."""
    steps = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            lines = [re.sub(r"\s*#.*$", "", line) for line in cell.source.splitlines() if "Markdown(" not in line]
            steps.append(re.sub(r'start\("\w\w"\)', "start()", "\n".join(line for line in lines if line.strip())))
    return steps


@pytest.mark.parametrize("path", TRANSLATIONS, ids=[p.name for p in TRANSLATIONS])
def test_a_translated_tutorial_runs_the_same_steps_and_exercises_as_the_english_one(path: Path) -> None:
    english = path.with_name(path.name.replace(f".{language(path)}.", "."))
    assert english.exists(), f"{path.name} translates no English tutorial"
    assert code_steps(path) == code_steps(english)
    setup = next(c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code").source
    assert setup.rstrip().endswith(f'start("{language(path)}"))'), "the tutorial does not start in its language"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=[p.name for p in TRANSLATIONS])
def test_a_translated_tutorial_names_the_translations_of_the_notebooks_it_points_to(path: Path) -> None:
    lang = language(path)
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    named = set(re.findall(r"[\w-]+(?:\.\w\w)?\.ipynb", text))
    untranslated = [n for n in named if n.count(".") == 1 and (path.parent / n.replace(".", f".{lang}.")).exists()]
    assert not untranslated, f"{path.name} points to {untranslated}, which exist in its language"


def reading_words(cell: Any) -> int:
    """The words a learner reads in a cell: its source and, for code, its outputs' plain text (a picture's
    words, a match's result; what is folded away behind a triangle is not counted)."""
    shown = [str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in cell.get("outputs", [])]
    return len(cell.source.split()) + len(" ".join(shown).split())


def parts(notebook: Any) -> list[list[Any]]:
    """The notebook's parts, each starting at a ``# Part`` heading (the introduction belongs to part 1)."""
    found: list[list[Any]] = [[]]
    for cell in notebook.cells:
        if is_part_heading(cell) and any(is_part_heading(c) for c in found[-1]):
            found.append([])
        found[-1].append(cell)
    return found


def is_part_heading(cell: Any) -> bool:
    return bool(cell.cell_type == "markdown" and cell.source.startswith("# Part"))


def sections(cells: list[Any]) -> list[list[Any]]:
    """``cells`` cut at each ``## `` heading, leaving out the closing "Where next?"."""
    found: list[list[Any]] = [[]]
    for cell in cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            found.append([])
        found[-1].append(cell)
    return [s for s in found if s and not s[0].source.startswith(("## Where next", "## Wie geht"))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_each_part_reads_in_at_most_fifteen_minutes_and_ends_with_a_checkpoint(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    assert any(c.outputs for c in notebook.cells if c.cell_type == "code"), "shipped without outputs"
    found = parts(notebook)
    for number, part in enumerate(found, 1):
        words = sum(reading_words(c) for c in part)
        assert words / WORDS_PER_MINUTE <= MAX_PART_MINUTES, f"part {number}: {words} words"
        if len(found) > 1:
            last = sections(part)[-1]
            assert any(c.cell_type == "code" and c.source.startswith("answer(") for c in last), \
                f"part {number} does not end with a checkpoint exercise"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_links_resolve_in_the_site_layout(path: Path) -> None:
    game = game_of(path)
    page = next((entry.page for entry in APPS if entry.game == game), None)
    assert page is not None, f"{path.name}: its game {game} has no page to play"
    base = urllib.parse.urljoin("https://example.org/site/", NOTEBOOK_PAGE)
    lang = language(path)
    targets = {urllib.parse.urljoin(base, SITE_FROM_NOTEBOOK + url) for _, url in site_links(game, page, lang)}
    suffix = "" if lang == "en" else f".{lang}"
    assert targets == {f"https://example.org/site/apps/{page}.html",
                       f"https://example.org/site/rules/{game}{suffix}.html",
                       f"https://example.org/site/index{suffix}.html"}


def lesson_of(path: Path) -> Lesson:
    """The exercises (``core.teach.Lesson``) of the ``core.teach`` module a notebook's first cell imports."""
    first = next(c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
    found = re.search(r"from (core\.teach\.\w+) import \*", first.source)
    assert found, f"{path.name}: the first cell imports no core.teach lesson"
    lesson = importlib.import_module(found[1]).exercise.__self__
    assert isinstance(lesson, Lesson)
    return lesson


def run(notebook: Any, kernel_specs: KernelSpecManager, allow_errors: bool = False) -> Any:
    """``notebook`` executed top to bottom in a fresh kernel started in the notebooks' folder."""
    manager = KernelManager(kernel_name=KERNEL, kernel_spec_manager=kernel_specs)
    client = NotebookClient(notebook, km=manager, timeout=300, allow_errors=allow_errors, record_timing=False,
                            resources={"metadata": {"path": str(ROOT / "notebooks")}})
    try:
        client.execute()
    except CellExecutionError as error:
        pytest.fail(f"a cell failed\n{ANSI.sub('', str(error))}", pytrace=False)
    return notebook


def outputs_of(notebook: Any) -> list[list[tuple[str, str]]]:
    """Every code cell's outputs as (kind, content) pairs, without counts, ids, metadata or live widgets."""
    return [[(o.output_type, str(o.get("text", "")) + json.dumps(without_widgets(o.get("data", {})), sort_keys=True))
             for o in c.outputs] for c in notebook.cells if c.cell_type == "code"]


def without_widgets(data: dict[str, Any]) -> dict[str, Any]:
    """An output's data less a live widget's view (answer buttons: their model lives only in the kernel that ran)."""
    return {kind: value for kind, value in data.items() if kind != WIDGET_VIEW}


def shipped(notebook: Any) -> Any:
    """A run notebook as it ships: no execution counts (the prompts say ``[ ]`` until the learner runs a cell) and
    no live widgets (the typed form of an answer slot shows instead), so nothing in it waits for a kernel."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.execution_count = None
            for output in cell.outputs:
                if output.output_type == "execute_result":
                    output.execution_count = None
                if "data" in output:
                    output.data = without_widgets(output.data)
    return notebook


def fresh(path: Path) -> Any:
    """The notebook as committed, with its outputs cleared."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return notebook


def assert_nothing_given_away(path: Path, notebook: Any) -> None:
    """No verdict, no traceback and no exercise's solution in what Run All shows."""
    lang = language(path)
    lesson = lesson_of(path)
    was, lesson.lang = lesson.lang, lang
    solutions = [e.solution for e in lesson.exercises()]
    lesson.lang = was
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        assert not [o for o in cell.outputs if o.output_type == "error"], f"an error in {cell.source!r}"
        text = shown_text(cell)
        for verdict in (say("wrong", lang, reason="", n=0).split(":")[0], "Traceback", say("solution", lang, text="")):
            assert verdict not in text, f"{verdict!r} shown by {cell.source!r}"
        for solution in solutions:
            assert solution not in text, f"a solution shown by {cell.source!r}: {solution}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_in_plain_jupyter(path: Path, kernel_specs: KernelSpecManager) -> None:
    notebook = run(fresh(path), kernel_specs)
    assert_nothing_given_away(path, notebook)
    stale = "its shipped outputs are not what it shows now: run python tests/test_notebooks.py to render them"
    assert outputs_of(notebook) == outputs_of(nbformat.read(path, as_version=4)), f"{path.name}: {stale}"
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code and all(c.execution_count for c in code), "not every code cell ran"
    lang = language(path)
    first = shown_text(code[0])
    assert say("ready", lang) in first, f"the first cell does not say {say('ready', lang)!r}"
    for label in ("play", "rules", "home"):
        assert say(label, lang) in first, f"the first cell does not link {say(label, lang)!r}"
    assert any("image/svg+xml" in o.get("data", {}) for c in code for o in c.outputs), "no position was drawn"
    assert clickable_slots(path, notebook) == clickable_slots(path, None), "not every choice is offered to click"
    for cell in notebook.cells:
        text = shown_text(cell)
        assert not ZERO_BASED.search(text), f"a 0-based label: {ZERO_BASED.search(text)}"
        assert not RULE_ID.search(text), f"a rule reference the learner cannot open: {RULE_ID.search(text)}"
        assert not ENGINE_ID.search(text), f"an engine id: {ENGINE_ID.search(text)}"
        if lang == "de" and cell.cell_type == "code":
            plain = "\n".join(str(o.get("data", {}).get("text/plain", "")) for o in cell.outputs)
            assert not ENGLISH_DECIMAL.search(plain), f"an English decimal point in a German notebook: {plain}"


SLOT = re.compile(r"answer\((\d+), \.\.\.\)")
"""An empty answer slot's cell."""


def clickable_slots(path: Path, notebook: Any | None) -> list[int]:
    """The exercises whose empty answer slot shows buttons in ``notebook`` run here (ipywidgets is installed);
    with None, the notebook's exercises that offer choices."""
    if not any(c.cell_type == "code" and SLOT.match(c.source) for c in nbformat.read(path, as_version=4).cells):
        return []
    if notebook is None:
        lesson = lesson_of(path)
        was, lesson.lang = lesson.lang, language(path)
        offered = [n for n, e in enumerate(lesson.exercises(), 1) if e.choices]
        lesson.lang = was
        return offered
    slots = [(SLOT.match(c.source), c.outputs) for c in notebook.cells if c.cell_type == "code"]
    return [int(found[1]) for found, outputs in slots
            if found and any(WIDGET_VIEW in o.get("data", {}) for o in outputs)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_a_notebook_ships_without_live_widgets(path: Path) -> None:
    """Saved outputs hold the typed form of an answer slot, never a widget whose model died with the kernel that
    rendered it (JupyterLite would show an error in its place before the kernel runs)."""
    notebook = nbformat.read(path, as_version=4)
    assert "widgets" not in notebook.metadata
    assert not [c.source for c in notebook.cells if c.cell_type == "code"
                for o in c.outputs if WIDGET_VIEW in o.get("data", {})]


SHADOW_POWER = ('attack(deal(("Vipera", "Umbra"), ([5, 4], [3, 6]), recipes=("p(12) (4)", "s(8) (6)")), "power", '
                '[1], [2])')
"""A Power attack by a Shadow die, which the engine refuses."""
SLIPS = {
    "button-up.ipynb": ['answer(1, "1")', "answer(1, 1, 4)", "answer(2, 15,5)", "lift(circle(), 2)",
                        "answer(9, 1)", "lift(circle(), stack=1)", "answer(1, [1"],
    "button-up.de.ipynb": ['answer(1, "1")', "answer(1, 1, 4)", "answer(2, 15,5)", "lift(circle(), 12)",
                           "answer(9, 1)", "answer(3, Stapel)", "answer(1, [1", "lift(circle(), 2)"],
    "button-men.de.ipynb": ["answer(1, Avis)", "answer(2, 3, 4)", 'answer(3, "viel")',
                            'attack(deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), swing=(11, 5)), '
                            '"power", [1], [9])', 'attack(deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], '
                            '[1, 3, 6, 11, 4]), swing=(11, 5)), "power", [0], [1])',
                            'attack(deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), swing=(11, 5)), '
                            '"power", [1], [4])', 'deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], [1, 3, 6, 11, 4]), '
                            'swing=(99, 5))'],
    "button-men.ipynb": ["answer(1, Avis)", "answer(2, 3, 4)", 'attack(deal(("Bauer", "Avis"), ([6, 10, 8, 15, 7], '
                         '[1, 3, 6, 11, 4]), swing=(11, 5)), "power", [1], [9])'],
    "button-men-skills.ipynb": ["answer(2, Vipera)", "answer(1, 1, 5)", 'answer(2, "die 1")', SHADOW_POWER],
    "button-men-skills.de.ipynb": ["answer(2, Vipera)", "answer(1, 1, 5)", 'answer(2, "Würfel 1")', SHADOW_POWER],
    "button-man-braille.de.ipynb": ["answer(3, 15,5)", 'answer(1, "2")', "answer(2, 3, 4)", "answer(2, Zwilling)",
                                    "attack(rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1]), 99)",
                                    "attack(rolled([1, 3, 7, 2, 6], [2, 2, 9, 5, 1]), 1, [99])"],
    "imperio-bellum.ipynb": ['play(default_armies(), "Kd2-d9")', "answer(2, Kb3xc4)", 'answer(1, "4")'],
    "buttonmen-battle.ipynb": ['order(lesson(), "Ben", "Berea", "Paris")', "answer(1, Berea)"],
    "fair-and-square.ipynb": ['answer(2, "Ranger Z9")', 'may_place("Q3")'],
}
"""Slips a learner types, per notebook: each must show one friendly line (no traceback)."""


@pytest.mark.parametrize("name", sorted(SLIPS))
def test_typing_slips_show_one_friendly_line(name: str, kernel_specs: KernelSpecManager) -> None:
    path = ROOT / "notebooks" / name
    setup = next(c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
    notebook = nbformat.v4.new_notebook(cells=[setup] + [nbformat.v4.new_code_cell(s) for s in SLIPS[name]])
    run(notebook, kernel_specs, allow_errors=True)
    for cell in notebook.cells[1:]:
        assert not [o for o in cell.outputs if o.output_type == "error"], f"{cell.source}: a traceback"
        lines = [line for line in shown_text(cell).splitlines() if line.strip()]
        plain = [line for o in cell.outputs for line in str(o.get("data", {}).get("text/plain", "")).splitlines()]
        assert len(plain) == 1 and lines, f"{cell.source}: {lines}"
        assert not re.search(r"Traceback|\w+Error\b|Exception|File \"", plain[0]), f"{cell.source}: {plain[0]}"
        if language(path) == "de":
            assert re.search(r"[äöüßÄÖÜ]|Nicht|Setze|Antwort|Richtig|Noch", plain[0]), f"not German: {plain[0]}"
            assert not ENGLISH_REFUSAL.search(plain[0]), f"English in a German notebook: {plain[0]}"


def render_all() -> None:
    """Run every notebook top to bottom and save it with its outputs (shown before the kernel is ready), as it
    ships (:func:`shipped`)."""
    with tempfile.TemporaryDirectory() as folder:
        specs = kernel_spec_manager(Path(folder))
        for path in NOTEBOOKS:
            nbformat.write(shipped(run(fresh(path), specs)), path)
            print(f"rendered {path.name}")


if __name__ == "__main__":
    render_all()
