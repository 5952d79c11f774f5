// A native <details>/<summary> around Panel children: opened and closed in the browser, no round trip.
export function render({ model }) {
  const details = document.createElement("details")
  details.className = "rb-disclosure"
  const summary = document.createElement("summary")
  const title = document.createElement("span")
  title.className = "rb-disclosure-title"
  title.textContent = model.title
  summary.append(title)
  details.append(summary)
  const body = document.createElement("div")
  body.className = "rb-disclosure-body"
  for (const child of model.get_child("objects")) body.append(child)
  details.append(body)
  details.open = model.open
  details.addEventListener("toggle", () => {
    if (model.open !== details.open) model.open = details.open
    if (details.open) window.dispatchEvent(new Event("resize"))  // lets Bokeh lay out what was hidden
  })
  model.on("open", () => { details.open = model.open })
  model.on("title", () => { title.textContent = model.title })
  return details
}
