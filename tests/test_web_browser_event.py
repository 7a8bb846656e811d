"""A whole live event in a real browser (issue 9, "Tests in a real browser"): a director logs
in, imports the players into the player database, creates a Gananda event, registers 23
players by the search box, starts it, busts players until the tables balance (the buttons
reported, IFP 11a; each seat move confirmed), races the chips at the chip-up break (IFP 56),
busts on until the final table forms (IFP 15), records a deal (IFP 62) and sees the payouts
and places; a player's phone follows his seat and his moves; the event goes to its league
season in one step. The same commands given to the CLI make the same event log, and the same
payouts and places.

Playwright drives Debian's Chromium (see tests/test_web_browser.py); screenshots of the pages
at laptop, TV and phone sizes go to tests/screenshots/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from test_web_browser import (  # noqa: F401
    SHOTS, LiveServer, _text, log_in, shoot)

pytestmark = pytest.mark.browser

NAME = "Gala"
SEED = 4242
PLAYERS = [f"Guest {i:02d}" for i in range(1, 24)]
BREAK_1_S = 4 * 25 * 60        # Gananda: Tournament Structure: four 25-minute levels, then a break


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("event"))
    try:
        yield server
    finally:
        server.stop()


def _notice(page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function("(t) => document.querySelector('#notice').textContent.includes(t)"
                           " || document.querySelector('#message').textContent", arg=text)
    assert _text(page, "#message") == "", _text(page, "#message")


def _confirm_moves(page) -> int:  # type: ignore[no-untyped-def]
    """Confirm every seat move shown as carried out; how many there were."""
    done = 0
    while page.locator(".move-btn[data-done='true']").count():
        page.locator(".move-btn[data-done='true']").first.click()
        done += 1
        page.wait_for_function("(n) => document.querySelectorAll(\".move-btn[data-done='false']\")"
                               ".length >= n", arg=done)
    return done


def test_a_23_player_event_from_registration_to_the_deal(browser, live: LiveServer,
                                                         tmp_path, monkeypatch) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    # The player database: the guests imported from a CSV file.
    page.goto(f"{live.base}/console/players")
    csv = "name,nickname,contact\n" + "".join(f"{p},,{i:03d}-0100\n" for i, p in
                                              enumerate(PLAYERS))
    page.set_input_files("#csv-file", files=[{"name": "guests.csv", "mimeType": "text/csv",
                                              "buffer": csv.encode()}])
    page.click("#import button[type=submit]")
    # The import's answer beside its form (issue 22).
    page.wait_for_function("document.querySelector('#import-notice').textContent"
                           ".includes('23 players imported')"
                           " || document.querySelector('#import-error').textContent")
    assert _text(page, "#import-error") == ""
    page.wait_for_selector("#people tbody tr:nth-child(23)")
    cookies = ctx.cookies()
    shoot(browser, f"{live.base}/console/players", "players", cookies=cookies)

    page.goto(f"{live.base}/console")
    page.fill("#create input[name=name]", NAME)
    page.select_option("#create select[name=preset]", "gananda")
    page.fill("#create input[name=seed]", str(SEED))
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(rf".*/console/events/{NAME}$"))
    for p in PLAYERS:
        page.fill("#player-name", p[:4] + p[-2:].lstrip("0"))     # typed in part ...
        page.fill("#player-name", p)                               # ... then in full
        page.wait_for_function("(n) => [...document.querySelectorAll('#known option')]"
                               ".some((o) => o.value === n)", arg=p)
        assert page.locator("#new-person").is_hidden()     # he is in the database already
        page.press("#player-name", "Enter")
        _notice(page, f"{p} registered")
    page.click("#btn-start")
    page.wait_for_selector("#tables .table")
    service = live.service
    t = service.load(NAME).tournament
    assert t.alive == 23 and len(t.floor.tables) == 3
    started_at = t.clock.started_at

    def bust_smallest() -> str:
        t = service.load(NAME).tournament
        table = min(t.floor.tables.items(), key=lambda kv: (kv[1].count, kv[0]))[1]
        seated = [p for p in table.seats if p is not None]
        page.click(f".bust-btn[data-player='{seated[0]}']")
        page.select_option(".bust-row .bust-by", seated[1])
        page.click("#bust-submit")
        _notice(page, f"{seated[0]} is out")
        page.wait_for_function("(n) => document.querySelector('#s-players').textContent"
                               ".startsWith(n + ' /')", arg=str(t.alive - 1))
        wait = service.load(NAME).tournament.balancing_wait()
        if wait and wait["buttons_needed"]:
            page.wait_for_selector("#buttons")
            for tb in wait["buttons_needed"]:
                page.fill(f"#buttons input[name='{tb}']", "1")
            page.click("#buttons button[type=submit]")
            page.wait_for_selector("#buttons", state="detached")
            assert _text(page, "#message") == "", _text(page, "#message")
        return seated[0]

    def bust_last() -> None:
        """Heads-up: the knockout is the last opponent's (IFP 57), offered alone."""
        t = service.load(NAME).tournament
        out, winner = sorted(p.name for p in t.players.values() if not p.out)
        page.click(f".bust-btn[data-player='{out}']")
        page.select_option(".bust-row .bust-by", winner)
        page.click("#bust-submit")
        _notice(page, f"{out} is out")

    # Until the tables balance: a player moved once the buttons are reported (IFP 11a).
    phone = None
    for _ in range(8):
        bust_smallest()
        moved = [e for e in service.load(NAME).tournament.events if e.type == "moved"]
        if moved:
            break
    else:
        pytest.fail("no balancing move")
    mover = moved[-1].player
    # His phone: his seat, and his move as announced.
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    phone = phone_ctx.new_page()
    phone.goto(f"{live.base}/events/{NAME}/phone")
    phone.fill("#my-name", mover.lower())
    phone.wait_for_selector("#my-moves li")
    assert f"table {moved[-1].to_table} seat {moved[-1].to_seat}" in _text(phone, "#my-moves")
    assert _text(phone, "#my-seat") == (f"{mover}: table {moved[-1].to_table}, "
                                        f"seat {moved[-1].to_seat}")
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "phone-moved-phone.png"), full_page=True)
    assert _confirm_moves(page) >= 1
    page.wait_for_selector("#moves-count")
    assert re.fullmatch(r"(\d+) of \1 done", _text(page, "#moves-count"))
    # Confirmed as made: no longer a move to make on his phone (issue 22), his seat stays.
    phone.wait_for_selector("#my-moves li", state="detached", timeout=5000)
    assert _text(phone, "#my-seat") == (f"{mover}: table {moved[-1].to_table}, "
                                        f"seat {moved[-1].to_seat}")

    # The chip-up break (IFP 56): every table races off the 5s.
    live.clock.now = started_at + BREAK_1_S + 30
    page.reload()
    page.wait_for_selector("#chip-race")
    t = service.load(NAME).tournament
    tables = sorted(t.floor.tables)
    for table in tables:
        seated = [p for p in t.floor.tables[table].seats if p is not None]
        counts = {p: 1505 for p in seated}
        if table == tables[-1]:
            # The last table completes the count of the chips in play (issue 22): its last
            # player holds the rest.
            t = service.load(NAME).tournament
            held = sum(t.players[p].stack for tab in tables[:-1]
                       for p in t.floor.tables[tab].seats if p is not None)
            counts[seated[-1]] = t.chips - held - 1505 * (len(seated) - 1)
        for p, c in counts.items():
            page.fill(f"form.race[data-table='{table}'] input[name='{p}']", str(c))
        page.click(f"form.race[data-table='{table}'] button[type=submit]")
        _notice(page, f"table {table} has raced")
    # The outcome stays shown until the break is over (issue 22), then the card goes.
    page.wait_for_function("document.querySelector('#chip-race').textContent"
                           ".includes('Every table has raced off the 5 chips.')")
    live.clock.now += 10 * 60          # the break is over
    page.wait_for_selector("#chip-race", state="detached")

    # Bust on to the final table (IFP 15), his phone open all along.
    while service.load(NAME).tournament.alive > 10:
        bust_smallest()
    t = service.load(NAME).tournament
    assert any(e.type == "final_table_formed" for e in t.events)
    page.wait_for_selector("#moves")
    assert "final table" in _text(page, "#moves")
    _confirm_moves(page)
    if not t.players[mover].out:
        table, seat = t.floor.where[mover][:2]
        phone.wait_for_function("(s) => document.querySelector('#my-seat').textContent === s",
                                arg=f"{mover}: table {table}, seat {seat}", timeout=5000)
    shoot(browser, f"{live.base}/events/{NAME}/phone", "phone", ready="#conn.live")
    shoot(browser, f"{live.base}/events/{NAME}/clock", "clock-final", ready="#conn.live")
    shoot(browser, f"{live.base}/console/events/{NAME}", "event-final-table", ready="#tables",
          cookies=cookies)

    # The deal (IFP 62): every remaining player's number shown, then recorded.
    left = sorted(p.name for p in t.players.values() if not p.out)
    page.wait_for_selector("#btn-deal:not([hidden])")
    page.click("#btn-deal")
    stacks = {p: 2500 + 100 * i for i, p in enumerate(left)}
    # The stacks add up to the chips in play (issue 22: a deal short of them is refused).
    stacks[left[-1]] += t.chips - sum(stacks.values())
    for p, chips in stacks.items():
        page.fill(f"#deal-table input[data-player='{p}']", str(chips))
    page.click("#deal-preview")
    page.wait_for_selector("#deal-submit:not([disabled])")
    page.click("#deal-submit")
    _notice(page, "deal is recorded")
    t = service.load(NAME).tournament
    assert t.deal is not None
    # Play on to the winner (the deal settled the prizes), then the season, in one step.
    while service.load(NAME).tournament.alive > 2:
        bust_smallest()
    bust_last()
    assert service.load(NAME).tournament.finished
    # Over: the winner is the one player left, on the console and every screen, and the
    # clock bar no longer says it is stopped for the final table (Gananda: Final Table).
    page.wait_for_function("document.querySelector('#c-state').textContent === 'finished'")
    assert (_text(page, "#c-level"), _text(page, "#c-left")) == ("finished", "–")
    page.wait_for_function("document.querySelector('#s-players').textContent === '1 / 23'")
    phone.wait_for_function("document.querySelector('#players').textContent === '1 / 23'")
    screen = ctx.new_page()
    screen.goto(f"{live.base}/events/{NAME}/clock")
    assert (_text(screen, "#players"), _text(screen, "#level")) == ("1", "Finished")
    screen.close()
    page.wait_for_selector("#league-add")
    page.fill("#league-add input[name=season]", "Fall 2026")
    page.click("#league-add button[type=submit]")
    _notice(page, "added to the season Fall 2026 (23 players)")
    page.wait_for_selector("#league-card a[href='/league/Fall%202026']")
    shoot(browser, f"{live.base}/league/Fall%202026", "league", ready="img.race")
    shoot(browser, f"{live.base}/league/Fall%202026/events/{NAME}", "league-event")
    shoot(browser, f"{live.base}/league/Fall%202026/toc", "league-toc")

    # The same commands through the CLI, at the same times, into another database.
    db = str(tmp_path / "cli.db")
    from pokertd.cli import app as cli_app
    from pokertd.services.history import MARKERS
    from pokertd.services.tournaments import TournamentService
    from pokertd.storage import open_store

    now = [0.0]
    monkeypatch.setattr(TournamentService.__init__, "__kwdefaults__",
                        {"clock": lambda: now[0]})

    def cli(*args: str) -> str:
        r = CliRunner().invoke(cli_app, ["tournament", *args, "--db", db])
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    cli("new", NAME, "--seed", str(SEED))
    for b in service.history(NAME).undo_chain()[::-1]:
        now[0] = b.at
        a = b.args
        if b.kind == "register":
            cli("register", NAME, *a["players"])
        elif b.kind == "start":
            cli("start", NAME)
        elif b.kind == "bust":
            cli("bust", NAME, *a["players"], "--by", a["by"])
        elif b.kind == "button":
            cli("moves", NAME, "--button", ",".join(f"{k}={v}" for k, v in a["button"].items()))
        elif b.kind == "chip-race":
            cli("chip-race", NAME, str(a["table"]), "--stacks",
                ",".join(f"{k}={v}" for k, v in a["stacks"].items()))
        elif b.kind == "deal":
            cli("deal", NAME, "--kind", a["method"], "--agree", ",".join(a["agreed_by"]),
                "--stacks", ",".join(f"{k}={v}" for k, v in a["stacks"].items()))
        else:
            pytest.fail(f"a console command the test does not give the CLI: {b.kind}")
    now[0] = live.clock.now

    def log(store) -> list[dict]:  # type: ignore[no-untyped-def]
        info = store.find_stream("tournament", NAME)
        return [{k: v for k, v in {"type": r.type, **r.payload}.items() if k != "at"}
                for r in store.read(info.id) if r.type not in MARKERS]

    with open_store(f"sqlite:///{db}") as other:
        assert log(other) == log(service.store)
    # The console shows the payouts and places the CLI gives: every paid place, its prize and
    # who finished there; the places the deal covers pay what the deal gave (IFP 62).
    payouts = json.loads(cli("payouts", NAME, "--format", "json"))
    page.wait_for_function("document.querySelector('#payouts').textContent"
                           ".includes('A deal was made')")
    rows = [[c.inner_text().strip() for c in tr.locator("td").all()]
            for tr in page.locator("#payouts tbody tr").all()]
    # The deal covers every player left then (IFP 62): their places pay the deal's amounts,
    # the CLI's results to the dollar, not the structure's.
    covered = len(service.load(NAME).tournament.deal["players"])
    results = json.loads(cli("status", NAME, "--format", "json"))["results"]
    assert rows == [[str(r["place"]), str(r["prize"]), r["player"]]
                    for r in results[:max(covered, len(payouts))]]
    assert any(r.get("deal") and r["prizes"][r["players"][0]] != r["amount"] for r in payouts)
    assert all(r["players"] for r in payouts)
    shoot(browser, f"{live.base}/console/events/{NAME}", "event-finished", ready="#payouts",
          cookies=cookies)
    phone_ctx.close()
    ctx.close()
