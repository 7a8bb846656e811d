"""The web application in a real browser: Playwright driving Debian's Chromium headless
(``/usr/bin/chromium``, installed by the Makefile's test setup; Playwright's own browsers are
never downloaded) against ``pokertd serve``'s application on a loopback port, with an
injected clock.

A screenshot of every page, at laptop, TV and phone sizes, is saved to tests/screenshots/
(git-ignored)."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).parent / "screenshots"
SIZES = {"laptop": (1366, 768), "tv": (1920, 1080), "phone": (390, 844)}
PASSWORD = "correct horse battery"
PLAYERS = [f"Player {i:02d}" for i in range(1, 24)]
LEVEL_1_S = 25 * 60   # Gananda: Tournament Structure, level 1


class Clock:
    """The server's time, moved by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class LiveServer:
    def __init__(self, tmp: Path) -> None:
        import uvicorn

        from pokertd.services.tournaments import TournamentService
        from pokertd.storage import UserStore, open_store
        from pokertd.web.app import create_app

        self.url_db = f"sqlite:///{tmp / 'browser.db'}"
        self.store = open_store(self.url_db)
        UserStore(self.store).add("ann", "director", PASSWORD)
        self.clock = Clock()
        self.service = TournamentService(self.store, clock=self.clock)
        self.app = create_app(self.store, clock=self.clock, secret="browser tests")
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


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("browser"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def context(browser):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        yield ctx
    finally:
        ctx.close()


def shoot(browser, url: str, name: str, *, ready: str | None = None,  # type: ignore[no-untyped-def]
          cookies: list | None = None) -> None:
    """Screenshots of ``url`` at the laptop, TV and phone sizes."""
    SHOTS.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        ctx = browser.new_context(viewport={"width": w, "height": h})
        if cookies:
            ctx.add_cookies(cookies)
        page = ctx.new_page()
        page.goto(url)
        if ready:
            page.wait_for_selector(ready)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=size == "phone")
        ctx.close()


def log_in(page, live: LiveServer) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{live.base}/login")
    page.fill("input[name=username]", "ann")
    page.fill("input[name=password]", PASSWORD)
    page.click("#login button[type=submit]")
    page.wait_for_url(f"{live.base}/console")


def _text(page, selector: str) -> str:  # type: ignore[no-untyped-def]
    return page.locator(selector).inner_text().strip()


