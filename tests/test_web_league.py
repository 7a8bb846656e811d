"""The league on the web (issue 9: "Finishing: the results, the league event added to its season
in one step (`league add`), the league pages updated"; "League: standings (with the race chart),
each event's results, the Tournament of Champions")."""

from __future__ import annotations

import html
import re
import sqlite3

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pokertd.cli import app as cli_app
from pokertd.services.seasons import load_season
from pokertd.league.standings import standings, toc
from pokertd.storage import open_store
from test_web_app import (  # noqa: F401
    PLAYERS, _started, app, clock, director, store, template_db)


def _finish(director: TestClient, name: str = "Friday") -> None:  # noqa: F811
    """Bust the first player of the fullest table until one is left (the buttons reported
    when balancing asks for them, IFP 11a)."""
    for _ in range(60):
        s = director.get(f"/console/api/events/{name}").json()
        if s["finished"]:
            return
        wait = s["balancing"]
        if wait and wait["buttons_needed"]:
            r = director.post(f"/console/api/events/{name}/buttons",
                              json={"buttons": {str(t): 1 for t in wait["buttons_needed"]}})
        else:
            table = max(s["tables"], key=lambda t: len(t["seats"]))
            r = director.post(f"/console/api/events/{name}/bust",
                              json={"players": [table["seats"][0]["player"]],
                                    "by": table["seats"][1]["player"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the event did not finish")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_a_finished_event_goes_to_its_season_in_one_step_as_league_add_would(
        director, store, tmp_path) -> None:  # noqa: F811
    _started(director, players=12)
    r = director.post("/console/api/events/Friday/league", json={"season": "Fall"})
    assert r.status_code == 400 and "the tournament is not finished" in r.json()["error"]
    assert load_season_or_none(store, "Fall") is None
    _finish(director)
    assert "Add to the season" in director.get("/console/events/Friday/live").text
    # The CLI's `league add` on a copy of the same database, for comparison.
    copy = tmp_path / "cli.db"
    with sqlite3.connect(tmp_path / "web.db") as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    r = director.post("/console/api/events/Friday/league", json={"season": "Fall"})
    assert r.status_code == 200, r.text
    assert r.json()["entrants"] == 12
    out = CliRunner().invoke(cli_app, ["league", "add", "Friday", "--season", "Fall",
                                       "--db", str(copy)])
    assert out.exit_code == 0, out.output
    with open_store(f"sqlite:///{copy}") as other:
        assert load_season(other, "Fall").events == load_season(store, "Fall").events
    live = director.get("/console/events/Friday/live").text
    assert "In the league" in live and "/league/Fall" in live
    # Once only: the season has it.
    r = director.post("/console/api/events/Friday/league", json={"season": "Fall"})
    assert r.status_code == 400 and "already has it" in r.json()["error"]
    assert len(load_season(store, "Fall").events) == 1


def load_season_or_none(store, name):  # noqa: F811
    from pokertd.services.seasons import STREAM_KIND

    return None if store.find_stream(STREAM_KIND, name) is None else load_season(store, name)


def test_the_league_pages_show_standings_results_race_and_toc(director, store) -> None:  # noqa: F811
    for name in ("Friday", "Saturday"):
        _started(director, name=name, players=12, seed=len(name))
        _finish(director, name)
        assert director.post(f"/console/api/events/{name}/league",
                             json={"season": "Fall", "date": f"2026-11-{len(name):02d}"}
                             ).status_code == 200
    season = load_season(store, "Fall")
    anon = TestClient(director.app)
    assert "Fall" in _text(anon.get("/league").text)
    page = _text(anon.get("/league/Fall").text)
    # Every player in the order of the standings, with his points to 2 decimals.
    order = [m.start() for m in (re.search(rf"\b{re.escape(s.player)}\s+{s.points:.2f}\b", page)
                                 for s in standings(season)) if m]
    assert len(order) == len(standings(season)) and order == sorted(order)
    race = anon.get("/league/Fall/race.svg")
    assert race.status_code == 200 and race.headers["content-type"].startswith("image/svg+xml")
    results = _text(anon.get("/league/Fall/events/Saturday").text)
    saturday = next(e for e in season.events if e.name == "Saturday")
    winner = next(r.player for r in saturday.results if r.finish == 1)
    assert re.search(rf"\b1\s+{re.escape(winner)}\b", results)
    t = toc(season)
    toc_page = _text(anon.get("/league/Fall/toc").text)
    assert f"{len(t.seats)} qualifiers" in toc_page and f"{t.pool:,}" in toc_page
    r = anon.get("/league/Spring")
    assert r.status_code == 404 and "no season named 'Spring' (seasons: Fall)" in _text(r.text)
    r = anon.get("/league/Fall/events/Sunday")
    assert r.status_code == 404 and "no event 'Sunday'" in _text(r.text)
