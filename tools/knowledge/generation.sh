#!/bin/bash
# One generation of the learning loop (docs/learning.md, "Generations"): self-play by the engine
# as built, at fixed seeds and visits; the pattern prior and the board's own evaluation weights
# refitted on a window of the latest generations' data; both measured on both held-out sets;
# a manifest of what made them; and, as separate steps that need the machine to itself, the
# SPRT screen against the engine as built and the confirmation at 1 s a move. Every step resumes
# after a kill, and a rerun with the same binary remakes the same games byte for byte and the
# same fitted values (the fits are seeded; the files' comment lines give their paths and times).
#
#   tools/knowledge/generation.sh BOARD GEN [STEP] [DIR]
#     BOARD: 10 or 8; GEN: 1, 2, ...; DIR: where the files go (default runs/generations)
#     STEP: data, fit, measure, manifest, all (those four, in order), sprt or confirm
#
# Environment: GAMES (default 13,100 on 10x10, about 1.0 million positions; 10,400 on 8x8, about
# 0.5 million), WINDOW (generations fitted on, default 2), MAX_POSITIONS (the pattern fit's cap,
# default 600,000), SPRT_GAMES (the screen's cap, default 1,000), SPRT_TIME (the screen's
# seconds a move, default 0.25), CONFIRM_GAMES (the confirmation's cap, default 400). Needs
# build/ (the README's test command builds it). On 2 cores the 10x10 data takes about 30
# minutes, the fits under 2. BIN: the programs (default build/bin).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || {
    echo "usage: tools/knowledge/generation.sh BOARD GEN [data|fit|measure|manifest|all|sprt|confirm] [DIR]" >&2
    exit 2
}
B=$1 GEN=$2 STEP=${3:-all} DIR=${4:-runs/generations}
case "$B" in
    10) GAMES=${GAMES:-13100} ;;
    8) GAMES=${GAMES:-10400} ;;
    *) echo "BOARD must be 10 or 8" >&2 && exit 2 ;;
esac
[[ "$GEN" =~ ^[1-9][0-9]*$ ]] || { echo "GEN must be 1, 2, ..." >&2 && exit 2; }
WINDOW=${WINDOW:-2} MAX_POSITIONS=${MAX_POSITIONS:-600000} SPRT_GAMES=${SPRT_GAMES:-1000}
SPRT_TIME=${SPRT_TIME:-0.25} CONFIRM_GAMES=${CONFIRM_GAMES:-400}
BIN=${BIN:-$PWD/build/bin}  # the tests point it at their build
HELD=$PWD/tests/fixtures/heldout
NAME=gen$GEN-${B}x$B
# Seeds by board and generation, so that no two generations share a game: 10x10 gen 1 is 5910.
SEED=$((5900 + 10 * GEN + (B == 8 ? 8 : 0)))
# The settings the manifest records, as the steps pass them.
SELFPLAY=(--size "$B" --seed "$SEED" --games "$GAMES" --visits 800 --param endgame_budget=0)
# Every other position, so that a capped fit still sees every game of the window.
PATTERN_FIT=(--stride 2 --max-positions "$MAX_POSITIONS" --epochs 3 --rate 0.02 --seed "$SEED")
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)

# The data files of the window: this generation's and up to WINDOW - 1 before it.
window() {
    local g
    for ((g = GEN - WINDOW + 1; g <= GEN; ++g)); do
        [ "$g" -ge 1 ] && [ -f "$DIR/gen$g-${B}x$B.data" ] && echo "$DIR/gen$g-${B}x$B.data"
    done
    return 0
}

data() {
    "$BIN/hippolyta-selfplay" "${SELFPLAY[@]}" --concurrency 2 --out "$DIR/$NAME.data" \
        2>> "$DIR/$NAME.data.log"
    "$BIN/hippolyta-selfplay" --stats "$DIR/$NAME.data" > "$DIR/$NAME.data.stats"
}

# The fits start from the shipped files: the prior's file and the weights file's evaluation.
fit() {
    local files
    mapfile -t files < <(window)
    [ "${#files[@]}" -gt 0 ] || { echo "no data for $NAME: run its data step" >&2 && exit 1; }
    "$BIN/hippolyta-train" pattern --start "engine/weights/pattern$B.prior" \
        --data "${files[@]}" --held-out "$HELD/heldout-${B}x$B.data" "${PATTERN_FIT[@]}" \
        --out "$DIR/$NAME.prior.tmp" > "$DIR/$NAME.prior.log"
    mv "$DIR/$NAME.prior.tmp" "$DIR/$NAME.prior"
    "$BIN/hippolyta-train" eval --own-size "$B" --weights engine/weights/hippolyta.weights \
        --data "${files[@]}" --held-out "$HELD/heldout-${B}x$B.data" \
        --out "$DIR/$NAME.weights.tmp" > "$DIR/$NAME.weights.log"
    mv "$DIR/$NAME.weights.tmp" "$DIR/$NAME.weights"
}

