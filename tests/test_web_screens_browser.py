"""The room's screens in a real browser (issue 9, "The room's screens"): the seats screen shows
every table's seating in turn; the clock, seats and phone screens ask the browser to keep the
display awake (the Wake Lock API), the clock asks for full screen from its button, and each
goes on working when the browser refuses.

A headless browser has neither a display to keep awake nor a screen to fill: the tests stand in
for the two browser APIs (``navigator.wakeLock.request``, ``Element.requestFullscreen``) before
the page loads, note each request, and grant or refuse it. The rotation runs on the page's own
timer, moved by the test (Playwright's clock). See tests/test_web_browser.py for the server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from test_web_browser import PLAYERS, LiveServer, _text

pytestmark = pytest.mark.browser

NAME = "Screens"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    from pokertd.tournament.house import config_preset

    server = LiveServer(tmp_path_factory.mktemp("screens"))
    server.service.create(NAME, config_preset("gananda"), seed=5)
    server.service.register(NAME, PLAYERS)          # 23 players: three tables (TDA 8-A)
    server.service.start(NAME)
    try:
        yield server
    finally:
        server.stop()


def seating(live: LiveServer) -> list[tuple[str, list[str]]]:
    """Each table's title and its players in seat order, as the server has them."""
    t = live.service.load(NAME).tournament
    return [(f"Table {tid}", [p for p in table.seats if p is not None])
            for tid, table in sorted(t.floor.tables.items())]


def test_the_seats_screen_shows_every_tables_seating_in_turn(browser, live: LiveServer) -> None:
    tables = seating(live)
    assert len(tables) == 3
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.clock.install()
    page.goto(f"{live.base}/events/{NAME}/seats")
    every = int(page.get_attribute("#rotating", "data-every-ms") or 0)
    assert every > 0
    for turn in range(len(tables) + 1):           # every table, then the first again
        title, players = tables[turn % len(tables)]
        assert _text(page, "#rot-title") == title
        assert page.locator("#rot-seats .pname").all_inner_texts() == players
        assert _text(page, "#rot-dots .dot.on") == title.removeprefix("Table ")
        page.clock.run_for(every)
    ctx.close()


STAND_IN = """
  window.__wake = []; window.__full = [];
  const refuse = %s;
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
    request: (type) => {
      window.__wake.push(type);
      return refuse ? Promise.reject(new DOMException("refused", "NotAllowedError"))
                    : Promise.resolve({ type, released: false, addEventListener() {},
                                        release: async () => {} });
    } } });
  Element.prototype.requestFullscreen = function () {
    window.__full.push(this.tagName);
    return refuse ? Promise.reject(new TypeError("Permissions check failed"))
                  : Promise.resolve();
  };
"""


@pytest.mark.parametrize("refused", [False, True], ids=["granted", "refused"])
def test_the_screens_keep_the_display_awake_and_the_clock_asks_for_full_screen(
        browser, live: LiveServer, refused: bool) -> None:
    """Every screen asks for a screen wake lock as it opens, and again when it is shown
    again (a wake lock ends when the page is hidden); the clock's Full screen button asks for
    the whole page. Refused, the page says so on the button and goes on: no script error,
    the stream live, a bust-out shown."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.add_init_script(STAND_IN % ("true" if refused else "false"))
    errors: list[str] = []
    pages = {}
    for screen in ("clock", "seats", "phone"):
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{live.base}/events/{NAME}/{screen}")
        page.wait_for_selector("#conn.live")
        assert page.evaluate("window.__wake") == ["screen"], screen
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        assert page.evaluate("window.__wake") == ["screen", "screen"], screen
        pages[screen] = page
    clock = pages["clock"]
    clock.click("#fullscreen")
    assert clock.evaluate("window.__full") == ["HTML"]
    if refused:
        clock.wait_for_function(
            "document.querySelector('#fullscreen').textContent.includes('not allowed')")
    else:
        assert _text(clock, "#fullscreen") == "Full screen"
    # Still live: a bust-out recorded now reaches the clock (players left).
    left = live.service.load(NAME).tournament.alive
    victim = seating(live)[0][1][0]
    live.service.bust(NAME, victim)
    clock.wait_for_function(
        f"document.querySelector('#players').textContent.trim() === '{left - 1}'",
        timeout=5000)
    assert errors == []
    ctx.close()
