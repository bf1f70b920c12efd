#!/usr/bin/env bash
# One game through the headless SAU referee (hippolyta-sau-referee), checked whole:
#   referee-game-test.sh BIN OUT TIME_LIMIT BLACK WHITE [GOLDEN]
# BIN holds the referee; OUT gets the transcript and the records; TIME_LIMIT is each side's time
# for the game (0: none); BLACK and WHITE are the engines' command lines. The game must end by
# the platform's rule (a side walled in: no side lost on time or by a fault), with every move
# legal by both the platform's rules and ours (the referee's exit code), and the transcript and
# both records written. With GOLDEN, the transcript must be that file, byte for byte. BLACK_DIR
# and WHITE_DIR in the environment, when set, are the folders the engines start in.
set -euo pipefail
bin=$1 out=$2 limit=$3 black=$4 white=$5 golden=${6:-}
rm -rf "$out"
summary=$("$bin/hippolyta-sau-referee" --black "$black" --white "$white" --out "$out" \
    --time-limit "$limit" ${BLACK_DIR:+--black-dir "$BLACK_DIR"} \
    ${WHITE_DIR:+--white-dir "$WHITE_DIR"} --quiet) || { echo "$summary"; echo "FAIL: the referee's exit code"; exit 1; }
echo "$summary"
grep -q '^result: .* wins (walled in) after [0-9]* moves' <<<"$summary" ||
    { echo "FAIL: the game did not end by the platform's rule"; exit 1; }
for f in transcript.txt game.sgf game.txt; do
    [ -s "$out/$f" ] || { echo "FAIL: no $out/$f"; exit 1; }
done
grep -q '^Result: [WB]+$' "$out/game.txt" || { echo "FAIL: no result in game.txt"; exit 1; }
head -3 "$out/transcript.txt"
if [ -n "$golden" ]; then
    diff -u "$golden" "$out/transcript.txt" ||
        { echo "FAIL: the transcript differs from $golden (new one: $out/transcript.txt)"; exit 1; }
fi
echo "PASS"
