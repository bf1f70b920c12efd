#!/usr/bin/python3
"""hippolyta-studio as a desktop program, over real sockets and processes:
  open          --open starts xdg-open (a stand-in first on PATH records its URL and its open
                descriptors) at the printed URL; the server serves on
  open_missing  no xdg-open on PATH: said on stderr with the URL, the server serves on
  open_fails    xdg-open exits with 3: said on stderr with the URL, the server serves on
  second_start  a second start on the port of a running Studio prints its address, opens it
                with --open, and exits 0; the first one is untouched
  other_program a port held by another program (HTTP, or silent): exit 1 with
                "port N is in use by another program; start with --port M", and M works
  hangup        SIGHUP (the terminal or the desktop session ends) stops the server as SIGTERM
                does: exit 0, no engine left
  term_at_once  SIGTERM sent the moment the URL line is read (while --open starts xdg-open)
                still stops the server cleanly: exit 0 and "stopped", five times
No timing assertions: every wait polls with a generous deadline.
Usage: desktop_test.py BIN_DIR PAGE_DIR CASE"""
import os
import signal
import socket
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from robustness_test import alive, descendants  # noqa: E402
from studio_process import DEADLINE, StudioProcess, check, failures, wait_for  # noqa: E402,E501
from ws_client import WsClient, http_get  # noqa: E402

IDENTITY = "/.hippolyta-studio"


def stand_in(folder, body):
    """An executable xdg-open in folder running the sh body ($1 is the URL, $D the folder)."""
    path = os.path.join(folder, "xdg-open")
    with open(path, "w") as f:
        f.write(f'#!/bin/sh\nD="{folder}"\n{body}\n')
    os.chmod(path, 0o755)


RECORDING = ('ls -l /proc/$$/fd > "$D/fds.tmp" && mv "$D/fds.tmp" "$D/fds"\n'
             'printf "%s\\n" "$1" > "$D/url.tmp" && mv "$D/url.tmp" "$D/url"')


class Studio(StudioProcess):
    """A hippolyta-studio process; its stderr collected by a thread."""

    def __init__(self, bin_dir, page_dir, *options, path=None):
        env = dict(os.environ)
        if path is not None:
            env["PATH"] = path
        super().__init__(
            [os.path.join(bin_dir, "hippolyta-studio"), "--page-dir", page_dir, *options], env)

    def url_line(self):
        return self.proc.stdout.readline().rstrip("\n")

    def stderr_has(self, text):
        return wait_for(lambda: any(text in line for line in self.err))

    def stop(self, sig=signal.SIGTERM):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=DEADLINE)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            self.reader.join(DEADLINE)


def started(bin_dir, page_dir, *options, path=None):
    """A Studio on a free port that printed its address: (studio, port, url)."""
    studio = Studio(bin_dir, page_dir, "--port", "0", *options, path=path)
    line = studio.url_line()
    check(line.startswith("Hippolyta Studio: open http://127.0.0.1:"), f"prints the URL: {line}")
    url = line.split("open ", 1)[1]
    return studio, int(url.rsplit(":", 1)[1].strip("/")), url


def serves(port):
    status, _, body = http_get(port, IDENTITY)
    return status == 200 and body == b"Hippolyta Studio\n"


def read(path):
    with open(path) as f:
        return f.read()


def case_open(bin_dir, page_dir, tmp):
    stand_in(tmp, RECORDING)
    studio, port, url = started(bin_dir, page_dir, "--open",
                                path=tmp + os.pathsep + os.environ["PATH"])
    try:
        recorded = os.path.join(tmp, "url")
        check(wait_for(lambda: os.path.exists(recorded)), "xdg-open was started")
        check(os.path.exists(recorded) and read(recorded) == url + "\n",
              f"xdg-open got the printed URL {url}")
        fds = read(os.path.join(tmp, "fds")) if os.path.exists(os.path.join(tmp, "fds")) else ""
        check("socket:" not in fds, "xdg-open holds none of the server's sockets")
        check(serves(port), "the server serves")
    finally:
        check(studio.stop() == 0, "SIGTERM: exit code 0")


def case_open_trouble(bin_dir, page_dir, tmp, stand_in_body, expected):
    if stand_in_body is not None:
        stand_in(tmp, stand_in_body)
    studio, port, url = started(bin_dir, page_dir, "--open", path=tmp)
    try:
        line = f"hippolyta-studio: {expected}; open {url} in a browser"
        check(studio.stderr_has(line), f"stderr says: {line} (got {studio.err})")
        check(serves(port), "the server serves on")
    finally:
        check(studio.stop() == 0, "SIGTERM: exit code 0")


