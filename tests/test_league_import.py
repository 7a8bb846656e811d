"""League import (CSV, checked row by row, all or nothing) and the `pokertd league` commands,
on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli.app import app
from pokertd.services.seasons import STREAM_KIND, ImportRefused, import_csv, load_season, parse_csv
from pokertd.league.season import GANANDA
from pokertd.storage import open_store

HEADER = "event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
GOOD = HEADER + """T1,2014-10-04,Ann,1,1,0,0,
T1,2014-10-04,Bob,2,1,0,0,Ann
T1,2014-10-04,Cat,3,1,0,0,Bob
T2,2014-11-08,Bob,1,1,0,0,
T2,2014-11-08,Ann,2,1,0,0,Bob
T2,2014-11-08,Cat,3,1,0,0,Ann
"""

runner = CliRunner()


def test_parse_csv_reads_events_in_order() -> None:
    events = parse_csv(GOOD)
    assert [e.name for e in events] == ["T1", "T2"]
    assert events[0].date == "2014-10-04"
    bob = next(r for r in events[0].results if r.player == "Bob")
    assert (bob.finish, bob.buyins, bob.rebuys, bob.addons, bob.knocked_out_by) == (2, 1, 0, 0, "Ann")


@pytest.mark.parametrize(("rows", "problem"), [
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,,1,0,0,Ann\n", "row 3: missing finish (place)"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,3,1,0,0,Ann\n", "event 'T1' (rows 2, 3): place 2 is missing (finishes 1, 3)"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Ann,2,1,0,0,\n", "row 3: player 'Ann' is already in event 'T1' (row 2)"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Zed\n", "row 3: 'Bob' knocked out by 'Zed', who is not in event 'T1'"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,x,0,0,Ann\n", "row 3: bad number in buyins: 'x'"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,-1,0,Ann\n", "row 3: rebuys must be at least 0, got -1"),
    ("T1,2014-10-04,Ann,1,1,0,0,Bob\nT1,2014-10-04,Bob,2,1,0,0,\n", "row 2: the winner 'Ann' cannot be knocked out"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0\n", "row 3: 6 columns, expected 8"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-11-08,Bob,2,1,0,0,Ann\n",
     "row 3: event 'T1' has date '2014-10-04' (row 2), not '2014-11-08' (every row of an event gives its date)"),
    ("T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Cat\nT1,2014-10-04,Cat,3,1,0,0,Ann\n",
     "row 3: 'Bob' (finish 2) knocked out by 'Cat', who finished 3: whoever knocks a player out takes their last "
     "chips and outlasts them (Gananda: Winning the Tournament)"),
])
def test_bad_rows_are_refused_with_the_row_number(rows: str, problem: str) -> None:
    with pytest.raises(ImportRefused) as refused:
        parse_csv(HEADER + rows)
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems


def test_every_problem_is_listed() -> None:
    with pytest.raises(ImportRefused) as refused:
        parse_csv(HEADER + "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,two,1,0,0,Ann\nT1,2014-10-04,Cat,3,1,0,0,Zed\n")
    assert [p.split(":")[0] for p in refused.value.problems] == ["row 3", "row 4"]


def test_gananda_points_substitute_column_subs_earn_no_points(tmp_path: Path) -> None:
    """Gananda: Points. Players (but not subs) earn points: the optional substitute column."""
    text = HEADER.rstrip("\n") + ",substitute\nT1,2014-10-04,Ann,1,1,0,0,,\nT1,2014-10-04,Sub,2,1,0,0,Ann,yes\nT1,2014-10-04,Bob,3,1,0,0,Sub,no\n"
    events = parse_csv(text)
    assert [r.substitute for r in events[0].results] == [False, True, False]
    with pytest.raises(ImportRefused, match="row 2: substitute must be yes, no or empty, got 'maybe'"):
        parse_csv(HEADER.rstrip("\n") + ",substitute\nT1,2014-10-04,Ann,1,1,0,0,,maybe\n")
    db = str(tmp_path / "l.db")
    path = _write(tmp_path, text)
    assert runner.invoke(app, ["league", "import", str(path), "--db", db]).exit_code == 0
    rows = json.loads(runner.invoke(app, ["league", "standings", "--format", "json", "--db", db]).output)
    assert [r["player"] for r in rows] == ["Ann", "Bob"]


def test_html_page_escapes_names(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    path = _write(tmp_path, HEADER + "T1,2014-10-04,<b>Ann</b> & co,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,<b>Ann</b> & co\n")
    assert runner.invoke(app, ["league", "import", str(path), "--db", db]).exit_code == 0
    page = runner.invoke(app, ["league", "standings", "--format", "html", "--db", db]).output
    assert "<td>&lt;b&gt;Ann&lt;/b&gt; &amp; co</td>" in page and "<b>Ann" not in page


def test_bad_header_is_refused() -> None:
    with pytest.raises(ImportRefused, match="row 1: the header must be event,date,player"):
        parse_csv("event,player,finish\nT1,Ann,1\n")


def test_import_stores_the_season_and_replays_it(store_url: str) -> None:
    with open_store(store_url) as store:
        import_csv(store, "2014-15", GOOD, GANANDA)
        season = load_season(store, "2014-15")
        assert [e.name for e in season.events] == ["T1", "T2"]
        assert season.config == GANANDA
        # A second import appends; an event the season already has is refused, nothing stored.
        import_csv(store, "2014-15", HEADER + "T3,2014-12-13,Cat,1,1,0,0,\nT3,2014-12-13,Ann,2,1,0,0,Cat\n", GANANDA)
        with pytest.raises(ImportRefused, match="event 'T3': the season '2014-15' already has it"):
            import_csv(store, "2014-15", HEADER + "T4,2015-01-10,Ann,1,1,0,0,\nT4,2015-01-10,Bob,2,1,0,0,\n"
                                               "T3,2014-12-13,Ann,1,1,0,0,\nT3,2014-12-13,Bob,2,1,0,0,\n", GANANDA)
        assert [e.name for e in load_season(store, "2014-15").events] == ["T1", "T2", "T3"]


def test_bad_import_stores_nothing(store_url: str) -> None:
    with open_store(store_url) as store:
        with pytest.raises(ImportRefused):
            import_csv(store, "s", GOOD + "T3,2014-12-13,Ann,1,1,0,0,\nT3,2014-12-13,Ann,2,1,0,0,\n", GANANDA)
        assert store.streams(STREAM_KIND) == []
        # A field the Gananda payout table does not cover (55 players) is refused before writing.
        big = HEADER + "".join(f"T9,2014-10-04,P{i},{i},1,0,0,\n" for i in range(1, 56))
        with pytest.raises(ImportRefused, match="covers 2-54 entrants"):
            import_csv(store, "s", big, GANANDA)
        assert store.streams(STREAM_KIND) == []


def _write(tmp_path: Path, text: str, name: str = "season.csv") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_cli_import_and_standings_json_csv_html_table(store_url: str, tmp_path: Path) -> None:
    """Gananda: Points through the command line: Bob 2nd of 3 then knocks out Ann, who won T1
    and leads: 10*sqrt(75)/3 + 1 + 10*sqrt(75)/2 + 5."""
    csv_file = _write(tmp_path, GOOD)
    done = runner.invoke(app, ["league", "import", str(csv_file), "--season", "2014-15", "--preset", "gananda", "--db", store_url])
    assert done.exit_code == 0, done.output
    assert "season '2014-15': 2 events" in done.output
    done = runner.invoke(app, ["league", "standings", "--season", "2014-15", "--format", "json", "--db", store_url])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)
    bob = 10 * math.sqrt(75) / 3 + 1 + 10 * math.sqrt(75) / 2 + 5
    assert rows[0] == {"rank": 1, "player": "Bob", "points": round(bob, 2), "events": 2, "knockouts": 2}
    assert [r["player"] for r in rows] == ["Bob", "Ann", "Cat"]
    done = runner.invoke(app, ["league", "standings", "--format", "csv", "--db", store_url])
    assert done.output.splitlines()[0] == "rank,player,points,events,knockouts,winnings"
    assert done.output.splitlines()[1] == f"1,Bob,{bob:.2f},2,2,60"
    done = runner.invoke(app, ["league", "standings", "--format", "html", "--db", store_url])
    assert done.output.startswith("<!DOCTYPE html>") and "<td>Bob</td>" in done.output
    assert "</html>" in done.output
    done = runner.invoke(app, ["league", "standings", "--db", store_url])
    assert done.exit_code == 0 and "Bob" in done.output and f"{bob:.2f}" in done.output
    done = runner.invoke(app, ["league", "toc", "--format", "json", "--db", store_url])
    toc = json.loads(done.output)
    assert toc["pool"] == 50 * 3 + 5 * 6  # Gananda: TOC
    assert [p["stack"] for p in toc["players"]] == [3400, 3300, 3200]


def test_cli_bad_import_names_the_row_and_stores_nothing(store_url: str, tmp_path: Path) -> None:
    csv_file = _write(tmp_path, HEADER + "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Zed\n")
    done = runner.invoke(app, ["league", "import", str(csv_file), "--db", store_url])
    assert done.exit_code == 2
    assert "row 3: 'Bob' knocked out by 'Zed', who is not in event 'T1'" in done.output
    done = runner.invoke(app, ["league", "standings", "--db", store_url])
    assert done.exit_code == 2 and "no seasons yet" in done.output


def test_cli_import_with_a_formula_and_bad_formula(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    csv_file = _write(tmp_path, GOOD)
    done = runner.invoke(app, ["league", "import", str(csv_file), "--formula", "sqr(n)", "--db", db])
    assert done.exit_code == 2 and "position 1: unknown function 'sqr'" in done.output
    done = runner.invoke(app, ["league", "import", str(csv_file), "--formula", "linear", "--db", db])
    assert done.exit_code == 0, done.output
    rows = json.loads(runner.invoke(app, ["league", "standings", "--season", "season", "--format", "json", "--db", db]).output)
    # linear: n - f + 1, plus the bonuses: Bob 2 + 1 (T1), 3 + 5 (T2).
    assert rows[0] == {"rank": 1, "player": "Bob", "points": 11.0, "events": 2, "knockouts": 2}


def test_gananda_standings_cli_after_an_event_and_a_season_config_file(tmp_path: Path) -> None:
    """Gananda: Standings (after each event); a league's own settings as TOML."""
    db = str(tmp_path / "l.db")
    config = tmp_path / "league.toml"
    config.write_text('preset = "gananda"\nformula = "n - f + 1"\nknockout_points = 0\n')
    path = _write(tmp_path, GOOD)
    done = runner.invoke(app, ["league", "import", str(path), "--preset", str(config), "--db", db])
    assert done.exit_code == 0, done.output
    rows = json.loads(runner.invoke(app, ["league", "standings", "--after", "T1", "--format", "json", "--db", db]).output)
    assert [(r["player"], r["points"]) for r in rows] == [("Ann", 3.0), ("Bob", 2.0), ("Cat", 1.0)]
    rows = json.loads(runner.invoke(app, ["league", "standings", "--format", "json", "--db", db]).output)
    # T2: Bob 3 + 2 + 2 (Ann won T1 and leads), Ann 2, Cat 1.
    assert [(r["player"], r["points"]) for r in rows] == [("Bob", 9.0), ("Ann", 5.0), ("Cat", 2.0)]
    done = runner.invoke(app, ["league", "standings", "--after", "T9", "--db", db])
    assert done.exit_code == 2 and "has no event 'T9' (events: T1, T2)" in done.output
    config.write_text('formula = "n - f + 1"\ncolour = "red"\n')
    done = runner.invoke(app, ["league", "import", str(path), "--season", "other", "--preset", str(config), "--db", db])
    assert done.exit_code == 2 and "unknown season settings: colour" in done.output


