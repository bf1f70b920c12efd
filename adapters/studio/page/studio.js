// Hippolyta Studio's page: draws the server's `state` and `analysis` (docs/studio-protocol.md),
// enters moves by clicks or text, and drives review. The server holds the game; the page keeps
// only what it draws, so a reconnect resyncs with `hello`.
import { Board, occupied, queenReach } from "./board.js";
import { Connection } from "./connection.js";
import { WinrateGraph } from "./graph.js";

const $ = (id) => document.getElementById(id);
const other = (colour) => (colour === "white" ? "black" : "white");

const studio = {
  state: null,
  engines: [],
  analysis: null,     // the last analysis message for the shown ply
  entry: [],          // the squares of the move being entered: amazon, destination
  winrates: new Map(),  // ply -> White's win rate, from winrate messages and the review
  latency: [],        // ms from a click completing a move to the reply drawn, thinking excluded
  pending: null,      // the timing of the move just clicked
  stateAt: 0,         // performance.now() when the last state arrived (for the clocks)
  lastSgf: null,
};
window.studio = studio;

const board = new Board($("board"), clickSquare);
const graph = new WinrateGraph($("winrate-graph"), (ply) => send({ type: "goto", ply }));
const connection = new Connection(receive, connectionStatus);
studio.connection = connection;

function send(message) {
  if (connection.send(message) === null) showError("not connected to the server");
}

// ---- messages from the server ----

function receive(message) {
  switch (message.type) {
    case "engines": return engines(message);
    case "state": return newState(message);
    case "analysis": return analysis(message);
    case "winrate": return winrate(message);
    case "progress": return progress(message);
    case "sgf": return download(message);
    case "engine": return engineStatus(message);
    case "error": return serverError(message);
    default: return undefined;  // unknown types are ignored, as the protocol asks
  }
}

function connectionStatus(status, detail) {
  const node = $("conn-status");
  node.dataset.state = status;
  node.textContent = { connecting: "connecting…", open: "connected", closed: "disconnected" }[status] +
    (detail ? ` (${detail})` : "");
  document.body.dataset.connected = status === "open" ? "true" : "false";
}

function engines(message) {
  studio.engines = message.engines || [];
  for (const id of ["ng-white", "ng-black"]) {
    const select = $(id);
    const keep = select.value;
    select.replaceChildren(new Option("human", "human"));
    for (const e of studio.engines) select.add(new Option(`engine: ${e.name}`, `engine:${e.name}`));
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
  }
  const bad = studio.engines.filter((e) => e.status && e.status !== "ok");
  if (bad.length) engineStatus({ name: bad[0].name, status: bad[0].status, message: "" });
}

function engineStatus(message) {
  const node = $("engine-status");
  node.dataset.state = message.status;
  node.textContent = message.status === "ok" ? `${message.name}: ok`
    : `engine ${message.name} ${message.status}${message.message ? ": " + message.message : ""}`;
}

function serverError(message) {
  showError(message.message || message.code || "error");
  if (studio.pending && studio.pending.id === message.id) studio.pending = null;
}

function showError(text) {
  $("error-text").textContent = text;
  $("error-bar").hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { $("error-bar").hidden = true; }, 8000);
}

function newState(state) {
  const previous = studio.state;
  studio.state = state;
  studio.stateAt = performance.now();
  if (studio.asked && studio.asked.ply === state.ply) studio.asked = null;
  if (!previous || previous.ply !== state.ply || previous.moves.length !== state.moves.length ||
      previous.size !== state.size) {
    studio.entry = [];
    if (!studio.analysis || studio.analysis.ply !== state.ply) studio.analysis = null;
  }
  if (!state.analysis) studio.analysis = null;
  if (previous && (previous.size !== state.size || state.moves.length < previous.moves.length ||
      !sameStart(previous.moves, state.moves))) {
    studio.winrates.clear();
  }
  for (const r of state.review || []) if (typeof r.winrate === "number") studio.winrates.set(r.ply, r.winrate);
  timeMove(state);
  render();
  const p = studio.pending;
  if (p && p.echo === undefined && state.moves.length === p.drawnPly - 1) p.echo = performance.now() - p.click;
  if (p && p.drawnPly === state.moves.length) finishTiming();
}

