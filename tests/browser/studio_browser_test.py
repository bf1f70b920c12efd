#!/usr/bin/python3
"""Hippolyta Studio end to end, in a real headless Chromium driven over the DevTools protocol
(--remote-debugging-pipe: commands on fd 3, answers on fd 4, NUL-separated JSON; stdlib only).

  - starts hippolyta-studio on a free port (--port 0) and opens the page at the URL it prints;
  - plays a whole 6x6 game as White against the engine at level 5 by clicking squares (amazon,
    destination, arrow), checking at each step that the page highlights legal targets and that
    the server accepts every clicked move (the first move typed in the move box, the second
    entered with the arrow keys and Enter on the board);
  - turns live analysis on: candidate arrows and territory shading appear, hovering a
    candidate previews its principal variation;
  - kills the server's engine processes mid-game: the page shows the restart and the game goes
    on; Take back (after the restart) returns to White's turn;
  - drops the WebSocket: the page reconnects and resyncs;
  - loads tests/fixtures/studio/blunder-6x6.sgf (White's 7th move, e5-a1/b2, walls its own
    amazon in: the engine's evaluation falls from 0.73 to 0.08 for White), runs the whole-game
    analysis and checks that the move list marks that move, and that the saved SGF carries the
    analysis as comments;
  - the learning views (studio_learning_checks.py): the game just played reviewed, its first
    mistake explained with the better move drawn and the territory it cost, the better line
    tried as a variation; a variation by clicks at ply 4, played on, saved and read back with
    both lines; a reload in the middle of a review brings the graph back whole; a game that ends
    decided reviewed with exact figures (never 50%) and no mistake marked between decided plies;
    a hint and teaching mode on a position whose only winning move is known; every page closed
    with Analysis on stops the analysis (in the engine's command log) and a page back starts it;
  - prints the median time from the click completing a move to the engine's reply drawn, less
    the engine's thinking time (measured by the page, body[data-latency]).
Screenshots go to WORK (play.png, analysis.png, variation.png, review.png, mistake.png,
branches.png, hint.png, teaching.png, view.png).
  usage: studio_browser_test.py BIN_DIR SOURCE_DIR WORK_DIR
Exits 77 (ctest: skipped) when Chromium is not installed."""

import base64
import fcntl
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time