def test_a_director_runs_an_event_and_the_room_sees_it(browser, live: LiveServer,
                                                       context) -> None:
    """Log in, create a Gananda event from the form, register 23 players by the search box,
    start, bust players from the dialog (the knockout offered from the busted player's table
    only, IFP 57), report the buttons a balancing move waits for (IFP 11a); a second browser
    context on the clock screen sees each bust-out's players left and average stack."""
    page = context.new_page()
    shoot(browser, f"{live.base}/login", "login")
    log_in(page, live)
    page.fill("#create input[name=name]", "Friday")
    page.select_option("#create select[name=preset]", "gananda")
    # The preset's structure, editable: level 1 of 30 minutes instead of 25.
    page.click("#structure summary")
    page.wait_for_selector("#periods tr")
    page.fill("#periods tr:first-child input.minutes", "30")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r".*/console/events/Friday$"))
    for p in PLAYERS:
        page.fill("#player-name", p)
        page.press("#player-name", "Enter")
        page.wait_for_function("(n) => document.querySelector('#notice').textContent"
                               ".includes(n + ' registered')", arg=p)
    page.wait_for_function("document.querySelector('#s-players').textContent.includes('23')")
    page.click("#btn-start")
    page.wait_for_selector("#tables .table")
    page.wait_for_function("document.querySelector('#c-left').textContent === '30:00'")
    tables = live.service.load("Friday").tournament.floor.tables
    assert len(tables) == 3

    room = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    room.goto(f"{live.base}/events/Friday/clock")
    room.wait_for_selector("#conn.live")
    assert _text(room, "#players") == "23"

    busted = 0
    for _ in range(5):
        t = live.service.load("Friday").tournament
        table = min(t.floor.tables.items(), key=lambda kv: (kv[1].count, kv[0]))[1]
        seated = [p for p in table.seats if p is not None]
        victim, mates = seated[0], set(seated[1:])
        page.click(f".bust-btn[data-player='{victim}']")
        offered = page.eval_on_selector_all(".bust-row .bust-by option",
                                            "os => os.map(o => o.value)")
        assert set(offered) - {""} == mates      # IFP 57: from the busted player's table
        page.select_option(".bust-row .bust-by", seated[1])
        page.click("#bust-submit")
        busted += 1
        left = 23 - busted
        page.wait_for_function("(n) => document.querySelector('#notice').textContent"
                               ".includes(n + ' is out')", arg=victim)
        # The room's clock follows (pushed at once; the wait allows for a loaded machine:
        # tests never assert timings).
        room.wait_for_function("(n) => document.querySelector('#players').textContent === n",
                               arg=str(left), timeout=5000)
        assert _text(room, "#average") == f"{23 * 1500 // left:,}"
        wait = live.service.load("Friday").tournament.balancing_wait()
        if wait and wait["buttons_needed"]:
            page.wait_for_selector("#buttons")
            for tb in wait["buttons_needed"]:
                page.fill(f"#buttons input[name='{tb}']", "1")
            page.click("#buttons button[type=submit]")
            page.wait_for_function("document.querySelector('#notice').textContent"
                                   ".includes('move ') || document.querySelector('#message')"
                                   ".textContent")
            assert _text(page, "#message") == ""
            room.wait_for_selector("#moves:not([hidden])", timeout=5000)
            break
    else:
        pytest.fail("no balancing move was called for")
    t = live.service.load("Friday").tournament
    assert t.alive == 23 - busted
    assert any(e.type == "moved" for e in t.events)
    cookies = context.cookies()
    shoot(browser, f"{live.base}/console", "console", cookies=cookies)
    shoot(browser, f"{live.base}/console/events/Friday", "event", ready="#tables",
          cookies=cookies)
    shoot(browser, f"{live.base}/events/Friday/clock", "clock", ready="#conn.live")
    shoot(browser, f"{live.base}/events/Friday/seats", "seats", ready="#conn.live")
    shoot(browser, f"{live.base}/", "index")
    room.context.close()


def test_the_time_left_fills_a_fifth_of_a_tv(browser, live: LiveServer) -> None:
    _ensure_event(live, "Tv")
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Tv/clock")
    page.wait_for_selector("#conn.live")
    box = page.locator("#time-left").bounding_box()
    assert box is not None and box["height"] >= 1080 / 5
    ctx.close()


def _ensure_event(live: LiveServer, name: str) -> None:
    from pokertd.tournament.house import config_preset

    if name not in live.service.names():
        live.service.create(name, config_preset("gananda"), seed=1)
        live.service.register(name, PLAYERS[:12])
        live.service.start(name)


def test_ten_minutes_on_the_clock_screen_show_no_drift(browser, live: LiveServer) -> None:
    """The screen counts down from the server's state, not its own timer: ten minutes of
    the browser's (fake) time and the server's (injected) clock later, it shows the server's
    time left, and the level change comes at its time: with the sound on, a chime a minute
    before it and at it, and the director's spoken announcement of the new blinds."""
    from pokertd.services.console import ConsoleNotes
    from pokertd.web.views import snapshot

    _ensure_event(live, "Drift")
    ConsoleNotes(live.store).set_spoken("Drift", True)        # the director's switch
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    # What the page plays and says, noted (a headless browser has no speakers).
    page.add_init_script("""
      window.__tones = []; window.__said = [];
      class FakeAudio { constructor() { this.currentTime = 0; this.destination = {}; }
        createOscillator() { return { frequency: {}, connect: (g) => g,
                                      start: () => window.__tones.push(1), stop: () => {} }; }
        createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
                                connect: (d) => d }; } }
      window.AudioContext = FakeAudio;
      window.SpeechSynthesisUtterance = function (text) { this.text = text; };
      Object.defineProperty(window, "speechSynthesis",
                            { value: { speak: (u) => window.__said.push(u.text) } });
    """)
    page.clock.install()
    page.goto(f"{live.base}/events/Drift/clock")
    page.click("#sound")
    assert page.evaluate("window.__tones.length") == 1         # the sound check
    # The stream's first snapshot is in before either clock moves.
    page.wait_for_function("Number(document.documentElement.dataset.updates || 0) >= 1")
    left = snapshot(live.service, "Drift")["clock"]["seconds_left"]
    for _ in range(10):   # ten minutes, a minute at a time
        live.clock.now += 60
        page.clock.run_for(60_000)
    expected = left - 600
    minutes, seconds = _text(page, "#time-left").split(":")
    shown = int(minutes) * 60 + int(seconds)
    # The display's resolution is a second (and the browser's clock also runs on by itself
    # between the test's steps, the injected server clock does not): within one second of the
    # server's time left after ten minutes, i.e. no drift.
    assert expected <= shown <= expected + 1, (shown, expected)
    assert _text(page, "#level") == "Level 1"
    # The end of level 1: the server sends the new level, the screen shows it.
    # To a minute and a second before it, then past the minute (the warning), then past it.
    for step in (expected - 61, 3, 58 + 1):
        live.clock.now += step
        page.clock.run_for(int(step * 1000))
    page.wait_for_function("document.querySelector('#level').textContent === 'Level 2'",
                           timeout=5000)
    assert _text(page, "#blinds") == "10 / 20"
    # One tone a minute before the change, three at it; the blinds announced.
    assert page.evaluate("window.__tones.length") == 1 + 1 + 3
    assert page.evaluate("window.__said") == ["Blinds are now 10 and 20."]
    ctx.close()


