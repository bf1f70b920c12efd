#!/usr/bin/env bash
# tools/botzone-amalgamate.sh takes the single file's sources from the lists that the CMake
# targets write (build/botzone/engine-sources.txt, book-sources.txt): the opening book's sources
# in the file are exactly those its reader's list names, and a source added to or removed from
# that list is in or out of the file with no change to the script.
#   tests/botzone/amalgamate_sources_test.sh LISTS WORKDIR   (LISTS: the build's botzone folder)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd -P)
lists=$1
work=$2
fail() {
    echo "amalgamate_sources_test: FAILED: $*" >&2
    exit 1
}
rm -rf "$work"
mkdir -p "$work"

# amalgamate NAME BOOK_LIST: the single file (no book) from that list of the book's sources.
amalgamate() {
    bash "$root/tools/botzone-amalgamate.sh" -o "$work/$1.cpp" --no-book \
        --sources "$lists/engine-sources.txt" --book-sources "$2" ||
        fail "botzone-amalgamate.sh with the book's sources from $2"
}
# book_sources FILE: the opening book's .cpp files that the single file inlines (each starts
# with #line 1 "PATH").
book_sources() {
    sed -n 's/^#line 1 "\(opening-book\/.*\.cpp\)"$/\1/p' "$1" | LC_ALL=C sort
}

listed=$(grep -F "$root/opening-book/" "$lists/book-sources.txt" | sed "s#^$root/##" |
    LC_ALL=C sort)
[ -n "$listed" ] || fail "$lists/book-sources.txt names no source of opening-book/"
amalgamate listed "$lists/book-sources.txt"
words() { paste -sd ' ' <<<"$1"; }
[ "$(book_sources "$work/listed.cpp")" = "$listed" ] ||
    fail "the file's book sources ($(words "$(book_sources "$work/listed.cpp")")) are not the" \
        "list's ($(words "$listed"))"

# The list less its last source, and with a source of the book not in the reader.
removed=$(tail -n 1 <<<"$listed")
grep -vF "$root/$removed" "$lists/book-sources.txt" >"$work/fewer.txt"
amalgamate fewer "$work/fewer.txt"
[ "$(book_sources "$work/fewer.cpp")" = "$(grep -vxF "$removed" <<<"$listed")" ] ||
    fail "$removed is in the file without its list entry"
extra=opening-book/book_tree.cpp
! grep -qxF "$root/$extra" "$lists/book-sources.txt" || fail "$extra is in the reader's list"
{ cat "$lists/book-sources.txt"; echo "$root/$extra"; } >"$work/more.txt"
amalgamate more "$work/more.txt"
book_sources "$work/more.cpp" | grep -x "$extra" >/dev/null ||
    fail "$extra added to the list, not in the file"
echo "amalgamate_sources_test: the book's sources in the single file are its list's" \
    "($(words "$listed")), with $removed removed from the list and $extra added"
