#!/usr/bin/python3
"""Fails when a tracked text file speaks of how the work was organised instead of the project.

  check-journal-words.py [--root DIR]     list every hit, exit 1 if there is any
  check-journal-words.py --self-test      check the patterns on sample lines, and the walk
                                          that stands in for git

The project's files name runs by board, date and command, engines by version or commit and
formats by version; a work session's number, a round of work, the issue that asked for a change
or a step of a work log means nothing to a reader. The script lists the files that `git
ls-files` gives under ROOT (by default the checkout this script lives in; with no checkout or
no git, every file outside build trees and hidden folders) and prints one line per hit,
`path:line: text`, or `path:0: (file name)` for a file whose name says it.

Hits in every text file, and in file names:
- the word "session", singular or plural, followed directly by a number (a space, "-", "_" or
  "#" may stand between them), or a round's number followed by a comma and that word. Only a
  number right after the word counts, so a GTP or Studio session, a `GtpSession`, "the session
  thread" and a tournament's rounds ("--rounds 4", "a round-robin") are not hits.

Hits in every text file, outside a results table:
- "this round" and "last round", unless "the" comes before them or "-" after them: a
  tournament's round is "the last round", "round 3" or "a round-robin";
- "the issue" (also "the issue's"), unless "tracker" or "template" follows: write "the
  problem" for a problem; "issues" and "an issue" are not hits.

Hits in prose only, outside a results table:
- "step" or "steps" followed by a number of one or two digits, which may carry a letter
  ("step 8", "step 8d", "steps 14 and 15"). Not hits: an option ("--steps 6000"), a larger
  number or one that goes on ("step 6000", "step 20,250": a training step), and a line that
  opens with a procedure's step ("Step 1: build", "**Step 2.** run").
  Prose is a Markdown file (.md), a man page source (.h2m), and the comment text of source
  files: after "//" (and lines that open with "/*" or "*") in C, C++ and JavaScript, after a
  "#" that opens the line or follows a space in shell, Python, CMake, Slurm and YAML files.
  Code and data are left out: there "step" belongs to the code (a loop's step, a trainer's
  `--steps`, "resumed at step 1" in a test's expected output), and a weights file's comment
  lines are its history, sealed by its checksum.

A results table is a Markdown table row (a line whose first non-blank character is "|") in a
file named *-results.md or under docs/*/runs/: there a row may name what a run was called when
it was made. POSITIVE and NEGATIVE below list samples of hits and of lines that are not.
Binary files (a NUL byte in the first 8 KiB, or not UTF-8), this script itself and shared/ are
skipped.
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
SESSION_PATTERNS = (SESSION_NUMBER, ROUND_SESSION)

# "adopted this round", "Last round's net": not "the last round is complete" (a tournament's)
# nor "this round-robin".
THIS_ROUND = re.compile(r"(?<!\bthe )\b(?:this|last)[ \t]+round\b(?!-)", re.IGNORECASE)
# "the issue asked for", "The issue's yardstick": not "the issue tracker", "issues", "an issue".
THE_ISSUE = re.compile(r"\bthe[ \t]+issue\b(?![ \t-]*(?:tracker|template)s?\b)", re.IGNORECASE)
TEXT_PATTERNS = (THIS_ROUND, THE_ISSUE)

# "step 8", "(step 8d)", "steps 14 and 15": a number of one or two digits, maybe with a letter,
# that does not go on ("step 6000", "step 20,250"), and no option before it ("--steps 3").
STEP_NUMBER = re.compile(r"(?<![-\w])steps?[ \t]+\d{1,2}[a-z]?\b(?![.,]\d)", re.IGNORECASE)
# "Step 1: build", "**Step 2.** run", "1. Step 3: check": a procedure's step opening the line.
PROCEDURE_STEP = re.compile(r"^[\s>#*+\-]*(?:\d+[.)][ \t]+)?[*_]*steps?[ \t]+\d{1,2}[a-z]?[*_]*[:.]",
                            re.IGNORECASE)

PROSE_FILES = (".md", ".h2m")
SLASH_COMMENT_FILES = (".c", ".cc", ".cpp", ".h", ".hpp", ".js")
HASH_COMMENT_FILES = (".sh", ".py", ".cmake", ".sbatch", ".yaml", ".yml")
RESULTS_FOLDER = re.compile(r"^docs/[^/]+/runs/")
HASH_COMMENT = re.compile(r"(?:^|\s)#")

SKIPPED_DIRS = ("shared/",)
SCRIPT = "tools/check-journal-words.py"


def speaks_of_sessions(text):
    """True if a line (or a file name) names the work's sessions."""
    return any(p.search(text) for p in SESSION_PATTERNS)


def in_results_table(path, line):
    """A Markdown table row of a results page or of a run under docs/*/runs/."""
    results = path.endswith("-results.md") or RESULTS_FOLDER.match(path) is not None
    return results and line.lstrip().startswith("|")


