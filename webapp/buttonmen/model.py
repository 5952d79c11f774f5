"""View-model of the Button Men page: what to draw and offer, computed from a state alone.

No Panel and no Bokeh here, and no rules either: every fact comes from
:class:`core.buttonmen.ButtonMenState` (its dice, ``legal_actions()``,
``attack_types()``, ``chosen``/``fresh``); these functions only filter and
arrange it for the page, so they are tested without a browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.buttonmen import SKILLS, Attack, ButtonMenState, ChooseOption, ChooseSwing, Pass, Surrender, parse_recipe
from core.buttonmen.recipe import SWING_RANGES
from core.buttonmen.render import points, status
from core.protocol import Action
from webapp.buttonmen.legend import ATTACK_RULES
from webapp.shell.geometry import LEAST_FONT, to_pixels


# --- board geometry (data units; the figure maps one unit to PIXELS_PER_UNIT) -------------

PIXELS_PER_UNIT = 80
X_START = -0.6
MIN_X_END = 8.6
Y_RANGE = (0.0, 3.3)
ROW_Y = (2.35, 0.8)
"""Centre line of the top row (the opponent's) and the bottom row (the viewer's)."""
DIE = 0.84
CAPTURED_DIE = 0.6
CAPTURED_STEP = 0.68
CAPTURED_GAP = 0.25
"""Space between the last die slot and the first captured die."""
MIN_SLOTS = 5

WHITE, LINE = "#ffffff", "#333333"
ATTACKER_FILL, ATTACKER_LINE = "#ffe08a", "#0b3d91"
TARGET_FILL, TARGET_LINE = "#ffd6d6", "#a00000"
CAPTURED_FILL, CAPTURED_LINE = "#d7e8d0", "#2e7d32"
DIZZY_FILL = "#e0e0e0"
SETUP_FILL, SETUP_LINE = "#f0f0f0", "#767676"
FRESH_LINE = "#b8860b"
"""Outline of dice just rolled or just captured (gold, for a moment)."""


@dataclass(frozen=True)
class Selection:
    """The dice a human has picked on the board: own attackers and opposing targets."""

    attackers: frozenset[int] = frozenset()
    targets: frozenset[int] = frozenset()

    def toggle(self, own: bool, index: int) -> Selection:
        """The selection with one die added or removed."""
        group = self.attackers if own else self.targets
        group = group - {index} if index in group else group | {index}
        return Selection(group, self.targets) if own else Selection(self.attackers, group)

    @property
    def empty(self) -> bool:
        return not self.attackers and not self.targets


@dataclass
class Cell:
    """One die drawn on the board."""

    player: int
    index: int
    """Position in the player's dice in play (or captured list, or recipe)."""
    zone: str
    """``play``, ``captured`` or ``setup`` (a recipe die before the round's dice exist)."""
    x: float
    y: float
    size: float
    value: str
    notation: str
    fill: str = WHITE
    line: str = LINE
    width: float = 1.5
    words: str = ""
    fresh: bool = False
    """Just rolled or just captured (drawn with a gold ring for a moment)."""


@dataclass
class Board:
    """Everything the Bokeh board shows for one state."""

    cells: list[Cell] = field(default_factory=list)
    labels: list[tuple[float, float, str]] = field(default_factory=list)
    x_end: float = MIN_X_END

    def columns(self, zone: Sequence[str], scale: float = 1.0) -> dict[str, list[Any]]:
        """Column data for the cells of the given zones; ``scale``: the board's size on screen
        over its own (the text shrinks with the dice)."""
        keys = ("player", "index", "zone", "x", "y", "size", "value", "notation", "fill", "line", "width", "words",
                "fresh")
        data: dict[str, list[Any]] = {k: [] for k in keys}
        for cell in self.cells:
            if cell.zone in zone:
                for k in keys:
                    data[k].append(getattr(cell, k))
        data["value_y"] = [y + 0.1 * s / DIE for y, s in zip(data["y"], data["size"], strict=True)]
        data["notation_y"] = [y - 0.27 * s / DIE for y, s in zip(data["y"], data["size"], strict=True)]
        data["value_size"] = [f"{max(LEAST_FONT, round(24 * scale * s / DIE))}px" for s in data["size"]]
        data["notation_size"] = [f"{max(LEAST_FONT, round(12 * scale * s / DIE))}px" for s in data["size"]]
        data["shadow_x"] = [x + 0.05 * s / DIE for x, s in zip(data["x"], data["size"], strict=True)]
        data["shadow_y"] = [y - 0.05 * s / DIE for y, s in zip(data["y"], data["size"], strict=True)]
        data["ring_alpha"] = [1.0 if fresh else 0.0 for fresh in data["fresh"]]
        data["angle"] = [0.0] * len(data["x"])
        return data


