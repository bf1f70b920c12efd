#!/usr/bin/env bash
# ctest: installs the build to a temporary prefix and runs the installed engine from another
# directory: it finds its books beside itself (amz-book lists moves), the man pages and docs are
# in place and every link between the docs and from the tools' --help resolves there
# (doc_links.py), no path of the source tree is compiled in, and a lone copy of the binary says
# where it looked while the option and the variable point it at the data.
#   install_test.sh BUILD_DIR SOURCE_DIR BUILD_TYPE
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
build_type=${3:-Release}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
cd "$tmp"  # neither the source nor the build tree
unset HIPPOLYTA_DATA_DIR
p=$tmp/prefix
for f in bin/hippolyta bin/hippolyta-match bin/hippolyta-book share/hippolyta/8x8.book \
         share/hippolyta/10x10.book share/hippolyta/studio/index.html \
         share/hippolyta/studio/studio.js share/man/man6/hippolyta.6.gz \
         share/man/man6/hippolyta-match.6.gz share/doc/hippolyta/README.md \
         share/doc/hippolyta/docs/levels.md share/doc/hippolyta/copyright \
         share/doc/hippolyta/changelog.gz share/doc/hippolyta/changelog.Debian.gz \
         share/applications/hippolyta-studio.desktop \
         share/icons/hicolor/scalable/apps/hippolyta-studio.svg \
         share/icons/hicolor/48x48/apps/hippolyta-studio.png \
         share/icons/hicolor/256x256/apps/hippolyta-studio.png; do
    [ -e "$p/$f" ] || fail "$f not installed"
done
/usr/bin/python3 "$source_dir/tests/install/doc_links.py" "$p/share/doc/hippolyta" \
    --help "$p"/bin/* || fail "dangling links in the installed docs"

gtp() {  # ENGINE [ARGS...]: the answers to boardsize 10, amz-book info, amz-book
    printf 'boardsize 10\namz-book info\namz-book\nquit\n' | "$@" 2>"$tmp/stderr"
}
out=$(gtp "$p/bin/hippolyta")
grep -q "^= $p/share/hippolyta/10x10.book: [0-9]* positions" <<<"$out" ||
    fail "installed engine did not find its book: $out"
grep -q "visits [0-9]* value" <<<"$out" || fail "amz-book listed no moves: $out"

# Debug information and sanitizer diagnostics name the sources by design: Release builds only.
if [ "$build_type" = Release ] && grep -q "$source_dir" "$p/bin/hippolyta"; then
    fail "the source path is compiled in"
fi

# A copy of the binary with no data beside it: the answer and a log line name the places.
mkdir -p lonely/bin
cp "$p/bin/hippolyta" lonely/bin/
out=$(gtp lonely/bin/hippolyta)
grep -q "10x10.book not found in $tmp/lonely/share/hippolyta" <<<"$out" ||
    fail "no book: the answer does not say where it looked: $out"
grep -q "10x10.book not found in" "$tmp/stderr" || fail "no book: no log line"
out=$(gtp lonely/bin/hippolyta --data-dir "$p/share/hippolyta")
grep -q "visits [0-9]* value" <<<"$out" || fail "--data-dir not used: $out"
out=$(HIPPOLYTA_DATA_DIR="$p/share/hippolyta" gtp lonely/bin/hippolyta)
grep -q "visits [0-9]* value" <<<"$out" || fail "HIPPOLYTA_DATA_DIR not used: $out"
echo "install_test: ok"
