#!/usr/bin/env bash
# A fake GTP Amazons engine for match-runner tests. It answers genmove with the next move of a
# fixed game script (one move a line, '#' comments) and can be told to misbehave:
#
#   scripted-engine.sh SCRIPT [--name NAME] [--think S] [--fault KIND] [--at K] [--once FILE]
#                             [--delay S]
#
# --think S sleeps S seconds before every move (for runs that must take a while).
#
# KIND, at its K-th genmove of a game (default 1):
#   illegal      answers a1-a2/a3 (parsable, illegal on a standard start)
#   unparsable   answers "hello"
#   garbage      prints a line that is not a GTP reply before its answer
#   crash        exits with code 3 without answering
#   hang         never answers (sleeps)
#   resign       answers resign although it has moves
#   slow         sleeps S seconds (--delay), then answers
#   refuse-play  at its K-th play command, answers "? illegal move"
#   no-start     exits at once, before any reply
# With --once FILE the fault happens only if FILE does not exist yet, and FILE is created:
# so a restarted engine plays on normally.
set -f  # no glob expansion of GTP arguments
script=$1
shift
name=fake fault=none at=1 once="" delay=0 think=0
while [ $# -gt 0 ]; do
    case $1 in
        --name) name=$2; shift 2 ;;
        --fault) fault=$2; shift 2 ;;
        --at) at=$2; shift 2 ;;
        --once) once=$2; shift 2 ;;
        --delay) delay=$2; shift 2 ;;
        --think) think=$2; shift 2 ;;
        *) echo "scripted-engine: unknown option $1" >&2; exit 2 ;;
    esac
done
mapfile -t moves < <(grep -v '^#' "$script")

# True when the fault is due now (count is the genmove or play number in this game).
due() {
    [ "$fault" = "$1" ] && [ "$2" -eq "$at" ] || return 1
    if [ -n "$once" ]; then
        [ -e "$once" ] && return 1
        : >"$once"
    fi
    return 0
}
reply() { printf '= %s\n\n' "$1"; }

if due no-start "$at"; then exit 4; fi
ply=0 asked=0 played=0
while IFS= read -r line; do
    line=${line%$'\r'}
    set -- $line
    case $1 in
        protocol_version) reply 2 ;;
        name) reply "$name" ;;
        version) reply 1 ;;
        list_commands)
            printf '= protocol_version\nname\nversion\nlist_commands\nknown_command\nboardsize\n'
            printf 'clear_board\nplay\ngenmove\ntime_settings\ntime_left\nquit\n\n' ;;
        known_command) reply true ;;
        boardsize | komi | time_settings | time_left) reply "" ;;
        clear_board) ply=0 asked=0 played=0; reply "" ;;
        play)
            played=$((played + 1))
            if due refuse-play "$played"; then printf '? illegal move\n\n'; continue; fi
            ply=$((ply + 1))
            reply "" ;;
        genmove)
            asked=$((asked + 1))
            if due crash "$asked"; then exit 3; fi
            if due hang "$asked"; then sleep 1000; fi
            if due illegal "$asked"; then reply "a1-a2/a3"; continue; fi
            if due unparsable "$asked"; then reply "hello"; continue; fi
            if due resign "$asked"; then reply resign; continue; fi
            if due garbage "$asked"; then printf 'thinking very hard...\n'; fi
            if due slow "$asked"; then sleep "$delay"; fi
            if [ "$think" != 0 ]; then sleep "$think"; fi
            if [ "$ply" -lt "${#moves[@]}" ]; then
                reply "${moves[$ply]}"
                ply=$((ply + 1))
            else
                reply resign
            fi ;;
        quit) reply ""; exit 0 ;;
        "") ;;
        *) printf '? unknown command\n\n' ;;
    esac
done
