#!/usr/bin/env bash
# The proof solver's split on a one-node Slurm cluster on localhost, for real (Debian 12, as
# root), with one array task stopped and requeued:
#  1. installs slurm-wlm and munge (apt) and builds hippolyta-solve (or takes the one in
#     $HIPPOLYTA_BIN), starts the cluster (tools/slurm/cluster-lib.sh) and splits the 5x4 start
#     into WORKDIR/split (170 subproblems, 85 up to the mirror);
#  2. submits tools/slurm/solve-split.sbatch as a 4-task array, 64 MB tables, with the task
#     holding b1-b2/d2 (the subproblem the root's proof needs: White's winning move) capped at
#     half the nodes that subproblem takes from scratch (HIPPOLYTA_SOLVE_CAP_TASK: a node cap,
#     not a timer, so the stop is the same every run), and checks that b1-b2/d2 and the task's
#     other hard ones are left unknown, each with its checkpoint in the split;
#  3. requeues that task (scontrol requeue: no cap on a requeued run, which retries its unknown
#     subproblems), submits tools/slurm/solve-split-merge.sbatch with --dependency=afterok on
#     the array, and checks that b1-b2/d2 was resumed from its checkpoint (a loss for Black in
#     fewer nodes than from scratch, its checkpoint deleted, the requeued log listing it), that
#     no subproblem decided before was solved again, that the merge decides the root as a win
#     for White (a first-player win: Song and Müller 2014; docs/solver-results.md), and
#     that hippolyta-solve --check and tools/proof/hprf_check.py (required once it is in the
#     repository) accept the joined proof;
#  4. cancels the jobs left and stops the daemons it started (by their pid files) on every
#     exit, unless --keep.
# Every wait has a time limit; any failure exits with status 1. 80 to 120 s on 2 cores besides
# the build (a requeued task may start again after 20 s, cred_expire in slurm.conf, then waits
# for the next scheduling pass).
#   tools/slurm/solve-split-test.sh [--keep] [WORKDIR]   (default: /tmp/hippolyta-slurm-solve)
#   HIPPOLYTA_BIN=FOLDER tools/slurm/solve-split-test.sh   (FOLDER's hippolyta-solve, no build)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
# shellcheck source=tools/builds.sh
source tools/builds.sh
# shellcheck source=tools/slurm/cluster-lib.sh
source tools/slurm/cluster-lib.sh

keep=0
if [ "${1:-}" = --keep ]; then
    keep=1
    shift
fi
work=${1:-/tmp/hippolyta-slurm-solve}
shards=4
table_mb=64
# The options of every array task (--seconds: a bound only; 5x4's hardest subproblem takes
# about 4 s); the scratch solve below uses the same table.
options=(--table-mb "$table_mb" --seconds 120 --quiet)
started=$(date +%s)

