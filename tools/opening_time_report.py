#!/usr/bin/env python3
"""Thinking time over each game's first moves, from engine logs written with --log-level debug.

    tools/opening_time_report.py [--moves 10] NAME=GLOB [NAME=GLOB ...]

Each GLOB names the log files of one engine (for example a --log-file per process, as in
`hippolyta --log-file logs/book-$$.log --log-level debug`). A game starts at `gtp: clear_board`;
the engine's moves are its `plays M after S s` lines and its book moves the `book move` lines.
Prints, for each engine: games, the mean and median seconds over its first --moves moves, and
the mean number of book moves among them. Games with fewer moves count what they have.
"""
import argparse
import glob
import re
import statistics
import sys

PLAYS = re.compile(r"\] (white|black) plays \S+ after ([0-9.]+) s")
BOOK = re.compile(r"\] book move ")
NEW_GAME = re.compile(r"gtp: clear_board")


def games_of(path, first):
    """Yields (seconds, book moves) over the first `first` moves of each game in one log."""
    seconds, books, moves, pending_book = 0.0, 0, 0, False
    started = False
    with open(path, errors="replace") as log:
        for line in log:
            if NEW_GAME.search(line):
                if started and moves:
                    yield seconds, books
                seconds, books, moves, pending_book, started = 0.0, 0, 0, False, True
            elif BOOK.search(line):
                pending_book = True
            elif (m := PLAYS.search(line)) and started:
                if moves < first:
                    seconds += float(m.group(2))
                    books += pending_book
                moves += 1
                pending_book = False
    if started and moves:
        yield seconds, books


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("engines", nargs="+", metavar="NAME=GLOB")
    args = parser.parse_args()
    print(f"engine\tgames\tmean_s_first_{args.moves}\tmedian_s\tmean_book_moves")
    for spec in args.engines:
        name, _, pattern = spec.partition("=")
        rows = [g for path in sorted(glob.glob(pattern)) for g in games_of(path, args.moves)]
        if not rows:
            print(f"{name}\t0\t-\t-\t-")
            continue
        secs = [s for s, _ in rows]
        books = [b for _, b in rows]
        print(f"{name}\t{len(rows)}\t{statistics.mean(secs):.2f}\t{statistics.median(secs):.2f}"
              f"\t{statistics.mean(books):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
