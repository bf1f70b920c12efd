#!/usr/bin/env bash
# quarry-selfplay.sh: acceptance check that Hippolyta plays a whole Amazons game in Quarry (Debian's
# GTK GUI), Hippolyta on both sides, headless under Xvfb. It installs what is missing (as root),
# configures Quarry in a private HOME, starts the game through the GUI with xdotool, waits for
# the end, saves the SGF with File > Save As, takes screenshots, closes Quarry, replays the game
# through a fresh engine to check every move, and prints a summary. Exit status 0 = all good.
# Not part of ctest: it needs X and the quarry package. See docs/quarry.md.
set -u -o pipefail

usage() {
    cat <<'EOF'
Usage: tools/quarry-selfplay.sh [options]
  --engine PATH       engine binary (default: build/bin/hippolyta beside this script's repo)
  --engine-args ARGS  extra engine arguments (default: "--move-time 0.2")
  --size N            board size, 5..11 (default 10)
  --time SPEC         Quarry time control: none (default) | game:MM:SS | move:MM:SS
                      | canadian:MM:SS:MM:SS:N (main time, overtime period, moves per period)
  --pace S            the wrapper waits S seconds before passing each genmove on, so that the
                      screenshots catch the game live (default 0.3; 0 = full speed)
  --out DIR           output directory (default: build/quarry-check); it is emptied first
  --timeout S         give up after S seconds of play (default 900)
  --no-install        do not apt-get install missing packages
Writes DIR/game.sgf, DIR/screenshot-{start,mid,end}.png, DIR/gtp-{white,black}.log (every
command Quarry sent, '>', and every answer, '<'), DIR/engine-*.log, DIR/summary.txt.
EOF
}

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
engine="$repo/build/bin/hippolyta"
engineArgs="--move-time 0.2"
size=10
timeSpec=none
pace=0.3
out="$repo/build/quarry-check"
timeout=900
install=1
while [ $# -gt 0 ]; do
    case "$1" in
        --engine) engine=$2; shift 2 ;;
        --engine-args) engineArgs=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --time) timeSpec=$2; shift 2 ;;
        --pace) pace=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --timeout) timeout=$2; shift 2 ;;
        --no-install) install=0; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
done

say() { echo "[quarry-selfplay] $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

# --- 1. packages -------------------------------------------------------------------------------
need=()
[ -x /usr/games/quarry ] || need+=(quarry)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
[ -x /usr/bin/import ] || need+=(imagemagick)  # /usr/bin/import: the real ImageMagick one
if [ ${#need[@]} -gt 0 ]; then
    [ "$install" = 1 ] || die "missing packages: ${need[*]} (apt-get install ${need[*]})"
    [ "$(id -u)" = 0 ] || die "missing packages: ${need[*]}; run as root or install them"
    say "installing ${need[*]}"
    if ! { apt-get update -qq >/dev/null &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; }; then
        die "apt-get install ${need[*]} failed"
    fi
fi
[ -x "$engine" ] || die "no engine at $engine (build it: cmake --build build --target hippolyta)"
engine=$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")
# Quarry's smallest Amazons board is 5x5 (it turns 4 into 5); Hippolyta's largest is 11x11 and
# Quarry 0.2.0 crashes when an engine refuses `boardsize` (it does so for 12 and up).
case "$size" in 5 | 6 | 7 | 8 | 9 | 10 | 11) ;; *) die "--size must be 5..11" ;; esac

# Quarry's time settings: control type and the five duration fields.
tcType=0 tcGame=15:00 tcMove=00:20 tcMain=00:00 tcPeriod=05:00 tcMoves=10
IFS=: read -r tcKind a b c d e <<<"$timeSpec"
case "$tcKind" in
    none) ;;
    game) tcType=1 tcGame="$a:$b" ;;
    move) tcType=2 tcMove="$a:$b" ;;
    canadian) tcType=3 tcMain="$a:$b" tcPeriod="$c:$d" tcMoves=$e ;;
    *) die "bad --time '$timeSpec'" ;;
