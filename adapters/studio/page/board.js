// The board: an SVG drawn from a position ({size, amazons, arrows}), the legal targets of a move
// being entered, and the analysis overlays (territory, candidates, a principal variation).
// Squares are named like the engine's notation: files a.. from the left, ranks 1.. from the
// bottom.

const SVG = "http://www.w3.org/2000/svg";
const CELL = 48;
const MARGIN = 22;
const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

export function parseSquare(name) {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1 } : null;
}

// "d1-d7/g7" (the engine's canonical form) -> {from, to, shot}; null for anything else.
export function parseMove(text) {
  const m = /^([a-z]\d{1,2})-([a-z]\d{1,2})\/([a-z]\d{1,2})$/.exec(String(text).toLowerCase());
  return m ? { from: m[1], to: m[2], shot: m[3] } : null;
}

// The squares a queen reaches from `from`, stopping before any square in `blocked` (a Set).
export function queenReach(size, blocked, from) {
  const start = parseSquare(from);
  const reach = [];
  for (const [df, dr] of DIRECTIONS) {
    for (let f = start.file + df, r = start.rank + dr;
         f >= 0 && r >= 0 && f < size && r < size; f += df, r += dr) {
      const name = squareName(f, r);
      if (blocked.has(name)) break;
      reach.push(name);
    }
  }
  return reach;
}

