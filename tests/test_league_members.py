"""League membership (Gananda: Cost, "A $50 yearly league fee will be collected at signup for the
league. 100% of this fee will go directly to the year end Tournament of Champions"; Gananda:
Points, "Players (but not subs) earn points"; Gananda: TOC, "the total of the $50 league fees
collected ... plus the total of the individual $5 rakes for the season's buyins"): who paid the
fee, the substitutes, the TOC pool and the points that follow, from `pokertd league members`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli.app import app
from pokertd.services.seasons import STREAM_KIND, change_members, import_csv, load_season
from pokertd.league.season import GANANDA, Event, LeagueError, Result, Season
from pokertd.league.standings import standings, toc, toc_pool
from pokertd.storage import open_store

runner = CliRunner()
HEADER = "event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
GOOD = HEADER + """T1,10/04/2014,Ann,1,1,0,0,
T1,10/04/2014,Bob,2,1,0,0,Ann
T1,10/04/2014,Cat,3,1,0,0,Bob
T2,11/08/2014,Bob,1,1,0,0,
T2,11/08/2014,Ann,2,1,0,0,Bob
T2,11/08/2014,Cat,3,1,0,0,Ann
"""


def _import(db: str, tmp_path: Path, text: str = GOOD, season: str = "2014-15") -> None:
    path = tmp_path / f"{season}.csv"
    path.write_text(text)
    done = runner.invoke(app, ["league", "import", str(path), "--season", season, "--db", db])
    assert done.exit_code == 0, done.output


def _members(db: str, *args: str) -> dict:
    done = runner.invoke(app, ["league", "members", "--season", "2014-15", "--format", "json", "--db", db, *args])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def _json(db: str, *args: str) -> object:
    done = runner.invoke(app, ["league", *args, "--season", "2014-15", "--format", "json", "--db", db])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def _stored(db: str) -> int:
    """How many events the season's stream holds."""
    with open_store(db) as store:
        info = store.find_stream(STREAM_KIND, "2014-15")
        assert info is not None
        return store.head(info.id)


def test_gananda_cost_no_list_set_every_player_who_played_paid(store_url: str, tmp_path: Path) -> None:
    """Gananda: Cost. The default while no membership list was ever set: every player who played
    an event, not as a sub, paid the $50 fee (3 * 50 + 6 buy-ins * 5 = 180)."""
    _import(store_url, tmp_path)
    assert _members(store_url) == {"season": "2014-15", "list_set": False, "league_fee": 50, "fees": 150,
                                   "members": ["Ann", "Bob", "Cat"], "substitutes": [], "not_members": []}
    assert _json(store_url, "toc")["pool"] == 180
    done = runner.invoke(app, ["league", "members", "--db", store_url])
    assert done.exit_code == 0
    text = " ".join(done.output.split())
    assert "3 members, league fees 150" in text and "No membership list set" in text


def test_gananda_cost_toc_pool_counts_the_members_who_paid(store_url: str, tmp_path: Path) -> None:
    """Gananda: Cost and TOC. A member who signed up and paid but has not played adds $50 to
    the pool; a player taken off the list adds no fee (his buy-ins' $5 still count) and earns
    no points."""
    _import(store_url, tmp_path)
    got = _members(store_url, "--add", "Dan")
    assert got["list_set"] and got["members"] == ["Ann", "Bob", "Cat", "Dan"] and got["fees"] == 200
    assert _json(store_url, "toc")["pool"] == 4 * 50 + 6 * 5
    got = _members(store_url, "--remove", "Cat")
    assert got["members"] == ["Ann", "Bob", "Dan"] and got["not_members"] == ["Cat"]
    assert _json(store_url, "toc")["pool"] == 3 * 50 + 6 * 5
    assert [r["player"] for r in _json(store_url, "standings")] == ["Bob", "Ann"]
    seasons = json.loads(runner.invoke(app, ["league", "seasons", "--format", "json", "--db", store_url]).output)
    assert seasons[0]["players"] == 3 and seasons[0]["pool"] == 180
    with open_store(store_url) as store:   # kept: a new read of the season sees the list
        season = load_season(store, "2014-15")
    assert season.members == ("Ann", "Bob", "Dan") and toc_pool(season) == 180


