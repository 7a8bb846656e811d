"""The playable tables in a real browser: Playwright driving Debian's Chromium headless
(``/usr/bin/chromium``; Playwright's own browsers are never downloaded) against the web
application on a loopback port.

A person plays hands against three bots (calling stations of different stacks: an all-in,
called by all of them, makes side pots; a fold, a call, a raise through the slider, a raise the
engine refuses with its message), reloads mid-hand, and a second browser watching the same
table never receives the person's hole cards; the time
running out folds a player and marks him away (TDA 29, IFP 8); a dealt tournament of 20 seats
(two people, 18 bots) is played to a winner. Screenshots at laptop, TV and phone sizes go to
tests/screenshots/ (git-ignored)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser

# The web tests' live server (a director user and a test clock besides, unused here).
from test_web_browser import SHOTS, SIZES, LiveServer  # noqa: E402


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("tables"))
    try:
        yield server
    finally:
        server.stop()


def post(page, path: str, body: dict) -> dict:  # type: ignore[no-untyped-def]
    """A POST from the page (its CSRF token), as the lobby's forms send it."""
    return page.evaluate("([p, b]) => PT.post(p, b)", [path, body])


def frames_of(page) -> list[dict]:  # type: ignore[no-untyped-def]
    """Every websocket frame the page receives, recorded as it arrives."""
    got: list[dict] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: got.append(json.loads(payload))))
    return got


def my_turn(page, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector("#actions:not([hidden]):not(.sent)", timeout=timeout * 1000)


def hand_number(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("document.querySelector('#tp-blinds').textContent.match(/hand (\\d+)/)[1]"))


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(exist_ok=True)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=size == "phone")
    page.set_viewport_size({"width": 1366, "height": 768})


def hands_in_store(live: LiveServer, table: str) -> dict[int, dict]:
    info = live.store.find_stream("table", table)
    out: dict[int, dict] = {}
    for rec in live.store.read(info.id):
        if rec.type == "hand_started":
            out[rec.payload["hand"]] = {"seats": rec.payload["seats"], "events": []}
        elif rec.type == "hand":
            out[rec.payload["hand"]]["events"].append(rec.payload["event"])
    return out


