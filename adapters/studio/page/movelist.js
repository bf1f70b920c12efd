// The move list: one item per move of the shown line (its review's loss and mark, a tooltip
// with the figures), and under a move where the game branched, a button for each other move
// tried there. `send` asks the server to go to a ply or a line.
const $ = (id) => document.getElementById(id);

// The squares a move lost (negative: won) for its mover, as words to follow its loss in win
// rate: " and 1.5 squares of territory", ", though it won 4.8 squares of territory".
export function territoryChange(squares) {
  if (Math.abs(squares) < 0.05) return " and no squares of territory";
  return squares > 0 ? ` and ${squares.toFixed(1)} squares of territory`
    : `, though it won ${(-squares).toFixed(1)} squares of territory`;
}

export function formatLead(lead) {
  if (Math.abs(lead) < 0.05) return "territory even";
  return `${lead > 0 ? "White" : "Black"} leads by ${Math.abs(lead).toFixed(1)} squares`;
}

// Rebuilt only when the moves, the shown ply, the branches or the review changed.
export function renderMoveList(s, send) {
  const list = $("movelist");
  const key = JSON.stringify([s.moves, s.ply, s.review, s.branches]);
  if (renderMoveList.key === key) return;
  renderMoveList.key = key;
  const review = new Map((s.review || []).map((r) => [r.ply, r]));
  const branches = new Map((s.branches || []).map((b) => [b.ply, b.moves]));
  list.replaceChildren();
  s.moves.forEach((move, i) => {
    const ply = i + 1;
    const li = document.createElement("li");
    li.dataset.ply = ply;
    li.value = ply;  // the branch marks between moves are no moves
    li.tabIndex = 0;
    li.textContent = move;
    li.className = i % 2 ? "black" : "white";
    li.setAttribute("aria-label", `ply ${ply}, ${li.className} ${move}`);
    const r = review.get(ply);
    if (r) {
      const loss = document.createElement("span");
      loss.className = "loss";
      loss.textContent = typeof r.loss === "number" && r.loss >= 0.005 ? ` −${(100 * r.loss).toFixed(0)}%` : "";
      li.appendChild(loss);
      if (r.mark) li.classList.add(r.mark);
      li.title = reviewTitle(r);
    }
    if (ply === s.ply) li.classList.add("current");
    li.addEventListener("click", () => send({ type: "goto", ply }));
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") send({ type: "goto", ply }); });
    list.appendChild(li);
    if (branches.has(ply)) list.appendChild(branchItem(ply, branches.get(ply), send));
  });
  if (branches.has(s.moves.length + 1)) list.appendChild(branchItem(s.moves.length + 1, branches.get(s.moves.length + 1), send));
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function reviewTitle(r) {
  const pct = (v) => (typeof v === "number" ? `${(100 * v).toFixed(1)}%` : "unknown");
  let text = r.decided ? `decided: ${r.decided}` : `White ${pct(r.winrate)}`;
  if (r.moves_left) text += ` (moves left: ${r.moves_left})`;
  text += `, loss ${pct(r.loss)}`;
  if (typeof r.lead_loss === "number") text += territoryChange(r.lead_loss);
  if (typeof r.lead === "number") text += `; ${formatLead(r.lead)}`;
  return text + (r.mark ? `, ${r.mark}` : "") + (r.best ? `; best ${r.best}` : "");
}

// The other moves tried at `ply`: a button for each, which shows that line.
function branchItem(ply, moves, send) {
  const li = document.createElement("li");
  li.className = "branches";
  li.dataset.branchPly = ply;
  li.setAttribute("aria-label", `variations at ply ${ply}`);
  li.append("also: ");
  for (const m of moves.filter((b) => !b.current)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "variation";
    button.dataset.node = m.node;
    button.dataset.move = m.move;
    button.textContent = m.move;
    button.title = `Show the line with ${m.move} at ply ${ply}`;
    button.addEventListener("click", (e) => { e.stopPropagation(); send({ type: "goto", node: m.node }); });
    li.appendChild(button);
  }
  return li;
}

