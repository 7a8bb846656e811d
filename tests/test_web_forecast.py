"""The live forecast in the console (issue 15): the JSON the console's forecast card shows,
for a logged-in user; refusals are 4xx with the CLI's message; one answer kept per state of
the log. FastAPI's TestClient over a real SQLite file."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from pokertd.storage import UserStore, open_store
from pokertd.tournament.house import config_preset
from pokertd.web.app import create_app

PASSWORD = "correct horse battery"
START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def site(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'web.db'}")
    UserStore(store).add("ann", "director", PASSWORD)
    clock = Clock()
    app = create_app(store, clock=clock, secret="test")
    client = TestClient(app)
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/login").text)[1]
    r = client.post("/login", data={"username": "ann", "password": PASSWORD,
                                    "csrf_token": token}, follow_redirects=False)
    assert r.status_code == 303
    try:
        yield client, app.state.service, clock
    finally:
        store.close()


def test_console_forecast_of_a_running_event(site):
    client, service, clock = site
    service.create("Friday", config_preset("gananda"), seed=1)
    service.register("Friday", [f"p{i:02d}" for i in range(1, 21)])
    early = client.get("/console/api/events/Friday/forecast")
    assert early.status_code == 400 and "has not started" in early.json()["error"]
    service.start("Friday")
    clock.now = START + 600
    service.bust("Friday", "p01")
    clock.now = START + 900
    r = client.get("/console/api/events/Friday/forecast", params={"finish_by": "23:59"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["forecast"]["players_left"] == 19 and body["forecast"]["entrants"] == 20
    assert [row[0] for row in body["shown"]["rows"]] == ["Bubble (the money)", "Final table",
                                                        "End"]
    assert body["shown"]["chance"].endswith("of the runs finish by 23:59")
    assert "100 simulated tournaments" in body["shown"]["assumptions"]
    assert "assumed" in body["shown"]["pace"]          # one bust-out: too soon to measure
    again = client.get("/console/api/events/Friday/forecast", params={"finish_by": "23:59"})
    assert again.json() == body                          # kept for the same state
    page = client.get("/console/events/Friday")
    assert 'id="forecast-card"' in page.text and "/forecast" in page.text
    # The room's clock screen shows the last forecast the console made, and makes none.
    room = TestClient(client.app)
    last = room.get("/events/Friday/forecast")
    assert last.status_code == 200
    assert last.json() == {"rows": body["shown"]["rows"], "at": body["shown"]["at"],
                           "players_left": 19}
    assert 'id="forecast-stat"' in room.get("/events/Friday/clock").text


def test_console_forecast_refusals(site):
    client, service, clock = site
    assert client.get("/console/api/events/Nope/forecast").status_code == 404
    none_yet = TestClient(client.app).get("/events/Nope/forecast",
                                          headers={"Accept": "application/json"})
    assert none_yet.status_code == 404 and "no forecast" in none_yet.json()["error"]
    service.create("Friday", config_preset("gananda"), seed=1)
    service.register("Friday", ["a", "b", "c"])
    service.start("Friday")
    bad = client.get("/console/api/events/Friday/forecast", params={"finish_by": "25:99"})
    assert bad.status_code == 400 and "HH:MM" in bad.json()["error"]
    anonymous = TestClient(client.app)
    r = anonymous.get("/console/api/events/Friday/forecast", follow_redirects=False)
    assert r.status_code in (401, 303)


def test_no_forecast_card_once_the_event_is_over(site):
    """The console's forecast card (issue 15) is for an event under way: once it is over
    (a winner) the page has none, while a running event's page has it."""
    client, service, clock = site
    service.create("Friday", config_preset("gananda"), seed=1)
    service.register("Friday", ["a", "b", "c"])
    service.start("Friday")
    assert 'id="forecast-card"' in client.get("/console/events/Friday").text
    clock.now = START + 600
    service.bust("Friday", "a")
    service.bust("Friday", "b")
    assert service.load("Friday").tournament.finished
    page = client.get("/console/events/Friday")
    assert page.status_code == 200 and "c wins" in page.text
    assert 'id="forecast-card"' not in page.text
