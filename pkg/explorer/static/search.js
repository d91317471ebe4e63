// The Search page: a graded program's exact output, its search tree (drawn
// as SVG or listed, collapsed around the path, children loaded on demand)
// and a replay of the search event by event that reveals each value only
// once the search has returned it, with the board of the current node.
import { api, el, drawBoard, params, gameOfProgram, searchURL } from "/static/common.js";
import { drawTree } from "/static/tree.js";

const $ = (id) => document.getElementById(id);
const q = params();
const nodes = new Map(); // visit number -> NODE, with parentId
const kids = new Map(); // visit number -> the visit numbers of its children
const userOpen = new Set(); // nodes opened by a click
const userClosed = new Set(); // nodes closed by a click
let pathOpen = new Set(); // the path of the event shown (or the principal variation)
let pv = new Set();
let events = 0;
let ev = -1; // -1: the whole search, no replay
let current = 0;
let frames = new Map();
let view = "drawn";
let busy = Promise.resolve();
let playing = null;

function add(n, parentId) {
  n.parentId = parentId;
  nodes.set(n.id, n);
  if (n.kids) {
    kids.set(n.id, n.kids.map((k) => k.id));
    for (const k of n.kids) add(k, n.id);
  }
}

// load fetches the children of node id once.
async function load(id) {
  const n = nodes.get(id);
  if (!n || n.children === 0 || kids.has(id)) return;
  const r = await api("/api/children", { ...q, node: id });
  kids.set(id, r.children.map((c) => c.id));
  for (const c of r.children) add(c, id);
}

function expanded() {
  const s = new Set([...pathOpen, ...userOpen]);
  for (const id of userClosed) s.delete(id);
  return s;
}

const revealed = (n) => ev < 0 || n.leave <= ev;
const entered = (n) => ev < 0 || n.enter <= ev;
const kind = (n) => (n.ply % 2 === 0 ? "MAX" : "MIN");

async function toggle(id) {
  const open = expanded().has(id);
  if (open) { userClosed.add(id); userOpen.delete(id); } else { userOpen.add(id); userClosed.delete(id); }
  await load(id);
  render();
}

