#include "adapters/render/report_assets.h"

namespace hippolyta {

const char* reportCss() {
    return R"CSS(
:root{--ink:#23272e;--muted:#6a7380;--line:#e3e6ea;--bg:#f5f6f8;--card:#fff;--accent:#1d63c4;
--won:#1f7a3d}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
header{padding:18px 28px 8px}
h1{margin:0;font-size:24px;font-weight:650}
h2{margin:0 0 10px;font-size:17px;font-weight:650}
h3{margin:0 0 6px;font-size:14px;font-weight:650;color:var(--muted)}
.settings{margin:4px 0 0;color:var(--muted)}
main{padding:8px 20px 20px}
.row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px 16px;
box-shadow:0 1px 2px rgba(0,0,0,.04);overflow-x:auto}
.card.wide{margin-top:16px}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:4px 9px;text-align:right;border-bottom:1px solid var(--line);white-space:nowrap}
th{font-size:12px;text-transform:uppercase;letter-spacing:.03em;color:var(--muted);
font-weight:600}
th.name,td.name{text-align:left}
td.strong{font-weight:650}
td.self{background:repeating-linear-gradient(45deg,#f0f1f3,#f0f1f3 4px,#fafafa 4px,
#fafafa 8px)}
td.won{color:var(--won);font-weight:600}
tbody tr:last-child td{border-bottom:none}
.note{margin:8px 0 0;font-size:12.5px;color:var(--muted);max-width:46em}
#viewer{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
.game-list{max-height:600px;overflow-y:auto;border:1px solid var(--line);border-radius:8px}
.game-list thead th{position:sticky;top:0;background:#fafbfc}
.game-row{cursor:pointer}
.game-row:hover{background:#f1f5fb}
.game-row.current{background:#dde9fb}
.board-pane{flex:1 1 440px;min-width:260px;max-width:600px}
#game-title{font-weight:650;margin-bottom:6px;min-height:1.4em}
#board-box svg{width:100%;height:auto;display:block}
#board-error{color:#a12d1b}
.controls{display:flex;align-items:center;justify-content:center;gap:8px;margin:10px 0 4px}
.controls button{display:flex;align-items:center;justify-content:center;width:44px;height:34px;border:1px solid #c9ced6;border-radius:7px;
background:#fff;cursor:pointer;color:var(--ink)}
.controls button:hover:not(:disabled){background:#eef3fb;border-color:var(--accent)}
.controls button:disabled{opacity:.35;cursor:default}
.controls svg{width:16px;height:16px;fill:currentColor}
#ply-counter{min-width:110px;text-align:center;font-variant-numeric:tabular-nums;font-weight:600}
#move-text,#result-text{text-align:center;min-height:1.4em}
#result-text{color:var(--muted)}
.move-pane{flex:0 0 170px;max-height:640px;overflow-y:auto}
#move-list{margin:0;padding-left:3em;font:13px/1.6 ui-monospace,"DejaVu Sans Mono",monospace}
#move-list li{cursor:pointer;padding:0 4px;border-radius:4px}
#move-list li:hover{background:#f1f5fb}
#move-list li.current{background:#dde9fb;font-weight:700}
footer{padding:0 28px 20px;color:var(--muted);font-size:12px}
code{background:#eef0f3;padding:1px 4px;border-radius:4px}
)CSS";
}

const char* reportScript() {
    return R"JS(
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var games = JSON.parse($('report-data').textContent).games;
  var byNumber = {};
  games.forEach(function (g, i) { g.index = i; byNumber[g.n] = g; });
  var viewer = $('viewer'), cur = null, ply = 0, cells = {};

  function sqName(sq, n) { return String.fromCharCode(97 + sq % n) + (Math.floor(sq / n) + 1); }
  function moveText(m, n) { return sqName(m[0], n) + '-' + sqName(m[1], n) + '/' + sqName(m[2], n); }
  function squaresOf(n) {
    if (!cells[n]) {
      cells[n] = [];
      for (var sq = 0; sq < n * n; sq++) cells[n].push($('board-' + n + '-sq-' + sqName(sq, n)));
    }
    return cells[n];
  }
  // Who stands where after p plies: 'w', 'b', 'x' (arrow) or ''.
  function stateAt(g, p) {
    var s = [];
    for (var i = 0; i < g.size * g.size; i++) s.push('');
    g.start.w.forEach(function (q) { s[q] = 'w'; });
    g.start.b.forEach(function (q) { s[q] = 'b'; });
    g.start.x.forEach(function (q) { s[q] = 'x'; });
    for (var k = 0; k < p; k++) {
      var m = g.moves[k];
      s[m[1]] = s[m[0]]; s[m[0]] = ''; s[m[2]] = 'x';
    }
    return s;
  }
  function centre(svg, sq, n) {
    var c = +svg.dataset.cell, l = +svg.dataset.left, t = +svg.dataset.top;
    return (l + (sq % n) * c + c / 2) + ' ' + (t + (n - 1 - Math.floor(sq / n)) * c + c / 2);
  }
  function showBoard(n) {
    document.querySelectorAll('#board-box svg').forEach(function (svg) {
      svg.style.display = svg.id === 'board-' + n ? 'block' : 'none';
    });
  }
  function colourName(c) { return c === 'w' ? 'White' : 'Black'; }

  function buildMoveList() {
    var list = $('move-list');
    list.textContent = '';
    (cur.moves || []).forEach(function (m, i) {
      var li = document.createElement('li');
      li.textContent = moveText(m, cur.size);
      li.addEventListener('click', function () { open(cur.n, i + 1); });
      list.appendChild(li);
    });
  }
  function markCurrentRow() {
    document.querySelectorAll('.game-row').forEach(function (row) {
      var on = +row.dataset.game === cur.n;
      row.classList.toggle('current', on);
      if (on) {
        var box = row.closest('.game-list');
        if (row.offsetTop < box.scrollTop + 30 || row.offsetTop > box.scrollTop + box.clientHeight - 30)
          box.scrollTop = row.offsetTop - box.clientHeight / 2;
      }
    });
  }

  function draw() {
    var g = cur;
    viewer.dataset.game = g.n;
    viewer.dataset.ply = ply;
    $('game-title').textContent = 'Game ' + g.n + (g.r ? ' (round ' + g.r + ')' : '') + ': ' +
        g.w + ' (White) vs ' + g.b + ' (Black)';
    $('board-error').hidden = !g.err;
    if (g.err) {
      $('board-error').textContent = 'No record to show: ' + g.err;
      showBoard(0);
      $('ply-counter').textContent = '';
      $('move-text').textContent = '';
      $('result-text').textContent = g.res;
      return;
    }
    var n = g.size, total = g.moves.length, svg = $('board-' + n);
    var st = stateAt(g, ply), last = ply > 0 ? g.moves[ply - 1] : null, atEnd = ply === total;
    var els = squaresOf(n);
    showBoard(n);
    for (var sq = 0; sq < n * n; sq++) {
      var c = 'sq';
      if (st[sq]) c += ' ' + st[sq];
      if (atEnd && g.terr[sq] !== '.') c += ' t' + g.terr[sq];
      if (last && last[0] === sq) c += ' from';
      if (last && last[1] === sq) c += ' to';
      if (last && last[2] === sq) c += ' shot';
      els[sq].setAttribute('class', c);
    }
    $('board-' + n + '-lastmove').setAttribute('d', last ? 'M' + centre(svg, last[0], n) + 'L' + centre(svg, last[1], n) : '');
    $('board-' + n + '-lastshot').setAttribute('d', last ? 'M' + centre(svg, last[1], n) + 'L' + centre(svg, last[2], n) : '');
    $('ply-counter').textContent = 'ply ' + ply + ' / ' + total;
    $('move-text').textContent = last ? ply + '. ' + colourName(st[last[1]]) + ' ' + moveText(last, n) : 'start';
    var result = '';
    if (atEnd) {
      var won = g.res.charAt(0) === 'W' ? 'White' : g.res.charAt(0) === 'B' ? 'Black' : '';
      var owned = g.terr.split('').filter(function (t) { return t === won.charAt(0).toLowerCase(); }).length;
      result = (won ? won + ' wins' : 'Result') + ' ' + g.res + (g.why ? ' (' + g.why + ')' : '') +
          (g.final ? ' \u2014 final territory shaded: ' + owned + ' squares'
                   : ' \u2014 queen-distance territory shaded');
    }
    $('result-text').textContent = result;
    $('first').disabled = $('prev').disabled = ply === 0;
    $('next').disabled = $('last').disabled = atEnd;
    document.querySelectorAll('#move-list li').forEach(function (li, i) {
      li.classList.toggle('current', i === ply - 1);
    });
    try {  // a link to what the board shows; some browsers refuse it on file: pages
      history.replaceState(null, '', '#game=' + g.n + '&ply=' + ply);
    } catch (e) { /* the viewer works without it */ }
  }

  // Opens game `number` at ply p (clamped; null: the end).
  function open(number, p) {
    var g = byNumber[number];
    if (!g) return;
    if (g !== cur) {
      cur = g;
      buildMoveList();
      markCurrentRow();
    }
    var total = g.moves ? g.moves.length : 0;
    ply = p === null || isNaN(p) ? total : Math.max(0, Math.min(p, total));
    draw();
  }
  function step(d) { if (cur && !cur.err) open(cur.n, ply + d); }
  function otherGame(d) {
    if (!cur) return;
    var g = games[cur.index + d];
    if (g) open(g.n, null);
  }
  function fromHash() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ''));
    var n = parseInt(params.get('game'), 10), p = parseInt(params.get('ply'), 10);
    if (!byNumber[n]) n = games.length ? games[0].n : NaN;
    open(n, isNaN(p) ? null : p);
  }

  $('first').addEventListener('click', function () { step(-Infinity); });
  $('prev').addEventListener('click', function () { step(-1); });
  $('next').addEventListener('click', function () { step(1); });
  $('last').addEventListener('click', function () { step(Infinity); });
  document.querySelectorAll('.game-row').forEach(function (row) {
    row.addEventListener('click', function () { open(+row.dataset.game, null); });
    row.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') open(+row.dataset.game, null);
    });
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var keys = {ArrowLeft: function () { step(-1); }, ArrowRight: function () { step(1); },
                Home: function () { step(-Infinity); }, End: function () { step(Infinity); },
                ArrowUp: function () { otherGame(-1); }, ArrowDown: function () { otherGame(1); }};
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
})();
)JS";
}

}  // namespace hippolyta
