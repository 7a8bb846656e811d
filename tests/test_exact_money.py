"""Issue 22, "Exact to the last chip": deals whose counts do not add up to the chips in play,
chip-race counts that come out short, places with late registration, the deal's amounts on
every screen, undo after the event is in a league, and the add-on's window; each through the
CLI and through the console's API (FastAPI's TestClient on a real SQLite file)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pokertd.cli import app as cli_app
from pokertd.storage import Store, UserStore, open_store
from pokertd.web.app import create_app
from pokertd.web.auth import LoginLimiter

PASSWORD = "correct horse battery"


class Clock:
    """Seconds for the service and the console, moved by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("money") / "template.db"
    with open_store(f"sqlite:///{path}") as s:
        UserStore(s).add("ann", "director", PASSWORD)
    return path


@pytest.fixture
def db(tmp_path: Path, template_db: Path) -> str:
    shutil.copy(template_db, tmp_path / "money.db")
    return f"sqlite:///{tmp_path / 'money.db'}"


@pytest.fixture
def store(db: str):
    s = open_store(db)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def _csrf(page: str) -> str:
    m = re.search(r'name="csrf-token" content="([^"]+)"', page)
    assert m, "the page carries the session's CSRF token"
    return m.group(1)


@pytest.fixture
def director(store: Store, clock: Clock) -> TestClient:
    c = TestClient(create_app(store, clock=clock, secret="test secret",
                              limiter=LoginLimiter(clock=clock)))
    token = _csrf(c.get("/login").text)
    assert c.post("/login", data={"username": "ann", "password": PASSWORD,
                                  "csrf_token": token}, follow_redirects=False).status_code == 303
    c.headers["X-CSRF-Token"] = _csrf(c.get("/console").text)
    return c


def cli(db: str, *args: str):
    return CliRunner().invoke(cli_app, ["tournament", *args, "--db", db])


def ok(r) -> str:
    assert r.exit_code == 0, r.output
    return r.stdout


def refused(r) -> str:
    """The CLI's refusal: exit status 2, the message on standard error, flattened."""
    assert r.exit_code == 2, r.output
    return " ".join(r.stderr.split())


def events_of(store: Store, name: str) -> list[dict]:
    info = store.find_stream("tournament", name)
    assert info is not None
    return [{"type": e.type, **e.payload} for e in store.read(info.id)]


def api(c: TestClient, name: str, path: str, body: dict | None = None, status: int = 200):
    r = c.post(f"/console/api/events/{name}/{path}", json=body or {})
    assert r.status_code == status, r.text
    return r.json()


# --- a deal whose stacks do not add up to the chips in play (IFP 62) ---------------------------


def test_ifp62_cli_refuses_a_deal_whose_stacks_are_short_of_the_chips_in_play(db: str) -> None:
    """4 x 1,000 with 6,000 in play (Gananda: four stacks of 1,500): refused with the total,
    the chips in play and the difference; nothing recorded."""
    for command in (("new", "D", "--seed", "1"), ("register", "D", "Ann", "Bob", "Cid", "Dan"),
                    ("start", "D")):
        ok(cli(db, *command))
    message = refused(cli(db, "deal", "D", "--kind", "chip-chop", "--agree", "Ann,Bob,Cid,Dan",
                          "--stacks", "Ann=1000,Bob=1000,Cid=1000,Dan=1000"))
    assert "total 4,000 chips" in message and "6,000 chips are in play" in message
    assert "2,000 short" in message and "IFP 62" in message
    st = json.loads(ok(cli(db, "status", "D", "--format", "json")))
    assert st["deal"] is None
    # The counts that add up are recorded.
    ok(cli(db, "deal", "D", "--kind", "chip-chop", "--agree", "Ann,Bob,Cid,Dan",
           "--stacks", "Ann=3000,Bob=1000,Cid=1000,Dan=1000"))
    assert json.loads(ok(cli(db, "status", "D", "--format", "json")))["deal"] is not None


