#!/usr/bin/python3
"""hippolyta-studio started as people start it, over real processes and sockets; each case
plays one engine move through the Studio's socket and gets the engine's analysis.

From the build tree (BIN_DIR):
  by_name      `hippolyta-studio` by its bare name through PATH, from a folder holding no
               engine (argv[0] is then the bare name)
  quoted_path  by its full path in a folder whose name holds a quote and a space
  no_engine    a lone copy of hippolyta-studio, no hippolyta beside it nor on PATH: stderr and
               the page say so, naming where it looked and the option that sets it
  soak_by_name `hippolyta-soak` by its bare name through PATH plays its games
From the Debian package (DEB, unpacked with dpkg-deb -x into a temporary root; PATH as a
desktop sets it, the root's usr/games in place of /usr/games, which root's own PATH lacks):
  menu         the launcher's Exec line (hippolyta-studio --open) run from a temporary HOME with
               a stand-in xdg-open that records the address it opens; in a network namespace
               of its own (unshare -rn, or -n as root in a chroot), so that the launcher's fixed
               port 8765 is free
  path         `hippolyta-studio --port 0` by its bare name from a temporary HOME
  full_path    by its full path in a root whose name holds a quote, with no hippolyta on PATH
No timing assertions: every wait polls with a generous deadline.
Usage: launch_test.py BIN_DIR PAGE_DIR CASE | launch_test.py --deb DEB CASE"""
import fcntl
import os
import shlex
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from studio_process import DEADLINE, StudioProcess, check, failures, wait_for  # noqa: E402,E501
from ws_client import WsClient  # noqa: E402

DESKTOP_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/games:/usr/games"
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def first_move_6x6():
    with open(os.path.join(SOURCE, "tests/fake-engines/game-6x6.txt")) as f:
        return next(line.strip() for line in f if line.strip() and not line.startswith("#"))


class Studio(StudioProcess):
    """A started hippolyta-studio; its stderr collected by a thread."""

    def port(self):
        line = self.proc.stdout.readline().strip()
        check(line.startswith("Hippolyta Studio: open http://127.0.0.1:"), f"prints its URL: {line}")
        return int(line.rsplit(":", 1)[1].strip("/")) if ":" in line else 0

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=DEADLINE)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        self.reader.join(DEADLINE)
        return check(code == 0, f"SIGTERM: exit code {code}")


def plays_and_analyses(port):
    """A 6x6 game against the engine: one move of ours, the engine's answer, then analysis."""
    page = WsClient(port)
    try:
        page.send({"type": "hello"})
        engines = page.wait_for(lambda m: m["type"] == "engines")
        check(engines["engines"][0]["status"] == "ok", f"the engine is there: {engines}")
        page.send({"type": "new_game", "size": 6, "white": "human", "black": "engine:hippolyta",
                   "level": 1})
        page.wait_for(lambda m: m["type"] == "state" and m["size"] == 6 and not m["moves"])
        page.send({"type": "play", "move": first_move_6x6()})
        answer = page.wait_for(lambda m: m["type"] in ("engine", "error") or
                               (m["type"] == "state" and len(m["moves"]) == 2), DEADLINE)
        if not check(answer["type"] == "state", f"the engine answered the move: {answer}"):
            return
        page.send({"type": "analysis", "on": True})
        seen = page.wait_for(lambda m: m["type"] == "engine" or
                             (m["type"] == "analysis" and m["candidates"]), DEADLINE)
        check(seen["type"] == "analysis", f"the engine analyses: {str(seen)[:200]}")
        page.send({"type": "analysis", "on": False})
    except TimeoutError as e:
        check(False, f"the Studio did not answer in time ({e})")
    finally:
        page.close()


def build_env(path):
    env = {k: v for k, v in os.environ.items() if k != "HIPPOLYTA_DATA_DIR"}
    env["PATH"] = path
    return env


# ---- the build tree ----

def case_by_name(bin_dir, page_dir, tmp):
    studio = Studio(["hippolyta-studio", "--port", "0", "--page-dir", page_dir],
                    build_env(bin_dir + os.pathsep + os.environ["PATH"]), tmp)
    try:
        plays_and_analyses(studio.port())
    finally:
        studio.stop()


def case_quoted_path(bin_dir, page_dir, tmp):
    folder = os.path.join(tmp, "it's a \"folder\"", "bin")
    os.makedirs(folder)
    for name in ("hippolyta", "hippolyta-studio"):
        shutil.copy2(os.path.join(bin_dir, name), folder)
    studio = Studio([os.path.join(folder, "hippolyta-studio"), "--port", "0", "--page-dir",
                     page_dir], build_env("/usr/bin:/bin"), tmp)
    try:
        plays_and_analyses(studio.port())
    finally:
        studio.stop()


def case_no_engine(bin_dir, page_dir, tmp):
    lone = os.path.join(tmp, "lone")
    os.makedirs(lone)
    shutil.copy2(os.path.join(bin_dir, "hippolyta-studio"), lone)
    studio = Studio(["hippolyta-studio", "--port", "0", "--page-dir", page_dir],
                    build_env(lone + ":/usr/bin:/bin"), tmp)
    said = (f"the engine program hippolyta was not found beside hippolyta-studio (in {lone}) nor "
            "on PATH (/usr/bin, /bin); name it with --engine hippolyta=COMMAND")
    try:
        port = studio.port()
        check(wait_for(lambda: f"hippolyta-studio: {said}" in studio.err),
              f"stderr says where it looked: {studio.err}")
        page = WsClient(port)
        page.send({"type": "hello"})
        engines = page.wait_for(lambda m: m["type"] == "engines")
        check(engines["engines"][0] == {"name": "hippolyta", "status": "failed", "message": said},
              f"the page is told: {engines}")
        page.send({"type": "analysis", "on": True})
        told = page.wait_for(lambda m: m["type"] == "engine")
        check(told["status"] == "failed" and told["message"] == said, f"and again on use: {told}")
        page.close()
    finally:
        studio.stop()


