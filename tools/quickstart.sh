#!/usr/bin/env bash
# One entry point for the README's quick start, on Debian 12 as root (or with sudo):
#   tools/quickstart.sh engine [ENGINE OPTIONS...]   install what is missing, build, run the engine
#   tools/quickstart.sh test                         install what is missing, build, run all tests
#   tools/quickstart.sh sanitize                     the test suite under ASan + UBSan
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(g++ cmake make libboost-dev libboost-program-options-dev libboost-filesystem-dev
          libspdlog-dev libgtest-dev nlohmann-json3-dev)

source tools/install_packages.sh

build() {  # build DIR [CMAKE ARGS...]
    local dir=$1
    shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >&2
    cmake --build "$dir" -j "$(nproc)" >&2
}

mode=${1:-engine}
[ $# -gt 0 ] && shift
case "$mode" in
    engine)
        install_missing "${PACKAGES[@]}"
        build build
        exec build/bin/hippolyta "$@"
        ;;
    test)
        install_missing "${PACKAGES[@]}"
        build build
        ctest --test-dir build --output-on-failure -j "$(nproc)"
        ;;
    sanitize)
        install_missing "${PACKAGES[@]}"
        build build-sanitize -DHIPPOLYTA_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
        ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" -LE slow
        ;;
    *)
        echo "usage: tools/quickstart.sh engine|test|sanitize [engine options]" >&2
        exit 2
        ;;
esac
