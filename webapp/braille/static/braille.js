// The braille page's browser side (webapp.braille.page sends the view and the log).
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;",
  '"': "&quot;", "'": "&#39;"}[c]))

function section(id, heading, body) {
  return `<section aria-labelledby="h-${id}"><h2 id="h-${id}">${esc(heading)}</h2>${body}</section>`
}

function options(choices, value) {
  return choices.map(([v, label]) =>
    `<option value="${esc(v)}"${v === value ? " selected" : ""}>${esc(label)}</option>`).join("")
}

function checkbox(key, label, checked) {
  const on = checked ? " checked" : ""
  return `<p class="field"><input type="checkbox" id="${key}" data-key="${key}"${on}>` +
         ` <label for="${key}">${esc(label)}</label></p>`
}

function renderView(v) {
  const attacks = v.attacks.map((a) =>
    `<li><button type="button" class="attack" data-key="attack-${a.number}" data-number="${a.number}"` +
    ` aria-pressed="${a.number === v.selected}">${esc(a.label)}</button></li>`).join("")
  const dice = v.dice.map((line) => `<li>${esc(line)}</li>`).join("")
  const scores = v.scores.map((line) => `<p>${esc(line)}</p>`).join("")
  const keys = v.keys.map((line) => `<li>${esc(line)}</li>`).join("")
  const notes = v.notes.map((line) => `<p>${esc(line)}</p>`).join("")
  const s = v.settings
  const play = `<p id="turn" class="turn">${esc(v.turn)}</p>${notes}` +
    (attacks ? `<ol class="attacks">${attacks}</ol>` : "") +
    `<p class="row">` +
    (v.can_pass ? `<button type="button" data-key="pass">${esc(v.text.pass)}</button>` : "") +
    (v.selected !== null ? `<button type="button" data-key="confirm">${esc(v.text.confirm)}</button>` +
                           `<button type="button" data-key="cancel">${esc(v.text.cancel)}</button>` : "") +
    `</p><p class="field"><label for="command">${esc(v.text.command)}</label> ` +
    `<input id="command" data-key="command" type="text" inputmode="numeric" autocomplete="off" ` +
    `spellcheck="false" aria-describedby="turn"></p>`
  const settings =
    `<p class="field"><label for="lang">${esc(s.language_label)}</label> <select id="lang" data-key="lang">` +
    `${options(s.languages, v.lang)}</select></p>` +
    checkbox("large", s.large_label, s.large) + checkbox("contrast", s.contrast_label, s.contrast) +
    checkbox("cells", s.cells_label, s.cells) +
    `<p class="field"><label for="code">${esc(s.code_label)}</label> <select id="code" data-key="code">` +
    `${options(s.codes, s.code)}</select></p>` +
    `<p class="field"><label for="opponent">${esc(s.opponent_label)}</label> ` +
    `<select id="opponent" data-key="opponent">${options(s.opponents, s.opponent)}</select></p>` +
    `<p>${esc(s.rules_note)}</p>` +
    s.rules.map((r) => `<p class="field"><label for="${r.key}">${esc(r.label)}</label> ` +
      `<select id="${r.key}" data-key="${r.key}">${options(r.choices, r.value)}</select></p>`).join("") +
    `<p class="row"><button type="button" data-key="new">${esc(v.text.new)}</button></p>` +
    `<p><a href="${esc(v.share)}" data-key="share">${esc(v.text.share)}</a></p>`
  const problem = v.problem ? `<p role="alert" class="problem">${esc(v.problem)}</p>` : ""
  return problem + section("dice", v.text.dice, `<ul class="dice">${dice}</ul>`) +
    section("play", v.text.attacks, play) +
    section("scores", v.text.scores, scores) +
    section("settings", v.text.settings, settings) +
    section("keys", v.text.keys, `<ul>${keys}</ul>`)
}

