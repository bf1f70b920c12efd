#!/usr/bin/python3
"""Every option a tool's --help lists is a tag of its own in the tool's rendered man page: the
option and its argument on the tag's line, its description below (or beside a tag shorter
than the indent, as groff sets .TP). help2man parts an option from its description at two
spaces; a description that follows its option after one space (Boost's widest option) used to
land in the tag ("--command-timeout S (=30) seconds an engine may take to answer any com-").

  man_pages_test.py MAN_DIR BIN_DIR

Renders each MAN_DIR/NAME.6.gz with groff (-man -Tascii, 80 columns) and runs BIN_DIR/NAME
--help. Prints each option that is not a tag of its own and exits 1 if there is any."""
import collections
import gzip
import os
import re
import subprocess
import sys

TAG_INDENT = 7  # groff's indent of a .TP tag in a section


def option_specs(help_text):
    """The option part (option, argument, default) of each option line of --help."""
    specs = []
    block = []
    for line in help_text.split("\n") + [""]:
        if line and line.startswith(" "):
            block.append(line)
            continue
        indents = collections.Counter(len(l) - len(l.lstrip()) for l in block
                                      if re.match(r"^   +[^ -]", l))
        column = indents.most_common(1)[0][0] if indents else 0
        for l in block:
            if not l.startswith("  -"):
                continue
            parted = re.match(r"^  (\S.*?)  +\S", l)
            if parted:  # option, two spaces or more, description
                spec = parted.group(1)
            elif column and len(l) > column and l[column - 1] == " " and l[column - 2] != " ":
                spec = l[:column - 1]  # the description a single space after the option
            else:
                spec = l  # the option alone: its description starts on the next line
            specs.append(" ".join(spec.split()))
        block = []
    return specs


def rendered(page):
    with gzip.open(page) as f:
        roff = f.read()
    out = subprocess.run(["groff", "-man", "-Tascii", "-P-cbou", "-rLL=80n"], input=roff,
                         capture_output=True, check=True).stdout.decode("ascii", "replace")
    return [" ".join(line.split()) for line in out.split("\n")
            if line.startswith(" " * TAG_INDENT) and not line.startswith(" " * (TAG_INDENT + 1))]


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    man_dir, bin_dir = argv[1], argv[2]
    problems, count = [], 0
    pages = sorted(n for n in os.listdir(man_dir) if n.endswith(".6.gz"))
    for name in pages:
        tool = name[:-len(".6.gz")]
        help_text = subprocess.run([os.path.join(bin_dir, tool), "--help"], capture_output=True,
                                   text=True, check=True).stdout
        tags = rendered(os.path.join(man_dir, name))
        for spec in option_specs(help_text):
            count += 1
            short = len(spec) < TAG_INDENT  # set beside its description
            if spec not in tags and not (short and any(t.startswith(spec + " ") for t in tags)):
                problems.append(f"{name}: '{spec}' is not a tag of its own")
    for p in problems:
        print(f"man_pages_test: {p}", file=sys.stderr)
    print(f"man_pages_test: {len(pages)} pages, {count} options, {len(problems)} not tags")
    return 1 if problems or not count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