function sameStart(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

function analysis(message) {
  if (!studio.state || message.ply !== studio.state.ply) return;
  studio.analysis = message;
  if (typeof message.winrate === "number") studio.winrates.set(message.ply, message.winrate);
  renderAnalysis();
  renderGraph();
}

function winrate(message) {
  studio.winrates.set(message.ply, message.winrate);
  renderGraph();
}

function progress(message) {
  const done = message.done >= message.total;
  $("progress-box").hidden = done;
  $("review-cancel").hidden = done;
  $("progress").max = Math.max(1, message.total);
  $("progress").value = message.done;
  const eta = message.eta_seconds;
  $("progress-text").textContent = `${message.done} / ${message.total}` +
    (typeof eta === "number" && !done ? `, ${formatSeconds(eta)} left` : "");
  $("progress-box").dataset.done = message.done;
}

function download(message) {
  studio.lastSgf = message.sgf;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([message.sgf], { type: "application/x-go-sgf" }));
  link.download = message.filename || "hippolyta-studio.sgf";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// ---- timing: click to the engine's reply drawn, less the engine's thinking ----
// The thinking is the server's `engine_seconds` (genmove sent to its answer); without it, the
// time between the states that say the engine thinks and that bring its move.

function timeMove(state) {
  const p = studio.pending;
  if (!p) return;
  const now = performance.now();
  if (state.thinking && p.thinkFrom === undefined) p.thinkFrom = now;
  if (state.moves.length >= p.drawnPly && p.thinkTo === undefined) {
    p.thinkTo = now;
    if (typeof state.engine_seconds === "number") p.engineMs = 1000 * state.engine_seconds;
  }
}

function finishTiming() {
  const p = studio.pending;
  studio.pending = null;
  const drawn = performance.now();
  const seen = p.thinkFrom !== undefined ? p.thinkTo - p.thinkFrom : 0;
  const thinking = p.engineMs !== undefined ? p.engineMs : seen;
  const ms = drawn - p.click - thinking;
  studio.latency.push(ms);
  document.body.dataset.latency = studio.latency.map((v) => v.toFixed(1)).join(",");
  const echo = p.echo === undefined ? "" : `, own move drawn after ${p.echo.toFixed(1)} ms`;
  console.log(`studio-latency ${ms.toFixed(1)} ms (thinking ${thinking.toFixed(1)} ms${echo}, ` +
              `reply drawn after ${(drawn - p.click).toFixed(1)} ms)`);
}

// ---- drawing ----

function render() {
  const state = studio.state;
  renderBoard();
  renderAnalysis();
  renderPlayers();
  renderMoveList();
  renderGraph();
  $("analysis-toggle").checked = !!state.analysis;
  $("ply-counter").textContent = `ply ${state.ply} / ${state.moves.length}`;
  $("review-cancel").hidden = !state.reviewing;
  $("review-start").disabled = !!state.reviewing || state.moves.length === 0;
  const turn = humanTurn();
  $("resign").disabled = !!state.result || !turn;
  $("undo").disabled = state.moves.length === 0;
  $("move-input").disabled = !turn;
  $("move-submit").disabled = !turn;
  $("game-status").textContent = statusLine();
}

// The board alone (a click of a move being entered redraws no more than this).
function renderBoard() {
  const state = studio.state;
  const position = { size: state.size, amazons: state.amazons, arrows: state.arrows };
  board.draw(position, state.last_move);
  const svg = $("board");
  svg.dataset.ply = state.ply;
  svg.dataset.moves = state.moves.length;
  svg.dataset.toMove = state.to_move;
  svg.dataset.result = state.result || "";
  svg.dataset.thinking = state.thinking || "";
  svg.dataset.entry = studio.entry.join(" ");
  highlightEntry();
}

function statusLine() {
  const s = studio.state;
  if (s.result) return `Game over: ${describeResult(s.result)}`;
  if (s.thinking) return `${s.thinking} is thinking…`;
  if (s.ply < s.moves.length) return `Reviewing ply ${s.ply} of ${s.moves.length}`;
  const who = s.players && s.players[s.to_move];
  return `${s.to_move} to move${who && who !== "human" ? ` (${who.replace("engine:", "")})` : ""}`;
}

function describeResult(result) {
  const winner = result[0] === "W" ? "White" : "Black";
  const how = { R: "by resignation", T: "on time" }[result.slice(2)] || "(the other side cannot move)";
  return `${winner} wins ${how} (${result})`;
}

function humanTurn() {
  const s = studio.state;
  return !!s && !s.result && !s.thinking && s.ply === s.moves.length && s.players &&
    s.players[s.to_move] === "human";
}

function renderPlayers() {
  const s = studio.state;
  for (const colour of ["white", "black"]) {
    const who = (s.players && s.players[colour]) || "human";
    const budget = s.seconds ? `${s.seconds} s a move` : s.level ? `level ${s.level}` : "";
    $(`name-${colour}`).textContent = `${colour === "white" ? "White" : "Black"}: ` +
      (who === "human" ? who : `${who.replace("engine:", "")}${budget ? ` (${budget})` : ""}`);
    $(`player-${colour}`).classList.toggle("to-move", !s.result && s.to_move === colour && s.ply === s.moves.length);
  }
  tickClocks();
}

function tickClocks() {
  const s = studio.state;
  for (const colour of ["white", "black"]) {
    const node = $(`clock-${colour}`);
    if (!s || !s.clock) { node.textContent = ""; continue; }
    let left = s.clock[colour];
    if (s.clock.running === colour && !s.result) left -= (performance.now() - studio.stateAt) / 1000;
    node.textContent = formatSeconds(Math.max(0, left));
    node.classList.toggle("low", left < 10);
  }
}
setInterval(tickClocks, 200);

function formatSeconds(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// Rebuilt only when the moves, the shown ply or the review changed.
function renderMoveList() {
  const s = studio.state;
  const list = $("movelist");
  const key = JSON.stringify([s.moves, s.ply, s.review]);
  if (renderMoveList.key === key) return;
  renderMoveList.key = key;
  const review = new Map((s.review || []).map((r) => [r.ply, r]));
  list.replaceChildren();
  s.moves.forEach((move, i) => {
    const ply = i + 1;
    const li = document.createElement("li");
    li.dataset.ply = ply;
    li.tabIndex = 0;
    li.textContent = move;
    li.className = i % 2 ? "black" : "white";
    const r = review.get(ply);
    if (r) {
      const loss = document.createElement("span");
      loss.className = "loss";
      loss.textContent = r.loss >= 0.005 ? ` −${(100 * r.loss).toFixed(0)}%` : "";
      li.appendChild(loss);
      if (r.mark) li.classList.add(r.mark);
      li.title = `White ${(100 * r.winrate).toFixed(1)}%, loss ${(100 * r.loss).toFixed(1)}%` +
        (r.mark ? `, ${r.mark}` : "") + (r.best ? `; best ${r.best}` : "");
    }
    if (ply === s.ply) li.classList.add("current");
    li.addEventListener("click", () => send({ type: "goto", ply }));
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") send({ type: "goto", ply }); });
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function renderGraph() {
  const s = studio.state;
  if (!s) return;
  const marks = new Map((s.review || []).filter((r) => r.mark).map((r) => [r.ply, r.mark]));
  graph.draw(s.moves.length, s.ply, studio.winrates, marks);
}

function renderAnalysis() {
  const a = studio.analysis;
  const on = !!(studio.state && studio.state.analysis);
  board.territory(on && a ? a.territory : null);
  board.candidates(on && a ? a.candidates : [], previewVariation);
  board.variation(null);
  $("candidates-box").hidden = !on;
  const body = $("candidates").tBodies[0];
  body.replaceChildren();
  for (const c of (on && a ? a.candidates : [])) {
    const row = body.insertRow();
    row.className = "candidate-row";
    row.dataset.move = c.move;
    for (const text of [c.move, c.visits, `${(100 * c.winrate).toFixed(1)}%`]) row.insertCell().textContent = text;
    row.addEventListener("mouseenter", () => previewVariation(c));
    row.addEventListener("mouseleave", () => previewVariation(null));
  }
}

function previewVariation(candidate) {
  const a = studio.analysis;
  board.variation(candidate ? candidate.pv : null, a ? a.to_move : "white");
  $("board").dataset.preview = candidate ? candidate.move : "";
}

// ---- entering a move by clicks: amazon, destination, arrow ----

function entryTargets() {
  const s = studio.state;
  const blocked = occupied(s);
  const [from, to] = studio.entry;
  if (!from) return s.amazons[s.to_move].filter((sq) => queenReach(s.size, blocked, sq).length);
  if (!to) return queenReach(s.size, blocked, from);
  blocked.delete(from);
  blocked.add(to);
  return queenReach(s.size, blocked, to);
}

function highlightEntry() {
  if (!studio.state || !humanTurn()) {
    $("hint").textContent = "";
    return;
  }
  const targets = entryTargets();
  board.highlight(studio.entry, studio.entry.length ? targets : []);
  $("hint").textContent = ["Click an amazon to move", "Click where it goes", "Click where it shoots"][studio.entry.length];
}

function clickSquare(sq) {
  if (!studio.state) return;
  if (!humanTurn()) {
    if (studio.state.ply < studio.state.moves.length && !studio.state.result) {
      $("hint").textContent = "Go to the last move to play (or type a move to branch off here)";
    }
    return;
  }
  const targets = entryTargets();
  const mine = studio.state.amazons[studio.state.to_move];
  if (targets.includes(sq)) {
    studio.entry.push(sq);
  } else if (studio.entry.length === 1 && mine.includes(sq) && sq !== studio.entry[0]) {
    studio.entry = [sq];  // another amazon of one's own: start again from it
  } else {
    studio.entry = [];     // a click elsewhere cancels
  }
  if (studio.entry.length === 3) {
    const move = `${studio.entry[0]}-${studio.entry[1]}/${studio.entry[2]}`;
    studio.entry = [];
    playMove(move, true);
  }
  renderBoard();
}

function playMove(move, clicked) {
  const id = connection.send({ type: "play", move });
  if (id === null) return showError("not connected to the server");
  const s = studio.state;
  const engineNext = s.players && (s.players[other(s.to_move)] || "").startsWith("engine:");
  if (clicked && engineNext) {
    studio.pending = { id, click: performance.now(), drawnPly: s.moves.length + 2 };
  }
  return undefined;
}

// ---- controls ----

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("move-input").value.trim();
  if (!text) return;
  const s = studio.state;
  if (s && s.ply < s.moves.length && !confirm("Cut the game here and play this move?")) return;
  playMove(text, false);
  $("move-input").value = "";
});
$("undo").addEventListener("click", () => send({ type: "undo" }));
$("resign").addEventListener("click", () => {
  if (confirm("Resign this game?")) send({ type: "resign" });
});
$("analysis-toggle").addEventListener("change", (event) => send({ type: "analysis", on: event.target.checked }));
$("nav-first").addEventListener("click", () => step(-Infinity));
$("nav-prev").addEventListener("click", () => step(-1));
$("nav-next").addEventListener("click", () => step(1));
$("nav-last").addEventListener("click", () => step(Infinity));
$("error-close").addEventListener("click", () => { $("error-bar").hidden = true; });

// Steps from the ply last asked for while its state is on the way, so that keys pressed in a
// quick row each count.
function step(delta) {
  const s = studio.state;
  if (!s) return;
  const asked = studio.asked && performance.now() - studio.asked.at < 2000 ? studio.asked.ply : s.ply;
  const ply = Math.max(0, Math.min(s.moves.length, asked + delta));
  if (ply === asked) return;
  studio.asked = { ply, at: performance.now() };
  send({ type: "goto", ply });
}

$("sgf-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  if (file.size > 256 * 1024) return showError(`${file.name} is over 256 KiB`);
  send({ type: "load_sgf", sgf: await file.text() });
  event.target.value = "";
  return undefined;
});
$("load-moves").addEventListener("click", () => {
  send({ type: "load_moves", text: $("moves-text").value, size: Number($("moves-size").value) });
});
$("review-start").addEventListener("click", () => {
  send({ type: "review", seconds: Number($("review-seconds").value) });
  $("progress-box").hidden = false;
  $("review-cancel").hidden = false;
});
$("review-cancel").addEventListener("click", () => send({ type: "review_cancel" }));
$("save-sgf").addEventListener("click", () => send({ type: "save_sgf" }));

// The new game dialog.
$("new-game").addEventListener("click", openNewGame);
function openNewGame() {
  // The players of the game going on, else a human (White) against the first engine.
  const s = studio.state;
  if (s) $("ng-size").value = s.size;
  if (s && s.players && s.moves.length) {
    $("ng-white").value = s.players.white;
    $("ng-black").value = s.players.black;
  } else if (studio.engines.length) {
    $("ng-white").value = "human";
    $("ng-black").value = `engine:${studio.engines[0].name}`;
  }
  $("new-game-dialog").showModal();
}
$("new-game-form").addEventListener("submit", (event) => {
  if (event.submitter && event.submitter.value !== "start") return;
  const message = {
    type: "new_game", size: Number($("ng-size").value),
    white: $("ng-white").value, black: $("ng-black").value,
  };
  if ($("ng-by-seconds").checked) message.seconds = Number($("ng-seconds").value);
  else message.level = Number($("ng-level").value);
  if ($("ng-clock").checked) {
    message.clock = { main: Math.round(60 * Number($("ng-main").value)), increment: Number($("ng-increment").value) };
  }
  send(message);
});

// Keys: stepping, analysis, new game, take back, typing a move, cancelling an entry.
document.addEventListener("keydown", (event) => {
  const typing = event.target.closest && event.target.closest("input, textarea, select, dialog");
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    ArrowLeft: () => step(-1), ArrowRight: () => step(1),
    Home: () => step(-Infinity), End: () => step(Infinity),
    a: () => send({ type: "analysis", on: !(studio.state && studio.state.analysis) }),
    n: openNewGame,
    u: () => send({ type: "undo" }),
    m: () => $("move-input").focus(),
    Escape: () => { studio.entry = []; if (studio.state) render(); },
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
});