def run_second(bin_dir, page_dir, port, *options, path=None):
    """A start on a taken port, to its end: (exit code, stdout, stderr lines)."""
    second = Studio(bin_dir, page_dir, "--port", str(port), *options, path=path)
    try:
        second.proc.wait(timeout=DEADLINE)
    finally:
        code = second.stop()
    return code, second.proc.stdout.read(), second.err


def case_second_start(bin_dir, page_dir, tmp):
    stand_in(tmp, RECORDING)
    first, port, url = started(bin_dir, page_dir)
    try:
        code, out, err = run_second(bin_dir, page_dir, port)
        expected = f"Hippolyta Studio is already running at {url}\n"
        check(code == 0 and out == expected, f"a second start: {code}, {out!r}, {err}")
        code, out, err = run_second(bin_dir, page_dir, port, "--open",
                                    path=tmp + os.pathsep + os.environ["PATH"])
        check(code == 0 and out == expected, f"a second start with --open: {code}, {out!r}, {err}")
        recorded = os.path.join(tmp, "url")
        check(wait_for(lambda: os.path.exists(recorded)) and read(recorded) == url + "\n",
              "the second start opened the running Studio")
        check(first.proc.poll() is None and serves(port), "the first Studio serves on")
    finally:
        check(first.stop() == 0, "the first Studio: SIGTERM, exit code 0")


def other_program(answer):
    """A listening socket on a free port whose connections get `answer` (None: nothing)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held = []

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            held.append(conn)
            if answer is not None:
                conn.recv(65536)
                conn.sendall(answer)
                conn.close()
    threading.Thread(target=serve, daemon=True).start()
    return listener


def case_other_program(bin_dir, page_dir, tmp):
    for what, answer in [("an HTTP server", b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nhi\n"),
                         ("a silent program", None)]:
        listener = other_program(answer)
        port = listener.getsockname()[1]
        try:
            code, out, err = run_second(bin_dir, page_dir, port, "--open", path=tmp)
        finally:
            listener.close()
        prefix = f"hippolyta-studio: port {port} is in use by another program; start with --port "
        lines = [line for line in err if line.startswith(prefix)]
        check(code == 1 and out == "" and len(lines) == 1, f"{what}: {code}, {out!r}, {err}")
        if lines:
            suggested = int(lines[0][len(prefix):])
            check(suggested != port, f"{what}: another port suggested ({suggested})")
            studio = Studio(bin_dir, page_dir, "--port", str(suggested))
            line = studio.url_line()
            check(line == f"Hippolyta Studio: open http://127.0.0.1:{suggested}/" and
                  serves(suggested), f"the suggested port works: {line}")
            check(studio.stop() == 0, "SIGTERM: exit code 0")


def case_hangup(bin_dir, page_dir, tmp):
    studio, port, _ = started(bin_dir, page_dir)
    page = WsClient(port)
    page.send({"type": "new_game", "size": 6, "black": "engine:hippolyta", "level": 1,
               "white": "human"})
    page.wait_for(lambda m: m["type"] == "state" and m["size"] == 6)
    page.send({"type": "analysis", "on": True})
    check(wait_for(lambda: len(descendants(studio.proc.pid)) >= 1), "engines run")
    pids = descendants(studio.proc.pid)
    code = studio.stop(signal.SIGHUP)
    check(code == 0, f"SIGHUP: exit code {code}")
    check(any(line == "hippolyta-studio: stopped" for line in studio.err),
          f"SIGHUP: stopped cleanly ({studio.err})")
    check(wait_for(lambda: not any(alive(p) for p in pids)), "no engine left after SIGHUP")
    page.close()


def case_term_at_once(bin_dir, page_dir, tmp):
    stand_in(tmp, RECORDING)
    for attempt in range(5):
        studio = Studio(bin_dir, page_dir, "--port", "0", "--open",
                        path=tmp + os.pathsep + os.environ["PATH"])
        line = studio.url_line()
        code = studio.stop()
        check(line.startswith("Hippolyta Studio: open ") and code == 0 and
              any(e == "hippolyta-studio: stopped" for e in studio.err),
              f"SIGTERM at once, round {attempt + 1}: exit code {code}, {studio.err}")


CASES = {
    "open": case_open,
    "open_missing": lambda b, p, t: case_open_trouble(
        b, p, t, None, "cannot start xdg-open (No such file or directory)"),
    "open_fails": lambda b, p, t: case_open_trouble(
        b, p, t, "exit 3", "xdg-open failed (exit status 3)"),
    "second_start": case_second_start,
    "other_program": case_other_program,
    "hangup": case_hangup,
    "term_at_once": case_term_at_once,
}


def main():
    bin_dir, page_dir, case = sys.argv[1], sys.argv[2], sys.argv[3]
    with tempfile.TemporaryDirectory(prefix="studio-desktop-") as tmp:
        CASES[case](bin_dir, page_dir, tmp)
    print("FAILED: " + "; ".join(failures) if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