SKIP = 77


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Browser:
    """A headless Chromium with one page, spoken to over the DevTools pipe."""

    def __init__(self, work):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            print("SKIP: Chromium is not installed (apt-get install chromium; tools/quickstart.sh "
                  "test installs it)")
            sys.exit(SKIP)
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():  # the child's fd 3 reads our commands, fd 4 writes its answers
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_chrome_r, from_chrome_w)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.log = open(os.path.join(work, "chromium.log"), "wb")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", "--no-first-run", "--window-size=1064,880",
             f"--user-data-dir={work}/profile", "about:blank"],
            stdout=self.log, stderr=self.log, preexec_fn=fds, pass_fds=(3, 4))  # kept open after fds() ran
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        self.console = []
        self.latency_log = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=1064, height=880,
                  deviceScaleFactor=1, mobile=False)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                fail("Chromium did not answer in time")
            chunk = os.read(self.from_chrome, 1 << 16)
            if not chunk:
                fail("Chromium closed the DevTools pipe (see chromium.log)")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 30
        while True:
            answer = self.read_message(deadline)
            if answer.get("method") == "Runtime.consoleAPICalled":
                args = answer["params"]["args"]
                text = " ".join(str(a.get("value", "")) for a in args)
                if text.startswith("studio-latency"):
                    self.latency_log.append(text)
            if answer.get("method") == "Runtime.exceptionThrown":
                self.console.append(json.dumps(answer["params"]["exceptionDetails"])[:400])
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    fail(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def js(self, expression):
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            fail(f"page script failed: {expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression, what, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.03)
        fail(f"timed out waiting for {what} ({expression})")

    def mouse(self, kind, x, y):
        extra = {"button": "left", "clickCount": 1} if kind != "mouseMoved" else {}
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, **extra)

    def click_at(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)

    def centre(self, selector):
        box = self.js(f"(() => {{ const n = document.querySelector({json.dumps(selector)});"
                      " if (!n) return null; const r = n.getBoundingClientRect();"
                      " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        if not box:
            fail(f"no element {selector}")
        return box

    def click(self, selector):
        """A click where a user's would land: the element scrolled into sight first (a click
        at coordinates outside the window reaches nothing), and refused if something covers it."""
        found = self.js(f"(() => {{ const n = document.querySelector({json.dumps(selector)});"
                        " if (!n) return 'missing';"
                        " n.scrollIntoView({block: 'nearest', inline: 'nearest'});"
                        " const r = n.getBoundingClientRect();"
                        " const x = r.x + r.width / 2, y = r.y + r.height / 2;"
                        " const top = document.elementFromPoint(x, y);"
                        " return !top ? 'outside the window' : n.contains(top) ? [x, y]"
                        " : 'covered by ' + top.tagName + (top.id ? '#' + top.id : ''); })()")
        if isinstance(found, str):
            fail(f"cannot click {selector}: {found}")
        self.click_at(*found)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def wait_for(condition, what, timeout=30.0):
    """Polls a condition of this process's own (a file, a process) until it holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    fail(f"timed out waiting for {what}")
    return False


# How the programs are started: from the build tree by their path, or from the Debian package
# (unpacked with dpkg-deb -x into WORK/root) by their bare name through PATH as a desktop sets
# it, the root's usr/games in place of /usr/games, from a home folder of their own.
START = {"argv0": None, "env": None, "cwd": None, "bin_dir": None}
DESKTOP_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/games:/usr/games"


def set_up_programs(bin_dir, deb, work):
    if deb is None:
        START.update(argv0=os.path.join(bin_dir, "hippolyta-studio"), env=None, cwd=None,
                     bin_dir=bin_dir)
        return
    root = os.path.join(work, "root")
    subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
    games = os.path.join(root, "usr", "games")
    home = os.path.join(work, "home")
    os.makedirs(home)
    env = {k: v for k, v in os.environ.items() if k != "HIPPOLYTA_DATA_DIR"}
    env.update(PATH=DESKTOP_PATH.replace(":/usr/games", ":" + games), HOME=home)
    START.update(argv0="hippolyta-studio", env=env, cwd=home, bin_dir=games)


def start_studio(work, log_name, *options):
    """hippolyta-studio with OPTIONS, as START says: (process, the URL it printed)."""
    log = open(os.path.join(work, log_name), "wb")
    server = subprocess.Popen([START["argv0"], *options], stdout=subprocess.PIPE, stderr=log,
                              env=START["env"], cwd=START["cwd"])
    url = server.stdout.readline().decode().strip().split()[-1] if server.stdout else ""
    if not url.startswith("http://127.0.0.1:"):
        server.kill()
        fail(f"hippolyta-studio did not print its URL (got '{url}'; see {work}/{log_name})")
    return server, url


def start_server(work):
    return start_studio(work, "server.log", "--port", "0")


STATE = "window.studio.state"


def new_game(page):
    page.click("#new-game")
    page.wait("document.getElementById('new-game-dialog').open", "the new game dialog")
    page.js("""(() => {
        const set = (id, v) => { document.getElementById(id).value = v; };
        set('ng-size', 6); set('ng-white', 'human'); set('ng-black', 'engine:hippolyta');
        document.getElementById('ng-by-level').checked = true; set('ng-level', 5);
        document.getElementById('ng-clock').checked = false; })()""")
    page.click("#ng-start")
    page.wait(f"{STATE} && {STATE}.size === 6 && {STATE}.moves.length === 0 && !{STATE}.result"
              f" && {STATE}.players.black === 'engine:hippolyta'", "a new 6x6 game")


def targets(page):
    return page.js("[...document.querySelectorAll('#board [data-target]')].map(n => n.dataset.target)")


KEY_CODES = {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Enter": 13}


def press(page, key):
    page.call("Input.dispatchKeyEvent", type="rawKeyDown", key=key, code=key,
              windowsVirtualKeyCode=KEY_CODES[key])
    page.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=key,
              windowsVirtualKeyCode=KEY_CODES[key])


def square_by_keys(page, square):
    """Moves the board's focus ring to SQUARE with the arrow keys and presses Enter."""
    page.js("document.getElementById('board').focus()")
    if not page.js("document.getElementById('board').dataset.focus"):
        press(page, "ArrowLeft")  # the ring appears on a1
    at = page.js("document.getElementById('board').dataset.focus")
    files = ord(square[0]) - ord(at[0])
    ranks = int(square[1:]) - int(at[1:])
    for _ in range(abs(files)):
        press(page, "ArrowRight" if files > 0 else "ArrowLeft")
    for _ in range(abs(ranks)):
        press(page, "ArrowUp" if ranks > 0 else "ArrowDown")
    ring = page.js("document.getElementById('board').dataset.focus")
    if ring != square:
        fail(f"the arrow keys took the focus ring to {ring}, not {square}")
    press(page, "Enter")


def click_move(page, rng, how="click"):
    """Plays one legal move by three clicks (or the arrow keys and Enter on the board, or typed
    in the move box as amazon, destination, arrow run together), checking the highlighted
    targets on the way."""
    state = page.js(STATE)
    before = len(state["moves"])
    amazons = list(state["amazons"]["white"])
    rng.shuffle(amazons)
    enter = (lambda sq: square_by_keys(page, sq)) if how == "keys" else \
        (lambda sq: page.click(f'#board [data-square="{sq}"]'))
    for amazon in amazons:
        enter(amazon)
        reach = targets(page)
        if reach:
            break
        page.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
    else:
        fail(f"no amazon of White has a highlighted move at ply {before}")
    blocked = set(state["amazons"]["white"] + state["amazons"]["black"] + state["arrows"])
    if blocked & set(reach):
        fail(f"occupied squares highlighted as targets: {sorted(blocked & set(reach))}")
    to = rng.choice(reach)
    enter(to)
    shots = targets(page)
    if amazon not in shots:
        fail(f"after {amazon}-{to} the vacated square {amazon} is not a target: {shots}")
    shot = rng.choice(shots)
    move = f"{amazon}-{to}/{shot}"
    if how == "type":
        page.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
        if page.js("document.querySelectorAll('#board [data-target]').length"):
            fail("Escape did not cancel the move being entered")
        page.js("document.getElementById('move-input').focus()")
        page.call("Input.insertText", text=f"{amazon}{to}{shot}".upper())
        page.click("#move-submit")
    else:
        enter(shot)
    page.wait(f"{STATE}.moves.length > {before} || !document.getElementById('error-bar').hidden",
              f"the server to take {move}")
    if not page.js("document.getElementById('error-bar').hidden"):
        refusal = page.js("document.getElementById('error-text').textContent")
        fail(f"{move} refused: {refusal}")
    page.js("document.activeElement && document.activeElement.blur()")
    played = page.js(f"{STATE}.moves[{before}]")
    if played != move:
        fail(f"the server played {played} for the clicked {move}")
    return move


def check_analysis(page, work):
    page.click("#analysis-toggle")
    page.wait("document.querySelectorAll('#board .candidate').length >= 3"
              " && document.querySelectorAll('#board .territory').length > 0",
              "candidate arrows and territory shading", timeout=15)
    count = page.js("document.querySelectorAll('#board .candidate').length")
    shaded = page.js("document.querySelectorAll('#board .territory').length")
    legal = page.js("window.studio.analysis.candidates.every(c => /^[a-f][1-6]-[a-f][1-6]\\/[a-f][1-6]$/.test(c.move))")
    if not legal:
        fail("a candidate is not a 6x6 move")
    page.screenshot(os.path.join(work, "analysis.png"))
    page.mouse("mouseMoved", *page.centre("#board .candidate.best .cand-label"))
    page.wait("document.querySelectorAll('#board .pv-move').length > 0", "the PV preview on hover")
    page.screenshot(os.path.join(work, "variation.png"))
    page.mouse("mouseMoved", 5, 5)  # away: the preview goes
    page.wait("document.querySelectorAll('#board .pv-move').length === 0", "the preview to go")
    page.click("#analysis-toggle")
    page.wait(f"!{STATE}.analysis && document.querySelectorAll('#board .candidate').length === 0",
              "analysis off")
    print(f"analysis: {count} candidates drawn, {shaded} squares shaded, PV previewed on hover")


def children(pid):
    """The processes whose parent is PID (the server's engines)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if entry.isdigit() and int(fields[1]) == pid:
            found.append(int(entry))
    return found


def kill_engines(page, server):
    """Kills the server's engines at White's turn: the next move shows the restart."""
    engines = children(server.pid)
    if not engines:
        fail("hippolyta-studio runs no engine process")
    for pid in engines:
        os.kill(pid, signal.SIGKILL)
    return len(engines)


def play_game(page, work, server):
    rng = random.Random(27)
    new_game(page)
    moves = 0
    took_back = False
    while True:
        page.wait(f"{STATE}.result || (!{STATE}.thinking && {STATE}.to_move === 'white'"
                  f" && {STATE}.ply === {STATE}.moves.length)", "White's turn", timeout=20)
        if page.js(f"{STATE}.result"):
            break
        if moves == 3:
            killed = kill_engines(page, server)
        click_move(page, rng, {0: "type", 1: "keys"}.get(moves, "click"))
        moves += 1
        if moves == 4:
            page.wait("['crashed', 'restarted'].includes(document.getElementById('engine-status').dataset.state)",
                      "the engine's crash and restart shown")
            shown = page.js("document.getElementById('engine-status').textContent")
            print(f"killed {killed} engine processes: the page shows '{shown}'")
            # Take back: the engine's reply and this move go.
            page.wait(f"{STATE}.result || (!{STATE}.thinking && {STATE}.moves.length === 8)",
                      "the engine's reply")
            if not page.js(f"{STATE}.result"):
                page.click("#undo")
                page.wait(f"{STATE}.moves.length === 6 && {STATE}.to_move === 'white'", "the take-back")
                took_back = True
        if moves == 2:
            page.wait(f"!{STATE}.thinking && {STATE}.moves.length === 4", "the engine's reply")
            check_analysis(page, work)
        if moves > 40:
            fail("the 6x6 game did not end in 40 moves")
    if not took_back:
        fail(f"the game ended after {moves} moves, before the take-back was tried")
    state = page.js(STATE)
    page.wait("document.getElementById('game-status').textContent.startsWith('Game over')",
              "the game over line")
    page.wait("document.getElementById('game-status').textContent.includes('territory')",
              "the game's territory score in the game over line")
    page.screenshot(os.path.join(work, "play.png"))
    latency = [float(v) for v in page.js("document.body.dataset.latency || ''").split(",") if v]
    if len(latency) < moves - 2:  # the typed move is not timed, nor a last move the engine
        fail(f"{len(latency)} latency figures for {moves} moves")  # does not answer
    print(f"played a 6x6 game by clicks: {len(state['moves'])} plies, result {state['result']}")
    print(f"click to reply drawn, less thinking: median {statistics.median(latency):.1f} ms, "
          f"max {max(latency):.1f} ms over {len(latency)} moves")


def check_reconnect(page):
    plies = page.js(f"{STATE}.moves.length")
    page.js("window.studio.state = null; window.studio.connection.drop()")
    page.wait("document.body.dataset.connected === 'false'", "the page to see the drop", 5)
    page.wait(f"document.body.dataset.connected === 'true' && {STATE} && {STATE}.moves.length === {plies}",
              "the page to reconnect and resync", 10)
    print("dropped WebSocket: reconnected and resynced")


def review(page, source, work):
    with open(os.path.join(source, "tests/fixtures/studio/blunder-6x6.sgf")) as f:
        sgf = f.read()
    # The file input's change handler, with the file as the browser would read it.
    page.js(f"""(() => {{ const input = document.getElementById('sgf-file');
        const data = new DataTransfer();
        data.items.add(new File([{json.dumps(sgf)}], 'blunder-6x6.sgf'));
        input.files = data.files; input.dispatchEvent(new Event('change')); }})()""")
    page.wait(f"{STATE}.size === 6 && {STATE}.moves.length === 14 && {STATE}.moves[6] === 'e5-a1/b2'"
              f" && {STATE}.ply === 14 && !{STATE}.result", "the SGF to load")
    page.click("#nav-first")
    page.wait(f"{STATE}.ply === 0", "the first button")
    page.js("document.activeElement.blur()")
    for _ in range(3):
        page.call("Input.dispatchKeyEvent", type="rawKeyDown", key="ArrowRight", code="ArrowRight",
                  windowsVirtualKeyCode=39)
        page.call("Input.dispatchKeyEvent", type="keyUp", key="ArrowRight", code="ArrowRight",
                  windowsVirtualKeyCode=39)
    page.wait(f"{STATE}.ply === 3", "three steps with the right arrow key")
    page.click('#movelist li[data-ply="6"]')
    page.wait(f"{STATE}.ply === 6", "a click in the move list")
    page.js("document.getElementById('review-seconds').value = 0.5")  # 15 positions, ~8 s
    page.click("#review-start")
    page.wait("!document.getElementById('progress-box').hidden", "the progress bar")
    page.wait(f"!{STATE}.reviewing && {STATE}.review.length === 14", "the whole-game analysis", 30)
    marked = page.js("[...document.querySelectorAll('#movelist li.mistake, #movelist li.blunder')]"
                     ".map(li => li.dataset.ply + ' ' + li.className)")
    if not any(m.startswith("7 ") for m in marked):
        fail(f"the blunder at ply 7 (e5-a1/b2) is not marked; marked: {marked}")
    if not page.js("document.querySelectorAll('#winrate-graph .wr-mark').length > 0"):
        fail("no mistake marked on the win-rate graph")
    page.click('#movelist li[data-ply="7"]')
    page.wait(f"{STATE}.ply === 7", "ply 7")
    page.screenshot(os.path.join(work, "review.png"))
    page.click("#save-sgf")
    page.wait("window.studio.lastSgf", "the saved SGF")
    if "C[" not in page.js("window.studio.lastSgf"):
        fail("the saved SGF has no analysis comments")
    print(f"review: marked {marked}; saved SGF with comments")


def main():
    # The check modules import this one: this one, as it runs, with its START.
    sys.modules.setdefault("studio_browser_test", sys.modules[__name__])
    import studio_learning_checks as learning  # noqa: E402 (it imports this module)
    import studio_message_checks as messages  # noqa: E402 (it imports this module)
    args = sys.argv[1:]
    deb = None
    if len(args) == 4 and args[0] == "--deb":
        deb, args = os.path.abspath(args[1]), [None] + args[2:]
    if len(args) != 3:
        sys.exit("usage: studio_browser_test.py BIN_DIR|--deb DEB SOURCE_DIR WORK_DIR")
    bin_dir = os.path.abspath(args[0]) if args[0] else None
    source, work = os.path.abspath(args[1]), os.path.abspath(args[2])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("SKIP: Chromium is not installed (apt-get install chromium)")
        sys.exit(SKIP)
    set_up_programs(bin_dir, deb, work)
    print(f"hippolyta-studio started as: {START['argv0']} (PATH {START['env']['PATH'] if START['env'] else 'as is'})")
    server, url = start_server(work)
    page = None
    try:
        page = Browser(work)
        page.call("Page.navigate", url=url)
        page.wait(f"document.body && document.body.dataset.connected === 'true' && window.studio && {STATE}",
                  "the page to connect")
        play_game(page, work, server)
        plies = len(page.js(f"{STATE}.moves"))
        check_reconnect(page)
        if learning.review_played_game(page, plies):
            learning.explain_first_mistake(page, work, "mistake-played.png")
        review(page, source, work)
        messages.marks_explain_their_moves(page, work)
        learning.explain_first_mistake(page, work, "mistake.png")
        learning.branch_and_reload(page, work, source)
        learning.reload_mid_review(page, source)
        learning.decided_review(page, source)
        learning.hint_and_teaching(page, source, work)
        learning.comfort_view(page, work)
        messages.engine_trouble_clears(page, work, url)
        messages.analysis_stops_unwatched(work)
        if page.console:
            fail(f"script errors in the page: {page.console}")
    finally:
        if page:
            page.close()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            fail("hippolyta-studio did not stop on SIGTERM")
    print(f"PASS (screenshots in {work})")


if __name__ == "__main__":
    main()
