#!/usr/bin/python3
"""Checks a Hippolyta proof certificate (.hprf, or .hprf.gz) independently of the C++ checker,
from the format's documentation and the rules alone.

    tools/proof/hprf_check.py [--quiet] [--stats] [--max-nodes N] FILE

Prints "valid: win|loss for the side to move in POSITION (N records, C count leaves, B bound
leaves, G local leaves)" and exits 0, or "invalid: REASON" and exits 1; 2 for usage or I/O
errors. --quiet prints nothing (the exit status tells); --stats adds a line of other counts;
--max-nodes bounds the search one leaf's count may take (a forged leaf could take hours): past
it the file is refused as too costly to check.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from checker import check_bytes  # noqa: E402
from counting import DEFAULT_BUDGET  # noqa: E402
from proof_format import ProofError, read_bytes  # noqa: E402


def check_data(data, budget=DEFAULT_BUDGET):
    """(valid, the line to print, the Summary or None) for a proof file's bytes."""
    try:
        summary = check_bytes(data, budget)
    except ProofError as e:
        return False, "invalid: %s" % e, None
    except (MemoryError, RecursionError) as e:
        return False, "invalid: too large to check (%s)" % type(e).__name__, None
    except Exception as e:  # a checker fault must not pass a file, nor print a traceback
        return False, "invalid: checker fault (%s: %s)" % (type(e).__name__, e), None
    return True, summary.line(), summary


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check a Hippolyta proof certificate.")
    parser.add_argument("file", help="the .hprf or .hprf.gz file")
    parser.add_argument("--quiet", action="store_true", help="print nothing; the exit status tells")
    parser.add_argument("--stats", action="store_true", help="also print other record counts")
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_BUDGET, metavar="N",
                        help="search nodes one region count or local search may take before "
                             "the file is refused as too costly (default %(default)s)")
    args = parser.parse_args(argv)
    try:
        data = read_bytes(args.file)
    except OSError as e:
        print("error: cannot read %s: %s" % (args.file, e), file=sys.stderr)
        return 2
    except ProofError as e:  # damaged gzip data
        valid, line, summary = False, "invalid: %s" % e, None
    else:
        valid, line, summary = check_data(data, max(1, args.max_nodes))
    if not args.quiet:
        print(line)
        if args.stats and summary is not None:
            print("stats: %d reduced losses, %d symmetry records, %d scopes, %d transpositions" % (
                summary.reduced_losses, summary.symmetry_records, summary.scopes,
                summary.transpositions))
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main())
