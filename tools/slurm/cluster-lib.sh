# shellcheck shell=bash
# Sourced by tools/slurm/local-cluster.sh and tools/slurm/solve-split-test.sh: a one-node Slurm
# cluster on localhost (Debian 12, as root, with slurm-wlm and munge installed), all of it in
# one folder. Messages start with the calling script's name.
#   cluster_start WORKDIR [REQUEUE_DELAY]
#                           writes WORKDIR/etc/slurm.conf (this node's real CPUs and memory,
#                           from `slurmd -C`; nothing under /etc is changed), exports SLURM_CONF,
#                           stops the daemons an earlier --keep run left, starts munged,
#                           slurmctld and slurmd, and waits (60 s at most) for the node;
#                           REQUEUE_DELAY: seconds a requeued job waits before it may start
#                           again (AuthInfo's cred_expire, also the lifetime of a job step's
#                           credential; Slurm's default, without it, is 120)
#   cluster_stop            cancels the jobs left and stops the daemons cluster_start started
#                           (by their pid files); set `trap cluster_stop EXIT` before
#                           cluster_start
#   cluster_job_states JOB  a line per task of the job (an array's too): ID STATE RESTARTS
#   cluster_wait JOB S      waits (S seconds at most) until every task of the job has ended;
#                           status 1 if it has not

cluster_work=""

cluster_say() { echo "$(basename "$0" .sh): $*"; }

cluster_stop() {
    [ -n "$cluster_work" ] || return 0
    local f pid jobs
    # Jobs still queued or running are cancelled first: a job's processes outlive slurmd.
    if [ -s "$cluster_work/run/slurmctld.pid" ] && kill -0 "$(cat "$cluster_work/run/slurmctld.pid")" \
        2>/dev/null; then
        mapfile -t jobs < <(squeue -h -o %A 2>/dev/null | sort -u)
        if [ ${#jobs[@]} -gt 0 ]; then
            scancel "${jobs[@]}" || true
            cluster_say "cancelled the jobs left: ${jobs[*]}"
            for _ in $(seq 60); do  # until their processes have ended
                [ -z "$(squeue -h 2>/dev/null)" ] && break
                sleep 1
            done
        fi
    fi
    for f in "$cluster_work/run/slurmd.pid" "$cluster_work/run/slurmctld.pid" \
        "$cluster_work/run/munged.pid"; do
        [ -s "$f" ] || continue
        pid=$(cat "$f")
        rm -f "$f"
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 30); do  # until it has exited (it may save state first)
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.5
        done
        cluster_say "stopped $(basename "$f" .pid) (pid $pid)"
    done
}

cluster_start() {
    cluster_work=$1
    local work=$1 host node socket auth
    auth=socket=$work/run/munge/munge.socket${2:+,cred_expire=$2}
    mkdir -p "$work"/{etc,state/ctld,state/d,log,run}
    host=$(hostname -s)
    node=$(slurmd -C | head -n 1)  # NodeName=HOST CPUs=.. Boards=.. ... RealMemory=..
    cat >"$work/etc/slurm.conf" <<EOF
# A single-node cluster on localhost for tools/slurm/cluster-lib.sh.
ClusterName=hippolyta
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=$auth
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
    cluster_say "slurm.conf: $SLURM_CONF ($node)"
    cluster_stop  # leftovers of an earlier --keep run

    # munged runs as the munge user with its socket and pid file in a folder of its own.
    mkdir -p "$work/run/munge"
    chown munge:munge "$work/run/munge"
    runuser -u munge -- /usr/sbin/munged --socket="$work/run/munge/munge.socket" \
        --pid-file="$work/run/munge/munged.pid" --log-file="$work/run/munge/munged.log"
    cp "$work/run/munge/munged.pid" "$work/run/munged.pid"
    socket=$work/run/munge/munge.socket  # slurm.conf's AuthInfo names it
    munge -n -S "$socket" | unmunge -S "$socket" >/dev/null && cluster_say "munge works"

    slurmctld -c -f "$SLURM_CONF"  # -c: no jobs recovered from an earlier run's state
    slurmd -f "$SLURM_CONF"
    for _ in $(seq 60); do
        sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
        sleep 1
    done
    sinfo
}

cluster_job_states() {
    scontrol -o show job "$1" 2>/dev/null | while read -r line; do
        local id state restarts
        id=$(grep -o 'JobId=[0-9]*' <<<"$line" | head -n 1 | cut -d= -f2)
        if grep -q 'ArrayTaskId=' <<<"$line"; then
            id=$(grep -o 'ArrayJobId=[0-9]*' <<<"$line" | cut -d= -f2)_$(grep -o \
                'ArrayTaskId=[^ ]*' <<<"$line" | cut -d= -f2)
        fi
        state=$(grep -o 'JobState=[A-Z_]*' <<<"$line" | cut -d= -f2)
        restarts=$(grep -o 'Restarts=[0-9]*' <<<"$line" | cut -d= -f2)
        echo "$id $state ${restarts:-0}"
    done
}

cluster_wait() {
    local job=$1 seconds=$2 states
    for _ in $(seq "$seconds"); do
        states=$(cluster_job_states "$job")
        if [ -n "$states" ] && ! awk '{print $2}' <<<"$states" |
            grep -qvxE 'COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED'; then
            return 0
        fi
        sleep 1
    done
    return 1
}
