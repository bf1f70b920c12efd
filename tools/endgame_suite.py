#!/usr/bin/python3
"""Builds the endgame suite: from game records, the position some plies before each board
separates (no region holds amazons of both colours any more).

Drives the engine over GTP: `loadsgf FILE N` sets up the position before move N, and
`amz-moves_left` succeeds exactly once the board is separated (regions only shrink and split,
so a separated board stays separated). Games that never separate, or separate too early, are
left out. Writes one position string a line with its source game and ply (plies played from
the record's start) after '#'; `hippolyta endgame FILE` times the search on them (see
docs/solver.md, "The engine's endgame").

Usage: tools/endgame_suite.py [--engine PATH] [--before PLIES] [--output FILE] GAME.sgf...
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


class Gtp:
    """One engine process, one command at a time."""

    def __init__(self, engine):
        self.proc = subprocess.Popen([engine, "--no-net", "--no-book"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(self, command):
        """(True, text) for '= text', (False, text) for '? text'."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited during: " + command)
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        text = " ".join(lines)
        return text.startswith("="), text[1:].strip()

    def close(self):
        self.ask("quit")
        self.proc.wait()


def record_plies(path):
    """The moves of the record's main line (the match runner writes no variations)."""
    with open(path, encoding="utf-8") as f:
        return len(re.findall(r";\s*[WB]\[", f.read()))


def separation_ply(gtp, path):
    """Plies played when the board first separates, or None."""
    for ply in range(record_plies(path) + 1):
        ok, error = gtp.ask("loadsgf %s %d" % (path, ply + 1))
        if not ok:
            raise RuntimeError("loadsgf %s: %s" % (path, error))
        if gtp.ask("amz-moves_left")[0]:
            return ply
    return None


def suite_line(gtp, path, shown, before):
    """The suite's line for one game, or None."""
    separates = separation_ply(gtp, path)
    if separates is None or separates < before:
        return None
    ply = separates - before
    gtp.ask("loadsgf %s %d" % (path, ply + 1))
    ok, position = gtp.ask("amz-position")
    if not ok:
        raise RuntimeError("amz-position failed on %s ply %d: %s" % (shown, ply, position))
    return "%s  # %s ply %d (separates at %d)" % (position, shown, ply, separates)


def write_atomically(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".endgame-suite-")
    with os.fdopen(fd, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="SGF game records")
    parser.add_argument("--engine", default="build/bin/hippolyta")
    parser.add_argument("--before", type=int, default=8,
                        help="plies before the board separates (default 8)")
    parser.add_argument("--output", help="the suite file (default: stdout)")
    args = parser.parse_args()
    if args.before < 0:
        parser.error("--before must not be negative")
    gtp = Gtp(args.engine)
    lines = ["# tools/endgame_suite.py --before %d: position  # game ply (separates at ply)"
             % args.before]
    try:
        for shown in args.games:
            line = suite_line(gtp, os.path.abspath(shown), shown, args.before)
            if line:
                lines.append(line)
            else:
                print("%s: never separates, or too early; left out" % shown, file=sys.stderr)
    finally:
        gtp.close()
    text = "\n".join(lines) + "\n"
    if args.output:
        write_atomically(args.output, text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
