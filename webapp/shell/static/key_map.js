// Single-key shortcuts for the whole page, ignored while typing in a field.
export function render({ model }) {
  const handler = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) { return }
    const target = event.composedPath()[0]
    const tag = target && target.tagName ? target.tagName.toLowerCase() : ""
    if (["input", "textarea", "select"].includes(tag) || (target && target.isContentEditable)) { return }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
    if (!model.keys.includes(key)) { return }
    event.preventDefault()
    model.send_msg({ key })
  }
  document.addEventListener("keydown", handler)
  model.on("remove", () => document.removeEventListener("keydown", handler))
  return document.createElement("span")
}
