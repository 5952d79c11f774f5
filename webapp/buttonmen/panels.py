"""The Button Men page's panels in HTML: the round just over, the hot-seat curtain, the letters, score, history, log.

Each is built from what every viewer may see: the state's public fields and log, never a hidden choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from core.buttonmen import ButtonMenState
from webapp.buttonmen import legend, rounds
from webapp.shell.widgets import bidi, bidi_names

def round_over_html(over: rounds.RoundOver) -> str:
    """The round that just ended: its result, the dice as it ended and its last action."""
    names = over.before.buttons
    rows = "".join(f"<tr><th scope='row' style='text-align:left'>{bidi(name)}</th><td>{escape(dice)}</td>"
                   f"<td>{escape(captured)}</td><td style='text-align:center'>{score}</td></tr>"
                   for name, dice, captured, score in over.rows)
    last_action = "".join(f"<li>{bidi_names(line, names)}</li>" for line in over.last)
    return (
        "<section aria-labelledby='bm-round-over' style='border:3px solid #0b3d91;background:#e3f2fd;"
        "color:#111;padding:0.5em 0.8em;border-radius:6px'>"
        f"<h3 id='bm-round-over' style='margin:0'>Round {over.number} over</h3>"
        f"<p style='margin:0.3em 0'><strong>{bidi_names(over.result, names)}</strong></p>"
        "<table style='border-collapse:collapse' aria-label='How the round ended'><thead><tr>"
        "<th scope='col' style='text-align:left'>Button</th><th scope='col'>Dice in play</th>"
        "<th scope='col'>Dice captured</th><th scope='col'>Round score</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        f"<p style='margin:0.3em 0 0 0'>The last action:</p><ul style='margin:0'>{last_action}</ul>"
        "<p style='margin:0.3em 0 0 0'>The table shows the dice as the round ended; the board shows "
        "them as the last action found them, with its dice marked.</p></section>")


def curtain_html(name: str, other: str) -> str:
    """Hot-seat: pass the device to ``name``'s player, ``other``'s player looks away."""
    return (
        "<div role='note' style='border:3px solid #0b3d91;background:#e3f2fd;color:#111;"
        "padding:0.5em 0.8em;border-radius:6px'><h3 style='margin:0'>Pass the device</h3>"
        f"<p style='margin:0.3em 0'>Hand the device to {bidi(name)}'s player. "
        f"{bidi(other)}'s player: please look away — {bidi(name)} now makes a secret choice.</p></div>")


def legend_html(state: ButtonMenState) -> str:
    """What the skill letters of this match and the notation mean."""
    skills = "".join(f"<dt><code>{escape(c)}</code> {escape(name)}</dt><dd>{escape(rule)}</dd>"
                     for c, name, rule in legend.legend_rows(state))
    notation = "".join(f"<dt><code>{escape(text)}</code></dt><dd>{escape(meaning)}</dd>"
                       for text, meaning in legend.NOTATION)
    return (
        "<section aria-labelledby='bm-legend' class='bm-legend'>"
        "<h3 id='bm-legend' style='margin:0.4em 0 0.2em 0'>What the letters mean</h3>"
        + (f"<p style='margin:0'>The skills of this match:</p><dl style='margin:0.2em 0'>{skills}</dl>"
           if skills else "<p style='margin:0'>No die of this match has a skill.</p>")
        + f"<p style='margin:0'>The notation:</p><dl style='margin:0.2em 0'>{notation}</dl></section>")


def scores_html(state: ButtonMenState, players: Sequence[str]) -> str:
    """The score table: each button with who plays it (``players``: "human" or the bot), the round score now
    and the match score."""
    rows = "".join(
        f"<tr><th scope='row' style='text-align:left;padding-right:1em'>{bidi(name)} "
        f"({escape(players[p])})</th><td style='text-align:center'>{now}</td>"
        f"<td style='text-align:center'>{wld}</td></tr>"
        for p, (name, now, wld) in enumerate(rounds.score_rows(state)))
    return (
        "<table style='border-collapse:collapse;font-size:1.05em' aria-label='Score'><thead><tr>"
        "<th scope='col' style='text-align:left'>Button</th><th scope='col'>If the round ended now</th>"
        f"<th scope='col'>Rounds won–lost–drawn</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<p style='margin:0.3em 0'>{escape(rounds.match_goal(state))}</p>")


def summary_html(state: ButtonMenState) -> str:
    """The match's result once it is over ("" before)."""
    summary = rounds.match_summary(state)
    return (
        "<div role='status' style='border:3px solid #1b5e20;background:#e8f5e9;color:#111;"
        "padding:0.5em 0.8em;border-radius:6px'><h3 style='margin:0'>Match over</h3>"
        f"<p style='margin:0.3em 0'>{bidi_names(summary, state.buttons)}</p></div>" if summary else "")


def history_html(state: ButtonMenState) -> str:
    """The finished rounds, one row each."""
    history = rounds.history_rows(state)
    return (
        "<table style='border-collapse:collapse' aria-label='Round history'><thead><tr>"
        f"<th scope='col'>Round</th><th scope='col'>{bidi(state.buttons[0])}</th>"
        f"<th scope='col'>{bidi(state.buttons[1])}</th><th scope='col'>Result</th></tr></thead><tbody>"
        + "".join(f"<tr><td>{n}</td><td>{a}</td><td>{b}</td><td>{bidi_names(o, state.buttons)}</td></tr>"
                  for n, a, b, o in history)
        + "</tbody></table>" if history else "<p style='margin:0'>No round finished yet.</p>")


def log_html(state: ButtonMenState) -> str:
    """The match log, newest first, in a scrolling region."""
    items = "".join(f"<li>{bidi_names(line, state.buttons)}</li>" for line in reversed(state.log))
    return (
        "<div tabindex='0' role='region' aria-label='Match log, newest first' "
        "style='max-height:18em;overflow:auto;border:1px solid #767676;border-radius:4px;"
        "padding:0.4em;background:#fff;color:#111'>"
        + (f"<ol reversed class='bm-log' style='margin:0;padding-left:2.2em'>{items}</ol>" if items
           else "<p style='margin:0'>Nothing yet.</p>") + "</div>")
