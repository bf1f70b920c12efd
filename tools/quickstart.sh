#!/usr/bin/env bash
# One entry point for the README's quick start, on Debian 12 as root (or with sudo):
#   tools/quickstart.sh engine [ENGINE OPTIONS...]   install what is missing, build, run the engine
#   tools/quickstart.sh test                         install what is missing, build, run all tests
#   tools/quickstart.sh sanitize                     the test suite under ASan + UBSan (clang)
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/builds.sh

mode=${1:-engine}
[ $# -gt 0 ] && shift
case "$mode" in
    engine)
        build_release --target hippolyta
        exec build/bin/hippolyta "$@"
        ;;
    test)
        install_missing "${TEST_PACKAGES[@]}"
        build_release
        # The Slurm test (label slurm) brings up a cluster: run it alone, `ctest -L slurm`; the
        # championship build's test (label windows) installs a cross-compiler and wine and
        # builds for Windows: `ctest -L windows`, a step of .ci/run.
        ctest --test-dir build --output-on-failure -j "$(nproc)" -LE "slurm|windows"
        ;;
    sanitize)
        build_sanitize
        ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" \
            -LE "slow|install|slurm|windows"
        ;;
    *)
        echo "usage: tools/quickstart.sh engine|test|sanitize [engine options]" >&2
        exit 2
        ;;
esac