def test_cli_add_a_tournament_run_here(store_url: str) -> None:
    """A live tournament kept in the database becomes a league event (Gananda: Points, with the
    knockout point); an unfinished one is refused and nothing is stored."""
    from pokertd.services.tournaments import TournamentService
    from pokertd.tournament.house import config_preset

    with open_store(store_url) as store:
        service = TournamentService(store)
        service.create("Friday", config_preset("gananda"), seed=1)
        service.register("Friday", ["Ann", "Bob", "Cat"])
        service.start("Friday")
        service.bust("Friday", "Cat", knocked_out_by="Bob")
    done = runner.invoke(app, ["league", "add", "Friday", "--season", "S", "--db", store_url])
    assert done.exit_code == 2 and "the tournament is not finished" in done.output
    with open_store(store_url) as store:
        assert store.streams(STREAM_KIND) == []
        TournamentService(store).bust("Friday", "Bob", knocked_out_by="Ann")
    done = runner.invoke(app, ["league", "add", "Friday", "--season", "S", "--event", "T1", "--subs", "Cat", "--db", store_url])
    assert done.exit_code == 0, done.output
    rows = json.loads(runner.invoke(app, ["league", "standings", "--format", "json", "--db", store_url]).output)
    assert rows == [
        {"rank": 1, "player": "Ann", "points": round(10 * math.sqrt(75) / 2 + 1, 2), "events": 1, "knockouts": 1},
        {"rank": 2, "player": "Bob", "points": round(10 * math.sqrt(75) / 3 + 1, 2), "events": 1, "knockouts": 1},
    ]
    done = runner.invoke(app, ["league", "add", "Friday", "--season", "S", "--event", "T1", "--db", store_url])
    assert done.exit_code == 2 and "the season 'S' already has it" in done.output