esac

# --- 2. private HOME with Quarry's configuration, and the logging engine wrapper -----------------
rm -rf "$out"
mkdir -p "$out/home/.local/share" || die "cannot create $out"
out=$(cd "$out" && pwd)
wrapper="$out/engine-wrapper.sh"
cat >"$wrapper" <<EOF
#!/usr/bin/env bash
# engine-wrapper.sh ROLE: runs the engine and appends the GTP traffic to gtp-ROLE.log.
role=\$1
exec 3>>"$out/gtp-\$role.log"
echo "# start \$(date +%T.%N)" >&3
{ while IFS= read -r line || [ -n "\$line" ]; do
      printf '> %s\n' "\$line" >&3
      case "\$line" in *genmove*) sleep $pace ;; esac
      printf '%s\n' "\$line"
  done
  echo "# stdin closed by the controller \$(date +%T.%N)" >&3; } |
{ "$engine" $engineArgs --log-file "$out/engine-\$role.log" --log-level info
  echo "# engine exit code \$? \$(date +%T.%N)" >&3; } |
{ while IFS= read -r line; do printf '< %s\n' "\$line" >&3; printf '%s\n' "\$line"; done; }
EOF
chmod +x "$wrapper"

# Quarry fills in every section we leave out. The two entries need different names, or Quarry
# gives both sides the same entry (still two processes, but one log); once the engines have
# answered `name` and `version`, Quarry renames the entries "Hippolyta 0.1.0 (white)" etc.
cat >"$out/home/.quarry" <<EOF
# This is Quarry configuration file.

[GTP Engine "Hippolyta White"]
Screen name format	= "%n %v (white)"
Name			= "Hippolyta White"
Command line		= "$wrapper white"
Supported games		= "Amazons"

[GTP Engine "Hippolyta Black"]
Screen name format	= "%n %v (black)"
Name			= "Hippolyta Black"
Command line		= "$wrapper black"
Supported games		= "Amazons"

[New Game Parameters]
Game			= "Amazons"
White player name	= "White"
White is computer	= true
Engine playing white	= "Hippolyta White"
Black player name	= "Black"
Black is computer	= true
Engine playing black	= "Hippolyta Black"

[New Amazons Game Parameters]
Board size		= $size
Time control type	= $tcType
Keep track of total time = 0
Time limit for game	= $tcGame
Time limit for move	= $tcMove
Main time		= $tcMain
Overtime period length	= $tcPeriod
Moves per overtime	= $tcMoves
EOF

# --- 3. X server and Quarry ----------------------------------------------------------------------
xvfbPid='' quarryPid=''
cleanup() {  # waits, so that a run started right after finds the display free
    [ -n "$quarryPid" ] && kill "$quarryPid" 2>/dev/null && wait "$quarryPid" 2>/dev/null
    [ -n "$xvfbPid" ] && kill "$xvfbPid" 2>/dev/null && wait "$xvfbPid" 2>/dev/null
    return 0
}
trap cleanup EXIT
Xvfb -displayfd 5 -screen 0 1024x768x24 -nolisten tcp 5>"$out/display" 2>"$out/xvfb.log" &
xvfbPid=$!
for _ in $(seq 50); do [ -s "$out/display" ] && break; sleep 0.1; done
[ -s "$out/display" ] || die "Xvfb did not start (see $out/xvfb.log)"
DISPLAY=":$(cat "$out/display")"
export DISPLAY
HOME="$out/home" XDG_DATA_HOME="$out/home/.local/share" /usr/games/quarry >"$out/quarry.log" 2>&1 &
quarryPid=$!

