#!/usr/bin/env bash
# A one-node Slurm cluster on localhost, to run the self-play jobs for real (Debian 12, as root):
#  1. installs slurm-wlm and munge (apt) and builds hippolyta-selfplay;
#  2. writes a minimal slurm.conf into WORKDIR (this node's real CPUs and memory, from
#     `slurmd -C`; nothing under /etc is changed) and starts munged, slurmctld and slurmd
#     (tools/slurm/cluster-lib.sh, which tools/slurm/solve-split-test.sh shares);
#  3. submits tools/slurm/selfplay.sbatch as a 4-task array job (small: 8x8, 2 games a shard,
#     100 visits) and tools/slurm/selfplay-merge.sbatch with --dependency=afterok on it;
#  4. waits, plays the same games in one local run and checks that the files are equal (cmp);
#  5. stops the daemons it started (by their pid files), unless --keep.
#   tools/slurm/local-cluster.sh [--keep] [WORKDIR]     (default WORKDIR: /tmp/hippolyta-slurm)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
# shellcheck source=tools/builds.sh
source tools/builds.sh

keep=0
if [ "${1:-}" = --keep ]; then
    keep=1
    shift
fi
work=${1:-/tmp/hippolyta-slurm}
# The run: the same options for the cluster and for the local check.
run_options=(--size 8 --games 8 --visits 100 --seed 11 --random-plies 2 --explore-plies 6)

say() { echo "local-cluster: $*"; }

install_missing slurm-wlm munge
say "building hippolyta-selfplay"
build_release --target hippolyta-selfplay
bin=$repo/build/bin

mkdir -p "$work"/{out,jobs}
rm -rf "$work"/out/* "$work"/jobs/*
# shellcheck source=tools/slurm/cluster-lib.sh
source tools/slurm/cluster-lib.sh
[ $keep = 1 ] || trap cluster_stop EXIT
cluster_start "$work"

export HIPPOLYTA_BIN=$bin
cd "$work/jobs"
array=$(sbatch --parsable --array=0-3 "$repo/tools/slurm/selfplay.sbatch" "$work/out" \
    "${run_options[@]}")
say "submitted the self-play array job $array (4 tasks)"
merge=$(sbatch --parsable --dependency=afterok:"$array" \
    "$repo/tools/slurm/selfplay-merge.sbatch" "$work/out")
say "submitted the merge job $merge (afterok:$array)"
squeue
cluster_wait "$merge" 900 || true
status=$(cluster_job_states "$merge" | awk '{print $2}')
say "merge job $merge: $status"
for f in selfplay-*.log; do
    echo "--- $f"
    cat "$f"
done
[ "$status" = COMPLETED ] || { say "the jobs did not complete"; exit 1; }

say "one local run with the same settings"
"$bin/hippolyta-selfplay" "${run_options[@]}" --out "$work/out/local.data" 2>&1 | tail -n 1
ls -l "$work/out"
if cmp "$work/out/selfplay.data" "$work/out/local.data"; then
    say "OK: the merged cluster data equals the local run byte for byte" \
        "($(sha256sum <"$work/out/local.data" | cut -c1-16))"
else
    say "FAILED: the merged cluster data differs from the local run"
    exit 1
fi
