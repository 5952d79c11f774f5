// A group of plain <button> elements that keeps keyboard focus across updates.
export function render({ model }) {
  const group = document.createElement("div")
  group.className = "rb-moves"
  group.setAttribute("role", "group")
  group.setAttribute("aria-label", model.group_label)
  let keep = false
  group.addEventListener("focusin", () => { keep = true })
  group.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !group.contains(event.relatedTarget)) { keep = false }
  })
  const draw = () => {
    const active = group.getRootNode().activeElement
    const lost = document.activeElement === document.body || document.activeElement === null
    const refocus = keep && ((active && group.contains(active)) || lost)
    group.replaceChildren()
    const version = model.version
    model.labels.forEach((label, index) => {
      const b = document.createElement("button")
      b.type = "button"
      b.className = "rb-move"
      b.textContent = label
      b.addEventListener("click", () => model.send_msg({ index, version }))
      group.appendChild(b)
    })
    if (refocus && group.firstChild) { group.firstChild.focus() }
  }
  draw()
  model.on(["labels", "version"], draw)
  return group
}
