"""`pokertd serve` as a process, the way `make run` starts it: the port checked before a word
is printed, and the demo's temporary folder gone when the server stops (Ctrl-C or SIGTERM)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from serving import serve_on_a_free_port

POKERTD = [sys.executable, "-m", "pokertd"]


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, TMPDIR=str(tmp_path))  # the demo's folder made where we can look


def test_a_port_in_use_is_reported_before_any_address(tmp_path: Path) -> None:
    """A port in use: the one line saying so (exit 2), no address printed, nothing created."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([*POKERTD, "serve", "--demo", "--port", str(port)],
                              capture_output=True, text=True, env=_env(tmp_path), timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"cannot listen on 127.0.0.1:{port}: the port is in use" in done.stderr
    assert "--port" in done.stderr and "PORT=" in done.stderr  # what would be right
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_demos_folder_is_removed_when_the_server_stops(tmp_path: Path, stop: int) -> None:
    server, port, first = serve_on_a_free_port([*POKERTD, "serve", "--demo"],
                                               stderr=subprocess.PIPE, env=_env(tmp_path))
    assert f"127.0.0.1:{port}/console" in first
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    assert answer.status == 200
                break
            except OSError:
                assert server.poll() is None, server.communicate()
                assert time.monotonic() < deadline, "the demo server did not answer in 60 s"
                time.sleep(0.2)
        [folder] = list(tmp_path.glob("pokertd-demo-*"))
        assert (folder / "demo.db").is_file()
        server.send_signal(stop)
        out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert "log in at" in first + out
    assert not folder.exists(), f"the demo's folder {folder} is left after the stop"
