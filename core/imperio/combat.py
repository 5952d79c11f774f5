"""Who rolls how many dice, and where archers may shoot: the combat rules of sections 5 and 6.

Everything here reads a board (and who the attacker is, for "forward") and
changes nothing; :mod:`.state` resolves the fights.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from core.imperio.board import (
    DIRECTIONS,
    NAMES,
    NEIGHBOURS,
    Board,
    Piece,
    adjacent,
    between,
    distance,
    file_of,
    offset,
    on_line,
    rank_of,
    ray,
    step_towards,
)

MELEE, REACH, SHOT, SPLASH = "melee", "reach", "shot", "splash"
"""Attack kinds: ties kill both in melee and reach, spare the defender in shots and splash (IB-29)."""
SHOT_RANGE = range(2, 6)
KNIGHT_ACTIONS = 5
CHARGE = {2: 1, 3: 2, 4: 3}
"""Knight charge bonus by steps since its last attack (4 or more: +3)."""


@dataclass(frozen=True)
class Pool:
    """A fighter's dice: base dice and named modifiers; at least 1 die whatever the modifiers (IB-27)."""

    who: str
    base: int
    mods: tuple[tuple[str, int], ...] = ()

    @property
    def dice(self) -> int:
        return max(1, self.base + sum(d for _, d in self.mods))

    def __str__(self) -> str:
        unit = "die" if self.dice == 1 else "dice"
        if not self.mods:
            return f"{self.who} {self.dice} {unit}"
        text = f"{self.who} {self.base}" + "".join(
            f" {'+' if d > 0 else '−'} {abs(d)} {label}" for label, d in self.mods)
        floor = " (at least 1)" if self.base + sum(d for _, d in self.mods) < 1 else ""
        return f"{text} = {self.dice} {unit}{floor}"


def forward(owner: int, attacker: int) -> int:
    """The rank step toward the enemy back edge: +1 for the attacker, -1 for the defender (IB-02)."""
    return 1 if owner == attacker else -1


def charge_bonus(steps: int) -> int:
    return CHARGE[min(steps, 4)] if steps >= 2 else 0


def pools(kind: str, att: Piece, att_sq: int, dfd: Piece, dfd_sq: int, *, charge_steps: int = 0,
          archer_defence: int = 1) -> tuple[Pool, Pool]:
    """Both dice pools of one duel (``charge_steps``: steps that count for a knight's charge)."""
    near = adjacent(att_sq, dfd_sq)  # melee is always between enemies; a splashed neighbour of either side (IB-39)
    label = NAMES[att.kind].capitalize()
    if kind == SPLASH:
        attacker = Pool("Splash", 1)
    elif att.kind == "K":
        mods = [("adjacent", -1)]
        if charge_steps >= 2:
            mods.append((f"charge ({charge_steps} steps)", charge_bonus(charge_steps)))
        if dfd.kind == "P":
            mods.append(("against a pikeman", -1))
        attacker = Pool(label, 3, tuple(mods))
    elif att.kind == "A":
        attacker = Pool(label, 3) if kind == SHOT else Pool(f"{label} in melee", 1)
    elif att.kind == "P":
        mods = [("entrenched", 1)] if att.entrenched else []
        if dfd.kind == "K":
            mods.append(("against a knight", 2))
        attacker = Pool(label + (" reach" if kind == REACH else ""), 2, tuple(mods))
    else:
        mods = [("attacking", 1)]
        if dfd.kind == "A":
            mods.append(("against an archer", 1))
        if dfd.kind == "K":
            mods.append(("against a knight", -2))
        attacker = Pool(label, 3, tuple(mods))
    return attacker, defence(kind, att, dfd, near, archer_defence)


def defence(kind: str, att: Piece, dfd: Piece, near: bool, archer_defence: int) -> Pool:
    """The defender's dice against an attack of ``kind`` by ``att`` (``near``: adjacent to the attacker).

    A knight fighting next to its attacker takes the -1, also when splashed by an adjacent archer of either
    side; a footsoldier's +1 against archers holds against its own side's archer too (IB-39).
    """
    label = NAMES[dfd.kind].capitalize()
    ranged = kind in (SHOT, SPLASH)
    if dfd.is_base:
        return Pool(label, 1)
    if dfd.kind == "K":
        mods = [("adjacent", -1)] if near else []
        if att.kind == "P":
            mods.append(("against a pikeman", -1))
        return Pool(label, 3, tuple(mods))
    if dfd.kind == "A":
        return Pool(label, archer_defence if ranged else 1)
    if dfd.kind == "P":
        mods = [("entrenched", 1)] if dfd.entrenched else []
        if att.kind == "K":
            mods.append(("against a knight", 2))
        if ranged:
            mods.append(("against archers", -1))
        return Pool(label, 2, tuple(mods))
    mods = []
    if att.kind == "A":
        mods.append(("against archers", 1))
    if att.kind == "K":
        mods.append(("against a knight", -2))
    return Pool(label, 3, tuple(mods))


