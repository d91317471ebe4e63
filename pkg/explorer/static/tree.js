// The drawn search tree: SVG, no library. MAX nodes are triangles
// pointing up, MIN nodes triangles pointing down; each edge carries its
// move; the principal variation is green; the moves a cut-off left
// unsearched hang from their node in a grey dashed box that names them and
// the bound that cut them. Only the loaded and expanded part is drawn.

const SVG = "http://www.w3.org/2000/svg";
const W = 70;   // a leaf slot's width
const H = 96;   // a ply's height
const R = 13;   // a node's size

function s(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// drawTree draws the tree model m into container:
//   m.nodes: Map id -> node (the API's NODE), m.kids: Map id -> child ids
//   loaded, m.expanded: Set of ids whose children are drawn, m.ev: the
//   event shown (-1: the whole search), m.current: the id of the event's
//   node, m.frames: Map id -> frame (the path's windows), m.pruned: Map id
//   -> the names of the moves a cut-off left, m.onNode(id): a click.
export function drawTree(container, m) {
  const pos = new Map();
  const box = new Map();
  let slot = 0;
  const revealed = (n) => m.ev < 0 || n.leave <= m.ev;
  const entered = (n) => m.ev < 0 || n.enter <= m.ev;
  const cutDone = (n) => m.ev < 0 || n.leave - 1 <= m.ev; // its last child returned: the cut is made
  const place = (id, depth) => {
    const n = m.nodes.get(id);
    const ks = m.expanded.has(id) ? m.kids.get(id) || [] : [];
    const xs = ks.map((k) => place(k, depth + 1));
    if (n.pruned && cutDone(n) && m.expanded.has(id)) {
      box.set(id, slot + 0.5);
      xs.push(slot + 0.5);
      slot += 2;
    }
    const x = xs.length ? (xs[0] + xs[xs.length - 1]) / 2 : slot++;
    pos.set(id, { x, depth });
    return x;
  };
  place(m.root, 0);
  let deepest = 0;
  for (const p of pos.values()) deepest = Math.max(deepest, p.depth);
  const X = (x) => 40 + x * W;
  const Y = (d) => 34 + d * H;
  const width = X(slot) + 40, height = Y(deepest + 1) + 10;
  const root = s("svg", { class: "tree", width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "search tree" });
  const edges = s("g"), shapes = s("g");
  root.append(edges, shapes);
  for (const [id, p] of pos) {
    const n = m.nodes.get(id);
    const x = X(p.x), y = Y(p.depth);
    if (id !== m.root) {
      const pp = pos.get(n.parentId);
      const px = X(pp.x), py = Y(pp.depth);
      const parent = m.nodes.get(n.parentId);
      const pv = n.chosen && revealed(parent) && m.pv.has(id);
      const cls = "edge" + (pv ? " pv" : "") + (entered(n) ? "" : " future");
      edges.append(s("line", { x1: px, y1: py + R, x2: x, y2: y - R, class: cls }));
      // The move sits just above its child, where siblings are a slot apart.
      const lx = x + (px - x) * 0.22, ly = y - R - 4 - (y - py - 2 * R) * 0.22;
      edges.append(s("text", { x: lx, y: ly, class: "move" + (pv ? " pv" : ""), "text-anchor": "middle" }, n.move));
    }
    const g = s("g", { class: "tnode " + (n.ply % 2 ? "min" : "max") + (entered(n) ? revealed(n) ? " done" : " open" : " future") +
      (id === m.current ? " current" : ""), "data-id": id, "data-leave": n.leave });
    const pts = n.ply % 2
      ? `${x - R},${y - R * 0.8} ${x + R},${y - R * 0.8} ${x},${y + R}`
      : `${x - R},${y + R * 0.8} ${x + R},${y + R * 0.8} ${x},${y - R}`;
    g.append(s("polygon", { points: pts }));
    const f = m.frames.get(id);
    g.append(s("text", { x, y: y + R + 13, class: "value" }, revealed(n) ? n.value : ""));
    if (f && !revealed(n)) {
      g.append(s("text", { x, y: y + R + 13, class: "window" }, `α ${f.alpha} β ${f.beta}`));
    }
    if (n.children > 0 && !m.expanded.has(id) && entered(n)) {
      g.append(s("text", { x, y: y + R + 26, class: "more" }, `▸ ${n.children}`));
    }
    g.append(s("title", {}, `#${n.id} ${n.move || "root"} (${n.ply % 2 ? "MIN" : "MAX"})` +
      (entered(n) ? ` searched with [${n.alpha}, ${n.beta}]` : " not searched yet") + (revealed(n) ? ` = ${n.value}` : "")));
    g.addEventListener("click", () => m.onNode(id));
    shapes.append(g);
    if (box.has(id)) {
      const bx = X(box.get(id)), by = Y(p.depth + 1);
      const names = m.pruned.get(id);
      const bound = n.ply % 2 ? `≤ α = ${n.alpha}` : `≥ β = ${n.beta}`;
      edges.append(s("line", { x1: x, y1: y + R, x2: bx, y2: by - 16, class: "edge cut" }));
      const gb = s("g", { class: "pruned", "data-id": id });
      gb.append(s("rect", { x: bx - W + 6, y: by - 16, width: 2 * W - 12, height: 48, rx: 4 }));
      gb.append(s("text", { x: bx, y: by - 3 }, `✂ ${n.pruned} not searched`));
      const list = names ? names.slice(0, 3).join(" ") + (names.length > 3 ? " …" : "") : "";
      gb.append(s("text", { x: bx, y: by + 11, class: "names" }, list));
      gb.append(s("text", { x: bx, y: by + 25 }, `cut: a child ${bound}`));
      gb.append(s("title", {}, `${n.pruned} moves not searched${names ? ": " + names.join(" ") : ""}; a child's value ${bound} made them useless`));
      shapes.append(gb);
    }
  }
  container.replaceChildren(root);
  const cur = pos.get(m.current);
  if (cur) {
    container.scrollLeft = Math.max(0, X(cur.x) - container.clientWidth / 2);
    container.scrollTop = Math.max(0, Y(cur.depth) - container.clientHeight / 2);
  }
}
