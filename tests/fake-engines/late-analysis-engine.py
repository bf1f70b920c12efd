#!/usr/bin/python3
"""A GTP engine whose amz-analyze writes its first info line only after a delay (as Hippolyta
does while it solves a small endgame at the root), or none if it is stopped before:
  late-analysis-engine.py SECONDS
Every other command succeeds with an empty answer. Its input is read unbuffered, so that a
stop already sent is seen however late the engine started."""
import os
import select
import sys
import time

delay = float(sys.argv[1])
pending = b""


def next_line(timeout=None):
    """The next input line, or None at the end of input or when timeout seconds pass first."""
    global pending
    end = None if timeout is None else time.monotonic() + timeout
    while b"\n" not in pending:
        left = None if end is None else max(0.0, end - time.monotonic())
        if not select.select([0], [], [], left)[0]:
            return None
        chunk = os.read(0, 4096)
        if not chunk:
            return None
        pending += chunk
    line, pending = pending.split(b"\n", 1)
    return line.decode()


def reply(text):
    sys.stdout.write(text)
    sys.stdout.flush()


while (line := next_line()) is not None:
    if not line.startswith("amz-analyze"):
        reply("= \n\n")
        continue
    reply("=\n")
    if next_line(delay) is None:  # not stopped within the delay: a line, then the stop
        reply("info move a1-a2/a3 visits 1 winrate 0.5 prior 0 order 0 pv a1-a2/a3\n")
        next_line()
    reply("\n")
