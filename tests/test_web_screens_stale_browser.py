"""The room's screens never stale (issue 22), in a real browser (see tests/test_web_browser.py
for the server): the moves ticker shows every move still to be made, newest first, on pages
that turn when they do not fit; the finished event shows its winner once and nothing to come;
a break says "Break" once and announces the chip-up (IFP 56); the start shows no placeholder
and no empty heading; numbers carry thousands separators; "disconnected" reads across a room;
the seats screen and the phone find a nickname; the console offers hand-for-hand with two
tables or more only (IFP 61). What the ticker holds: tests/test_screens_moves.py.

Screenshots at the TV, laptop and phone sizes go to tests/screenshots/ (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from pokertd.services.players import PlayerDirectory
from pokertd.tournament.house import config_preset
from pokertd.web.views import snapshot
from test_web_browser import LEVEL_1_S, PLAYERS, SHOTS, SIZES, LiveServer, _text, log_in

pytestmark = pytest.mark.browser


def step(live: LiveServer, name: str) -> None:
    """The director's next step: the buttons a balancing move waits for (IFP 11a), else a
    bust-out at the shortest table."""
    service = live.service
    t = service.load(name).tournament
    wait = t.balancing_wait()
    if wait and wait["buttons_needed"]:
        service.buttons(name, {tb: 1 for tb in wait["buttons_needed"]})
    else:
        table = min(t.floor.tables.values(), key=lambda x: x.count)
        service.bust(name, next(p for p in table.seats if p is not None))


def started(live: LiveServer, name: str, players: list[str] = PLAYERS) -> None:
    live.service.create(name, config_preset("gananda"), seed=5)
    live.service.register(name, players)
    live.service.start(name)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("stale"))
    try:
        yield server
    finally:
        server.stop()


def shots(browser, url: str, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector("#conn.live")
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=size == "phone")
        ctx.close()


def ticker_pages(page) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """Every page of the ticker, turned by the page's own timer (the test's clock)."""
    page.wait_for_selector("#moves:not([hidden]) .ticker-move")
    every = int(page.get_attribute("#moves", "data-page-ms") or 0)
    assert every > 0
    count = int(page.get_attribute("#moves", "data-pages") or 0)
    out = []
    for n in range(1, count + 1):
        assert page.get_attribute("#moves", "data-page") == str(n)
        # The page fits: nothing cut off at the bottom.
        assert page.evaluate("(() => { const t = document.getElementById('moves');"
                             " return t.scrollHeight <= t.clientHeight + 1; })()")
        out.append(page.locator("#moves .ticker-move").all_inner_texts())
        page.clock.run_for(every)
    assert page.get_attribute("#moves", "data-page") == "1"        # round again
    return out


def test_the_ticker_shows_every_move_still_to_be_made_newest_first_in_pages(
        browser, live: LiveServer) -> None:
    """A table broken after a balancing move: the ticker holds the table broken, its players'
    moves, then the older moves still to be made (the one into the broken table gone); on a
    laptop they take several pages, turned in turn; on a phone all show at once."""
    started(live, "Ticker")
    for _ in range(20):
        tables = live.service.load("Ticker").tournament.floor.table_count
        step(live, "Ticker")
        if live.service.load("Ticker").tournament.floor.table_count < tables:
            break
    expected = [m["text"] for m in snapshot(live.service, "Ticker")["pending_moves"]]
    assert len(expected) >= 6 and expected[0].startswith("table ")
    for size, screen in (("laptop", "clock"), ("tv", "clock"), ("laptop", "seats"),
                         ("phone", "clock")):
        w, h = SIZES[size]
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.clock.install()
        page.goto(f"{live.base}/events/Ticker/{screen}")
        pages = ticker_pages(page)
        assert [line for p in pages for line in p] == expected, (size, screen)
        if size == "laptop":
            assert len(pages) > 1, "the moves do not fit one page on a laptop"
            assert _text(page, "#moves .ticker-head") == f"Moves 1/{len(pages)}"
        if size == "phone":
            assert len(pages) == 1
        ctx.close()
    # A player's phone: his own move, and only his.
    mover = next(m for m in snapshot(live.service, "Ticker")["pending_moves"] if m["player"])
    ctx = browser.new_context(viewport=dict(zip(("width", "height"), SIZES["phone"])))
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Ticker/phone")
    page.fill("#my-name", mover["player"])
    page.wait_for_selector("#my-moves li")
    assert page.locator("#my-moves li").all_inner_texts() == [mover["text"]]
    ctx.close()
    shots(browser, f"{live.base}/events/Ticker/clock", "stale-ticker-clock")


def test_the_finished_event_shows_its_winner_once_and_nothing_to_come(
        browser, live: LiveServer) -> None:
    started(live, "Over", PLAYERS[:6])
    for p in PLAYERS[:5]:
        live.service.bust("Over", p)
    winner = live.service.load("Over").tournament.winner
    assert winner
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Over/clock")
    page.wait_for_selector("#conn.live")
    main = _text(page, ".clock-main")
    assert main.count(winner) == 1, main
    assert "Next" not in main and "Break" not in main and "Level" not in main
    phone = ctx.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{live.base}/events/Over/phone")
    phone.wait_for_selector("#conn.live")
    top = _text(phone, ".phone-clock")
    assert top.count(winner) == 1 and "Next" not in top, top
    ctx.close()
    shots(browser, f"{live.base}/events/Over/clock", "stale-finished-clock")


def test_a_chip_up_break_says_break_once_and_announces_the_race_ifp_56(
        browser, live: LiveServer) -> None:
    """Gananda's first break takes the 5 chips out (IFP 56: a chip race)."""
    started(live, "Pause")
    at = live.clock.now
    live.clock.now = at + 4 * LEVEL_1_S + 60               # a minute into the first break
    try:
        s = snapshot(live.service, "Pause")
        assert s["clock"]["on_break"] and s["chip_race"]["going_out"] == [5]
        ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
        page = ctx.new_page()
        page.goto(f"{live.base}/events/Pause/clock")
        page.wait_for_selector("#conn.live")
        main = _text(page, ".clock-main")
        assert main.count("Break") == 1, main
        assert _text(page, "#blinds").startswith("Chip-up: the 5 chips come off")
        assert s["chip_race"]["rule"] in _text(page, "#blinds")
        phone = ctx.new_page()
        phone.goto(f"{live.base}/events/Pause/phone")
        phone.wait_for_selector("#conn.live")
        top = _text(phone, ".phone-clock")
        assert top.count("Break") == 1 and "Chip-up: the 5 chips go" in top, top
        ctx.close()
        shots(browser, f"{live.base}/events/Pause/clock", "stale-break-clock")
    finally:
        live.clock.now = at


