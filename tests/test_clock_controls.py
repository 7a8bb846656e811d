"""The clock in the director's hands (issue 22): next and previous level, time added, taken off
or set, the levels still to come changed, by the tournament, the service, the CLI and the
console's API; each an event that undo takes back. The rules: IFP 1 / TDA 1 (the director's
decision), IFP 23 / TDA 23 (a new level applies to the next hand: the levels played never
change), the structure's checks (blinds go up, TDA RP-11; chip-ups, IFP 56), IFP 9 (no going
back into a closed registration), IFP 14 (the day's last hands keep the clock on its level).
Also the console's unregister and penalty (IFP 70) and the chip race's outcome (IFP 56) in the
snapshot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pokertd.cli import app as cli_app
from pokertd.services.tournaments import TournamentService
from pokertd.storage import Store, open_store
from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import config_preset
from pokertd.tournament.structure import Structure

from test_web_app import (  # noqa: F401
    PLAYERS, Clock, app, clock, director, events_of, store, template_db)

T0 = 1_800_000_000.0
L1 = 25 * 60                # Gananda: Tournament Structure, level 1


def _started(players: int = 12, preset: str = "gananda") -> Tournament:
    t = Tournament(config_preset(preset), seed=3, dealt=False)
    for p in PLAYERS[:players]:
        t.register(p)
    t.start(T0)
    return t


def _at(t: Tournament, now: float) -> tuple[int, bool, float | None]:
    st = t.clock.status(now)
    return st.level_number, st.on_break, st.seconds_left


# --- the tournament ---------------------------------------------------------------------------


def test_next_and_previous_level_at_full_time_the_level_starting_at_the_next_hand_ifp_23():
    t = _started()
    t.set_clock(T0 + 60, "next")
    assert _at(t, T0 + 60) == (2, False, L1)
    t.follow_clock(T0 + 60)
    assert t.level == 2 and t.events[-1].type == "level_started"
    assert t.events[-1].rule == "IFP 23"
    assert _at(t, T0 + 160) == (2, False, L1 - 100)         # it runs on from there
    t.set_clock(T0 + 160, "previous")
    assert _at(t, T0 + 160) == (1, False, L1)
    t.follow_clock(T0 + 160)
    assert t.level == 1
    again = Tournament.replay(t.event_dicts())
    assert again.state() == t.state()


def test_time_added_taken_off_and_set_ifp_1():
    t = _started()
    t.set_clock(T0 + 600, "add", 300)                       # 15:00 left, plus 5:00
    assert _at(t, T0 + 600) == (1, False, L1 - 600 + 300)
    t.set_clock(T0 + 600, "subtract", 120)
    assert _at(t, T0 + 600) == (1, False, L1 - 600 + 180)
    t.set_clock(T0 + 600, "set", 750)
    assert _at(t, T0 + 600) == (1, False, 750)
    # Level 2 follows at its full time once level 1's time is up.
    assert _at(t, T0 + 600 + 750 + 10) == (2, False, L1 - 10)
    assert t.events[-1].rule == "IFP 1"
    assert Tournament.replay(t.event_dicts()).state() == t.state()


def test_time_added_at_the_start_of_a_level_keeps_the_level():
    """Adding time early in a level lengthens it: the clock does not fall back into the level
    before (the timeline keeps the level's start)."""
    t = _started()
    t.set_clock(T0 + L1 + 10, "add", 600)
    assert _at(t, T0 + L1 + 10) == (2, False, L1 - 10 + 600)


@pytest.mark.parametrize("action, seconds, message", [
    ("subtract", 2000, "only 24:00 is left in level 1: take off less, or go to the next level"),
    ("previous", 0, "level 1 is the first: nothing comes before it"),
    ("add", 0, "give a time above zero"),
    ("set", -5, "give a time above zero"),
    ("set", 25 * 3600, "at most 24:00:00"),
    ("rewind", 0, "give next, previous, add, subtract or set"),
])
def test_a_bad_clock_command_is_refused_and_changes_nothing(action, seconds, message):
    t = _started()
    before = t.state(), len(t.events)
    with pytest.raises(DirectorError, match=message):
        t.set_clock(T0 + 60, action, seconds)
    assert (t.state(), len(t.events)) == before


def test_next_after_the_last_level_is_refused():
    t = _started()
    s = t.structure
    for _ in range(len(s.periods) - 1):
        t.set_clock(T0 + 1, "next")
    with pytest.raises(DirectorError, match="level 19 is the structure's last"):
        t.set_clock(T0 + 1, "next")


def test_the_clock_stays_on_the_days_final_level_while_the_last_hands_run_ifp_14():
    t = _started(preset="ifp-2012")
    t.set_clock(T0 + 10, "set", 600)
    t.announce_last_hands(T0 + 20, 5)
    with pytest.raises(DirectorError, match=r"last 5 hands of the day are announced \(IFP 14\)"):
        t.set_clock(T0 + 30, "next")


def _late_registration() -> Tournament:
    cfg = config_preset("ifp-2012")
    data = cfg.structure.to_dict()
    data["late_registration_until_level"] = 2
    t = Tournament(cfg._replace(structure=Structure.from_dict(data)), seed=3, dealt=False)
    for p in PLAYERS[:12]:
        t.register(p)
    t.start(T0)
    return t


def test_the_clock_does_not_go_back_into_a_closed_registration_ifp_9():
    t = _late_registration()
    t.set_clock(T0 + 1, "next")
    t.follow_clock(T0 + 1)
    t.set_clock(T0 + 2, "next")
    t.follow_clock(T0 + 2)
    assert t.registration_closed
    n = len(t.events)
    with pytest.raises(DirectorError, match=r"registration closed after level 2 \(IFP 9"):
        t.set_clock(T0 + 3, "previous")
    assert len(t.events) == n


def test_the_clock_does_not_go_back_over_a_chip_race_ifp_56():
    """After break 1's race the 5s are gone: level 4's 40/80 cannot be paid any more."""
    t = _started()
    for _ in range(4):
        t.set_clock(T0 + 1, "next")               # break 1: the 5s go out
    assert _at(t, T0 + 1)[1]
    for table in sorted(t.floor.tables):
        seated = [p for p in t.floor.tables[table].seats if p is not None]
        t.race_table(table, {p: 1500 for p in seated}, T0 + 2)
    assert t.chips_in_play[0] == 25
    t.set_clock(T0 + 3, "next")                   # level 5
    t.set_clock(T0 + 3, "previous")               # back to the break: allowed
    with pytest.raises(DirectorError, match=r"level 4's 40/80 cannot be paid in the chips in "
                                            r"play \(the smallest is now 25"):
        t.set_clock(T0 + 4, "previous")


def test_the_levels_to_come_change_the_played_ones_never_ifp_23():
    t = _started()
    t.set_clock(T0 + 60, "next")                    # level 2 now
    t.follow_clock(T0 + 60)
    periods = [p.to_dict() for p in t.structure.periods]
    periods[2] = {**periods[2], "minutes": 15, "small_blind": 30, "big_blind": 60}
    periods.insert(3, {"kind": "break", "minutes": 5, "color_up": []})
    t.change_levels(T0 + 70, 2, periods[2:])
    assert t.structure.level(3).blinds == (30, 60) and t.structure.level(3).minutes == 15
    assert t.structure.break_count == 4
    assert t.events[-1].rule == "IFP 1; IFP 23"
    # Level 2 keeps its time; level 3 lasts 15 minutes, then the break added.
    assert _at(t, T0 + 70) == (2, False, L1 - 10)
    assert _at(t, T0 + 60 + L1 + 15 * 60 + 1) == (3, True, 5 * 60 - 1)
    assert Tournament.replay(t.event_dicts()).state() == t.state()
    with pytest.raises(DirectorError, match=r"level 2 has been played or is being played"):
        t.change_levels(T0 + 80, 1, periods[1:])


@pytest.mark.parametrize("change, message", [
    (lambda ps: ps.__setitem__(2, {**ps[2], "small_blind": 10, "big_blind": 20}),
     "level 3: blinds 10/20 do not increase over level 2's 10/20"),
    (lambda ps: ps.__setitem__(2, {**ps[2], "small_blind": 10, "big_blind": 15}),
     "level 3: big blind 15 is lower than level 2's big blind 20"),
    (lambda ps: ps.__setitem__(4, {**ps[4], "color_up": [50]}),
     "break 3: chip 50 already went out at break 1"),
    (lambda ps: ps.append({"kind": "break", "minutes": 10, "color_up": []}),
     "a structure ends with a level, not a break"),
    (lambda ps: ps.__setitem__(2, {**ps[2], "minutes": 0}), "level 3: a duration of 0 minutes"),
])
def test_a_structure_that_breaks_its_rules_is_refused_with_its_message(change, message):
    t = _started()
    periods = [p.to_dict() for p in t.structure.periods]
    change(periods)
    before = t.state(), len(t.events)
    with pytest.raises(DirectorError, match="the structure would be refused: .*" + message):
        t.change_levels(T0 + 10, 1, periods[1:])
    assert (t.state(), len(t.events)) == before


def test_blinds_the_chips_in_play_cannot_pay_are_refused_ifp_56():
    t = _started()
    periods = [p.to_dict() for p in t.structure.periods]
    periods[6] = {**periods[6], "small_blind": 80, "big_blind": 160}     # level 6, after break 1
    with pytest.raises(DirectorError, match=r"level 6: 80/160 cannot be paid in the chips in "
                                            r"play then \(the smallest is 25 after break 1's "
                                            r"chip-up, IFP 56\): give multiples of 25"):
        t.change_levels(T0 + 10, 1, periods[1:])
    periods[6] = {**periods[6], "small_blind": 75, "big_blind": 175}
    t.change_levels(T0 + 10, 1, periods[1:])
    assert t.structure.level(6).blinds == (75, 175)


def test_the_summary_of_a_change_names_what_changes():
    t = _started()
    periods = [p.to_dict() for p in t.structure.periods]
    periods[2] = {**periods[2], "minutes": 15}
    del periods[4]                                   # break 1 (the 5s' chip-up)
    assert t.levels_change_summary(1, periods[1:]) == (
        "level 3: 15 min 25/50; break 10 min (chip-up 5) after level 4 removed")


# --- the service and the CLI: each command, and its undo --------------------------------------


def _cli(db: Path, *args: str) -> str:
    r = CliRunner().invoke(cli_app, [*args, "--db", str(db)])
    assert r.exit_code == 0, r.output
    return r.output


def test_each_clock_command_through_the_cli_and_its_undo(tmp_path: Path):
    db = tmp_path / "t.db"
    _cli(db, "tournament", "new", "Friday", "--preset", "gananda")
    _cli(db, "tournament", "register", "Friday", *PLAYERS[:12])
    _cli(db, "tournament", "start", "Friday")
    out = _cli(db, "tournament", "clock", "Friday", "next")
    assert "level 2 has started (IFP 23)" in out and "clock set (IFP 1): level 2 (10/20)" in out
    for args, shown in ((("add", "5m"), r"level 2 \(10/20\): (30:00|29:5\d) left"),
                        (("subtract", "2m"), r"level 2 \(10/20\): (28:00|27:5\d) left"),
                        (("set", "12:30"), r"level 2 \(10/20\): 12:30 left"),
                        (("previous",), r"level 1 \(5/10\): 25:00 left")):
        assert re.search(shown, _cli(db, "tournament", "clock", "Friday", *args))
    undone = _cli(db, "tournament", "undo", "Friday")
    assert "undone: clock previous" in undone
    assert "the clock: level 1, 25:00 left -> level 2, 12:30 left" in undone
    for what in ("clock set (time 12:30)", "clock subtract (time 2:00)", "clock add (time 5:00)",
                 "clock next"):
        assert f"undone: {what}" in _cli(db, "tournament", "undo", "Friday")
    with open_store(str(db)) as s:
        t = TournamentService(s).load("Friday").tournament
        assert t.level == 1 and not t.clock.adjusted


def test_levels_through_the_cli_shown_changed_refused_and_undone(tmp_path: Path):
    db = tmp_path / "t.db"
    _cli(db, "tournament", "new", "Friday", "--preset", "gananda")
    _cli(db, "tournament", "register", "Friday", *PLAYERS[:12])
    _cli(db, "tournament", "start", "Friday")
    shown = _cli(db, "tournament", "levels", "Friday")
    assert shown.splitlines()[0].split() == [">", "level", "1:", "5/10", "25", "min", "now"]
    out = _cli(db, "tournament", "levels", "Friday", "level", "3", "--minutes", "15",
               "--blinds", "30/60")
    assert "levels to come changed (IFP 1; IFP 23)" in out
    assert any(line.split()[:4] == ["level", "3:", "30/60", "15"] for line in out.splitlines())
    out = _cli(db, "tournament", "levels", "Friday", "break", "2", "--minutes", "5")
    assert "break 1" in out and "break 4, chip-up 50" in out
    # Break 2 is now the 5s' chip-up: without it the 25s would go out first (IFP 56).
    r = CliRunner().invoke(cli_app, ["tournament", "levels", "Friday", "remove-break", "2",
                                     "--db", str(db)])
    assert r.exit_code == 2 and "is not the smallest colours in play (IFP 56)" in r.output
    out = _cli(db, "tournament", "levels", "Friday", "remove-break", "1")
    out = _cli(db, "tournament", "levels", "Friday", "add", "--minutes", "20", "--blinds",
               "5000/10000")
    assert "level 20: 5,000/10,000" in out
    r = CliRunner().invoke(cli_app, ["tournament", "levels", "Friday", "level", "3", "--blinds",
                                     "10/20", "--db", str(db)])
    assert r.exit_code == 2
    assert "level 3: blinds 10/20 do not increase over level 2's 10/20" in r.output
    r = CliRunner().invoke(cli_app, ["tournament", "levels", "Friday", "level", "1", "--minutes",
                                     "30", "--db", str(db)])
    assert r.exit_code == 2 and "level 1 has been played or is being played" in r.output
    r = CliRunner().invoke(cli_app, ["tournament", "clock", "Friday", "add", "soon", "--db",
                                     str(db)])
    assert r.exit_code == 2 and "'soon' is not a time: give 5m, 90s, 1h, 12:30" in r.output
    for _ in range(4):
        assert "the levels and breaks to come are changed" in _cli(db, "tournament", "undo",
                                                                   "Friday")
    with open_store(str(db)) as s:
        t = TournamentService(s).load("Friday").tournament
        assert t.structure == config_preset("gananda").structure


def test_clock_and_levels_help_texts():
    for cmd, words in (("clock", ["next", "previous", "12:30", "IFP 23"]),
                       ("levels", ["remove-break", "--blinds", "TDA RP-11", "IFP 56"])):
        r = CliRunner().invoke(cli_app, ["tournament", cmd, "--help"], env={"COLUMNS": "200"})
        assert r.exit_code == 0
        for w in words:
            assert w in r.output, (cmd, w)


# --- the console's API ------------------------------------------------------------------------


def _event(director: TestClient, name: str = "Friday", start: bool = True) -> None:
    assert director.post("/console/api/events", json={"name": name, "seed": 7}).status_code == 201
    assert director.post(f"/console/api/events/{name}/register",
                         json={"players": PLAYERS[:12]}).status_code == 200
    if start:
        assert director.post(f"/console/api/events/{name}/start").status_code == 200


def _undo(director: TestClient, name: str = "Friday") -> dict:
    r = director.post(f"/console/api/events/{name}/undo", json={})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_console_sets_the_clock_and_undo_takes_it_back(director: TestClient, clock: Clock):
    _event(director)
    clock.now += 60
    for body, level, left in (({"action": "next"}, 2, L1),
                              ({"action": "add", "seconds": 300}, 2, L1 + 300),
                              ({"action": "subtract", "seconds": 600}, 2, L1 - 300),
                              ({"action": "set", "seconds": 750}, 2, 750),
                              ({"action": "previous"}, 1, L1)):
        r = director.post("/console/api/events/Friday/clock", json=body)
        assert r.status_code == 200, r.text
        assert r.json()["events"][0]["type"] == "clock_set"
        c = director.get("/console/api/events/Friday").json()["clock"]
        assert (c["level"], c["seconds_left"]) == (level, left)
    s = director.get("/console/api/events/Friday").json()
    assert s["undo"]["text"] == "clock previous"
    out = _undo(director)
    assert out["command"] == "clock previous"
    assert out["changes"] == ["the clock: level 1, 25:00 left -> level 2, 12:30 left"]
    assert director.get("/console/api/events/Friday").json()["clock"]["level"] == 2


@pytest.mark.parametrize("body, status, message", [
    ({"action": "previous"}, 400, "level 1 is the first"),
    ({"action": "subtract", "seconds": 3600}, 400, "only 25:00 is left in level 1"),
    ({"action": "jump"}, 422, "action"),
    ({"action": "add", "seconds": -1}, 422, "seconds"),
])
def test_a_bad_clock_request_is_refused_and_writes_nothing(director: TestClient, store: Store,
                                                           body, status, message):
    _event(director)
    before = events_of(store, "Friday")
    r = director.post("/console/api/events/Friday/clock", json=body)
    assert r.status_code == status and message in r.json()["error"]
    assert events_of(store, "Friday") == before


def test_the_console_changes_the_levels_to_come(director: TestClient, store: Store):
    _event(director)
    s = director.get("/console/api/events/Friday").json()
    rows = s["levels"]
    assert [r["state"] for r in rows[:2]] == ["now", "to come"]
    periods = [r["period"] for r in rows[1:]]
    periods[0] = {**periods[0], "minutes": 10}
    periods.insert(1, {"kind": "break", "minutes": 5, "color_up": []})
    r = director.post("/console/api/events/Friday/levels", json={"first": 1, "periods": periods})
    assert r.status_code == 200, r.text
    rows = director.get("/console/api/events/Friday").json()["levels"]
    assert rows[1]["minutes"] == 10 and rows[2]["kind"] == "break"
    assert rows[2]["start"] == L1 + 10 * 60
    # Refused with the structure's message, nothing written.
    before = events_of(store, "Friday")
    bad = [dict(p) for p in periods]
    bad[0]["big_blind"] = 5
    r = director.post("/console/api/events/Friday/levels", json={"first": 1, "periods": bad})
    assert r.status_code == 400
    assert "level 2: big blind 5 is lower than the small blind 10" in r.json()["error"]
    r = director.post("/console/api/events/Friday/levels", json={"first": 0, "periods": bad})
    assert r.status_code == 422
    assert events_of(store, "Friday") == before
    s = director.get("/console/api/events/Friday").json()
    assert s["undo"]["text"].startswith("levels (change level 2: 10 min 10/20;")
    _undo(director)
    rows = director.get("/console/api/events/Friday").json()["levels"]
    assert rows[1]["minutes"] == 25 and rows[2]["kind"] == "level"


def test_the_console_unregisters_before_the_start_and_undo_takes_it_back(director: TestClient):
    _event(director, start=False)
    html = director.get("/console/events/Friday/live").text
    assert 'class="small secondary unregister-btn" data-player="Player 03"' in html
    r = director.post("/console/api/events/Friday/unregister", json={"players": ["Player 03"]})
    assert r.status_code == 200 and r.json()["events"][0]["type"] == "unregistered"
    s = director.get("/console/api/events/Friday").json()
    assert s["entrants"] == 11 and "Player 03" not in [p["name"] for p in s["players"]]
    out = _undo(director)
    assert out["changes"][0] == "Player 03 is registered"
    assert director.get("/console/api/events/Friday").json()["entrants"] == 12
    r = director.post("/console/api/events/Friday/unregister", json={"players": ["Nobody"]})
    assert r.status_code == 400 and "unknown player 'Nobody'" in r.json()["error"]


def test_the_console_gives_a_penalty_ifp_70_and_undo_takes_it_back(director: TestClient):
    _event(director)
    html = director.get("/console/events/Friday/live").text
    assert 'penalty-btn" data-player="Player 05"' in html
    assert "unregister-btn" not in html            # after the start: in the field (IFP 5)
    r = director.post("/console/api/events/Friday/penalty",
                      json={"player": "Player 05", "penalty": "rounds", "rounds": 1})
    assert r.status_code == 200, r.text
    e = r.json()["events"][0]
    assert (e["type"], e["hands"]) == ("penalized", 12 // 2)   # a round: one hand a player
    assert "IFP 70" in e["rule"]
    p = next(p for p in director.get("/console/api/events/Friday").json()["players"]
             if p["name"] == "Player 05")
    assert p["penalty"] == 6
    assert "(penalty: 6 hands to miss)" in director.get("/console/events/Friday/live").text
    assert "Player 05's penalty: 6 -> 0 hands to miss" in _undo(director)["changes"]
    r = director.post("/console/api/events/Friday/penalty",
                      json={"player": "Player 05", "penalty": "fine"})
    assert r.status_code == 422 and "penalty" in r.json()["error"]


def test_the_chip_race_outcome_is_in_the_snapshot_ifp_56(director: TestClient, clock: Clock):
    """Each seat's count before, the cards dealt, the chip won (or given: no one is raced
    out) and the new count; shown until the break ends, after every table has raced."""
    _event(director)
    clock.now += 4 * L1 + 30                       # break 1: the 5s go out (chip-up)
    s = director.get("/console/api/events/Friday").json()
    assert s["chip_race"]["going_out"] == [5] and s["chip_races"] is None
    tables = {t["table"]: [x["player"] for x in t["seats"]] for t in s["tables"]}
    counted = 0
    for n, (table, players) in enumerate(sorted(tables.items()), 1):
        stacks = {p: 1505 if k % 2 else 1500 for k, p in enumerate(players)}
        stacks[players[0]] = 5                       # all odd chips: raced out unless he wins
        if n == len(tables):     # the last table's count completes the chips in play
            stacks[players[-1]] += s["chips"] - counted - sum(stacks.values())
        counted += sum(stacks.values())
        r = director.post("/console/api/events/Friday/chip-race",
                          json={"table": table, "stacks": stacks})
        assert r.status_code == 200, r.text
    s = director.get("/console/api/events/Friday").json()
    assert s["chip_race"] is None                  # every table has raced
    race = s["chip_races"]
    assert race["going_out"] == [5] and [r["table"] for r in race["results"]] == sorted(tables)
    for res in race["results"]:
        assert res["chip"] == 25 and res["rule"] == "IFP 56"
        rows = {x["player"]: x for x in res["seats"]}
        assert list(rows) == tables[res["table"]]
        for x in res["seats"]:
            odd = x["before"] % 25
            assert len(x["cards"]) == (odd // 5)       # one card per odd chip
            assert x["after"] == x["before"] - odd + (25 if x["won"] or x["given"] else 0)
        first = rows[tables[res["table"]][0]]
        assert first["won"] == 25 or first["given"] == 25     # no one is raced out
        assert res["raced"] == sum(1 for x in res["seats"] if x["won"])
    html = director.get("/console/events/Friday/live").text
    assert "Every table has raced off the 5 chips." in html
    assert html.count('class="race-result"') == len(tables)
    # A player out after the race leaves his seat: the race still names who sat there then.
    table, players = sorted(tables.items())[0]
    r = director.post("/console/api/events/Friday/bust", json={"players": [players[1]],
                                                                "by": players[2]})
    assert r.status_code == 200, r.text
    res = director.get("/console/api/events/Friday").json()["chip_races"]["results"][0]
    assert [x["player"] for x in res["seats"]] == players
    clock.now += 10 * 60                             # the break is over
    assert director.get("/console/api/events/Friday").json()["chip_races"] is None


def test_the_live_forecast_reads_a_clock_the_director_has_set():
    """The forecast plays the rest of the structure from the level and the time left the
    clock shows, not from the seconds it has counted."""
    from pokertd.sim.live import remainder

    t = _started()
    t.set_clock(T0 + 60, "next")
    t.follow_clock(T0 + 60)
    assert remainder(t, T0 + 60)[2] == L1                  # level 2's start
    t.set_clock(T0 + 120, "set", 600)
    assert remainder(t, T0 + 120)[2] == 2 * L1 - 600


def test_the_clock_set_during_hand_for_hand_tda_rp_8():
    """TDA RP-8: the clock is stopped during hand-for-hand play and two minutes come off it
    per hand; the director's setting holds while it is stopped, and the hands take their
    time off what he set."""
    t = _started(preset="tda-2024")
    t.hand_for_hand(T0 + 60, True)
    assert not t.clock.status(T0 + 60).running
    t.set_clock(T0 + 70, "set", 600)
    assert _at(t, T0 + 500) == (1, False, 600)          # stopped: it stays at 10:00
    t.hand_for_hand_hand_done(T0 + 520)
    assert _at(t, T0 + 530) == (1, False, 480)          # two minutes off (TDA RP-8-C)
    assert t.events[-2].rule == "TDA 1"
