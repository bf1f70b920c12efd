#!/usr/bin/env bash
# A fake Botzone 8x8 Amazons bot for the judge's tests (adapters/judge). It speaks the simple
# keep-running protocol (not JSON), plays the fixed legal game below from the standard start
# (so the judge must give no random plies) and can be told to misbehave:
#
#   botzone-bot.sh [--fault KIND] [--at K] [--as first|second|both] [--delay S]
#
# KIND, at the bot's own K-th turn (default 1), as the first mover, the second or both (default):
#   illegal          answers 0 0 1 1 2 2 (readable, illegal: (0,0) is empty at the start)
#   unreadable       answers "hello"
#   late             sleeps S seconds (--delay, default 2), then answers the right move
#   hang             never answers
#   crash            kills itself with SIGSEGV without answering
#   exit             exits with status 3 without answering
#   no-keep-running  answers, but without the keep-running line after it
set -f
fault=none at=1 as=both delay=2
while [ $# -gt 0 ]; do
    case $1 in
        --fault) fault=$2; shift 2 ;;
        --at) at=$2; shift 2 ;;
        --as) as=$2; shift 2 ;;
        --delay) delay=$2; shift 2 ;;
        *) echo "botzone-bot.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

# The game, ply by ply, in Botzone's coordinates (x from the left, y from the top; the first
# mover starts at the top). Each side steps a queen one square and shoots one square further.
game=("0 2 0 3 0 4" "7 5 7 4 7 3" "5 0 5 1 5 2" "2 7 2 6 2 5" "2 0 2 1 2 2" "5 7 5 6 5 5"
    "7 2 6 3 5 4" "0 5 1 4 2 3")

# The first turn: n, then 2n-1 lines of requests and our earlier responses. Every line but a
# first "-1 ..." request (we move first) is a move already played.
read -r n
plies=0 side=second
for ((i = 0; i < 2 * n - 1; i++)); do
    read -r line
    if [ "$line" = "-1 -1 -1 -1 -1 -1" ]; then side=first; else plies=$((plies + 1)); fi
done

turn=0
while true; do
    turn=$((turn + 1))
    move=${game[$plies]:-"-1 -1 -1 -1 -1 -1"}
    kind=none
    if [ "$turn" = "$at" ] && { [ "$as" = both ] || [ "$as" = "$side" ]; }; then kind=$fault; fi
    case $kind in
        illegal) move="0 0 1 1 2 2" ;;
        unreadable) move="hello" ;;
        late) sleep "$delay" ;;
        hang) exec sleep 3600 ;;
        crash) kill -SEGV $$ ;;
        exit) exit 3 ;;
    esac
    echo "$move"
    [ "$kind" = no-keep-running ] || echo ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
    plies=$((plies + 1))
    read -r line || exit 0  # the opponent's move
    plies=$((plies + 1))
done