# waitWindow REGEX [SECONDS]: prints the id of the first window whose name matches.
waitWindow() {
    local w
    for _ in $(seq $((${2:-10} * 10))); do
        w=$(xdotool search --name "$1" 2>/dev/null | head -1)
        [ -n "$w" ] && { echo "$w"; return 0; }
        sleep 0.1
    done
    return 1
}
# press WINDOW KEYS...: focus the window (no window manager needed) and press keys.
press() {
    local w=$1
    shift
    xdotool windowfocus --sync "$w" && xdotool key --clearmodifiers "$@"
}
shot() { import -window "$1" "$out/screenshot-$2.png" 2>>"$out/import.log"; }
plies() { cat "$out"/gtp-*.log 2>/dev/null | grep -c -E '^< = [a-k][0-9]+-' ; }

center=$(waitWindow '^Quarry Control Center$' 15) || die "Quarry did not start (see $out/quarry.log)"
press "$center" alt+n  # _New Game
dialog=$(waitWindow '^New Game$') || die "no New Game dialog"
sleep 0.5
press "$dialog" alt+f  # _Forward: the players page is preset by the configuration
sleep 0.5
press "$dialog" alt+p  # _Play: the rules page too
game=$(waitWindow ' vs\. ' 15) || die "the game window did not open"
sleep 0.3
shot "$game" start
say "game started on $DISPLAY (window $game)"

# --- 4. wait for the end: no traffic for a while and no genmove pending ------------------------
midShot=0 start=$SECONDS lastSize=-1 lastChange=$SECONDS
idle=$(awk -v p="$pace" 'BEGIN { printf "%d", 4 + 2 * p }')
while :; do
    sleep 0.5
    n=$(plies)
    if [ "$midShot" = 0 ] && [ "$n" -ge 20 ]; then shot "$game" mid && midShot=$n; fi
    curSize=$(cat "$out"/gtp-*.log | wc -c)
    [ "$curSize" != "$lastSize" ] && lastSize=$curSize lastChange=$SECONDS
    pending=0  # 1 while an engine has a genmove still unanswered
    for f in "$out"/gtp-*.log; do
        awk '/^> / { last = $2; answered = 0 }
             /^< [=?]/ { answered = 1 }
             END { exit !(last == "genmove" && !answered) }' "$f" && pending=1
    done
    [ "$pending" = 0 ] && [ $((SECONDS - lastChange)) -ge "$idle" ] && break
    [ $((SECONDS - start)) -ge "$timeout" ] && { say "timeout after $timeout s"; break; }
    kill -0 "$quarryPid" 2>/dev/null || die "Quarry exited during the game (see $out/quarry.log)"
done
shot "$game" end
say "play stopped after $(plies) plies, $((SECONDS - start)) s"

# --- 5. File > Save As ------------------------------------------------------------------------
press "$game" ctrl+shift+s
saveAs=$(waitWindow '^Save As') || die "no Save As dialog"
sleep 0.5
press "$saveAs" ctrl+a
xdotool type --delay 10 "$out/game.sgf"
xdotool key Return
for _ in $(seq 50); do grep -q ')' "$out/game.sgf" 2>/dev/null && break; sleep 0.1; done
[ -s "$out/game.sgf" ] || die "Quarry did not save $out/game.sgf"

# --- 6. close the game (Quarry closes the engines' stdin), then quit Quarry ------------------
sleep 0.5
press "$game" ctrl+w
for _ in $(seq 100); do
    [ "$(cat "$out"/gtp-*.log | grep -c '^# engine exit code')" -ge 2 ] && break
    sleep 0.1
done
press "$center" alt+q  # _Quit
for _ in $(seq 50); do kill -0 "$quarryPid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$quarryPid" 2>/dev/null && say "Quarry did not quit; killing it"