def test_gananda_points_a_declared_substitute_pays_no_fee_and_earns_no_points(store_url: str,
                                                                              tmp_path: Path) -> None:
    """Gananda: Points ("Players (but not subs) earn points") and Cost: Bob declared a sub
    leaves the standings and the fees; his buy-ins still pay the TOC part. Declared a member
    again, he is back with his points."""
    _import(store_url, tmp_path)
    before = _json(store_url, "standings")
    got = _members(store_url, "--substitute", "Bob")
    assert got["members"] == ["Ann", "Cat"] and got["substitutes"] == ["Bob"] and got["fees"] == 100
    assert [r["player"] for r in _json(store_url, "standings")] == ["Ann", "Cat"]
    assert _json(store_url, "toc")["pool"] == 2 * 50 + 6 * 5
    got = _members(store_url, "--add", "Bob")
    assert got["members"] == ["Ann", "Cat", "Bob"] and got["substitutes"] == []
    assert _json(store_url, "standings") == before
    got = _members(store_url, "--substitute", "Eve,Fay", "--remove", "Cat")
    assert got["substitutes"] == ["Eve", "Fay"] and got["not_members"] == ["Cat"]
    got = _members(store_url, "--remove", "Eve")
    assert got["substitutes"] == ["Fay"]


def test_gananda_points_a_new_player_off_the_list_earns_nothing_and_is_named(store_url: str,
                                                                            tmp_path: Path) -> None:
    """Gananda: Points. Once the list is set, an import with a player not on it is scored
    without points for him (he paid no fee) and the import names him; added, he scores."""
    _import(store_url, tmp_path)
    _members(store_url, "--add", "Dan")
    path = tmp_path / "t3.csv"
    path.write_text(HEADER + "T3,12/13/2014,Hal,1,1,0,0,\nT3,12/13/2014,Ann,2,1,0,0,Hal\n")
    done = runner.invoke(app, ["league", "import", str(path), "--season", "2014-15", "--db", store_url])
    assert done.exit_code == 0, done.output
    assert "not members of season '2014-15', so no points and no league fee: Hal" in " ".join(done.output.split())
    assert "Hal" not in [r["player"] for r in _json(store_url, "standings")]
    _members(store_url, "--add", "Hal")
    assert "Hal" in [r["player"] for r in _json(store_url, "standings")]


@pytest.mark.parametrize(("args", "message"), [
    (["--add", "Ann"], "'Ann' is already a member of season '2014-15'; nothing changed"),
    (["--remove", "Zed"], "'Zed' is neither a member nor a substitute of season '2014-15' (members: Ann, Bob, Cat)"),
    (["--add", "Dan", "--remove", "Dan"], "'Dan' given to both --add and --remove"),
    (["--add", "Dan", "--substitute", "Dan"], "'Dan' given to both --add and --substitute"),
    (["--add", "Dan,", ], "--add: an empty player name"),
    (["--add", "Dan", "--add", "Dan"], "--add: 'Dan' is named twice"),
    (["--add", "Dan", "--remove", "Zed"], "'Zed' is neither a member nor a substitute"),
    (["--season", "2099", "--add", "Dan"], "no season named '2099' (seasons: 2014-15)"),
    (["--format", "xml"], "'xml' is not one of"),
])
def test_bad_membership_changes_exit_2_and_store_nothing(store_url: str, tmp_path: Path, args: list[str],
                                                         message: str) -> None:
    _import(store_url, tmp_path)
    head = _stored(store_url)
    done = runner.invoke(app, ["league", "members", "--season", "2014-15", *args, "--db", store_url])
    assert done.exit_code == 2
    assert message in " ".join(done.output.split()), done.output
    assert _stored(store_url) == head
    assert _members(store_url)["list_set"] is False


def test_gananda_toc_qualification_follows_the_list() -> None:
    """Gananda: TOC ("ALL players who attend at least three of the regular season tournaments"):
    with a list, a non-member who attended three events is no qualifier (he earns no points and
    is not in the standings); the pool counts the listed members' fees."""
    events = [Event(f"T{i}", (Result("Ann", 1), Result("Bob", 2), Result("Hal", 3)), f"2014-1{i}-04")
              for i in range(3)]
    season = Season("s", GANANDA, events, members=("Ann", "Bob", "Dan"))
    assert [s.player for s in toc(season).seats] == ["Ann", "Bob"]
    assert toc_pool(season) == 3 * 50 + 9 * 5
    assert season.non_members() == ("Hal",)
    assert {s.player for s in standings(Season("s", GANANDA, events))} == {"Ann", "Bob", "Hal"}


def test_change_members_library_and_refusals(store_url: str) -> None:
    with open_store(store_url) as store:
        import_csv(store, "2014-15", GOOD, GANANDA)
        season = change_members(store, "2014-15")           # no change: nothing stored
        assert season.members is None and store.head(store.find_stream(STREAM_KIND, "2014-15").id) == 2
        season = change_members(store, "2014-15", add=["Dan"], substitute=["Cat"])
        assert season.members == ("Ann", "Bob", "Dan") and season.substitutes == ("Cat",)
        assert load_season(store, "2014-15").members == ("Ann", "Bob", "Dan")
        with pytest.raises(LeagueError, match="a player name cannot hold ','"):
            change_members(store, "2014-15", add=["Eve,Fay"])