def test_ifp62_a_tournament_run_here_with_a_deal_counts_what_it_paid(store_url: str) -> None:
    """IFP 62 and Gananda: Points (``p``, the prize): a tournament run here in which the last
    two made a deal becomes an event whose winnings (and prize variable) are what the director
    paid (the deal's amounts), not the payout table's 42/18 of $60."""
    from pokertd.services.tournaments import TournamentService
    from pokertd.tournament.house import config_preset

    with open_store(store_url) as store:
        service = TournamentService(store)
        service.create("Chop", config_preset("gananda"), seed=1)
        service.register("Chop", ["Ann", "Bob", "Cat"])
        service.start("Chop")
        service.bust("Chop", "Cat", knocked_out_by="Bob")
        service.deal("Chop", "chip-chop", ["Ann", "Bob"], stacks={"Ann": 1500, "Bob": 3000})
        service.bust("Chop", "Bob", knocked_out_by="Ann")
    done = runner.invoke(app, ["league", "add", "Chop", "--season", "Deals", "--formula", "p",
                               "--db", store_url])
    assert done.exit_code == 0, done.output
    csv_rows = runner.invoke(app, ["league", "standings", "--season", "Deals", "--format", "csv",
                                   "--db", store_url]).output.splitlines()
    # $60 left to pay, chopped 1:2 by chips: Ann (the winner) 20, Bob 40; the knockout point each.
    assert csv_rows == ["rank,player,points,events,knockouts,winnings",
                        "1,Bob,41.00,1,1,40", "2,Ann,21.00,1,1,20", "3,Cat,0.00,1,0,0"]


