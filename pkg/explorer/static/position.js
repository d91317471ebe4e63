// The Position page: a game, a course program and a position, typed in
// the course's notation or set up by clicking on the board.
import { api, games, el, drawBoard, params, searchURL, gameOfProgram } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let all = [];
let piece = "";
let timer = null;

function currentGame() {
  return all.find((g) => g.name === $("game").value);
}

function currentProgram() {
  return currentGame().programs.find((p) => p.name === $("program").value);
}

// query returns the page's query.
function query() {
  const q = { program: $("program").value, input: $("input").value };
  const d = $("depth").value;
  const prog = currentProgram();
  if (d && !prog.fixedDepth) q.depth = d;
  for (const s of currentGame().settings || []) {
    const v = $("set-" + s.param).value;
    if (v) q[s.param] = v;
  }
  return q;
}

function fillPrograms() {
  const g = currentGame();
  $("program").replaceChildren(...g.programs.map((p) => el("option", { value: p.name }, p.name)));
  $("settings").replaceChildren(...(g.settings || []).map((s) =>
    el("div", {}, el("label", { for: "set-" + s.param }, s.label),
      el("select", { id: "set-" + s.param, onchange: refresh },
        el("option", { value: "" }, "default"), ...s.values.map((v) => el("option", { value: v }, v))))));
  $("notation").textContent = g.notation;
  fillProgram();
}

function fillProgram() {
  const p = currentProgram();
  $("depth").disabled = p.fixedDepth;
  $("depth").max = p.maxDepth;
  $("depth").value = p.depth || "";
  $("depth").placeholder = p.fixedDepth ? "input's" : "";
  depthNote();
}

// depthNote marks a depth that differs from the one the course program
// itself searches (congo-alphabeta: 4 only).
function depthNote() {
  const p = currentProgram();
  const d = Number($("depth").value);
  $("depth-note").textContent = p.handout && d && d !== p.handout
    ? `≠ the handout: ${p.name} itself searches depth ${p.handout} only; at depth ${d} the explorer runs its search with its rules and shows what it would print`
    : "";
}

function example() {
  const g = currentGame();
  const i = g.programs.findIndex((p) => p.name === $("program").value);
  $("input").value = g.examples[i];
  refresh();
}

// refresh draws the position, or shows the program's error next to the
// input.
async function refresh() {
  const q = query();
  $("show").href = searchURL(q);
  try {
    const b = await api("/api/position", q);
    $("input-error").textContent = "";
    $("info").textContent = b.info;
    drawBoard($("board"), b, { onSquare: edit });
    // A board of points is written in its points' order: this board's.
    $("order").textContent = b.points ? `the input's letters are the points ${b.squares.map((sq) => sq.name).join(" ")}, in this order` : "";
    $("palette").replaceChildren(
      ...["", ...(b.pieces || [])].map((p) => el("button", { class: p === piece ? "on" : "", onclick: () => { piece = p; refresh(); } },
        p || "empty")));
    $("moves").textContent = b.moves && b.moves.length ? b.moves.map((m) => m.text).join("  ") : "none";
  } catch (e) {
    $("input-error").textContent = e.message;
  }
}

// edit puts the chosen piece on a square.
async function edit(square) {
  try {
    const r = await api("/api/edit", { ...query(), square, piece });
    $("input").value = r.input;
    refresh();
  } catch (e) {
    $("input-error").textContent = e.message;
  }
}

async function start() {
  all = await games();
  $("game").replaceChildren(...all.map((g) => el("option", { value: g.name }, g.title)));
  const p = params();
  const g = p.program ? await gameOfProgram(p.program) : null;
  if (g) $("game").value = g.name;
  fillPrograms();
  if (p.program) {
    $("program").value = p.program;
    fillProgram();
  }
  if (p.depth) $("depth").value = p.depth;
  depthNote();
  for (const s of currentGame().settings || []) if (p[s.param]) $("set-" + s.param).value = p[s.param];
  if (p.input !== undefined) {
    $("input").value = p.input;
    refresh();
  } else {
    example();
  }
  $("game").addEventListener("change", () => { fillPrograms(); example(); });
  // Another program of the game keeps the position and, where it takes
  // one, the depth: the same search under another program.
  $("program").addEventListener("change", () => {
    const d = $("depth").value;
    fillProgram();
    if (d && !currentProgram().fixedDepth) $("depth").value = Math.min(Number(d), currentProgram().maxDepth);
    depthNote();
    refresh();
  });
  $("depth").addEventListener("input", () => { depthNote(); refresh(); });
  $("example").addEventListener("click", example);
  $("show").addEventListener("click", (e) => { e.preventDefault(); location.href = searchURL(query()); });
  $("input").addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(refresh, 200); });
}

start();
