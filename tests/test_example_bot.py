"""docs/example_bot.py, the protocol's complete example (issue 21), run as it would be: four
instances, each its own process, enter a sit-and-go (a dealt event) of a real `pokertd serve`
and play it to its end over websockets. Each finishes with a place (1 to 4, each once), no
error frame, and the server's log holds no traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

import serving
from pokertd.storage import open_store

BOT = Path(__file__).resolve().parents[1] / "docs" / "example_bot.py"
PLAYERS = 4
POKERTD_SERVE = [str(Path(sys.executable).with_name("pokertd")), "serve"]


def serve(port: int, db: Path, errors: Any) -> subprocess.Popen:
    """`pokertd serve` on ``port`` over ``db``, once it is ours that listens there
    (tests/serving.py); its log to ``errors``."""
    server, _ = serving.serve_on(POKERTD_SERVE + ["--db", str(db)], port, stderr=errors)
    threading.Thread(target=server.stdout.read, daemon=True).start()   # the rest, unread
    return server


def serve_on_a_free_port(db: Path, errors: Any) -> tuple[subprocess.Popen, int]:
    server, port, _ = serving.serve_on_a_free_port(POKERTD_SERVE + ["--db", str(db)],
                                                   stderr=errors)
    threading.Thread(target=server.stdout.read, daemon=True).start()   # the rest, unread
    return server, port


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    with httpx.Client(base_url=base, timeout=30) as http:
        csrf = re.search(r'name="csrf-token" content="([^"]+)"',
                         http.get("/tables").text).group(1)
        r = http.post(path, headers={"X-CSRF-Token": csrf}, json=body)
        assert r.status_code == 201, r.text
        return r.json()


def test_the_example_bot_plays_a_sit_and_go_to_its_end_with_a_place_and_no_error(
        tmp_path: Path) -> None:
    assert len(BOT.read_text().splitlines()) < 150          # the size for it
    errors = tempfile.TemporaryFile()
    server, port = serve_on_a_free_port(tmp_path / "bots.db", errors)
    base = f"http://127.0.0.1:{port}"
    bots: list[subprocess.Popen] = []
    try:
        post(base, "/tables/api/events", {
            "name": "Example SNG", "preset": "ifp-2012", "seats": PLAYERS,
            "table_size": PLAYERS, "level_minutes": 1, "act_seconds": 30, "bot_delay": 0,
            "pause_seconds": 0.1})
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
    places = sorted(r["place"] for r in results)
    # each place is 1..4 and one winner; two out in one hand may share a place (IFP 57)
    assert places[0] == 1 and places[1] > 1 and places[-1] <= PLAYERS, results
    assert all(places[k] <= k + 1 for k in range(PLAYERS)), results
    winner = next(r for r in results if r["place"] == 1)
    assert winner["reason"] == "finished" and winner["prize"] > 0
    assert all(r["reason"] == "out" for r in results if r["place"] != 1), results
    errors.seek(0)
    log = errors.read().decode(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def test_the_example_bot_comes_back_when_marked_away_and_reconnects_with_its_token(
        tmp_path: Path) -> None:
    """The example bot at a cash table against two calling stations. Stopped (SIGSTOP) past
    its time to act, the server checks or folds its hand (TDA 29) and marks it away (IFP 8);
    let go, it sees its seat away and sends ``back``, and acts again. The server killed
    (SIGKILL) and started again, the bot reconnects, says hello with its token and acts
    again in the same seat (the act ids it sends are its own)."""
    import os
    import signal

    db = tmp_path / "cash.db"
    errors = tempfile.TemporaryFile()
    server, port = serve_on_a_free_port(db, errors)
    base = f"http://127.0.0.1:{port}"
    bot = None

    def log() -> list[tuple[str, dict[str, Any]]]:
        with open_store(f"sqlite:///{db}", create=False) as s:
            info = s.find_stream("table", "Cash")
            return [(r.type, r.payload) for r in s.read(info.id)]

    def wait(what: str, pred: Any, timeout: float = 180) -> list[tuple[str, dict[str, Any]]]:
        deadline = time.monotonic() + timeout
        while True:
            recs = log()
            if pred(recs):
                return recs
            assert time.monotonic() < deadline, f"never: {what}"
            assert bot is None or bot.poll() is None, bot.communicate()
            time.sleep(0.1)

    def own_acts(recs: list[tuple[str, dict[str, Any]]]) -> int:
        """The bot's acts (seat 1: the only seat with act ids)."""
        return sum(1 for kind, p in recs if kind == "hand" and p.get("id"))

    try:
        post(base, "/tables/api/tables", {"name": "Cash", "seats": 3, "bots": 2,
                                          "bot_kind": "calling", "act_seconds": 1,
                                          "time_bank": 0, "bot_delay": 0.05,
                                          "pause_seconds": 0.2})
        bot = subprocess.Popen([sys.executable, str(BOT), base, "--table", "Cash", "--seat",
                                "1", "--stack", "2000", "--name", "Example"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait("the bot acts", lambda recs: own_acts(recs) >= 3)
        os.kill(bot.pid, signal.SIGSTOP)
        try:
            away = wait("marked away", lambda recs: any(k == "away" for k, _ in recs))
        finally:
            os.kill(bot.pid, signal.SIGCONT)
        assert [p["seat"] for k, p in away if k == "away"] == [1]
        back = wait("back", lambda recs: any(k == "back" for k, _ in recs))
        acted = own_acts(back)
        wait("acts after back", lambda recs: own_acts(recs) > acted)
        server.kill()                                   # kill -9
        server.wait(10)
        stored = log()
        server = serve(port, db, errors)
        after = wait("acts after the restart", lambda recs: own_acts(recs) > own_acts(stored))
        since = [k if k != "hand" or not p.get("id") else "act" for k, p in after[len(stored):]]
        assert "joined" not in since[:since.index("act")]   # its seat, not a new one
    finally:
        for p in (bot, server):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait(10)
    _, err = bot.communicate()
    assert "reconnecting" in err
    errors.seek(0)
    assert "Traceback" not in errors.read().decode(errors="replace")
