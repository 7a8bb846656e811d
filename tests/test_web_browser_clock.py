"""The clock in the director's hands, in a real browser (issue 22): the console's Clock and
Levels dialogs set the clock and change the levels to come (IFP 1 / TDA 1; IFP 23: a new level
applies to the next hand), and the room's clock screen, open beside it, shows each change as it
comes (the screens follow the event log: no reload); undo takes a change back and the screen
follows. A chip-up break (IFP 56) brings the console's chip race card by itself when it
begins, and each race's outcome (the cards, the chips won, each player's new count) appears
as the table races. Penalties (IFP 70) and unregistering have their controls too.

Playwright drives Debian's Chromium (see tests/test_web_browser.py); screenshots of the console
and the clock screen at laptop, TV and phone sizes go to tests/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from test_web_browser import SHOTS, SIZES, LiveServer, _text, log_in, shoot

pytestmark = pytest.mark.browser

PLAYERS = [f"Guest {i:02d}" for i in range(1, 13)]
L1 = 25 * 60                   # Gananda: Tournament Structure, level 1


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    from pokertd.tournament.house import config_preset

    server = LiveServer(tmp_path_factory.mktemp("clock"))
    for name in ("Clocked", "Chipup", "Floor"):
        server.service.create(name, config_preset("gananda"), seed=11)
        server.service.register(name, PLAYERS)
    server.service.start("Clocked")
    server.service.start("Chipup")
    try:
        yield server
    finally:
        server.stop()


def _screen_shows(screen, selector: str, pattern: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the screen's element reads ``pattern`` (a regular expression), by the
    stream alone: the screen is never reloaded."""
    screen.wait_for_function(
        "([sel, pat]) => new RegExp(pat).test(document.querySelector(sel).textContent)",
        arg=[selector, pattern], timeout=10_000)


def _notice(page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function("(t) => document.querySelector('#notice').textContent.includes(t)"
                           " || document.querySelector('#message').textContent", arg=text)
    assert _text(page, "#message") == "", _text(page, "#message")


def test_the_console_sets_the_clock_and_the_clock_screen_follows(browser, live: LiveServer):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Clocked")
    screen = ctx.new_page()
    screen.goto(f"{live.base}/events/Clocked/clock")
    _screen_shows(screen, "#level", "^Level 1$")
    screen.evaluate("window.__loaded = performance.timeOrigin")

    def clock(action: str, time: str | None = None) -> None:
        page.click("#btn-clock")
        page.wait_for_selector("#clock-dialog[open]")
        if time is not None:
            page.fill("#clock-time", time)
        page.click(f"[data-clock='{action}']")
        page.wait_for_selector("#clock-dialog", state="hidden")

    clock("next")                                    # IFP 23: announced, the next hand
    _notice(page, "level 2 has started: announce it (IFP 23)")
    _screen_shows(screen, "#level", "^Level 2$")
    _screen_shows(screen, "#blinds", "^10 / 20$")
    _screen_shows(screen, "#time-left", "^(25:00|24:5\\d)$")
    clock("set", "12:30")
    _screen_shows(screen, "#time-left", "^12:(30|29|28)$")
    clock("add", "5")
    _screen_shows(screen, "#time-left", "^17:(30|29|28)$")
    clock("subtract", "2:00")
    _screen_shows(screen, "#time-left", "^15:(30|29|28)$")
    clock("previous")
    _screen_shows(screen, "#level", "^Level 1$")
    _screen_shows(screen, "#time-left", "^(25:00|24:5\\d)$")
    # A time the console cannot read is refused in the dialog, nothing sent.
    page.click("#btn-clock")
    page.fill("#clock-time", "soon")
    page.click("[data-clock='add']")
    assert "is not a time" in _text(page, "#clock-error")
    page.click("[data-clock='previous']")            # level 1 is the first: refused
    page.wait_for_function("document.querySelector('#clock-error').textContent.includes("
                           "'level 1 is the first')")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "console-clock-dialog-laptop.png"))
    page.click("#clock-cancel")
    # Undo takes the last change back, and the screen follows.
    page.wait_for_selector("#btn-undo:not([hidden])")
    assert _text(page, "#btn-undo") == "Undo: clock previous"
    page.click("#btn-undo")
    page.wait_for_selector("#revert-dialog[open]")
    assert "the clock: level 1, 2" in _text(page, "#revert-changes")
    page.click("#revert-submit")
    _screen_shows(screen, "#level", "^Level 2$")
    _screen_shows(screen, "#time-left", "^15:(30|29|28|27)$")

    # The levels to come: level 3 shortened and dearer, a break added after it.
    page.click("#btn-levels")
    page.wait_for_selector("#levels-dialog[open]")
    rows = page.locator("#levels-table tbody tr")
    assert rows.first.locator("td").first.inner_text() == "Level 3"
    first = rows.first
    first.locator("input[name=minutes]").fill("15")
    first.locator("input[name=small_blind]").fill("30")
    first.locator("input[name=big_blind]").fill("60")
    first.locator("button").click()                  # + break after
    assert rows.nth(1).locator("td").first.inner_text() == "Break"
    rows.nth(1).locator("input[name=minutes]").fill("5")
    page.screenshot(path=str(SHOTS / "console-levels-dialog-laptop.png"))
    # Blinds that do not rise are refused with the structure's message; the dialog stays.
    first.locator("input[name=small_blind]").fill("10")
    first.locator("input[name=big_blind]").fill("20")
    page.click("#levels-submit")
    page.wait_for_function("document.querySelector('#levels-error').textContent.includes("
                           "\"level 3: blinds 10/20 do not increase over level 2's 10/20\")")
    first.locator("input[name=small_blind]").fill("30")
    first.locator("input[name=big_blind]").fill("60")
    page.click("#levels-submit")
    page.wait_for_selector("#levels-dialog", state="hidden")
    _notice(page, "the levels to come are changed")
    _screen_shows(screen, "#next", "Next: level 3 · 30 / 60")
    t = live.service.load("Clocked").tournament
    assert t.structure.level(3).blinds == (30, 60) and t.structure.level(3).minutes == 15
    assert t.structure.periods[t.structure.period_index_of_level(3) + 1].minutes == 5
    assert screen.evaluate("window.__loaded") is not None     # never reloaded
    for size, (w, h) in SIZES.items():
        for p, name in ((page, "console-clock"), (screen, "clock-screen-set")):
            p.set_viewport_size({"width": w, "height": h})
            p.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=size == "phone")
            assert p.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
                name, size)
    ctx.close()


