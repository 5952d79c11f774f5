"""What the player is doing on the board before anything is played, without Panel or Bokeh.

:class:`Table` holds the selected piece, the attack waiting for confirmation, the piece
type in hand (to place, spawn, add or change into) and the alteration being made.  It
turns a tap on a square into an action, a new selection or a reason from the rules;
every square it offers comes from the state's legal actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.imperio import Alter, Attack, DefaultArmy, ImperioState, Place, Shot, Spawn, Step, name
from core.imperio.army import default_placements
from core.imperio.board import NAMES, UNITS, adjacent
from core.protocol import Action

STEP, ATTACK, SHOT, SPAWN, PLACE, ALTER, PICK = "step", "attack", "shot", "spawn", "place", "alter", "pick"
"""What a highlighted square does when tapped (PICK: choose the piece an alteration moves)."""
PIECE_ORDER = "HB" + UNITS
ALTER_OPS = {"move": "Move a piece", "add": "Add a piece", "remove": "Remove a piece", "change": "Change a unit's type"}

Target = tuple[str, Action | None]


def actor_actions(state: ImperioState) -> list[Action]:
    """The legal actions of whoever acts now: a seat, or the dice typed by hand (none once the game is over)."""
    return state.legal_actions() if state.to_move is not None else []


def preview(state: ImperioState) -> tuple[tuple[bool, str, int], ...]:
    """The default armies (the ``default_army`` option) before they stand on the board, as (attacker's side,
    letter, square): both sides while the roles are chosen, when the game will deploy them or offers "use the
    default army"; the side setting up while it may still deploy its default army at once; else none."""
    army = str(state.options["default_army"])
    sides: tuple[bool, ...] = ()
    if state.phase == "roles":
        if state.options["setup"] == "default_armies" or army != "none":
            sides = (True, False)
    elif state.phase == "deploy" and DefaultArmy() in actor_actions(state):
        sides = (state.setter == state.attacker,)
    return tuple((side, letter, sq) for side in sides for letter, sq in default_placements(side, army))


def first_of(kinds: Iterable[str], wanted: str) -> str | None:
    """``wanted`` when it is among ``kinds``, else the first of them in the order H B K A P F (None: none)."""
    have = set(kinds)
    if wanted in have:
        return wanted
    return next((k for k in PIECE_ORDER if k in have), None)