def prose_of(path, line):
    """The part of a line that is prose: a Markdown or man page line whole, a source file's
    comment text; None for code and data."""
    name = os.path.basename(path)
    ext = os.path.splitext(name)[1].lower()
    if ext in PROSE_FILES:
        return line
    if ext in SLASH_COMMENT_FILES:
        at = line.find("//")
        if at >= 0:
            return line[at + 2:]
        stripped = line.lstrip()
        return stripped if stripped.startswith(("/*", "*")) else None
    if ext in HASH_COMMENT_FILES or name == "CMakeLists.txt":
        found = HASH_COMMENT.search(line)
        return line[found.end():] if found else None
    return None


def names_a_step(prose):
    return STEP_NUMBER.search(prose) is not None and PROCEDURE_STEP.match(prose) is None


def line_hits(path, line):
    """True if a line of the file at path (relative to the root) speaks of the work."""
    if speaks_of_sessions(line):
        return True
    if in_results_table(path, line):
        return False
    if any(p.search(line) for p in TEXT_PATTERNS):
        return True
    prose = prose_of(path, line)
    return prose is not None and names_a_step(prose)


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
        if line_hits(path, line):
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


# Samples: a line alone is checked as a line of docs/page.md (prose, no results table); a pair
# gives the file it is in.
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
    ("docs/solver-results.md", "| 6x4 | session 12 | 98 |"),
    "Each component adopted this round, switched off alone",
    "The other levers measured this round were not adopted",
    "Last round's net lost at 1 s a move",
    "as measured last round",
    ("engine/search/mcts.h", "// tuned this round at 0.25 s"),
    "The issue that brought the pattern prior measures it",
    "the match the issue asked for at 1 s a move",
    "the issue's confirmation bounds",
    ("tests/unit/match_identity_test.cpp", "// The issue's case with real engines"),
    ("docs/learning-results.md", "What the issue asked for: 1 s a move."),
    "+94 Elo (step 8 below)",
    "the confirmation (step 8d)",
    "steps 14 and 15",
    "Step 6 is the first change adopted by the second rule",
    "steps 9 to 12, 14 and 15 were not adopted",
    "(docs/learning.md, step 2: +51.5 Elo)",
    ("engine/search/search_types.h", "    // learned one at 0.25 s a move (docs/learning.md, step 8), and"),
    ("tools/strength.sh", "# the yardstick of step 4"),
    ("CMakeLists.txt", "add_test(NAME x COMMAND y)  # see step 3"),
    ("docs/learning-results.md", "What step 4 teaches: SPRTs at 2,000 visits say little"),
    ("docs/neural.7.h2m", "as in step 12 of the log"),
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
    ("adapters/tournament/tournament_runner.cpp", "if (jobs.empty()) return;  // the last round is complete"),
    "The last round pairs the leaders",
    "this round-robin plays every pair twice",
    "rounds 3 to 5",
    "issues found by the fuzzers",
    "an issue with the table's size",
    "see the issue tracker",
    "the issues of a long run",
    ("docs/neural-results.md", "| net, step 6000 (`run1/net.hpn`) | 0.103 |"),
    ("docs/learning-results.md", "| the pattern prior (step 8d) | 10x10 | 99 |"),
    ("docs/learning/runs/10x10-notes.md", "| 14, 15 | two-level expansion | 226 |"),
    "    --blocks 4 --channels 32 --steps 6000 --seed 1 \\",
    "stopped at step 20,250 of 30,000",
    "at step 30000 the loss was 0.49",
    "Step 1: build the engine",
    "**Step 2.** Run the match",
    "1. Step 3: check the proof",
    "a step-by-step guide",
    "each SPSA step perturbs all of them at once",
    ("tools/neural/smoke-test.sh", "grep -q 'resumed at step 1' \"$work/run/train.log\" || fail"),
    ("tools/neural/train.py", "    print(f'step {step} loss {loss:.3f}'); step = step + 1"),
    ("engine/search/spsa.cpp", "for (int step = 0; step < 8; ++step) x += step * 2;"),
    ("engine/weights/hippolyta.weights", "# version 9: after its SPRT (docs/learning.md, step 8c)"),
    ("tests/fixtures/train.log", "step 8 loss 0.5"),
]


def sample(entry):
    return entry if isinstance(entry, tuple) else ("docs/page.md", entry)


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
    failures = [f"missed: {s!r}" for s in POSITIVE if not line_hits(*sample(s))]
    failures += [f"flagged: {s!r}" for s in NEGATIVE if line_hits(*sample(s))]
    if not speaks_of_sessions("6x4-session11.log"):
        failures.append("a file name with a session's number is not a hit")
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
        description="List tracked text files that speak of how the work was organised.")
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