def test_gananda_cost_a_tournament_run_for_another_buy_in_is_refused(store_url: str,
                                                                     tmp_path: Path) -> None:
    """Gananda: Cost ($25, $5 of it to the TOC pool): a tournament run here for a $55 buy-in is
    not added to a Gananda season (its points and TOC pool count $25), nor one whose whole
    buy-in went to its prize pool (nothing left for the TOC); nothing is stored. The same
    tournament goes into a season whose buy-in is its own."""
    from dataclasses import replace

    from pokertd.services.tournaments import TournamentService
    from pokertd.tournament.house import config_preset

    with open_store(store_url) as store:
        service = TournamentService(store)
        for name, money in (("Dear", {"buy_in": 55, "to_prize_pool": 50}),
                            ("NoFee", {"buy_in": 25, "to_prize_pool": 25})):
            service.create(name, replace(config_preset("gananda"), **money), seed=1)
            service.register(name, ["Ann", "Bob"])
            service.start(name)
            service.bust(name, "Bob", knocked_out_by="Ann")
    done = runner.invoke(app, ["league", "add", "Dear", "--season", "G", "--db", store_url])
    assert done.exit_code == 2
    assert "the tournament's buy-in is 55, the season's 25" in " ".join(done.output.split())
    done = runner.invoke(app, ["league", "add", "NoFee", "--season", "G", "--db", store_url])
    assert done.exit_code == 2
    assert "leaving less than the season's 5 for the TOC pool" in " ".join(done.output.split())
    with open_store(store_url) as store:
        assert store.streams(STREAM_KIND) == []
    own = tmp_path / "dear.toml"
    own.write_text("buy_in = 55\ntoc_contribution = 5\n", encoding="utf-8")
    done = runner.invoke(app, ["league", "add", "Dear", "--season", "Dear league",
                               "--preset", str(own), "--db", store_url])
    assert done.exit_code == 0, done.output
    rows = json.loads(runner.invoke(app, ["league", "standings", "--season", "Dear league",
                                          "--format", "json", "--db", store_url]).output)
    # Gananda: Points with b = e = 55, n = 2: 10 * sqrt(110) / 2 + 1 knockout for Ann.
    assert [(r["player"], r["points"]) for r in rows] == [
        ("Ann", round(10 * math.sqrt(110) / 2 + 1, 2)), ("Bob", round(10 * math.sqrt(110) / 3, 2))]