@dataclass
class Table:
    """The page's choices on the board between two actions."""

    selected: int | None = None
    """The square of the chosen piece (play; the piece an alteration moves)."""
    pending: Action | None = None
    """An attack or shot shown with its odds, waiting for "Confirm"."""
    hand: str = "K"
    """The piece type to place, spawn, add or change a unit into."""
    alter_op: str = "move"

    def clear(self) -> None:
        self.selected = self.pending = None

    def sync(self, state: ImperioState) -> None:
        """Forget a selection or pending attack the new position no longer allows."""
        mine = self.selected is not None and (piece := state.board[self.selected]) is not None \
            and piece.owner == state.to_move
        if not mine or state.phase not in ("play", "alter") or state.overrun is not None:
            self.selected = None
        if self.pending is not None and self.pending not in actor_actions(state):
            self.pending = None

    # --- what may be chosen ------------------------------------------------------------

    def hand_for(self, state: ImperioState) -> str | None:
        """The piece type actually in hand: the chosen one if it may be used now, else the first that may."""
        actions = actor_actions(state)
        if state.phase == "deploy":
            return first_of((a.unit for a in actions if isinstance(a, Place)), self.hand)
        if state.phase == "play":
            return first_of((a.unit for a in actions if isinstance(a, Spawn)), self.hand)
        return self.hand

    def ready_pieces(self, state: ImperioState) -> list[int]:
        """The squares of the mover's pieces that can still act (or spawn), in reading order."""
        if state.phase != "play" or state.overrun is not None:
            return []
        actions = actor_actions(state)
        squares = {a.frm for a in actions if isinstance(a, (Step, Attack, Shot))}
        squares |= {a.base for a in actions if isinstance(a, Spawn)}
        return sorted(squares, key=lambda sq: (-(sq // 9), sq % 9))

    def piece_actions(self, state: ImperioState, sq: int) -> list[Action]:
        """Every legal action of the piece on ``sq``: its spawns (a base), steps, attacks and shots."""
        return [a for a in actor_actions(state)
                if (isinstance(a, Spawn) and a.base == sq) or (isinstance(a, (Step, Attack, Shot)) and a.frm == sq)]

    def targets(self, state: ImperioState) -> dict[int, Target]:
        """The squares a tap acts on now, each with what it does and the action it plays."""
        actions = actor_actions(state)
        out: dict[int, Target] = {}
        if state.phase == "deploy":
            unit = self.hand_for(state)
            return {a.square: (PLACE, a) for a in actions if isinstance(a, Place) and a.unit == unit}
        if state.phase == "alter":
            return self._alter_targets(actions)
        if state.phase != "play" or self.selected is None:
            return out
        hand = self.hand_for(state)
        for a in actions:
            if isinstance(a, Step) and a.frm == self.selected:
                out[a.to] = (STEP, a)
            elif isinstance(a, Attack) and a.frm == self.selected:
                out[a.to] = (ATTACK, a)
            elif isinstance(a, Shot) and a.frm == self.selected:
                out[a.to] = (SHOT, a)
        for a in actions:  # spawning comes first on a base's empty neighbours
            if isinstance(a, Spawn) and a.base == self.selected and a.unit == hand:
                out[a.to] = (SPAWN, a)
        return out

    def _alter_targets(self, actions: list[Action]) -> dict[int, Target]:
        alters = [a for a in actions if isinstance(a, Alter) and a.op == self.alter_op and a.square is not None]
        if self.alter_op == "move":
            if self.selected is None:
                return {a.square: (PICK, None) for a in alters if a.square is not None}
            return {a.to: (ALTER, a) for a in alters if a.square == self.selected and a.to is not None}
        if self.alter_op == "add":
            return {a.square: (ALTER, a) for a in alters if a.square is not None and a.unit == self.hand}
        if self.alter_op == "change":
            return {a.square: (ALTER, a) for a in alters if a.square is not None and a.new == self.hand}
        return {a.square: (ALTER, a) for a in alters if a.square is not None}

    # --- a tap -------------------------------------------------------------------------

    def tap(self, state: ImperioState, sq: int) -> tuple[Action | None, str]:
        """A tap on ``sq``: the action to play (None: only the selection changed) and a reason when refused."""
        kind, action = self.targets(state).get(sq, ("", None))
        if kind == PICK:
            self.selected = sq
            return None, ""
        if kind in (ATTACK, SHOT):
            self.pending = action
            return None, ""
        if action is not None:
            self.pending = None
            if kind == STEP and isinstance(action, Step):
                self.selected = action.to
            elif kind != SPAWN:
                self.selected = None
            return action, ""
        return None, self._refusal(state, sq)

    def _refusal(self, state: ImperioState, sq: int) -> str:
        self.pending = None
        if state.phase == "deploy":
            hand = self.hand_for(state)
            what = f" for the {NAMES[hand]}" if hand is not None else ""
            return f"{name(sq)} is not a free square of your deployment zone{what}."
        if state.phase == "alter":
            if self.alter_op == "move" and self.selected is not None:
                self.selected = None
                return f"{name(sq)} is not a free square of your zone; choose the piece to move again."
            return f"Nothing to {self.alter_op} on {name(sq)} with this alteration."
        if state.phase != "play" or state.to_move is None or state.to_move < 0:
            return ""
        piece = state.board[sq]
        if sq == self.selected:
            self.selected = None
            return ""
        if piece is not None and piece.owner == state.to_move:
            self.selected = sq
            if self.piece_actions(state, sq):
                return ""
            return f"The {NAMES[piece.kind]} on {name(sq)} cannot act: {state.unit_problem(sq) or 'no legal move'}."
        if self.selected is None:
            return f"Choose one of your pieces first ({name(sq)} holds none)."
        mover = self.board_piece(state, self.selected)
        candidate: Action
        if piece is None:
            candidate = Step(mover, self.selected, sq)
        elif mover == "A" and not adjacent(self.selected, sq):
            candidate = Shot(self.selected, sq)
        else:
            candidate = Attack(mover, self.selected, sq)
        return f"Not possible: {state.why_illegal(candidate, state.to_move)}."

    @staticmethod
    def board_piece(state: ImperioState, sq: int) -> str:
        piece = state.board[sq]
        assert piece is not None
        return piece.kind
