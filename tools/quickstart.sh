#!/usr/bin/env bash
# One entry point for the README's quick start, on Debian 12 as root (or with sudo):
#   tools/quickstart.sh engine [ENGINE OPTIONS...]   install what is missing, build, run the engine
#   tools/quickstart.sh test                         install what is missing, build, run all tests
#   tools/quickstart.sh sanitize                     the test suite under ASan + UBSan
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(g++ cmake make libboost-dev libboost-program-options-dev libboost-filesystem-dev
          libspdlog-dev libgtest-dev nlohmann-json3-dev)

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "quickstart: installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

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
        install_missing
        build build
        exec build/bin/hippolyta "$@"
        ;;
    test)
        install_missing
        build build
        ctest --test-dir build --output-on-failure -j "$(nproc)"
        ;;
    sanitize)
        install_missing
        build build-sanitize -DHIPPOLYTA_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
        ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" -LE slow
        ;;
    *)
        echo "usage: tools/quickstart.sh engine|test|sanitize [engine options]" >&2
        exit 2
        ;;
esac
