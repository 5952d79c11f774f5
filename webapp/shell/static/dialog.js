// A button that opens a native modal <dialog> around Panel children. The browser keeps the keyboard
// inside while it is open and closes it on Escape; the focus then returns to the button.
export function render({ model }) {
  const wrap = document.createElement("div")
  const opener = document.createElement("button")
  opener.type = "button"
  opener.className = "rb-dialog-opener"
  opener.textContent = model.label
  const dialog = document.createElement("dialog")
  dialog.className = "rb-dialog"
  dialog.setAttribute("aria-label", model.label)
  const close = document.createElement("button")
  close.type = "button"
  close.className = "rb-dialog-close"
  close.setAttribute("aria-label", "Close")
  close.textContent = "\u2715"
  const body = document.createElement("div")
  body.className = "rb-dialog-body"
  for (const child of model.get_child("objects")) body.append(child)
  dialog.append(close, body)
  wrap.append(opener, dialog)

  const show = () => {
    if (dialog.open) return
    dialog.showModal()
    window.dispatchEvent(new Event("resize"))  // lets Bokeh lay out the children it could not see
  }
  opener.addEventListener("click", () => { show(); model.open = true })
  close.addEventListener("click", () => dialog.close())
  dialog.addEventListener("close", () => {
    if (model.open) model.open = false
    opener.focus()
  })
  model.on("open", () => { model.open ? show() : (dialog.open && dialog.close()) })
  model.on("label", () => { opener.textContent = model.label; dialog.setAttribute("aria-label", model.label) })
  return wrap
}
