// The board's SVG surface in the browser (widgets/svgboard.py): its layers stacked in one box,
// and the mouse reported in board pixels. No rule lives here: Python draws, Python decides.

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "gluckauf-svgboard";
  box.style.position = "relative";
  box.style.width = "100%";
  box.style.cursor = "pointer";
  box.style.userSelect = "none";
  const layers = model.get("layers").map((_, index) => {
    const layer = document.createElement("div");
    layer.className = "gluckauf-layer";
    // The first layer is in the flow and gives the box its height; the others lie on top.
    layer.style.cssText = index === 0 ? "line-height:0" : "position:absolute;inset:0;line-height:0;pointer-events:none";
    box.appendChild(layer);
    return layer;
  });

  function resize() {
    box.style.maxWidth = `${model.get("width")}px`;
  }
  const drawn = layers.map(() => null);  // what each layer shows: only a change is redrawn
  function draw() {
    model.get("layers").forEach((svg, index) => {
      if (drawn[index] !== svg) {
        layers[index].innerHTML = svg;
        drawn[index] = svg;
      }
    });
  }
  function point(event) {
    const rect = box.getBoundingClientRect();
    const unit = model.get("width") / rect.width;  // board pixels per screen pixel
    return { x: (event.clientX - rect.left) * unit, y: (event.clientY - rect.top) * unit };
  }

  let pending = null;  // at most one mouse move per frame goes to the kernel
  // The point is measured at once, before anything takes the focus: a focus that scrolls the
  // page would move the box under the mouse (widgets/clickguard.py, issue 24 item 4). Focus
  // the box, if ever, with {preventScroll: true}.
  box.addEventListener("mousedown", (event) => model.send({ event: "down", ...point(event) }));
  box.addEventListener("mousemove", (event) => {
    const first = pending === null;
    pending = point(event);
    if (first) {
      requestAnimationFrame(() => {
        model.send({ event: "move", ...pending });
        pending = null;
      });
    }
  });
  box.addEventListener("mouseleave", (event) => model.send({ event: "out", ...point(event) }));
  // The keyboard (widgets/keyboard.py): the box takes the focus with Tab; the board's keys go
  // to the kernel, every other key (Tab first of all) stays the page's.
  box.tabIndex = 0;
  box.addEventListener("keydown", (event) => {
    if (!model.get("board_keys").includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ event: "key", key: event.key });
  });

  model.on("change:layers", draw);
  model.on("change:width", resize);
  resize();
  draw();
  el.appendChild(box);
  model.send({ event: "ready" });
}

export default { render };
