#!/usr/bin/env bash
# A one-node Slurm cluster on localhost, to run the self-play jobs for real (Debian 12, as root):
#  1. installs slurm-wlm and munge (apt) and builds hippolyta-selfplay;
#  2. writes a minimal slurm.conf into WORKDIR (this node's real CPUs and memory, from
#     `slurmd -C`; nothing under /etc is changed) and starts munged, slurmctld and slurmd;
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

mkdir -p "$work"/{etc,state/ctld,state/d,log,run,out,jobs}
rm -rf "$work"/out/* "$work"/jobs/*
host=$(hostname -s)
node=$(slurmd -C | head -n 1)  # NodeName=HOST CPUs=.. Boards=.. ... RealMemory=..
cat >"$work/etc/slurm.conf" <<EOF
# A single-node cluster on localhost for tools/slurm/local-cluster.sh.
ClusterName=hippolyta
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/run/munge/munge.socket
StateSaveLocation=$work/state/ctld
SlurmdSpoolDir=$work/state/d
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/etc/slurm.conf
say "slurm.conf: $SLURM_CONF ($node)"

stop_daemons() {
    for f in "$work/run/slurmd.pid" "$work/run/slurmctld.pid" "$work/run/munged.pid"; do
        [ -s "$f" ] || continue
        pid=$(cat "$f")
        rm -f "$f"
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 30); do  # until it has exited (it may save state first)
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.5
        done
        say "stopped $(basename "$f" .pid) (pid $pid)"
    done
}
[ $keep = 1 ] || trap stop_daemons EXIT
stop_daemons  # leftovers of an earlier --keep run

# munged runs as the munge user with its socket and pid file in a folder of its own.
mkdir -p "$work/run/munge"
chown munge:munge "$work/run/munge"
runuser -u munge -- /usr/sbin/munged --socket="$work/run/munge/munge.socket" \
    --pid-file="$work/run/munge/munged.pid" --log-file="$work/run/munge/munged.log"
cp "$work/run/munge/munged.pid" "$work/run/munged.pid"
socket=$work/run/munge/munge.socket  # slurm.conf's AuthInfo names it
munge -n -S "$socket" | unmunge -S "$socket" >/dev/null && say "munge works"

slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
    sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
    sleep 1
done
sinfo

export HIPPOLYTA_BIN=$bin
cd "$work/jobs"
array=$(sbatch --parsable --array=0-3 "$repo/tools/slurm/selfplay.sbatch" "$work/out" \
    "${run_options[@]}")
say "submitted the self-play array job $array (4 tasks)"
merge=$(sbatch --parsable --dependency=afterok:"$array" \
    "$repo/tools/slurm/selfplay-merge.sbatch" "$work/out")
say "submitted the merge job $merge (afterok:$array)"
squeue
status=""
for _ in $(seq 900); do
    status=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
    case "$status" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) break ;; esac
    sleep 1
done
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