# --------------------------------------------------------------------------- pikemen


def reach_square(sq: int, owner: int, attacker: int) -> int | None:
    """The square exactly two straight ahead of a pikeman."""
    return offset(sq, 0, 2 * forward(owner, attacker))


def pike_zones(board: Board, sq: int, knight_owner: int, attacker: int) -> frozenset[int]:
    """The squares of the enemy pikemen whose zone holds ``sq``: its 8 neighbours and two ahead (IB-16)."""
    enemy = 1 - knight_owner
    behind = offset(sq, 0, -2 * forward(enemy, attacker))
    near = NEIGHBOURS[sq] if behind is None else (*NEIGHBOURS[sq], behind)
    return frozenset(n for n in near if (piece := board[n]) is not None and piece.kind == "P" and piece.owner == enemy)


def in_pike_zone(board: Board, sq: int, knight_owner: int, attacker: int) -> bool:
    """True when ``sq`` is in an enemy pikeman's zone (IB-16)."""
    return bool(pike_zones(board, sq, knight_owner, attacker))


# --------------------------------------------------------------------------- archers


def shielded_squares(board: Board, archer_sq: int, archer_owner: int, attacker: int, frame: str) -> frozenset[int]:
    """Squares the archer's enemy footsoldiers shield against it (IB-19)."""
    out: set[int] = set()
    for sq, piece in enumerate(board):
        if piece is None or piece.kind != "F" or piece.owner == archer_owner:
            continue
        if frame == "board_facing":
            front = (0, forward(piece.owner, attacker))
        else:
            front = step_towards(sq, archer_sq)
        towards = offset(sq, *front)
        out.update(n for n in NEIGHBOURS[sq] if n != towards)
        if frame == "board_facing" or on_line(sq, archer_sq):
            out.update(ray(sq, -front[0], -front[1]))
    return frozenset(out)


def _target_problem(board: Board, archer: Piece, target: int, options: Mapping[str, object]) -> str | None:
    victim = board[target]
    if not options["archer_target_any_square"]:
        if victim is None or victim.owner == archer.owner or victim.is_base:
            return "a shot must target an enemy unit (not a base)"
    return None


def _blocks(board: Board, sq: int, owner: int, shields: frozenset[int]) -> bool:
    piece = board[sq]
    return sq in shields or (piece is not None and piece.kind == "F" and piece.owner != owner)


def shot_problem(board: Board, archer_sq: int, target: int, attacker: int, options: Mapping[str, object]) -> str | None:
    """Why the archer on ``archer_sq`` may not shoot at ``target``, or None (IB-18, IB-19)."""
    archer = board[archer_sq]
    assert archer is not None
    if not on_line(archer_sq, target) or distance(archer_sq, target) not in SHOT_RANGE:
        return "a shot goes 2-5 squares along a straight or diagonal line"
    problem = _target_problem(board, archer, target, options)
    if problem:
        return problem
    shields = shielded_squares(board, archer_sq, archer.owner, attacker, str(options["footsoldier_shield_frame"]))
    if target in shields:
        return "the target is shielded by a footsoldier"
    if any(_blocks(board, sq, archer.owner, shields) for sq in between(archer_sq, target)):
        return "a footsoldier blocks the line of fire"
    return None


def shot_targets(board: Board, archer_sq: int, attacker: int, options: Mapping[str, object]) -> list[int]:
    """Every square the archer on ``archer_sq`` may shoot at now (what :func:`shot_problem` allows)."""
    archer = board[archer_sq]
    assert archer is not None
    shields = shielded_squares(board, archer_sq, archer.owner, attacker, str(options["footsoldier_shield_frame"]))
    out = []
    for df, dr in DIRECTIONS:
        for reach, sq in enumerate(ray(archer_sq, df, dr)[:5], start=1):
            if reach >= 2 and sq not in shields and _target_problem(board, archer, sq, options) is None:
                out.append(sq)
            if _blocks(board, sq, archer.owner, shields):
                break
    return sorted(out)


def splash_squares(board: Board, archer_sq: int, target: int, attacker: int, options: Mapping[str, object]) -> \
        tuple[int, ...]:
    """The target's occupied, unshielded, non-base neighbours that a shot's splash hits (IB-20).

    In reading order (rank 9 first, then file a first): the order their duels are rolled in.
    """
    archer = board[archer_sq]
    assert archer is not None
    shields = shielded_squares(board, archer_sq, archer.owner, attacker, str(options["footsoldier_shield_frame"]))
    out = []
    for sq in NEIGHBOURS[target]:
        piece = board[sq]
        if piece is None or piece.is_base or sq in shields or sq == archer_sq:
            continue
        if piece.owner == archer.owner and not options["friendly_fire"]:
            continue
        out.append(sq)
    return tuple(sorted(out, key=lambda sq: (-rank_of(sq), file_of(sq))))

