"""docs/example_bot.py, the protocol's complete example (issue 21), run as it would be: four
instances, each its own process, enter a sit-and-go (a dealt event) of a real `pokertd serve`
and play it to its end over websockets. Each finishes with a place (1 to 4, each once), no
error frame, and the server's log holds no traceback."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

BOT = Path(__file__).resolve().parents[1] / "docs" / "example_bot.py"
PLAYERS = 4


def test_the_example_bot_plays_a_sit_and_go_to_its_end_with_a_place_and_no_error(
        tmp_path: Path) -> None:
    assert len(BOT.read_text().splitlines()) < 150          # the size for it
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    errors = tempfile.TemporaryFile()
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("pokertd")), "serve", "--port", str(port),
         "--db", str(tmp_path / "bots.db")], stdout=subprocess.DEVNULL, stderr=errors)
    bots: list[subprocess.Popen] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "no server"
                time.sleep(0.1)
        with httpx.Client(base_url=base, timeout=30) as http:
            csrf = re.search(r'name="csrf-token" content="([^"]+)"',
                             http.get("/tables").text).group(1)
            r = http.post("/tables/api/events", headers={"X-CSRF-Token": csrf}, json={
                "name": "Example SNG", "preset": "ifp-2012", "seats": PLAYERS,
                "table_size": PLAYERS, "level_minutes": 1, "act_seconds": 30,
                "bot_delay": 0, "pause_seconds": 0.1})
            assert r.status_code == 201, r.text
        bots = [subprocess.Popen([sys.executable, str(BOT), base, "--event", "Example SNG",
                                  "--name", f"Example {k}"], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
                for k in range(1, PLAYERS + 1)]
        results = []
        for bot in bots:
            out, err = bot.communicate(timeout=600)
            assert bot.returncode == 0, err[-3000:]
            assert "error:" not in err, err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for p in [*bots, server]:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    assert all(r["errors"] == 0 for r in results), results
    assert sorted(r["place"] for r in results) == list(range(1, PLAYERS + 1)), results
    winner = next(r for r in results if r["place"] == 1)
    assert winner["reason"] == "finished" and winner["prize"] > 0
    assert all(r["reason"] == "out" for r in results if r["place"] != 1), results
    errors.seek(0)
    log = errors.read().decode(errors="replace")
    assert "Traceback" not in log, log[-3000:]