def test_the_screens_say_when_they_are_disconnected_and_reconnect(browser,
                                                                  live: LiveServer) -> None:
    _ensure_event(live, "Drop")
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Drop/clock")
    page.wait_for_selector("#conn.live")
    ctx.set_offline(True)
    page.wait_for_selector("#conn.down", timeout=5000)
    assert _text(page, "#conn") == "Disconnected: reconnecting…"
    ctx.set_offline(False)
    page.wait_for_selector("#conn.live", timeout=10000)
    ctx.close()


def test_find_my_seat(browser, live: LiveServer) -> None:
    _ensure_event(live, "Seats")
    t = live.service.load("Seats").tournament
    player = PLAYERS[3]
    table, seat = t.floor.where[player][:2]
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Seats/seats")
    page.fill("#find-name", "player 04")
    page.wait_for_selector("#found .hit")
    assert _text(page, "#found .hit") == f"{player}: table {table}, seat {seat}"
    assert _text(page, "#rot-title").startswith("Table ")
    ctx.close()


def test_an_anonymous_browser_reads_only_the_public_screens(browser, live: LiveServer) -> None:
    _ensure_event(live, "Public")
    ctx = browser.new_context()
    page = ctx.new_page()
    # A console page leads to the login form (issue 22), and back to it after the login.
    page.goto(f"{live.base}/console")
    assert page.url == f"{live.base}/login?next=/console"
    page.goto(f"{live.base}/console/events/Public")
    assert page.url == f"{live.base}/login?next=/console/events/Public"
    assert page.locator("#login").is_visible()
    assert page.goto(f"{live.base}/events/Public/clock").status == 200
    r = page.request.post(f"{live.base}/console/api/events/Public/pause", data={})
    assert r.status in (401, 403)
    assert live.service.load("Public").tournament.clock.paused is False
    ctx.close()


