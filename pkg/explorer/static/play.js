// The Play page: a person against the tournament engine or a course
// search, legal moves highlighted, the engine's iterations shown live.
import { api, games, el, drawBoard } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let all = [];
let board = null;
let human = "";
let selected = "";
let lastMove = null;
let thinking = null;
let ply = 0;

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

function log(text) {
  $("log").append(el("div", {}, text));
  $("log").scrollTop = $("log").scrollHeight;
}

// show draws the board with the marks of the selection and the last move.
function show() {
  const marks = {};
  if (lastMove) {
    if (lastMove.from) marks[lastMove.from] = "last";
    marks[lastMove.to] = "last";
  }
  const mine = board.toMove === human && !board.over && !thinking;
  const moves = mine ? board.moves || [] : [];
  if (selected) {
    marks[selected] = "selected";
    for (const m of moves) if (m.from === selected) marks[m.to] = "to";
  } else {
    for (const m of moves) if (m.from) marks[m.from] = "from";
  }
  drawBoard($("board"), board, { onSquare: click, marks });
  $("info").textContent = board.info;
  $("status").replaceChildren(board.over ? el("span", { class: "over" }, "Game over: " + board.over)
    : thinking ? "The engine is thinking…" : board.toMove === human ? `Your move (${human}).` : "");
  $("moves").replaceChildren(...moves.map((m) => el("button", { class: "move", onclick: () => play(m.text) }, m.text)));
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
    lastMove = m || null;
    ply++;
    log(`${ply}. you (${board.toMove}) play ${move}`);
    board = next;
    selected = "";
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
  $("thinking").replaceChildren();
  show();
  try {
    const resp = await fetch("/api/play/think", { method: "POST", body: params, signal: thinking.signal });
    if (!resp.ok) throw new Error((await resp.text()).trim());
    const reader = resp.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        if (line.iteration) {
          const it = line.iteration;
          $("thinking").append(el("div", { class: "iteration" },
            `depth ${it.depth}: score ${it.score}, pv ${it.pv.join(" ")}, ${it.nodes} nodes`));
        } else if (line.reply) {
          const before = board;
          lastMove = (before.moves || []).find((x) => x.text === line.reply.move) || null;
          ply++;
          log(`${ply}. engine (${before.toMove}) plays ${line.reply.move} (depth ${line.reply.depth})`);
          board = line.board;
        } else if (line.error) {
          throw new Error(line.error);
        }
      }
    }
  } catch (e) {
    if (e.name !== "AbortError") $("error").textContent = e.message;
  } finally {
    thinking = null;
    show();
  }
}

async function newGame() {
  if (thinking) thinking.abort();
  $("error").textContent = "";
  $("log").replaceChildren();
  $("thinking").replaceChildren();
  selected = "";
  lastMove = null;
  ply = 0;
  try {
    board = await api("/api/play/start", { game: game().name, ...settings() });
  } catch (e) {
    $("error").textContent = e.message;
    return;
  }
  human = board.toMove;
  if ($("side").value === "second") {
    human = "";
    show();
    await reply();
    human = board.toMove;
  }
  show();
}

async function start() {
  all = await games();
  $("game").replaceChildren(...all.map((g) => el("option", { value: g.name }, g.title)));
  const g = new URLSearchParams(location.search).get("game");
  if (g && all.some((x) => x.name === g)) $("game").value = g;
  fillSettings();
  $("game").addEventListener("change", () => { fillSettings(); newGame(); });
  $("new").addEventListener("click", newGame);
  newGame();
}

start();
