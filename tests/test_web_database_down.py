"""Issue 22: PostgreSQL stopped under a running server. Every route of the application (found
by walking its routes, so a page added later is covered too), for a logged-in director and for
anyone, answers 503 with ``Retry-After`` and a message in words (a page for a page, JSON for the
API), or what it answers without the database; never a 500. The same pages work again once the
server is back."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from web_routes import app_routes, fill

from pokertd.storage import UserStore, open_store
from pokertd.web.app import create_app
from pokertd.web.auth import LoginLimiter

PASSWORD = "correct horse battery"
PLAYERS = [f"Player {i:02d}" for i in range(1, 10)]


def _csrf(page: str) -> str:
    m = re.search(r'name="csrf-token" content="([^"]+)"', page)
    assert m
    return m.group(1)


def _request(client: TestClient, method: str, path: str, token: str):  # type: ignore[no-untyped-def]
    if path in ("/login", "/logout"):       # the forms: form fields, as a browser posts them
        return client.request(method, path, follow_redirects=False,
                              data={"csrf_token": token, "username": "ann",
                                    "password": PASSWORD})
    return client.request(method, path, follow_redirects=False,
                          json={} if method == "POST" else None)


def test_every_route_answers_503_in_words_while_postgresql_is_stopped(postgres_server) -> None:
    store = open_store(postgres_server.create_database())
    UserStore(store).add("ann", "director", PASSWORD)
    clock = [1_800_000_000.0]
    app = create_app(store, clock=lambda: clock[0], secret="down",
                     limiter=LoginLimiter(clock=lambda: clock[0]))
    director, anyone = TestClient(app), TestClient(app)
    token = _csrf(director.get("/login").text)
    assert director.post("/login", data={"username": "ann", "password": PASSWORD,
                                         "csrf_token": token}).status_code == 200
    token = _csrf(director.get("/console").text)
    director.headers["X-CSRF-Token"] = token
    assert director.post("/console/api/events", json={"name": "Friday"}).status_code == 201
    assert director.post("/console/api/events/Friday/register",
                         json={"players": PLAYERS}).status_code == 200
    assert director.post("/console/api/events/Friday/start", json={}).status_code == 200
    anyone_token = _csrf(anyone.get("/login").text)
    routes = app_routes(app)
    answers: dict[tuple[str, str, str], int] = {}
    postgres_server._run("pg_ctl", "-D", str(postgres_server.data), "-m", "fast", "-w", "-t",
                         "60", "stop")
    try:
        for who, client, csrf in (("director", director, token),
                                  ("anyone", anyone, anyone_token)):
            for method, template, page in routes:
                path = fill(template, name="Friday", season="2026", event="Friday",
                            number="1")
                r = _request(client, method, path, csrf)
                answers[(who, method, path)] = r.status_code
                assert r.status_code != 500 and r.status_code < 503 or r.status_code == 503, (
                    who, method, path, r.status_code, r.text[:300])
                if r.status_code != 503:
                    continue
                assert int(r.headers["retry-after"]) > 0, (method, path)
                if page and method == "GET" or path in ("/login", "/logout"):
                    assert r.headers["content-type"].startswith("text/html"), (method, path)
                    assert "The database cannot be reached" in r.text, (method, path)
                    assert "Internal Server Error" not in r.text
                else:
                    assert r.headers["content-type"].startswith("application/json"), path
                    assert r.json()["error"].startswith("database"), (method, path)
        # What the director complained of: every console page and the room's screens.
        for path in ("/console", "/console/events/Friday", "/console/players", "/",
                     "/events/Friday/clock", "/events/Friday/seats", "/events/Friday/phone",
                     "/events/Friday/state", "/league"):
            assert answers[("director", "GET", path)] == 503, path
            assert answers[("anyone", "GET", path)] in (303, 503), path
        assert answers[("director", "POST", "/console/api/events/Friday/pause")] == 503
        assert answers[("anyone", "POST", "/login")] == 503
        page = director.get("/events/Friday/clock")
        assert '<meta http-equiv="refresh" content="5">' in page.text   # the TV comes back
        stream = anyone.get("/events/Friday/stream")
        assert stream.status_code == 503 and stream.headers["retry-after"]
    finally:
        postgres_server._run("pg_ctl", "-D", str(postgres_server.data), "-l",
                             str(postgres_server.log), "-w", "-t", "60", "start")
    # Back: the same session, the same pages.
    assert director.get("/console/events/Friday").status_code == 200
    assert director.post("/console/api/events/Friday/pause", json={}).status_code == 200
    store.close()
