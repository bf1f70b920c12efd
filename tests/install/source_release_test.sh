#!/usr/bin/env bash
# ctest: makes the source tarball with CPack (as `cmake --build build --target package_source`
# does), checks what it holds, then unpacks it in a temporary folder and configures and builds
# the engine there with no network (a new network namespace when unshare allows) and no git (a
# git first on the PATH that fails the test if anything runs it). The engine built from the
# tarball must say version VERSION and the commit the tarball names, and count perft as the
# build tree's engine does; no code spells out the version. A unity build of the engine target
# alone, unoptimised, keeps it short; with ccache (as the build tree uses it) reruns are quick,
# the folder's path being fixed.
#   source_release_test.sh BUILD_DIR VERSION [COMPILER_LAUNCHER]
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
launcher=${3:-}
work=$build/source-release-test
name=hippolyta-$version
fail() { echo "source_release_test: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"

(cd "$build" && cpack --config CPackSourceConfig.cmake -B "$work/cpack" \
    -D CPACK_OUTPUT_FILE_PREFIX="$work" -D HIPPOLYTA_SOURCE_STAGE="$work/stage" \
    >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; fail "cpack failed"; }
tarball=$work/$name.tar.gz
[ -f "$tarball" ] || fail "no $tarball: $(ls "$work")"
rm -rf "$work/cpack" "$work/stage"

listing=$(tar tzf "$tarball")
grep -v "^$name/" <<<"$listing" && fail "files outside $name/"
for f in COPYING CHANGELOG.md README.md CMakeLists.txt COMMIT engine/weights/hippolyta.weights \
         engine/weights/10x10.hpn opening-book/books/10x10.book tests/install/source_release_test.sh; do
    grep -qx "$name/$f" <<<"$listing" || fail "$f not in the tarball"
done
grep -E "^$name/(build[^/]*|out[^/]*|runs)/|/\.git(/|$)" <<<"$listing" &&
    fail "build trees, run outputs or .git in the tarball"

src=$work/src
mkdir -p "$src" "$work/fake-bin"
tar xzf "$tarball" -C "$src"
# The version has one source, project() in CMakeLists.txt: no string in the code spells it out.
hardcoded=$(grep -rlE --include='*.cpp' --include='*.h' --include='*.sh' --include='*.py' \
    --include='*.cmake' --include='*.in' "\"[^\"]*\b${version//./\\.}\b" "$src/$name" || true)
[ -z "$hardcoded" ] || fail "version $version written in code: $hardcoded"
commit=$(cat "$src/$name/COMMIT")
[ -n "$commit" ] || fail "COMMIT is empty"
printf '#!/bin/sh\ntouch "%s/git-was-run"\nexit 1\n' "$work" >"$work/fake-bin/git"
chmod +x "$work/fake-bin/git"

isolate=()
if unshare -rn true 2>/dev/null; then
    isolate=(unshare -rn)
elif unshare -n true 2>/dev/null; then
    isolate=(unshare -n)
else
    echo "source_release_test: no network namespace here; the build runs with the network"
fi
# Release, as a user builds it, but unoptimised (-O0): what this test checks does not depend on
# the code generated, and the build takes a fraction of the time.
args=(-S "$src/$name" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O0
      -DCMAKE_UNITY_BUILD=ON)
[ -n "$launcher" ] && args+=("-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher")
(
    export PATH="$work/fake-bin:$PATH"
    "${isolate[@]}" cmake "${args[@]}" >"$work/configure.log" 2>&1 ||
        { cat "$work/configure.log" >&2; exit 1; }
    "${isolate[@]}" cmake --build "$work/build" -j 2 --target hippolyta >"$work/build.log" 2>&1 ||
        { tail -50 "$work/build.log" >&2; exit 1; }
) || fail "the tarball did not configure and build"
[ -e "$work/git-was-run" ] && fail "the build from the tarball ran git"

engine=$work/build/bin/hippolyta
first=$("$engine" --version | head -2)
[ "$first" = "hippolyta $version"$'\n'"commit $commit" ] ||
    fail "--version says '$first', not version $version and commit $commit"
expected=$("$build/bin/hippolyta" perft 3 6 | grep '^leaves:')
got=$("$engine" perft 3 6 | grep '^leaves:')
[ -n "$got" ] && [ "$got" = "$expected" ] || fail "perft: '$got', the build tree's: '$expected'"
rm -rf "$work"
echo "source_release_test: ok ($name.tar.gz, commit $commit, $got)"
