#!/usr/bin/env bash
# A fake GTP engine that hangs: it answers the GTP basics, then never answers COMMAND (the first
# word of a command line; default boardsize) nor anything after it, as a hung engine does.
#
#   silent-engine.sh [COMMAND]
set -f  # no glob expansion of GTP arguments
silent=${1:-boardsize}
reply() { printf '= %s\n\n' "$1"; }
while IFS= read -r line; do
    line=${line%$'\r'}
    set -- $line
    [ "${1:-}" = "$silent" ] && exec sleep 1000
    case ${1:-} in
        protocol_version) reply 2 ;;
        name) reply silent ;;
        version) reply 1 ;;
        quit) reply ""; exit 0 ;;
        "") ;;
        *) reply "" ;;
    esac
done
