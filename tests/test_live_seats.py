"""``pokertd tournament seats NAME [--format table|json|csv|html]`` (issue 14, "What a director
must not miss"): every player in play alphabetically with his table and seat, absent players
marked, printable; through the service and the CLI."""

from __future__ import annotations

import csv
import io
import json


from pokertd.services.tournaments import seat_list
from pokertd.tournament.house import config_preset

NAMES = ["Cid", "ann", "Tom & Jerry", "Bob", "dan", "Eve"]


def test_seat_list_alphabetical_with_absent_marked(service) -> None:
    """Alphabetical without regard to case; before the start no seats; after it each player's
    table and seat as the draw made them (IFP 5); an absent player marked (IFP 8); a player
    out left off, or listed with his place with ``everyone``."""
    service.create("Fri", config_preset("gananda"), seed=8)
    service.register("Fri", NAMES[:-1])
    service.register("Fri", ["Eve"], absent=True)
    rows = seat_list(service.load("Fri").tournament)
    order = ["ann", "Bob", "Cid", "dan", "Eve", "Tom & Jerry"]
    assert [r["player"] for r in rows] == order
    assert all(r["table"] is None and r["seat"] is None for r in rows)
    t = service.start("Fri").tournament
    service.bust("Fri", "Bob")
    t = service.load("Fri").tournament
    rows = seat_list(t)
    assert [r["player"] for r in rows] == [p for p in order if p != "Bob"]
    assert {r["player"]: (r["table"], r["seat"]) for r in rows} == t.floor.where
    assert [r["player"] for r in rows if r["absent"]] == ["Eve"]
    every = seat_list(t, everyone=True)
    assert [r["player"] for r in every] == order
    assert next(r for r in every if r["player"] == "Bob")["place"] == 6


def cli(store_url: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url])


def test_cli_seats_in_four_forms(store_url: str) -> None:
    def ok(*args: str):
        r = cli(store_url, *args)
        assert r.exit_code == 0, r.stdout + r.stderr
        return r

    ok("new", "Fri", "--seed", "8")
    ok("register", "Fri", *NAMES[:-1])
    ok("register", "Fri", "Eve", "--absent")
    ok("start", "Fri")
    rows = json.loads(ok("seats", "Fri", "--format", "json").stdout)
    assert [r["player"] for r in rows] == ["ann", "Bob", "Cid", "dan", "Eve", "Tom & Jerry"]
    seated = {r["player"]: (r["table"], r["seat"]) for r in rows}
    text = ok("seats", "Fri").stdout
    for r in rows:
        assert r["player"] in text
    assert "absent" in text
    lines = list(csv.reader(io.StringIO(ok("seats", "Fri", "--format", "csv").stdout)))
    assert lines[0] == ["player", "table", "seat", "status"]
    assert {row[0]: (int(row[1]), int(row[2])) for row in lines[1:]} == seated
    assert [row[3] for row in lines[1:] if row[3]] == ["absent"]
    page = ok("seats", "Fri", "--format", "html").stdout
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "Tom &amp; Jerry" in page and "Tom & Jerry" not in page
    # Standalone: nothing loaded from elsewhere.
    assert "<script" not in page and "<link" not in page and "http" not in page
    assert page.count("<tr>") == len(rows) + 1
    r = cli(store_url, "seats", "Nope")
    assert r.exit_code == 2 and "Error: no tournament named 'Nope'" in r.stderr
