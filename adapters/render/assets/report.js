// The game viewer of report.html (adapters/render/html_report.cpp), compiled into the tools
// and inlined in the page, which stays one self-contained file. It reads the games from the
// page's #report-data and draws them on the SVG boards the page carries.
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
