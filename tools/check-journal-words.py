#!/usr/bin/python3
"""Fails when a tracked text file speaks of the work's sessions instead of the project.

  check-journal-words.py [--root DIR]     list every hit, exit 1 if there is any
  check-journal-words.py --self-test      check the patterns on sample lines, and the walk
                                          that stands in for git

The project's files name runs by board, date and command, engines by version or commit and
formats by version; a work session's number means nothing to a reader. The script lists the
files that `git ls-files` gives under ROOT (by default the checkout this script lives in; with
no checkout or no git, every file outside build trees and hidden folders) and prints one line
per hit, `path:line: text`, or `path:0: (file name)` for a file whose name says it. A hit is the
word "session", singular or plural, followed directly by a number (a space, "-", "_" or "#" may
stand between them), or a round's number followed by a comma and that word. Only a number right
after the word counts, so a GTP or Studio session, a `GtpSession`, "the session thread" and a
tournament's rounds ("--rounds 4", "a round-robin") are not hits; POSITIVE and NEGATIVE below
list samples of both. Binary files (a NUL byte in the first 8 KiB, or not UTF-8), this script
itself and shared/ are skipped.
Exit status: 0 no hit, 1 hits, 2 a usage error or a root that cannot be read.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# "session 14", "Sessions 9 to 15", "session9", "session-11", "session #3"; the word must start
# a word (so "GtpSession 2" is not a hit) and the number must follow it directly.
SESSION_NUMBER = re.compile(r"\bsessions?[ \t]*[-_#]?[ \t]*\d", re.IGNORECASE)
# "round 3, session", "Round 3, sessions": the work's rounds, not a tournament's.
ROUND_SESSION = re.compile(r"\bround[ \t]+\d+[ \t]*,[ \t]*sessions?\b", re.IGNORECASE)
PATTERNS = (SESSION_NUMBER, ROUND_SESSION)

SKIPPED_DIRS = ("shared/",)
SCRIPT = "tools/check-journal-words.py"


def speaks_of_sessions(text):
    """True if a line (or a file name) names the work's sessions."""
    return any(p.search(text) for p in PATTERNS)


def is_binary(data):
    if b"\0" in data[:8192]:
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def tracked_files(root, git="git"):
    """git's tracked files; outside a checkout (a source release) or without git installed,
    every file but build trees and hidden folders."""
    try:
        out = subprocess.run([git, "-C", root, "ls-files", "-z"], capture_output=True,
                             check=False)
    except OSError:  # no git on the machine (a bare Debian with the sources copied in)
        out = None
    if out is not None and out.returncode == 0:
        return [p for p in out.stdout.decode("utf-8", "surrogateescape").split("\0") if p]
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(("build", ".")))
        found.extend(os.path.relpath(os.path.join(folder, f), root) for f in sorted(files))
    return found


def hits_in(root, path):
    """The hits of one tracked file: its name, then its lines."""
    hits = []
    if speaks_of_sessions(os.path.basename(path)):
        hits.append(f"{path}:0: (file name)")
    full = os.path.join(root, path)
    if os.path.islink(full) or not os.path.isfile(full):
        return hits  # a symlink, a submodule or a file deleted but not yet staged
    with open(full, "rb") as f:
        data = f.read()
    if is_binary(data):
        return hits
    for number, line in enumerate(data.decode("utf-8").splitlines(), start=1):
        if speaks_of_sessions(line):
            hits.append(f"{path}:{number}: {line.strip()}")
    return hits


def check(root):
    try:
        paths = tracked_files(root)
    except (OSError, RuntimeError) as e:
        print(f"check-journal-words: {root}: {e}", file=sys.stderr)
        return 2
    hits = []
    for path in paths:
        if path == SCRIPT or path.startswith(SKIPPED_DIRS):
            continue
        hits += hits_in(root, path)
    for hit in hits:
        print(hit)
    print(f"check-journal-words: {len(paths)} tracked files under {root}: {len(hits)} hits",
          file=sys.stderr)
    return 1 if hits else 0


POSITIVE = [
    "6x4, round 3, session 12: 98 of 256",
    "Round 3, Session 4: at 1 s a move the net loses",
    "all runs of sessions 11 to 15",
    "off by default since session 8",
    "Sessions 9 to 15 took 7 billion nodes",
    "every line in `docs/solver/6x4-session11.log`",
    "5x6-session9.log",
    "session-14.txt",
    "session_2 notes",
    "the session #3 runs",
    "round 3, sessions 5 to 7",
    "(round 3, session)",
]
NEGATIVE = [
    "round 3 of the tournament",
    "hippolyta-tournament --rounds 4 --format swiss",
    "a round-robin of four engines",
    "rounds: 5",
    "Swiss round 3, board 2",
    "class GtpSession { int session_count = 2; };",
    "TextSession t(3);",
    "the session thread owns the socket",
    "a session of the text front ends with quit",
    "each WebSocket session holds 1 engine",
    "sessionStorage.setItem('x', 1)",
    "the game's session id is 7f",
    "possession 3",
    "round 3",
]


def walk_failures():
    """Without git, the files are found by walking the tree, build trees and hidden folders left
    out (a bare machine with the sources copied in once failed here)."""
    with tempfile.TemporaryDirectory() as root:
        for rel in ("docs/a.md", "build/x.log", "build-asan/y.log", ".git/HEAD", "README.md"):
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write("text\n")
        found = tracked_files(root, git=os.path.join(root, "no-such-git"))
    if found != ["README.md", "docs/a.md"]:
        return [f"without git, the walk found {found}"]
    return []


def self_test():
    failures = [f"missed: {s!r}" for s in POSITIVE if not speaks_of_sessions(s)]
    failures += [f"flagged: {s!r}" for s in NEGATIVE if speaks_of_sessions(s)]
    if not is_binary(b"\x1f\x8b\x08\x00\x00session 14"):
        failures.append("a gzip header is not binary")
    if not is_binary(b"\xff\xfesession 14"):
        failures.append("bytes that are not UTF-8 are not binary")
    if is_binary("round 3, session 5 \u00b1 2".encode("utf-8")):
        failures.append("UTF-8 text taken for binary")
    failures += walk_failures()
    for f in failures:
        print(f"self-test: {f}", file=sys.stderr)
    print(f"self-test: {len(POSITIVE)} hits and {len(NEGATIVE)} non-hits: "
          f"{'ok' if not failures else f'{len(failures)} failures'}")
    return 1 if failures else 0


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(
        description="List tracked text files that speak of the work's sessions.")
    parser.add_argument("--root", default=os.path.dirname(here),
                        help="the checkout to search (default: the one holding this script)")
    parser.add_argument("--self-test", action="store_true",
                        help="check the patterns on sample lines and exit")
    args = parser.parse_args(argv[1:])
    if args.self_test:
        return self_test()
    return check(os.path.abspath(args.root))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
