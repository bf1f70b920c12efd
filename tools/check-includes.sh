#!/usr/bin/env bash
# Compiles tracked .cpp files one by one, syntax only, so that a missing #include fails here: the
# unity builds compile several sources as one, where one source's includes serve the next. Each
# file gets its target's language standard (C++17 for engine/ and opening-book/, as the Botzone
# file needs; C++20 elsewhere), the project's include path and stand-ins for the build's
# definitions. No code is generated, but every header is still parsed: the whole tree takes
# about 10 minutes on 2 cores, so CI checks the sources changed since the commit named in
# .ci/includes-checked (those and the sources that include a changed header), and a developer
# who runs the whole check (--all) may move that commit up to the one checked.
#   tools/check-includes.sh [-j JOBS] [--all | --since COMMIT]   (default: --since the marker)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$root"
jobs=$(nproc)
since=$(cat .ci/includes-checked 2>/dev/null || true)
all=0
while [ $# -gt 0 ]; do
    case "$1" in
        -j) jobs=$2; shift 2 ;;
        --all) all=1; shift ;;
        --since) since=$2; shift 2 ;;
        *) echo "usage: tools/check-includes.sh [-j JOBS] [--all | --since COMMIT]" >&2; exit 2 ;;
    esac
done
[ -d .git ] || { echo "check-includes: needs a git checkout" >&2; exit 2; }
# tools/common/build_info.cpp includes a header the build generates (cmake/git_commit.cmake).
sources() { git ls-files '*.cpp' | grep -vx 'tools/common/build_info.cpp'; }
if [ "$all" = 1 ] || [ -z "$since" ]; then
    list=$(sources)
else
    git cat-file -e "$since^{commit}" 2>/dev/null ||
        { echo "check-includes: no commit $since (.ci/includes-checked); use --all" >&2; exit 2; }
    changed=$(git diff --name-only --diff-filter=AMR "$since" -- '*.cpp' '*.h')
    headers=$(grep '\.h$' <<<"$changed" || true)
    list=$( {
        grep '\.cpp$' <<<"$changed" || true
        # The sources that include a changed header by its project path.
        for h in $headers; do sources | xargs grep -l "#include \"$h\"" || true; done
    } | sort -u | grep -vx 'tools/common/build_info.cpp' || true)
fi
count=$(grep -c . <<<"$list" || true)
echo "check-includes: $count sources${since:+ (changed since ${since:0:12})}$([ "$all" = 1 ] && echo ", all")"
[ "$count" = 0 ] && exit 0
check_one() {
    local f=$1 std=c++20
    case "$f" in engine/* | opening-book/*) std=c++17 ;; esac
    if ! out=$(c++ -fsyntax-only -std=$std -I. -DHIPPOLYTA_VERSION='"0"' \
        -DHIPPOLYTA_SOURCE_DIR='"."' -DHIPPOLYTA_BIN_DIR='"."' -DHIPPOLYTA_FUZZ_BOOK_DIR='"."' \
        -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL -DFMT_SHARED -DBOOST_ALL_NO_LIB "$f" 2>&1); then
        printf 'check-includes: %s does not compile on its own:\n%s\n' "$f" "$out" >&2
        return 1
    fi
}
export -f check_one
xargs -P "$jobs" -I{} bash -c 'check_one "$1"' _ {} <<<"$list"
echo "check-includes: each compiles on its own"
