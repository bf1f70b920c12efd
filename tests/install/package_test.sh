#!/usr/bin/env bash
# ctest: builds the Debian package from the build tree with CPack into a temporary directory
# and checks its name, its control fields and its file list.
#   package_test.sh BUILD_DIR VERSION
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
command -v dpkg-deb >/dev/null || { echo "package_test: no dpkg-deb, skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "package_test: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$tmp" -D CPACK_OUTPUT_FILE_PREFIX="$tmp" >"$tmp/cpack.log") ||
    { cat "$tmp/cpack.log" >&2; fail "cpack failed"; }
deb=$tmp/hippolyta_${version}_amd64.deb
[ -f "$deb" ] || fail "no $deb: $(ls "$tmp")"
[ "$(dpkg-deb -f "$deb" Section)" = games ] || fail "section is not games"
dpkg-deb -f "$deb" Depends | grep -q "libc6" ||
    fail "no shared-library dependencies: $(dpkg-deb -f "$deb" Depends)"
files=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in ./usr/bin/hippolyta ./usr/bin/hippolyta-match ./usr/bin/hippolyta-book \
         ./usr/share/hippolyta/8x8.book ./usr/share/hippolyta/10x10.book \
         ./usr/share/man/man6/hippolyta.6.gz ./usr/share/man/man6/hippolyta-book.6.gz \
         ./usr/share/doc/hippolyta/README.md; do
    grep -qx "$f" <<<"$files" || fail "$f not in the package"
done
echo "package_test: ok ($(du -k "$deb" | cut -f1) KiB)"
