# Sourced by the scripts in tools/: the project's three builds, one function each, so that every
# script configures a build directory the same way (one directory configured two ways would be
# rebuilt from scratch, or refused when the compiler differs). Each installs the Debian packages
# it needs, then takes extra `cmake --build` arguments (for example --target hippolyta).
#   build_release   build            g++, Release: the engine, the tools and the test suite
#   build_sanitize  build-sanitize   clang, ASan + UBSan: the same, plus the libFuzzer targets
#   build_tsan      build-tsan       g++, ThreadSanitizer (for the soak with search threads)
# Unity builds (several sources compiled as one) cut a clean build's time by about a third.

# install_missing PACKAGE...: apt-get install (as root, or with sudo) those not installed yet.
install_missing() {
    command -v dpkg-query >/dev/null || return 0  # not Debian: the packages are up to you
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "$(basename "$0"): installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# help2man makes the man pages; dpkg-dev (dpkg-shlibdeps) and file serve the Debian package.
BASE_PACKAGES=(g++ cmake make libboost-dev libboost-program-options-dev libboost-filesystem-dev
               libspdlog-dev libgtest-dev nlohmann-json3-dev zlib1g-dev help2man dpkg-dev file)
# What the test suite needs besides the build: headless Chromium for the HTML report's browser
# test (tests/browser); clang, which compiles the Botzone single file as a second compiler
# (tools/botzone-single-test.sh); lintian, which checks the Debian package (install.lintian);
# Python 3 for the layering check (tools/check-layers.py) and the doc-link check; Debian's
# PyTorch and numpy for the neural smoke test (tools/neural/smoke-test.sh); and
# desktop-file-utils, whose desktop-file-validate checks the Studio's launcher (install.package).
TEST_PACKAGES=(chromium clang lintian python3 python3-torch python3-numpy desktop-file-utils)

configure_and_build() {  # DIR "CMAKE ARGS" [BUILD ARGS...]
    local dir=$1 args=$2
    shift 2
    # shellcheck disable=SC2086  # the cmake arguments are words
    cmake -S . -B "$dir" -DCMAKE_UNITY_BUILD=ON $args >&2
    cmake --build "$dir" -j "$(nproc)" "$@" >&2
}

build_release() {
    install_missing "${BASE_PACKAGES[@]}"
    configure_and_build build "-DCMAKE_BUILD_TYPE=Release" "$@"
}

build_sanitize() {
    install_missing "${BASE_PACKAGES[@]}" clang
    CC=clang CXX=clang++ configure_and_build build-sanitize \
        "-DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIPPOLYTA_FUZZ=ON" "$@"
}

build_tsan() {
    install_missing "${BASE_PACKAGES[@]}"
    configure_and_build build-tsan "-DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIPPOLYTA_TSAN=ON" "$@"
}
