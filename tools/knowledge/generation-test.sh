#!/usr/bin/env bash
# tools/knowledge/generation.sh end to end, small: two 8x8 generations of four games each. Checks
# that a generation's manifest names its window's data and checksums, that both priors are
# measured on both held-out sets, that a rerun resumes without playing again, that a second
# directory remakes the same games byte for byte and the same fitted values, and that generation
# 2 fits on the window of both generations.
#   tools/knowledge/generation-test.sh BIN_DIR WORK_DIR
set -euo pipefail
export BIN=$1 GAMES=4
work=$2
gen=$(cd "$(dirname "$0")" && pwd -P)/generation.sh
fail() {
    echo "generation-test: $*" >&2
    exit 1
}
sums() { grep -E '^[0-9a-f]{64}  ' "$1"; }

rm -rf "$work"
mkdir -p "$work"
"$gen" 8 1 all "$work/a" > "$work/a.log"
m=$work/a/gen1-8x8.manifest
grep -q '^games: 4 ' "$m" || fail "the manifest does not count 4 games: $(cat "$m")"
grep -q -- '--seed 5918 --games 4 --visits 800' "$m" || fail "the manifest lacks the command"
[ "$(sums "$m" | wc -l)" = 3 ] || fail "the manifest has not 3 checksums: $(cat "$m")"
for set in heldout-8x8 heldout8k-8x8; do
    grep -A2 "^== $set.data" "$work/a/gen1-8x8.measure" | grep -q '^gen1-8x8: pattern prior (3): top1 0\.' ||
        fail "the new prior is not measured on $set"
done
grep -q '^held-out log-loss against the results' "$work/a/gen1-8x8.measure" ||
    fail "the evaluation is not measured"

# A rerun finds every game played and plays none.
before=$(sha256sum "$work/a/gen1-8x8.data")
"$gen" 8 1 data "$work/a" > /dev/null
[ "$(sha256sum "$work/a/gen1-8x8.data")" = "$before" ] || fail "the rerun changed the data"

# Elsewhere, the same steps remake the same data byte for byte, and the same prior and weights
# (their comment lines, which give the command and the fit's time, aside): the same checksums.
for step in data fit manifest; do "$gen" 8 1 "$step" "$work/b" > /dev/null; done
diff <(sums "$m") <(sums "$work/b/gen1-8x8.manifest") || fail "a second run made other files"

# Generation 2 plays its own games and fits on both generations' data.
for step in data fit manifest; do "$gen" 8 2 "$step" "$work/a" > /dev/null; done
m2=$work/a/gen2-8x8.manifest
grep -q -- '--seed 5928 ' "$m2" || fail "generation 2 does not play with its own seed"
for f in gen1-8x8.data gen2-8x8.data gen2-8x8.prior; do
    grep -q "  $f\$" "$m2" || fail "generation 2's manifest lacks $f"
done
cmp -s "$work/a/gen1-8x8.data" "$work/a/gen2-8x8.data" && fail "generation 2 replayed generation 1"
echo "generation-test: passed"
