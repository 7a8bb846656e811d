"""The console's money in a real browser (issue 22, "Exact to the last chip"): the deal dialog
refuses stacks that do not add up to the chips in play, with the numbers, before any amount is
shown or anything recorded (IFP 62). Playwright drives Debian's Chromium (see
tests/test_web_browser.py); screenshots at laptop, TV and phone sizes go to tests/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from test_web_browser import SHOTS, SIZES, LiveServer, _text, log_in  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("money"))
    try:
        yield server
    finally:
        server.stop()


def test_ifp62_the_deal_dialog_refuses_stacks_short_of_the_chips_in_play(
        browser, live: LiveServer) -> None:
    """Four players of Gananda's 1,500 (6,000 in play) each said to hold 1,000: the preview
    answers with the total, the chips in play and the difference, shows no amounts and the
    deal cannot be recorded; counted again (3,000 + 1,000 x 3) it shows the amounts."""
    from pokertd.tournament.house import config_preset

    live.service.create("Chop", config_preset("gananda"), seed=1)
    players = ["Ann", "Bob", "Cid", "Dan"]
    live.service.register("Chop", players)
    live.service.start("Chop")
    SHOTS.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        log_in(page, live)
        page.goto(f"{live.base}/console/events/Chop")
        page.wait_for_selector("#btn-deal:not([hidden])")
        page.click("#btn-deal")
        for p in players:
            page.fill(f"#deal-table input[data-player='{p}']", "1000")
        page.select_option("#deal-kind", "chip-chop")
        page.click("#deal-preview")
        page.wait_for_function("document.querySelector('#deal-error').textContent.length > 0")
        error = " ".join(_text(page, "#deal-error").split())
        assert "total 4,000 chips" in error and "6,000 chips are in play: 2,000 short" in error
        assert page.locator("#deal-submit").is_disabled()
        assert all(td.inner_text().strip() == ""
                   for td in page.locator("#deal-table .takes").all())
        page.screenshot(path=str(SHOTS / f"deal-refused-{size}.png"))
        assert live.service.load("Chop").tournament.deal is None
        page.fill("#deal-table input[data-player='Ann']", "3000")
        page.click("#deal-preview")
        page.wait_for_selector("#deal-submit:not([disabled])")
        assert _text(page, "#deal-error") == ""
        shown = [td.inner_text().strip() for td in page.locator("#deal-table .takes").all()]
        assert all(shown) and len(shown) == 4
        ctx.close()
    assert live.service.load("Chop").tournament.deal is None


def test_ifp62_the_clock_and_phone_screens_show_the_deals_amounts(browser,
                                                                  live: LiveServer) -> None:
    """After a deal the clock screen and the phone view list what the deal pays each player
    (the largest first), not the structure's payouts, each row marked as the deal's (before the
    finish it is what a player is owed, not a place's prize)."""
    from pokertd.tournament.house import config_preset

    players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
    live.service.create("Shown", config_preset("gananda"), seed=2)
    live.service.register("Shown", players)
    live.service.start("Shown")
    for p in ("Dan", "Eve", "Fay"):
        live.service.bust("Shown", p)
    structure = list(live.service.load("Shown").tournament.payouts)
    live.service.deal("Shown", "icm", ["Ann", "Bob", "Cid"],
                      stacks={"Ann": 4500, "Bob": 3000, "Cid": 1500})
    t = live.service.load("Shown").tournament
    owed = sorted(zip(t.deal["amounts"], t.deal["players"]), key=lambda x: -x[0])
    expected = [f"{a:,} {p} (deal)" for a, p in owed]    # owed by the deal, not places
    assert [a for a, _ in owed][:len(structure)] != structure
    for path in ("clock", "phone"):
        for size, (w, h) in SIZES.items():
            ctx = browser.new_context(viewport={"width": w, "height": h})
            page = ctx.new_page()
            page.goto(f"{live.base}/events/Shown/{path}")
            page.wait_for_function("(n) => document.querySelectorAll('#payouts-list li')"
                                   ".length === n", arg=len(expected))
            shown = [li.inner_text().strip()
                     for li in page.locator("#payouts-list li").all()]
            assert shown == expected, (path, size, shown)
            page.screenshot(path=str(SHOTS / f"deal-{path}-{size}.png"),
                            full_page=size == "phone")
            ctx.close()
