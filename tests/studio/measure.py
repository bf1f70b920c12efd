#!/usr/bin/python3
"""Figures of hippolyta-studio for docs/studio.md (not a test): the delay the server adds
between a `play` message and the `state` with the engine's answer, beyond the engine's own time
(`engine_seconds`, genmove sent to answer), the median over a game; then the server's memory
(VmRSS) and CPU when idle with one page connected.
Usage: measure.py BIN_DIR PAGE_DIR [SIZE] [LEVEL]"""
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WsClient  # noqa: E402

FILES = "abcdefghijk"


def square(name):
    return FILES.index(name[0]), int(name[1:]) - 1


def name(c, r):
    return f"{FILES[c]}{r + 1}"


def reach(board, n, c, r):
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        x, y = c + dc, r + dr
        while 0 <= x < n and 0 <= y < n and (x, y) not in board:
            yield x, y
            x, y = x + dc, y + dr


def first_legal(state):
    n = state["size"]
    mine = [square(s) for s in state["amazons"][state["to_move"]]]
    board = {square(s) for side in ("white", "black") for s in state["amazons"][side]}
    board |= {square(s) for s in state["arrows"]}
    for a in mine:
        for to in reach(board, n, *a):
            after = (board - {a}) | {to}
            for arrow in reach(after, n, *to):
                return f"{name(*a)}-{name(*to)}/{name(*arrow)}"
    return None


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    bin_dir, page_dir = sys.argv[1], sys.argv[2]
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    level = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    server = subprocess.Popen([os.path.join(bin_dir, "hippolyta-studio"), "--port", "0",
                               "--page-dir", page_dir], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
        page = WsClient(port)
        page.send({"type": "new_game", "size": size, "black": "engine:hippolyta", "level": level})
        state = page.wait_for(lambda m: m["type"] == "state" and m["size"] == size)
        delays = []
        while state["result"] is None:
            move = first_legal(state)
            plies = len(state["moves"])
            sent = time.perf_counter()
            page.send({"type": "play", "move": move})
            state = page.wait_for(lambda m: m["type"] == "state" and
                                  (m["result"] is not None or len(m["moves"]) == plies + 2), 120)
            if len(state["moves"]) == plies + 2:
                delays.append(time.perf_counter() - sent - state["engine_seconds"])
        print(f"{size}x{size} game at level {level}: {len(state['moves'])} plies, "
              f"{len(delays)} engine replies; delay beyond the engine's time: median "
              f"{1000 * statistics.median(delays):.1f} ms, max {1000 * max(delays):.1f} ms")
        time.sleep(2)
        before, t0 = cpu_seconds(server.pid), time.time()
        time.sleep(30)
        cpu = (cpu_seconds(server.pid) - before) / (time.time() - t0)
        print(f"idle with one page: RSS {rss_kib(server.pid) / 1024:.1f} MiB, "
              f"CPU {100 * cpu:.2f}% over 30 s (the server alone, engines excluded)")
        page.close()
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