def test_two_out_in_one_hand_then_the_final_table_and_a_deal(browser, live: LiveServer,
                                                             context) -> None:
    """Two players out in one hand from the dialog, ranked by their stacks at the start of
    the hand (IFP 57; Gananda: Winning the Tournament); ten left: the final table is drawn
    (IFP 15); a deal whose numbers are shown before it is recorded (IFP 62), then the
    payouts with who finished where."""
    from pokertd.tournament.icm import deal_amounts

    _ensure_event(live, "Final")
    page = context.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Final")
    t = live.service.load("Final").tournament
    first = t.floor.tables[1]
    small, big = [p for p in first.seats if p is not None][:2]
    page.click(f".bust-btn[data-player='{small}']")
    page.click("#bust-add")
    rows = page.locator(".bust-row")
    assert rows.count() == 2
    rows.nth(1).locator(".bust-player").select_option(big)
    rows.nth(0).locator(".bust-stack").fill("300")
    rows.nth(1).locator(".bust-stack").fill("900")
    page.click("#bust-submit")
    page.wait_for_function("document.querySelector('#notice').textContent.includes('is out')")
    t = live.service.load("Final").tournament
    assert (t.players[big].place, t.players[small].place) == (11, 12)   # bigger stack higher
    assert any(e.type == "final_table_formed" for e in t.events)
    page.wait_for_selector("#moves")
    assert "final table" in _text(page, "#moves")
    # The deal: each one's number first, then recorded.
    left = sorted(p.name for p in t.players.values() if not p.out)
    stacks = {p: 1000 + 100 * i for i, p in enumerate(left)}
    # The stacks add up to the chips in play (issue 22: a deal short of them is refused).
    stacks[left[-1]] += t.chips - sum(stacks.values())
    page.wait_for_selector("#btn-deal:not([hidden])")
    page.click("#btn-deal")
    for p, chips in stacks.items():
        page.fill(f"#deal-table input[data-player='{p}']", str(chips))
    page.select_option("#deal-kind", "chip-chop")
    page.click("#deal-preview")
    page.wait_for_selector("#deal-submit:not([disabled])")
    expected = deal_amounts(stacks, list(t.payouts[:t.alive]), method="chip-chop",
                            unit=t.config.unit)
    shown = {tr.locator("td").nth(0).inner_text(): tr.locator("td").nth(2).inner_text()
             for tr in page.locator("#deal-table tbody tr").all()}
    assert shown == {p: f"{a:,}" for p, a in zip(expected.players, expected.amounts)}
    assert live.service.load("Final").tournament.deal is None    # not recorded yet
    shoot(browser, f"{live.base}/console/events/Final", "event-final", ready="#tables",
          cookies=context.cookies())
    page.click("#deal-submit")
    page.wait_for_function("document.querySelector('#notice').textContent"
                           ".includes('deal is recorded')")
    t = live.service.load("Final").tournament
    assert t.deal is not None and dict(zip(t.deal["players"], t.deal["amounts"])) == dict(
        zip(expected.players, expected.amounts))
    page.wait_for_function("document.querySelector('#payouts').textContent"
                           ".includes('A deal was made')")


def test_undo_from_the_console_shows_what_it_changes_back(browser, live: LiveServer,
                                                          context) -> None:
    _ensure_event(live, "Undo")
    victim = live.service.load("Undo").tournament.floor.tables[1].seats[0]
    live.service.bust_hand("Undo", [victim])
    page = context.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Undo")
    page.wait_for_selector("#btn-undo:not([hidden])")
    assert _text(page, "#btn-undo").startswith(f"Undo: bust {victim}")
    page.click("#btn-undo")
    page.wait_for_selector("#revert-dialog[open]")
    assert victim in _text(page, "#revert-changes")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "undo-dialog-laptop.png"))
    page.click("#revert-submit")
    page.wait_for_function("document.querySelector('#notice').textContent.startsWith('undone')")
    t = live.service.load("Undo").tournament
    assert not t.players[victim].out and t.alive == 12
    page.wait_for_selector("#btn-redo:not([hidden])")


def test_a_bust_out_whose_answer_is_lost_is_sent_again_with_its_id_and_applied_once(
        browser, live: LiveServer, context) -> None:
    """Issue 13: the server applies the director's bust-out but its answer never reaches the
    browser (the connection dropped): the console sends it again with the same command id, the
    server recognises it as already done, and the director is told so; one bust-out."""
    import json

    _ensure_event(live, "Lost")
    victim = live.service.load("Lost").tournament.floor.tables[1].seats[0]
    page = context.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Lost")
    sent: list[dict] = []

    def lose_first_answer(route) -> None:  # type: ignore[no-untyped-def]
        sent.append(json.loads(route.request.post_data))
        if len(sent) == 1:
            route.fetch()              # the server applies it ...
            route.abort("connectionreset")      # ... and the answer is lost
        else:
            route.continue_()

    page.route("**/console/api/events/Lost/bust", lose_first_answer)
    page.click(f".bust-btn[data-player='{victim}']")
    page.click("#bust-submit")
    page.wait_for_function("document.querySelector('#notice').textContent.includes('already "
                           "done')")
    assert f"{victim} is out" in _text(page, "#notice")
    assert len(sent) == 2 and sent[0] == sent[1] and len(sent[0]["command_id"]) == 32
    t = live.service.load("Lost").tournament
    assert t.players[victim].out and t.alive == 11
