#!/usr/bin/python3
"""A whole game reviewed in Hippolyta Studio, in headless Chromium, as a user reviews one: the
moves pasted, "Analyse whole game" at S seconds a position, then every mark of the graph
clicked. For each mark it checks that the explanation names the marked move (the game's move
at that ply), that the mark agrees with the loss shown, and that the squares it gives are the
mover's lead before the move less its lead after (worded as a gain when the move won squares),
and it prints a table of the marks. Not part of ctest (a 10x10 game at 1 s a position takes minutes): run it by hand.

  review_game.py BIN_DIR|--deb DEB MOVES_FILE SIZE SECONDS WORK_DIR

MOVES_FILE holds the moves (one a line, or any list the paste box takes). Screenshots of the
first and last marks explained, and the whole game at its end, go to WORK_DIR."""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_browser_test as base  # noqa: E402

STATE = base.STATE


def main(argv):
    args = argv[1:]
    deb = None
    if args and args[0] == "--deb":
        deb, args = os.path.abspath(args[1]), [None] + args[2:]
    if len(args) != 5:
        sys.exit(__doc__.strip())
    bin_dir = os.path.abspath(args[0]) if args[0] else None
    moves_file, size, seconds, work = args[1], int(args[2]), float(args[3]), os.path.abspath(args[4])
    with open(moves_file) as f:
        moves = [line.strip() for line in f.read().split() if line.strip()]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    base.set_up_programs(bin_dir, deb, work)
    server, url = base.start_server(work)
    page = base.Browser(work)
    problems = []
    try:
        page.call("Page.navigate", url=url)
        page.wait(f"document.body && document.body.dataset.connected === 'true' && {STATE}",
                  "the page to connect")
        page.js(f"document.getElementById('moves-text').value = {json.dumps(' '.join(moves))};"
                f"document.getElementById('moves-size').value = {size}")
        page.click("#load-moves")
        page.wait(f"{STATE}.moves.length === {len(moves)}", "the pasted game")
        page.js(f"document.getElementById('review-seconds').value = {seconds}")
        page.click("#review-start")
        page.wait(f"!{STATE}.reviewing && {STATE}.review.length === {len(moves)}",
                  "the whole-game review", timeout=60 + len(moves) * (seconds + 2) * 3)
        state = page.js(STATE)
        page.screenshot(os.path.join(work, "game.png"))
        leads = state["leads"]
        marks = page.js("[...document.querySelectorAll('#winrate-graph .wr-mark')]"
                        ".map(m => [+m.dataset.ply, m.dataset.move])")
        by_ply = {r["ply"]: r for r in state["review"]}
        print(f"{len(moves)} plies reviewed at {seconds} s a position; {len(marks)} marks")
        print(" ply  move        loss  mark      squares  best         explanation")
        for i, (ply, move) in enumerate(marks):
            r = by_ply[ply]
            page.js("document.getElementById('winrate-graph').scrollIntoView({block: 'center'})")
            page.click(f'#winrate-graph .wr-mark[data-ply="{ply}"]')
            page.wait(f"{STATE}.ply === {ply - 1} && !document.getElementById('mistake-box').hidden",
                      f"the mark of ply {ply} explained")
            text = page.js("document.getElementById('mistake-text').textContent")
            if i in (0, len(marks) - 1):
                page.screenshot(os.path.join(work, f"mark-{ply}.png"))
            shown = round(100 * r["loss"])
            sign = 1 if ply % 2 == 1 else -1  # White moves the odd plies from the start
            squares = None
            if isinstance(leads[ply - 1], (int, float)) and isinstance(leads[ply], (int, float)):
                squares = sign * (leads[ply - 1] - leads[ply])
            worded = ("and no squares of territory" if abs(r["lead_loss"]) < 0.05 else
                      f"and {r['lead_loss']:.1f} squares of territory" if r["lead_loss"] > 0 else
                      f"though it won {-r['lead_loss']:.1f} squares of territory")
            checks = {
                "the move is the game's": move == moves[ply - 1] == r["move"],
                "the text names it": text.startswith(f"Move {ply}, {move}, is a {r['mark']}"),
                "the mark is the loss shown": r["mark"] == ("blunder" if shown >= 20 else
                                                            "mistake" if shown >= 10 else None),
                "the text gives the loss": f"lost {shown}% win rate" in text,
                "the squares are the leads'": squares is not None and
                abs(squares - r["lead_loss"]) < 1e-9 and worded in text,
                "a better move is named": bool(r["best"]) and r["best"] != move,
            }
            bad = [k for k, ok in checks.items() if not ok]
            problems += [f"ply {ply}: {k} ({text})" for k in bad]
            print(f"{ply:4}  {move:11} {shown:3}%  {r['mark']:8} {r['lead_loss']:6.1f}   "
                  f"{r['best']:12} {text}")
    finally:
        page.close()
        server.terminate()
        server.wait(timeout=10)
    for p in problems:
        print(f"FAIL: {p}", file=sys.stderr)
    print("every mark names its move, the loss shown and the squares" if not problems else
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
