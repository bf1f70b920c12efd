#!/usr/bin/env bash
# Remakes tests/fixtures/nn: an untrained net (seed 7, weights x2.5 for varied outputs, 2 blocks
# x 16 channels, rank 4) and the PyTorch reference of its outputs at the fixed reference
# positions, which tests/unit/nn_network_test.cpp compares the C++ forward pass against.
#   tools/neural/make-fixture.sh BIN_DIR
set -euo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/hippolyta-train" nn-check --reference-positions "$tmp/ref"
/usr/bin/python3 "$root/tools/neural/export.py" --random 7 --scale 2.5 --blocks 2 --channels 16 \
    --rank 4 --hidden 16 --out "$root/tests/fixtures/nn/tiny.net"
/usr/bin/python3 "$root/tools/neural/reference.py" --net "$root/tests/fixtures/nn/tiny.net" \
    --positions "$tmp/ref" --out "$root/tests/fixtures/nn/reference.txt"
