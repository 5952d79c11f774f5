// Names the page's Bokeh boards for assistive technology and takes their event layers out of
// the Tab order (a board that is played with the keyboard elsewhere on the page).
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
      for (const canvas of root.querySelectorAll(".bk-Canvas")) {
        if (canvas.getAttribute("aria-label") !== model.label) {
          canvas.setAttribute("role", "img")
          canvas.setAttribute("aria-label", model.label)
        }
        const inside = canvas.shadowRoot ? [canvas, canvas.shadowRoot] : [canvas]
        for (const layer of inside.flatMap((r) => [...r.querySelectorAll("[tabindex]")])) {
          if (layer.getAttribute("tabindex") !== "-1") { layer.setAttribute("tabindex", "-1") }
        }
      }
    }
  }
  mark()
  const timer = setInterval(mark, 1000)
  model.on("remove", () => clearInterval(timer))
  return document.createElement("span")
}