# --- the board ----------------------------------------------------------------------------------


def attack_list(state: ButtonMenState) -> list[Attack]:
    """The legal attacks of the player to move."""
    return [a for a in state.legal_actions() if isinstance(a, Attack)]


def attackers_in_use(state: ButtonMenState) -> set[int]:
    """The mover's dice that take part in at least one legal attack."""
    return {i for a in attack_list(state) for i in a.attackers}


def targets_for(state: ButtonMenState, attackers: frozenset[int]) -> set[int]:
    """Opposing dice some legal attack by exactly ``attackers`` could target."""
    return {j for a in attack_list(state) if frozenset(a.attackers) == attackers for j in a.targets}


def attacks_for(state: ButtonMenState, selection: Selection) -> list[Attack]:
    """The legal attacks using exactly the selected attackers and targets."""
    return [a for a in attack_list(state)
            if frozenset(a.attackers) == selection.attackers and frozenset(a.targets) == selection.targets]


def row_y(player: int, viewer: int | None) -> float:
    """Where ``player``'s row is drawn: the viewer's at the bottom, the opponent's on top
    (for everyone's eyes, player 1 on top)."""
    bottom = 1 if viewer is None else viewer
    return ROW_Y[1] if player == bottom else ROW_Y[0]


@dataclass(frozen=True)
class Fresh:
    """What an action just changed on the board: dice rolled and dice captured."""

    rolled: frozenset[tuple[int, int]] = frozenset()
    """``(player, index)`` of dice in play just (re-)rolled."""
    captured: frozenset[tuple[int, int]] = frozenset()
    """``(player, index)`` of captured dice just taken."""


def fresh_dice(before: ButtonMenState, action: Action, after: ButtonMenState) -> Fresh:
    """The dice ``action`` rolled (an attack's attackers, or every die of a new round) and captured."""
    if after.round_number != before.round_number or (not before.dice[0] and after.dice[0]):
        return Fresh(frozenset((p, i) for p in (0, 1) for i in range(len(after.dice[p]))))
    rolled: set[tuple[int, int]] = set()
    if isinstance(action, Attack) and before.to_move is not None:
        mover = before.to_move
        rolled = {(mover, i) for i in action.attackers if i < len(after.dice[mover])}
    captured = {(p, k) for p in (0, 1) for k in range(len(before.captured[p]), len(after.captured[p]))}
    return Fresh(frozenset(rolled), frozenset(captured))


def board(state: ButtonMenState, viewer: int | None, selection: Selection, clickable: bool,
          fresh: Fresh = Fresh()) -> Board:
    """The dice of both players (the viewer's at the bottom): in play (or the recipe before the round),
    then captured dice beside their captor's row; ``fresh`` dice are marked."""
    out = Board()
    slots = max(MIN_SLOTS, len(state.dice[0]), len(state.dice[1]),
                *(len(parse_recipe(r)) for r in state.recipes))
    mover = state.to_move
    usable = attackers_in_use(state) if clickable and selection.empty else set()
    reachable = targets_for(state, selection.attackers) if clickable and selection.attackers else set()
    scores = state.round_scores
    for p in (0, 1):
        y = row_y(p, viewer)
        label = state.buttons[p] + (" (you)" if viewer == p and mover is not None else "")
        if state.dice[p]:
            label += f": {points(scores[p])} points if the round ended now"
        out.labels.append((X_START + 0.15, y + 0.62, label))
        if state.dice[p]:
            unrolled = state.not_rolled()[p]
            for i, die in enumerate(state.dice[p]):
                face = "?" if i in unrolled else str(die.value)
                cell = Cell(p, i, "play", float(i), y, DIE, face, die.notation,
                            fill=DIZZY_FILL if die.dizzy else WHITE, words=die.label,
                            fresh=(p, i) in fresh.rolled)
                own = p == mover
                chosen = selection.attackers if own else selection.targets
                if i in chosen:
                    cell.fill, cell.line, cell.width = ((ATTACKER_FILL, ATTACKER_LINE, 4.0) if own
                                                        else (TARGET_FILL, TARGET_LINE, 4.0))
                elif own and i in usable:
                    cell.line, cell.width = ATTACKER_LINE, 2.5
                elif not own and i in reachable:
                    cell.line, cell.width = TARGET_LINE, 2.5
                out.cells.append(cell)
        else:
            shown = {key: size for key, size in state.view(viewer).chosen[p] if size}  # the view blanks secrets to 0
            for i, spec in enumerate(parse_recipe(state.recipes[p])):
                text = spec.text
                for letter in spec.swing_letters:
                    if letter in shown:
                        text = text.replace(f"({letter}", f"({letter}={shown[letter]}", 1)
                if spec.options and str(i) in shown:
                    text = text.replace(")", f"={shown[str(i)]})", 1)
                out.cells.append(Cell(p, i, "setup", float(i), y, DIE, "–" if state.is_over else "?", text,
                                      fill=SETUP_FILL, line=SETUP_LINE, words=text))
        start = slots - 1 + DIE / 2 + CAPTURED_GAP + CAPTURED_DIE / 2
        if state.captured[p]:
            out.labels.append((start - CAPTURED_DIE / 2, y + 0.45, "captured:"))
        for k, die in enumerate(state.captured[p]):
            out.cells.append(Cell(p, k, "captured", start + k * CAPTURED_STEP, y - 0.12, CAPTURED_DIE,
                                  str(die.value), die.notation, CAPTURED_FILL, CAPTURED_LINE, 1.5,
                                  f"captured {die.label}", fresh=(p, k) in fresh.captured))
        out.x_end = max(out.x_end, start + len(state.captured[p]) * CAPTURED_STEP + 0.2)
    return out


