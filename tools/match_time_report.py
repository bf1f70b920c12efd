#!/usr/bin/env python3
"""How engines used their clocks in hippolyta-match runs.

Reads OUT/results.tsv (time each side thought, end reasons) and OUT/games/*.sgf (clock left
after each move, WL/BL) of one or more match directories, and optionally engine logs written
with --log-level debug (the 'moved in X s' and 'stopped by NAME' lines of hippolyta).

Prints per directory: games, losses on time, the share of the main time each side used
(sudden death and Fischer), the least clock left while more than five own moves were still to
be played, and, from logs, the longest single move and which stopper ended the searches.

Usage: tools/match_time_report.py OUT... [--logs FILE...]
"""
import glob
import os
import re
import statistics
import sys


def parse_tc(text):
    """'10' -> ('sudden', 10, 0); '10+0.1' -> ('fischer', 10, 0.1); '0+1x1' -> ('byoyomi', 0, 1)."""
    if text in ("none", "") or text.startswith("move:"):
        return ("other", 0.0, 0.0)
    if "+" not in text:
        return ("sudden", float(text), 0.0)
    main, rest = text.split("+", 1)
    if "x" in rest:
        return ("byoyomi", float(main), float(rest.split("x", 1)[1]))
    return ("fischer", float(main), float(rest))


def read_results(out):
    tc, rows = "none", []
    with open(os.path.join(out, "results.tsv")) as f:
        for line in f:
            if line.startswith("# match:"):
                m = re.search(r"tc=([^;\s]+)", line)
                tc = m.group(1) if m else "none"
            elif line.startswith("#") or line.startswith("game\t"):
                continue
            else:
                cols = line.rstrip("\n").split("\t")
                rows.append({"game": int(cols[0]), "reason": cols[4], "plies": int(cols[5]),
                             "used": (float(cols[6]), float(cols[7]))})
    return tc, rows


def clock_lefts(sgf_text):
    """Per colour, the clock left after each of its timed moves, in order."""
    lefts = {"W": [], "B": []}
    for colour, value in re.findall(r";([WB])\[[^\]]*\](?:[WB]L\[([0-9.]+)\])?", sgf_text):
        if value:
            lefts[colour].append(float(value))
    return lefts


def least_left_share(lefts, main, more_than=5):
    """The lowest clock left / main while more than `more_than` own moves were still to play."""
    shares = [left / main for i, left in enumerate(lefts) if len(lefts) - 1 - i > more_than]
    return min(shares) if shares else None


def game_file(out, game):
    path = os.path.join(out, "games", "game-%06d.sgf" % game)
    return path if os.path.exists(path) else None


def report_dir(out):
    tc_text, rows = read_results(out)
    kind, main, extra = parse_tc(tc_text)
    losses = sum(1 for r in rows if r["reason"] == "time")
    print("%s: tc %s, %d games, %d lost on time" % (out, tc_text, len(rows), losses))
    if not rows:
        return
    plies = [r["plies"] for r in rows]
    print("  plies: mean %.1f, min %d, max %d" % (statistics.mean(plies), min(plies), max(plies)))
    used = [u for r in rows for u in r["used"]]
    if kind == "byoyomi" or main <= 0:
        per_move = []
        for r in rows:
            path = game_file(out, r["game"])
            if path:
                with open(path) as f:
                    lefts = clock_lefts(f.read())
                per_move += [r["used"][i] / max(1, len(lefts[c])) for i, c in enumerate("WB")]
        if per_move:
            print("  mean seconds per move by side-game: mean %.3f, min %.3f, max %.3f"
                  % (statistics.mean(per_move), min(per_move), max(per_move)))
        return
    shares = [u / main for u in used]
    print("  main time used per side-game: mean %.1f%%, min %.1f%%, max %.1f%%"
          % (100 * statistics.mean(shares), 100 * min(shares), 100 * max(shares)))
    least, allowance = [], []
    for r in rows:
        path = game_file(out, r["game"])
        if not path:
            continue
        with open(path) as f:
            lefts = clock_lefts(f.read())
        for i, colour in enumerate("WB"):
            s = least_left_share(lefts[colour], main)
            if s is not None:
                least.append(s)
            if kind == "fischer":  # main time plus the increments the side received
                allowance.append(r["used"][i] / (main + extra * len(lefts[colour])))
    if allowance:
        print("  main time + increments used per side-game: mean %.1f%%, min %.1f%%, max %.1f%%"
              % (100 * statistics.mean(allowance), 100 * min(allowance), 100 * max(allowance)))
    if least:
        low = sum(1 for s in least if s < 0.02)
        print("  least clock left with > 5 own moves to play: min %.1f%%, mean %.1f%%; "
              "below 2%%: %d of %d side-games"
              % (100 * min(least), 100 * statistics.mean(least), low, len(least)))


def report_logs(paths):
    moves, stops = [], {}
    for path in paths:
        with open(path, errors="replace") as f:
            for line in f:
                m = re.search(r"moved in ([0-9.]+) s", line)
                if m:
                    moves.append(float(m.group(1)))
                m = re.search(r"stopped by ([a-z]+) after", line)
                if m:
                    stops[m.group(1)] = stops.get(m.group(1), 0) + 1
    if moves:
        print("logs: %d timed moves, longest %.3f s, mean %.3f s"
              % (len(moves), max(moves), statistics.mean(moves)))
    if stops:
        print("  searches stopped by: " + ", ".join("%s %d" % kv for kv in sorted(stops.items())))


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    logs = []
    if "--logs" in argv:
        i = argv.index("--logs")
        argv, logs = argv[:i], [p for a in argv[i + 1:] for p in glob.glob(a)]
    for out in argv:
        report_dir(out)
    if logs:
        report_logs(logs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
