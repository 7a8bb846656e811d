"""The director's whole night in a real browser (issue 22, "Done when"): 23 players, late
registration, a deal and a chip race, exact to the last chip on every screen.

The event is created with the CLI (a Gananda event with its own structure file, late
registration to level 4 (IFP 9), and a club payout table paying the final table: the console
has no control for either), then the director runs it in the console in Chromium on the same
database: 20 players registered from the player database, one of them absent who arrives
(IFP 8); a bust-out, two late entries (a third table opens, balanced with the buttons reported,
IFP 11a), a double bust-out ranked by the stacks (IFP 57), the third table broken and its moves
confirmed (IFP 10), a third late entry: the places of the players out are provisional, the
first out last of all 23 (Gananda: Winning the Tournament); the chip race table by table at the
chip-up break (IFP 56), the last table's count adding up to the chips in play; hand-for-hand on
the bubble (IFP 61), the final table (IFP 15), an ICM deal of the last three (IFP 62), the
winner, the league season. Then every screen's numbers are checked against the CLI's:
``tournament status --format json`` (places, prizes, knockouts, chips in play, the deal),
``tournament payouts``, ``pokertd sheet``, ``league standings``.

Screenshots go to tests/screenshots/night-*.png (TV 1920x1080, phone 390x844, console
1366x768)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from test_web_browser import SHOTS, LiveServer, _text, log_in  # noqa: F401

pytestmark = pytest.mark.browser

NAME = "Saturday Night"
SEED = 2207
SEASON = "Winter 2027"
PRESETS = Path(__file__).parents[1] / "src" / "pokertd" / "tournament" / "presets"
# 23 players in the player database; the first 20 are registered before the start, the last
# three are the late entries. Nicknames for some (the phone finds a player by his nickname).
PEOPLE = [("Ada Lovelace", "Countess"), ("Alan Turing", ""), ("Grace Hopper", "Amazing"),
          ("Edsger Dijkstra", ""), ("Barbara Liskov", ""), ("Donald Knuth", "Don"),
          ("Frances Allen", ""), ("John Backus", ""), ("Margaret Hamilton", "Apollo"),
          ("Dennis Ritchie", "dmr"), ("Ken Thompson", "ken"), ("Niklaus Wirth", ""),
          ("Tony Hoare", ""), ("Leslie Lamport", ""), ("Radia Perlman", ""),
          ("Robin Milner", ""), ("Shafi Goldwasser", ""), ("Silvio Micali", ""),
          ("Butler Lampson", ""), ("Fran Bilas", ""),
          ("Kathleen Booth", ""), ("Jean Sammet", ""), ("Adele Goldberg", "Smalltalk")]
PLAYERS = [p for p, _ in PEOPLE]
ABSENT = PLAYERS[6]
LATE = PLAYERS[20:]
LEVEL_S = 25 * 60                  # Gananda: Tournament Structure, levels 1 to 4
BREAK_1_S = 4 * LEVEL_S            # break 1, the chip-up of the 5s, 10 minutes
# The club's payout table: the final table (ten places) paid from 19 entrants, so that the
# bubble (eleven left) falls with two tables in play and hand-for-hand means something.
PAYOUTS = """name = "club"
rule = "Club: Payouts"
rounding = "nearest-then-lowest-place-up"
[[brackets]]
entrants = [2, 6]
percents = [70, 30]
[[brackets]]
entrants = [7, 9]
percents = [50, 30, 20]
[[brackets]]
entrants = [10, 18]
percents = [40, 25, 15, 12, 8]
[[brackets]]
entrants = [19, 40]
percents = [30, 20, 13, 9, 7, 6, 5, 4, 3, 3]
"""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("night"))
    try:
        yield server
    finally:
        server.stop()


def _num(text: str) -> int:
    return int(text.replace(",", "").strip())


def _rows(page, selector: str) -> list[list[str]]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all(
        f"{selector} tbody tr",
        "trs => trs.map(tr => [...tr.cells].map(td => td.innerText.trim()))")


def _act(page, do, notice: str = "") -> None:  # type: ignore[no-untyped-def]
    """Give a command on the console and wait for its answer and the page's redraw (the live
    part is drawn anew from the server once the command is recorded)."""
    # The marks to wait on: the live part as it was, no message (an earlier refusal's gone).
    # A live redraw an earlier command set off may land first: the answer's notice is waited
    # for too, not the redraw alone.
    page.evaluate("document.querySelector('#summary').dataset.old = '1';"
                  " document.querySelector('#message').textContent = ''")
    do()
    page.wait_for_function("(notice) => document.querySelector('#message').textContent"
                           " || (!document.querySelector('#summary[data-old]')"
                           " && document.querySelector('#notice').textContent.includes(notice))",
                           arg=notice)
    assert _text(page, "#message") == "", _text(page, "#message")
    assert notice in _text(page, "#notice"), (notice, _text(page, "#notice"))


def _qr_whole(page) -> bool:  # type: ignore[no-untyped-def]
    """The clock screen's QR code and its caption are inside the window (not cut off)."""
    return page.evaluate("document.querySelector('.qr figcaption').getBoundingClientRect()"
                         ".bottom <= window.innerHeight")


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"night-{name}.png"), full_page=True)


