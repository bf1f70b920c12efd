#!/usr/bin/env bash
# Rejects what Botzone's compiler (GCC 7 in C++17 mode) lacks, from the list in
# tools/gcc7-unsupported.txt: the file's code, with // and /* */ comments removed, is matched
# against each pattern; every hit is printed with its line, and the exit code is 1.
#
#   tools/check-gcc7.sh FILE...
set -euo pipefail
list="$(dirname "$0")/gcc7-unsupported.txt"
[ $# -gt 0 ] || { echo "usage: $0 FILE..." >&2; exit 2; }

# code FILE: the file with comments blanked (line numbers kept), string literals left alone.
code() {
    sed -e 's://.*$::' "$1" | awk '
        { line = $0; out = "";
          while (1) {
              if (inside) { e = index(line, "*/"); if (!e) { line = ""; break }
                            line = substr(line, e + 2); inside = 0 }
              s = index(line, "/*"); if (!s) { out = out line; break }
              out = out substr(line, 1, s - 1); line = substr(line, s + 2); inside = 1
          }
          print out }'
}

status=0
for file in "$@"; do
    stripped=$(mktemp)
    code "$file" >"$stripped"
    while IFS=$'\t' read -r pattern why; do
        [[ -z $pattern || $pattern == "#" || $pattern == "# "* ]] && continue
        if hits=$(grep -nE -- "$pattern" "$stripped"); then
            status=1
            while IFS= read -r hit; do
                echo "$file:${hit%%:*}: not in GCC 7's C++17 ($why): ${hit#*:}" >&2
            done <<<"$hits"
        fi
    done <"$list"
    rm -f "$stripped"
done
[ $status = 0 ] && echo "check-gcc7: $* use nothing from tools/gcc7-unsupported.txt" >&2
exit $status