def case_soak_by_name(bin_dir, page_dir, tmp):
    run = subprocess.run(["hippolyta-soak", "--games", "1", "--size", "5", "--seed", "3"],
                         env=build_env(bin_dir + ":/usr/bin:/bin"), cwd=tmp, capture_output=True,
                         text=True, timeout=300)
    check(run.returncode == 0 and "games: 1\n" in run.stdout and "engine_crashes: 0\n" in run.stdout,
          f"hippolyta-soak by name played its game: exit {run.returncode}, "
          f"{run.stdout[-300:]} {run.stderr[-300:]}")


# ---- the Debian package ----

def unpack(deb, root):
    subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
    return os.path.join(root, "usr", "games")


def desktop_path(games, first=None):
    path = DESKTOP_PATH.replace(":/usr/games", ":" + games)
    return (first + ":" + path) if first else path


def loopback_up():
    """Brings up the loopback interface of a new network namespace (SIOCSIFFLAGS), with no
    iproute2 needed: a bare Debian root has none."""
    siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        request = struct.pack("16sh", b"lo", 0)
        flags = struct.unpack("16sh", fcntl.ioctl(s, siocgifflags, request))[1]
        fcntl.ioctl(s, siocsifflags, struct.pack("16sh", b"lo", flags | iff_up))


def case_menu(deb, tmp):
    if os.environ.get("HIPPOLYTA_LAUNCH_NETNS") != "1":
        # A user namespace where allowed; in a chroot, where it is not, root's own unshare -n.
        env = dict(os.environ, HIPPOLYTA_LAUNCH_NETNS="1")
        unshare = ["unshare", "-rn"]
        if subprocess.run(unshare + ["true"], stderr=subprocess.DEVNULL).returncode != 0:
            unshare = ["unshare", "-n"]
        return subprocess.run(unshare + [sys.executable, *sys.argv], env=env).returncode
    loopback_up()
    root = os.path.join(tmp, "root")
    games = unpack(deb, root)
    home = os.path.join(tmp, "home")
    stand_in = os.path.join(tmp, "stand-in")
    os.makedirs(home)
    os.makedirs(stand_in)
    with open(os.path.join(stand_in, "xdg-open"), "w") as f:
        f.write(f'#!/bin/sh\nprintf "%s\\n" "$1" > "{stand_in}/url.tmp" && '
                f'mv "{stand_in}/url.tmp" "{stand_in}/url"\n')
    os.chmod(os.path.join(stand_in, "xdg-open"), 0o755)
    with open(os.path.join(root, "usr/share/applications/hippolyta-studio.desktop")) as f:
        exec_line = next(line.split("=", 1)[1].strip() for line in f if line.startswith("Exec="))
    argv = shlex.split(exec_line)
    check(not any("%" in word for word in argv), f"the Exec line has no field codes: {exec_line}")
    env = build_env(desktop_path(games, stand_in))
    env["HOME"] = home
    studio = Studio(argv, env, home)
    try:
        url_file = os.path.join(stand_in, "url")
        if check(wait_for(lambda: os.path.exists(url_file)), "the browser was asked to open it"):
            with open(url_file) as f:
                url = f.read().strip()
            check(url == "http://127.0.0.1:8765/", f"at the launcher's address: {url}")
            plays_and_analyses(int(url.rsplit(":", 1)[1].strip("/")))
    finally:
        studio.stop()
    return 0


def case_path(deb, tmp):
    games = unpack(deb, os.path.join(tmp, "root"))
    home = os.path.join(tmp, "home")
    os.makedirs(home)
    env = build_env(desktop_path(games))
    env["HOME"] = home
    studio = Studio(["hippolyta-studio", "--port", "0"], env, home)
    try:
        plays_and_analyses(studio.port())
    finally:
        studio.stop()


def case_full_path(deb, tmp):
    games = unpack(deb, os.path.join(tmp, "the root's own"))
    studio = Studio([os.path.join(games, "hippolyta-studio"), "--port", "0"],
                    build_env("/usr/bin:/bin"), tmp)
    try:
        plays_and_analyses(studio.port())
    finally:
        studio.stop()


BUILD_CASES = {"by_name": case_by_name, "quoted_path": case_quoted_path,
               "no_engine": case_no_engine, "soak_by_name": case_soak_by_name}
DEB_CASES = {"menu": case_menu, "path": case_path, "full_path": case_full_path}


def main():
    with tempfile.TemporaryDirectory(prefix="studio-launch-") as tmp:
        if sys.argv[1] == "--deb":
            code = DEB_CASES[sys.argv[3]](os.path.abspath(sys.argv[2]), tmp)
            if code is not None and os.environ.get("HIPPOLYTA_LAUNCH_NETNS") != "1":
                return code  # the case ran in its own namespace, and printed its verdict there
        else:
            BUILD_CASES[sys.argv[3]](os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]),
                                     tmp)
    print("FAILED: " + "; ".join(failures) if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
