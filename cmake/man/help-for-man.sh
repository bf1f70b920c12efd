#!/bin/sh
# help2man runs each tool through a link of the tool's name to this script (cmake/man.cmake):
# it runs $HIPPOLYTA_MAN_BIN/TOOL with the same arguments and writes a second usage line,
# "       TOOL ...", as "  or: TOOL ...", which help2man puts in the SYNOPSIS instead of the
# DESCRIPTION.
tool=$(basename "$0")
"$HIPPOLYTA_MAN_BIN/$tool" "$@" | sed -E "s/^ {7}($tool) /  or: \\1 /"