# --- dates: Gananda: Standings ("updated after each tournament"); the schedule's 10/04/2014 ---

@pytest.mark.parametrize(("written", "stored"), [
    ("2014-10-04", "2014-10-04"),
    ("10/04/2014", "2014-10-04"),     # the Gananda rules' schedule: Tournament #1 10/04/2014
    ("10/4/2014", "2014-10-04"),
    (" 2015-2-7 ", "2015-02-07"),
    ("02/29/2016", "2016-02-29"),     # a leap day
])
def test_gananda_schedule_dates_iso_and_us_are_stored_as_iso(written: str, stored: str) -> None:
    events = parse_csv(HEADER + f"T1,{written},Ann,1,1,0,0,\nT1,{written},Bob,2,1,0,0,Ann\n")
    assert events[0].date == stored


@pytest.mark.parametrize(("written", "problem"), [
    ("2014-13-13", "row 2: '2014-13-13' is not a date: there is no month 13"),
    ("02/30/2015", "row 2: '02/30/2015' is not a date: February 2015 has 28 days, not 30"),
    ("2014-10-32", "row 2: '2014-10-32' is not a date: October 2014 has 31 days, not 32"),
    # The Gananda schedule's own typo (Tournament #7 "04/11.2015") is no date.
    ("04/11.2015", "row 2: '04/11.2015' is not a date: write 2014-10-04 (year-month-day) or 10/04/2014"),
    ("04.10.2014", "row 2: '04.10.2014' is not a date: write 2014-10-04"),
    ("2014/10/04", "row 2: '2014/10/04' is not a date: write 2014-10-04"),
    ("Oct 4", "row 2: 'Oct 4' is not a date: write 2014-10-04"),
    ("", "row 2: missing date (write 2014-10-04"),
])
def test_bad_dates_are_refused_with_the_row_and_the_problem(written: str, problem: str) -> None:
    with pytest.raises(ImportRefused) as refused:
        parse_csv(HEADER + f"T1,{written},Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Ann\n")
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems


def test_an_event_dated_alike_in_both_forms_is_one_date_and_differently_is_refused() -> None:
    events = parse_csv(HEADER + "T1,2014-10-04,Ann,1,1,0,0,\nT1,10/04/2014,Bob,2,1,0,0,Ann\n")
    assert events[0].date == "2014-10-04"
    with pytest.raises(ImportRefused) as refused:
        parse_csv(HEADER + "T1,10/04/2014,Ann,1,1,0,0,\nT1,10/04/2014,Bob,2,1,0,0,Ann\n"
                           "T1,04/10/2014,Cat,3,1,0,0,Ann\n")
    assert refused.value.problems == [
        "row 4: event 'T1' has date '10/04/2014' (row 2), not '04/10/2014' (every row of an event gives its date)"]


def test_gananda_standings_events_are_ordered_by_date_then_as_listed() -> None:
    """Gananda: Standings. A file listing a later event first still plays it second (its
    bonuses look at the events before it by date); events of one date keep the file's order."""
    text = HEADER + ("T2,11/08/2014,Bob,1,1,0,0,\nT2,11/08/2014,Ann,2,1,0,0,Bob\n"
                     "T1b,2014-10-04,Cat,1,1,0,0,\nT1b,2014-10-04,Ann,2,1,0,0,Cat\n"
                     "T1a,2014-10-04,Ann,1,1,0,0,\nT1a,2014-10-04,Bob,2,1,0,0,Ann\n")
    assert [(e.name, e.date) for e in parse_csv(text)] == [
        ("T1b", "2014-10-04"), ("T1a", "2014-10-04"), ("T2", "2014-11-08")]


