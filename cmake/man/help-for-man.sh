#!/bin/sh
# help2man runs each tool through a link of the tool's name to this script (cmake/man.cmake):
# it runs $HIPPOLYTA_MAN_BIN/TOOL with the same arguments and
# - writes a second usage line, "       TOOL ...", as "  or: TOOL ...", which help2man puts in
#   the SYNOPSIS instead of the DESCRIPTION;
# - gives the widest option of each list two spaces before its description: Boost lines every
#   description up at the column after the widest option and its argument, which leaves that
#   one a single space, and help2man, which parts an option from its description at two
#   spaces, would take the description for part of the option
#   ("--command-timeout S (=30) seconds an engine may take" as one tag). The column is the
#   one the list's continuation lines start at.
tool=$(basename "$0")
"$HIPPOLYTA_MAN_BIN/$tool" "$@" | sed -E "s/^ {7}($tool) /  or: \\1 /" | awk '
function flush(   n, best, col, i, l) {
    best = 0; col = 0
    for (n in indent) if (indent[n] > best) { best = indent[n]; col = n + 0 }
    for (i = 1; i <= count; i++) {
        l = block[i]
        if (col > 2 && l ~ /^  -/ && length(l) > col && substr(l, col, 1) == " " &&
            substr(l, col - 1, 1) != " " && substr(l, col + 1, 1) != " ")
            l = substr(l, 1, col) " " substr(l, col + 1)
        print l
    }
    count = 0
    split("", indent)
}
/^$/ || /^[^ ]/ { flush(); print; next }
{
    block[++count] = $0
    if ($0 ~ /^   +[^ -]/) { match($0, /^ +/); indent[RLENGTH]++ }
}
END { flush() }'