def test_a_person_plays_hands_against_three_bots(browser, live: LiveServer) -> None:
    """Join from the page, go all-in into side pots, fold, call, raise with the slider, have a
    raise below the minimum refused with the engine's message (nothing written); a reload
    keeps the seat and the cards; a second browser sees the table without the person's hole
    cards, in any frame it was sent."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live.base}/tables")
    out = post(page, "/tables/api/tables", {
        "name": "Practice", "seats": 4, "small_blind": 5, "big_blind": 10, "bots": 0,
        "act_seconds": 60, "bot_delay": 0.15, "pause_seconds": 2.0})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["pokertd.host.Practice", out["host"]])
    page.goto(f"{live.base}/tables/Practice")
    page.wait_for_selector("#host-box:not([hidden])")
    page.click("#host-box summary")
    # the host seats three calling stations of different stacks: an all-in of Ann's is
    # called by all three, and the shorter stacks make side pots (no luck needed)
    for seat, stack, kind in ((2, 400, "calling"), (3, 900, "calling"), (4, 2000, "calling")):
        page.fill("#add-bot input[name=seat]", str(seat))
        page.select_option("#add-bot select[name=bot]", kind)
        page.fill("#add-bot input[name=stack]", str(stack))
        page.click("#add-bot button[type=submit]")
        page.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
    page.click(".seat[data-seat='1'] button.sit")
    page.fill("#join-form input[name=name]", "Ann")
    page.fill("#join-form input[name=stack]", "2000")
    page.click("#join-ok")
    page.wait_for_selector(".seat.you")
    assert page.evaluate("localStorage.getItem('pokertd.table.Practice')")

    watcher = browser.new_context(viewport={"width": 1366, "height": 768})
    wpage = watcher.new_page()
    seen = frames_of(wpage)
    wpage.goto(f"{live.base}/tables/Practice")
    wpage.wait_for_selector(".seat[data-seat='1']:not(.empty)")

    done = {"fold": False, "call": False, "raise": False, "refused": False, "side_pot": False,
            "reload": False}
    shot = False
    deadline = time.monotonic() + 480
    while not all(done.values()):
        assert time.monotonic() < deadline, done
        if page.locator(".seat[data-seat='1'] button.sit").count():
            # broke (an all-in lost): buy in again
            page.click(".seat[data-seat='1'] button.sit")
            page.fill("#join-form input[name=name]", "Ann")
            page.fill("#join-form input[name=stack]", "2000")
            page.click("#join-ok")
            page.wait_for_selector(".seat.you")
        for seat, stack in ((2, 400), (3, 900), (4, 2000)):
            if page.locator(f".seat[data-seat='{seat}'].empty").count():
                page.wait_for_selector("#host-box:not([hidden])")
                page.evaluate("document.getElementById('host-box').open = true")
                page.fill("#add-bot input[name=seat]", str(seat))
                page.select_option("#add-bot select[name=bot]", "calling")
                page.fill("#add-bot input[name=stack]", str(stack))
                page.click("#add-bot button[type=submit]")
                page.wait_for_selector(f".seat[data-seat='{seat}']:not(.empty)")
        try:
            my_turn(page, 20)
        except Exception:
            continue
        mine = page.locator(".seat.you .pcard").evaluate_all("els => els.map(e => e.dataset.card)")
        assert len(mine) == 2 and all(mine)
        if not shot:
            shoot(page, "table-person")
            shot = True
        if not done["reload"]:
            page.reload()
            my_turn(page)
            again = page.locator(".seat.you .pcard").evaluate_all("els => els.map(e => e.dataset.card)")
            assert again == mine, "a reload keeps the seat and the cards"
            done["reload"] = True
        board = page.locator("#board .pcard").count()
        if not done["side_pot"]:
            # the first hand: stacks 2000 (Ann), 400, 900 and 2000; all in before the flop
            assert board == 0 and page.locator("#b-allin:not([hidden])").count()
            number = hand_number(page)
            page.click("#b-allin")
            page.wait_for_function(
                "n => !document.querySelector('#tp-blinds').textContent.includes('hand ' + n) || document.querySelector('#result').textContent", arg=number, timeout=30000)
            hand = hands_in_store(live, "Practice")[number]
            assert any(e["type"] == "awarded" and e["pot"] > 0 for e in hand["events"])
            assert "side pot 1" in page.inner_text("#result")
            done["side_pot"] = True
            shoot(page, "table-side-pot")
        elif not done["fold"]:
            page.click("#b-fold")
            done["fold"] = True
        elif not done["call"] and page.locator("#b-call:not([hidden])").count():
            page.click("#b-call")
            done["call"] = True
        elif not done["refused"] and page.locator("#raise-row:not([hidden])").count():
            lo = int(page.get_attribute("#r-amount", "min"))
            page.fill("#r-amount", str(lo - 1))
            page.click("#b-raise")
            page.wait_for_selector("#msg:not(:empty)")
            assert "legal" in page.inner_text("#msg")        # the engine's own words
            done["refused"] = True
            page.click("#b-fold")
        elif not done["raise"] and page.locator("#raise-row:not([hidden])").count():
            lo = int(page.get_attribute("#r-slider", "min"))
            hi = int(page.get_attribute("#r-slider", "max"))
            target = min(hi, lo + 10)
            page.locator("#r-slider").evaluate(
                "(el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }", target)
            assert page.input_value("#r-amount") == str(target)
            page.click("#b-raise")
            page.wait_for_function(
                "t => [...document.querySelectorAll('#log li')].some(li => li.textContent.startsWith('Ann') && li.textContent.endsWith('to ' + t))", arg=target)
            done["raise"] = True
        elif page.locator("#b-check:not([hidden])").count():
            page.click("#b-check")
        else:
            page.click("#b-fold")
    # the watcher: no frame ever carried Ann's hole cards before they were shown
    hands = hands_in_store(live, "Practice")
    checked = 0
    for f in seen:
        if f.get("type") != "state" or not f.get("hand"):
            continue
        h = hands[f["hand"]["number"]]
        if 1 not in h["seats"]:
            continue
        ann = h["seats"].index(1)
        if any(e["type"] == "shown" and e["player"] == ann for e in h["events"]) and \
                any(s["seat"] == 1 for s in f["showdown"]):
            continue
        cards = next(e["cards"] for e in h["events"] if e["type"] == "dealt" and e["player"] == ann)
        body = json.dumps({k: v for k, v in f.items() if k != "last_hands"})
        assert not any(f'"{c}"' in body or f" {c}" in body for c in cards)
        checked += 1
    assert checked > 10
    assert wpage.locator(".seat[data-seat='1'] .pcard[data-card]").count() in (0, 2)
    shoot(wpage, "table-spectator")
    ctx.close()
    watcher.close()


def test_the_time_running_out_folds_the_player_and_marks_him_away(browser, live: LiveServer) -> None:
    """TDA 29: facing a bet with no time left the hand is dead; then he is away (IFP 8): dealt
    in, his cards killed, until he says he is back."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live.base}/tables")
    out = post(page, "/tables/api/tables", {
        "name": "Slow", "seats": 3, "bots": 2, "bot_kind": "sensible", "act_seconds": 1.5,
        "time_bank": 0, "bot_delay": 0.1, "pause_seconds": 0.5})
    page.goto(f"{live.base}{out['url']}")
    page.click(".seat.empty button.sit")
    page.fill("#join-form input[name=name]", "Bob")
    page.click("#join-ok")
    page.wait_for_selector(".seat.you")
    my_turn(page)
    page.wait_for_selector(".seat.you .pname:has-text('(away)')", timeout=20000)
    page.wait_for_selector("#b-back")
    assert not page.locator("#actions:not([hidden])").count() or page.locator(".seat.you.folded").count()
    page.click("#b-back")
    page.wait_for_selector("#b-away")
    ctx.close()


