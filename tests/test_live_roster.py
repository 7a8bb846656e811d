"""``tournament unregister`` before the start and ``tournament list`` (issue 14, "What a
director must not miss"), through the service and the CLI."""

from __future__ import annotations

import json

import pytest

from pokertd.storage import open_store
from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import config_preset


def test_unregister_before_the_start_and_refused_after(service) -> None:
    """A registration withdrawn before the start takes the player, his stack and his part of
    the prize pool away (all named or none); after the start he is in the field: refused with
    the rules (IFP 5 seats drawn, IFP 8 absent players), nothing written."""
    service.create("Fri", config_preset("gananda"), seed=5)
    service.register("Fri", ["Ann", "Bob", "Cid", "Dan"])
    with pytest.raises(DirectorError, match=r"unknown player 'Zed'"):
        service.unregister("Fri", ["dan", "Zed"])
    t = service.unregister("Fri", ["dan"]).tournament
    assert sorted(t.players) == ["Ann", "Bob", "Cid"]
    assert (t.entrants, t.alive, t.prize_pool, t.chips) == (3, 3, 60, 4500)
    assert Tournament.replay(t.event_dicts()).state() == t.state()
    # He can register again, and the start seats the three others and him.
    service.register("Fri", ["Dan"])
    service.unregister("Fri", ["Dan"])
    t = service.start("Fri").tournament
    assert sorted(t.floor.where) == ["Ann", "Bob", "Cid"] and t.payouts == (42, 18)
    info = service.store.find_stream("tournament", "Fri")
    kept = len(service.store.read(info.id))
    with pytest.raises(DirectorError, match=r"Ann cannot be unregistered: the tournament has "
                                            r"started and the seats are drawn \(IFP 5\).*IFP 8"):
        service.unregister("Fri", ["Ann"])
    assert len(service.store.read(info.id)) == kept


def test_list_every_tournament_with_its_state(service) -> None:
    """``summaries``: created, running (players left, the level now) and finished, oldest
    first; reading writes nothing."""
    service.create("A", config_preset("gananda"), seed=1)
    service.register("A", ["Ann", "Bob"])
    service.create("B", config_preset("wpa"), seed=2)
    service.register("B", ["Ann", "Bob", "Cid"])
    service.start("B")
    service.bust("B", "Cid")
    service.create("C", config_preset("ifp-2012"), seed=3)
    service.register("C", ["Ann", "Bob"])
    service.start("C")
    service.bust("C", "Bob")
    service.clock.now += 30 * 60           # Gananda structure: 25-minute levels
    heads = [service.store.head(s.id) for s in service.store.streams()]
    rows = service.summaries()
    assert [(r["tournament"], r["preset"], r["state"], r["entrants"], r["players_left"],
             r["level"], r["winner"]) for r in rows] == [
        ("A", "gananda", "created", 2, 2, None, None),
        ("B", "wpa", "running", 3, 2, 2, None),
        ("C", "ifp-2012", "finished", 2, 0, None, "Ann")]
    assert [service.store.head(s.id) for s in service.store.streams()] == heads


def cli(store_url: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url])


def test_cli_unregister_and_list(store_url: str) -> None:
    def ok(*args: str) -> str:
        r = cli(store_url, *args)
        assert r.exit_code == 0, r.stdout + r.stderr
        return r.stdout

    if store_url.startswith("sqlite"):   # a read creates no database (issue 14, item 6)
        r = cli(store_url, "list")
        assert r.exit_code == 2 and "Error: no database at " in r.stderr
    open_store(store_url).close()         # an empty database
    assert "no tournaments yet" in ok("list")
    ok("new", "Fri", "--seed", "1")
    ok("register", "Fri", "Ann", "Bob", "Cid")
    assert "unregistered Cid: 2 entrants, prize pool 40" in ok("unregister", "Fri", "cid")
    r = cli(store_url, "unregister", "Fri", "Cid")
    assert r.exit_code == 2 and "Error: unknown player 'Cid'" in r.stderr
    undone = ok("undo", "Fri")                  # the withdrawal undone: Cid is back
    assert "undone: unregister cid" in undone and "  Cid is registered" in undone
    assert "unregistered Cid" in ok("unregister", "Fri", "Cid")
    ok("new", "Sat", "--preset", "tda-2024", "--seed", "2")
    ok("register", "Sat", "Ann", "Bob", "Cid")
    ok("start", "Sat")
    r = cli(store_url, "unregister", "Sat", "Ann")
    assert r.exit_code == 2 and "Error: Ann cannot be unregistered" in r.stderr
    text = ok("list")
    assert "Fri" in text and "created" in text and "not started" in text
    assert "Sat" in text and "running" in text and "3 of 3" in text and "level 1" in text
    rows = json.loads(ok("list", "--format", "json"))
    assert [(r["tournament"], r["state"], r["entrants"]) for r in rows] == [
        ("Fri", "created", 2), ("Sat", "running", 3)]


def test_the_new_commands_on_an_sqlite_database_import_no_sqlalchemy(tmp_path) -> None:
    """Issue 8 (start-up): unregister, seats, list, undo and redo read and write an SQLite
    database through sqlite3, as the other tournament commands do."""
    from test_storage_cli import _database_libraries, _run

    db = str(tmp_path / "td.db")
    assert _run(["tournament", "new", "Friday"], db).exit_code == 0
    for args in (["tournament", "register", "Friday", "Ann", "Bob", "Cid", "Dan"],
                 ["tournament", "unregister", "Friday", "dan"],
                 ["tournament", "start", "Friday"],
                 ["tournament", "seats", "Friday", "--format", "html"],
                 ["tournament", "list"],
                 ["tournament", "bust", "Friday", "Cid", "--by", "Ann"],
                 ["tournament", "undo", "Friday"],
                 ["tournament", "redo", "Friday"]):
        assert _database_libraries(*args, "--db", db) == (0, []), args
