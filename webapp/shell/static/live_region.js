// The text view: plain text in a polite live region that stays in the page between updates.
// ``apart``: the text may sit in a closed fold (hidden text is not announced), so a visually hidden twin
// at the end of the page's <main> is the live region and the shown text is a plain, focusable region.
// ``reveal`` (bumped by the page): open every fold around the text and move the keyboard focus to it.
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;" +
  "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:pre-line;border:0"

function folds(el) {
  const found = []
  for (let node = el; node; node = node.parentNode || node.host) {
    if (node.tagName === "DETAILS") { found.push(node) }
  }
  return found
}

export function render({ model }) {
  const region = document.createElement("div")
  region.className = "rb-live"
  region.setAttribute("aria-label", model.label)
  let twin = null
  if (model.apart) {
    region.setAttribute("role", "region")
    region.tabIndex = -1
    twin = document.createElement("div")
    twin.className = "rb-live rb-announcer"
    twin.setAttribute("style", HIDDEN)
    twin.setAttribute("aria-label", model.label)
    const main = document.querySelector("main") || document.body
    main.appendChild(twin)
  }
  const live = twin || region
  live.setAttribute("role", "status")
  live.setAttribute("aria-live", "polite")
  const write = () => {
    region.textContent = model.text
    if (twin) { twin.textContent = model.text }
  }
  write()
  model.on("text", write)
  model.on("reveal", () => {
    for (const fold of folds(region)) { fold.open = true }
    region.tabIndex = -1
    region.focus()
  })
  model.on("remove", () => { if (twin) { twin.remove() } })
  return region
}
