"""The table page's PokerStars download in a real browser (issue 25): beside each hand one
played, a ``PokerStars`` link downloads the hand as a PokerStars hand history with the player
as its hero. Screenshots at laptop, TV and phone sizes go to tests/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser

from test_tables_browser import post, shoot  # noqa: E402
from test_web_browser import LiveServer  # noqa: E402


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("stars"))
    try:
        yield server
    finally:
        server.stop()


def test_the_pokerstars_link_downloads_the_players_hand(browser, live: LiveServer) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, accept_downloads=True)
    page = ctx.new_page()
    page.goto(f"{live.base}/tables")
    out = post(page, "/tables/api/tables", {
        "name": "Stars", "seats": 3, "bots": 2, "bot_kind": "sensible", "act_seconds": 1.5,
        "time_bank": 0, "bot_delay": 0.1, "pause_seconds": 0.5})
    page.goto(f"{live.base}{out['url']}")
    page.click(".seat.empty button.sit")
    page.fill("#join-form input[name=name]", "Bob")
    page.click("#join-ok")
    page.wait_for_selector(".seat.you")
    # Bob's clock runs out (TDA 29): the hand he was dealt is in his history with its links
    page.wait_for_selector("#hist a:has-text('PokerStars')", state="attached", timeout=30000)
    page.click("#hist-box summary")           # the last hands, folded away until opened
    link = page.locator("#hist a:has-text('PokerStars')").first
    assert page.locator("#hist a:has-text('PHH')").count()
    with page.expect_download() as got:
        link.click()
    download = got.value
    assert download.suggested_filename.startswith("Stars-hand-") and download.suggested_filename.endswith(".txt")
    text = open(download.path(), encoding="utf-8").read()
    assert text.startswith("PokerStars Hand #") and "Table 'Stars' 3-max" in text
    assert "Dealt to Bob [" in text and text.count("Dealt to ") == 1
    shoot(page, "table-pokerstars-link")
    ctx.close()
