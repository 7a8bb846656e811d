"""What the director's reads show (issue 14): ``status`` the next level's blinds and the time to
the next break, ``payouts`` after a deal the deal's amounts, and item 7: the clock's changes
(a level, the Gananda level-3 removal of absent players and the moves it calls for) announced
by whichever command records them, ``status`` included. Through the service and the CLI."""

from __future__ import annotations

import json
import re
import time


from pokertd.services.tournaments import TournamentService, status
from pokertd.storage import open_store
from pokertd.tournament.house import config_preset
from live_clock import Clock


def test_status_shows_the_next_level_and_the_time_to_the_next_break(service) -> None:
    """The Gananda structure: levels 1-4 of 25 minutes, then break 1 (a chip-up of the 5s),
    then 20-minute levels. At 10 minutes in: level 2 next (10/20), break 1 in 90 minutes; on
    break 1: level 5 next, break 2 after it; the clock stopped does not bring the break
    nearer."""
    service.create("Fri", config_preset("gananda"), seed=1)
    service.register("Fri", ["Ann", "Bob", "Cid"])
    t = service.start("Fri").tournament
    s = t.structure
    service.clock.now += 600
    c = status(service.observe("Fri").tournament, service.now())["clock"]
    assert c["next_level"] == {"level": 2, "small_blind": 10, "big_blind": 20, "ante": 0,
                               "big_blind_ante": 0, "minutes": 25}
    assert c["next_break"] == {"break": 1, "after_level": 4, "seconds_to": 90 * 60,
                               "minutes": 10, "color_up": [5]}
    service.pause("Fri")
    service.clock.now += 3600
    c = status(service.observe("Fri").tournament, service.now())["clock"]
    assert c["next_break"]["seconds_to"] == 90 * 60              # stopped: no nearer
    service.resume("Fri")
    service.clock.now += 90 * 60 + 60                              # one minute into break 1
    c = status(service.observe("Fri").tournament, service.now())["clock"]
    assert c["on_break"] and c["break"] == 1
    assert c["next_level"]["level"] == 5 and c["next_level"]["big_blind"] == s.level(5).big_blind
    second = s.period_index_of_break(2)
    assert c["next_break"]["break"] == 2
    assert c["next_break"]["after_level"] == s.level_number_at(second)
    assert c["next_break"]["seconds_to"] == s.period_start(second) - (100 * 60 + 60)


def cli(store_url: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url])


def ok(store_url: str, *args: str):
    r = cli(store_url, *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r


def test_cli_status_next_level_and_break(store_url: str) -> None:
    ok(store_url, "new", "Fri", "--seed", "1")
    ok(store_url, "register", "Fri", "Ann", "Bob", "Cid")
    ok(store_url, "start", "Fri")
    text = ok(store_url, "status", "Fri").stdout
    assert "next: level 2, blinds 10/20" in text
    assert re.search(r"next break \(break 1, after level 4, chip-up\) in 1:(39:\d\d|40:00)",
                     text)
    assert "level None" not in text


def test_cli_payouts_after_a_deal_show_the_deal(store_url: str) -> None:
    """IFP 62: after a deal the places it covers are paid by the deal: ``payouts`` shows each
    player's deal amount (and his place once out), JSON marks the places and gives what each
    player out is paid."""
    ok(store_url, "new", "Fri", "--seed", "1")
    ok(store_url, "register", "Fri", "Ann", "Bob", "Cid", "Dan")
    ok(store_url, "start", "Fri")
    ok(store_url, "bust", "Fri", "Dan")
    # Gananda: Payout, 4 players: 56 and 24 of $80; a chip chop of the 80 by 3:2:1.
    ok(store_url, "deal", "Fri", "--kind", "chip-chop", "--agree", "Ann,Bob,Cid",
       "--stacks", "Ann=3000,Bob=2000,Cid=1000")
    ok(store_url, "bust", "Fri", "Cid")
    text = ok(store_url, "payouts", "Fri").stdout
    assert "the deal (IFP 62, chip-chop)" in text
    for player, amount, place in (("Ann", 40, "-"), ("Bob", 27, "-"), ("Cid", 13, "3")):
        assert re.search(rf"│ {player}\s+│\s+{amount} │\s+{place} │", text), text
    rows = json.loads(ok(store_url, "payouts", "Fri", "--format", "json").stdout)
    assert [(r["place"], r["amount"], r["deal"]) for r in rows] == [(1, 56, True), (2, 24, True)]
    ok(store_url, "bust", "Fri", "Bob")
    rows = json.loads(ok(store_url, "payouts", "Fri", "--format", "json").stdout)
    assert [r["prizes"] for r in rows] == [{"Ann": 40}, {"Bob": 27}]


def test_cli_status_announces_the_gananda_level_3_removal(store_url: str) -> None:
    """Item 7; Gananda: Absent/Late Players: an event started two levels ago with absent
    players; the first command after level 3 begins is ``status``, which records the level,
    the absent players out and the final table they leave (IFP 15), and says so, as ``bust``
    does; JSON lists what it recorded; a second read records and says nothing."""
    store = open_store(store_url)
    try:
        service = TournamentService(store, clock=Clock(time.time() - 2 * 25 * 60 - 30))
        service.create("Fri", config_preset("gananda"), seed=6)
        service.register("Fri", [f"P{i:02d}" for i in range(1, 11)])
        service.register("Fri", ["Zed", "Yan"], absent=True)
        t = service.start("Fri").tournament
        assert t.floor.table_count == 2
    finally:
        store.close()
    r = ok(store_url, "status", "Fri")
    assert "level 3 has started" in r.stdout
    for p in ("Yan", "Zed"):
        assert f"{p} is out in place 11: 1,500 chips removed (Gananda: Absent/Late Players)" \
            in r.stdout
    assert "final table" in r.stdout and "move: " in r.stdout
    assert "10 players left at 1 table(s)" in r.stdout
    again = json.loads(ok(store_url, "status", "Fri", "--format", "json").stdout)
    assert again["recorded"] == [] and again["players_left"] == 10


def test_cli_reads_announce_in_json_on_standard_error(store_url: str) -> None:
    """Item 7 for the reads whose standard output is data: ``moves``, ``payouts`` and
    ``seats`` with ``--format json`` announce the clock's changes on standard error; status
    JSON lists them under ``recorded``."""
    store = open_store(store_url)
    try:
        service = TournamentService(store, clock=Clock(time.time() - 25 * 60 - 30))
        service.create("Fri", config_preset("gananda"), seed=6)
        service.register("Fri", ["Ann", "Bob", "Cid"])
        service.start("Fri")
    finally:
        store.close()
    r = ok(store_url, "moves", "Fri", "--format", "json")
    assert json.loads(r.stdout) == [] and "level 2 has started" in r.stderr
    st = json.loads(ok(store_url, "status", "Fri", "--format", "json").stdout)
    assert st["recorded"] == [] and st["clock"]["level"] == 2
