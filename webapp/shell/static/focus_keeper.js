// Keeps keyboard focus where the player works: when a redraw drops the focus to the page body
// (a pressed button replaced, a panel hidden), it moves to the control the page names as the
// next place of work.  It never takes the focus from anywhere else, and it acts only for players
// who work with the keyboard (after a key press; a click with the mouse turns it off again).
function roots() {
  const out = [document]
  for (let i = 0; i < out.length; i++) {
    for (const el of out[i].querySelectorAll("*")) { if (el.shadowRoot) { out.push(el.shadowRoot) } }
  }
  return out
}

function deepActive() {
  let a = document.activeElement
  while (a && a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement }
  return a
}

function nameOf(el) {
  const label = el.getAttribute("aria-label") || (el.labels && el.labels.length ? el.labels[0].textContent : "") ||
    (el.closest("label") ? el.closest("label").textContent : "") || el.textContent || ""
  return label.trim()
}

function find(name) {
  for (const root of roots()) {
    for (const el of root.querySelectorAll("button, input, select, textarea")) {
      if (!el.disabled && el.getClientRects().length && nameOf(el).startsWith(name)) { return el }
    }
  }
  return null
}

export function render({ model }) {
  let acted = false
  const arm = () => { acted = true }
  const disarm = () => { acted = false }
  document.addEventListener("keydown", arm, true)
  document.addEventListener("pointerdown", disarm, true)
  const lost = () => {
    const a = deepActive()
    return !a || a === document.body || !a.isConnected || !a.getClientRects().length  // gone or hidden
  }
  let forced = false
  const restore = () => {
    if (!acted || !model.target || !(forced || lost())) { return }
    const el = find(model.target)
    if (el) {
      forced = false  // a question takes the focus once; afterwards the player may move on
      if (el !== deepActive()) { el.focus() }
    }
  }
  const timers = []
  const schedule = () => {
    while (timers.length) { clearTimeout(timers.pop()) }
    for (const wait of [60, 250, 700, 1500, 3000]) { timers.push(setTimeout(restore, wait)) }
  }
  document.addEventListener("focusout", schedule, true)
  // read ``force`` once the whole update has arrived (its properties change one by one)
  model.on("version", () => setTimeout(() => { forced = model.force; schedule() }, 0))
  model.on("remove", () => {
    document.removeEventListener("keydown", arm, true)
    document.removeEventListener("pointerdown", disarm, true)
    document.removeEventListener("focusout", schedule, true)
  })
  return document.createElement("span")
}
