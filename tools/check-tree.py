#!/usr/bin/python3
"""Fails when the repository's tree holds what it should not.

  check-tree.py [--root DIR]     list every problem, exit 1 if there is any
  check-tree.py --self-test      check the rules on sample names and lines

Three rules:
- The root holds only the entries that README.md's "Layout" section names (a folder as
  `name/` in its table, a file as `name` in its list of the root's files). A stray file at the
  root (a crash input a fuzzer left there, say) is a problem until it is moved or documented.
- The project's data files (engine/weights/, tests/fixtures/, the run tables and logs under
  docs/*/runs/) name no absolute path of the machine that made them (/work/, /home/, /root/,
  /tmp/, /mnt/, /Users/): a path in a committed file is relative to the repository. Binary
  files (the network) are searched as bytes, so a comment inside them counts too.
- tools/fuzz.sh gives libFuzzer an -artifact_prefix under its build directory, so that crash and
  slow inputs never land in the checkout.
The files are git's tracked ones, or without git (a source release) every file outside build
trees and hidden folders, as tools/check-journal-words.py lists them.
Exit status: 0 no problem, 1 problems, 2 a usage error.
"""
import argparse
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA_FOLDERS = re.compile(r"^(?:engine/weights/|tests/fixtures/|docs/[^/]+/runs/)")
MACHINE_PATH = re.compile(rb"(?<![\w.~])/(?:work|home|root|tmp|mnt|Users)/[\w.-]")
# A folder in the Layout table ("| `engine/` |", "| `tools/slurm/`, `tools/k8s/` |") and the
# root's files in the line that lists them ("Files at the root: `README.md`, ...").
LAYOUT_FOLDER = re.compile(r"`([^`/]+)/[^`]*`")
ROOT_FILES_LINE = "Files at the root:"
ROOT_FILE = re.compile(r"`([^`/]+)`")
FUZZ_ARTIFACTS = re.compile(r'-artifact_prefix="\$artifacts/')
FUZZ_ARTIFACTS_DIR = re.compile(r'^artifacts="\$build_dir/', re.MULTILINE)


def load_lister():
    """tracked_files() of check-journal-words.py, the one walk of the tree."""
    spec = importlib.util.spec_from_file_location(
        "check_journal_words", os.path.join(HERE, "check-journal-words.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.tracked_files


def layout_section(readme):
    """The text of README.md's "## Layout" section."""
    match = re.search(r"^## Layout\n(.*?)(?=^## )", readme, re.MULTILINE | re.DOTALL)
    return match.group(1) if match else ""


def documented_root_entries(readme):
    """The folders of the Layout table's first column (`adapters/match/` names adapters) and the
    files of the paragraph that begins "Files at the root:"."""
    names = set()
    for paragraph in layout_section(readme).split("\n\n"):
        if paragraph.startswith(ROOT_FILES_LINE):
            names.update(ROOT_FILE.findall(paragraph[len(ROOT_FILES_LINE):]))
        for line in paragraph.splitlines():
            if line.startswith("|"):
                names.update(LAYOUT_FOLDER.findall(line.split("|")[1]))
    return names


def root_entries(files):
    return {f.split("/", 1)[0] for f in files}


def machine_paths(data):
    return [m.group(0).decode("utf-8", "replace") for m in MACHINE_PATH.finditer(data)]


def problems(root, files):
    found = []
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        documented = documented_root_entries(f.read())
    for entry in sorted(root_entries(files) - documented):
        found.append(f"{entry}: at the root, not in README.md's Layout")
    for path in files:
        full = os.path.join(root, path)
        if not DATA_FOLDERS.match(path) or os.path.islink(full) or not os.path.isfile(full):
            continue
        with open(full, "rb") as f:
            for hit in machine_paths(f.read()):
                found.append(f"{path}: names the machine path {hit}")
    with open(os.path.join(root, "tools/fuzz.sh"), encoding="utf-8") as f:
        fuzz = f.read()
    if not (FUZZ_ARTIFACTS.search(fuzz) and FUZZ_ARTIFACTS_DIR.search(fuzz)):
        found.append("tools/fuzz.sh: libFuzzer's -artifact_prefix is not under the build directory")
    return found


def self_test():
    readme = ("## Layout\n\n| folder | what |\n|---|---|\n| `engine/` | x |\n"
              "| `tools/slurm/`, `tools/k8s/` | y |\n| `tests/` and `.ci/` | z |\n"
              "| `adapters/match/` | w |\n\n"
              "Files at the root: `README.md`, `COPYING` and\n`.gitignore`. Not `x.md`.\n\n"
              "Not `stray.txt` either.\n\n## Licence\n")
    assert documented_root_entries(readme) == {"engine", "tools", "tests", ".ci", "adapters",
                                               "README.md", "COPYING", ".gitignore",
                                               "x.md"}, documented_root_entries(readme)
    assert root_entries(["a/b/c", "README.md", "a/d"]) == {"a", "README.md"}
    for hit in (b"--out /work/runs/p.weights", b'"train": "/work/data/x"', b"dir /home/me/a",
                b"/tmp/v7.weights", b"\x00/root/x\x00"):
        assert machine_paths(hit), hit
    for fine in (b"runs/knowledge/v9", b"./bin/hippolyta", b"a/work/b", b"/usr/games/hippolyta",
                 b"~/tmp/x", b"http://x/home/y"):
        assert not machine_paths(fine), fine
    print("check-tree: self-test ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(HERE))
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        self_test()
        return 0
    files = load_lister()(args.root)
    found = problems(args.root, files)
    for p in found:
        print(p)
    print(f"check-tree: {len(files)} files under {args.root}: {len(found)} problems",
          file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