def test_the_start_shows_no_placeholder_and_no_empty_heading(browser, live: LiveServer) -> None:
    live.service.create("Doors", config_preset("gananda"), seed=5)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    for screen, heads in (("clock", ".clock-screen .label, #level, #blinds"),
                          ("phone", ".phone h2, .phone .label, #level, #blinds")):
        page = ctx.new_page()
        page.goto(f"{live.base}/events/Doors/{screen}")
        page.wait_for_selector("#conn.live")
        visible = [t.strip() for t in page.locator(
            ".clock-screen :visible, .phone :visible").all_inner_texts()]
        assert not any(t in ("–", "–:––", "-") for t in visible), (screen, visible)
        # Every heading and label shown has something beside it.
        for el in page.locator(heads).all():
            if el.is_visible():
                own = el.inner_text().strip()
                assert own, (screen, el.get_attribute("id"))
                if el.get_attribute("id") is None:
                    assert el.locator("xpath=..").inner_text().strip() != own, (screen, own)
    ctx.close()
    shots(browser, f"{live.base}/events/Doors/clock", "stale-start-clock")


def test_numbers_carry_thousands_separators(browser, live: LiveServer) -> None:
    """Two players left at level 1 (blinds 5/10): 17,250 chips each on average, "1,725 big
    blinds"."""
    started(live, "Two")
    for _ in range(80):
        if live.service.load("Two").tournament.alive == 2:
            break
        step(live, "Two")
    s = snapshot(live.service, "Two")
    assert s["players_left"] == 2 and s["average_bb"] >= 1000
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    for screen in ("clock", "phone", "seats"):
        page = ctx.new_page()
        page.goto(f"{live.base}/events/Two/{screen}")
        page.wait_for_selector("#conn.live")
        text = page.locator("body").inner_text()
        assert not re.search(r"(?<![\d:,.])\d{4,}", text), (screen, re.findall(r"\d{4,}", text))
        if screen == "clock":
            assert _text(page, "#average-bb") == f"{s['average_bb']:,g} big blinds"
            assert _text(page, "#chips") == f"{s['chips']:,}"
    ctx.close()


