#!/usr/bin/env bash
# ctest: builds the Debian package from the build tree with CPack into OUT_DIR (kept there for
# install.lintian) and checks its name, its control fields and its file list: the books, the
# weights, the man pages, the docs, and Debian's copyright and changelog files; and the Studio's
# desktop launcher (desktop-file-validate, its command and icons in the package). The docs open
# with the package users' page, whose every program, option and path is in the package
# (package_readme.py), and whose links resolve (doc_links.py); the description names the Studio.
#   package_test.sh BUILD_DIR DEB_VERSION OUT_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
out=$3
command -v dpkg-deb >/dev/null || { echo "package_test: no dpkg-deb, skipped"; exit 0; }
fail() { echo "package_test: $*" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"

# The Studio in the desktop's Games menu: a valid launcher that runs the packaged program with
# --open, in the background, and icons of the sizes their folders say.
check_launcher() {  # TREE
    local launcher=$1/usr/share/applications/hippolyta-studio.desktop
    local icons=$1/usr/share/icons/hicolor
    command -v desktop-file-validate >/dev/null || fail "no desktop-file-validate (apt-get" \
        "install desktop-file-utils; tools/quickstart.sh test installs it)"
    desktop-file-validate "$launcher" || fail "desktop-file-validate rejects the launcher"
    grep -qx "Exec=hippolyta-studio --open" "$launcher" || fail "the launcher's Exec is not --open"
    [ -x "$1/usr/games/hippolyta-studio" ] || fail "the launcher's program is not in /usr/games"
    grep -qx "Terminal=false" "$launcher" || fail "the launcher opens a terminal"
    grep -qx "Categories=Game;BoardGame;" "$launcher" || fail "the launcher is not in Games"
    grep -qx "Icon=hippolyta-studio" "$launcher" || fail "the launcher's icon is not ours"
    local size
    for size in 48 256; do
        file "$icons/${size}x$size/apps/hippolyta-studio.png" |
            grep -q "PNG image data, $size x $size," ||
            fail "the ${size}x$size icon is not a PNG of that size"
    done
    /usr/bin/python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
        "$icons/scalable/apps/hippolyta-studio.svg" || fail "the SVG icon is not well-formed"
}

(cd "$build" && cpack -G DEB -B "$out/cpack" -D CPACK_OUTPUT_FILE_PREFIX="$out" \
    >"$out/cpack.log") || { cat "$out/cpack.log" >&2; fail "cpack failed"; }
rm -rf "$out/cpack"
deb=$out/hippolyta_${version}_amd64.deb
[ -f "$deb" ] || fail "no $deb: $(ls "$out")"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "version is not $version"
[ "$(dpkg-deb -f "$deb" Section)" = games ] || fail "section is not games"
maintainer=$(dpkg-deb -f "$deb" Maintainer)
[[ $maintainer =~ ^Hippolyta\ developers\ \<[a-z.-]+@hippolyta-amazons\.org\>$ ]] ||
    fail "Maintainer is not the project's own address: $maintainer"
# Read whole first: grep -q stops at its match, and under pipefail the writer's SIGPIPE would
# fail the test whenever the rest of a long field was still on its way.
description=$(dpkg-deb -f "$deb" Description)
grep -q "Hippolyta Studio (hippolyta-studio" <<<"$description" ||
    fail "the description does not name Hippolyta Studio"
grep -q "libc6" <<<"$(dpkg-deb -f "$deb" Depends)" ||
    fail "no shared-library dependencies: $(dpkg-deb -f "$deb" Depends)"
files=$(dpkg-deb -c "$deb" | awk '{print $6}')
doc=./usr/share/doc/hippolyta
for f in ./usr/games/hippolyta ./usr/games/hippolyta-match ./usr/games/hippolyta-book \
         ./usr/share/hippolyta/8x8.book ./usr/share/hippolyta/10x10.book \
         ./usr/share/hippolyta/hippolyta.weights ./usr/share/hippolyta/10x10.hpn \
         ./usr/share/man/man6/hippolyta.6.gz \
         ./usr/share/man/man6/hippolyta-book.6.gz $doc/README.md $doc/README.source.md \
         $doc/docs/matches.md \
         $doc/copyright $doc/changelog.gz $doc/changelog.Debian.gz \
         ./usr/share/applications/hippolyta-studio.desktop \
         ./usr/share/icons/hicolor/scalable/apps/hippolyta-studio.svg \
         ./usr/share/icons/hicolor/48x48/apps/hippolyta-studio.png \
         ./usr/share/icons/hicolor/256x256/apps/hippolyta-studio.png; do
    grep -qx "$f" <<<"$files" || fail "$f not in the package"
done

# The copyright file is DEP-5 and covers the data files; the Debian changelog is this version's.
tree=$out/tree
dpkg-deb -x "$deb" "$tree"
copyright=$tree/usr/share/doc/hippolyta/copyright
grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" \
    "$copyright" || fail "copyright is not in the machine-readable format"
grep -qx "Files: engine/weights/hippolyta.weights engine/weights/10x10.hpn opening-book/books/\*.book" \
    "$copyright" ||
    fail "copyright does not name the weights and the books"
[ "$(grep -c '^License: GPL-3+$' "$copyright")" -ge 2 ] || fail "copyright: not GPL-3+"
grep -q "GPL-3.0-or-later" "$copyright" || fail "copyright does not say GPL-3.0-or-later"
zcat "$tree/usr/share/doc/hippolyta/changelog.Debian.gz" | head -1 |
    grep -q "^hippolyta ($version) " || fail "changelog.Debian.gz does not start with $version"
grep -q '^\.SH "GTP COMMANDS"' <<<"$(zcat "$tree/usr/share/man/man6/hippolyta.6.gz")" ||
    fail "hippolyta(6) has no GTP COMMANDS section"
check_launcher "$tree"
here=$(cd "$(dirname "$0")" && pwd)
grep -q "^# Hippolyta, installed from the Debian package" "$tree/usr/share/doc/hippolyta/README.md" ||
    fail "README.md is not the package users' page"
/usr/bin/python3 "$here/package_readme.py" "$tree" || fail "the package's README.md is not true"
/usr/bin/python3 "$here/doc_links.py" "$tree/usr/share/doc/hippolyta" ||
    fail "dangling links in the package's docs"
rm -rf "$tree"
echo "package_test: ok ($(du -k "$deb" | cut -f1) KiB)"
