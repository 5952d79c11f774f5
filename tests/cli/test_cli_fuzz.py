"""Hostile files and arguments for every command-line tool of the engine: each answers with one
line on stderr naming the problem in words (no traceback, no Python class names) and exit code 2,
reads at most its byte limit (``/dev/zero`` included) and finishes.  The three conformance runners
get broken copies of their own scenario files: every part of a file replaced by a wrong value."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from core import rng
from core.buttonmen import conformance as buttonmen
from core.fairsquare import conformance as fairsquare
from core.imperio import conformance as imperio
from core.inputs import InputError, quote, read_json

ROOT = Path(__file__).resolve().parents[2]
RUNNERS: dict[str, tuple[Callable[[Sequence[str]], int], Path]] = {
    "core.buttonmen.conformance": (buttonmen.main, ROOT / "tests/buttonmen/core/data/bm_conformance_rulebox.json"),
    "core.fairsquare.conformance": (fairsquare.main, ROOT / "tests/fairsquare/core/data/fs_rules.json"),
    "core.imperio.conformance": (imperio.main, ROOT / "tests/imperio/core/data/ib_movement.json"),
}
INTERNALS = re.compile(r"Traceback|NoneType|<class|object at 0x|\b[A-Z]\w*(Error|Exception)\b")
BIG = "1" * 5000
"""A 5,000-digit number (more digits than Python turns into an integer by default)."""
WRONG: tuple[object, ...] = (None, -1, 10**12, "x", [], {}, [[[[["deep"]]]]], True, 0.5, "@@BIG@@")


def one_line_refusal(err: str) -> None:
    assert err.count("\n") == 1 and err.strip(), err
    assert not INTERNALS.search(err), err


def paths(value: object, at: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every place in a JSON value (keys and indices from the top)."""
    yield at
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*at, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*at, index))


def broken(data: object, count: int, seed: int) -> Iterator[str]:
    """``count`` copies of ``data``, each with one place (chosen by a seeded stream) replaced by a wrong value."""
    places = list(paths(data))[1:]
    stream = rng.seed_stream(seed)
    for _ in range(count):
        stream, at = rng.choice(stream, places)
        stream, wrong = rng.choice(stream, WRONG)
        copy = json.loads(json.dumps(data))
        target = copy
        for step in at[:-1]:
            target = target[step]
        target[at[-1]] = wrong
        yield json.dumps(copy).replace('"@@BIG@@"', BIG)


HOSTILE_TEXTS = ["", "not json", "\xff\xfe", "[" * 100_000, BIG, json.dumps({"schema": 1}), "[]",
                 '{"schema": "buttonmen-conformance/1", "scenarios": ' + BIG + "}"]


@pytest.mark.parametrize("prog", sorted(RUNNERS))
def test_a_runner_refuses_hostile_files_in_one_line(prog: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    main, _ = RUNNERS[prog]
    for k, text in enumerate(HOSTILE_TEXTS):
        path = tmp_path / f"hostile{k}.json"
        path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
        assert main([str(path)]) == 2, text[:40]
        out, err = capsys.readouterr()
        assert out == ""
        one_line_refusal(err)
    for target in ("/dev/zero", str(tmp_path), str(tmp_path / "absent.json")):
        assert main([target]) == 2
        one_line_refusal(capsys.readouterr().err)


@pytest.mark.parametrize("prog", sorted(RUNNERS))
def test_a_runner_survives_broken_copies_of_its_own_file(prog: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    main, source = RUNNERS[prog]
    data = json.loads(source.read_text(encoding="utf-8"))
    data["scenarios"] = data["scenarios"][:3]
    refused = 0
    for k, text in enumerate(broken(data, 40, seed=len(prog))):
        path = tmp_path / f"broken{k}.json"
        path.write_text(text, encoding="utf-8")
        code = main([str(path)])
        out, err = capsys.readouterr()
        assert code in (0, 1, 2), text[:200]
        if code == 2:
            refused += 1
            assert out == ""
            one_line_refusal(err)
    assert refused >= 10


def test_the_tools_refuse_dev_zero_and_bad_arguments_in_a_subprocess() -> None:
    runs = [[f"-m{prog}", "/dev/zero"] for prog in RUNNERS] + [
        ["-mcore.simulate", "button-up", "--games", BIG],
        ["-mcore.simulate", "button-up", "--option", f"target_score={BIG}"],
        ["-mcore.ladder", "button-up", "--seed", "-1"],
    ]
    for args in runs:
        result = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert result.returncode == 2, (args, result.stderr)
        one_line_refusal(result.stderr)


def test_the_capped_reader_reads_no_more_than_its_limit(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="larger than 1,000 bytes"):
        read_json("/dev/zero", limit=1000)
    path = tmp_path / "deep.json"
    path.write_text("[" * 40 + "]" * 40)
    with pytest.raises(InputError, match="nested more than 32 deep"):
        read_json(path)
    path.write_text(BIG)
    with pytest.raises(InputError, match="number too long"):
        read_json(path)


def test_quoted_values_never_show_python_internals() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    for value in (10**5000, Hostile(), object(), [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]):
        assert not INTERNALS.search(quote(value)), quote(value)