export function render({ model, el }) {
  const root = document.createElement("div")
  root.className = "bmb"
  const top = document.createElement("div")
  const logBox = document.createElement("section")
  logBox.setAttribute("aria-labelledby", "h-log")
  const logHeading = document.createElement("h2")
  logHeading.id = "h-log"
  const log = document.createElement("div")
  log.id = "log"
  log.className = "log"
  log.setAttribute("role", "log")
  log.setAttribute("aria-live", "polite")
  log.setAttribute("aria-relevant", "additions")
  log.tabIndex = 0
  log.dataset.key = "log"
  logBox.append(logHeading, log)
  root.append(top, logBox)
  let shown = 0
  let digits = ""

  // The page frame (webapp.page) is rendered once on the server: its heading, tagline,
  // footer, skip link and the document's language follow the language switch from here.
  function frame(v) {
    const f = v.frame
    if (!f) { return }
    const set = (selector, text) => {
      const node = document.querySelector(selector)
      if (node && node.textContent !== text) { node.textContent = text }
    }
    set(".rb-header h1", f.title)
    set(".rb-header p", f.intro)
    set(".rb-footer p", f.footer)
    set(".rb-skip", f.skip)
    const main = document.getElementById("rb-main")
    if (main) { main.setAttribute("aria-label", f.title) }
    document.title = f.title
    document.documentElement.lang = v.lang
  }

  const send = (msg) => model.send_msg(msg)
  const THEMES = ["large", "contrast"]
  const STORE = "rulebox.braille."
  const recall = (name) => {
    try { const v = window.localStorage.getItem(STORE + name); return v === null ? null : v === "1" } catch (e) { return null }
  }
  const remember = (name, on) => {
    try { window.localStorage.setItem(STORE + name, on ? "1" : "0") } catch (e) { /* storage blocked: this visit only */ }
  }
  const active = () => root.getRootNode().activeElement

  function draw() {
    const v = model.view
    if (!v || !v.text) { return }
    const focused = active()
    const key = focused && root.contains(focused) ? focused.dataset.key : null
    const typed = key === "command" ? focused.value : null
    root.lang = v.lang
    frame(v)
    root.classList.toggle("large", !!v.settings.large)
    root.classList.toggle("contrast", !!v.settings.contrast)
    top.innerHTML = renderView(v)
    logHeading.textContent = v.text.log
    log.setAttribute("aria-label", v.text.log)
    if (key) {
      const again = root.querySelector(`[data-key="${key}"]`) ||
        (key.startsWith("attack-") || key === "confirm" || key === "cancel" || key === "pass"
          ? root.querySelector('[data-key="command"]') : null)
      if (again) {
        again.focus()
        if (typed !== null && again.dataset.key === "command") { again.value = typed }
      }
    }
  }

  function append() {
    const entries = model.log || []
    if (entries.length < shown) { log.innerHTML = ""; shown = 0 }
    for (const entry of entries.slice(shown)) {
      const p = document.createElement("p")
      p.lang = entry.lang
      p.textContent = entry.text
      log.append(p)
    }
    shown = entries.length
    log.scrollTop = log.scrollHeight
  }

  root.addEventListener("click", (event) => {
    const b = event.target.closest("button")
    if (!b) { return }
    const k = b.dataset.key
    if (k.startsWith("attack-")) {
      send({ type: "select", number: Number(b.dataset.number) })
    } else {
      send({ type: k })
    }
  })
  root.addEventListener("change", (event) => {
    const t = event.target
    const k = t.dataset.key
    if (["lang", "code", "opponent"].includes(k) || k.startsWith("rule-")) {
      send({ type: "setting", name: k, value: t.value })
    }
    if (["large", "contrast", "cells"].includes(k)) { send({ type: "setting", name: k, value: t.checked }) }
    if (THEMES.includes(k)) { remember(k, t.checked) }
  })

  // The themes are the visitor's, not the game's: this browser keeps them across reloads and links.
  for (const name of THEMES) {
    const kept = recall(name)
    const shown = model.view && model.view.settings ? !!model.view.settings[name] : false
    if (kept !== null && kept !== shown) { send({ type: "setting", name, value: kept }) }
  }

  const LETTERS = ["l", "d", "s", "p", "h", "?"]
  function handler(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return }
    const target = event.composedPath()[0]
    const tag = target && target.tagName ? target.tagName.toLowerCase() : ""
    const inCommand = target && target.dataset && target.dataset.key === "command"
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
    if (key === "Escape") { digits = ""; send({ type: "cancel" }); event.preventDefault(); return }
    if (inCommand) {
      if (LETTERS.includes(key) && target.value === "") {
        event.preventDefault(); send({ type: "key", key: key === "?" ? "h" : key }); return
      }
      if (key === "Enter") {
        event.preventDefault()
        const text = target.value.trim()
        target.value = ""
        send(text ? { type: "number", text } : { type: "confirm" })
      }
      return
    }
    const typing = tag === "input" && !["checkbox", "radio", "button"].includes(target.type)
    if (typing || tag === "textarea" || tag === "select") { return }
    if (/^[0-9]$/.test(key)) { digits += key; event.preventDefault(); return }
    if (key === "Enter") {
      if (digits) { event.preventDefault(); send({ type: "number", text: digits }); digits = ""; return }
      if (tag === "button" || tag === "a") { return }
      event.preventDefault(); send({ type: "confirm" }); return
    }
    if (LETTERS.includes(key)) { event.preventDefault(); send({ type: "key", key: key === "?" ? "h" : key }) }
  }
  if (window.__bmbKeys) { document.removeEventListener("keydown", window.__bmbKeys) }
  window.__bmbKeys = handler
  document.addEventListener("keydown", handler)
  model.on("remove", () => document.removeEventListener("keydown", handler))
  model.on("view", draw)
  model.on("log", append)
  model.on("msg:custom", (msg) => {
    if (msg && msg.focus) {
      const target = root.querySelector(`[data-key="${msg.focus}"]`)
      if (target) { target.focus() }
    }
  })
  draw()
  append()
  return root
}
