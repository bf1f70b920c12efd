"""What the Studio's process tests (desktop_test.py, launch_test.py) share: the started
hippolyta-studio whose stderr a thread collects, the checks they print and count, and polling."""
import subprocess
import threading
import time

DEADLINE = 60
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def wait_for(predicate, seconds=DEADLINE):
    """Polls predicate until it is true (returns True) or the deadline passes (False)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


class StudioProcess:
    def __init__(self, argv, env=None, cwd=None):
        self.proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.err = []
        self.reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.reader.start()

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.err.append(line.rstrip("\n"))
