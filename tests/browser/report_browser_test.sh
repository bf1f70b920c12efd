#!/usr/bin/env bash
# The HTML report in a real browser: headless Chromium loads DIR/report.html, runs its script,
# and the test reads the page it built (--dump-dom):
#   - the standings' and the crosstable's rows, one per entrant in ranking order;
#   - #game=2&ply=5 opens game 2 at ply 5, and every square of the viewer's board holds what
#     hippolyta-board draws for that record at that move (the C++ replay against the page's);
#   - at the end of the game the final territory is shaded on the same squares as
#     `hippolyta-board --territory`;
#   - stepping with the keys, the buttons, the game list and the move list;
#   - hippolyta-match --out writes a report that loads.
# It keeps screenshots in WORK (report.png, match.png). Fails, loudly, without Chromium.
#   usage: report_browser_test.sh BIN_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
bin=$(realpath "$1") src=$(realpath "$2") work=$(realpath -m "$3")

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || fail "Chromium is not installed: apt-get install chromium (tools/quickstart.sh test installs it)"

rm -rf "$work"
mkdir -p "$work"
cp -r "$src/tests/fixtures/report-tournament" "$work/tournament"
dir=$work/tournament
"$bin/hippolyta-report" "$dir" >/dev/null

# browse URL OUT [chromium options]: the page's DOM after its scripts ran.
browse() {
    local url=$1 out=$2
    shift 2
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$work/profile" --virtual-time-budget=5000 "$@" --dump-dom "$url" \
        >"$out" 2>>"$work/chromium.log" || fail "chromium failed on $url (see $work/chromium.log)"
    grep -q '</html>' "$out" || fail "no page from $url"
}
# squares FILE PREFIX: "square:classes" for every square group of the picture with that id.
squares() {
    grep -o "id=\"$2-sq-[a-z0-9]*\" class=\"sq[^\"]*\"" "$1" |
        sed -E "s/id=\"$2-sq-([a-z0-9]*)\" class=\"sq ?([^\"]*)\"/\1:\2/" | sort
}
same_board() {  # DOM SVG WHAT
    local page board
    page=$(squares "$1" board-6)
    board=$(squares "$2" hb)
    [ "$(echo "$page" | wc -l)" -eq 36 ] || fail "$3: the page's board has not 36 squares"
    [ "$page" = "$board" ] || {
        diff <(echo "$page") <(echo "$board") >&2 || true
        fail "$3: the viewer's board differs from hippolyta-board's (< page, > board)"
    }
}
plies() { grep -o ';[WB]\[' "$dir/games/game-$(printf %06d "$1").sgf" | wc -l; }

# The tables: one row per entrant, in the standings' order.
browse "file://$dir/report.html#game=2&ply=5" "$work/dom-2-5.html"
expected=$(grep -o '"name": "[^"]*"' "$dir/standings.json" | sed 's/.*: "//;s/"$//' | tr '\n' ' ')
for table in standing xt-row; do
    got=$(grep -o "class=\"$table\" data-name=\"[^\"]*\"" "$work/dom-2-5.html" |
        sed 's/.*data-name="//;s/"$//' | tr '\n' ' ')
    [ "$got" = "$expected" ] || fail "$table rows: '$got', expected '$expected'"
done
grep -q '<h1>Tournament (round-robin)</h1>' "$work/dom-2-5.html" || fail "the page does not show standings.json's format"
echo "crosstable rows: $expected"

# The fragment opens game 2 at ply 5.
grep -q 'id="viewer" data-game="2" data-ply="5"' "$work/dom-2-5.html" || fail "viewer not at game 2 ply 5"
total=$(plies 2)
grep -q "id=\"ply-counter\">ply 5 / $total<" "$work/dom-2-5.html" || fail "ply counter is not 'ply 5 / $total'"
"$bin/hippolyta-board" --move 5 "$dir/games/game-000002.sgf" -o "$work/board-2-5.svg"
same_board "$work/dom-2-5.html" "$work/board-2-5.svg" "game 2 ply 5"
echo "game 2 at ply 5: same board as hippolyta-board --move 5"

