"""``python -m core.battle replay RECORD.json [--json]``: replay a campaign record (rulebook section 10).

Exit status 0 when the record replays and every ``expect`` holds, 1 when a rule or an ``expect``
fails (the message names round, battle and reason), 2 when the file is not a readable record (one
line; at most ``MAX_RECORD_BYTES`` are read, so ``/dev/zero`` is refused too) or the arguments are wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from core.battle.record import RecordFailure, Replayed, load_record, read_record, replay_report
from core.battle.render import battle_line
from core.protocol import InputError
from core.simulate import Arguments


def text_report(replayed: Replayed) -> list[str]:
    """Each round's battles, captures and land counts, then the winner and warnings."""
    state = replayed.state
    board = state.board
    lines = []
    for log in state.past:
        lines.append(f"Round {log.number}")
        lines += [f"  {battle_line(state, i, b)}" for i, b in enumerate(log.battles)]
        if log.passes:
            lines.append("  passed: " + ", ".join(state.names[p] for p in log.passes))
        for territory, old, new in log.captures:
            before = "nobody" if old is None else state.names[old]
            after = "pending" if new is None else state.names[new]
            lines.append(f"  capture: {board.name_of(territory)} {before} -> {after}")
        lands = ", ".join(f"{n} {sum(1 for o in log.owners if o == p)}" for p, n in enumerate(state.names))
        lines.append(f"  lands: {lands}")
        if log.pending:
            lines.append("  pending: " + ", ".join(board.name_of(t) for t in log.pending))
        if log.eliminated:
            lines.append("  eliminated: " + ", ".join(state.names[p] for p in log.eliminated))
    if state.is_over:
        lines.append(f"Over: {state.end}")
    lines.append("Ranking: " + ", ".join(state.names[p] for p in state.ranking))
    lines += [f"Warning: {w}" for w in state.warnings]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = Arguments(prog="python -m core.battle", description="ButtonMen Battle campaign records")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Arguments)
    replay = commands.add_parser("replay", help="replay a campaign record and check its expect entries")
    replay.add_argument("record", type=Path)
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    try:
        args = parser.parse_args(argv)
    except InputError as error:
        print(f"python -m core.battle: {error}", file=sys.stderr)
        return 2
    try:
        replayed = load_record(read_record(args.record))
    except RecordFailure as failure:
        print(f"{args.record}: {failure}", file=sys.stderr)
        return 1
    except InputError as error:
        print(f"{args.record}: not a readable record: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(replay_report(replayed), ensure_ascii=False))
    else:
        print("\n".join(text_report(replayed)))
    for mismatch in replayed.mismatches:
        print(f"{args.record}: {mismatch}", file=sys.stderr)
    return 1 if replayed.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
