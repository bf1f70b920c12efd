#!/usr/bin/python3
"""A fake GTP Amazons engine for the Studio's review tests: it analyses every position with one
candidate whose win rate (for the side to move) comes from a fixed list, by the number of moves
played since the last clear_board or amz-position, so that each move's loss is known in advance.

  winrate-engine.py [MOVE] W0 W1 W2 ...

MOVE (default a1-a2/a3) is the candidate named everywhere.

amz-analyze answers "=", one `info` line, and ends with the empty line when the next input line
comes (the stop); final_score and amz-moves_left fail (no position is decided), amz-solve knows
nothing, amz-territory is an even map, genmove resigns. Everything else is accepted."""
import sys

args = sys.argv[1:]
best = args.pop(0) if args and "/" in args[0] else "a1-a2/a3"
rates = [float(w) for w in args]
ply = 0
size = 10


def reply(text=""):
    sys.stdout.write(f"= {text}\n\n" if text else "=\n\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command in ("clear_board", "amz-position", "boardsize"):
        ply = 0
        if command == "boardsize":
            size = int(words[1])
        reply()
    elif command == "play":
        ply += 1
        reply()
    elif command == "amz-analyze":
        rate = rates[min(ply, len(rates) - 1)]
        sys.stdout.write(f"=\ninfo move {best} visits 10 winrate {rate:.4f} pv {best}\n")
        sys.stdout.flush()
        sys.stdin.readline()  # the stop
        sys.stdout.write("\n")
        sys.stdout.flush()
    elif command in ("final_score", "amz-moves_left"):
        sys.stdout.write("? cannot score\n\n")
        sys.stdout.flush()
    elif command == "amz-solve":
        reply("unknown")
    elif command == "amz-territory":
        reply("\n".join(" ".join("0" * size) for _ in range(size)))
    elif command == "genmove":
        reply("resign")
    elif command == "quit":
        reply()
        break
    else:
        reply()
