#!/usr/bin/env bash
# Writes the single C++ source file that Botzone needs for upload: every engine source, the
# opening book's reader, the Botzone front and its main, with the project's headers inlined
# where they are first included, once each, as the preprocessor would, and the 8x8 opening book
# embedded in base64. Needs only bash and coreutils. The result is C++17 as GCC 7 knows it
# (tools/check-gcc7.sh); compile it as Botzone's "C++17" language does:
# g++ -D_BOTZONE_ONLINE -D_GLIBCXX_USE_CXX11_ABI=0 -O2 -Wall -mavx -std=c++17 OUTPUT -lpthread
#
#   tools/botzone-amalgamate.sh [-o OUTPUT] [--book FILE | --no-book] [--sources LIST]
#                               [--book-sources LIST]
#
# OUTPUT defaults to build/botzone/hippolyta_botzone.cpp; FILE to opening-book/books/8x8.book.
# The sources come from the CMake targets, as lists that CMake writes when it configures the
# build: --sources, the engine's (the player's target, hippolyta_player, and the libraries it
# links: the rules core and regions), build/botzone/engine-sources.txt by default;
# --book-sources, the opening book's reader's (hippolyta_book_reader),
# build/botzone/book-sources.txt by default.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd -P)
out=$root/build/botzone/hippolyta_botzone.cpp
book=$root/opening-book/books/8x8.book
source_list=$root/build/botzone/engine-sources.txt
book_source_list=$root/build/botzone/book-sources.txt
while [ $# -gt 0 ]; do
    case "$1" in
        -o) out=$2; shift 2 ;;
        --book) book=$2; shift 2 ;;
        --no-book) book=""; shift ;;
        --sources) source_list=$2; shift 2 ;;
        --book-sources) book_source_list=$2; shift 2 ;;
        *) echo "usage: $0 [-o OUTPUT] [--book FILE | --no-book] [--sources LIST]" \
               "[--book-sources LIST]" >&2; exit 2 ;;
    esac
done
book_label="(none)"
if [ -n "$book" ]; then
    [ -f "$book" ] || { echo "botzone-amalgamate: no book file $book" >&2; exit 1; }
    book=$(realpath "$book")
    book_label=${book#"$root/"}
fi

declare -A seen=()

fail() { echo "botzone-amalgamate: $*" >&2; exit 1; }

# The book file as adjacent string literals of base64, 100 digits a line ("" without a book).
book_literal() {
    if [ -z "$book" ]; then
        echo '    ""'
    else
        base64 -w 100 "$book" | sed 's/.*/    "&"/'
    fi
}

# emit FILE NAME: copies FILE, replacing the first #include of each project header by its text
# (files are told apart by their real paths). #line keeps compiler messages pointing at the
# original files. Comment-only lines are left blank, to keep the upload small.
emit() {
    local file=$1 name=$2 line n=0 inc target
    seen[$file]=1
    printf '#line 1 "%s"\n' "$name"
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        if [[ $line == '@BOTZONE_BOOK_BASE64@' ]]; then
            book_literal
            printf '#line %d "%s"\n' $((n + 1)) "$name"
            continue
        fi
        if [[ $line != *'#'* ]]; then
            if [[ $line =~ ^[[:space:]]*// ]]; then
                echo
            else
                printf '%s\n' "$line"
            fi
            continue
        fi
        if [[ $line =~ ^[[:space:]]*#[[:space:]]*pragma[[:space:]]+once ]]; then
            echo
            continue
        fi
        target=""
        if [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"]+)\" ]]; then
            inc=${BASH_REMATCH[1]}
            if [ -f "$root/$inc" ]; then
                target=$(realpath "$root/$inc")
            elif [ -f "$(dirname "$file")/$inc" ]; then
                target=$(realpath "$(dirname "$file")/$inc")
            else
                fail "$name:$n: cannot find \"$inc\""
            fi
            inc=${target#"$root/"}
        elif [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<((nlohmann|spdlog|boost|fmt|gtest)/[^\>]*)\> ]]; then
            fail "$name:$n: <${BASH_REMATCH[1]}> is not available on Botzone; keep engine/ and the Botzone front standard C++"
        fi
        if [ -z "$target" ]; then
            printf '%s\n' "$line"
            continue
        fi
        if [ -z "${seen[$target]:-}" ]; then
            emit "$target" "$inc"
            printf '#line %d "%s"\n' $((n + 1)) "$name"
        else
            echo
        fi
    done <"$file"
}

# sources_of LIST: the tree's sources that LIST (written by CMake) names, as paths from the
# root, sorted. A unity build adds its generated sources (under a CMakeFiles folder of the
# build) to such a list: those are left out.
sources_of() {
    grep -F "$root/" "$1" | grep -vF /CMakeFiles/ | sed "s#^$root/##" | LC_ALL=C sort
}

cd "$root"
for list in "$source_list" "$book_source_list"; do
    [ -f "$list" ] || fail "no source list $list: configure a build first (cmake -S . -B build)"
done
# The player's sources, as its CMake target lists them: not the game records, the benchmarks,
# the proof solver and checker, or (for now) the network: the bot keeps the linear model.
mapfile -t engine_sources < <(sources_of "$source_list")
[ ${#engine_sources[@]} -gt 0 ] || fail "$source_list names no source of $root"
# Only what the bot needs of the opening book, as its reader's CMake target lists it: the book,
# its file format and the symmetries.
mapfile -t book_sources < <(sources_of "$book_source_list")
[ ${#book_sources[@]} -gt 0 ] || fail "$book_source_list names no source of $root"
sources=("${engine_sources[@]}" "${book_sources[@]}")
mapfile -t -O ${#sources[@]} sources < <(find adapters/botzone -name '*.cpp' | LC_ALL=C sort)
sources+=(adapters/botzone/botzone_main.cpp.in)

mkdir -p "$(dirname "$out")"
tmp=$out.tmp.$$
trap 'rm -f "$tmp"' EXIT
{
    echo "// Hippolyta for Botzone (8x8 Amazons): one file made by tools/botzone-amalgamate.sh"
    echo "// from $(git -C "$root" describe --always --dirty 2>/dev/null || echo 'a source tree')."
    echo "// Do not edit; regenerate. Botzone language \"C++17\" (GCC 7); to build here:"
    echo "// g++ -D_BOTZONE_ONLINE -D_GLIBCXX_USE_CXX11_ABI=0 -O2 -Wall -mavx -std=c++17 $(basename "$out") -lpthread"
    echo "// Embeds the opening book $book_label in base64."
    for s in "${sources[@]}"; do emit "$(realpath "$root/$s")" "$s"; done
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "botzone-amalgamate: wrote $out ($(wc -c <"$out") bytes, ${#sources[@]} sources)" >&2