def _luminance(rgb: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_disconnected_reads_across_the_room(browser, live: LiveServer) -> None:
    """On a TV: a banner across the screen, its text at least 40 px high, white on red at a
    contrast of 7:1 or more (WCAG's AAA)."""
    started(live, "Cable", PLAYERS[:12])
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Cable/clock")
    page.wait_for_selector("#conn.live")
    ctx.set_offline(True)
    page.wait_for_selector("#conn.down", timeout=5000)
    assert _text(page, "#conn").lower().startswith("disconnected")
    style = page.evaluate("""(() => { const c = getComputedStyle(document.getElementById('conn'));
        const r = document.getElementById('conn').getBoundingClientRect();
        let opacity = 1;    // what shows through: the banner's and its ancestors' opacity
        for (let e = document.getElementById('conn'); e; e = e.parentElement)
          opacity *= parseFloat(getComputedStyle(e).opacity);
        return {size: parseFloat(c.fontSize), fg: c.color, bg: c.backgroundColor,
                width: r.width, opacity}; })()""")
    assert style["size"] >= 40 and style["width"] >= 1900 and style["opacity"] == 1, style
    hi, lo = sorted((_luminance(style["fg"]), _luminance(style["bg"])), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 7, style
    page.screenshot(path=str(SHOTS / "stale-disconnected-tv.png"))
    ctx.set_offline(False)
    page.wait_for_selector("#conn.live", timeout=10000)
    ctx.close()


def test_the_seats_screen_and_the_phone_find_a_nickname(browser, live: LiveServer) -> None:
    started(live, "Nick", PLAYERS[:12])
    PlayerDirectory(live.store).add(PLAYERS[3], nickname="Lucky Luke")
    table, seat = live.service.load("Nick").tournament.floor.where[PLAYERS[3]]
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(f"{live.base}/events/Nick/seats")
    page.wait_for_selector("#conn.live")
    page.fill("#find-name", "lucky")
    page.wait_for_selector("#found .hit")
    assert page.locator("#found .hit").all_inner_texts() == [
        f"{PLAYERS[3]} (Lucky Luke): table {table}, seat {seat}"]
    phone = ctx.new_page()
    phone.goto(f"{live.base}/events/Nick/phone")
    phone.wait_for_selector("#conn.live")
    phone.fill("#my-name", "Lucky Luke")
    phone.wait_for_selector("#my-seat .hit")
    assert _text(phone, "#my-seat .hit") == f"{PLAYERS[3]}: table {table}, seat {seat}"
    ctx.close()


def test_the_console_offers_hand_for_hand_with_two_tables_or_more_ifp_61(
        browser, live: LiveServer) -> None:
    started(live, "Hands", PLAYERS[:12])                     # two tables
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Hands")
    page.wait_for_selector("#btn-h4h-start:visible")
    for _ in range(20):
        if live.service.load("Hands").tournament.floor.table_count == 1:
            break
        step(live, "Hands")
    assert not live.service.load("Hands").tournament.finished
    page.reload()
    page.wait_for_selector("#tables .table")
    assert page.locator("#btn-h4h-start").is_hidden()
    ctx.close()