def test_a_dealt_tournament_of_20_seats_is_played_to_a_winner(browser, live: LiveServer) -> None:
    """Two people and 18 bots at two tables of ten: the director seats, balances, breaks and
    forms the final table; the places, knockouts and payouts shown are the director's."""
    from pokertd.services.tournaments import TournamentService

    host_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    hp = host_ctx.new_page()
    hp.goto(f"{live.base}/tables")
    # quick play for the test: the bots act at once, the people have two seconds
    out = post(hp, "/tables/api/events", {
        "name": "Club night", "preset": "ifp-2012", "seats": 20, "table_size": 10,
        "password": "felt", "level_minutes": 1, "act_seconds": 2, "bot_delay": 0,
        "pause_seconds": 0.05})
    hp.evaluate("([k, v]) => localStorage.setItem(k, v)", ["pokertd.host.Club night", out["host"]])
    hp.goto(f"{live.base}{out['url']}")
    people = []
    for who in ("Cleo", "Dan"):
        c = browser.new_context(viewport={"width": 1366, "height": 768})
        p = c.new_page()
        p.goto(f"{live.base}/tables/events/Club%20night")
        p.fill("#enter input[name=name]", who)
        p.fill("#enter input[name=password]", "wrong")
        p.click("#enter button[type=submit]")
        p.wait_for_selector("#enter-error:has-text('wrong password')")
        p.fill("#enter input[name=password]", "felt")
        p.click("#enter button[type=submit]")
        p.wait_for_selector("#ev-mine:has-text('entered')")
        people.append((c, p))
    hp.goto(f"{live.base}/tables")
    shoot(hp, "tables-lobby")
    hp.goto(f"{live.base}{out['url']}")
    hp.fill("#bots input[name=count]", "18")
    hp.click("#bots button[type=submit]")
    hp.wait_for_selector("#ev-count:has-text('20/20')")
    hp.click("#start")
    for c, p in people:
        p.wait_for_url("**/tables/Club%20night%20%C2%B7%20table%20*", timeout=20000)
        p.wait_for_selector(".seat.you", timeout=20000)
    cp = people[0][1]
    my_turn(cp, 60)
    shoot(cp, "tournament-table")
    if cp.locator("#b-check:not([hidden])").count():
        cp.click("#b-check")
    else:
        cp.click("#b-call")
    hp.wait_for_selector("#ev-state:has-text('finished')", timeout=600_000)
    hp.wait_for_selector("#ev-results tbody tr")
    rows = hp.locator("#ev-results tbody tr").evaluate_all(
        "rs => rs.map(r => [...r.children].map(td => td.textContent))")
    tm = TournamentService(live.store).load("Club night").tournament
    want = [[str(r["place"]), r["player"], str(r["knockouts"]),
             f"{r['prize']:,}" if r["prize"] else ""] for r in tm.results()]
    assert rows == want
    assert tm.winner is not None and sum(p.prize for p in tm.players.values()) == tm.prize_pool
    kinds = {e.type for e in tm.events}
    assert {"final_table_formed"} & kinds or {"table_broken"} & kinds
    shoot(hp, "tournament-results")
    for c, _ in people:
        c.close()
    host_ctx.close()
