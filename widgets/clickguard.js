// widgets/clickguard.py: a mouse down on a guarded element makes that element's own focus()
// calls, during this one event, not scroll the page (preventScroll). ipycanvas focuses its
// canvas on mouse down and only then measures where the mouse is on it: a scroll in between
// moves the canvas under the mouse, and another space than the hovered one is played.

const INSTALLED = Symbol.for("gluckauf.clickguard");

function calm(event, selector) {
  const el = event.target instanceof Element ? event.target.closest(selector) : null;
  if (!el || Object.prototype.hasOwnProperty.call(el, "focus")) return;
  const focus = el.focus;  // the element's own (prototype) focus, keyboard focus still moves
  el.focus = function (options) {
    return focus.call(this, { ...(options || {}), preventScroll: true });
  };
  setTimeout(() => { delete el.focus; }, 0);  // once every listener of this event has run
}

function install(className) {
  const done = (window[INSTALLED] ??= new Set());
  if (!className || done.has(className)) return;
  done.add(className);
  const selector = `.${CSS.escape(className)}`;
  // The document's capture phase runs before the canvas's own listener.
  document.addEventListener("mousedown", (event) => calm(event, selector), true);
}

export default {
  initialize({ model }) {
    install(model.get("class_name"));
  },
  render({ model, el }) {
    install(model.get("class_name"));  // shown as a board's part: works the same
    el.style.display = "none";
  },
};
