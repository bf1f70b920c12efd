#!/usr/bin/env bash
# ctest: runs lintian (Debian's package checker) on the package that install.package built.
# Fails on any error, and on any warning or info whose tag docs/packaging.md does not explain.
# Prints lintian's whole output.
#   lintian_test.sh PACKAGE_DIR DEB_VERSION SOURCE_DIR
set -euo pipefail
deb=$1/hippolyta_$2_amd64.deb
doc=$3/docs/packaging.md
fail() { echo "lintian_test: $*" >&2; exit 1; }
command -v lintian >/dev/null || fail "no lintian (apt-get install lintian; tools/quickstart.sh test installs it)"
[ -f "$deb" ] || fail "no $deb (install.package makes it)"

set +e
report=$(lintian --display-info --fail-on error "$deb" 2>&1)
status=$?
set -e
echo "$report"
[ $status -eq 0 ] || fail "lintian found errors (exit status $status)"
grep -q '^E: ' <<<"$report" && fail "lintian reported errors"
# Each remaining tag is explained in docs/packaging.md, by its name.
for tag in $(sed -nE 's/^[WIP]: hippolyta[^:]*: ([a-z0-9+.-]+).*/\1/p' <<<"$report" | sort -u); do
    grep -q -- "\`$tag\`" "$doc" || fail "lintian tag $tag is not explained in docs/packaging.md"
done
echo "lintian_test: ok, no errors; $(grep -c '^[WIP]: ' <<<"$report" || true) warnings and infos, each explained"
