// The board widget's front end (anywidget ES module, no build step).
//
// Everything it shows comes from the model's traits (see board.py):
// `geometry` (pixel geometry from fangqi_teach.draw.layout), `pieces`,
// `last`, `selected`, `targets`, `removable`, `marks`, `labels`, `arrows`,
// `message`, `busy`, `interactive`. A click on a point is sent to Python as
// the custom message {type: "click", point: "c3"}; Python answers by
// changing traits, so the picture never holds state of its own.
//
// Colours are CSS variables (board.css), with values for JupyterLab's light
// and dark themes.

const NS = "http://www.w3.org/2000/svg";

const MARK_COLOURS = {
  red: "#e04848", green: "#2ea44f", blue: "#3b7dd8", yellow: "#e8b923",
  orange: "#f08a24", purple: "#8e5cc9", grey: "#8a8a8a", gray: "#8a8a8a",
};

function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function circle(parent, x, y, r, cls, extra) {
  return el("circle", Object.assign({ cx: x, cy: y, r: r, class: cls }, extra || {}), parent);
}

// The marks' sizes come with the geometry (fangqi_teach.draw.marks.mark_sizes), the same
// numbers the static SVG pictures (draw/svg.py) are drawn with.
function sizes(lay) {
  if (!lay.sizes) throw new Error("the board geometry has no sizes (an old kernel?)");
  return lay.sizes;
}

function drawStatic(svg, lay) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${lay.width} ${lay.height}`);
  el("rect", { width: lay.width, height: lay.height, rx: 6, class: "fq-bg" }, svg);
  const lines = el("g", { class: "fq-lines", "stroke-width": lay.cell >= 30 ? 1.6 : 1.1 }, svg);
  for (const [x1, y1, x2, y2] of lay.lines) el("line", { x1, y1, x2, y2 }, lines);
  const z = sizes(lay);
  for (const [x, y] of lay.stars) circle(svg, x, y, z.star, "fq-star");
  const coords = el("g", { class: "fq-coords", "font-size": lay.font }, svg);
  for (const c of lay.coords) {
    const t = el("text", { x: c.x, y: c.y, "text-anchor": "middle", "dominant-baseline": "central" }, coords);
    t.textContent = c.text;  // textContent: never parsed as markup
  }
  const dynamic = el("g", { class: "fq-dynamic" }, svg);
  const hover = circle(svg, -100, -100, lay.radius, "fq-hover");
  hover.style.display = "none";
  return { dynamic, hover };
}

function drawDynamic(g, lay, model, viewId) {
  g.replaceChildren();
  const pts = lay.points;
  const r = lay.radius, z = sizes(lay);
  const pieces = model.get("pieces") || {};
  const marks = model.get("marks") || {};
  for (const [p, colour] of Object.entries(marks)) {
    if (!pts[p]) continue;
    const c = circle(g, pts[p][0], pts[p][1], z.mark, "fq-mark", { "data-point": p });
    c.style.fill = MARK_COLOURS[String(colour).toLowerCase()] || String(colour);
  }
  for (const [p, colour] of Object.entries(pieces)) {
    if (!pts[p] || (colour !== "B" && colour !== "W")) continue;
    circle(g, pts[p][0], pts[p][1], r, `fq-piece fq-${colour}`, { "data-point": p });
  }
  for (const p of model.get("last") || []) {
    if (!pts[p]) continue;
    if (pieces[p]) circle(g, pts[p][0], pts[p][1], z.last, "fq-last");
    else circle(g, pts[p][0], pts[p][1], z.last_empty, "fq-last-empty");
  }
  for (const p of model.get("removable") || []) {
    if (pts[p]) circle(g, pts[p][0], pts[p][1], z.ring, "fq-removable", { "data-point": p });
  }
  const sel = model.get("selected");
  if (sel && pts[sel]) circle(g, pts[sel][0], pts[sel][1], z.ring, "fq-selected");
  for (const p of model.get("targets") || []) {
    if (pts[p]) circle(g, pts[p][0], pts[p][1], z.target, "fq-target", { "data-point": p });
  }
  const arrows = model.get("arrows") || [];
  if (arrows.length) {
    const defs = el("defs", {}, g);
    const marker = el("marker", {
      id: `fq-head-${viewId}`, viewBox: "0 0 10 10", refX: 7, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse",
    }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", class: "fq-arrowhead" }, marker);
    for (const [a, b] of arrows) {
      if (!pts[a] || !pts[b]) continue;
      const [x1, y1] = pts[a], [x2, y2] = pts[b];
      const d = Math.max(1e-9, Math.hypot(x2 - x1, y2 - y1));
      const ux = (x2 - x1) / d, uy = (y2 - y1) / d, cut = z.arrow_cut;
      el("line", {
        x1: x1 + ux * cut, y1: y1 + uy * cut, x2: x2 - ux * cut, y2: y2 - uy * cut,
        class: "fq-arrow", "stroke-width": z.arrow_width,
        "marker-end": `url(#fq-head-${viewId})`,
      }, g);
    }
  }
  const labels = model.get("labels") || {};
  for (const [p, text] of Object.entries(labels)) {
    if (!pts[p]) continue;
    const on = pieces[p];
    if (!on) circle(g, pts[p][0], pts[p][1], z.label_disc, "fq-label-bg");
    const size = String(text).length <= 2 ? z.label_font : z.label_font_small;
    const t = el("text", {
      x: pts[p][0], y: pts[p][1], "font-size": size, "text-anchor": "middle",
      "dominant-baseline": "central", class: `fq-label fq-label-${on || "E"}`,
    }, g);
    t.textContent = String(text);
  }
}