# The prior's figures on a held-out set: a fit of no epochs from the file measures it.
prior_quality() {  # prior-file held-out-file
    "$BIN/hippolyta-train" pattern --start "$1" --data "$2" --held-out "$2" --epochs 0 |
        grep '^pattern prior'
}

measure() {
    {
        for set in heldout heldout8k; do
            echo "== $set-${B}x$B.data"
            echo "shipped: $(prior_quality "engine/weights/pattern$B.prior" "$HELD/$set-${B}x$B.data")"
            echo "$NAME: $(prior_quality "$DIR/$NAME.prior" "$HELD/$set-${B}x$B.data")"
        done
        echo "== the evaluation ($NAME.weights.log)"
        grep -E '^held-out' "$DIR/$NAME.weights.log"
        # The bench's positions are 10x10: the 8x8 prior's speed is not among its lines.
        if [ "$B" = 10 ]; then
            echo "== scoring speed (hippolyta bench: moves scored a CPU second, and the ratio to ordering 2)"
            for prior in "engine/weights/pattern$B.prior" "$DIR/$NAME.prior"; do
                echo "$(basename "$prior"): $("$BIN/hippolyta" bench --pattern-prior "$prior" 2>&1 |
                    grep -E 'ordering3|prior_cost' | tr '\n' ' ')"
            done
        fi
    } > "$DIR/$NAME.measure.tmp"
    mv "$DIR/$NAME.measure.tmp" "$DIR/$NAME.measure"
    cat "$DIR/$NAME.measure"
}

# What made the generation: the engine, its commands, the window's files and checksums that a
# rebuild reproduces.
manifest() {
    {
        echo "generation $GEN, ${B}x$B, made $(date -u +%Y-%m-%d)"
        echo "engine: $("$BIN/hippolyta" --version 2>&1 | head -2 | tr '\n' ' ')"
        echo "self-play: hippolyta-selfplay ${SELFPLAY[*]}"
        echo "window: $WINDOW generations; pattern fit: ${PATTERN_FIT[*]}"
        echo "rebuild: GAMES=$GAMES WINDOW=$WINDOW MAX_POSITIONS=$MAX_POSITIONS tools/knowledge/generation.sh $B $GEN all"
        grep -E '^(games|positions):' "$DIR/$NAME.data.stats" || true
        echo "sha256: of the data files; of the prior's and the weights' values (every line but"
        echo "the comments, which give paths and times, and the checksum line that covers them)"
        local files f
        mapfile -t files < <(window)
        sha256sum "${files[@]}" | sed 's|  .*/|  |'
        for f in "$NAME.prior" "$NAME.weights"; do
            echo "$(grep -v -e '^#' -e '^checksum ' "$DIR/$f" | sha256sum | cut -d' ' -f1)  $f"
        done
    } > "$DIR/$NAME.manifest.tmp"
    mv "$DIR/$NAME.manifest.tmp" "$DIR/$NAME.manifest"
    cat "$DIR/$NAME.manifest"
}

# The generation's prior and weights against the engine as built, which still ships the previous
# generation's. Needs the machine to itself; resumes from its results file.
against_main() {  # seconds-a-move elo0 elo1 games out-suffix seed
    "$BIN/hippolyta-match" --size "$B" --st "$1" --random-plies 2 --seed "$6" \
        --engine1 "$BIN/hippolyta --weights $DIR/$NAME.weights --pattern-prior $DIR/$NAME.prior" \
        --name1 "$NAME" --engine2 "$BIN/hippolyta" --name2 main --concurrency 2 \
        --sprt "$2" "$3" 0.05 0.05 --games "$4" --out "$DIR/$NAME-$5"
}
# The screen, then (after a pass) the confirmation at 1 s a move, its own seed.
sprt() { against_main "$SPRT_TIME" 0 10 "$SPRT_GAMES" sprt "$SEED"; }
confirm() { against_main 1 -5 25 "$CONFIRM_GAMES" confirm "$((SEED + 1000))"; }

case "$STEP" in
    data) data ;;
    fit) fit ;;
    measure) measure ;;
    manifest) manifest ;;
    all) data && fit && measure && manifest ;;
    sprt) sprt ;;
    confirm) confirm ;;
    *) echo "unknown step '$STEP' (data, fit, measure, manifest, all, sprt, confirm)" >&2 && exit 2 ;;
esac
