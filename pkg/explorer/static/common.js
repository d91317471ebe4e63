// Shared helpers of the explorer's pages: the JSON API, the games list and
// the SVG board. Plain ES module, no library.

// api calls path with the parameters params (an object) and returns the
// decoded JSON; a failure throws an Error whose message is the server's
// one line.
export async function api(path, params = {}, signal) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") body.set(k, v);
  }
  const resp = await fetch(path, { method: "POST", body, signal });
  const text = await resp.text();
  if (!resp.ok) throw new Error(text.trim() || resp.statusText);
  return JSON.parse(text);
}

let gamesPromise = null;

// games returns the games of the server (GET /api/games), cached.
export function games() {
  if (!gamesPromise) gamesPromise = fetch("/api/games").then((r) => r.json());
  return gamesPromise;
}

// gameOfProgram returns the game whose program is called name.
export async function gameOfProgram(name) {
  for (const g of await games()) {
    for (const p of g.programs) if (p.name === name) return g;
  }
  return null;
}

// el creates an element with attributes and children.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined && v !== null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// drawBoard draws board (the API's board data) into container as SVG.
// opts.onSquare(name) is called on a click; opts.marks maps a square name
// to a class ("from", "to", "selected", "last").
export function drawBoard(container, board, opts = {}) {
  const cell = opts.cell || 52;
  const margin = 22;
  const w = board.width * cell + margin + 6;
  const h = board.height * cell + margin + 6;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "board", role: "img",
    "aria-label": board.info || "board" });
  const cx = (sq) => margin + sq.x * cell + cell / 2;
  const cy = (sq) => sq.y * cell + cell / 2 + 3;
  const marks = opts.marks || {};
  if (board.points) {
    root.append(svg("rect", { x: margin, y: 3, width: board.width * cell, height: board.height * cell, class: "wood" }));
    for (const [a, b] of board.lines || []) {
      const p = board.squares[a], q = board.squares[b];
      root.append(svg("line", { x1: cx(p), y1: cy(p), x2: cx(q), y2: cy(q), class: "line" }));
    }
  }
  for (const sq of board.squares) {
    const g = svg("g", { class: "sq " + (marks[sq.name] || ""), "data-square": sq.name });
    if (board.points) {
      g.append(svg("circle", { cx: cx(sq), cy: cy(sq), r: cell * 0.16, class: "point" }));
    } else {
      g.append(svg("rect", { x: margin + sq.x * cell, y: sq.y * cell + 3, width: cell, height: cell,
        class: sq.dark ? "cell dark" : "cell light" }));
    }
    if (marks[sq.name]) {
      g.append(svg("circle", { cx: cx(sq), cy: cy(sq), r: cell * 0.44, class: "mark" }));
    }
    if (board.numbered) {
      g.append(svg("text", { x: margin + sq.x * cell + 5, y: sq.y * cell + 16, class: "number" }, sq.name));
    }
    if (sq.piece) {
      g.append(svg("circle", { cx: cx(sq), cy: cy(sq), r: cell * 0.36, class: "piece side" + sq.side }));
      g.append(svg("text", { x: cx(sq), y: cy(sq) + 1, class: "label side" + sq.side }, sq.piece));
    }
    g.append(svg("title", {}, sq.name + (sq.piece ? " " + sq.piece : "")));
    if (opts.onSquare) g.addEventListener("click", () => opts.onSquare(sq.name));
    root.append(g);
  }
  for (let i = 0; i < board.width; i++) {
    root.append(svg("text", { x: margin + i * cell + cell / 2, y: board.height * cell + margin - 2, class: "coord" },
      (board.files || "")[i] || ""));
  }
  (board.ranks || []).forEach((r, i) => {
    root.append(svg("text", { x: margin / 2, y: i * cell + cell / 2 + 7, class: "coord" }, r));
  });
  container.replaceChildren(root);
  return root;
}

// params returns the page's query parameters as an object.
export function params() {
  return Object.fromEntries(new URLSearchParams(location.search));
}

// searchURL returns the Search page's URL of a query.
export function searchURL(q) {
  const u = new URLSearchParams();
  for (const k of ["program", "depth", "rules", "board", "input"]) if (q[k]) u.set(k, q[k]);
  return "/search?" + u.toString();
}
