#!/usr/bin/env bash
# Test of the single-file Botzone build: makes the file, checks it against the list of what GCC
# 7 lacks (tools/check-gcc7.sh), compiles it with Botzone's "C++17" flags (less -ljson, which
# names Botzone's own JSON library) and -Werror, by g++ and by clang in -std=c++17 mode, then
# answers requests with it: the first mover's first turn from the embedded 8x8 opening book,
# simple and JSON input, truncated JSON, and keep-running turns judged by
# hippolyta-botzone-judge (which checks every answer with the rules core).
#
#   tools/botzone-single-test.sh WORKDIR JUDGE BOOKTOOL
# (JUDGE: build/bin/hippolyta-botzone-judge; BOOKTOOL: build/bin/hippolyta-book, which prunes the
# embedded book as the botzone-single target does)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
judge=$2
booktool=$3
marker='>>>BOTZONE_REQUEST_KEEP_RUNNING<<<'
# Botzone's "C++17" language: g++-7 -D_BOTZONE_ONLINE -D_GLIBCXX_USE_CXX11_ABI=0 -O2 -Wall -mavx
# -std=c++1z -x c++ FILE -ljson -lpthread.
botzone_flags=(-D_BOTZONE_ONLINE -D_GLIBCXX_USE_CXX11_ABI=0 -O2 -Wall -mavx -Werror)

