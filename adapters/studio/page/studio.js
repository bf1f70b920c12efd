// Hippolyta Studio's page: draws the server's `state` and `analysis` (docs/studio-protocol.md),
// enters moves by clicks or text, and drives review. The server holds the game; the page keeps
// only what it draws, so a reconnect resyncs with `hello`.
import { Board, occupied, queenReach } from "./board.js";
import { Connection } from "./connection.js";
import { WinrateGraph } from "./graph.js";
import { comfort, moveSound, setComfort } from "./comfort.js";
import { formatLead, renderMoveList, territoryChange } from "./movelist.js";

const $ = (id) => document.getElementById(id);
const other = (colour) => (colour === "white" ? "black" : "white");

const studio = {
  state: null,
  engines: [],
  analysis: null,     // the last analysis message for the shown ply
  entry: [],          // the squares of the move being entered: amazon, destination
  winrates: new Map(),  // ply -> White's win rate, from the state (the server keeps them) and winrate messages
  leads: new Map(),     // ply -> White's expected territory lead in squares
  latency: [],        // ms from a click completing a move to the reply drawn, thinking excluded
  pending: null,      // the timing of the move just clicked
  stateAt: 0,         // performance.now() when the last state arrived (for the clocks)
  lastSgf: null,
};
window.studio = studio;

const board = new Board($("board"), clickSquare);
// A mark on the graph explains its move: the position before the move, where the mistake box
// names it (as First mistake does).
const graph = new WinrateGraph($("winrate-graph"), (ply) => send({ type: "goto", ply }),
  (ply) => send({ type: "goto", ply: ply - 1 }));
const connection = new Connection(receive, connectionStatus);
studio.connection = connection;

// A page the browser hides (another tab) or leaves (kept in its back/forward cache) lets go of
// the server, so that no engine analyses for it; shown again, it takes up the game where it is.
addEventListener("pagehide", () => connection.pause());
addEventListener("pageshow", () => { if (document.visibilityState !== "hidden") connection.resume(); });
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") connection.pause();
  else connection.resume();
});

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
    case "hint": return hint(message);
    case "teach": return teach(message);
    case "sgf": return download(message);
    case "engine": return engineStatus(message);
    case "error": return serverError(message);
    default: return undefined;  // unknown types are ignored, as the protocol asks
  }
}

function connectionStatus(status, detail) {
  const node = $("conn-status");
  node.dataset.state = status;
  node.textContent = { connecting: "connecting…", open: "connected", closed: "disconnected",
                       paused: "paused while the page is hidden" }[status] + (detail ? ` (${detail})` : "");
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
  // The server's own word on its engines (on every hello): what it says now replaces what an
  // earlier server (or this one, before a restart) said.
  const bad = studio.engines.filter((e) => e.status && e.status !== "ok");
  engineStatus(bad.length ? { name: bad[0].name, status: bad[0].status, message: bad[0].message || "" }
    : { status: "ok" });
}

// An engine's trouble, shown until it no longer holds: "restarted" for a while, "failed" until
// a new game or a server whose engines are well; "ok" shows nothing.
function engineStatus(message) {
  const node = $("engine-status");
  clearTimeout(engineStatus.timer);
  node.dataset.state = message.status;
  node.textContent = message.status === "ok" ? ""
    : `engine ${message.name} ${message.status}${message.message ? ": " + message.message : ""}`;
  if (message.status === "restarted") {
    engineStatus.timer = setTimeout(() => engineStatus({ status: "ok" }), 10000);
  }
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
  if (studio.hint && (studio.hint.ply !== state.ply || studio.hint.node !== state.node)) studio.hint = null;
  if (studio.teach && !teachApplies(state)) clearTeach();

  // The server holds the graph's figures for the line shown: taken whole from every state.
  studio.winrates.clear();
  studio.leads.clear();
  (state.winrates || []).forEach((w, ply) => { if (typeof w === "number") studio.winrates.set(ply, w); });
  (state.leads || []).forEach((l, ply) => { if (typeof l === "number") studio.leads.set(ply, l); });
  if (!previous || previous.size !== state.size) $("moves-size").value = state.size;
  timeMove(state);
  if (previous && state.moves.length > previous.moves.length && state.ply === state.moves.length) moveSound();
  render();
  const p = studio.pending;
  if (p && p.echo === undefined && state.moves.length === p.drawnPly - 1) p.echo = performance.now() - p.click;
  if (p && p.drawnPly === state.moves.length) finishTiming();
}