# --- 7. replay the saved game through a fresh engine and summarise ------------------------------
sgfText=$(tr -d '\n' <"$out/game.sgf")
result=$(grep -o 'RE\[[^]]*\]' <<<"$sgfText" | head -1)
sgfSize=$(grep -o 'SZ\[[0-9]*\]' <<<"$sgfText" | head -1 | tr -dc 0-9)
sizeOk=1
[ "$sgfSize" = "$size" ] || { say "the SGF says SZ[$sgfSize], not $size"; sizeOk=0; size=${sgfSize:-$size}; }
mapfile -t sgfMoves < <(grep -o -E ';[WB]\[[a-z]{6}\]' <<<"$sgfText")
{
    echo "boardsize $size"
    echo "clear_board"
    for m in "${sgfMoves[@]}"; do
        colour=white
        [ "${m:1:1}" = B ] && colour=black
        text=
        for i in 3 5 7; do
            row=$((size - ($(printf '%d' "'${m:i+1:1}") - 97)))
            text+="${m:i:1}$row"
            [ "$i" = 7 ] || text+=-
        done
        echo "play $colour $text"
    done
    echo "amz-legal_moves count"
    echo "final_score"
} >"$out/replay.gtp"
"$engine" <"$out/replay.gtp" >"$out/replay.out" 2>&1
# One answer per command: boardsize, clear_board, the plays, then the two questions.
mapfile -t answers < <(grep -E '^[=?]' "$out/replay.out")
replayErrors=0
for ((i = 2; i < 2 + ${#sgfMoves[@]}; i++)); do
    [ "${answers[i]:0:1}" = "=" ] || replayErrors=$((replayErrors + 1))
done
movesLeft='?' score='?'
if [ ${#answers[@]} -ge 2 ]; then
    movesLeft=${answers[-2]#= }
    score=${answers[-1]#= }
fi

errors=$(cat "$out"/gtp-*.log | grep -c '^< ?')
exits=$(cat "$out"/gtp-*.log | grep '^# engine exit code' | awk '{print $5}' | tr '\n' ' ')
logProblems=$(cat "$out"/engine-*.log 2>/dev/null | grep -c -E '\[(warning|error|critical)\]')
commands=$(grep '^> ' "$out/gtp-white.log" | awk '{print $2}' | awk '!seen[$0]++' |
    tr '\n' ' ')
# Two engine processes, each asked to move for its own colour only.
starts=$(cat "$out"/gtp-*.log 2>/dev/null | grep -c '^# start')
wrongSide=$( (grep -s '^> genmove' "$out/gtp-white.log" | grep -v -i -c 'genmove w'
    grep -s '^> genmove' "$out/gtp-black.log" | grep -v -i -c 'genmove b') | awk '{ s += $1 } END { print s + 0 }')
ok=1
[ "$starts" = 2 ] && [ -s "$out/gtp-white.log" ] && [ -s "$out/gtp-black.log" ] || ok=0
[ "$wrongSide" = 0 ] && [ "$sizeOk" = 1 ] || ok=0
[[ "$result" =~ RE\[[WB]\+\] ]] || ok=0
[ "$replayErrors" = 0 ] && [ "$movesLeft" = 0 ] || ok=0
[ "${score:0:1}" = "${result:3:1}" ] || ok=0
[ "$errors" = 0 ] && [ "$exits" = "0 0 " ] || ok=0
{
    echo "board size:        $size (SGF: SZ[$sgfSize]), time: $timeSpec, engine: $engine $engineArgs"
    echo "plies (SGF):       ${#sgfMoves[@]}"
    echo "plies (GTP logs):  $(plies)"
    echo "result (SGF):      $result"
    echo "replay check:      $replayErrors rejected moves, $movesLeft moves left for the side" \
        "to move, final_score $score"
    echo "engine processes:  $starts (gtp-white.log, gtp-black.log; genmove for the other" \
        "colour: $wrongSide)"
    echo "commands sent:     $commands"
    echo "error answers:     $errors"
    echo "engine warnings:   $logProblems"
    echo "engine exit codes: $exits"
    echo "files:             $out/game.sgf, $out/screenshot-{start,mid,end}.png, $out/gtp-*.log"
    [ "$ok" = 1 ] && echo "verdict:           PASS" || echo "verdict:           FAIL"
} | tee "$out/summary.txt"
[ "$ok" = 1 ]