def test_gananda_standings_an_earlier_event_imported_later_takes_its_place(store_url: str) -> None:
    """Gananda: Standings and Points: T2 imported before T1 scores as if imported in date order
    (Bob's T2 knockout of Ann, T1's winner and the leader, earns 1 + 2 + 2)."""
    t1, t2 = (HEADER + "".join(line + "\n" for line in GOOD.splitlines()[1:][i:i + 3]) for i in (0, 3))
    with open_store(store_url) as store:
        import_csv(store, "late", t2, GANANDA)
        import_csv(store, "late", t1.replace("2014-10-04", "10/04/2014"), GANANDA)
        import_csv(store, "ordered", GOOD, GANANDA)
        late, ordered = load_season(store, "late"), load_season(store, "ordered")
    assert [(e.name, e.date) for e in late.events] == [("T1", "2014-10-04"), ("T2", "2014-11-08")]
    from pokertd.league.standings import standings
    assert [s.to_dict() for s in standings(late)] == [s.to_dict() for s in standings(ordered)]
    assert standings(late)[0].player == "Bob"


def test_cli_bad_date_exit_2_nothing_imported(store_url: str, tmp_path: Path) -> None:
    csv_file = _write(tmp_path, GOOD + "T3,2014-13-13,Ann,1,1,0,0,\nT3,2014-13-13,Bob,2,1,0,0,Ann\n")
    done = runner.invoke(app, ["league", "import", str(csv_file), "--db", store_url])
    assert done.exit_code == 2
    assert "row 8: '2014-13-13' is not a date: there is no month 13" in done.output
    assert "row 9: '2014-13-13' is not a date" in done.output
    with open_store(store_url) as store:
        assert store.streams(STREAM_KIND) == []


def test_a_date_stored_before_dates_were_checked_reads_as_none(store_url: str) -> None:
    """A season imported before the check may hold '2014-13-13': it still loads, the event keeps
    its place and has no date; a stored US date reads as ISO."""
    from pokertd.storage import NewEvent

    with open_store(store_url) as store:
        info = store.create_stream(STREAM_KIND, "old", GANANDA.to_dict())
        results = [{"player": "Ann", "finish": 1}, {"player": "Bob", "finish": 2, "knocked_out_by": "Ann"}]
        store.append(info.id, 0, [NewEvent("league-event", {"name": "T1", "date": "2014-13-13", "results": results}),
                                  NewEvent("league-event", {"name": "T2", "date": "11/08/2014", "results": results})])
        season = load_season(store, "old")
    assert [(e.name, e.date) for e in season.events] == [("T1", None), ("T2", "2014-11-08")]


def test_cli_add_checks_and_normalises_the_date(store_url: str) -> None:
    """league add --date: the forms of an import; a bad one exit 2, nothing stored; without
    --date the event is dated the day the tournament started."""
    import datetime

    from pokertd.services.tournaments import TournamentService
    from pokertd.tournament.house import config_preset

    with open_store(store_url) as store:
        service = TournamentService(store)
        for name in ("Fri", "Sat"):
            service.create(name, config_preset("gananda"), seed=1)
            service.register(name, ["Ann", "Bob"])
            service.start(name)
            service.bust(name, "Bob", knocked_out_by="Ann")
        started = datetime.date.fromtimestamp(service.load("Sat").tournament.clock.started_at).isoformat()
    done = runner.invoke(app, ["league", "add", "Fri", "--season", "S", "--date", "2014-13-13", "--db", store_url])
    assert done.exit_code == 2
    assert "event 'Fri': '2014-13-13' is not a date: there is no month 13" in " ".join(done.output.split())
    with open_store(store_url) as store:
        assert store.streams(STREAM_KIND) == []
    done = runner.invoke(app, ["league", "add", "Fri", "--season", "S", "--date", "10/04/2014", "--db", store_url])
    assert done.exit_code == 0, done.output
    assert runner.invoke(app, ["league", "add", "Sat", "--season", "S", "--db", store_url]).exit_code == 0
    with open_store(store_url) as store:
        assert [(e.name, e.date) for e in load_season(store, "S").events] == [("Fri", "2014-10-04"), ("Sat", started)]
