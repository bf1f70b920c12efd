"""What Hippolyta Studio's page says and when it stops saying it, driven by
studio_browser_test.py: each mark on the graph explains its own move; an engine's failure is
no longer shown once the server comes back with engines that work; and the live analysis stops
when no page watches: every page closed, the page left for another (kept in the browser's
back/forward cache), or the page hidden; each seen in the engine's command log, and the
analysis starting again when the page comes back."""

import json
import os
import socket
import time

import studio_browser_test as base

STATE = base.STATE
fail = base.fail


def marks_explain_their_moves(page, work):
    """On a reviewed game: a click on each mark of the graph goes to the position before the
    marked move, and the mistake box and the board name that move."""
    marks = page.js("[...document.querySelectorAll('#winrate-graph .wr-mark')]"
                    ".map(m => [+m.dataset.ply, m.dataset.move])")
    if not marks:
        fail("no mark on the graph to click")
    for ply, move in marks:
        page.js("document.getElementById('winrate-graph').scrollIntoView({block: 'center'})")
        page.click(f'#winrate-graph .wr-mark[data-ply="{ply}"]')
        page.wait(f"{STATE}.ply === {ply - 1} && !document.getElementById('mistake-box').hidden",
                  f"the mark of ply {ply} explained")
        text = page.js("document.getElementById('mistake-text').textContent")
        if not text.startswith(f"Move {ply}, {move}, is a "):
            fail(f"the mark of ply {ply} ({move}) explains something else: {text}")
        played = page.js("document.querySelector('#board .explain-played').dataset.move")
        if played != move:
            fail(f"the mark of ply {ply} ({move}) draws {played} as the move played")
        if ply == marks[0][0]:
            page.screenshot(os.path.join(work, "mark-explained.png"))
    page.click("#nav-last")
    page.wait(f"{STATE}.ply === {STATE}.moves.length && "
              "document.getElementById('mistake-box').hidden", "the game's end, nothing explained")
    print(f"graph marks {[m[0] for m in marks]} each explain their own move")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(server):
    server.terminate()
    server.wait(timeout=30)


def engine_trouble_clears(page, work, url):
    """A server whose engine fails: the page says so; the server stopped and started again on
    the same port with a working engine, the page reconnects and the failure is no longer
    shown. Then back to the main server."""
    port = free_port()
    broken, broken_url = base.start_studio(work, "broken.log", "--port", str(port), "--engine",
                                           "hippolyta=exit 3")
    try:
        page.call("Page.navigate", url=broken_url)
        page.wait(f"document.body && document.body.dataset.connected === 'true' && {STATE}",
                  "the page on the failing server")
        page.js("document.getElementById('analysis-toggle').click()")
        page.wait("document.getElementById('engine-status').dataset.state === 'failed'",
                  "the engine's failure shown", 30)
        said = page.js("document.getElementById('engine-status').textContent")
    finally:
        stop(broken)
    good, _ = base.start_studio(work, "good.log", "--port", str(port))
    try:
        page.wait("document.body.dataset.connected === 'true' && "
                  "document.getElementById('engine-status').dataset.state === 'ok' && "
                  "document.getElementById('engine-status').textContent === ''",
                  "the failure no longer shown once the server is back", 30)
    finally:
        stop(good)
    page.call("Page.navigate", url=url)
    page.wait(f"document.body && document.body.dataset.connected === 'true' && {STATE}",
              "the page back on the main server")
    print(f"'{said}' shown, and gone when the server came back with a working engine")


def analysis_stops_unwatched(work):
    """A second server whose engine's input is logged: with every page closed the analysis is
    stopped (the empty line that ends amz-analyze), and a page that comes back starts it again;
    likewise a page left for another one and come back to, and a page hidden and shown."""
    log = os.path.join(work, "engine-commands.log")
    open(log, "w").close()
    engine = (f"hippolyta=tee -a '{log}' | exec '{os.path.join(base.START['bin_dir'], 'hippolyta')}'"
              " --threads 1")
    server, url = base.start_studio(work, "server2.log", "--port", "0", "--engine", engine)
    page = None

    def open_page(name):
        folder = os.path.join(work, name)
        os.makedirs(folder, exist_ok=True)
        browser = base.Browser(folder)
        browser.call("Page.navigate", url=url)
        browser.wait(f"document.body && document.body.dataset.connected === 'true' && {STATE}",
                     "the page to connect")
        return browser

    def lines():
        with open(log) as f:
            return f.read().split("\n")

    def stopped():
        """Whether the last amz-analyze was ended (by the empty line), and how many were sent."""
        text = lines()
        starts = [i for i, line in enumerate(text) if line.startswith("amz-analyze")]
        return bool(starts) and "" in text[starts[-1] + 1:-1], len(starts)

    def analysing(browser, what):
        browser.wait("window.studio.analysis && window.studio.analysis.candidates.length > 0",
                     what, 20)
        time.sleep(0.5)  # a few lines streamed: not ended by the page's arrival
        if stopped()[0]:
            fail(f"the analysis was stopped while a page watched ({what})")

    try:
        page = open_page("second")
        page.js("document.getElementById('analysis-toggle').click()")
        analysing(page, "the live analysis")
        page.close()  # the browser goes, and with it every page
        page = None
        base.wait_for(lambda: stopped()[0], "the analysis stopped in the engine's log")
        count = stopped()[1]
        page = open_page("third")
        base.wait_for(lambda: stopped()[1] > count, "amz-analyze sent again on reconnect")
        analysing(page, "the live analysis back")
        print("no page: the analysis stopped (engine log); a page back: amz-analyze again")

        page.call("Page.navigate", url="about:blank")  # left, and perhaps kept in the cache
        base.wait_for(lambda: stopped()[0], "the analysis stopped with the page left")
        count = stopped()[1]
        history = page.call("Page.getNavigationHistory")  # back, as the Back button goes
        page.call("Page.navigateToHistoryEntry",
                  entryId=history["entries"][history["currentIndex"] - 1]["id"])
        page.wait(f"document.body && document.body.dataset.connected === 'true' && {STATE}",
                  "the page come back to")
        base.wait_for(lambda: stopped()[1] > count, "amz-analyze sent again on coming back")
        analysing(page, "the analysis back with the page")
        print("page left: the analysis stopped (engine log); come back to: amz-analyze again")

        page.js("Object.defineProperty(document, 'visibilityState', {value: 'hidden', "
                "configurable: true}); document.dispatchEvent(new Event('visibilitychange'))")
        base.wait_for(lambda: stopped()[0], "the analysis stopped with the page hidden")
        count = stopped()[1]
        page.js("Object.defineProperty(document, 'visibilityState', {value: 'visible', "
                "configurable: true}); document.dispatchEvent(new Event('visibilitychange'))")
        base.wait_for(lambda: stopped()[1] > count, "amz-analyze sent again when shown")
        analysing(page, "the analysis back with the page shown")
        print("page hidden: the analysis stopped (engine log); shown: amz-analyze again")
    finally:
        if page:
            page.close()
        stop(server)
    print(json.dumps({"amz-analyze sent": stopped()[1]}))
