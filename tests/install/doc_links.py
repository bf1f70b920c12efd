#!/usr/bin/python3
"""Fails on a dangling link in the docs, in the source tree or as installed.

  doc_links.py ROOT [--help BIN...]

Checks every Markdown file of ROOT that a reader starts from (README.md, CHANGELOG.md, docs/*.md,
those that exist): each relative link [text](target) or image ![alt](target), outside code, must
name a file under ROOT, and a #fragment must name a heading of its file (GitHub's anchors). With
--help, every "docs/NAME.md" that a program's --help names must be a file under ROOT too: the
tools say "see docs/matches.md", which must resolve in the source tree and in
/usr/share/doc/hippolyta alike. Prints every dangling link and exits 1 if there is any.
"""
import os
import re
import subprocess
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)
HELP_DOC = re.compile(r"\bdocs/[A-Za-z0-9_.-]+\.md\b")


def without_code(text):
    """The text with fenced and indented code blocks and code spans blanked out."""
    kept, fence, previous_blank, in_indented = [], None, True, False
    for line in text.split("\n"):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if fence:
            if marker and stripped.startswith(fence):
                fence = None
            kept.append("")
            continue
        if marker:
            fence = marker.group(1)
            kept.append("")
            continue
        indented = line.startswith("    ") and line.strip() != ""
        in_indented = indented and (previous_blank or in_indented)
        kept.append("" if in_indented else line)
        if line.strip():
            previous_blank = False
        else:
            previous_blank = True
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", "\n".join(kept), flags=re.S)


def anchors(path):
    """GitHub's heading anchors of a Markdown file."""
    with open(path, encoding="utf-8") as f:
        text = without_code(f.read())
    seen, result = {}, set()
    for heading in re.findall(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def dangling_in(root, name):
    path = os.path.join(root, name)
    with open(path, encoding="utf-8") as f:
        text = without_code(f.read())
    problems = []
    for target in LINK.findall(text) + REFERENCE.findall(text):
        if not target or re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # a URL (https:, mailto:) is not checked offline
        file_part, _, fragment = target.partition("#")
        linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part \
            else path
        if not os.path.realpath(linked).startswith(os.path.realpath(root) + os.sep):
            problems.append(f"{name}: {target}: outside {root}")
        elif not os.path.exists(linked):
            problems.append(f"{name}: {target}: no such file")
        elif fragment and linked.endswith(".md") and fragment not in anchors(linked):
            problems.append(f"{name}: {target}: no heading #{fragment}")
    return problems


def dangling_in_help(root, program):
    out = subprocess.run([program, "--help"], capture_output=True, text=True, check=False).stdout
    return [f"{program} --help: {doc}: no such file under {root}"
            for doc in sorted(set(HELP_DOC.findall(out)))
            if not os.path.isfile(os.path.join(root, doc))]


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    programs = argv[3:] if len(argv) > 2 and argv[2] == "--help" else []
    names = [n for n in ("README.md", "CHANGELOG.md") if os.path.isfile(os.path.join(root, n))]
    if os.path.isdir(os.path.join(root, "docs")):
        names += sorted("docs/" + n for n in os.listdir(os.path.join(root, "docs"))
                        if n.endswith(".md"))
    if "README.md" not in names or not any(n.startswith("docs/") for n in names):
        print(f"doc_links: no README.md and docs/*.md under {root}", file=sys.stderr)
        return 1
    problems = [p for n in names for p in dangling_in(root, n)]
    problems += [p for program in programs for p in dangling_in_help(root, program)]
    for p in problems:
        print(f"doc_links: {p}", file=sys.stderr)
    print(f"doc_links: {len(names)} files, {len(programs)} programs' --help under {root}: "
          f"{len(problems)} dangling")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
