// widgets/motionplayer.py: plays a board's motion (widgets/motion.py) over its picture. No rule
// and no drawing lives here: Python sends an SVG of numbered groups and their keyframes; this
// lays the SVG over the picture, plays the keyframes (Web Animations) and takes it away.
//  - Nothing plays under prefers-reduced-motion; a click or a key anywhere ends a motion.
//  - The board under the motion already shows the new state: ended early, nothing is lost.

const REDUCED = "(prefers-reduced-motion: reduce)";
// the overlays on the page now: one set for the page (each board's player may load this
// module anew, and one listener ends them all)
const playing = (window[Symbol.for("gluckauf.motion.playing")] ??= new Set());

function finishAll() {
  for (const overlay of [...playing]) overlay.finish();
}

function finishOn(surfaceClass) {
  for (const overlay of [...playing]) if (overlay.surfaceClass === surfaceClass) overlay.finish();
}

function picture(surface) {
  // ipycanvas: the top canvas of the stack (or the canvas itself); SVG: its box
  const canvases = surface.tagName === "CANVAS" ? [surface] : [...surface.querySelectorAll("canvas")];
  return canvases.length ? canvases[canvases.length - 1] : surface.querySelector(".gluckauf-svgboard");
}

function play(surfaceClass, motion) {
  finishOn(surfaceClass);  // a new move on this board: its last motion is over
  if (window.matchMedia && window.matchMedia(REDUCED).matches) return;
  for (const surface of document.getElementsByClassName(surfaceClass)) {
    const target = picture(surface);
    if (!target || !target.isConnected || target.getBoundingClientRect().width === 0) continue;
    const host = target.parentElement;
    if (getComputedStyle(host).position === "static") host.style.position = "relative";
    const hostRect = host.getBoundingClientRect();
    const rect = target.getBoundingClientRect();
    const layer = document.createElement("div");
    layer.className = "gluckauf-motion";
    layer.style.cssText = `position:absolute;pointer-events:none;z-index:5;line-height:0;`
      + `left:${rect.left - hostRect.left + host.scrollLeft}px;top:${rect.top - hostRect.top + host.scrollTop}px;`
      + `width:${rect.width}px;height:${rect.height}px`;
    const animations = [];
    const overlay = {
      surfaceClass,
      finish() {
        playing.delete(overlay);
        animations.forEach((animation) => animation.cancel());
        layer.remove();
      },
    };
    try {
      layer.innerHTML = motion.svg;
      const svg = layer.firstElementChild;
      svg.setAttribute("width", "100%");
      svg.setAttribute("height", "100%");
      host.appendChild(layer);
      playing.add(overlay);
      const groups = svg.querySelectorAll("[data-m]");
      motion.animations.forEach((spec, index) => animations.push(groups[index].animate(
        spec.keyframes,
        { duration: spec.duration, delay: spec.delay, easing: spec.easing ?? "linear", fill: "both" },
      )));
      Promise.all(animations.map((animation) => animation.finished)).then(
        () => overlay.finish(), () => {});
    } catch (error) {
      overlay.finish();  // whatever went wrong, the board is never left covered
      console.warn("gluckauf motion:", error);
    }
  }
}

function install() {
  const key = Symbol.for("gluckauf.motion");
  if (window[key]) return;
  window[key] = true;
  // a click or a key ends every motion at once (and still does what it does)
  for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, finishAll, true);
}

export default {
  initialize({ model }) {
    install();
    model.on("msg:custom", (content) => {
      if (content && content.motion) play(model.get("surface"), content.motion);
    });
  },
  render({ el }) {
    el.style.display = "none";
  },
};
