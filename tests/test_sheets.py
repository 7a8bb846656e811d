"""The printed sheets (issue 22, "Printed sheets"): each sheet's content against the event's
state, from the services (pokertd.services.sheets), the console's page (pokertd.web.sheets) and
the command line (``pokertd sheet``). Printed to PDF in Chromium: tests/test_sheets_browser.py.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pokertd.cli import app as cli
from pokertd.services.sheets import SHEETS, SheetError, sheet
from pokertd.services.tournaments import TournamentService
from pokertd.storage import UserStore, open_store
from pokertd.tournament.house import config_preset
from pokertd.web.app import create_app
from pokertd.web.auth import LoginLimiter

PLAYERS = [f"Player {i:02d}" for i in range(1, 24)]
PASSWORD = "correct horse battery"
LEFT_TO_PLAY_FOR = 20


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def step(service: TournamentService, name: str) -> None:
    """The director's next step: the buttons a balancing move waits for (IFP 11a), else a
    bust-out at the shortest table."""
    t = service.load(name).tournament
    wait = t.balancing_wait()
    if wait and wait["buttons_needed"]:
        service.buttons(name, {tb: 1 for tb in wait["buttons_needed"]})
    else:
        table = min(t.floor.tables.values(), key=lambda x: x.count)
        service.bust(name, next(p for p in table.seats if p is not None))


def down_to(service: TournamentService, name: str, left: int) -> None:
    for _ in range(80):
        if service.load(name).tournament.alive <= left:
            return
        step(service, name)
    raise AssertionError(f"{name}: not down to {left}")


def night(service: TournamentService, name: str, *, start: bool = True) -> None:
    service.create(name, config_preset("gananda"), seed=5)
    service.register(name, PLAYERS)
    if start:
        service.start(name)


def icm_deal(service: TournamentService, name: str) -> None:
    """IFP 62: an ICM deal among the four left, 20 left to play for (to the winner)."""
    t = service.load(name).tournament
    left = sorted(p.name for p in t.players.values() if not p.out)
    stacks = dict(zip(left, [t.chips - 3 * 5000, 5000, 5000, 5000]))
    service.deal(name, "icm", left, stacks=stacks, left_to_play_for=LEFT_TO_PLAY_FOR)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, TournamentService]]:
    """One store: "Doors" (registration), "Start" (just started), "Three" (three left),
    "Deal" (a deal among four, then one more out), "Over" (the same, played to the end)."""
    path = tmp_path_factory.mktemp("sheets") / "sheets.db"
    store = open_store(f"sqlite:///{path}", create=True)
    UserStore(store).add("ann", "director", PASSWORD)
    service = TournamentService(store, clock=Clock())
    night(service, "Doors", start=False)
    night(service, "Start")
    night(service, "Three")
    down_to(service, "Three", 3)
    for name in ("Deal", "Over"):
        night(service, name)
        down_to(service, name, 4)
        icm_deal(service, name)
        down_to(service, name, 3)
    down_to(service, "Over", 1)
    assert service.load("Over").tournament.finished
    try:
        yield str(path), service
    finally:
        store.close()


@pytest.fixture(scope="module")
def web(db) -> TestClient:
    path, service = db
    app = create_app(service.store, clock=service.now, secret="sheets",
                     limiter=LoginLimiter())
    c = TestClient(app)
    page = c.get("/login").text
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    r = c.post("/login", data={"username": "ann", "password": PASSWORD, "csrf_token": token},
               follow_redirects=False)
    assert r.status_code == 303
    return c


def cards_of(page: str) -> list[tuple[str, int, int]]:
    """The seat draw's cards as printed: (player, table, seat)."""
    return [(html.unescape(p), int(t), int(s)) for p, t, s in re.findall(
        r'<div class="player">([^<]+)</div>\s*<div class="where">Table <b>(\d+)</b> · '
        r'Seat <b>(\d+)</b>', page)]