say() { echo "solve-split-test: $*"; }
fail() {
    say "FAILED: $*"
    exit 1
}
finish() {
    local status=$?
    if [ $status != 0 ] && [ -d "$work/jobs" ]; then
        for f in "$work"/jobs/*.log; do
            [ -e "$f" ] || continue
            echo "--- $f (the last 30 lines)"
            tail -n 30 "$f"
        done
        [ -f "$work/log/slurmctld.log" ] && tail -n 20 "$work/log/slurmctld.log"
    fi
    [ $keep = 1 ] || cluster_stop
    say "$([ $status = 0 ] && echo passed || echo "FAILED (status $status)")" \
        "in $(($(date +%s) - started)) s"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

install_missing slurm-wlm munge
if [ -n "${HIPPOLYTA_BIN:-}" ]; then
    bin=$HIPPOLYTA_BIN
    say "hippolyta-solve from HIPPOLYTA_BIN: $bin"
else
    say "building hippolyta-solve"
    build_release --target hippolyta-solve
    bin=$repo/build/bin
fi
solve=$bin/hippolyta-solve
[ -x "$solve" ] || fail "$solve: not found"

mkdir -p "$work/jobs"
rm -rf "$work/split" "$work"/jobs/*
split=$work/split
"$solve" --size 5x4 --split "$split"
root=$(cat "$split/root.txt")
target=$(awk '$2 == "b1-b2/d2" {print $1}' "$split/tasks.txt")
[ -n "$target" ] || fail "b1-b2/d2 is not in $split/tasks.txt"
printf -v t4 %04d "$target"
cap_task=$((target % shards))
# b1-b2/d2 from scratch, as its array task solves it (same settings and table): its nodes.
position=$(awk -v t="$target" '$1 == t {print $3, $4}' "$split/tasks.txt")
scratch=$("$solve" --quiet --position "$position" --table-mb "$table_mb")
read -r scratch_outcome _ scratch_nodes _ <<<"$scratch"
[ "$scratch_outcome" = loss ] || fail "b1-b2/d2 from scratch: $scratch (expected a loss for Black)"
cap=$((scratch_nodes / 2))
say "subproblem $target b1-b2/d2 (array task $cap_task) takes $scratch_nodes nodes from" \
    "scratch; that task is capped at $cap"

cluster_start "$work" 20  # a requeued task may start again after 20 s (not 120)
export HIPPOLYTA_BIN=$bin HIPPOLYTA_REPO=$repo
cd "$work/jobs"

# 1. The array, one task capped.
array=$(HIPPOLYTA_SOLVE_CAP_TASK=$cap_task HIPPOLYTA_SOLVE_CAP_NODES=$cap \
    sbatch --parsable --array=0-$((shards - 1)) --mem=512M \
    "$repo/tools/slurm/solve-split.sbatch" "$split" "${options[@]}")
say "submitted the array job $array ($shards tasks; task $cap_task capped at $cap nodes)"
cluster_wait "$array" 300 || fail "the array job $array has not ended in 300 s"
states=$(cluster_job_states "$array")
echo "$states"
[ "$(awk '$2 != "COMPLETED"' <<<"$states")" = "" ] || fail "a task did not complete"
pass1=$(($(date +%s) - started))

result=$(cat "$split/result-$t4.txt")
read -r _ _ outcome nodes1 _ <<<"$result"
[ "$outcome" = unknown ] || fail "capped: $result (expected unknown)"
[ "$nodes1" -ge "$cap" ] || fail "capped: $result (fewer nodes than the cap $cap)"
[ -s "$split/checkpoint-$t4.ckpt" ] || fail "capped: no $split/checkpoint-$t4.ckpt"
checkpoint_bytes=$(stat -c %s "$split/checkpoint-$t4.ckpt")
grep -l ' unknown ' "$split"/result-*.txt >"$work/unknown-pass1.txt" || true
while read -r f; do
    i=$(basename "$f" .txt)
    i=${i#result-}
    [ $((10#$i % shards)) = "$cap_task" ] || fail "an uncapped task left $f unknown: $(cat "$f")"
    [ -s "$split/checkpoint-$i.ckpt" ] || fail "$f is unknown without its checkpoint"
done <"$work/unknown-pass1.txt"
unknowns=$(wc -l <"$work/unknown-pass1.txt")
checkpoints=$(cat "$split"/*.ckpt | wc -c)
peak_bytes=$(du -sb "$split" | cut -f1)
say "capped: $result; $unknowns subproblems of task $cap_task unknown, each with its" \
    "checkpoint ($checkpoints bytes in all; b1-b2/d2's $checkpoint_bytes); the split: $peak_bytes bytes"
cp "$split/history.txt" "$work/history-pass1.txt"

# 2. Requeue the capped task (no cap on a requeued run), then the merge after the array.
scontrol requeue "${array}_$cap_task"
requeued() { cluster_job_states "${array}_$cap_task" | awk '$3 >= 1 {r = 1} END {exit !r}'; }
for _ in $(seq 30); do
    requeued && break
    sleep 1
done
requeued || fail "scontrol requeue ${array}_$cap_task: not requeued in 30 s"
say "requeued ${array}_$cap_task: $(cluster_job_states "${array}_$cap_task")"
merge=$(sbatch --parsable --dependency=afterok:"$array" --mem=1G \
    "$repo/tools/slurm/solve-split-merge.sbatch" "$split")
say "submitted the merge job $merge (afterok:$array)"
cluster_wait "$array" 300 || fail "the requeued task has not ended in 300 s"
cluster_wait "$merge" 300 || fail "the merge job $merge has not ended in 300 s"
cluster_job_states "$array"
cluster_job_states "$merge"
[ "$(cluster_job_states "${array}_$cap_task")" = "${array}_$cap_task COMPLETED 1" ] ||
    fail "the requeued task: $(cluster_job_states "${array}_$cap_task")"
log=solve-split-${array}_$cap_task.log
echo "--- $log"
cat "$log"
merge_log=solve-split-merge-$merge.log
echo "--- $merge_log"
cat "$merge_log"
[ "$(cluster_job_states "$merge" | awk '{print $2}')" = COMPLETED ] || fail "the merge job failed"

# 3. Did the requeued run resume b1-b2/d2 from its checkpoint, and skip what was done?
result=$(cat "$split/result-$t4.txt")
read -r _ _ outcome nodes2 _ <<<"$result"
[ "$outcome" = loss ] || fail "requeued: $result (expected a loss for Black)"
[ ! -e "$split/checkpoint-$t4.ckpt" ] || fail "decided, yet its checkpoint is still there"
grep -q "^solve-split: checkpoints on disk:.* checkpoint-$t4.ckpt" "$log" ||
    fail "the requeued run's log does not list checkpoint-$t4.ckpt"
[ "$(grep -c "^$target " "$split/history.txt")" = 2 ] || fail "b1-b2/d2 was not solved twice"
[ "$nodes2" -lt "$scratch_nodes" ] ||
    fail "requeued: $nodes2 nodes, not fewer than $scratch_nodes from scratch: not resumed"
if grep -q resumed <<<"$result"; then
    resumed="the solver says resumed"
else
    resumed="$nodes2 nodes after the capped run's $nodes1, against $scratch_nodes from scratch"
fi
say "requeued: $result ($resumed)"
# Every subproblem decided in the first pass has its one line in the history still.
while read -r index _ outcome _; do
    [ "$outcome" = unknown ] && continue
    [ "$(grep -c "^$index " "$split/history.txt")" = 1 ] || fail "subproblem $index solved again"
done <"$work/history-pass1.txt"
redone=$(($(wc -l <"$split/history.txt") - $(wc -l <"$work/history-pass1.txt")))
[ "$redone" = "$unknowns" ] || fail "the requeued run solved $redone subproblems, not $unknowns"
[ -z "$(find "$split" -name '*.ckpt')" ] || fail "checkpoints left: every subproblem is decided"

# 4. The merge: the root, and both checkers on the joined proof.
grep -q '^root: win for the side to move' "$merge_log" || fail "the merge does not give a win"
[ "${root##* }" = w ] || fail "$split/root.txt: $root (White to move expected)"
[ -s "$split/proof.hprf" ] || fail "no $split/proof.hprf"
grep -qF "valid: win for the side to move in $root (" "$merge_log" ||
    fail "the merge job's --check does not accept $split/proof.hprf as a win in $root"
check=$("$solve" --check "$split/proof.hprf") || fail "--check: $check"
say "hippolyta-solve --check: $check"
checker=$repo/tools/proof/hprf_check.py
if [ -f "$checker" ]; then
    grep -q "^solve-split-merge: hprf_check.py accepts $split/proof.hprf" "$merge_log" ||
        fail "the merge job did not run $checker"
    python3 "$checker" "$split/proof.hprf" || fail "$checker rejects $split/proof.hprf"
    say "tools/proof/hprf_check.py accepts the proof"
else
    say "NOTE: $checker is not in the repository yet: the second check skipped"
fi
final_bytes=$(du -sb "$split" | cut -f1)
say "OK: the 5x4 start is a first-player win (b1-b2/d2), its joined proof checked; the split" \
    "folder $peak_bytes bytes with the checkpoints, $final_bytes at the end; first pass" \
    "$pass1 s, all $(($(date +%s) - started)) s"
