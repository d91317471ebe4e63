// The Play page: a person against the tournament engine or a course
// search, legal moves highlighted, the engine's iterations shown live (one
// line per depth that changes the score or the line), undo and redo, and
// a status line that says what happens, with a retry after an engine
// error.
import { api, games, el, drawBoard } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let all = [];
let board = null;
let human = "";
let selected = "";
let thinking = null;
let failed = ""; // the engine's last error, "" when it replied
// history holds the positions of the game: {board, last, text} per ply
// (history[0] is the start), at is the one shown; undo and redo move at.
let history = [];
let at = 0;

function game() {
  return all.find((g) => g.name === $("game").value);
}

function settings() {
  const s = {};
  for (const st of game().settings || []) {
    const v = $("set-" + st.param).value;
    if (v) s[st.param] = v;
  }
  return s;
}

function fillSettings() {
  $("settings").replaceChildren(...(game().settings || []).map((s) =>
    el("div", {}, el("label", { for: "set-" + s.param }, s.label),
      el("select", { id: "set-" + s.param }, el("option", { value: "" }, "default"), ...s.values.map((v) => el("option", { value: v }, v))))));
}

// push records a ply: the board after it, its move and its line.
function push(next, last, text) {
  history = history.slice(0, at + 1);
  history.push({ board: next, last, text });
  at = history.length - 1;
  board = next;
}

// mine tells that position i is the person's to play.
const mine = (i) => human && history[i].board.toMove === human && !history[i].board.over;

// undo goes back to the person's previous turn, redo forward to the next
// one (or the end of a finished game).
function undo() {
  let i = at - 1;
  while (i > 0 && !mine(i)) i--;
  goTo(i);
}

function redo() {
  let i = at + 1;
  while (i < history.length - 1 && !mine(i)) i++;
  goTo(Math.min(i, history.length - 1));
}

function goTo(i) {
  if (thinking) thinking.abort();
  if (i < 0 || i >= history.length) return;
  at = i;
  board = history[at].board;
  selected = "";
  failed = "";
  show();
}

// show draws the board with the marks of the selection, the legal squares
// and the last move, the record up to the position shown and the status.
function show() {
  const marks = {};
  const last = history[at].last;
  if (last) {
    if (last.from) marks[last.from] = "last";
    marks[last.to] = "last";
  }
  const turn = board.toMove === human && !board.over && !thinking;
  const moves = turn ? board.moves || [] : [];
  if (selected) {
    marks[selected] = "selected";
    for (const m of moves) if (m.from === selected) marks[m.to] = "to";
  } else {
    // A piece to move, or an empty square to place a mark or a piece on.
    for (const m of moves) marks[m.from || m.to] = m.from ? "from" : "to";
  }
  drawBoard($("board"), board, { onSquare: click, marks });
  $("info").textContent = board.info;
  $("log").replaceChildren(...history.slice(1, at + 1).map((h) => el("div", {}, h.text)));
  $("log").scrollTop = $("log").scrollHeight;
  let status;
  if (board.over) status = el("span", { class: "over" }, "Game over: " + board.over);
  else if (thinking) status = "The engine is thinking…";
  else if (failed) {
    status = el("span", { class: "failed" }, `The engine could not reply: ${failed} `,
      el("button", { id: "retry", onclick: reply }, "Retry"));
  } else if (turn) status = `Your move (${human}): ${moves.length} legal.`;
  else status = `${board.toMove} to move: the engine's turn.`;
  $("status").replaceChildren(status);
  $("moves").replaceChildren(...moves.map((m) => el("button", { class: "move", onclick: () => play(m.text) }, m.text)));
  $("undo").disabled = at === 0 || !history.slice(0, at).some((_, i) => mine(i));
  $("redo").disabled = at >= history.length - 1;
}

// click selects a piece or plays the move to the clicked square.
function click(square) {
  if (!board || board.over || thinking || board.toMove !== human) return;
  const moves = board.moves || [];
  const to = moves.filter((m) => m.to === square && (m.from || "") === selected);
  if (to.length === 1) return play(to[0].text);
  if (to.length > 1) {
    // Several moves share the squares (a Morris removal): list them.
    $("moves").replaceChildren(...to.map((m) => el("button", { class: "move", onclick: () => play(m.text) }, m.text)));
    return;
  }
  selected = moves.some((m) => m.from === square) ? square : "";
  show();
}

async function play(move) {
  try {
    const next = await api("/api/play/move", { game: game().name, state: board.state, move });
    const m = (board.moves || []).find((x) => x.text === move);
    $("error").textContent = "";
    push(next, m || null, `${at + 1}. you (${board.toMove}) play ${move}`);
    selected = "";
    failed = "";
    show();
    if (!board.over && board.toMove !== human) await reply();
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// reply asks the engine for its move, showing each iteration as it comes.
async function reply() {
  const params = new URLSearchParams({ game: game().name, state: board.state, engine: $("engine").value,
    time: $("time").value || "1000", depth: $("depth").value || "0" });
  thinking = new AbortController();
  failed = "";
  $("thinking").replaceChildren();
  show();
  let shown = 0;
  try {
    const resp = await fetch("/api/play/think", { method: "POST", body: params, signal: thinking.signal });
    if (!resp.ok) throw new Error((await resp.text()).trim());
    const reader = resp.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    let done = false;
    while (!done) {
      const chunk = await reader.read();
      done = chunk.done;
      buf += dec.decode(chunk.value || new Uint8Array(), { stream: !done });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        if (line.iteration) {
          const it = line.iteration;
          shown = it.depth;
          $("thinking").append(el("div", { class: "iteration" },
            `depth ${it.depth}: ${it.score}, line ${it.pv.join(" ")}, ${it.nodes} nodes`));
        } else if (line.reply) {
          const r = line.reply;
          if (r.depth > shown) {
            $("thinking").append(el("div", { class: "iteration muted" },
              r.depth === shown + 1 ? `depth ${r.depth}: the same score and line` : `depths ${shown + 1} to ${r.depth}: the same score and line`));
          }
          const before = board;
          const m = (before.moves || []).find((x) => x.text === r.move) || null;
          push(line.board, m, `${at + 1}. engine (${before.toMove}) plays ${r.move} (depth ${r.depth})`);
          if (!human) human = board.toMove;
        } else if (line.error) {
          throw new Error(line.error);
        }
      }
    }
  } catch (e) {
    if (e.name !== "AbortError") failed = e.message;
  } finally {
    thinking = null;
    show();
  }
}

async function newGame() {
  if (thinking) thinking.abort();
  $("error").textContent = "";
  $("thinking").replaceChildren();
  selected = "";
  failed = "";
  try {
    board = await api("/api/play/start", { game: game().name, ...settings() });
  } catch (e) {
    $("error").textContent = e.message;
    return;
  }
  history = [{ board, last: null, text: "" }];
  at = 0;
  human = $("side").value === "second" ? "" : board.toMove;
  show();
  if (!human) await reply();
}

function keys(e) {
  if (e.target.closest("input, select, textarea") || e.altKey) return;
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undo(); }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); redo(); }
}

async function start() {
  all = (await games()).filter((g) => g.plays);
  $("game").replaceChildren(...all.map((g) => el("option", { value: g.name }, g.title)));
  const g = new URLSearchParams(location.search).get("game");
  if (g && all.some((x) => x.name === g)) $("game").value = g;
  fillSettings();
  $("game").addEventListener("change", () => { fillSettings(); newGame(); });
  $("new").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  document.addEventListener("keydown", keys);
  newGame();
}

start();