function render() {
  const exp = expanded();
  if (view === "drawn") {
    const pruned = new Map();
    for (const n of nodes.values()) if (n.prunedMoves) pruned.set(n.id, n.prunedMoves);
    drawTree($("tree"), { root: 1, nodes, kids, expanded: exp, ev, current, frames, pruned, pv, onNode: toggle });
  } else {
    $("tree").replaceChildren(el("ul", { class: "list" }, row(1, exp)));
    const cur = $("tree").querySelector(".node.current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }
}

// row lists node id and, when it is open, its children.
function row(id, exp) {
  const n = nodes.get(id);
  const open = exp.has(id) && kids.has(id);
  const f = frames.get(id);
  const cut = n.pruned && (ev < 0 || n.leave - 1 <= ev);
  const line = el("div", { class: "node" + (n.chosen && revealed(nodes.get(n.parentId) || n) && pv.has(id) ? " chosen" : "") +
      (entered(n) ? "" : " future") + (id === current ? " current" : ""), "data-id": id, "data-leave": n.leave },
    el("span", { class: "toggle" }, n.children > 0 ? (open ? "▾" : "▸") : "·"), " ",
    el("span", { class: "id" }, "#" + n.id), " ",
    el("span", { class: "move" }, n.move || "root"), " ",
    el("span", { class: "kind" }, kind(n)), " ",
    el("span", { class: "value" }, revealed(n) ? "= " + n.value : ""), " ",
    entered(n) ? el("span", { class: "window" }, f && !revealed(n) ? `α ${f.alpha} β ${f.beta}` : `[${n.alpha}, ${n.beta}]`) : null,
    n.leaf && revealed(n) ? el("span", { class: "leaf" }, " leaf") : null,
    cut ? el("span", { class: "cut" }, ` ✂ ${n.pruned} not searched` + (n.prunedMoves ? ": " + n.prunedMoves.join(" ") : "") +
      ` (a child ${n.ply % 2 ? "≤ α = " + n.alpha : "≥ β = " + n.beta})`) : null,
    n.children > 0 ? el("span", { class: "muted" }, ` (${n.children} ${n.children === 1 ? "child" : "children"}, ${n.size} nodes)`) : null);
  line.querySelector(".toggle").addEventListener("click", (e) => { e.stopPropagation(); toggle(id); });
  line.addEventListener("click", () => go({ find: "node", node: id }));
  const li = el("li", {}, line);
  if (open) li.append(el("ul", {}, ...kids.get(id).map((k) => row(k, exp))));
  return li;
}

// go shows one event of the replay (requests run one after the other).
function go(extra) {
  busy = busy.then(() => stepTo(extra));
  return busy;
}

async function stepTo(extra) {
  try {
    const s = await api("/api/step", { ...q, ...extra });
    ev = s.event;
    events = s.events;
    current = s.node.id;
    frames = new Map(s.frames.map((f) => [f.id, f]));
    const path = s.kind === "enter" ? s.path.slice(0, -1) : s.path;
    pathOpen = new Set(path);
    for (const id of path) await load(id);
    nodes.set(current, { ...nodes.get(current), ...s.node });
    $("step-info").textContent = `event ${ev + 1} of ${events}`;
    $("step-info").dataset.kind = s.kind;
    $("step-text").textContent = s.text;
    $("step-note").textContent = s.note;
    $("frames").replaceChildren(el("tr", {}, ...["node", "α", "β", "best so far", "moves searched"].map((h) => el("th", {}, h))),
      ...s.frames.map((f) => el("tr", { class: f.id === current ? "current" : "" },
        el("td", {}, `#${f.id} ${f.move || "root"} ${f.kind}`), el("td", {}, f.alpha), el("td", {}, f.beta),
        el("td", {}, f.best || "none yet"), el("td", {}, `${f.searched} of ${f.moves}`))));
    const marks = {};
    if (s.last) {
      if (s.last.from) marks[s.last.from] = "last";
      marks[s.last.to] = "last";
    }
    drawBoard($("step-board"), s.board, { cell: 40, marks });
    $("step-board-info").textContent = (s.last ? `last move ${s.last.text} (marked); ` : "") + s.board.info;
    render();
    $("step-prev").disabled = ev <= 0;
    $("step-next").disabled = ev >= events - 1;
    $("step-cut").disabled = ev >= events - 1;
  } catch (e) {
    $("step-text").textContent = e.message;
    stop();
  }
}

function stop() {
  clearTimeout(playing);
  playing = null;
  $("step-play").textContent = "▶ autoplay";
}

// autoplay steps at the chosen speed until the end.
function autoplay() {
  if (playing) return stop();
  $("step-play").textContent = "❚❚ pause";
  const tick = async () => {
    await go({ event: Math.min(ev + 1, events - 1) });
    if (!playing) return;
    if (ev >= events - 1) return stop();
    playing = setTimeout(tick, Number($("step-speed").value));
  };
  playing = setTimeout(tick, 0);
}

const next = () => go({ event: Math.min(ev + 1, events - 1) });
const prev = () => go({ event: Math.max(ev - 1, 0) });
const cut = () => go({ event: Math.max(ev, 0), find: "cut" });

function keys(e) {
  if (e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  const act = { ArrowRight: next, n: next, ArrowLeft: prev, p: prev, c: cut, Home: () => go({ event: 0 }),
    End: () => go({ event: events - 1 }), " ": autoplay }[e.key];
  if (act) {
    e.preventDefault();
    act();
  }
}

// compare runs every program of the game on the page's input, one after
// the other, and lists their counts side by side.
async function compare(g) {
  if (!g || g.programs.length < 2) return;
  $("compare-panel").hidden = false;
  const head = el("tr", {}, ...["program", "algorithm", "depth", "count", "nodes entered", "cut-offs", "value"].map((h) => el("th", {}, h)));
  const rows = g.programs.map((p) => {
    const pq = { ...q, program: p.name };
    if (p.fixedDepth) delete pq.depth;
    const tr = el("tr", { "data-program": p.name, class: p.name === q.program ? "current" : "" },
      el("td", {}, el("a", { href: searchURL(pq) }, p.name)), el("td", {}, p.algorithm), el("td", { class: "depth" }, "…"),
      el("td", { class: "count" }, "…"), el("td", { class: "entered" }, ""), el("td", { class: "cuts" }, ""), el("td", { class: "value" }, ""));
    return { p, pq, tr };
  });
  $("compare").replaceChildren(head, ...rows.map((r) => r.tr));
  for (const { pq, tr } of rows) {
    try {
      const r = await api("/api/run", pq);
      tr.querySelector(".depth").textContent = r.depth;
      tr.querySelector(".count").textContent = `${r.nodes} ${r.counting}`;
      tr.querySelector(".entered").textContent = r.entered;
      tr.querySelector(".cuts").textContent = r.cuts;
      tr.querySelector(".value").textContent = r.value;
      tr.dataset.count = r.nodes;
    } catch (e) {
      tr.querySelector(".count").textContent = e.message;
    }
  }
}

async function start() {
  $("nav-position").href = "/?" + new URLSearchParams(q).toString();
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
  $("counting").textContent = r.counting;
  $("entered").textContent = `(${r.entered} nodes entered, ${r.evaluations} static evaluations, ${r.cuts} cut-offs)`;
  $("value").textContent = r.value;
  $("pv").textContent = r.pv.join(" ") || "(none)";
  $("stdout").textContent = r.stdout;
  $("command").textContent = r.command;
  events = r.events;
  add(r.tree, 0);
  for (let n = r.tree; n; n = (n.kids || []).find((k) => k.chosen)) {
    pv.add(n.id);
    if (n.kids) pathOpen.add(n.id);
  }
  pv = new Set(pv);
  render();
  document.body.dataset.firstView = String(Math.round(performance.now() - t0));
  document.body.dataset.firstViewAt = String(Math.round(performance.now()));
  $("step-next").addEventListener("click", next);
  $("step-prev").addEventListener("click", prev);
  $("step-start").addEventListener("click", () => go({ event: 0 }));
  $("step-end").addEventListener("click", () => go({ event: events - 1 }));
  $("step-cut").addEventListener("click", cut);
  $("step-play").addEventListener("click", autoplay);
  for (const v of ["drawn", "list"]) {
    $("view-" + v).addEventListener("click", () => {
      view = v;
      $("view-drawn").classList.toggle("on", v === "drawn");
      $("view-list").classList.toggle("on", v === "list");
      render();
    });
  }
  document.addEventListener("keydown", keys);
  $("step-prev").disabled = true;
  // A small tree (a textbook exercise) is drawn whole.
  if (r.entered <= 64) {
    for (const todo = [1]; todo.length;) {
      const id = todo.pop();
      await load(id);
      const ks = kids.get(id) || [];
      if (ks.length) userOpen.add(id);
      todo.push(...ks);
    }
    render();
  }
  compare(g);
}

start();
