#!/usr/bin/python3
"""A GTP engine whose amz-analyze writes its first info line only after a delay (as Hippolyta
does while it solves a small endgame at the root), or none if it is stopped before:
  late-analysis-engine.py SECONDS
Every other command succeeds with an empty answer."""
import select
import sys

delay = float(sys.argv[1])


def reply(text):
    sys.stdout.write(text)
    sys.stdout.flush()


for line in sys.stdin:
    if not line.startswith("amz-analyze"):
        reply("= \n\n")
        continue
    reply("=\n")
    stopped, _, _ = select.select([sys.stdin], [], [], delay)
    if not stopped:
        reply("info move a1-a2/a3 visits 1 winrate 0.5 prior 0 order 0 pv a1-a2/a3\n")
    sys.stdin.readline()  # the line that stops the analysis
    reply("\n")
