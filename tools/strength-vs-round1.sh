#!/usr/bin/env bash
# The shipped engine against 0.1.0's engine (commit c73c900), the strength yardstick of
# docs/learning-results.md ("Against 0.1.0"):
#   tools/strength-vs-round1.sh OUTDIR [MATCH...]
# MATCH is one of equal10 (10x10, 1 s a move), equal8 (8x8, 0.25 s a move) and odds10 (10x10,
# this engine 0.5 s against 0.1.0's 1 s); all three by default. GAMES (default 200) and
# CONCURRENCY (default 2) come from the environment. 0.1.0 is built once in OUTDIR/round1
# (a git worktree); this engine is build/bin/hippolyta, built beforehand. Each match writes
# OUTDIR/NAME/ (results table, games, report.html) and resumes when rerun. Run one at a
# time on a quiet machine: the clocks are real.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/strength-vs-round1.sh OUTDIR [equal10|equal8|odds10...]}
shift
[ $# -gt 0 ] || set -- equal10 equal8 odds10
games=${GAMES:-200}
concurrency=${CONCURRENCY:-2}
mkdir -p "$out"
out=$(cd "$out" && pwd)

round1="$out/round1"
if [ ! -x "$round1/build/bin/hippolyta" ]; then
    [ -d "$round1" ] || git worktree add --detach "$round1" c73c900
    cmake -S "$round1" -B "$round1/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$round1/build" --target hippolyta -j "$(nproc)"
fi
new="$PWD/build/bin/hippolyta"
old="$round1/build/bin/hippolyta"
[ -x "$new" ] || { echo "build/bin/hippolyta is missing: build it first" >&2; exit 2; }

# play NAME SIZE NEW_SECONDS OLD_SECONDS SEED
play() {
    build/bin/hippolyta-match --engine1 "$new --move-time $3" --name1 round2 \
        --engine2 "$old --move-time $4" --name2 round1 --size "$2" --games "$games" \
        --random-plies 2 --seed "$5" --concurrency "$concurrency" --out "$out/$1"
}
for m in "$@"; do
    case "$m" in
        equal10) play equal10 10 1 1 1001 ;;
        equal8) play equal8 8 0.25 0.25 1002 ;;
        odds10) play odds10 10 0.5 1 1003 ;;
        *) echo "unknown match '$m'" >&2; exit 2 ;;
    esac
done
