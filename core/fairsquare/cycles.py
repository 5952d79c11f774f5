"""Prediction cycles (rulebook 6.1, FS-10): the pieces whose predictions wait, through others, on themselves."""

from __future__ import annotations

from collections.abc import Collection, Mapping


def in_cycles(waiting: Mapping[int, Collection[int]]) -> list[int]:
    """The waiting pieces that (through other waiting pieces) depend on themselves."""
    members = []
    for i in sorted(waiting):
        seen, todo = set(), [j for j in waiting[i] if j in waiting]
        while todo:
            j = todo.pop()
            if j not in seen:
                seen.add(j)
                todo.extend(x for x in waiting[j] if x in waiting)
        if i in seen:
            members.append(i)
    return members