def test_ifp62_console_refuses_a_deal_and_its_preview_when_the_stacks_do_not_add_up(
        director: TestClient, store: Store) -> None:
    """The console's deal and its preview: 4,500 of 6,000 refused (400, the CLI's message),
    no amounts shown, nothing written; over the chips in play too."""
    assert director.post("/console/api/events", json={"name": "D", "seed": 1}).status_code == 201
    api(director, "D", "register", {"players": ["Ann", "Bob", "Cid", "Dan"]})
    api(director, "D", "start")
    before = events_of(store, "D")
    short = {"Ann": 1500, "Bob": 1000, "Cid": 1000, "Dan": 1000}
    r = director.post("/console/api/events/D/deal-preview",
                      json={"kind": "chip-chop", "stacks": short})
    assert r.status_code == 400 and "amounts" not in r.json()
    assert "total 4,500 chips" in r.json()["error"] and "1,500 short" in r.json()["error"]
    r = director.post("/console/api/events/D/deal",
                      json={"kind": "chip-chop", "agree": list(short), "stacks": short})
    assert r.status_code == 400
    assert "6,000 chips are in play: 1,500 short" in r.json()["error"]
    over = {**short, "Ann": 3500}
    r = director.post("/console/api/events/D/deal",
                      json={"kind": "icm", "agree": list(over), "stacks": over})
    assert r.status_code == 400 and "500 over" in r.json()["error"]
    assert events_of(store, "D") == before
    right = {**short, "Ann": 3000}
    d = api(director, "D", "deal-preview", {"kind": "chip-chop", "stacks": right})
    assert sum(d["amounts"].values()) == d["pool"]


# --- places with late registration (Gananda: Winning the Tournament; IFP 57; IFP 9) -----------


def _late_structure(**changes) -> dict:
    """The Gananda structure with late registration to the end of level 2 (IFP 9)."""
    from pokertd.tournament.house import config_preset

    return {**config_preset("gananda").structure.to_dict(),
            "late_registration_until_level": 2, **changes}


def test_gananda_winning_the_tournament_cli_places_after_a_late_entry_follow_the_order_out(
        db: str, tmp_path: Path) -> None:
    """Gananda: Winning the Tournament ("the last player eliminated will be the second prize
    winner; the second last ... the third ... and so on"): ann out "in place 4" of 4, eve
    registers late, bob out: bob is 4th and ann 5th, never two 4th places and no 5th; the
    places are said provisional while registration is open (IFP 9)."""
    path = tmp_path / "late.json"
    path.write_text(json.dumps(_late_structure()))
    ok(cli(db, "new", "L", "--seed", "3", "--structure", str(path)))
    ok(cli(db, "register", "L", "ann", "bob", "cat", "dan"))
    ok(cli(db, "start", "L"))
    said = ok(cli(db, "bust", "L", "ann"))
    assert "ann is out in place 4 (provisional" in said
    st = json.loads(ok(cli(db, "status", "L", "--format", "json")))
    assert st["places_provisional"] is True
    assert "places are provisional" in ok(cli(db, "status", "L"))
    ok(cli(db, "register", "L", "eve"))
    assert "bob is out in place 4 (provisional" in ok(cli(db, "bust", "L", "bob"))
    ok(cli(db, "bust", "L", "cat"))
    ok(cli(db, "bust", "L", "dan"))
    st = json.loads(ok(cli(db, "status", "L", "--format", "json")))
    assert st["finished"] and st["places_provisional"] is False
    assert [(r["place"], r["player"]) for r in st["results"]] == [
        (1, "eve"), (2, "dan"), (3, "cat"), (4, "bob"), (5, "ann")]
    # The prizes follow the places (Gananda: Payout, 2-6 entrants: 70/30 of 5 x $20).
    assert {r["player"]: r["prize"] for r in st["results"]} == {
        "eve": 70, "dan": 30, "cat": 0, "bob": 0, "ann": 0}


def test_gananda_winning_the_tournament_console_places_after_a_late_entry(
        director: TestClient, clock: Clock) -> None:
    """The console: a late entry after a bust-out moves the player out down a place (the
    first out last of all entrants), the screens' data says the places are provisional until
    registration closes (IFP 9), and the close makes them final."""
    assert director.post("/console/api/events", json={
        "name": "L", "seed": 3, "structure": _late_structure()}).status_code == 201
    api(director, "L", "register", {"players": ["ann", "bob", "cat", "dan"]})
    api(director, "L", "start")
    api(director, "L", "bust", {"players": ["ann"]})
    clock.now += 60
    api(director, "L", "register", {"players": ["eve"]})
    clock.now += 60
    api(director, "L", "bust", {"players": ["bob"]})
    s = director.get("/console/api/events/L").json()
    assert s["places_provisional"] is True
    assert sorted((p["place"], p["name"]) for p in s["players_out"]) == [(4, "bob"), (5, "ann")]
    assert "provisional" in director.get("/console/events/L").text
    levels = [p for p in _late_structure()["periods"] if p.get("kind", "level") == "level"]
    assert all(p.get("kind", "level") == "level" for p in _late_structure()["periods"][:3])
    clock.now += sum(p["minutes"] for p in levels[:2]) * 60   # level 3: registration closes
    s = director.get("/console/api/events/L").json()
    assert s["registration_open"] is False and s["places_provisional"] is False
    assert sorted((p["place"], p["name"]) for p in s["players_out"]) == [(4, "bob"), (5, "ann")]


