"""Two directors on one event, a CLI and a browser (issue 13): a director at the console in
Chromium and another at a terminal bust the same player at the same moment, hand after hand;
each bust-out is applied exactly once, the other is refused with its message, and the console
shows the event as the store has it."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_web_browser import PASSWORD, log_in

pytestmark = pytest.mark.browser

PLAYERS = [f"Director test {i:02d}" for i in range(1, 9)]


class RealTimeServer:
    """``pokertd serve``'s application on a loopback port with the wall clock, so that the
    CLI (which has no other clock) and the server agree on the time."""

    def __init__(self, tmp: Path) -> None:
        import uvicorn

        from pokertd.storage import UserStore, open_store
        from pokertd.web.app import create_app

        self.db = tmp / "two.db"
        self.store = open_store(f"sqlite:///{self.db}")
        UserStore(self.store).add("ann", "director", PASSWORD)
        self.app = create_app(self.store, secret="two directors")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.store.close()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[RealTimeServer]:
    server = RealTimeServer(tmp_path)
    try:
        yield server
    finally:
        server.stop()


def cli(db: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([str(Path(sys.executable).parent / "pokertd"), *args, "--db", str(db)],
                            env={**os.environ, "NO_COLOR": "1"}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_cli_and_a_browser_busting_the_same_player_apply_it_once(browser, live: RealTimeServer,
                                                                   ) -> None:
    from pokertd.services.history import COMMAND
    from pokertd.services.tournaments import KIND, TournamentService

    for args in (["tournament", "new", "Two", "--preset", "gananda", "--seed", "3"],
                 ["tournament", "register", "Two", *PLAYERS], ["tournament", "start", "Two"]):
        p = cli(live.db, *args)
        assert p.wait(timeout=60) == 0, p.stderr.read()
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Two")
    page.wait_for_selector("#tables .table")
    service = TournamentService(live.store)
    delays = random.Random(13)
    won = {"cli": 0, "browser": 0}
    for k in range(len(PLAYERS) - 1):
        t = service.load("Two").tournament
        victim = sorted(p.name for p in t.players.values() if not p.out)[0]
        page.wait_for_selector(f".bust-btn[data-player='{victim}']")
        page.click(f".bust-btn[data-player='{victim}']")        # the dialog, filled in
        page.evaluate("for (const id of ['notice', 'message']) document.getElementById(id).textContent = ''")
        terminal = cli(live.db, "tournament", "bust", "Two", victim)
        time.sleep(delays.choice([0.0, 0.1, 0.2, 0.3, 0.45, 0.6]))   # the CLI's start-up
        page.click("#bust-submit")
        code = terminal.wait(timeout=60)
        err = terminal.stderr.read()
        page.wait_for_function("document.querySelector('#notice').textContent !== '' || "
                               "document.querySelector('#message').textContent !== ''")
        ok = "is out" in page.locator("#notice").inner_text()
        if ok:
            # The browser's was applied: the terminal's is refused, naming why.
            assert code in (1, 2) and err.startswith("Error: "), (code, err)
            assert "already out" in err or "meanwhile" in err, err
            won["browser"] += 1
        else:
            # The terminal's was applied: the console says why its own was refused.
            assert code == 0, err
            message = page.locator("#message").inner_text()
            assert "already out" in message or "meanwhile" in message or "not in" in message, message
            won["cli"] += 1
        # Either way the console shows the event as the store has it.
        left = len(PLAYERS) - 1 - k
        page.wait_for_function("(n) => document.querySelector('#s-players').textContent"
                               ".trim().startsWith(n + ' /')", arg=f"{left}")
    t = service.load("Two").tournament
    assert t.finished and sum(won.values()) == len(PLAYERS) - 1
    info = live.store.find_stream(KIND, "Two")
    busts = [e.payload["args"]["players"][0] for e in live.store.read(info.id)
             if e.type == COMMAND and e.payload["command"] == "bust"]
    assert sorted(busts) == sorted(p for p in PLAYERS if p != t.winner)   # each exactly once
    ctx.close()
