"""Issue 22, sessions: logging out ends the session on the server, a new password ends them
all, and the login rate limit counts per address and per (address, user), never per user
alone, in the database (a restart keeps the count). On SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pokertd.cli import app as cli_app
from pokertd.storage import UserStore, open_store
from pokertd.web.app import create_app
from pokertd.web.auth import ADDRESS_ATTEMPTS, LOGIN_ATTEMPTS, SESSION_MAX_AGE_S, LoginLimiter

PASSWORD = "correct horse battery"


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db(store_url: str):
    """A store (SQLite file or PostgreSQL database) with a director, ann."""
    store = open_store(store_url)
    UserStore(store).add("ann", "director", PASSWORD)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def make_app(store, clock: Clock):
    return create_app(store, clock=clock, secret="sessions", limiter=LoginLimiter(clock=clock))


def _csrf(page: str) -> str:
    m = re.search(r'name="csrf-token" content="([^"]+)"', page)
    assert m
    return m.group(1)


def login(client: TestClient, user: str = "ann", password: str = PASSWORD, **extra: str):
    token = _csrf(client.get("/login").text)
    return client.post("/login", data={"username": user, "password": password,
                                       "csrf_token": token, **extra}, follow_redirects=False)


def test_a_cookie_taken_before_logout_is_refused_after(db, clock: Clock) -> None:
    app = make_app(db, clock)
    c = TestClient(app)
    assert login(c).status_code == 303
    taken = c.cookies.get("pokertd_session")           # copied before the logout
    token = _csrf(c.get("/console").text)
    assert c.post("/logout", data={"csrf_token": token},
                  follow_redirects=False).status_code == 303
    thief = TestClient(app)
    thief.cookies.set("pokertd_session", taken)
    assert thief.get("/console/api/presets/gananda").status_code == 401
    r = thief.get("/console", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/login")
    # Another server on the same database refuses it too: the session is in the database.
    other = TestClient(make_app(db, clock))
    other.cookies.set("pokertd_session", taken)
    assert other.get("/console/api/presets/gananda").status_code == 401


def test_a_session_ends_after_twelve_hours(db, clock: Clock) -> None:
    c = TestClient(make_app(db, clock))
    assert login(c).status_code == 303
    assert c.get("/console/api/presets/gananda").status_code == 200
    clock.now += SESSION_MAX_AGE_S + 1
    assert c.get("/console/api/presets/gananda").status_code == 401


def test_a_new_password_ends_every_session_of_the_user(db, clock: Clock, store_url: str) -> None:
    app = make_app(db, clock)
    laptop, phone = TestClient(app), TestClient(app)
    assert login(laptop).status_code == 303 and login(phone).status_code == 303
    r = CliRunner().invoke(cli_app, ["users", "password", "ann", "--password-stdin",
                                     "--db", store_url], input="a brand new password\n")
    assert r.exit_code == 0, r.output
    assert "his console sessions are ended" in r.output
    for c in (laptop, phone):
        assert c.get("/console/api/presets/gananda").status_code == 401
    assert login(TestClient(app)).status_code == 401
    assert login(TestClient(app), password="a brand new password").status_code == 303


def test_a_new_password_for_nobody_or_too_short_is_refused(db, store_url: str) -> None:
    r = CliRunner().invoke(cli_app, ["users", "password", "bob", "--password-stdin",
                                     "--db", store_url], input="a brand new password\n")
    assert r.exit_code == 2 and "no user named 'bob' (the users: ann)" in r.output
    r = CliRunner().invoke(cli_app, ["users", "password", "ann", "--password-stdin",
                                     "--db", store_url], input="short\n")
    assert r.exit_code == 2 and "at least 8 characters" in r.output
    assert UserStore(db).authenticate("ann", PASSWORD) is not None


def test_a_lockout_from_one_address_does_not_lock_out_another(db, clock: Clock) -> None:
    """Five wrong passwords for ann from address A: A waits, ann logs in from B."""
    app = make_app(db, clock)
    a = TestClient(app, client=("203.0.113.7", 50000))
    b = TestClient(app, client=("192.168.1.20", 50000))
    for _ in range(LOGIN_ATTEMPTS):
        assert login(a, password="guess guess").status_code == 401
    r = login(a)                        # even the right password waits out the window at A
    assert r.status_code == 429 and "too many failed logins" in r.text
    assert 0 < int(r.headers["retry-after"]) <= 60
    assert login(b).status_code == 303  # the director, from the club's machine
    clock.now += 61
    assert login(a).status_code == 303


def test_one_address_trying_many_names_is_limited_as_an_address(db, clock: Clock) -> None:
    app = make_app(db, clock)
    a = TestClient(app, client=("203.0.113.7", 50000))
    for k in range(ADDRESS_ATTEMPTS):
        assert login(a, user=f"name{k}", password="guess guess").status_code == 401
    assert login(a).status_code == 429          # any name, from that address
    assert login(TestClient(app, client=("192.168.1.20", 50000))).status_code == 303


def test_the_limiters_count_survives_a_restart(store_url: str, clock: Clock) -> None:
    with open_store(store_url) as first:
        UserStore(first).add("ann", "director", PASSWORD)
        a = TestClient(make_app(first, clock), client=("203.0.113.7", 50000))
        for _ in range(LOGIN_ATTEMPTS - 1):
            assert login(a, password="guess guess").status_code == 401
    clock.now += 10
    with open_store(store_url) as again:       # the server restarted
        a = TestClient(make_app(again, clock), client=("203.0.113.7", 50000))
        assert login(a, password="guess guess").status_code == 401   # the fifth
        assert login(a).status_code == 429


def test_the_login_leads_back_to_the_page_asked_for_on_this_site_only(db, clock: Clock) -> None:
    app = make_app(db, clock)
    c = TestClient(app)
    r = login(c, next="/console/players")
    assert r.status_code == 303 and r.headers["location"] == "/console/players"
    for elsewhere in ("https://evil.example/", "//evil.example/x", "/\\evil.example"):
        r = login(TestClient(app), next=elsewhere)
        assert r.headers["location"] == "/console", elsewhere


def test_a_database_of_the_users_schema_is_migrated_and_its_director_logs_in(
        store_url: str, clock: Clock) -> None:
    """A database at migration 0002 (users, no sessions) opened by this pokertd: Alembic adds
    the sessions and failed logins (0003); the director's account is kept and logs in."""
    from sqlalchemy import create_engine, inspect

    from pokertd.storage import upgrade_schema

    engine = create_engine(store_url)
    upgrade_schema(engine, "0002")
    assert "web_sessions" not in inspect(engine).get_table_names()
    from argon2 import PasswordHasher
    from sqlalchemy import text

    with engine.begin() as connection:          # the account as that pokertd stored it
        connection.execute(text(
            "INSERT INTO users (name, role, password_hash, created_at) "
            "VALUES ('ann', 'director', :hash, CURRENT_TIMESTAMP)"),
            {"hash": PasswordHasher().hash(PASSWORD)})
    engine.dispose()
    with open_store(store_url) as store:        # migrates to the head revision
        assert {"web_sessions", "login_failures"} <= set(inspect(store.engine).get_table_names())
        c = TestClient(make_app(store, clock))
        assert login(c).status_code == 303
        assert c.get("/console/api/presets/gananda").status_code == 200