def die_at(columns: Mapping[str, Any], x: float, y: float) -> tuple[int, int] | None:
    """``(player, index)`` of the die in play drawn at board point ``(x, y)`` in ``columns``."""
    for player, index, cx, cy, size in zip(columns["player"], columns["index"], columns["x"], columns["y"],
                                           columns["size"], strict=True):
        if abs(x - cx) <= size / 2 and abs(y - cy) <= size / 2:
            return int(player), int(index)
    return None


def die_pixel(state: ButtonMenState, player: int, index: int, viewer: int | None = None) -> tuple[float, float]:
    """Where die ``index`` in play of ``player`` is drawn for ``viewer``, in pixels from the board's corner
    (the board drawn at its own size)."""
    drawn = board(state, viewer, Selection(), False)
    cell = next(c for c in drawn.cells if c.zone == "play" and c.player == player and c.index == index)
    size = ((MIN_X_END - X_START) * PIXELS_PER_UNIT, (Y_RANGE[1] - Y_RANGE[0]) * PIXELS_PER_UNIT)
    return to_pixels(cell.x, cell.y, (X_START, drawn.x_end), Y_RANGE, size)


# --- what the human may do ------------------------------------------------------------------


def attack_label(state: ButtonMenState, attack: Attack) -> str:
    """An attack offered by name: ``Power attack: (10):4 on (8):2``."""
    text = str(attack)
    kind, sep, rest = text.partition(": ")
    return f"{kind} attack: {rest}" if sep and kind == attack.kind else text


def action_label(state: ButtonMenState, action: Action) -> str:
    """A button label for any legal action (capitalised)."""
    text = attack_label(state, action) if isinstance(action, Attack) else str(action)
    return text[:1].upper() + text[1:]


def listed_actions(state: ButtonMenState) -> dict[str, Action]:
    """Every legal action by a unique label (twin dice with equal labels get their positions added)."""
    legal = state.legal_actions()
    labels = [action_label(state, a) for a in legal]
    out: dict[str, Action] = {}
    for label, action in zip(labels, legal, strict=True):
        if labels.count(label) > 1 and isinstance(action, Attack):
            mine = ", ".join(str(i + 1) for i in action.attackers)
            theirs = ", ".join(str(j + 1) for j in action.targets)
            label = f"{label} (your die {mine} on their die {theirs})"
        while label in out:
            label += " (again)"
        out[label] = action
    return out


def die_choices(state: ButtonMenState, player: int, own: bool) -> dict[str, int]:
    """Checkbox labels of ``player``'s dice in play that say whose die it is and its skills by name."""
    whose = "Your die" if own else "Their die"
    out = {}
    for i, die in enumerate(state.dice[player]):
        skills = ", ".join(SKILLS[c] for c in die.skills)
        out[f"{whose} {i + 1}: {die.label}" + (f" ({skills})" if skills else "")] = i
    return out