def test_the_chip_race_card_comes_with_the_break_and_shows_each_race(browser, live: LiveServer):
    """IFP 56: the chip-up break's race card appears when the break begins (no reload), and
    each table's outcome: every seat's count, its cards, the chip won, its new count."""
    start = live.service.load("Chipup").tournament.clock.started_at
    live.clock.now = start + 4 * L1 - 3              # the last seconds of level 4
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Chipup")
    page.wait_for_selector("#conn:text('live')")
    assert page.locator("#chip-race").count() == 0
    page.evaluate("window.__loaded = true")
    live.clock.now = start + 4 * L1 + 5              # break 1 begins: the 5s go out
    page.wait_for_selector("#chip-race", timeout=10_000)
    assert page.evaluate("window.__loaded") is True  # the page was not reloaded
    assert "The 5 chips go out of play" in _text(page, "#chip-race")
    t = live.service.load("Chipup").tournament
    counts = [1505, 1495, 1510, 1490, 1500, 1500]
    for table in sorted(t.floor.tables):
        seated = [p for p in t.floor.tables[table].seats if p is not None]
        for p, c in zip(seated, counts):
            page.fill(f"form.race[data-table='{table}'] input[name='{p}']", str(c))
        page.click(f"form.race[data-table='{table}'] button[type=submit]")
        _notice(page, f"table {table} has raced")
        page.wait_for_selector(f".race-result[data-table='{table}']")
        after = live.service.load("Chipup").tournament
        rows = page.locator(f".race-result[data-table='{table}'] tbody tr")
        assert rows.count() == len(seated)
        won = 0
        for k, p in enumerate(seated):
            cells = rows.nth(k).locator("td").all_inner_texts()
            assert cells[1] == p and cells[2] == f"{counts[k]:,}"
            odd = counts[k] % 25
            assert len(cells[3].split()) == (odd // 5 if odd else 1)   # one card an odd chip
            assert cells[5] == f"{after.players[p].stack:,}"
            won += cells[4] == "a 25 chip"
        title = _text(page, f".race-result[data-table='{table}'] h3")
        assert re.fullmatch(rf"Table {table}: {won} chips? of 25 raced \(IFP 56\)", title)
    page.wait_for_function("document.querySelector('#chip-race').textContent"
                           ".includes('Every table has raced off the 5 chips.')")
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#chip-race").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"console-chip-race-{size}.png"), full_page=size == "phone")
    live.clock.now = start + 4 * L1 + 10 * 60 + 5    # the break is over: the card goes
    page.wait_for_selector("#chip-race", state="detached", timeout=10_000)
    ctx.close()


def test_unregister_and_penalty_from_the_console(browser, live: LiveServer):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Floor")
    page.click(".unregister-btn[data-player='Guest 04']")
    _notice(page, "Guest 04's registration is withdrawn")
    page.wait_for_selector(".unregister-btn[data-player='Guest 04']", state="detached")
    assert "Guest 04" not in live.service.load("Floor").tournament.players
    page.click("[data-cmd=start]")
    _notice(page, "started")
    page.click(".penalty-btn[data-player='Guest 07']")
    page.wait_for_selector("#penalty-dialog[open]")
    page.select_option("#penalty-kind", "rounds")
    page.fill("#penalty-count", "1")
    page.screenshot(path=str(SHOTS / "console-penalty-dialog-laptop.png"))
    page.click("#penalty-submit")
    _notice(page, "Guest 07: misses")
    t = live.service.load("Floor").tournament
    assert t.players["Guest 07"].penalty > 0
    page.wait_for_selector("tr[data-player='Guest 07'] .penalty")
    assert _text(page, "tr[data-player='Guest 07'] .penalty") == (
        f"(penalty: {t.players['Guest 07'].penalty} hands to miss)")
    # Four missed hands: IFP 70 counts more than one in rounds; refused in the dialog.
    page.click(".penalty-btn[data-player='Guest 08']")
    page.select_option("#penalty-kind", "hands")
    page.fill("#penalty-count", "4")
    page.click("#penalty-submit")
    page.wait_for_function("document.querySelector('#penalty-error').textContent.includes("
                           "'IFP 70')")
    page.click("#penalty-cancel")
    ctx.close()


def test_screens_of_the_console_and_clock(browser, live: LiveServer):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    cookies = ctx.cookies()
    ctx.close()
    shoot(browser, f"{live.base}/console/events/Clocked", "console-event-clock22",
          ready="#conn:text('live')", cookies=cookies)
    shoot(browser, f"{live.base}/events/Clocked/clock", "clock-screen-clock22",
          ready="#conn:text('live')")
