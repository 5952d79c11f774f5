"""The conformance kit shared by every game's scenario runner (Button Men, Fair and Square, Imperio).

A scenario file is ``{"schema": ..., "scenarios": [...]}``.  A runner checks the whole file first
(:func:`load` and the validators below, all ``(value, where, ...)``), so a broken file costs one
line and exit 2 before any scenario is played; then it plays each scenario (:func:`play`) into a
:class:`Report` -- one line each, ``ok   ID`` or ``FAIL ID: why``, then ``N passed, M failed`` --
printed by :func:`show` once the whole file has run.  The command line (:func:`main`) exits 0 when
every scenario passed, 1 when one failed and 2, with one line on stderr and never a traceback, on
bad arguments or a bad file.  Files are read through :func:`core.inputs.read_json` (capped at
:data:`MAX_FILE_BYTES`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.inputs import InputError, is_int, quote, read_json

MAX_FILE_BYTES = 10_000_000
MAX_SCENARIOS = 1_000
MAX_ITEMS = 1_000
"""The longest list a scenario may hold unless a validator sets its own limit."""
MAX_NUMBER = 10**9
"""The largest integer a scenario may give (no count, size or seed needs more)."""


class Mismatch(AssertionError):
    """An expectation of a scenario that the engine does not meet."""


# --------------------------------------------------------------------------- validators


def _bounded(value: object) -> bool:
    return type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER


KINDS: dict[str, Callable[[object], bool]] = {
    "int": _bounded,
    "str": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool),
    "number": lambda v: _bounded(v) or isinstance(v, float),
    "int_or_null": lambda v: v is None or _bounded(v),
}
"""The value kinds a validator can ask for (integers bounded by :data:`MAX_NUMBER`)."""


def typed(value: object, kind: str) -> bool:
    """True when ``value`` is of ``kind`` (a key of :data:`KINDS`)."""
    return KINDS[kind](value)


def obj(value: object, where: str, allowed: Sequence[str] | None = None) -> Mapping[str, Any]:
    """``value`` as a JSON object (with only ``allowed`` keys, when given); else :class:`InputError`."""
    if not isinstance(value, dict):
        raise InputError(where, "must be a JSON object", value)
    if allowed is not None:
        extra = sorted(str(k) for k in value if k not in allowed)
        if extra:
            raise InputError(where, f"has unknown keys {', '.join(extra)}; allowed: {', '.join(allowed)}")
    return value


def items(value: object, where: str, kind: str | None = None, *, length: int | None = None,
          limit: int = MAX_ITEMS) -> list[Any]:
    """``value`` as a list (of ``length`` entries, or at most ``limit``; each of ``kind``, when given)."""
    if not isinstance(value, list) or len(value) > limit or (length is not None and len(value) != length):
        size = f"{length} entries" if length is not None else f"at most {limit:,} entries"
        raise InputError(where, f"must be a list of {size}", value)
    if kind is not None and not all(typed(v, kind) for v in value):
        raise InputError(where, f"must hold only {kind} values", value)
    return value


def need(value: Mapping[str, Any], where: str, key: str, kind: str, *, optional: bool = False) -> None:
    """``value[key]`` must be of ``kind`` (and present unless ``optional``)."""
    if key not in value:
        if not optional:
            raise InputError(where, f"lacks {key!r}")
        return
    if not typed(value[key], kind):
        raise InputError(f"{where}.{key}", f"must be of type {kind}", value[key])


def text_of(value: object, where: str, limit: int = 200) -> str:
    """``value`` as a text of at most ``limit`` characters."""
    if not isinstance(value, str) or len(value) > limit:
        raise InputError(where, f"must be a text of at most {limit} characters", value)
    return value


def integer(value: object, where: str, low: int, high: int) -> int:
    """``value`` as an integer from ``low`` to ``high``."""
    if not is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise InputError(where, f"must be an integer from {low:,} to {high:,}", value)
    return value  # type: ignore[return-value]


# --------------------------------------------------------------------------- files and reports


def load(path: Path, schemas: Sequence[str]) -> tuple[str, list[Any]]:
    """The schema and the scenario list of a file (read capped, checked for shape); errors name the
    part of the file, :func:`main` names the file."""
    data = read_json(path, limit=MAX_FILE_BYTES)
    wanted = " or ".join(map(repr, schemas))
    if not isinstance(data, dict) or data.get("schema") not in schemas:
        raise InputError("the file", f"must be a JSON object with schema {wanted}",
                         data.get("schema") if isinstance(data, dict) else data)
    return data["schema"], items(data.get("scenarios"), "scenarios", limit=MAX_SCENARIOS)


@dataclass
class Report:
    """The lines of a run: one per scenario, then the totals."""

    passed: int = 0
    failed: int = 0
    lines: list[str] = field(default_factory=list)

    def add(self, label: str, problem: str | None) -> None:
        """Count one scenario (``problem`` None: it passed) and write its line."""
        if problem is None:
            self.passed += 1
            self.lines.append(f"ok   {label}")
        else:
            self.failed += 1
            self.lines.append(f"FAIL {label}: {problem}")

    def merge(self, other: Report) -> Report:
        """This report followed by ``other`` (several files in one run)."""
        return Report(self.passed + other.passed, self.failed + other.failed, self.lines + other.lines)

    @property
    def total(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"


def play(scenarios: Iterable[Any], run: Callable[[Any], object], label: str = "id") -> Report:
    """Run each scenario (``run(scenario)``) into a report, naming it by its ``label`` key; a
    :class:`Mismatch` fails that scenario, an :class:`InputError` (a scenario the checks let through
    but the engine cannot read) stops the whole run."""
    report = Report()
    for scenario in scenarios:
        try:
            run(scenario)
        except Mismatch as error:
            report.add(scenario[label], str(error))
        else:
            report.add(scenario[label], None)
    return report


def show(report: Report) -> Report:
    """Print the report's lines and totals (only once the whole file has run: a bad file prints
    nothing on stdout)."""
    print("\n".join([*report.lines, report.total]))
    return report


def main(argv: Sequence[str] | None, prog: str, run_file: Callable[[Path], Report], *, many: bool = False) -> int:
    """The command line of a runner: 0 all passed, 1 a scenario failed, 2 bad arguments or a bad file."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (len(args) > 1 and not many):
        print(f"usage: python -m {prog} FILE.json{' [FILE.json ...]' if many else ''}", file=sys.stderr)
        return 2
    report = Report()
    for arg in args:
        try:
            report = report.merge(run_file(Path(arg)))
        except InputError as error:
            print(f"cannot run {quote(arg)}: {error}", file=sys.stderr)
            return 2
    show(report)
    return 1 if report.failed else 0
