#!/usr/bin/env bash
# Plays the strength ladder's calibration matches with hippolyta-match, one after the other:
# each level against the level below it, and level 1 against the greedy player. The results go
# to OUT/L-vs-K/ (resumable: rerun to go on) and a summary to stdout; docs/levels.md holds the
# figures of the last calibration.
#   tools/calibrate-levels.sh [--games N] [--size N] [--tc SPEC] [--out DIR] [--only "10 9 ..."]
#                             [--concurrency N]
# Level 10 thinks on the clock, so its match runs one game at a time whatever --concurrency
# says; the other levels search fixed visits and give the same games at any load.
set -euo pipefail
cd "$(dirname "$0")/.."
games=100 size=10 tc=move:0.25 out=runs/levels only="10 9 8 7 6 5 4 3 2 1" concurrency=1
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --tc) tc=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        *) echo "usage: tools/calibrate-levels.sh [--games N] [--size N] [--tc SPEC] [--out DIR]" \
                "[--only \"LEVELS\"] [--concurrency N]" >&2; exit 2 ;;
    esac
done
# HIPPOLYTA: the engine binary (default build/bin/hippolyta; a copy keeps rebuilds out of a run).
engine="${HIPPOLYTA:-build/bin/hippolyta} --lag-buffer 0.05"  # the fast clock is local
mkdir -p "$out"
for level in $only; do
    if [ "$level" -gt 1 ]; then
        below=$((level - 1)) opponent="$engine --level $((level - 1))" name2="level$((level - 1))"
    else
        below=greedy opponent="$engine --player greedy" name2=greedy
    fi
    dir="$out/$level-vs-$below"
    parallel=$concurrency
    [ "$level" -eq 10 ] && parallel=1
    build/bin/hippolyta-match --engine1 "$engine --level $level" --name1 "level$level" \
        --engine2 "$opponent" --name2 "$name2" --games "$games" --size "$size" --tc "$tc" \
        --seed "$level" --concurrency "$parallel" --out "$dir" >"$dir.log" 2>&1 || { tail -5 "$dir.log"; exit 1; }
    echo "level $level vs $below: $(grep -E '^(Score of|Elo difference)' "$dir.log" | tail -2 | tr '\n' ' ')"
done