def selection_hint(state: ButtonMenState, selection: Selection) -> str:
    """What the current selection allows, in words."""
    if state.phase != "attack" or state.to_move is None:
        return ""
    p = state.to_move
    if not attack_list(state):
        return ""
    if selection.empty:
        return ("Click one of your dice (or tick it under \"Your dice\"), then the die to capture; "
                "the legal attacks for that selection appear below.")
    mine = ", ".join(state.dice[p][i].label for i in sorted(selection.attackers))
    theirs = ", ".join(state.dice[1 - p][j].label for j in sorted(selection.targets))
    if not selection.targets:
        reach = targets_for(state, selection.attackers)
        if not reach:
            return f"No legal attack uses exactly {mine}. Add or remove dice."
        names = ", ".join(state.dice[1 - p][j].label for j in sorted(reach))
        return f"Selected {mine}. Now pick a target: {names}."
    found = attacks_for(state, selection)
    if found:
        kinds = ", ".join(dict.fromkeys(a.kind for a in found))
        return f"{mine or 'no dice of yours'} on {theirs}: legal as {kinds}."
    if not selection.attackers:
        return f"Target {theirs} selected. Now pick your attacking dice."
    return f"No legal attack of {mine} on {theirs}. Change the selection."


def pass_rule(state: ButtonMenState) -> str:
    """The engine's pass/mandatory-attack situation, explained (attack phase only)."""
    kinds = state.attack_types()
    if not kinds:
        return ""
    attacks = [k for k in kinds if k != "Pass"]
    if "Pass" in kinds and not attacks:
        return ("No attack is possible, so you must pass: Pass is only legal when no attack is, "
                "and it is the only move besides surrendering the round.")
    if "Pass" in kinds:
        return f"Possible attacks: {', '.join(attacks)}. The rules also allow you to pass here."
    return (f"Attacking is mandatory: an attack is possible ({', '.join(attacks)}), "
            "so you cannot pass. You may still surrender the round.")


@dataclass(frozen=True)
class Choice:
    """A size choice offered as a list: a prompt and the legal actions by label."""

    prompt: str
    label: str
    """The list's label."""
    options: dict[str, Action]


def size_choice(state: ButtonMenState) -> Choice | None:
    """The swing or option size the player to move must choose now, or None."""
    p = state.to_move
    if state.phase != "swing" or p is None:
        return None
    legal = state.legal_actions()
    swings = [a for a in legal if isinstance(a, ChooseSwing)]
    if swings:
        letter = swings[0].letter
        low, high = SWING_RANGES[letter]
        prompt = (f"{state.buttons[p]}: choose the size of your {letter} swing dice "
                  f"({low} to {high} sides). It stays secret until both players have chosen.")
        return Choice(prompt, f"Size of swing {letter}", {f"{a.size} sides": a for a in swings})
    options = [a for a in legal if isinstance(a, ChooseOption)]
    if options:
        spec = parse_recipe(state.recipes[p])[options[0].die]
        prompt = (f"{state.buttons[p]}: choose the size of your option die {spec.text} "
                  f"(die {options[0].die + 1} of your recipe). It stays secret until both have chosen.")
        return Choice(prompt, f"Size of option die {spec.text}", {f"{a.size} sides": a for a in options})
    return None


def remembered_size(choice: Choice, earlier: Sequence[tuple[int, Action]], player: int) -> Action:
    """The size ``player`` chose last time among ``choice``'s options (``earlier``: ``(actor, action)``
    pairs, oldest first), else the smallest size offered."""
    offered = list(choice.options.values())
    return next((a for actor, a in reversed(earlier) if actor == player and a in offered), offered[0])


def refusal(state: ButtonMenState, action: Action, reason: str) -> str:
    """Why the engine refused ``action`` (its ``reason``), in the page's words with the rule."""
    if "is not a legal action in the" in reason:
        return f"Not possible now. {status(state)}"
    reason = reason.removeprefix(f"{action}: ")
    if isinstance(action, Attack) and state.phase == "attack" and state.to_move is not None:
        p = state.to_move
        if not all(i < len(state.dice[p]) for i in action.attackers) or \
                not all(j < len(state.dice[1 - p]) for j in action.targets):
            return "Not possible: a selected die is no longer on the table."
        mine = ", ".join(state.dice[p][i].label for i in action.attackers) or "no dice"
        theirs = ", ".join(state.dice[1 - p][j].label for j in action.targets) or "no die"
        rule = ATTACK_RULES.get(action.kind)
        text = f"Not possible: a {action.kind} attack of {mine} on {theirs}."
        if "[" not in reason:  # the engine's own sentence, when it names no raw die lists
            text += f" {reason[:1].upper()}{reason[1:]}."
        return text + (f" The rule: in a {action.kind} attack, {rule}" if rule else "")
    return f"Not possible: {reason}."


def pass_action(state: ButtonMenState) -> Pass | None:
    """The legal Pass, if any."""
    return next((a for a in state.legal_actions() if isinstance(a, Pass)), None)


def surrender_action(state: ButtonMenState) -> Surrender | None:
    """The legal Surrender, if any."""
    return next((a for a in state.legal_actions() if isinstance(a, Surrender)), None)
