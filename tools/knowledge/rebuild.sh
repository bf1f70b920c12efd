#!/bin/bash
# Rebuilds the first learned knowledge from scratch with fixed seeds: the held-out sets, the
# self-play data and the pattern priors fitted to it (docs/learning.md). Every step resumes
# after a kill.
#
#   tools/knowledge/rebuild.sh [DIR] [STEP]    DIR: where the data goes (default runs/knowledge)
#                                              STEP: data, heldout-check, pattern, all,
#                                                    heldout8k (the second held-out sets, not
#                                                    part of all), or treestrap (the tree-sample
#                                                    experiment, not part of all)
#
# About 0.5 core-hours (self-play 0.35 on one core, the pattern fits 7 minutes on two). Needs
# build/ (the README's test command builds it). The games are reproducible with the same binary and --visits; the
# committed held-out files tests/fixtures/heldout/ are the ones this made at commit c7e6da7.
set -euo pipefail
cd "$(dirname "$0")/../.."
DIR=${1:-runs/knowledge}
STEP=${2:-all}
BIN=$PWD/build/bin
HELD=$PWD/tests/fixtures/heldout
mkdir -p "$DIR"
# The fits measure on the committed held-out games, copied beside the data.
for b in 10x10 8x8; do cp -n "$HELD/heldout-$b.data" "$DIR/heldout-$b.data"; done

selfplay() {  # board seed games file [visits]
    "$BIN/hippolyta-selfplay" --size "$1" --seed "$2" --games "$3" --visits "${5:-800}" \
        --param endgame_budget=0 --out "$DIR/$4" 2> "$DIR/$4.log"
}

data() {
    selfplay 10 9010 200 regenerated-heldout-10x10.data
    selfplay 8 9008 300 regenerated-heldout-8x8.data
    selfplay 10 4710 4000 train-10x10.data
    selfplay 8 4708 4240 train-8x8.data
}

# Whether this machine's games are the committed held-out ones (same binary behaviour).
same_as_committed() {  # played committed: files in DIR and tests/fixtures/heldout
    if cmp -s "$DIR/$1" "$HELD/$2"; then
        echo "$2: identical to the committed one"
    else
        echo "$2: differs from the committed one; fits measure on the committed one"
    fi
}

heldout_check() {
    for b in 10x10 8x8; do same_as_committed "regenerated-heldout-$b.data" "heldout-$b.data"; done
}

# The second held-out sets (tests/fixtures/heldout/heldout8k-*.data): labels from searches ten
# times deeper than self-play's, 8,000 visits a move (about 5 core-minutes on both boards).
heldout8k() {
    selfplay 10 9110 100 heldout8k-10x10.data 8000
    selfplay 8 9108 100 heldout8k-8x8.data 8000
    for b in 10x10 8x8; do same_as_committed "heldout8k-$b.data" "heldout8k-$b.data"; done
}

# The pattern move prior (docs/learning.md, "The pattern prior"), then its compiled-in copy.
pattern() {
    (cd "$DIR" && "$BIN/hippolyta-train" pattern --data train-10x10.data \
        --held-out heldout-10x10.data --epochs 8 --rate 0.05 --max-positions 150000 \
        --out pattern10.prior &&
        "$BIN/hippolyta-train" pattern --data train-8x8.data --held-out heldout-8x8.data \
            --epochs 6 --max-positions 80000 --out pattern8.prior)
    cp "$DIR/pattern10.prior" "$DIR/pattern8.prior" engine/weights/
    tools/embed-pattern-prior.sh "$BIN/hippolyta-train"
}

# Tree samples against the roots alone (docs/learning-results.md, "Labels from the search"): 1,000
# 10x10 games with their tree samples (about 5 core-minutes, 76 MB), then each fit with and
# without them, measured on the committed held-out games. Prints the figures; ships nothing.
treestrap() {
    "$BIN/hippolyta-selfplay" --size 10 --seed 4710 --games 1000 --visits 800 \
        --param endgame_budget=0 --tree-samples 16 --out "$DIR/treestrap-10x10.data" \
        2> "$DIR/treestrap-10x10.data.log"
    local fit=("$BIN/hippolyta-train")
    local on=(--data "$DIR/treestrap-10x10.data" --held-out "$DIR/heldout-10x10.data")
    for samples in "" "--tree-samples --calibrate" "--tree-samples --tree-sample-visits 64 --calibrate"; do
        echo "== eval, results alone $samples"
        # shellcheck disable=SC2086 # the options split on purpose
        "${fit[@]}" eval "${on[@]}" --own-size 10 --value-weight 0 $samples
    done
    for samples in "" "--tree-samples --tree-sample-visits 64" "--tree-samples"; do
        echo "== pattern prior $samples"
        # shellcheck disable=SC2086
        "${fit[@]}" pattern "${on[@]}" --epochs 8 --rate 0.05 $samples | grep -v '^epoch'
    done
}

case "$STEP" in
    data) data ;;
    heldout-check) heldout_check ;;
    pattern) pattern ;;
    treestrap) treestrap ;;
    heldout8k) heldout8k ;;
    all) data && heldout_check && pattern ;;
    *)
        echo "unknown step '$STEP' (data, heldout-check, pattern, all, heldout8k, treestrap)" >&2
        exit 2
        ;;
esac