# Past the end: the last ply, with the final territory (game 1 ended W+4).
end=$(plies 1)
browse "file://$dir/report.html#game=1&ply=999" "$work/dom-1-end.html" \
    --screenshot="$work/report.png" --window-size=1280,1500
grep -q "id=\"viewer\" data-game=\"1\" data-ply=\"$end\"" "$work/dom-1-end.html" || fail "ply not clamped to $end"
"$bin/hippolyta-board" --territory "$dir/games/game-000001.sgf" -o "$work/board-1-end.svg"
same_board "$work/dom-1-end.html" "$work/board-1-end.svg" "game 1 at its end"
shaded=$(squares "$work/dom-1-end.html" board-6 | grep -c ':.*tw' || true)
[ "$shaded" -eq 4 ] || fail "game 1 (W+4) ends with $shaded squares shaded for White"
grep -q 'final territory shaded: 4 squares' "$work/dom-1-end.html" || fail "no territory note at the end"
echo "game 1 at its end ($end plies): final territory (4) as hippolyta-board --territory"

# Stepping: keys, buttons, the game list and the move list, in one page.
{
    sed 's#</body></html>##' "$dir/report.html"
    cat <<'STEPS'
<script>
(function () {
  var log = [], v = document.getElementById("viewer");
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true})); }
  function at() { log.push(v.dataset.game + ":" + v.dataset.ply); }
  function click(sel) { document.querySelector(sel).click(); }
  key("Home"); at();
  for (var i = 0; i < 6; i++) { key("ArrowRight"); at(); }
  click("#prev"); at();
  key("ArrowDown"); at();
  key("ArrowUp"); at();
  click("#first"); at();
  for (var j = 0; j < 5; j++) click("#next");
  at();
  click("#last"); at();
  click(".game-row[data-game='4']"); at();
  click(".game-row[data-game='2']"); document.querySelectorAll("#move-list li")[4].click(); at();
  log.push(location.hash);
  var pre = document.createElement("pre"); pre.id = "steps"; pre.textContent = log.join(" ");
  document.body.appendChild(pre);
})();
</script></body></html>
STEPS
} >"$dir/steps.html"
browse "file://$dir/steps.html#game=2&ply=0" "$work/dom-steps.html"
want="2:0 2:1 2:2 2:3 2:4 2:5 2:6 2:5 3:$(plies 3) 2:$total 2:0 2:5 2:$total 4:$(plies 4) 2:5 #game=2&ply=5"
got=$(sed -n 's/.*<pre id="steps">\([^<]*\)<.*/\1/p' "$work/dom-steps.html" | sed 's/&amp;/\&/g')
[ "$got" = "$want" ] || fail "stepping went '$got', expected '$want'"
same_board "$work/dom-steps.html" "$work/board-2-5.svg" "game 2 ply 5 after stepping"
echo "stepping: $got"

# A two-engine match writes the same report.
engine="$bin/hippolyta --no-book --player"
"$bin/hippolyta-match" --engine1 "$engine greedy" --name1 greedy \
    --engine2 "$engine alphabeta2 --move-time 0.02" --name2 alphabeta2 --size 6 --games 2 \
    --out "$work/match" >"$work/match.log" 2>&1 || fail "hippolyta-match failed (see $work/match.log)"
grep -q "^Report: $work/match/report.html" "$work/match.log" || fail "hippolyta-match did not say it wrote the report"
browse "file://$work/match/report.html" "$work/dom-match.html" \
    --screenshot="$work/match.png" --window-size=1280,1200
[ "$(grep -c 'class="xt-row"' <(grep -o 'class="xt-row"' "$work/dom-match.html"))" -eq 2 ] ||
    fail "the match report has not two crosstable rows"
grep -q 'id="viewer" data-game="1" data-ply="[1-9]' "$work/dom-match.html" || fail "the match report's viewer did not open game 1"
for png in report.png match.png; do
    [ "$(stat -c %s "$work/$png")" -gt 20000 ] || fail "no real screenshot $work/$png"
done
echo "match report: 2 crosstable rows, viewer on game 1; screenshots in $work"
echo "PASS"