let uid = 0;

function nearestPoint(lay, x, y) {
  let best = null, bestD = Infinity;
  for (const [p, [px, py]] of Object.entries(lay.points)) {
    const d = (px - x) ** 2 + (py - y) ** 2;
    if (d < bestD) { bestD = d; best = p; }
  }
  // only a click close to a point counts (Maonan has wide empty areas)
  return bestD <= (lay.cell * 0.55) ** 2 ? best : null;
}

function render({ model, el: host }) {
  uid += 1;
  const viewId = uid;  // marker ids must be unique in the page
  const root = document.createElement("div");
  root.className = "fq-board-widget";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "fq-board-svg");
  svg.setAttribute("role", "img");
  const note = document.createElement("div");
  note.className = "fq-note";
  root.append(svg, note);
  host.appendChild(root);

  let lay = model.get("geometry");
  let parts = drawStatic(svg, lay);

  const sizeToLayout = () => {
    // Scale to the cell's width, but not beyond 1.4× the natural size.
    root.style.maxWidth = `${Math.round(Math.max(lay.width, 360) * 1.4)}px`;
    svg.setAttribute("aria-label", `${lay.name} board`);
  };
  const redraw = () => {
    drawDynamic(parts.dynamic, lay, model, viewId);
    const msg = model.get("message") || "";
    note.textContent = msg;
    note.style.display = msg ? "" : "none";
    root.classList.toggle("fq-busy", !!model.get("busy"));
    root.classList.toggle("fq-static", !model.get("interactive"));
  };
  sizeToLayout();
  redraw();

  const toBoard = (evt) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    const q = pt.matrixTransform(ctm.inverse());
    return nearestPoint(lay, q.x, q.y);
  };
  svg.addEventListener("click", (evt) => {
    if (!model.get("interactive")) return;
    const p = toBoard(evt);
    if (p) model.send({ type: "click", point: p });
  });
  svg.addEventListener("mousemove", (evt) => {
    const p = model.get("interactive") ? toBoard(evt) : null;
    if (p) {
      parts.hover.setAttribute("cx", lay.points[p][0]);
      parts.hover.setAttribute("cy", lay.points[p][1]);
      parts.hover.style.display = "";
      svg.style.cursor = "pointer";
    } else {
      parts.hover.style.display = "none";
      svg.style.cursor = "default";
    }
  });
  svg.addEventListener("mouseleave", () => { parts.hover.style.display = "none"; });

  const onLayout = () => {
    lay = model.get("geometry");
    parts = drawStatic(svg, lay);
    sizeToLayout();
    redraw();
  };
  // One Python update (hold_sync) changes several traits at once and fires
  // one change event per trait: redraw once, after all of them.
  let scheduled = false;
  const scheduleRedraw = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => { scheduled = false; redraw(); });
  };
  const names = ["pieces", "last", "selected", "targets", "removable", "marks", "labels",
                 "arrows", "message", "busy", "interactive"];
  model.on("change:geometry", onLayout);
  for (const n of names) model.on(`change:${n}`, scheduleRedraw);
  return () => {
    model.off("change:geometry", onLayout);
    for (const n of names) model.off(`change:${n}`, scheduleRedraw);
  };
}

export default { render };
