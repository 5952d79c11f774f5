// Keeps the browser's address on the current game without adding history entries:
// one entry per game (replaceState), so Back leaves the page instead of showing an
// address the game has already left.
export function render({ model }) {
  const write = () => {
    const here = window.location
    if (model.search && here.search !== model.search) {
      window.history.replaceState(window.history.state, "", here.pathname + model.search + here.hash)
    }
    if (model.href !== here.href) { model.href = here.href }
  }
  write()
  model.on("search", write)
  const span = document.createElement("span")
  span.hidden = true
  return span
}
