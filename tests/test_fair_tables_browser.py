"""The fair deal on the table page (issue 21), in headless Chromium: the commitment of the hand
in progress and of the next one as the frame has them, a seed given from the page mixed into
the next hand, the last hand's reveal and its JSON download, which `pokertd verify` checks.
Screenshots at laptop, TV and phone sizes go to tests/screenshots/ (git-ignored)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser

from test_tables_browser import frames_of, post, shoot  # noqa: E402
from test_web_browser import LiveServer  # noqa: E402

from pokertd.engine.fair import verify  # noqa: E402


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("fair_tables"))
    try:
        yield server
    finally:
        server.stop()


def test_the_table_page_shows_the_commitment_takes_a_seed_and_links_the_verifiable_hand(
        browser, live: LiveServer) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    seen = frames_of(page)
    page.goto(f"{live.base}/tables")
    post(page, "/tables/api/tables", {
        "name": "Fair Night", "seats": 4, "bots": 2, "bot_kind": "calling", "act_seconds": 60,
        "bot_delay": 0.1, "pause_seconds": 1.5, "fair": True})
    page.goto(f"{live.base}/tables/Fair%20Night")
    page.wait_for_selector("#fair-box:not([hidden])")
    page.click(".seat[data-seat='1'] button.sit")
    page.fill("#join-form input[name=name]", "Ann")
    page.click("#join-ok")
    page.wait_for_selector(".seat.you")
    # Ann's seed, from the page's form, for the next hand. The form names the hand it is for;
    # on a slow machine that hand may be dealt before the seed arrives, and the server refuses
    # it (a dealt hand takes no more seeds): then the form offers the next one, and she tries
    # again. The server's reply says which hand took it.
    hand = None
    for _ in range(5):
        page.wait_for_selector("#fair-seed:not([hidden])")
        asked = len(seen)
        page.fill("#fair-seed input[name=seed]", "Ann's lucky 7")
        page.click("#fair-seed button[type=submit]")
        deadline = time.monotonic() + 30
        while hand is None:
            reply = next((f for f in seen[asked:] if f.get("type") in ("ok", "error")
                          and ("hand" in f or f.get("type") == "error")), None)
            if reply is not None:
                if reply["type"] == "ok":
                    hand = reply["hand"]
                break
            assert time.monotonic() < deadline, "no answer to the seed"
            page.wait_for_timeout(50)
        if hand is not None:
            break
    assert hand is not None, "every seed came too late for its hand"
    # play on (checks and calls) until the seeded hand is over and revealed
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the seeded hand was not revealed"
        last = next((f for f in reversed(seen) if f.get("type") == "state"), None)
        if last and last["fair"]["revealed"] and last["fair"]["revealed"]["hand"] >= hand:
            break
        if page.locator("#actions:not([hidden]):not(.sent)").count():
            btn = "#b-check" if page.locator("#b-check:not([hidden])").count() else "#b-call"
            page.click(btn)
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)
    state = next(f for f in reversed(seen) if f.get("type") == "state")
    text = page.text_content("#fair")
    for part in ("current", "next"):
        if state["fair"][part]:
            assert state["fair"][part]["commitment"] in text
    r = state["fair"]["revealed"]
    assert r["salt"] in text
    assert "pokertd verify" in page.text_content("#fair-how")
    link = page.get_attribute("#fair-how a", "href")
    assert link == f"/tables/Fair%20Night/hands/{r['hand']}.json"
    record = page.evaluate("(u) => fetch(u).then(r => r.json())", link)
    assert len(verify(record)) == 4
    seeded = json.loads(page.evaluate("(u) => fetch(u).then(r => r.text())",
                                      f"/tables/Fair%20Night/hands/{hand}.json"))
    assert {"player": "Ann", "seed": "Ann's lucky 7"} in seeded["seeds"]
    assert len(verify(seeded)) == 4
    # the commitment shown before the hand is the one its reveal matches
    before = [f["fair"]["next"]["commitment"] for f in seen if f.get("type") == "state"
              and f["fair"]["next"] and f["fair"]["next"]["hand"] == hand]
    assert before and set(before) == {seeded["commitment"]}
    shoot(page, "fair-table")
    ctx.close()
