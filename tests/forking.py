"""The client side of tests/serve_zygote.py: `pokertd serve`, the `pokertd` CLI and the live
director's script (tests/crash_driver.py) forked from one warm process, and killed by pid."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).parent


class Forks:
    """The warm process forking servers and CLI runs (tests/serve_zygote.py)."""

    def __init__(self, log: Path, env: dict[str, str] | None = None) -> None:
        self.log = log
        env = {**os.environ, **(env or {}), "ZYGOTE_LOG": str(log)}
        self.proc = subprocess.Popen([sys.executable, str(HERE / "serve_zygote.py")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env)
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "ready"
        self.lock = threading.Lock()

    def order(self, order: dict) -> int:
        with self.lock:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps(order) + "\n")
            self.proc.stdin.flush()
            return int(self.proc.stdout.readline())

    def serve(self, db: Path) -> Served:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        return Served(self, self.order({"serve": [port, f"sqlite:///{db}"]}), port)

    def cli(self, db: Path, out: Path, *args: str) -> int:
        with contextlib.suppress(FileNotFoundError):
            os.remove(f"{out}.rc")
        return self.order({"cli": [str(out), f"sqlite:///{db}", list(args)]})

    def drive(self, url: str, out: Path, acks: Path) -> int:
        """The live director's script (tests/crash_driver.py) over ``url``."""
        with contextlib.suppress(FileNotFoundError):
            os.remove(f"{out}.rc")
        return self.order({"drive": [str(out), url, str(acks)]})

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)

    def tail(self) -> str:
        return self.log.read_text()[-3000:] if self.log.exists() else ""


class Served:
    def __init__(self, forks: Forks, pid: int, port: int) -> None:
        self.forks, self.pid, self.port = forks, pid, port
        self.base = f"http://127.0.0.1:{port}"

    def wait_up(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                assert alive(self.pid), f"the server died: {self.forks.tail()}"
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.005)

    def kill(self) -> None:
        kill(self.pid)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def kill(pid: int) -> None:
    """SIGKILL, then wait until the process is gone (the kernel reaps it: see the zygote)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while alive(pid):
        assert time.monotonic() < deadline
        time.sleep(0.002)


def exit_code(out: Path, pid: int, wait: bool = True, timeout: float = 120) -> int | None:
    """A CLI run's or a script's exit code (None: killed, or still running and not waited
    for)."""
    done = Path(f"{out}.rc")
    deadline = time.monotonic() + timeout
    while not done.exists():
        if not wait or not alive(pid):
            return int(done.read_text()) if done.exists() else None
        assert time.monotonic() < deadline, f"{out}: not finished"
        time.sleep(0.002)
    return int(done.read_text())
