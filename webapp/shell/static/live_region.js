// The text view: plain text in a polite live region that stays in the page between updates.
export function render({ model }) {
  const region = document.createElement("div")
  region.className = "rb-live"
  region.setAttribute("role", "status")
  region.setAttribute("aria-live", "polite")
  region.setAttribute("aria-label", model.label)
  region.textContent = model.text
  model.on("text", () => { region.textContent = model.text })
  return region
}
