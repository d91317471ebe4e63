// The Search page: a graded program's exact output, its search tree
// (collapsed around the principal variation, children loaded on demand) and
// a node-by-node replay of the search with the board of the current node.
import { api, el, drawBoard, params, gameOfProgram } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const q = params();
const rows = new Map(); // visit number -> {li, node, ul}
let events = 0;
let ev = -1;
let current = null;

function kind(n) {
  return n.ply % 2 === 0 ? "MAX" : "MIN";
}

// row renders one node and, when its children are known, them.
function row(n) {
  const toggle = el("span", { class: "toggle" }, n.children > 0 ? (n.kids ? "▾" : "▸") : "·");
  const line = el("div", { class: "node" + (n.chosen ? " chosen" : ""), "data-id": n.id },
    toggle, " ",
    el("span", { class: "id" }, "#" + n.id), " ",
    el("span", { class: "move" }, n.move || "root"), " ",
    el("span", { class: "kind" }, kind(n)), " = ",
    el("span", { class: "value" }, n.value), " ",
    el("span", { class: "window" }, `[${n.alpha}, ${n.beta}]`),
    n.leaf ? el("span", { class: "leaf" }, " leaf") : null,
    n.pruned ? el("span", { class: "cut" }, ` cut: ${n.pruned} pruned`) : null,
    n.children > 0 ? el("span", { class: "muted" }, ` (${n.children} ${n.children === 1 ? "child" : "children"}, ${n.size} nodes)`) : null);
  const li = el("li", {}, line);
  const entry = { li, node: n, ul: null, toggle, open: false };
  rows.set(n.id, entry);
  toggle.addEventListener("click", (e) => { e.stopPropagation(); expand(n.id, !entry.open); });
  line.addEventListener("click", () => stepTo({ find: "node", node: n.id }));
  if (n.kids) setKids(entry, n.kids);
  return li;
}

function setKids(entry, kids) {
  entry.ul = el("ul", {}, ...kids.map(row));
  entry.li.append(entry.ul);
  entry.open = true;
  entry.toggle.textContent = "▾";
}

// expand opens (or closes) node id, loading its children on demand.
async function expand(id, open = true) {
  const entry = rows.get(id);
  if (!entry || entry.node.children === 0) return;
  if (!open) {
    if (entry.ul) entry.ul.hidden = true;
    entry.open = false;
    entry.toggle.textContent = "▸";
    return;
  }
  if (!entry.ul) {
    const r = await api("/api/children", { ...q, node: id });
    if (!entry.ul) setKids(entry, r.children);
  }
  entry.ul.hidden = false;
  entry.open = true;
  entry.toggle.textContent = "▾";
}

// stepTo shows one event of the replay.
async function stepTo(extra) {
  try {
    const s = await api("/api/step", { ...q, ...extra });
    ev = s.event;
    events = s.events;
    const n = s.node;
    const what = s.kind === "enter"
      ? `enter #${n.id} ${n.move || "root"} (${kind(n)}, ply ${n.ply}) with the window [${n.alpha}, ${n.beta}]`
      : `leave #${n.id} ${n.move || "root"} = ${n.value}` +
        (n.pruned ? ` — cut-off: ${n.pruned} move${n.pruned > 1 ? "s" : ""} not searched` : n.leaf ? " (leaf)" : "");
    $("step-info").textContent = `event ${ev + 1} of ${events}: ${what}`;
    $("step-info").dataset.kind = s.kind + (n.pruned && s.kind === "leave" ? " cut" : "");
    drawBoard($("step-board"), s.board, { cell: 44 });
    $("step-board-info").textContent = s.board.info;
    for (const id of s.path.slice(0, -1)) await expand(id, true);
    if (current) current.classList.remove("current");
    const entry = rows.get(n.id);
    if (entry) {
      current = entry.li.firstChild;
      current.classList.add("current");
      current.scrollIntoView({ block: "nearest" });
    }
    $("step-prev").disabled = ev <= 0;
    $("step-next").disabled = ev >= events - 1;
    $("step-cut").disabled = ev >= events - 1;
  } catch (e) {
    $("step-info").textContent = e.message;
  }
}

async function start() {
  const back = new URLSearchParams(q);
  $("nav-position").href = "/?" + back.toString();
  if (!q.program) {
    $("error").textContent = "no program: choose one and a position on the Position page";
    return;
  }
  const g = await gameOfProgram(q.program);
  const prog = g && g.programs.find((p) => p.name === q.program);
  if (prog) $("output-name").textContent = prog.output;
  $("title").textContent = "Searching…";
  const t0 = performance.now();
  let r;
  try {
    r = await api("/api/run", q);
  } catch (e) {
    $("title").textContent = "Search";
    $("error").textContent = e.message;
    $("count").textContent = "";
    return;
  }
  $("title").textContent = r.title;
  $("count").textContent = r.nodes;
  $("counting").textContent = r.counting + (r.counting === "nodes" ? "" : "");
  $("entered").textContent = `(${r.entered} nodes entered, ${r.evaluations} static evaluations)`;
  $("value").textContent = r.value;
  $("pv").textContent = r.pv.join(" ") || "(none)";
  $("stdout").textContent = r.stdout;
  $("command").textContent = r.command;
  events = r.events;
  $("tree").replaceChildren(el("ul", {}, row(r.tree)));
  document.body.dataset.firstView = String(Math.round(performance.now() - t0));
  document.body.dataset.firstViewAt = String(Math.round(performance.now()));
  $("step-next").addEventListener("click", () => stepTo({ event: Math.min(ev + 1, events - 1) }));
  $("step-prev").addEventListener("click", () => stepTo({ event: Math.max(ev - 1, 0) }));
  $("step-start").addEventListener("click", () => stepTo({ event: 0 }));
  $("step-cut").addEventListener("click", () => stepTo({ event: Math.max(ev, 0), find: "cut" }));
  $("step-prev").disabled = true;
  stepTo({ event: 0 });
}

start();
