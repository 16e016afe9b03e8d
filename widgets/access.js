// widgets/access.py: the board for keyboards and screen readers, page side. No rule lives here.
//  - The board's picture takes the focus with Tab, once (the lower canvases of ipycanvas's
//    stack do not), as an "application": a screen reader passes the arrow keys to it.
//  - ipycanvas swallows every key on its canvas; here, in the window's capture phase, every
//    key the board does not answer is kept from it, so Tab leaves the board as anywhere else;
//    and from either picture no key reaches JupyterLab's notebook shortcuts.
//  - Elements with the live class are polite live regions, hidden from the eye: a screen
//    reader says each new text (a move, a refusal, a bot's move, the target under the cursor).

const INSTALLED = Symbol.for("gluckauf.access");

function state() {
  return (window[INSTALLED] ??= { models: new Set(), installed: false });
}

function current() {
  const models = [...state().models];
  return models[models.length - 1];
}

function keepKeys(event) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.getAttribute("role") !== "application"
      || !target.closest(".gluckauf-surface")) return;
  const keys = current()?.get("board_keys") ?? [];  // widgets/keyboard.py KEYS
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) {
    // neither the board's nor the notebook's (its shortcuts): the browser's default stays
    event.stopPropagation();
  }
}

function mark() {
  const model = current();
  if (!model) return;
  for (const surface of document.querySelectorAll(".gluckauf-surface")) {
    // ipycanvas: the surface is the (top) canvas itself, or a stack of them; SVG: its box
    const canvases = surface.tagName === "CANVAS" ? [surface] : [...surface.querySelectorAll("canvas")];
    const focusable = canvases.length
      ? canvases[canvases.length - 1]
      : surface.querySelector(".gluckauf-svgboard");
    canvases.forEach((canvas) => { if (canvas !== focusable) canvas.setAttribute("tabindex", "-1"); });
    if (!focusable) continue;
    focusable.setAttribute("tabindex", "0");
    focusable.setAttribute("role", "application");
    focusable.setAttribute("aria-roledescription", model.get("role_description"));
    focusable.setAttribute("aria-label", model.get("label"));
  }
  for (const live of document.querySelectorAll(`.${CSS.escape(model.get("live_class"))}`)) {
    if (live.getAttribute("aria-live") === "polite") continue;
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("aria-atomic", "true");
  }
}

function install() {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  window.addEventListener("keydown", keepKeys, true);
  const style = document.createElement("style");
  style.textContent = ".gluckauf-live{position:absolute!important;width:1px!important;"
    + "height:1px!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;"
    + "clip-path:inset(50%)!important;white-space:nowrap!important;margin:-1px!important}"
    + ".gluckauf-surface canvas:focus-visible,.gluckauf-svgboard:focus-visible"
    + "{outline:3px solid #1a5fb4;outline-offset:2px}";
  document.head.appendChild(style);
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; mark(); });
  }).observe(document.body, { childList: true, subtree: true });
}

function attach(model) {
  state().models.add(model);
  install();
  model.on("change:label change:role_description", mark);
  mark();
}

export default {
  initialize({ model }) {
    attach(model);
  },
  render({ model, el }) {
    attach(model);
    el.style.display = "none";
  },
};
