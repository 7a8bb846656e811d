"""Issue 22, the console's rough edges the server decides: an empty name is refused in words
(not the validator's "String should have at least 1 character"), nothing written; the
balancing card says why each table's button is asked for (IFP 11a)."""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient

from pokertd.storage import Store
from test_web_app import app, clock, director, store, template_db  # noqa: F401

LONG = [f"Player {i:02d}" for i in range(1, 24)]


@pytest.mark.parametrize("path, body, words", [
    ("/console/api/events/Friday/register", {"players": [""]},
     "players: a player's name may not be empty: type his name"),
    ("/console/api/events/Friday/register", {"players": ["   "]},
     "players: a player's name may not be empty: type his name"),
    ("/console/api/events/Friday/register", {"players": []},
     "players: none given: give at least one"),
    ("/console/api/players", {"name": ""}, "name: empty: type the name first"),
    ("/console/api/players", {"name": "Ann", "contact": "c" * 201},
     "contact: too long (201 characters): at most 200"),
    ("/console/api/players/import", {"csv": ""},
     "csv: the file is empty: choose a CSV file with a header row, then one player a row"),
    ("/console/api/events", {"name": ""}, "name: empty: type the name first"),
])
def test_an_empty_or_overlong_field_is_refused_in_words_and_nothing_written(
        director: TestClient, store: Store, path: str, body: dict, words: str) -> None:
    director.post("/console/api/events", json={"name": "Friday"})
    before = sum(len(store.read(s.id)) for s in store.streams())
    people = director.get("/console/api/players").json()["people"]
    r = director.post(path, json=body)
    assert r.status_code == 422
    assert r.json()["error"] == words
    assert "should have" not in r.json()["error"]
    assert sum(len(store.read(s.id)) for s in store.streams()) == before
    assert director.get("/console/api/players").json()["people"] == people


def test_the_balancing_card_says_why_each_button_is_asked_for(director: TestClient) -> None:
    """IFP 11a: the player moved is the one who will be big blind next at the table he
    leaves, his seat the worst position at the table he joins: both found from a button."""
    assert director.post("/console/api/events", json={"name": "Friday", "seed": 3}
                         ).status_code == 201
    director.post("/console/api/events/Friday/register", json={"players": LONG})
    director.post("/console/api/events/Friday/start", json={})
    tables = director.get("/console/api/events/Friday").json()["tables"]
    first = [seat["player"] for seat in tables[0]["seats"]]
    r = director.post("/console/api/events/Friday/bust", json={
        "players": first[:2], "stacks": {first[0]: 1000, first[1]: 2000}, "by": first[2]})
    assert r.status_code == 200, r.text
    wait = director.get("/console/api/events/Friday").json()["balancing"]
    assert wait["buttons_needed"], wait
    page = html.unescape(director.get("/console/events/Friday/live").text)
    giving, taking = wait["from_table"], wait["to_table"]
    assert (f"Table {giving}'s button tells <b>who moves</b>: the player who will be big blind "
            "next there (IFP 11a)") in page
    assert (f"Table {taking}'s button tells <b>where he sits</b>: the worst position at the "
            "table he joins, the big blind if it is free, never the small blind (IFP 11a)") in page
