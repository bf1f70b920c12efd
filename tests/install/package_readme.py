#!/usr/bin/python3
"""The package's first page (/usr/share/doc/hippolyta/README.md) tells the truth about the
installed package: every path it names exists in the package, every program it names is an
executable in /usr/games that answers --help, every option given to one of them is in that
program's --help, every `man NAME` has its page, and it sends nobody to the source tree's
build (`build/bin/`, `tools/quickstart.sh`, `/path/to/`) for a command.

  package_readme.py ROOT

ROOT is the package's contents (dpkg-deb -x into a folder, or / for the real install). Code
spans and code blocks are read; a path is a word starting with /usr/ or /etc/, a command a span
whose first word (or the word after `man`) is a hippolyta program. Prints each problem and
exits 1 if there is any."""
import os
import re
import shlex
import subprocess
import sys

FORBIDDEN = ("build/bin/hippolyta", "tools/quickstart.sh", "/path/to/")


def snippets(text):
    """The code spans (which may run over lines) and the indented code blocks' lines."""
    found = [m.group(2) for m in re.finditer(r"(`+)(.+?)\1", text, re.S)]
    found += [line.strip() for line in text.split("\n") if line.startswith("    ") and line.strip()]
    return [" ".join(s.split()) for s in found]


def run_help(program, env):
    out = subprocess.run([program, "--help"], capture_output=True, text=True, env=env,
                         timeout=60)
    return out.returncode, out.stdout


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    games = os.path.join(root, "usr", "games")
    readme = os.path.join(root, "usr/share/doc/hippolyta/README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    env = {k: v for k, v in os.environ.items() if k != "HIPPOLYTA_DATA_DIR"}
    problems, helps = [], {}

    def help_of(name):
        if name not in helps:
            program = os.path.join(games, name)
            if not os.access(program, os.X_OK):
                problems.append(f"{name}: not an executable in /usr/games")
                helps[name] = None
            else:
                code, out = run_help(program, env)
                if code != 0:
                    problems.append(f"{name} --help exits with {code}")
                helps[name] = out
        return helps[name]

    paths = commands = 0
    for snippet in snippets(text):
        for bad in FORBIDDEN:
            if bad in snippet:
                problems.append(f"`{snippet}` sends a package user to the source tree ({bad})")
        for path in re.findall(r"(?<![\w.])(/(?:usr|etc)/[^\s\"'`,;)]*)", snippet):
            paths += 1
            if not os.path.lexists(os.path.join(root, path.lstrip("/").rstrip("/") or ".")):
                problems.append(f"{path}: not in the package")
        try:
            words = shlex.split(snippet)
        except ValueError:
            words = snippet.split()
        if len(words) >= 2 and words[0] == "man":
            commands += 1
            page = os.path.join(root, "usr/share/man/man6", words[1] + ".6.gz")
            if not os.path.isfile(page):
                problems.append(f"`{snippet}`: no manual page {words[1]}(6)")
            continue
        if not words or not re.fullmatch(r"(/usr/games/)?hippolyta(-[a-z-]+)?", words[0]):
            continue
        commands += 1
        name = os.path.basename(words[0])
        out = help_of(name)
        for option in (w.split("=", 1)[0] for w in words[1:] if w.startswith("--")):
            if out is not None and not re.search(r"(^|[\s\[])" + re.escape(option) + r"(?![\w-])", out):
                problems.append(f"`{snippet}`: {name} --help has no {option}")
    for p in problems:
        print(f"package_readme: {p}", file=sys.stderr)
    print(f"package_readme: {paths} paths, {commands} commands, {len(problems)} problems")
    return 1 if problems or not paths or not commands else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
