#!/usr/bin/python3
"""A scripted opponent for the SAU Game Platform's protocol (docs/fronts.md): a small Amazons
player of its own, written apart from the engine, that speaks name?, new, move, error, end and
quit, and misbehaves on cue.

    sau-opponent.py [--seed N] [--illegal K] [--noise] [--out-of-turn] [--nul]
                    [--exit-after N] [--silent] [--name TEXT]

It plays the first legal move in its scan order (columns from the left, rows from the top), or
with --seed N a seeded random legal move, and stops moving once either side has no move (the
platform's end rule; `end` follows). Misbehaviours:
  --illegal K     each turn, first send K illegal moves (each answered by `error`), then a legal one
  --noise         write lines without commands to stdout and stderr before each move
  --out-of-turn   after each move, write another legal-looking move at once (the platform
                  throws moves out of turn away)
  --nul           end each command with a NUL, as old platform versions did
  --exit-after N  exit after N moves of its own, mid-game
  --silent        never answer name? (the engine is never ready)
"""
import argparse
import random
import sys

SIZE = 10
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class Board:
    def __init__(self):
        self.cells = [["." for _ in range(SIZE)] for _ in range(SIZE)]  # cells[x][y]
        for x, y in [(0, 6), (3, 9), (6, 9), (9, 6)]:
            self.cells[x][y] = "B"
        for x, y in [(0, 3), (3, 0), (6, 0), (9, 3)]:
            self.cells[x][y] = "W"

    def reach(self, x, y):
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            while 0 <= nx < SIZE and 0 <= ny < SIZE and self.cells[nx][ny] == ".":
                yield nx, ny
                nx, ny = nx + dx, ny + dy

    def moves(self, color):
        for x in range(SIZE):
            for y in range(SIZE):
                if self.cells[x][y] != color:
                    continue
                for tx, ty in list(self.reach(x, y)):
                    self.cells[x][y] = "."  # the arrow may pass the square left
                    arrows = list(self.reach(tx, ty))
                    self.cells[x][y] = color
                    for ax, ay in arrows:
                        yield (x, y, tx, ty, ax, ay)

    def legal(self, color, m):
        return m in set(self.moves(color))

    def play(self, color, m):
        x, y, tx, ty, ax, ay = m
        self.cells[x][y] = "."
        self.cells[tx][ty] = color
        self.cells[ax][ay] = "X"


def text(m):
    return "".join(chr(ord("A") + v) for v in m)


def parse(word):
    if len(word) != 6 or any(not "A" <= c <= "J" for c in word):
        return None
    return tuple(ord(c) - ord("A") for c in word)


class Opponent:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed) if args.seed is not None else None
        self.board = Board()
        self.color = None
        self.moved = 0
        self.waiting = False  # our move was sent and not yet answered

    def send(self, line):
        sys.stdout.write(line + ("\0" if self.args.nul else "") + "\n")
        sys.stdout.flush()

    def over(self):
        return not any(True for _ in self.board.moves("B")) or not any(
            True for _ in self.board.moves("W"))

    def choose(self):
        moves = list(self.board.moves(self.color))
        if not moves or self.over():
            return None
        return self.rng.choice(moves) if self.rng else moves[0]

    def move(self):
        m = self.choose()
        if m is None:
            return
        if self.args.noise:
            sys.stdout.write("thinking hard...\n")
            sys.stderr.write("debug: still thinking\n")
            sys.stdout.flush()
            sys.stderr.flush()
        for _ in range(self.args.illegal):
            self.send("move AAAAAA")  # never legal: a10 is empty at the start and stays so
            if not self.await_error():
                return
        self.board.play(self.color, m)
        self.send("move " + text(m))
        self.moved += 1
        if self.args.out_of_turn:
            self.send("move " + text(m))
        if self.args.exit_after and self.moved >= self.args.exit_after:
            sys.exit(0)

    def await_error(self):
        for line in sys.stdin:
            words = line.replace("\0", " ").split()
            if words[:1] == ["error"]:
                return True
            if not self.handle(words):
                sys.exit(0)
        sys.exit(0)

    def handle(self, words):
        """One command's words; False on quit."""
        i = 0
        while i < len(words):
            w = words[i]
            if w == "name?" and not self.args.silent:
                self.send("name " + self.args.name)
            elif w == "new" and i + 1 < len(words):
                i += 1
                self.board, self.moved = Board(), 0
                self.color = "B" if words[i] == "black" else "W"
                if self.color == "B":
                    self.move()
            elif w == "move" and i + 1 < len(words) and parse(words[i + 1]):
                i += 1
                self.board.play("W" if self.color == "B" else "B", parse(words[i]))
                self.move()
            elif w == "quit":
                return False
            i += 1
        return True


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int)
    p.add_argument("--illegal", type=int, default=0)
    p.add_argument("--noise", action="store_true")
    p.add_argument("--out-of-turn", action="store_true")
    p.add_argument("--nul", action="store_true")
    p.add_argument("--exit-after", type=int, default=0)
    p.add_argument("--silent", action="store_true")
    p.add_argument("--name", default="scripted opponent")
    args = p.parse_args()
    opponent = Opponent(args)
    for line in sys.stdin:
        if not opponent.handle(line.replace("\0", " ").split()):
            break


if __name__ == "__main__":
    main()
