#!/usr/bin/env python3
"""Rulebox's single entry point: set up, serve, play, build the site, test and bench.

    python3 build.py serve   # build the static site, serve it on http://localhost:8000 and open it
    python3 build.py test    # ruff, mypy and every test layer (CPython, Pyodide, Chromium)
    python3 build.py play    # every game app with `panel serve` on localhost (works offline)
    python3 build.py site    # the deployable static site in _site/
    python3 build.py bench   # benchmark table per game, CPython and Pyodide
    python3 build.py strength  # refit ButtonMen Battle's button strengths (long; the result is committed)
    python3 build.py setup   # only the set-up below

`serve --port N` picks another port, `serve --no-open` leaves the browser
closed (it never opens under CI); `play --port N` likewise.  `site --out DIR`
builds elsewhere (an empty folder or an earlier site build only) and
`site --apps NAME ...` only some game pages.  `test -- ARGS` passes ARGS to
pytest.  `bench --ladder N` also plays the bot ladder (N matches per pair of
levels) of the two-player dice games.  `COMMAND --help` lists each command's options.

This file runs first on any python3 (3.11 included) with the standard library
only: `tools.environment` finds a Python >= 3.12, creates `.venv`, installs the
pinned stack, npm Pyodide and the wheels Pyodide needs (stamps skip what is
current), then this file re-runs itself inside `.venv`, where the command runs
(see the `tools` package).
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Callable, NoReturn, Sequence

from tools import environment
from tools.common import NODE_MODULES, SITE_OUT, VENV, WHEELS, say


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def port(text: str) -> int:
    """A TCP port number from the command line."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (1-65535)")
    return value


def bounded(kind: Callable[[str], float], low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number from {low} to {high}") from None
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(f"{text} is not from {low} to {high}")
        return value

    return parse


def page_names(values: Sequence[str]) -> list[str]:
    """``--apps a b`` or ``--apps a,b``: the page names (checked against the registry later)."""
    return [name for value in values for name in value.split(",") if name]


# The commands run inside .venv: their modules are imported there, not before the re-exec.


def cmd_setup(args: argparse.Namespace) -> int:
    say(f"ready: {VENV}, {NODE_MODULES}, {WHEELS}")
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    from tools.site import build_site

    build_site(Path(args.out).expanduser().resolve(), page_names(args.apps))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from tools.serve import serve_site

    return serve_site(args.port, args.no_open)


def cmd_play(args: argparse.Namespace) -> int:
    from tools.serve import play

    return play(args.port)


def cmd_test(args: argparse.Namespace) -> int:
    from tools.testing import test

    return test(args.pytest_args)


def cmd_bench(args: argparse.Namespace) -> int:
    from tools.bench import bench

    return bench(args.seconds, int(args.moves), int(args.ladder))


def cmd_strength(args: argparse.Namespace) -> int:
    from tools.bench import strength

    return strength(int(args.matches), int(args.seed))


def parser() -> Parser:
    """The command line."""
    doc = (__doc__ or "").split("\n\n", 1)
    p = Parser(prog="build.py", description=doc[0], epilog=doc[1],
               formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("setup", help="create .venv and install the pinned stack").set_defaults(run=cmd_setup)
    s = sub.add_parser("serve", help="build the site, serve it on http://localhost:8000 and open it")
    s.add_argument("--port", type=port, default=8000, help="the port to serve on (default: 8000)")
    s.add_argument("--no-open", action="store_true", help="do not open the site in the default browser")
    s.set_defaults(run=cmd_serve)
    s = sub.add_parser("play", help="panel serve every game app on localhost (offline)")
    s.add_argument("--port", type=port, default=5006, help="the port to serve on (default: 5006)")
    s.set_defaults(run=cmd_play)
    s = sub.add_parser("site", help="build the static site into _site/")
    s.add_argument("--out", default=str(SITE_OUT),
                   help="output folder: new, empty or an earlier site build (default: _site)")
    s.add_argument("--apps", nargs="+", default=[], metavar="NAME",
                   help="only these game pages (names from webapp/registry.py; default: all)")
    s.set_defaults(run=cmd_site)
    s = sub.add_parser("test", help="ruff, mypy and every test layer")
    s.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    s.set_defaults(run=cmd_test)
    s = sub.add_parser("bench", help="benchmark table per game (CPython and Pyodide)")
    s.add_argument("--seconds", type=bounded(float, 0.01, 60), default=1.0,
                   help="time per playout measurement, 0.01-60 (default: 1)")
    s.add_argument("--moves", type=bounded(int, 1, 100), default=3,
                   help="bot moves timed per level, 1-100 (default: 3)")
    s.add_argument("--ladder", type=bounded(int, 0, 2000), default=0,
                   help="bot-ladder matches per pair of levels, 0-2000 (default: 0, no ladder; "
                        "200 gives 95%% intervals of about +-7%%)")
    s.set_defaults(run=cmd_bench)
    s = sub.add_parser("strength", help="refit ButtonMen Battle's button strengths into core/battle/strength.json")
    s.add_argument("--matches", type=bounded(int, 1000, 1_000_000), default=90_000,
                   help="simulated one-round matches, 1000-1000000 (default: 90000, about 15 CPU-minutes)")
    s.add_argument("--seed", type=bounded(int, 0, 2**31), default=1, help="seed of the simulation (default: 1)")
    s.set_defaults(run=cmd_strength)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command, make sure the set-up is done, and run it inside ``.venv``."""
    args = parser().parse_args(argv)
    environment.setup()
    if not environment.in_venv():
        environment.reexec_in_venv(Path(__file__))
    return int(args.run(args))


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        raise SystemExit(130) from None
