"""What the console notes beside an event's log (issue 9): "the seat moves to make, each to be
confirmed" by the director, and his switch for the spoken announcements, both kept in the store
(a restarted server still has them) and neither one in the tournament's log."""

from __future__ import annotations

from fastapi.testclient import TestClient

from pokertd.web.app import create_app
from pokertd.web.auth import LoginLimiter
from test_web_app import (  # noqa: F401
    PLAYERS, _csrf, _started, app, clock, director, events_of, login, store, template_db)


def _restarted(store, clock) -> TestClient:  # noqa: F811
    """A new server on the same database, the director logged in again."""
    c = TestClient(create_app(store, clock=clock, secret="another secret",
                              limiter=LoginLimiter(clock=clock)))
    assert login(c).status_code == 303
    c.headers["X-CSRF-Token"] = _csrf(c.get("/console").text)
    return c


def _until_moves(director: TestClient) -> dict:  # noqa: F811
    """Bust the first player of the fullest table until seat moves are due (IFP 11a: a
    balancing move once the buttons are reported; IFP 10: a table broken)."""
    for _ in range(20):
        s = director.get("/console/api/events/Friday").json()
        if s["moves"]:
            return s
        wait = s["balancing"]
        if wait and wait["buttons_needed"]:
            r = director.post("/console/api/events/Friday/buttons",
                              json={"buttons": {str(t): 1 for t in wait["buttons_needed"]}})
        else:
            table = max(s["tables"], key=lambda t: len(t["seats"]))
            r = director.post("/console/api/events/Friday/bust",
                              json={"players": [table["seats"][0]["player"]]})
        assert r.status_code == 200, r.text
    raise AssertionError("no seat move came")


def test_each_seat_move_is_confirmed_and_the_confirmation_outlives_the_server(
        director, store, clock) -> None:  # noqa: F811
    _started(director, players=19)
    s = _until_moves(director)
    assert [m["text"] for m in s["moves"]] == s["moves_to_make"]
    assert not any(m["confirmed"] for m in s["moves"])
    first = s["moves"][0]
    tournament_log = events_of(store, "Friday")
    r = director.post("/console/api/events/Friday/moves", json={"move": first["key"]})
    assert r.status_code == 200 and r.json()["move"] == first["text"]
    assert events_of(store, "Friday") == tournament_log     # not a tournament event
    again = _restarted(store, clock).get("/console/api/events/Friday").json()
    assert [m["confirmed"] for m in again["moves"]] == [
        m["key"] == first["key"] for m in s["moves"]]
    page = director.get("/console/events/Friday/live").text
    assert f"{len([1 for m in again['moves'] if m['confirmed']])} of {len(s['moves'])} done" in page
    # Taken back: not done after all.
    director.post("/console/api/events/Friday/moves", json={"move": first["key"], "done": False})
    assert not any(m["confirmed"] for m in
                   director.get("/console/api/events/Friday").json()["moves"])


def test_a_move_not_to_make_now_is_refused_naming_those_to_make(director, store) -> None:  # noqa: F811
    _started(director, players=19)
    s = _until_moves(director)
    before = len(store.streams())
    r = director.post("/console/api/events/Friday/moves", json={"move": "0.0 Nobody moves"})
    assert r.status_code == 400
    assert "no seat move '0.0 Nobody moves' to make now" in r.json()["error"]
    assert s["moves"][0]["text"] in r.json()["error"]
    assert len(store.streams()) == before


def test_the_speech_switch_outlives_the_server(director, store, clock) -> None:  # noqa: F811
    director.post("/console/api/events", json={"name": "Friday"})
    assert director.post("/console/api/events/Friday/announce",
                         json={"spoken": True}).status_code == 200
    other = _restarted(store, clock)
    assert other.get("/events/Friday/state").json()["settings"] == {"spoken": True}
    other.post("/console/api/events/Friday/announce", json={"spoken": False})
    assert director.get("/events/Friday/state").json()["settings"] == {"spoken": False}