fail() { echo "botzone-single-test: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
"$booktool" prune --book "$root/opening-book/books/8x8.book" --out "$work/8x8-playable.book" >&2
lists=$(dirname "$judge")/../botzone  # the build's lists of the targets' sources
"$root/tools/botzone-amalgamate.sh" -o "$work/hippolyta_botzone.cpp" --book "$work/8x8-playable.book" \
    --sources "$lists/engine-sources.txt" --book-sources "$lists/book-sources.txt"
"$root/tools/check-gcc7.sh" "$work/hippolyta_botzone.cpp" ||
    fail "the single file uses what GCC 7 lacks"
command -v clang++ >/dev/null || fail "clang++ is missing (apt-get install clang)"
# The two compilers at once: each takes a minute or two on the one big file.
clang++ "${botzone_flags[@]}" -std=c++17 -x c++ "$work/hippolyta_botzone.cpp" -lpthread \
    -o "$work/bot-clang" 2>"$work/clang-build.log" &
clang_pid=$!
g++ "${botzone_flags[@]}" -std=c++17 -x c++ "$work/hippolyta_botzone.cpp" -lpthread \
    -o "$work/bot" || fail "g++ -std=c++17 with Botzone's flags failed"
wait "$clang_pid" ||
    fail "clang++ -std=c++17 with Botzone's flags failed: $(cat "$work/clang-build.log")"
echo "botzone-single-test: $(wc -c <"$work/hippolyta_botzone.cpp") bytes; compiles with g++ and clang++" >&2
# -mavx: a machine without AVX can compile the bot but not run it.
if ! grep -qw avx /proc/cpuinfo; then
    echo "botzone-single-test: this CPU has no AVX; the bot was compiled but not run" >&2
    exit 0
fi

# run NAME: feeds stdin to the bot; its stdout in $work/NAME.out, stderr in $work/NAME.err.
run() {
    local code=0
    timeout 20 "$work/bot" >"$work/$1.out" 2>"$work/$1.err" || code=$?
    [ "$code" = 0 ] || fail "$1: exit code $code; stderr: $(cat "$work/$1.err")"
    [ "$(sed -n 2p "$work/$1.out")" = "$marker" ] || fail "$1: no keep-running marker"
}

# expect_from NAME X Y ALLOWED...: the answer moves an amazon from one of the ALLOWED squares.
expect_from() {
    local name=$1 from="$2 $3"
    shift 3
    for square in "$@"; do [ "$from" = "$square" ] && return 0; done
    fail "$name: the answer moves from ($from), not one of our amazons"
}

first=(0\ 2 2\ 0 5\ 0 7\ 2)   # Botzone's first mover starts here (our White)
second=(0\ 5 2\ 7 5\ 7 7\ 5)  # and its second mover here (our Black)

# Simple interaction, first turn of the first mover.
printf '1\n-1 -1 -1 -1 -1 -1\n' | run simple
answer=$(sed -n 1p "$work/simple.out")
[[ $answer =~ ^([0-7])\ ([0-7])\ [0-7]\ [0-7]\ [0-7]\ [0-7]$ ]] || fail "simple: answer '$answer'"
expect_from simple "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${first[@]}"
# The embedded book decoded and parsed (else a "playing without a book" line), and its move is
# the answer: stderr names it in our notation ("botzone: book move c1-c7/f4 visits ...").
grep -q 'without a book' "$work/simple.err" && fail "simple: $(cat "$work/simple.err")"
book_re='^botzone: book move ([a-h])([1-8])-([a-h])([1-8])/([a-h])([1-8]) '
[[ $(grep '^botzone: book move' "$work/simple.err") =~ $book_re ]] ||
    fail "simple: not a book move; stderr: $(cat "$work/simple.err")"
expected=""
for i in 1 3 5; do  # our column letter and row from 1 are Botzone's x and y + 1
    col=${BASH_REMATCH[$i]} row=${BASH_REMATCH[$((i + 1))]}
    expected+="$(($(printf '%d' "'$col") - 97)) $((row - 1)) "
done
[ "$answer" = "${expected% }" ] || fail "simple: answered '$answer', the book move is '${expected% }'"

# JSON, the same turn: the debug text says it was a book move.
echo '{"requests":[{"x0":-1,"y0":-1,"x1":-1,"y1":-1,"x2":-1,"y2":-1}],"responses":[]}' | run book
[[ $(sed -n 1p "$work/book.out") == *'"debug":"book move '* ]] ||
    fail "book: no book move in '$(sed -n 1p "$work/book.out")'"

# JSON, the second mover after the first move of Botzone's sample game.
echo '{"requests":[{"x0":5,"y0":0,"x1":3,"y1":2,"x2":6,"y2":5}],"responses":[]}' | run json
answer=$(sed -n 1p "$work/json.out")
[[ $answer =~ \"response\":\{\"x0\":([0-7]),.*\"y0\":([0-7]), ]] || fail "json: answer '$answer'"
expect_from json "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${second[@]}"

# Truncated JSON: a diagnostic, and still an answer.
printf '{"requests":[{"x0":-1,' | run truncated
grep -q 'bad JSON' "$work/truncated.err" || fail "truncated: no diagnostic"
[[ $(sed -n 1p "$work/truncated.out") == '{'*'"response":{'* ]] || fail "truncated: no answer"

# The clang build answers too.
printf '1\n-1 -1 -1 -1 -1 -1\n' | timeout 20 "$work/bot-clang" >"$work/clang.out" 2>"$work/clang.err" ||
    fail "clang build: exit code $?"
[ "$(sed -n 1p "$work/clang.out")" = "$(sed -n 1p "$work/simple.out")" ] ||
    fail "the clang build's first move differs from the g++ build's"

# Keep-running: both sides for 6 moves each way, simple and JSON, every answer checked by the
# judge (limits generous: this checks the protocol, not the speed of a loaded test machine).
for format in "" --json; do
    "$judge" --bot "$work/bot" --games 1 --max-plies 6 --turn-limit 10 --first-turn-limit 20 \
        $format >"$work/judge$format.out" 2>"$work/judge$format.err" ||
        fail "keep-running$format: $(cat "$work/judge$format.out" "$work/judge$format.err")"
    grep -q "unfinished 1, faults 0" "$work/judge$format.out" ||
        fail "keep-running$format: $(cat "$work/judge$format.out")"
done

echo "botzone-single-test: the single file passes the GCC 7 check, compiles with g++ and clang in C++17 mode with -Werror, plays its first turn from the book, answers simple and JSON requests, survives truncated JSON and plays keep-running turns"
