"""The director's guide's pictures (docs/director.md), taken by the browser on every test run so
that they show the pages as they are: the console, an event's page, the clock screen on a TV,
the seats screen and a player's phone, of a Gananda event of 23 players with bust-outs done.
Each picture is checked to show what the guide says it shows before it is written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from test_web_browser import PLAYERS, LiveServer, log_in

pytestmark = pytest.mark.browser

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "img"
NAME = "Friday"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    from pokertd.tournament.house import config_preset

    server = LiveServer(tmp_path_factory.mktemp("guide"))
    server.service.create(NAME, config_preset("gananda"), seed=5)
    server.service.register(NAME, PLAYERS)          # 23 players: three tables
    server.service.start(NAME)
    t = server.service.load(NAME).tournament
    table = next(tb for tb in t.floor.tables.values() if sum(p is not None for p in tb.seats) > 2)
    out, winner = [p for p in table.seats if p is not None][:2]
    server.service.bust(NAME, out, knocked_out_by=winner)
    server.clock.now += 11 * 60                     # 11 minutes into level 1
    try:
        yield server
    finally:
        server.stop()


def shoot(browser, live: LiveServer, path: str, name: str, size: tuple[int, int],  # type: ignore[no-untyped-def]
          expect: str, login: bool = False) -> None:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    if login:
        log_in(page, live)
    page.goto(f"{live.base}{path}")
    page.wait_for_load_state("networkidle")
    assert expect in page.locator("body").inner_text(), f"{path} does not show {expect!r}"
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(IMAGES / f"{name}.png"))
    ctx.close()


def test_the_guides_pictures_are_the_pages_of_today(browser, live: LiveServer) -> None:
    shoot(browser, live, "/console", "console", (1366, 768), NAME, login=True)
    shoot(browser, live, f"/console/events/{NAME}", "event", (1366, 768), "22", login=True)
    shoot(browser, live, f"/events/{NAME}/clock", "clock", (1920, 1080), "Level 1")
    shoot(browser, live, f"/events/{NAME}/seats", "seats", (1920, 1080), "Table")
    shoot(browser, live, f"/events/{NAME}/phone", "phone", (390, 844), NAME)
    guide = (IMAGES.parent / "director.md").read_text()
    for name in ("console", "event", "clock", "seats", "phone"):
        assert f"img/{name}.png" in guide, f"the guide does not show img/{name}.png"