# --- the add-on's window in a live event (WPA 6) ------------------------------------------------


def _addon_structure(until: str | None = None) -> dict:
    """Rebuys to the end of level 2, the add-on after it, a 10-minute break after level 2
    (levels of 25 minutes: the break runs from minute 50 to minute 60)."""
    from pokertd.tournament.house import config_preset

    d = config_preset("ifp-2012").structure.to_dict()
    periods = list(d["periods"])
    periods.insert(2, {"kind": "break", "minutes": 10, "color_up": []})
    addon = {"after_level": 2, "chips": 3000, **({"until": until} if until else {})}
    return {**d, "periods": periods, "rebuys": {"until_level": 2, "chips": 1500},
            "addon": addon}


def _service_event(db: str, name: str, structure: dict, minutes_ago: float) -> None:
    """An event of four started ``minutes_ago`` (the CLI reads the wall clock)."""
    import time
    from dataclasses import replace

    from pokertd.services.tournaments import TournamentService
    from pokertd.tournament.house import config_preset
    from pokertd.tournament.structure import Structure

    config = replace(config_preset("ifp-2012"), structure=Structure.from_dict(structure))
    with open_store(db) as s:
        service = TournamentService(s, clock=Clock(time.time() - minutes_ago * 60))
        service.create(name, config, seed=2)
        service.register(name, ["Ann", "Bob", "Cid", "Dan"])
        service.start(name)


def test_wpa6_cli_addon_on_the_break_after_the_rebuy_period_and_not_after_it(db: str) -> None:
    """WPA 6 ("The 'Add-on' must be done before the first hand of the next round will be
    dealt"): on the break after the last rebuy level the add-on is taken; once the break is
    over (level 3) it is refused, saying it closed with the break, and the payouts are fixed."""
    _service_event(db, "Brk", _addon_structure(), 55)        # on the break
    assert "Ann" in ok(cli(db, "addon", "Brk", "Ann"))
    _service_event(db, "Lvl3", _addon_structure(), 65)       # level 3, 5 minutes in
    message = refused(cli(db, "addon", "Lvl3", "Ann"))
    assert "may not take an add-on at level 3" in message
    assert "closed at the end of the break after level 2" in message and "WPA 6" in message
    paid = json.loads(ok(cli(db, "payouts", "Lvl3", "--format", "json")))
    assert sum(row["amount"] for row in paid) == 4 * 20            # the field is final
    # The structure may keep it open through the next level (addon.until = "next-level").
    _service_event(db, "Open", _addon_structure("next-level"), 65)
    ok(cli(db, "addon", "Open", "Ann"))


def test_wpa6_console_addon_closes_when_the_break_ends(director: TestClient, clock: Clock,
                                                       store: Store) -> None:
    """The console's add-on: refused during level 2, taken on the break, refused at level 3
    with nothing written (WPA 6)."""
    assert director.post("/console/api/events", json={
        "name": "A", "preset": "ifp-2012", "seed": 2,
        "structure": _addon_structure()}).status_code == 201
    api(director, "A", "register", {"players": ["Ann", "Bob", "Cid", "Dan"]})
    api(director, "A", "start")
    clock.now += 30 * 60
    r = director.post("/console/api/events/A/addon", json={"player": "Ann"})
    assert r.status_code == 400 and "may not take an add-on at level 2" in r.json()["error"]
    clock.now += 25 * 60                                    # the break
    api(director, "A", "addon", {"player": "Ann"})
    clock.now += 10 * 60                                    # level 3
    r = director.post("/console/api/events/A/addon", json={"player": "Bob"})
    assert r.status_code == 400
    assert "closed at the end of the break after level 2" in r.json()["error"]
    assert [e["player"] for e in events_of(store, "A") if e["type"] == "addon"] == ["Ann"]
    assert director.get("/console/api/events/A").json()["payouts"] is not None


# --- after a deal, every screen shows its amounts (IFP 62) -------------------------------------