def rows_of(page: str, table_class: str) -> list[list[str]]:
    body = page.split(f'<table class="{table_class}">', 1)[1].split("</table>", 1)[0]
    body = body.split("<tbody>", 1)[1]
    return [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
             for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_the_seat_draw_is_a_card_per_player_with_his_table_and_seat(db, web) -> None:
    _, service = db
    t = service.load("Start").tournament
    drawn = sorted(((p, tb, s) for p, (tb, s) in t.floor.where.items()),
                   key=lambda c: (c[1], c[2]))
    assert len(drawn) == 23
    data = sheet(t, "seat-draw", "Start")
    assert [(c["player"], c["table"], c["seat"]) for c in data["cards"]] == drawn
    page = web.get("/console/events/Start/sheets/seat-draw").text
    assert cards_of(page) == drawn


def test_the_table_list_gives_every_tables_seats_and_players(db, web) -> None:
    _, service = db
    t = service.load("Start").tournament
    page = web.get("/console/events/Start/sheets/tables").text
    blocks = re.findall(r"<h2>Table (\d+) .*?<tbody>(.*?)</tbody>", page, re.S)
    assert [int(b[0]) for b in blocks] == sorted(t.floor.tables)
    for (tid, body), (_, table) in zip(blocks, sorted(t.floor.tables.items())):
        printed = re.findall(r'<td class="num">(\d+)</td><td[^>]*>([^<]+)</td>', body)
        assert printed == [(str(k + 1), p if p is not None else "empty")
                           for k, p in enumerate(table.seats)], tid


def test_the_payout_sheet_has_a_line_per_paid_place_to_sign(db, web) -> None:
    """Three left (Gananda: Payout, 5 places for 23): places 5 and 4 with their players and
    prizes, places 3 to 1 with the amount and a line for the name; every line to sign."""
    _, service = db
    t = service.load("Three").tournament
    assert t.payouts is not None and len(t.payouts) == 5
    by_place = {p.place: p.name for p in t.players.values() if p.place is not None}
    rows = rows_of(web.get("/console/events/Three/sheets/payouts").text, "payouts")
    assert rows == [[str(place), f"{amount:,}", by_place.get(place, ""), ""]
                    for place, amount in enumerate(t.payouts, start=1)]


def test_the_payout_sheet_after_a_deal_pays_the_deals_amounts_ifp_62(db, web) -> None:
    _, service = db
    t = service.load("Deal").tournament
    deal = dict(zip(t.deal["players"], t.deal["amounts"]))
    assert sum(deal.values()) + LEFT_TO_PLAY_FOR == sum(t.payouts[:4])
    fourth = next(p.name for p in t.players.values() if p.place == 4)
    page = web.get("/console/events/Deal/sheets/payouts").text
    rows = rows_of(page, "payouts")
    left = [p for p in t.deal["players"] if not t.players[p].out]
    assert rows == ([["deal", f"{deal[p]:,}", p, ""] for p in left]
                    + [["4", f"{deal[fourth]:,}", fourth, ""]]
                    + [["5", f"{t.payouts[4]:,}",
                        next(p.name for p in t.players.values() if p.place == 5), ""]])
    assert f"{LEFT_TO_PLAY_FOR:,} left to play for goes to the winner" in page
    # Played to the end: every place with its player and what he was paid.
    over = service.load("Over").tournament
    rows = rows_of(web.get("/console/events/Over/sheets/payouts").text, "payouts")
    paid = {p.place: (p.name, p.prize) for p in over.players.values() if p.place <= 5}
    assert rows == [[str(k), f"{paid[k][1]:,}", paid[k][0], ""] for k in range(1, 6)]
    deal = dict(zip(over.deal["players"], over.deal["amounts"]))
    assert paid[1][1] == deal[over.winner] + LEFT_TO_PLAY_FOR
    assert sum(prize for _, prize in paid.values()) == over.prize_pool


def test_the_results_give_every_player_his_place_and_prize(db, web) -> None:
    _, service = db
    t = service.load("Over").tournament
    rows = rows_of(web.get("/console/events/Over/sheets/results").text, "results")
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (str(r["place"]), r["player"], f"{r['prize']:,}" if r["prize"] else "")
        for r in t.results()]
    assert len(rows) == 23


