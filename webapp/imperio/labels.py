"""Imperio Bellum's page in fixed words: the hint, the legend, the link note, and the labels of choices,
moves and the board."""

from __future__ import annotations

from html import escape

from core.imperio import (AddReserve, Alter, Attack, ChooseRole, DefaultArmy, EndTurn, ImperioState, Overrun, Place,
                          Ready, Roll, Shot, Spawn, Step, name)
from core.imperio.board import NAMES
from core.imperio.render import piece_words
from core.protocol import Action

FLIP = "Flip board (F)"
LINK_NOTE = ("Hidden reserves (IB-05 switched off): this page shows each side only the number of the other's "
             "reserves, but the link holds the whole game, reserves included. Send it only to someone who may "
             "see both armies.")
CHOICES_CSS = ".rb-move { font-size: 1.1rem; font-weight: 600; padding: 0.6em 1.2em; min-height: 44px; }"
"""The plain choices (roles, the default army, End the turn) as large buttons."""
ON_BOARD = (Place, Alter, Step, Attack, Shot, Spawn, AddReserve)
"""Actions chosen on the board (or the setup tools); the rest are listed as plain choices."""
HINT = ("<p class='rb-help' style='margin:0.3em 0'>Tap one of your pieces (gold frame), then a marked square: "
        "a dot steps there, a red or orange frame attacks or shoots after showing the odds. The same moves are "
        "buttons under “Your moves”.</p>")
LEGEND = (
    "<p class='rb-help' style='margin:0.3em 0'><strong>Pieces:</strong> letters H headquarters, B base, K knight, "
    "A archer, P pikeman, F footsoldier. Red attacker: circles, marching from rank 1 toward rank 9; blue defender: "
    "diamonds, marching the other way; the arrow ▲ or ▼ beside a piece points the way its side marches on the "
    "board as shown; bases are squares (© a captured base), E an entrenched pikeman. "
    "<strong>Marks:</strong> gold frame a piece that can still act, blue frame the selected piece, green dot a "
    "step, green + a spawn, red frame with × an attack, orange frame with ✱ a shot. "
    "<strong>Overlays:</strong> hatching / and \\ the red and blue pikeman zones, yellow squares the archers' "
    "lines of fire, rings the squares footsoldiers shield.</p>")


def choice_label(action: Action) -> str:
    """A plain choice's button text."""
    if isinstance(action, EndTurn):
        return "End the turn (E)"
    if isinstance(action, Overrun):
        return f"{'Capture' if action.capture else 'Destroy'} the base on {name(action.square)}"
    if isinstance(action, Ready):
        return "Ready"
    if isinstance(action, Roll):
        return f"The die shows {action.value}"
    if isinstance(action, (DefaultArmy, ChooseRole)):
        text = str(action)
        return text[:1].upper() + text[1:]
    return str(action)


def action_label(state: ImperioState, action: Action) -> str:
    """A piece's action with its notation and what it does."""
    if isinstance(action, (Attack, Shot)):
        target = state.board[action.to]
        what = "attack" if isinstance(action, Attack) else "shot"
        return f"{action} ({what} on the {NAMES[target.kind] if target else 'square'}; shows the odds first)"
    if isinstance(action, Step):
        return f"{action} (step)"
    return str(action)


def board_label(flipped: bool) -> str:
    """The board's accessible name, with the side it is seen from."""
    side = "blue defender's side: rank 9 at the bottom, file i on the left" if flipped else \
        "red attacker's side: rank 1 at the bottom, file a on the left"
    return (f"Battlefield seen from the {side}. Its pieces and moves are also listed under Your moves "
            "and in Position as text")


def piece_label(state: ImperioState, sq: int) -> str:
    """A piece in the list of those that can act: its square and what it is."""
    piece = state.board[sq]
    assert piece is not None, "a piece that can act stands on its square"
    return f"{name(sq)}: {piece_words(state, piece)}"


def overrun_html(square: int) -> str:
    """The question when the base on ``square`` falls."""
    return (f"<p role='alert' style='font-weight:bold;margin:0.3em 0'>The base on {name(square)} falls: capture it "
            "(it becomes yours and spawns for you) or destroy it (removed for good).</p>")


def preview_html(state: ImperioState) -> str:
    """What the faded pieces on the board are, while the armies are not yet deployed."""
    if state.phase == "roles":
        deployed = ("both armies stand there as soon as the roles are chosen"
                    if state.options["setup"] == "default_armies" else
                    "each side may deploy its default army at once, or set up by hand")
        return (f"<p style='margin:0.3em 0'><strong>Choose your side to start.</strong> The faded pieces on the "
                f"board preview the default armies: red attacks from ranks 1-2 and moves first, blue defends ranks "
                f"8-9; {deployed}.</p>")
    return ("<p style='margin:0.3em 0'>The faded pieces preview your default army: “Use the default army” "
            "deploys it (board and reserves) at once; or place your pieces one by one.</p>")


def result_html(state: ImperioState) -> str:
    """Who won and why, once the game is over ("" before)."""
    if state.result is None:
        return ""
    winner = state.winner_text()
    title = f"The {winner} ({'red' if winner == 'attacker' else 'blue'}) wins"
    return (f"<section aria-label='Game summary' style='border:3px solid #1b5e20;background:#e8f5e9;color:#111;"
            f"padding:0.4em 0.8em;border-radius:6px'><h3 style='margin:0'>{title}</h3>"
            f"<p style='margin:0.2em 0'>{escape(state.result.reason[:1].upper() + state.result.reason[1:])}. "
            "Press New game to play again.</p></section>")
