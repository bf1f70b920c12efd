#!/usr/bin/env bash
# Robustness soaks (docs/robustness.md): self-play games under the sanitizers, and the memory
# bound of a long ponder.
#   tools/soak.sh [--asan] [--tsan] [--games N] [--seed S] [--sizes mixed|fixed] [--size N]
#                 [--param NAME=VALUE]...
#   tools/soak.sh --ponder-seconds S [--memory MB]
# --asan: the ASan + UBSan build (build-sanitize, as tools/quickstart.sh sanitize makes it);
# --tsan: ThreadSanitizer build in build-tsan, the engine with --threads 2. Neither: both.
# --param: a search or evaluation constant for the soaked engine (its --param), repeatable, so
# that a soak reaches options off by default (expand_visits, ordering, ...).
# --ponder-seconds: the Release build in build; ponder S seconds under --memory MB (256) and
# report the peak resident size. Exits non-zero when any soak found a problem.
set -euo pipefail
cd "$(dirname "$0")/.."

games=1000 seed=1 sizes=mixed size=8 asan=0 tsan=0 ponder=0 memory=256
params=()
while [ $# -gt 0 ]; do
    case "$1" in
        --asan) asan=1 ;;
        --tsan) tsan=1 ;;
        --games) games=$2; shift ;;
        --seed) seed=$2; shift ;;
        --sizes) sizes=$2; shift ;;
        --size) size=$2; shift ;;
        --ponder-seconds) ponder=$2; shift ;;
        --memory) memory=$2; shift ;;
        --param) params+=(--param "$2"); shift ;;
        *) echo "usage: tools/soak.sh [--asan] [--tsan] [--games N] [--seed S]" \
                "[--sizes mixed|fixed] [--size N] [--param NAME=VALUE]..." \
                "| --ponder-seconds S [--memory MB]" >&2
           exit 2 ;;
    esac
    shift
done
[ "$asan$tsan" = 00 ] && [ "$ponder" = 0 ] && asan=1 tsan=1

source tools/builds.sh
ENGINE_AND_SOAK=(--target hippolyta hippolyta-soak)

soak() {  # soak DIR NAME [ENGINE OPTIONS...]
    local dir=$1 name=$2
    shift 2
    local log=$dir/soak-$name-engine.log
    echo "== soak $name: $games games, seed $seed, engine log $log" >&2
    "$dir/bin/hippolyta-soak" \
        --engine "$dir/bin/hippolyta --move-time 0.005 --seed $seed ${params[*]} $*" \
        --games "$games" --sizes "$sizes" --size "$size" --seed "$seed" --engine-log "$log"
}

status=0
if [ "$ponder" != 0 ]; then
    build_release "${ENGINE_AND_SOAK[@]}"
    build/bin/hippolyta-soak --engine "build/bin/hippolyta ${params[*]}" --ponder-seconds "$ponder" \
        --memory "$memory" || status=1
fi
if [ "$asan" = 1 ]; then
    build_sanitize "${ENGINE_AND_SOAK[@]}"
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        soak build-sanitize asan || status=1
fi
if [ "$tsan" = 1 ]; then
    build_tsan "${ENGINE_AND_SOAK[@]}"
    TSAN_OPTIONS=${TSAN_OPTIONS:-second_deadlock_stack=1} soak build-tsan tsan --threads 2 ||
        status=1
fi
exit $status
