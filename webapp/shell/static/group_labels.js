// Gives widgets marked with a CSS class the role "group" and an accessible name, so a screen
// reader tells whose controls they are (e.g. two checkbox groups of dice).
function roots() {
  const out = [document]
  for (let i = 0; i < out.length; i++) {
    for (const el of out[i].querySelectorAll("*")) { if (el.shadowRoot) { out.push(el.shadowRoot) } }
  }
  return out
}

export function render({ model }) {
  const mark = () => {
    for (const root of roots()) {
      for (const [name, label] of Object.entries(model.groups)) {
        for (const el of root.querySelectorAll(`.${CSS.escape(name)}`)) {
          if (el.getAttribute("aria-label") !== label) {
            el.setAttribute("role", "group")
            el.setAttribute("aria-label", label)
          }
        }
      }
    }
  }
  mark()
  const timer = setInterval(mark, 1000)
  model.on("groups", mark)
  model.on("remove", () => clearInterval(timer))
  return document.createElement("span")
}
