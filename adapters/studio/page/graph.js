// The win-rate graph: White's win rate after each ply (0..1), White's expected territory lead
// (dashed, scaled to the largest lead, the middle line at 0), the mistakes and blunders marked,
// the current ply as a vertical line. Clicking a point asks to go to that ply; clicking a mark
// asks for the marked move's explanation (the position before it, where it was played).

const SVG = "http://www.w3.org/2000/svg";
const W = 480;
const H = 120;
const PAD = 6;

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  parent.appendChild(node);
  return node;
}

export class WinrateGraph {
  constructor(svg, onPly, onMark) {
    this.svg = svg;
    this.onMark = onMark;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.addEventListener("click", (event) => {
      if (!this.plies) return;
      const box = svg.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * W;
      onPly(Math.max(0, Math.min(this.plies, Math.round(this.plyOf(x)))));
    });
  }

  x(ply) { return PAD + (ply / Math.max(1, this.plies)) * (W - 2 * PAD); }
  plyOf(x) { return ((x - PAD) / (W - 2 * PAD)) * Math.max(1, this.plies); }
  y(winrate) { return PAD + (1 - winrate) * (H - 2 * PAD); }

  // winrates: Map ply -> White's win rate; marks: Map ply -> the review entry of a move marked
  // (its `mark`, "mistake" | "blunder", `move` and `loss`); leads: Map ply -> White's lead.
  draw(plies, current, winrates, marks, leads = new Map()) {
    this.plies = plies;
    const svg = this.svg;
    svg.replaceChildren();
    el("rect", { x: 0, y: 0, width: W, height: H / 2, class: "wr-white-half" }, svg);
    el("rect", { x: 0, y: H / 2, width: W, height: H / 2, class: "wr-black-half" }, svg);
    el("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "wr-mid" }, svg);
    const points = [...winrates.entries()].filter(([ply]) => ply <= plies)
      .sort((a, b) => a[0] - b[0]);
    if (points.length) {
      const d = points.map(([ply, wr], i) => `${i ? "L" : "M"}${this.x(ply).toFixed(1)},${this.y(wr).toFixed(1)}`);
      el("path", { d: d.join(""), class: "wr-line" }, svg);
      for (const [ply, wr] of points) {
        el("circle", { cx: this.x(ply), cy: this.y(wr), r: 2, class: "wr-point" }, svg);
      }
    }
    const leadPoints = [...leads.entries()].filter(([ply]) => ply <= plies).sort((a, b) => a[0] - b[0]);
    if (leadPoints.length) {
      const most = Math.max(1, ...leadPoints.map(([, l]) => Math.abs(l)));
      const d = leadPoints.map(([ply, l], i) =>
        `${i ? "L" : "M"}${this.x(ply).toFixed(1)},${this.y(0.5 + l / (2 * most)).toFixed(1)}`);
      el("path", { d: d.join(""), class: "lead-line" }, svg);
      el("text", { x: W - PAD, y: PAD + 8, class: "lead-scale" }, svg).textContent = `lead ±${most.toFixed(0)}`;
    }
    svg.dataset.leads = leadPoints.length;
    el("line", { x1: this.x(current), x2: this.x(current), y1: 0, y2: H, class: "wr-now" }, svg);
    for (const [ply, r] of marks) {  // on top, to be clicked
      if (ply > plies) continue;
      const wr = winrates.has(ply) ? winrates.get(ply) : 0.5;
      const what = `move ${ply}, ${r.move}: ${r.mark}, −${(100 * r.loss).toFixed(0)}%`;
      const mark = el("circle", { cx: this.x(ply), cy: this.y(wr), r: r.mark === "blunder" ? 5 : 4,
                                  class: "wr-mark " + r.mark, "data-ply": ply, "data-move": r.move,
                                  role: "button", "aria-label": `explain ${what}` }, svg);
      el("title", {}, mark).textContent = `${what} (click to explain it)`;
      mark.addEventListener("click", (event) => {
        event.stopPropagation();  // not the graph's own click, which goes to the ply after it
        this.onMark(ply);
      });
    }
    svg.dataset.points = points.length;
  }
}