function analysis(message) {
  if (!studio.state || message.ply !== studio.state.ply) return;
  studio.analysis = message;
  if (typeof message.winrate === "number") studio.winrates.set(message.ply, message.winrate);
  if (typeof message.lead === "number") studio.leads.set(message.ply, message.lead);
  renderAnalysis();
  renderGraph();
  $("game-status").textContent = statusLine();
}

function winrate(message) {
  studio.winrates.set(message.ply, message.winrate);
  if (typeof message.lead === "number") studio.leads.set(message.ply, message.lead);
  renderGraph();
}

function hint(message) {
  if (!studio.state || message.ply !== studio.state.ply) return;
  studio.hint = message;
  renderExplanation();
  highlightEntry();
  if (!message.move) $("hint").textContent = "No hint: every move loses";
}

function progress(message) {
  const done = message.done >= message.total || !!message.cancelled;
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
  renderMoveList(studio.state, send);
  renderGraph();
  $("analysis-toggle").checked = !!state.analysis;
  $("ply-counter").textContent = `ply ${state.ply} / ${state.moves.length}`;
  $("review-cancel").hidden = !state.reviewing;
  $("review-start").disabled = !!state.reviewing || state.moves.length === 0;
  const turn = humanTurn();
  $("resign").disabled = !!state.result || !turn || state.moves.length === 0;
  $("undo").disabled = state.ply === 0;
  $("move-input").disabled = !canEnter();
  $("move-submit").disabled = !canEnter();
  $("hint-button").disabled = !canEnter() || !!state.result && state.ply === state.moves.length;
  $("teaching-toggle").checked = !!state.teaching;
  const first = (state.review || []).find((r) => r.mark);
  $("first-mistake").disabled = !first;
  $("game-status").textContent = statusLine();
  renderExplanation();
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
  const figures = positionFigures();
  if (s.result && s.ply === s.moves.length) return `Game over: ${describeResult(s.result, s.score)}`;
  if (s.thinking) return `${s.thinking} is thinking…`;
  if (s.ply < s.moves.length) return `Reviewing ply ${s.ply} of ${s.moves.length}${figures}`;
  const who = s.players && s.players[s.to_move];
  return `${s.to_move} to move${who && who !== "human" ? ` (${who.replace("engine:", "")})` : ""}${figures}`;
}

// The shown position's figures: who is decided to win, else White's win rate and lead.
function positionFigures() {
  const s = studio.state;
  const decided = (studio.analysis && studio.analysis.decided) || s.decided;
  const left = (studio.analysis && studio.analysis.moves_left) || s.moves_left;
  if (decided) {
    return ` — decided: ${decided[0] === "W" ? "White" : "Black"} wins (${decided})` +
      (left ? `; moves left: ${left.replace(/(\d+) (black)/, "$1, $2")}` : "");
  }
  const parts = [];
  if (studio.winrates.has(s.ply)) parts.push(`White ${(100 * studio.winrates.get(s.ply)).toFixed(1)}%`);
  if (studio.leads.has(s.ply)) parts.push(`${formatLead(studio.leads.get(s.ply))}`);
  return parts.length ? ` — ${parts.join(", ")}` : "";
}


// `score`: final_score's "W+11" (the winner's territory), when the engine could count it.
function describeResult(result, score) {
  const winner = result[0] === "W" ? "White" : "Black";
  const how = { R: "by resignation", T: "on time" }[result.slice(2)] || "(the other side cannot move)";
  const by = score && score[0] === result[0] ? `, territory ${score.slice(2)} squares (${score})` : "";
  return `${winner} wins ${how} (${result})${by}`;
}

function humanTurn() {
  const s = studio.state;
  return !!s && !s.result && !s.thinking && s.ply === s.moves.length && s.players &&
    s.players[s.to_move] === "human";
}

