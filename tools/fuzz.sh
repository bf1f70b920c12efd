#!/usr/bin/env bash
# Builds the libFuzzer targets (the clang ASan + UBSan build, build-sanitize) and runs each:
#   tools/fuzz.sh [--seconds N | --runs N] [--jobs N] [--corpus DIR] [--no-build]
#                 [--build-dir DIR] [TARGET...]
# TARGET is a name such as sgf or gtp_session (default: every target in tests/fuzz). Each run
# starts from a copy of tests/fuzz/corpus/TARGET in a scratch directory, so the checked-in
# corpus never grows; --corpus DIR keeps the corpus in DIR/TARGET instead, for a later run to
# resume from. libFuzzer's seed is fixed (1) unless --jobs. Prints a table (target, executions,
# exec/s, result) and exits non-zero on any crash, leak, timeout, out-of-memory or sanitizer
# report, keeping the input that caused it. --no-build runs the binaries as they are;
# --build-dir runs those in DIR/fuzz (a copy kept for a long run, say) and implies --no-build.
# --jobs N spreads each target over N processes sharing one corpus (libFuzzer's fork mode; the
# time or run limit is for all of them together); a timeout or out-of-memory then fails the run
# as a crash does. Without --jobs, --parallel P (default: the number of cores) runs P targets at
# once, each its own single process.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
runs=""
build_dir=build-sanitize
jobs=1
parallel=""
corpus_dir=""
do_build=1
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=$2; runs=""; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --parallel) parallel=$2; shift 2 ;;
        --corpus) corpus_dir=$2; shift 2 ;;
        --build-dir) build_dir=$2; do_build=0; shift 2 ;;
        --no-build) do_build=0; shift ;;
        -h|--help) sed -n 2,16p "$0"; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done

source tools/builds.sh

# The longest input each target is given: enough for its format, small enough to stay fast.
max_len() {
    case "$1" in
        move) echo 64 ;;
        position | text_command) echo 256 ;;
        gtp_line) echo 1024 ;;
        gtp_session | text_session | text_record | botzone_simple | botzone_json) echo 2048 ;;
        sau_session) echo 512 ;;
        sau_reader) echo 8192 ;;
        entrants) echo 2048 ;;
        net_file) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

[ "$do_build" -eq 1 ] && build_sanitize --target fuzz

if [ ${#targets[@]} -eq 0 ]; then
    for bin in "$build_dir"/fuzz/fuzz_*; do
        targets+=("$(basename "$bin" | sed 's/^fuzz_//')")
    done
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hippolyta-fuzz-run.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
artifacts="$build_dir/fuzz-artifacts"
mkdir -p "$artifacts"

# One process runs with a fixed seed. Fork mode's jobs would all share that seed, so there each
# draws its own; and fork mode ignores timeouts and out-of-memory unless told not to.
mode=(-seed=1)
[ "$jobs" -gt 1 ] && mode=(-fork="$jobs" -ignore_timeouts=0 -ignore_ooms=0)

# Executions and average exec/s from a log: the final statistics of a single process, or the
# last status line of fork mode ("#RUNS: cov: ... time: SECONDSs ...", whose own exec/s is
# that of the last job).
read_stats() {
    if [ "$jobs" -gt 1 ]; then
        sed -n 's/^#\([0-9]*\): .* time: \([0-9]*\)s .*/\1 \2/p' "$1" | tail -1 |
            awk '{ printf "%d %d\n", $1, $1 / ($2 > 0 ? $2 : 1) }'
    else
        echo "$(sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -1)" \
            "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$1" | tail -1)"
    fi
}

# fuzz_one TARGET: runs it and writes its table row (target|executions|exec/s|result) to
# $scratch/rows/TARGET.
fuzz_one() {
    local t=$1 bin="$build_dir/fuzz/fuzz_$1" row
    local work="${corpus_dir:-$scratch}/$t" log="$artifacts/$t/last-run.log"
    if [ ! -x "$bin" ]; then
        echo "$t|-|-|FAILED: no such target ($bin)" >"$scratch/rows/$t"
        return
    fi
    mkdir -p "$work" "$artifacts/$t"
    [ -d "tests/fuzz/corpus/$t" ] && cp -r "tests/fuzz/corpus/$t/." "$work/"
    local limit=(-max_total_time="$seconds")
    [ -n "$runs" ] && limit=(-runs="$runs")
    echo "fuzz.sh: $t (${limit[0]#-})" >&2
    local status=0 execs rate result crash
    "$bin" "${limit[@]}" "${mode[@]}" -max_len="$(max_len "$t")" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$t/" "$work" \
        >"$log" 2>&1 || status=$?
    read -r execs rate <<<"$(read_stats "$log")"
    if [ "$status" -eq 0 ]; then
        result=ok
    else
        crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        result="FAILED (exit $status; log $log${crash:+; input $crash})"
    fi
    echo "$t|${execs:-?}|${rate:-?}|$result" >"$scratch/rows/$t"
}

# Fork mode already keeps the cores busy; single processes share them, a few targets at a time.
[ -z "$parallel" ] && { [ "$jobs" -gt 1 ] && parallel=1 || parallel=$(nproc); }
mkdir -p "$scratch/rows"
for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
    fuzz_one "$t" &
done
wait
failed=0
rows=()
for t in "${targets[@]}"; do
    row=$(cat "$scratch/rows/$t" 2>/dev/null || echo "$t|-|-|FAILED: no result")
    [[ $row == *"|FAILED"* ]] && failed=1
    rows+=("$row")
done

printf '%-16s %12s %8s  %s\n' target executions exec/s result
for row in "${rows[@]}"; do
    IFS='|' read -r t e r res <<<"$row"
    printf '%-16s %12s %8s  %s\n' "$t" "$e" "$r" "$res"
done
exit "$failed"
