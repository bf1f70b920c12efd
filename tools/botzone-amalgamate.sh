#!/usr/bin/env bash
# Writes the single C++ source file that Botzone needs for upload: every engine source, the
# opening book's reader, the Botzone front and its main, with the project's headers (and
# nlohmann/json's) inlined where they are first included, once each, as the preprocessor would,
# and the 8x8 opening book embedded in base64. Needs only bash and coreutils.
#
#   tools/botzone-amalgamate.sh [-o OUTPUT] [--json-include DIR] [--book FILE | --no-book]
#
# OUTPUT defaults to build/botzone/hippolyta_botzone.cpp; DIR (where nlohmann/json.hpp lives)
# to /usr/include; FILE to opening-book/books/8x8.book. Compile the result with:
# g++ -O2 -std=c++20 OUTPUT
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd -P)
out=$root/build/botzone/hippolyta_botzone.cpp
json_dir=/usr/include
book=$root/opening-book/books/8x8.book
while [ $# -gt 0 ]; do
    case "$1" in
        -o) out=$2; shift 2 ;;
        --json-include) json_dir=$2; shift 2 ;;
        --book) book=$2; shift 2 ;;
        --no-book) book=""; shift ;;
        *) echo "usage: $0 [-o OUTPUT] [--json-include DIR] [--book FILE | --no-book]" >&2; exit 2 ;;
    esac
done
book_label="(none)"
if [ -n "$book" ]; then
    [ -f "$book" ] || { echo "botzone-amalgamate: no book file $book" >&2; exit 1; }
    book=$(realpath "$book")
    book_label=${book#"$root/"}
fi
if [ ! -f "$json_dir/nlohmann/json.hpp" ]; then
    echo "botzone-amalgamate: $json_dir/nlohmann/json.hpp not found (apt install nlohmann-json3-dev)" >&2
    exit 1
fi
json_dir=$(cd "$json_dir" && pwd -P)

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

# emit FILE NAME VENDOR: copies FILE, replacing the first #include of each project or
# nlohmann header by its text (files are told apart by their real paths). #line keeps compiler messages pointing at the original files.
# Vendor files lose their comment-only lines (kept blank) to keep the upload small, except their
# SPDX copyright and licence lines.
emit() {
    local file=$1 name=$2 vendor=$3 line n=0 inc target
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
            if [ "$vendor" = 1 ] && [[ $line =~ ^[[:space:]]*// ]] && [[ $line != *SPDX-* ]]; then
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
        elif [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<(nlohmann/[^\>]+)\> ]]; then
            inc=${BASH_REMATCH[1]}
            [ -f "$json_dir/$inc" ] || fail "$name:$n: cannot find <$inc> in $json_dir"
            target=$(realpath "$json_dir/$inc")
        elif [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\<((spdlog|boost|fmt|gtest)/[^\>]*)\> ]]; then
            fail "$name:$n: <${BASH_REMATCH[1]}> is not available on Botzone; keep engine/ and the Botzone front standard C++"
        fi
        if [ -z "$target" ]; then
            printf '%s\n' "$line"
            continue
        fi
        if [ -z "${seen[$target]:-}" ]; then
            local child_vendor=$vendor
            [[ $target != "$root/"* ]] && child_vendor=1
            emit "$target" "$inc" "$child_vendor"
            printf '#line %d "%s"\n' $((n + 1)) "$name"
        else
            echo
        fi
    done <"$file"
}

cd "$root"
mapfile -t engine_sources < <(find engine -name '*.cpp' | LC_ALL=C sort)
# Only what the bot needs of the opening book: the book, its file format and the symmetries.
book_sources=(opening-book/book.cpp opening-book/book_file.cpp opening-book/symmetry.cpp)
sources=("${engine_sources[@]}" "${book_sources[@]}" adapters/botzone_front.cpp)
mapfile -t -O ${#sources[@]} sources < <(find adapters/botzone -name '*.cpp' | LC_ALL=C sort)
sources+=(adapters/botzone/botzone_main.cpp.in)

mkdir -p "$(dirname "$out")"
tmp=$out.tmp.$$
trap 'rm -f "$tmp"' EXIT
{
    echo "// Hippolyta for Botzone (8x8 Amazons): one file made by tools/botzone-amalgamate.sh"
    echo "// from $(git -C "$root" describe --always --dirty 2>/dev/null || echo 'a source tree')."
    echo "// Do not edit; regenerate. Build: g++ -O2 -std=c++20 $(basename "$out")"
    echo "// Embeds the opening book $book_label in base64."
    echo "// Includes nlohmann/json (https://github.com/nlohmann/json, MIT License; its SPDX lines"
    echo "// below give the copyright)."
    for s in "${sources[@]}"; do emit "$(realpath "$root/$s")" "$s" 0; done
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "botzone-amalgamate: wrote $out ($(wc -c <"$out") bytes, ${#sources[@]} sources)" >&2