export function occupied(position) {
  return new Set([...position.amazons.white, ...position.amazons.black, ...position.arrows]);
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class Board {
  constructor(svg, onSquare) {
    this.svg = svg;
    this.onSquare = onSquare;  // called with a square name on click / Enter
    this.size = 0;
    this.focus = null;
    svg.addEventListener("click", (event) => {
      // The analysis overlays lie over the squares: a click on them goes to the square below.
      const node = event.target.closest("[data-square]") ||
        document.elementsFromPoint(event.clientX, event.clientY).find((n) => n.dataset && n.dataset.square);
      if (node) this.onSquare(node.dataset.square);
    });
    svg.addEventListener("keydown", (event) => this.key(event));
  }

  centre(name) {
    const { file, rank } = parseSquare(name);
    return [MARGIN + file * CELL + CELL / 2, MARGIN + (this.size - 1 - rank) * CELL + CELL / 2];
  }

  build(size) {
    this.size = size;
    this.focus = null;
    const svg = this.svg;
    svg.replaceChildren();
    const full = 2 * MARGIN + size * CELL;
    svg.setAttribute("viewBox", `0 0 ${full} ${full}`);
    svg.dataset.size = size;
    const marker = el("marker", { id: "head", viewBox: "0 0 10 10", refX: 8, refY: 5,
                                  markerWidth: 5, markerHeight: 5, orient: "auto" },
                      el("defs", {}, svg));
    el("path", { d: "M0,0L10,5L0,10z", class: "head" }, marker);
    const squares = el("g", { class: "squares" }, svg);
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        const name = squareName(file, rank);
        const [x, y] = this.centre(name);
        el("rect", {
          x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL,
          class: "sq " + ((file + rank) % 2 ? "light" : "dark"), "data-square": name,
          id: "sq-" + name, role: "button", "aria-label": name,
        }, squares);
      }
    }
    for (let i = 0; i < size; i++) {
      const [x] = this.centre(squareName(i, 0));
      const [, y] = this.centre(squareName(0, i));
      for (const [tx, ty, text] of [[x, MARGIN / 2 + 4, String.fromCharCode(97 + i)],
                                    [x, full - MARGIN / 2 + 4, String.fromCharCode(97 + i)],
                                    [MARGIN / 2, y + 4, i + 1], [full - MARGIN / 2, y + 4, i + 1]]) {
        el("text", { x: tx, y: ty, class: "coord" }, svg).textContent = text;
      }
    }
    this.layers = {};
    for (const layer of ["territory", "marks", "pieces", "explain", "candidates", "pv", "focus"]) {
      this.layers[layer] = el("g", { class: "layer-" + layer }, svg);
    }
  }

  // Draws a position: amazons and arrows; `last` (a move) is marked.
  draw(position, last) {
    if (position.size !== this.size) this.build(position.size);
    const pieces = this.layers.pieces;
    pieces.replaceChildren();
    this.layers.marks.replaceChildren();
    if (last) {
      const m = parseMove(last);
      if (m) for (const sq of [m.from, m.to]) this.mark(sq, "last-move");
    }
    for (const sq of position.arrows) this.piece(sq, "arrow-block", pieces);
    for (const colour of ["white", "black"]) {
      for (const sq of position.amazons[colour]) this.piece(sq, "amazon " + colour, pieces);
    }
  }

  piece(sq, cls, parent) {
    const [x, y] = this.centre(sq);
    if (cls === "arrow-block") {
      el("rect", { x: x - CELL * 0.3, y: y - CELL * 0.3, width: CELL * 0.6, height: CELL * 0.6,
                   rx: 4, class: cls, "data-at": sq }, parent);
      return;
    }
    const g = el("g", { class: cls, "data-at": sq }, parent);
    el("circle", { cx: x, cy: y, r: CELL * 0.36 }, g);
    el("text", { x, y: y + 7, class: "crown" }, g).textContent = "♛";
  }

  mark(sq, cls) {
    const [x, y] = this.centre(sq);
    el("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, class: cls,
                 "data-mark": sq }, this.layers.marks);
  }

  // The squares of a move being entered: the chosen ones and the legal targets.
  highlight(selected, targets) {
    for (const sq of selected) this.mark(sq, "selected");
    for (const sq of targets) {
      const [x, y] = this.centre(sq);
      el("circle", { cx: x, cy: y, r: CELL * 0.14, class: "target", "data-target": sq },
         this.layers.marks);
    }
  }

  // Territory from White's view, rows from the top rank down: 1 (-1) a square certain to be
  // White's (Black's), shaded and dotted; a smaller value a contested square that side reaches
  // first, shaded lighter; 0 plain.
  territory(rows) {
    const layer = this.layers.territory;
    layer.replaceChildren();
    if (!rows) return;
    rows.forEach((row, i) => row.forEach((value, file) => {
      if (!(Math.abs(value) >= 0.1)) return;
      const sq = squareName(file, this.size - 1 - i);
      const [x, y] = this.centre(sq);
      el("rect", {
        x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL,
        class: "territory " + (value > 0 ? "tw" : "tb"), "data-square-owner": sq,
        "fill-opacity": (0.12 + 0.38 * Math.min(1, Math.abs(value))).toFixed(2),
      }, layer);
      if (Math.abs(value) >= 0.99) {  // certain: dotted
        el("circle", { cx: x, cy: y, r: CELL * 0.1, class: "territory-mark " + (value > 0 ? "tw" : "tb") },
           layer);
      }
    }));
  }

  // The engine's best candidates (at most 5; the table beside lists them all): the queen path
  // with a head, the arrow's square crossed, a label with the win rate and visits on the arrow's
  // square (labels that share a square are stacked). The best is drawn last, on top.
  candidates(list, onHover) {
    const layer = this.layers.candidates;
    layer.replaceChildren();
    const shown = (list || []).slice(0, 5).map((c, rank) => ({ c, rank, m: parseMove(c.move) }))
      .filter((d) => d.m);
    // Labels that share a shot square take the slots of a 2 x 2 grid in it (narrower when more
    // than two share it); an amazon move that several candidates share is drawn once, by the
    // best of them, so that the labels stay readable.
    const atShot = new Map();
    const slot = new Map(shown.map((d) => {
      const n = atShot.get(d.m.shot) || 0;
      atShot.set(d.m.shot, n + 1);
      return [d.rank, n];
    }));
    const pathOwner = new Map();
    for (const d of shown) {
      const key = d.m.from + d.m.to;
      if (!pathOwner.has(key)) pathOwner.set(key, d.rank);
    }
    for (const { c, rank, m } of shown.reverse()) {
      const g = el("g", { class: "candidate" + (rank === 0 ? " best" : ""), "data-move": c.move,
                          "data-rank": rank, tabindex: 0,
                          "aria-label": `candidate ${c.move}, ${(100 * c.winrate).toFixed(0)}%, ${c.visits} visits` }, layer);
      if (pathOwner.get(m.from + m.to) === rank) this.path(g, m, "cand");
      else this.shot(g, m, "cand");
      const [xc, y0] = this.centre(m.shot);
      const n = slot.get(rank) % 4;
      const crowded = atShot.get(m.shot) > 2;
      const width = crowded ? 23 : 40;
      const x = crowded ? xc - CELL / 4 + (n >= 2 ? CELL / 2 : 0) : xc;
      const y = y0 - CELL / 2 + 21 * (n % 2) + 3;
      const label = el("g", { class: "cand-label" + (crowded ? " small" : "") }, g);
      el("rect", { x: x - width / 2, y, width, height: 20, rx: 4 }, label);
      el("text", { x, y: y + 9 }, label).textContent = (100 * c.winrate).toFixed(0) + "%";
      el("text", { x, y: y + 18, class: "visits" }, label).textContent = c.visits;
      g.addEventListener("mouseenter", () => onHover(c));
      g.addEventListener("mouseleave", () => onHover(null));
      g.addEventListener("focus", () => onHover(c));
      g.addEventListener("blur", () => onHover(null));
    }
  }

  // Only the arrow's part of a move: the shot line from the destination and the cross.
  shot(parent, m, cls) {
    const [x2, y2] = this.centre(m.to);
    const [x3, y3] = this.centre(m.shot);
    el("line", { x1: x2, y1: y2, x2: x3, y2: y3, class: cls + "-shot" }, parent);
    const d = CELL * 0.16;
    const yc = y3 + CELL * 0.18;  // below the centre: a label may take the square's top
    el("path", { d: `M${x3 - d},${yc - d}L${x3 + d},${yc + d}M${x3 - d},${yc + d}L${x3 + d},${yc - d}`,
                 class: cls + "-cross" }, parent);
  }

  path(parent, m, cls) {
    const [x1, y1] = this.centre(m.from);
    const [x2, y2] = this.centre(m.to);
    el("line", { x1, y1, x2, y2, class: cls + "-path", "marker-end": "url(#head)" }, parent);
    this.shot(parent, m, cls);
  }

  // A marked mistake explained: the move played (orange) and the better one (green), labelled;
  // or a hint alone. Nulls clear the layer.
  explain(played, better, label) {
    const layer = this.layers.explain;
    layer.replaceChildren();
    for (const [move, cls] of [[played, "explain-played"], [better, "explain-better"]]) {
      const m = move && parseMove(move);
      if (!m) continue;
      const g = el("g", { class: "explain " + cls, "data-move": move }, layer);
      this.path(g, m, "ex");
      if (cls === "explain-better" && label) {
        const [x, y0] = this.centre(m.to);
        const y = y0 - CELL / 2;
        el("rect", { x: x - 22, y, width: 44, height: 16, rx: 4, class: "ex-label" }, g);
        el("text", { x, y: y + 12, class: "ex-text" }, g).textContent = label;
      }
    }
  }

  // A principal variation drawn over the board: its moves numbered, in turn.
  variation(moves, firstColour) {
    const layer = this.layers.pv;
    layer.replaceChildren();
    this.layers.candidates.classList.toggle("previewing", !!moves);
    if (!moves) return;
    let colour = firstColour;
    moves.slice(0, 8).forEach((move, i) => {
      const m = parseMove(move);
      if (!m) return;
      const g = el("g", { class: "pv-move " + colour, "data-move": move }, layer);
      this.path(g, m, "pv");
      const [x, y] = this.centre(m.to);
      el("circle", { cx: x, cy: y, r: 10, class: "pv-dot" }, g);
      el("text", { x, y: y + 4, class: "pv-num" }, g).textContent = i + 1;
      colour = colour === "white" ? "black" : "white";
    });
  }

  // Keyboard: arrows move a focus ring over the squares, Enter/Space clicks.
  key(event) {
    if (!this.size) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[event.key]) {
      const at = parseSquare(this.focus || squareName(0, 0));
      const [df, dr] = moves[event.key];
      const f = Math.max(0, Math.min(this.size - 1, at.file + df));
      const r = Math.max(0, Math.min(this.size - 1, at.rank + dr));
      this.setFocus(squareName(f, r));
    } else if ((event.key === "Enter" || event.key === " ") && this.focus) {
      this.onSquare(this.focus);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  setFocus(sq) {
    this.focus = sq;
    const layer = this.layers.focus;
    layer.replaceChildren();
    const [x, y] = this.centre(sq);
    el("rect", { x: x - CELL / 2 + 2, y: y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4,
                 class: "focus-ring" }, layer);
    this.svg.setAttribute("aria-activedescendant", "sq-" + sq);
    this.svg.dataset.focus = sq;
  }
}