@pytest.mark.parametrize("name, kind, message", [
    ("Doors", "seat-draw", "the seats are drawn when the event starts"),
    ("Doors", "tables", "the seats are drawn when the event starts"),
    ("Doors", "payouts", "the payouts are fixed when registration closes"),
])
def test_a_sheet_not_ready_is_refused_with_what_would_be_right(db, web, name, kind,
                                                              message) -> None:
    _, service = db
    with pytest.raises(SheetError, match=message):
        sheet(service.load(name).tournament, kind, name)
    r = web.get(f"/console/events/{name}/sheets/{kind}")
    assert r.status_code == 409 and message in html.unescape(r.text)
    path, _ = db
    out = CliRunner().invoke(cli, ["sheet", name, kind, "--db", path])
    assert out.exit_code == 2 and message in out.output


def test_the_console_pages_refuse_bad_input(db, web) -> None:
    r = web.get("/console/events/Start/sheets/menu")
    assert r.status_code == 404
    assert "the sheets are seat-draw, tables, payouts, results" in html.unescape(r.text)
    r = web.get("/console/events/Start/sheets/tables?paper=A5")
    assert r.status_code == 422
    assert "'A5' is not a paper size here: a4 or letter" in html.unescape(r.text)
    assert web.get("/console/events/Nowhere/sheets/tables").status_code == 404
    anonymous = TestClient(web.app).get("/console/events/Start/sheets/seat-draw",
                                        follow_redirects=False)
    assert anonymous.status_code in (401, 303) and "Player 01" not in anonymous.text
    # The console's event page links every sheet on both papers.
    page = web.get("/console/events/Start").text
    for kind in SHEETS:
        for paper in ("a4", "letter"):
            assert f"/console/events/Start/sheets/{kind}?paper={paper}" in page


@pytest.mark.parametrize("paper, size", [("a4", "A4"), ("letter", "letter"),
                                         ("LETTER", "letter")])
def test_the_paper_size_is_the_pages_at_page_size(web, paper, size) -> None:
    page = web.get(f"/console/events/Start/sheets/seat-draw?paper={paper}").text
    assert f"@page {{ size: {size}; " in page


def test_the_command_line_prints_the_consoles_page(db, web, tmp_path: Path) -> None:
    path, _ = db
    runner = CliRunner()
    for kind in SHEETS:
        out = runner.invoke(cli, ["sheet", "Over", kind, "--paper", "letter", "--db", path])
        assert out.exit_code == 0, out.output
        console = web.get(f"/console/events/Over/sheets/{kind}?paper=letter").text
        printed = re.compile(r"printed \d{4}-\d\d-\d\d \d\d:\d\d")
        assert printed.sub("", out.stdout) == printed.sub("", console)
    target = tmp_path / "seats.html"
    out = runner.invoke(cli, ["sheet", "Start", "seat-draw", "-o", str(target), "--db", path])
    assert out.exit_code == 0 and "written to" in out.output
    assert len(cards_of(target.read_text(encoding="utf-8"))) == 23
    out = runner.invoke(cli, ["sheet", "Start", "seat-draw", "--paper", "A3", "--db", path])
    assert out.exit_code == 2 and "--paper: paper 'A3' is not a paper size here" in out.output
    out = runner.invoke(cli, ["sheet", "Start", "menu", "--db", path])
    assert out.exit_code == 2 and "no sheet 'menu'" in out.output
    missing = tmp_path / "nowhere" / "x.db"
    out = runner.invoke(cli, ["sheet", "Start", "tables", "--db", str(missing)])
    assert out.exit_code == 2 and not missing.parent.exists()