def test_ifp62_console_screens_show_the_deal_amounts_not_the_structures(
        director: TestClient, clock: Clock) -> None:
    """Six entrants (Gananda: Payout, 2-6 entrants: 70/30 of $120 = 84/36), three left make an
    ICM deal of the $120: the console's payouts, the clock and phone screens' state show what
    the deal pays each one, not 84/36; at the finish the rows show what was paid."""
    assert director.post("/console/api/events", json={"name": "D", "seed": 4}).status_code == 201
    players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
    api(director, "D", "register", {"players": players})
    api(director, "D", "start")
    for p in ("Dan", "Eve", "Fay"):
        clock.now += 60
        api(director, "D", "bust", {"players": [p]})
    before = director.get("/events/D/state").json()["payouts"]
    assert [r["amount"] for r in before] == [84, 36]
    stacks = {"Ann": 4500, "Bob": 3000, "Cid": 1500}        # the 9,000 in play
    api(director, "D", "deal", {"kind": "icm", "agree": list(stacks), "stacks": stacks})
    deal = director.get("/console/api/events/D").json()["deal"]["amounts"]
    assert sum(deal.values()) == 120 and deal["Cid"] > 0       # ICM pays the short stack too
    owed = sorted(deal.items(), key=lambda x: -x[1])
    for shown in (director.get("/console/api/events/D").json()["payouts"],
                  director.get("/events/D/state").json()["payouts"]):
        assert [(r["amount"], r["players"], r["deal"]) for r in shown] == [
            (a, [p], True) for p, a in owed]
    page = director.get("/console/events/D").text
    assert all(f"<td>{a}</td><td>{p}</td>" in page for p, a in owed)
    for p in ("Cid", "Bob"):
        clock.now += 60
        api(director, "D", "bust", {"players": [p]})
    s = director.get("/events/D/state").json()
    assert s["finished"]
    paid = {r["player"]: r["prize"] for r in s["results"]}
    assert {p: paid[p] for p in stacks} == deal
    assert [(r["players"], r["amount"]) for r in s["payouts"]] == [
        (["Ann"], deal["Ann"]), (["Bob"], deal["Bob"]), (["Cid"], deal["Cid"])]


def test_ifp62_cli_status_mentions_the_deal(db: str) -> None:
    """``tournament status`` (text) says the deal was made, by whom, and what it pays."""
    for command in (("new", "D", "--seed", "1"), ("register", "D", "Ann", "Bob", "Cid"),
                    ("start", "D"), ("bust", "D", "Cid", "--by", "Bob"),
                    ("deal", "D", "--kind", "chip-chop", "--agree", "Ann,Bob",
                     "--stacks", "Ann=3000,Bob=1500")):
        ok(cli(db, *command))
    text = " ".join(ok(cli(db, "status", "D")).split())
    # Gananda: Payout, 2-6 entrants: 70/30 of $60 = 42 + 18, chopped 2:1 by chips.
    assert "deal (IFP 62, chip-chop) agreed by Ann, Bob: Ann 40, Bob 20" in text


# --- undo after the event is in a league ------------------------------------------------------


def test_cli_undo_of_a_finished_event_in_a_league_is_refused_naming_the_season(db: str) -> None:
    """A season keeps its events: undoing the last bust-out of an event added to a season
    would reopen it while the season keeps its results, so it is refused, naming the league
    event and its season, nothing written; an event in no league is undone as before."""
    for name in ("In", "Out"):
        for command in (("new", name, "--seed", "1"), ("register", name, "Ann", "Bob", "Cid"),
                        ("start", name), ("bust", name, "Cid"), ("bust", name, "Bob")):
            ok(cli(db, *command))
    r = CliRunner().invoke(cli_app, ["league", "add", "In", "--season", "Fall", "--event",
                                     "Week 1", "--db", db])
    assert r.exit_code == 0, r.output
    before = json.loads(ok(cli(db, "status", "In", "--format", "json")))
    for dry in ((), ("--dry-run",)):
        message = refused(cli(db, "undo", "In", *dry))
        assert "event 'Week 1' of the league season 'Fall'" in message
        assert "nothing changed" in message
    assert json.loads(ok(cli(db, "status", "In", "--format", "json")))["results"] == \
        before["results"]
    ok(cli(db, "undo", "Out"))
    assert not json.loads(ok(cli(db, "status", "Out", "--format", "json")))["finished"]


