#!/usr/bin/env bash
# The neural pipeline end to end, small enough for CI (well under a minute): three tiny 6x6
# self-play games, the tensor export, one training step, the net file, loading it in C++ and
# evaluating; a rerun resumes, and a resume with other settings and a damaged net file are refused.
#   tools/neural/smoke-test.sh BIN_DIR WORK_DIR
set -euo pipefail
bin=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd -P)
py=/usr/bin/python3
fail() { echo "smoke-test: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
"$bin/hippolyta-selfplay" --out "$work/sp.data" --games 3 --size 6 --visits 24 --seed 5 \
    >"$work/selfplay.log" 2>&1
"$bin/hippolyta-train" nn-export --data "$work/sp.data" --train-out "$work/train.tensor" \
    --held-out "$work/held.tensor" --hold-out-every 3 | tee "$work/export.log"
grep -q '^3 games (6x6)' "$work/export.log" || fail "the export did not read 3 games"
train=("$py" "$here/train.py" --train "$work/train.tensor" --held "$work/held.tensor"
       --dir "$work/run" --blocks 1 --channels 8 --rank 2 --hidden 8 --batch 16)
"${train[@]}" --steps 1 --net "$work/smoke.net" >"$work/train.out"
grep -q 'held out [1-9][0-9]* positions: policy top1' "$work/run/train.log" ||
    fail "no held-out figures in the training log"
# The same command again resumes from the checkpoint (nothing left to do) and writes the same net.
"${train[@]}" --steps 1 --net "$work/again.net" >"$work/again.out"
grep -q 'resumed at step 1' "$work/run/train.log" || fail "the rerun did not resume"
cmp -s "$work/smoke.net" "$work/again.net" || fail "the resumed run wrote another net"
if "${train[@]}" --steps 1 --lr 0.5 >"$work/resume.out" 2>&1; then
    fail "a resume with another learning rate was accepted"
fi
grep -q 'other settings' "$work/resume.out" || fail "the refused resume does not say why"
"$bin/hippolyta-train" nn-check --net "$work/smoke.net" --size 6 --top 3 | tee "$work/check.out"
grep -Eq '^value 0\.[0-9]{4} for white' "$work/check.out" || fail "no value from the C++ net"
[ "$(grep -c '^  [a-f][1-6]-' "$work/check.out")" -eq 3 ] || fail "no policy moves"
# A flipped byte in the middle of the net file: refused whole, with the reason.
cp "$work/smoke.net" "$work/bad.net"
printf '\x55' | dd of="$work/bad.net" bs=1 seek=200 conv=notrunc status=none
if "$bin/hippolyta-train" nn-check --net "$work/bad.net" >"$work/bad.out" 2>&1; then
    fail "a damaged net file was accepted"
fi
grep -q 'checksum mismatch' "$work/bad.out" || fail "the damaged file's refusal does not say why"
echo "smoke-test: passed"
