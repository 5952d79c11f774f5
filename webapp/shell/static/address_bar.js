// Keeps the browser's address on the current game with one history entry per game: a move
// replaces the entry (replaceState), a new game adds one (pushState). Each entry remembers its
// game (history.state.rbGame), so Back and Forward return to the previous or next game, which the
// page is told about (the address it should open), instead of showing a position the game has left.
export function render({ model }) {
  const write = () => {
    const { search, game } = model.entry
    const here = window.location
    const held = window.history.state && window.history.state.rbGame
    if (search && here.search !== search) {
      const address = here.pathname + search + here.hash
      if (game && held && held !== game) {
        window.history.pushState({ rbGame: game }, "", address)
      } else {
        window.history.replaceState({ rbGame: game }, "", address)
      }
    } else if (game && !held && here.search === search) {
      window.history.replaceState({ rbGame: game }, "", here.href)
    }
    if (model.href !== window.location.href) { model.href = window.location.href }
  }
  const moved = () => { model.send_msg({ search: window.location.search }) }
  write()
  model.on("entry", write)
  window.addEventListener("popstate", moved)
  model.on("remove", () => window.removeEventListener("popstate", moved))
  const span = document.createElement("span")
  span.hidden = true
  return span
}
