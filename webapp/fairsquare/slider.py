"""A named range input for the turn (a native ``<input type=range>``: arrow keys, Home and End work).

Panel's own sliders draw a handle without an accessible name; this one is a plain
labelled input, so screen readers and the axe audit know what it sets.  Generic:
nothing here is about Fair and Square beyond the page using it for turns.
"""

from __future__ import annotations

import param
from panel.custom import JSComponent

from webapp.shell.widgets import FOCUS_CSS


class RangeInput(JSComponent):
    """An integer from ``start`` to ``end`` on a labelled native range input."""

    value = param.Integer(default=0, doc="The chosen number.")
    start = param.Integer(default=0)
    end = param.Integer(default=15)
    label = param.String(default="Turn", doc="The visible label and accessible name.")

    _esm = """
export function render({ model }) {
  const wrap = document.createElement("label")
  wrap.style.cssText = "display:flex;align-items:center;gap:0.6em;font-size:1em;color:#111"
  const text = document.createElement("span")
  const input = document.createElement("input")
  input.type = "range"
  input.style.cssText = "flex:1;min-width:12em;min-height:24px;accent-color:#0b3d91"
  const show = () => {
    input.min = model.start; input.max = model.end; input.value = model.value
    input.setAttribute("aria-label", model.label)
    text.textContent = `${model.label} ${model.value} of ${model.end}`
  }
  input.addEventListener("input", () => { model.value = parseInt(input.value, 10) })
  for (const name of ["value", "start", "end", "label"]) { model.on(`change:${name}`, show) }
  show()
  wrap.append(text, input)
  return wrap
}
"""
    _stylesheets = [FOCUS_CSS]