def test_console_undo_of_a_finished_event_in_a_league_is_refused(director: TestClient,
                                                                 store: Store,
                                                                 clock: Clock) -> None:
    """The console's undo (its preview too) of an event added to the league: 400 naming the
    league event and the season, nothing written."""
    assert director.post("/console/api/events", json={"name": "W", "seed": 1}).status_code == 201
    api(director, "W", "register", {"players": ["Ann", "Bob", "Cid"]})
    api(director, "W", "start")
    for p in ("Cid", "Bob"):
        clock.now += 60
        api(director, "W", "bust", {"players": [p]})
    api(director, "W", "league", {"season": "Fall"})
    before = events_of(store, "W")
    for body in ({"dry_run": True}, {}):
        r = director.post("/console/api/events/W/undo", json=body)
        assert r.status_code == 400, r.text
        assert "event 'W' of the league season 'Fall'" in r.json()["error"]
    assert events_of(store, "W") == before


# --- a chip race whose last table brings the count short (IFP 56; TDA 1) -----------------------


def _gananda_structure() -> dict:
    from pokertd.tournament.house import config_preset

    return config_preset("ifp-2012").structure.to_dict()


def test_ifp56_cli_last_table_short_of_the_chips_in_play_is_refused_or_corrected(
        db: str) -> None:
    """At the chip-up break (Gananda structure: break 1 after level 4 races off the 5s) the
    last table's count completes the count of the chips in play: 5,900 of 6,000 is refused
    with the numbers, nothing written; recorded with the director's reason it is a count
    correction (an event): the chips in play are 5,900 (status says why), and the undo takes
    the race and the correction back together."""
    _service_event(db, "Race", _gananda_structure(), 102)      # 2 minutes into break 1
    counts = "Ann=1500,Bob=1500,Cid=1500,Dan=1400"
    message = refused(cli(db, "chip-race", "Race", "1", "--stacks", counts))
    assert "the count is 5,900 chips, 100 short of the 6,000 chips in play" in message
    assert "--correction" in message
    assert json.loads(ok(cli(db, "status", "Race", "--format", "json")))["chips"] == 6000
    message = refused(cli(db, "chip-race", "Race", "1", "--stacks", counts,
                          "--correction", " "))
    assert "needs the director's reason" in message
    said = ok(cli(db, "chip-race", "Race", "1", "--stacks", counts,
                  "--correction", "a 100 chip left the room"))
    assert "count corrected (TDA 1): -100 chips (a 100 chip left the room)" in said
    st = json.loads(ok(cli(db, "status", "Race", "--format", "json")))
    assert st["chips"] == 5900 and st["count_corrections"] == [
        {"chips": -100, "reason": "a 100 chip left the room"}]
    assert "corrected by -100" in ok(cli(db, "status", "Race"))
    assert "chips in play 5,900 -> 6,000 (count correction withdrawn)" in ok(
        cli(db, "undo", "Race"))
    st = json.loads(ok(cli(db, "status", "Race", "--format", "json")))
    assert st["chips"] == 6000 and st["count_corrections"] == []
    assert st["chip_race"]["tables_left"] == [1]
    # Counted right, no correction is needed, and one asked for is refused.
    message = refused(cli(db, "chip-race", "Race", "1", "--stacks",
                          "Ann=1500,Bob=1500,Cid=1500,Dan=1500", "--correction", "why"))
    assert "no count correction to record" in message
    ok(cli(db, "chip-race", "Race", "1", "--stacks", "Ann=1500,Bob=1500,Cid=1500,Dan=1500"))


def test_ifp56_console_last_table_short_is_refused_then_recorded_as_a_correction(
        director: TestClient, clock: Clock, store: Store) -> None:
    """The console's chip race: the last table short (400) with the numbers, nothing
    written; with the director's reason the correction is recorded and shown with the chips
    in play."""
    assert director.post("/console/api/events", json={"name": "R", "seed": 1}).status_code == 201
    api(director, "R", "register", {"players": ["Ann", "Bob", "Cid", "Dan"]})
    api(director, "R", "start")
    clock.now += 4 * 25 * 60 + 60
    assert "Count short?" in director.get("/console/events/R").text
    before = events_of(store, "R")
    short = {"Ann": 1500, "Bob": 1500, "Cid": 1500, "Dan": 1100}
    r = director.post("/console/api/events/R/chip-race", json={"table": 1, "stacks": short})
    assert r.status_code == 400
    assert "5,600 chips, 400 short of the 6,000 chips in play" in r.json()["error"]
    assert events_of(store, "R") == before
    api(director, "R", "chip-race", {"table": 1, "stacks": short,
                                     "correction": "recounted twice: 400 missing"})
    s = director.get("/console/api/events/R").json()
    assert s["chips"] == 5600 and s["count_corrections"][0]["chips"] == -400
    assert "count corrected -400: recounted twice: 400 missing" in director.get(
        "/console/events/R").text