// A move may be entered: the human's turn at the line's end, or any earlier ply (a variation).
function canEnter() {
  const s = studio.state;
  return !!s && !s.thinking && (humanTurn() || (s.ply < s.moves.length));
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

function renderGraph() {
  const s = studio.state;
  if (!s) return;
  const marks = new Map((s.review || []).filter((r) => r.mark).map((r) => [r.ply, r]));
  graph.draw(s.moves.length, s.ply, studio.winrates, marks, studio.leads);
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
  if (!studio.state || !canEnter()) {
    $("hint").textContent = "";
    return;
  }
  const targets = entryTargets();
  board.highlight(studio.entry, studio.entry.length ? targets : []);
  const branch = studio.state.ply < studio.state.moves.length ? " (a new variation from here)" : "";
  const hinted = studio.hint && studio.hint.move ? `Hint: ${studio.hint.move}. ` : "";
  $("hint").textContent = hinted +
    ["Click an amazon to move", "Click where it goes", "Click where it shoots"][studio.entry.length] + branch;
}

function clickSquare(sq) {
  if (!studio.state) return;
  if (!canEnter()) return;
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
$("hint-button").addEventListener("click", askHint);
$("teaching-toggle").addEventListener("change", (event) => send({ type: "teaching", on: event.target.checked }));
$("first-mistake").addEventListener("click", () => {
  const first = (studio.state.review || []).find((r) => r.mark);
  if (first) send({ type: "goto", ply: first.ply - 1 });
});
$("better-line").addEventListener("click", () => {
  const r = mistakeHere();
  if (r) send({ type: "play_line", moves: r.best_line && r.best_line.length ? r.best_line : [r.best] });
});
$("coords-toggle").addEventListener("change", (e) => setComfort("coords", e.target.checked));
$("theme-select").addEventListener("change", (e) => setComfort("theme", e.target.value));
$("sound-toggle").addEventListener("change", (e) => setComfort("sound", e.target.checked));

function askHint() {
  if (!canEnter()) return;
  $("hint").textContent = "Looking for a good move…";
  send({ type: "hint" });
}

// Teaching mode's verdict on the human's move: taken back (and the better move hinted) or kept.
// It holds while teaching mode is on and the game has not gone on past the human's next move.
function teach(message) {
  const loss = `${(100 * message.loss).toFixed(0)}%`;
  studio.teach = message;
  studio.teachMoves = studio.state ? studio.state.moves.length : 0;
  $("teach-text").textContent = message.taken_back
    ? `${message.move} lost ${loss}: taken back. Better: ${message.better}. Try again.`
    : `${message.move}: fine (lost ${loss}).`;
  $("teach-text").dataset.takenBack = message.taken_back ? "true" : "false";
}

function teachApplies(state) {
  const n = state.moves.length;
  return !!state.teaching && n >= studio.teachMoves - 1 && n <= studio.teachMoves + 1;
}

function clearTeach() {
  studio.teach = null;
  $("teach-text").textContent = "";
  delete $("teach-text").dataset.takenBack;
}

// ---- a marked mistake explained: the move played and the engine's better one, drawn ----

// The review entry of the move about to be played at the shown ply, when it is marked.
function mistakeHere() {
  const s = studio.state;
  if (!s) return null;
  const r = (s.review || []).find((e) => e.ply === s.ply + 1);
  return r && r.mark && r.best ? r : null;
}

function renderExplanation() {
  const s = studio.state;
  const r = mistakeHere();
  const box = $("mistake-box");
  box.hidden = !r;
  if (r) {
    const squares = typeof r.lead_loss === "number" ? territoryChange(r.lead_loss) : "";
    $("mistake-text").textContent = `Move ${r.ply}, ${r.move}, is a ${r.mark}: it lost ` +
      `${(100 * r.loss).toFixed(0)}% win rate${squares}. Better: ${r.best}.`;
    board.explain(r.move, r.best, `−${(100 * r.loss).toFixed(0)}%`);
  } else if (studio.hint && s && studio.hint.ply === s.ply && studio.hint.move) {
    board.explain(null, studio.hint.move, "hint");
  } else {
    board.explain(null, null);
  }
  $("board").dataset.explain = r ? r.best : studio.hint && studio.hint.move ? studio.hint.move : "";
}


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
    h: askHint,
    c: () => setComfort("coords", !comfort.coords),
    Escape: () => { studio.entry = []; if (studio.state) render(); },
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
});
