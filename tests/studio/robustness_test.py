#!/usr/bin/python3
"""hippolyta-studio against hostile input over real sockets: bad JSON, huge frames, a flood,
a foreign origin, path traversal, unknown commands. Checks that every one gets its error (or
refusal), that the server and the other page carry on, and that SIGTERM stops it leaving no
engine process. Then a server whose engine hangs: the pages are answered while it hangs, and
the hang is reported. Usage: robustness_test.py BIN_DIR PAGE_DIR"""
import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import Closed, WsClient, http_get  # noqa: E402

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def descendants(pid):
    """Every process below pid, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def error_code(client, message, seconds=10):
    client.send(message)
    return client.wait_for(lambda m: m["type"] == "error", seconds)["code"]


def start_server(bin_dir, page_dir, *options):
    """The server and its port."""
    server = subprocess.Popen([os.path.join(bin_dir, "hippolyta-studio"), "--port", "0",
                               "--page-dir", page_dir, *options], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    check(line.startswith("Hippolyta Studio: open http://127.0.0.1:"), f"prints the URL: {line.strip()}")
    return server, int(line.rsplit(":", 1)[1].strip("/\n"))


def main():
    bin_dir, page_dir = sys.argv[1], sys.argv[2]
    server, port = start_server(bin_dir, page_dir)
    try:
        run(port)
        pids = descendants(server.pid)
        check(len(pids) >= 2, f"engines running before SIGTERM: {pids}")
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=20)
        check(code == 0, f"SIGTERM: exit code {code}")
        time.sleep(0.2)
        check(not any(alive(p) for p in pids), "no engine process left after SIGTERM")
    finally:
        if server.poll() is None:
            server.kill()
    hung_engine(bin_dir, page_dir)
    print("FAILED: " + "; ".join(failures) if failures else "all passed")
    return 1 if failures else 0


def run(port):
    status, _, body = http_get(port, "/")
    check(status == 200 and b"<html" in body.lower(), "GET / serves the page")
    for target in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
                   "/.hidden", "//etc/passwd", "/style.css/../../x"]:
        status, _, body = http_get(port, target)
        check(status == 404 and b"root:" not in body, f"path traversal {target}: {status}")
    status, _, _ = http_get(port, "/", extra="X-Filler: " + "a" * 20000 + "\r\n")
    check(status == 413, f"a 20 KB request header: {status}")
    for origin in ["http://evil.example", "http://127.0.0.1:1", "null", ""]:
        c = WsClient(port, origin=origin)
        check(c.status == 403, f"WebSocket from origin '{origin}': {c.status}")
        c.close()
    c = WsClient(port, path="/other")
    check(c.status == 404, f"WebSocket at /other: {c.status}")
    c.close()

    good, bad = WsClient(port), WsClient(port)
    check(good.status == 101 and bad.status == 101, "two pages connect")
    good.send({"type": "hello"})
    good.wait_for(lambda m: m["type"] == "state")
    good.send({"type": "new_game", "size": 6, "black": "engine:hippolyta", "level": 1,
               "white": "human"})
    good.wait_for(lambda m: m["type"] == "state" and m["size"] == 6)
    good.send({"type": "analysis", "on": True})

    check(error_code(bad, "{not json") == "bad_json", "bad JSON")
    check(error_code(bad, "[" * 100000) == "bad_json", "JSON nested 100000 deep")
    check(error_code(bad, {"type": "rm -rf /", "id": 3}) == "unknown_type", "unknown command")
    check(error_code(bad, {"type": "load_sgf", "sgf": "/etc/passwd"}) == "bad_record",
          "a file name as SGF")
    check(error_code(bad, {"type": "play", "move": "a1-a1/a1"}) == "illegal_move", "illegal move")
    bad.send_bytes(b"\x00\x01binary", opcode=2)
    check(bad.wait_for(lambda m: m["type"] == "error")["code"] == "bad_message", "binary frame")
    check(error_code(bad, "x" * (2 << 20)) == "too_large", "a 2 MiB frame")
    # Over the hard cap the server closes (1009, or a reset while the frame is still coming).
    try:
        bad.send_bytes(b"x" * (5 << 20))
        bad.wait_for(lambda m: False, 10)
        check(False, "a 5 MiB frame closes the connection")
    except Closed as e:
        check(e.code in (1009, None), f"a 5 MiB frame closes the connection ({e.code})")
    except (ConnectionError, BrokenPipeError) as e:
        check(True, f"a 5 MiB frame closes the connection ({e!r})")
    except (OSError, TimeoutError) as e:
        check(False, f"a 5 MiB frame: {e!r}")
    bad.close()

    flood = WsClient(port)
    for i in range(2000):
        flood.send({"type": "goto", "ply": 0, "id": i})
    limited = flood.wait_for(lambda m: m["type"] == "error" and m["code"] == "rate_limited", 30)
    check(limited is not None, "a flood of 2000 messages gets rate_limited errors")
    time.sleep(4)  # the bucket refills
    flood.send({"type": "hello", "id": 99999})
    check(flood.wait_for(lambda m: m.get("id") == 99999, 30)["type"] == "state",
          "the flooding page is answered again after a pause")
    flood.close()

    # The first page was unaffected: it plays and the engine answers.
    good.send({"type": "play", "move": "b1-b4/b3", "id": 7})
    state = good.wait_for(lambda m: m["type"] == "state" and len(m["moves"]) == 2, 30)
    check(state["moves"][0] == "b1-b4/b3", "the other page plays on, the engine answers")
    status, _, _ = http_get(port, "/")
    check(status == 200, "the server still serves the page")
    good.close()


def until(client, predicate, seconds=10):
    """The messages up to and including the first that satisfies predicate (all of them, the
    last not satisfying it, if none came in time; [{}] if none came at all)."""
    seen = []
    try:
        client.wait_for(lambda m: seen.append(m) or predicate(m), seconds)
    except TimeoutError:
        pass
    return seen or [{}]


def hung_engine(bin_dir, page_dir):
    """An engine that never answers boardsize: while it hangs (5 s, the command timeout), its
    page and another are answered; then it is reported hung, its command line kept back."""
    silent = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fake-engines",
                          "silent-engine.sh")
    server, port = start_server(bin_dir, page_dir, "--engine", f"silent=exec bash {silent}",
                                "--command-timeout", "5")
    try:
        page, other = WsClient(port), WsClient(port)
        page.send({"type": "new_game", "size": 6, "black": "engine:silent"})
        page.wait_for(lambda m: m["type"] == "state" and m["size"] == 6)
        # The server gives the engine boardsize between the two messages (a tick follows each
        # message); the hello is answered before any news of the engine: nothing waits for it.
        # (It used to: for the timeout, and again for each restart.)
        page.send({"type": "play", "move": "b1-b4/b3"})
        page.send({"type": "hello", "id": 1})
        seen = until(page, lambda m: m.get("id") == 1, 40)
        check(any(m["type"] == "state" and m["thinking"] == "black" for m in seen),
              "the engine was asked for a move")
        check(seen[-1].get("id") == 1 and not any(m["type"] == "engine" for m in seen),
              "the page is answered while its engine hangs")
        other.send({"type": "hello", "id": 2})
        seen = until(other, lambda m: m.get("id") == 2, 3)
        check(seen[-1].get("id") == 2 and seen[-1]["moves"] == ["b1-b4/b3"],
              "another page is answered while the engine hangs")
        hung = until(page, lambda m: m["type"] == "engine", 30)[-1]
        check(hung.get("type") == "engine" and hung["status"] == "hung" and
              "no reply to 'boardsize 6'" in hung["message"], f"the hang is reported: {hung}")
        check("silent-engine.sh" not in json.dumps(hung), "the report keeps the command line back")
        page.close()
        other.close()
        server.send_signal(signal.SIGTERM)
        check(server.wait(timeout=20) == 0, "SIGTERM stops the server with a hung engine")
    finally:
        if server.poll() is None:
            server.kill()


if __name__ == "__main__":
    sys.exit(main())