def test_a_night_of_23_with_late_registration_a_chip_race_and_a_deal(
        browser, live: LiveServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """IFP 8, 9, 10, 11a, 15, 56, 57, 61, 62; Gananda: Winning the Tournament; TDA 1: the
    night through the console, every screen's final numbers as the CLI gives them."""
    from pokertd.cli import app as cli_app
    from pokertd.services.tournaments import TournamentService

    # The CLI reads the server's clock (the director's commands and the console's are one
    # night on one database).
    monkeypatch.setattr(TournamentService.__init__, "__kwdefaults__", {"clock": live.clock})

    def cli(*args: str) -> str:
        r = CliRunner().invoke(cli_app, [*args, "--db", live.url_db])
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    def t():  # type: ignore[no-untyped-def]
        return live.service.load(NAME).tournament

    # --- the event: the CLI, with a structure file (late registration) and a payout table ----
    gananda = (PRESETS / "gananda-structure.toml").read_text()
    structure = tmp_path / "night-structure.toml"
    structure.write_text(gananda.replace(
        "absent_stack_removed_at_level = 3",
        "absent_stack_removed_at_level = 3\nlate_registration_until_level = 4   # IFP 9"))
    payouts = tmp_path / "club-payouts.toml"
    payouts.write_text(PAYOUTS)
    cli("tournament", "new", NAME, "--preset", "gananda", "--structure", str(structure),
        "--payouts", str(payouts), "--seed", str(SEED))

    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    # The player database: the 23 imported from a CSV file.
    page.goto(f"{live.base}/console/players")
    csv = "name,nickname,contact\n" + "".join(f"{p},{n},\n" for p, n in PEOPLE)
    page.set_input_files("#csv-file", files=[{"name": "club.csv", "mimeType": "text/csv",
                                              "buffer": csv.encode()}])
    page.click("#import button[type=submit]")
    page.wait_for_function("document.querySelector('#import-notice').textContent"
                           ".includes('23 players imported')"
                           " || document.querySelector('#import-error').textContent")
    assert _text(page, "#import-error") == ""

    url = f"{live.base}/console/events/{NAME.replace(' ', '%20')}"
    page.goto(url)

    def register(player: str, absent: bool = False) -> None:
        """By the registration box, from the player database (its name offered as typed)."""
        page.fill("#player-name", player)
        page.wait_for_function("(n) => [...document.querySelectorAll('#known option')]"
                               ".some((o) => o.value === n)", arg=player)
        assert page.locator("#new-person").is_hidden()
        if page.locator("#absent").is_checked() != absent:
            page.click("#absent")
        _act(page, lambda: page.press("#player-name", "Enter"),
             f"{player} registered" + (" as absent (IFP 8)" if absent else ""))

    for p in PLAYERS[:20]:
        register(p, absent=p == ABSENT)
    assert _text(page, "#s-players") == "20 / 20"
    _act(page, lambda: page.click("#btn-start"), "started: the seats are drawn")
    started = t().clock.started_at
    assert sorted(t().floor.tables) == [1, 2]           # Gananda: ten a table
    _act(page, lambda: page.click(f".arrive-btn[data-player='{ABSENT}']"),
         f"{ABSENT} has arrived")

    def seated(table: int) -> list[str]:
        return [p for p in t().floor.tables[table].seats if p is not None]

    def report_buttons() -> int:
        """Report the buttons the balancing move waits for (IFP 11a) while it waits."""
        n = 0
        while (wait := t().balancing_wait()) and wait["buttons_needed"]:
            page.wait_for_selector("#buttons")
            assert "why-buttons" in page.inner_html("#moves")      # why each is asked for
            for tb in wait["buttons_needed"]:
                page.fill(f"#buttons input[name='{tb}']", "1")
            _act(page, lambda: page.click("#buttons button[type=submit]"), "move ")
            n += 1
        return n

    def confirm_moves() -> int:
        """Confirm every seat move on the console as carried out."""
        n = 0
        while page.locator(".move-btn[data-done='true']").count():
            _act(page, lambda: page.locator(".move-btn[data-done='true']").first.click(), "done")
            n += 1
        return n

    def bust(player: str, by: str) -> None:
        page.click(f".bust-btn[data-player='{player}']")
        page.wait_for_selector("#bust-dialog[open] .bust-row")
        offered = page.eval_on_selector_all(".bust-row .bust-by option",
                                            "os => os.map(o => o.value)")
        assert by in offered                  # IFP 57: from the busted player's table
        page.select_option(".bust-row .bust-by", by)
        _act(page, lambda: page.click("#bust-submit"), f"{player} is out")
        report_buttons()
        confirm_moves()

    def bust_smallest() -> str:
        tables = t().floor.tables
        table = min(tables, key=lambda k: (tables[k].count, k))
        out, by = seated(table)[:2]
        bust(out, by)
        return out

    def place_shown(player: str) -> str:
        rows = {r[0]: r for r in _rows(page, "#players")}
        return rows[player][1]

    # --- the first bust-out, two late entries, a double bust-out, the third late entry ------
    live.clock.now = started + 10 * 60
    first = seated(1)[0]
    bust(first, seated(1)[1])
    assert place_shown(first) == "20 (provisional)"
    live.clock.now += 10 * 60
    register(LATE[0])
    register(LATE[1])                  # every seat is taken: a third table opens (TDA 8-A)
    assert sorted(t().floor.tables) == [1, 2, 3]
    assert report_buttons() >= 1       # it is filled by balancing moves (IFP 11a)
    assert confirm_moves() >= 1
    assert place_shown(first) == "22 (provisional)"
    # Two players out in one hand at the same table, ranked by their stacks at its start
    # (IFP 57): the smaller stack finishes below. The third table is broken (IFP 10).
    live.clock.now += 15 * 60
    table = max(t().floor.tables, key=lambda k: t().floor.tables[k].count)
    small, big, winner = seated(table)[:3]
    page.click(f".bust-btn[data-player='{small}']")
    page.wait_for_selector("#bust-dialog[open] .bust-row")
    page.click("#bust-add")
    rows = page.locator("#bust-rows .bust-row")
    rows.nth(1).locator(".bust-player").select_option(big)
    for k, (p, stack) in enumerate(((small, 700), (big, 2300))):
        rows.nth(k).locator(".bust-by").select_option(winner)
        rows.nth(k).locator(".bust-stack").fill(str(stack))
    _act(page, lambda: page.click("#bust-submit"), f"{small} is out in place 21")
    assert f"{big} is out in place 20" in _text(page, "#notice")
    assert any(e.type == "table_broken" for e in t().events)
    report_buttons()
    page.wait_for_selector(".move-btn[data-done='true']")   # the page's live update
    assert confirm_moves() >= 5        # the broken table's players, each to a new seat
    assert 3 not in t().floor.tables
    register(LATE[2])
    assert _text(page, "#s-players") == "20 / 23"
    # Every player out is ranked below the late entries: the first out is last of all 23,
    # and the places stay provisional while registration is open (IFP 9).
    assert [place_shown(p) for p in (first, small, big)] == [
        "23 (provisional)", "22 (provisional)", "21 (provisional)"]
    # (A player in play's name cell may carry his buttons' words after his name.)
    winner_row = next(r for r in _rows(page, "#players")
                      if r[0] == winner or r[0].startswith(winner + " "))
    assert winner_row[2] == "2"                                  # two knockouts in one hand
    _shot(page, "console-provisional-laptop")

    # The phone and the seats screen say the place is provisional.
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    phone = phone_ctx.new_page()
    phone.goto(f"{live.base}/events/{NAME}/phone")
    phone.fill("#my-name", "countess" if first == PLAYERS[0] else first.lower())
    phone.wait_for_function("(s) => document.querySelector('#my-seat').textContent.includes(s)",
                            arg="out in place 23 (provisional)")
    seats = ctx.new_page()
    seats.goto(f"{live.base}/events/{NAME}/seats")
    seats.fill("#find-name", small)
    assert _text(seats, "#found") == f"{small}: out in place 22 (provisional)"
    seats.close()

    # --- on to the chip-up break, a few more out (balanced with the buttons) ---------------
    live.clock.now = started + 3 * LEVEL_S
    for _ in range(3):
        bust_smallest()
    live.clock.now = started + BREAK_1_S + 60
    page.reload()
    page.wait_for_selector("#chip-race")
    tv_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = tv_ctx.new_page()
    tv.goto(f"{live.base}/events/{NAME}/clock")
    tv.wait_for_selector("#conn.live")
    assert _text(tv, "#level") == "Break 1"
    assert "Chip-up: the 5 chips come off" in _text(tv, "#blinds")
    _shot(tv, "clock-chip-up-tv")
    # The race, table by table (IFP 56): every player's count; the last table's brings the
    # total to the chips in play (issue 22: a count short is refused without a correction).
    assert _num(_text(page, "#summary .stats div:nth-child(3) b")) == t().chips == 23 * 1500
    tables = sorted(t().floor.tables)
    for table in tables:
        counts = {p: 1000 + 105 * i for i, p in enumerate(seated(table))}
        form = f"form.race[data-table='{table}']"
        if table == tables[-1]:
            # The chips in play as the console shows them now (the races before rounded
            # their odd chips, IFP 56), less the raced tables' counts since their race.
            chips = _num(_text(page, "#summary .stats div:nth-child(3) b"))
            held = sum(t().players[p].stack for tab in tables[:-1] for p in seated(tab))
            last = seated(table)[-1]
            counts[last] = chips - held - sum(v for p, v in counts.items() if p != last)
            # Counted 100 short first: refused with the numbers, nothing recorded.
            for p, c in counts.items():
                page.fill(f"{form} input[name='{p}']", str(c - (100 if p == last else 0)))
            page.click(f"{form} button[type=submit]")
            page.wait_for_function("document.querySelector('#message').textContent"
                                   ".includes('short')")
            refusal = _text(page, "#message")
            assert (f"the count is {chips - 100:,} chips" in refusal
                    and f"100 short of the {chips:,} chips in play" in refusal
                    and "the console's \"Count short?\" field" in refusal), refusal
            assert table not in t().raced_tables and t().count_corrections == []
        for p, c in counts.items():
            page.fill(f"{form} input[name='{p}']", str(c))
        _act(page, lambda: page.click(f"{form} button[type=submit]"),
             f"table {table} has raced")
    page.wait_for_selector("form.race", state="detached")       # no table left to race
    assert t().count_corrections == []
    assert _num(_text(page, "#summary .stats div:nth-child(3) b")) == t().chips

    # --- level 5: registration closed, the places final ------------------------------------
    live.clock.now = started + BREAK_1_S + 10 * 60 + 60
    bust_smallest()
    assert [place_shown(p) for p in (first, small, big)] == ["23", "22", "21"]
    phone.wait_for_function("(s) => document.querySelector('#my-seat').textContent.endsWith(s)",
                            arg="out in place 23")

    # --- the bubble: hand-for-hand with two tables (IFP 61), then the final table ----------
    while t().alive > 11:
        live.clock.now += 60
        bust_smallest()
    assert len(t().floor.tables) == 2 and len(t().payouts) == 10
    _act(page, lambda: page.click("#btn-h4h-start"), "hand-for-hand play")
    page.wait_for_selector("#h4h")
    # The room sees it: the clock screen and the phones (IFP 61: each hand starts together).
    for screen in (tv, phone):
        screen.wait_for_function("document.querySelector('#clock-state').textContent"
                                 " === 'HAND-FOR-HAND (IFP 61)'", timeout=5000)
    _shot(tv, "clock-bubble-tv")
    _shot(phone, "phone-bubble-phone")
    _shot(page, "console-bubble-laptop")
    assert _qr_whole(tv)              # ten places paid listed, the QR code under them whole
    _act(page, lambda: page.click("#btn-h4h-done"), "hand done at every table")
    assert "1 hand(s) done" in _text(page, "#h4h")
    bubble = bust_smallest()                         # 11th: the bubble bursts
    assert any(e.type == "final_table_formed" for e in t().events)
    if page.locator("#btn-h4h-stop").is_visible():
        _act(page, lambda: page.click("#btn-h4h-stop"), "hand-for-hand ended")
    while t().alive > 3:
        live.clock.now += 120
        bust_smallest()

    # --- the deal (IFP 62): ICM, the stacks adding up to the chips in play -----------------
    chips = _num(_text(page, "#summary .stats div:nth-child(3) b"))
    assert chips == t().chips
    left = sorted(p.name for p in t().players.values() if not p.out)
    stacks = dict(zip(left, (chips // 2, chips // 3)))
    stacks[left[2]] = chips - sum(stacks.values())
    page.wait_for_selector("#btn-deal:not([hidden])")
    page.click("#btn-deal")
    page.select_option("#deal-kind", "icm")
    for p, c in stacks.items():
        page.fill(f"#deal-table input[data-player='{p}']", str(c))
    page.click("#deal-preview")
    page.wait_for_selector("#deal-submit:not([disabled])")
    page.screenshot(path=str(SHOTS / "night-deal-laptop.png"))
    shown = {p: _num(page.locator(f"#deal-table tr:has(input[data-player='{p}']) .takes")
                     .inner_text()) for p in left}
    _act(page, lambda: page.click("#deal-submit"), "the deal is recorded")
    deal = t().deal
    assert dict(zip(deal["players"], deal["amounts"])) == shown
    # Played out to the winner.
    by_chips = sorted(left, key=lambda p: -stacks[p])
    bust(by_chips[2], by_chips[0])
    bust(by_chips[1], by_chips[0])
    assert t().finished and t().winner == by_chips[0]
    page.wait_for_selector("#winner")

    # --- the league season, from the console -----------------------------------------------
    page.wait_for_selector("#league-add")
    page.fill("#league-add input[name=season]", SEASON)
    _act(page, lambda: page.click("#league-add button[type=submit]"),
         f"added to the season {SEASON} (23 players)")
    page.wait_for_selector(f"#league-card a[href='/league/{SEASON.replace(' ', '%20')}']")
    # In the league, the event's results are the season's: undo is no longer offered (the
    # service refuses it too, naming the season: tests/test_exact_money.py), nothing changes.
    head = live.service.load(NAME).head
    page.wait_for_selector("#btn-undo", state="hidden")
    assert "can no longer be undone" in _text(page, "#league-card")
    assert live.service.load(NAME).head == head and t().finished
    for size, (w, h) in {"tv": (1920, 1080), "phone": (390, 844), "laptop": (1366, 768)}.items():
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#league-card").screenshot(path=str(SHOTS / f"night-league-{size}.png"))

    # === every screen's final numbers against the CLI's =====================================
    status = json.loads(cli("tournament", "status", NAME, "--format", "json"))
    rows = json.loads(cli("tournament", "payouts", NAME, "--format", "json"))
    results = status["results"]
    pool = status["prize_pool"]
    assert pool == 23 * 20 and status["chips"] == t().chips
    assert len(results) == 23 and [r["place"] for r in results] == list(range(1, 24))
    assert sum(r["prize"] or 0 for r in results) == pool           # everything paid, once
    assert {r["player"]: r["place"] for r in results}[first] == 23
    assert {r["player"]: r["place"] for r in results}[bubble] == 11
    assert status["deal"]["amounts"] == shown
    prize = {r["player"]: r["prize"] or 0 for r in results}
    assert all(prize[p] == a for p, a in shown.items())            # the deal's amounts paid
    paid = [r for r in results if r["prize"]]
    assert [r["place"] for r in paid] == list(range(1, 11))
    assert [(r["place"], r["players"]) for r in rows] == [(r["place"], [r["player"]])
                                                        for r in paid]
    text = " ".join(cli("tournament", "status", NAME).split())     # the text says the deal
    assert "deal (IFP 62, icm) agreed by" in text
    assert all(f"{p} {a:,}" in text for p, a in shown.items()), text

    # The console's event page: places, knockouts, who knocked each out; prizes; chips.
    page.reload()
    page.wait_for_selector("#winner")
    assert _text(page, "#winner") == f"{status['winner']} wins"
    assert results[0]["player"] == status["winner"] == by_chips[0]
    console_players = {r[0]: r for r in _rows(page, "#players")}
    outs = {e.player: e.knocked_out_by for e in t().events if e.type == "busted"}
    for r in results:
        row = console_players[r["player"]]
        assert row[1] == str(r["place"]), row
        assert row[2] == str(r["knockouts"]), row
        assert row[3] == (outs.get(r["player"]) or ""), row
    assert _rows(page, "#payouts") == [[str(r["place"]), f"{r['prize']:,}", r["player"]]
                                       for r in paid]
    deal_line = _text(page, "#payouts p")
    for p, a in shown.items():
        assert f"{p} {a:,}" in deal_line, deal_line
    assert _num(_text(page, "#summary .stats div:nth-child(2) b")) == pool
    assert _num(_text(page, "#summary .stats div:nth-child(3) b")) == status["chips"]
    assert _text(page, "#s-players") == "1 / 23"
    assert page.locator("#tables").count() == 0          # no seating left to show
    _shot(page, "console-final-laptop")

    # The clock screen: the winner once, the payouts as paid, the pool and the chips.
    tv.goto(f"{live.base}/events/{NAME}/clock")
    tv.wait_for_selector("#conn.live")
    assert (_text(tv, "#level"), _text(tv, "#time-left")) == ("Finished", status["winner"])
    assert [_num(_text(tv, x)) for x in ("#players", "#entries", "#pool", "#chips")] == [
        1, 23, pool, status["chips"]]
    listed = [li.inner_text().strip() for li in tv.locator("#payouts-list li").all()]
    assert listed == [f"{r['prize']:,} {r['player']}" for r in paid]
    assert sum(_num(x.split(" ")[0]) for x in listed) == pool
    _shot(tv, "clock-final-tv")
    assert _qr_whole(tv)
    # The seats screen: the winner; a player finds his final place.
    tv.goto(f"{live.base}/events/{NAME}/seats")
    tv.wait_for_selector("#conn.live")
    assert _text(tv, "#rot-title") == f"{status['winner']} wins"
    tv.fill("#find-name", bubble)
    assert _text(tv, "#found") == f"{bubble}: out in place 11"
    _shot(tv, "seats-final-tv")
    # The phone: the winner, the payouts, his place.
    phone.reload()
    phone.wait_for_selector("#conn.live")
    assert _text(phone, "#blinds") == f"{status['winner']} wins"
    assert _text(phone, "#players") == "1 / 23"
    assert _num(_text(phone, "#pool")) == pool
    assert [li.inner_text().strip() for li in phone.locator("#payouts-list li").all()] == listed
    assert _text(phone, "#my-seat").endswith("out in place 23")
    _shot(phone, "phone-final-phone")

    # The printed sheets: the payout sheet and the results, as the CLI prints them.
    for kind in ("payouts", "results"):
        sheet = ctx.new_page()
        sheet.goto(f"{url}/sheets/{kind}?paper=a4")
        printed = _rows(sheet, f"table.{kind}")
        # The same sheet printed by the CLI (``pokertd sheet``): the same lines.
        sheet.set_content(cli("sheet", NAME, kind))
        assert _rows(sheet, f"table.{kind}") == printed
        if kind == "payouts":
            assert [(r[0], _num(r[1]), r[2]) for r in printed] == [
                (str(r["place"]), r["prize"], r["player"]) for r in paid]
        else:
            assert [(r[0], r[1], _num(r[2]) if r[2] else 0, int(r[3] or 0)) for r in printed] \
                == [(str(r["place"]), r["player"], r["prize"] or 0, r["knockouts"])
                    for r in results]
        sheet.close()

    # The league page for the season: the standings as the CLI gives them, each player's
    # winnings his prize.
    standings = json.loads(cli("league", "standings", "--season", SEASON, "--format", "json"))
    page.goto(f"{live.base}/league/{SEASON.replace(' ', '%20')}")
    shown_rows = _rows(page, "#standings")
    assert [r[:5] for r in shown_rows] == [
        [str(s["rank"]), s["player"], f"{s['points']:.2f}", str(s["events"]),
         str(s["knockouts"])] for s in standings]
    assert {r[1]: _num(r[5]) for r in shown_rows} == prize
    _shot(page, "league-laptop")
    # The season's page of the event: each player's place, prize and who knocked him out, as
    # the final places have them (not the provisional ones of the night).
    page.goto(f"{live.base}/league/{SEASON.replace(' ', '%20')}/events/{NAME}")
    assert [[r[0], r[1], r[3], r[4]] for r in _rows(page, "#results")] == [
        [str(r["place"]), r["player"], f"{r['prize']:,}" if r["prize"] else "",
         outs.get(r["player"]) or ""] for r in results]
    phone_ctx.close()
    tv_ctx.close()
    ctx.close()


def test_ifp9_the_console_creates_an_event_with_late_registration(browser,
                                                                  live: LiveServer) -> None:
    """The structure editor's late registration (IFP 9): a level past the structure's last
    is refused with the structure's words, nothing created; level 4 is kept, and after the
    start the registration box stays for the late entries, who are seated (TDA 8-A)."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.fill("#create input[name=name]", "Late")
    page.select_option("#create select[name=preset]", "gananda")
    page.click("#structure summary")
    page.wait_for_selector("#periods tr")
    assert page.input_value("#late-until") == ""       # Gananda: buy in before the start
    page.fill("#late-until", "40")
    page.click("#create button[type=submit]")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    assert "late registration until level 40" in _text(page, "#message")
    assert "Late" not in live.service.names()
    page.fill("#late-until", "4")
    page.locator("#structure").screenshot(path=str(SHOTS / "night-structure-late-laptop.png"))
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r".*/console/events/Late$"))
    assert live.service.load("Late").tournament.structure.late_registration_until_level == 4
    live.service.register("Late", ["Ann", "Bob", "Cid"])
    live.service.start("Late")
    page.reload()
    page.wait_for_selector("#register-card:not([hidden])")
    page.fill("#player-name", "Dee")
    page.press("#player-name", "Enter")
    page.wait_for_function("document.querySelector('#notice').textContent.includes("
                           "'Dee registered') || document.querySelector('#message').textContent")
    assert _text(page, "#message") == ""
    t = live.service.load("Late").tournament
    assert t.entrants == 4 and "Dee" in t.floor.where
    ctx.close()


def test_tda_rp8_the_room_sees_hand_for_hand_and_the_clock_stopped_for_it(
        browser, live: LiveServer) -> None:
    """TDA RP-8: hand-for-hand stops the clock; the clock screen and the phone say so in one
    line ("HAND-FOR-HAND (TDA RP-8) · PAUSED", not the pause's reason again), and a pause of
    the director's own says PAUSED; once it ends, neither."""
    from pokertd.tournament.house import config_preset

    live.service.create("Bubble", config_preset("tda-2024"), seed=3)
    live.service.register("Bubble", [f"Player {i:02d}" for i in range(1, 13)])
    live.service.start("Bubble")
    assert len(live.service.load("Bubble").tournament.floor.tables) == 2
    live.service.hand_for_hand("Bubble", "start")
    rule = live.service.load("Bubble").tournament.rules
    assert rule.hand_for_hand.startswith("two-minutes")        # the clock stops (TDA RP-8)
    pages = []
    for path, (w, h) in (("clock", (1920, 1080)), ("phone", (390, 844))):
        page = browser.new_context(viewport={"width": w, "height": h}).new_page()
        page.goto(f"{live.base}/events/Bubble/{path}")
        page.wait_for_selector("#conn.live")
        assert _text(page, "#clock-state") == "HAND-FOR-HAND (TDA RP-8) · PAUSED"
        pages.append(page)
    live.service.hand_for_hand("Bubble", "stop")
    for page in pages:
        page.wait_for_function("document.querySelector('#clock-state').textContent === ''",
                               timeout=5000)
    live.service.pause("Bubble")
    for page in pages:
        page.wait_for_function("document.querySelector('#clock-state').textContent"
                               " === 'PAUSED'", timeout=5000)
        page.context.close()


def test_the_console_is_not_left_stale_by_a_change_during_its_reload(browser,
                                                                      live: LiveServer) -> None:
    """Issue 22, "screens never stale": a change recorded elsewhere (the CLI, another
    director) while the console reloads, after it has read the live part, shows as soon as
    the stream tells of it (the console reads its state before the live part, so its state
    is never newer than what it shows)."""
    from pokertd.tournament.house import config_preset

    live.service.create("Stale", config_preset("gananda"), seed=5)
    live.service.register("Stale", ["Ann", "Bob"])
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    page.goto(f"{live.base}/console/events/Stale")
    page.wait_for_selector("#conn.live")
    armed = [True]

    def live_part(route) -> None:  # type: ignore[no-untyped-def]
        answer = route.fetch()          # the live part as it is now ...
        if armed[0]:
            armed[0] = False
            live.service.register("Stale", ["Zed"])     # ... then a change elsewhere
        route.fulfill(response=answer)

    page.route("**/console/events/Stale/live", live_part)
    live.service.register("Stale", ["Cat"])       # the stream tells the console: it reloads
    page.wait_for_function("document.querySelector('#s-players').textContent.includes('3')"
                           " || document.querySelector('#s-players').textContent"
                           ".includes('4')")
    page.wait_for_function("document.querySelector('#s-players').textContent === '4 / 4'",
                           timeout=5000)
    assert not armed[0]
    ctx.close()
