#!/usr/bin/env bash
# Writes tests/fixtures/solver/all-records.hprf.gz: a small proof of the current version that
# holds every record type (W, L, C, B, S, R, G with several contested regions, Y), so that both
# proof checkers and the forgery tests exercise all of them. The root, a 5x5 position symmetric
# under the left-right mirror that White loses, was found by trying random symmetric positions;
# its split's merge writes the scopes and images, --sums the local leaves.
#   tools/make-all-records-proof.sh [SOLVER]     (SOLVER: build/bin/hippolyta-solve)
set -euo pipefail
cd "$(dirname "$0")/.."
solver=${1:-build/bin/hippolyta-solve}
root="5/BxxxB/1W1W1/1xxx1/2x2 w"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$solver" --position "$root" --split "$work/split" --quiet
"$solver" --shard 0/1 --dir "$work/split" --sums --table-mb 32 --quiet >/dev/null
"$solver" --merge "$work/split" >/dev/null
"$solver" --check "$work/split/proof.hprf"
gzip -9 -n -c "$work/split/proof.hprf" >tests/fixtures/solver/all-records.hprf.gz.tmp
mv tests/fixtures/solver/all-records.hprf.gz.tmp tests/fixtures/solver/all-records.hprf.gz
echo "wrote tests/fixtures/solver/all-records.hprf.gz" >&2
