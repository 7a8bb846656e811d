"""The web application through its HTTP interface (FastAPI's TestClient, a real SQLite file):
users and logins, the session cookie, CSRF, the login rate limit, access by role, refusals
(4xx with the CLI's message, nothing written, never a 500), and the console's commands being
the CLI's events."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokertd.cli import app as cli_app
from pokertd.storage import Store, UserError, UserStore, open_store
from pokertd.web.app import create_app
from pokertd.web.auth import LoginLimiter

PASSWORD = "correct horse battery"
PLAYERS = [f"Player {i:02d}" for i in range(1, 24)]


class Clock:
    """Seconds for the service and the limiter, moved by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated database with a director (ann) and a floor user (flo), copied for each
    test (the migrations and the Argon2 hashes are made once)."""
    path = tmp_path_factory.mktemp("web") / "template.db"
    with open_store(f"sqlite:///{path}") as s:
        UserStore(s).add("ann", "director", PASSWORD)
        UserStore(s).add("flo", "floor", PASSWORD)
    return path


@pytest.fixture
def store(tmp_path: Path, template_db: Path):
    shutil.copy(template_db, tmp_path / "web.db")
    s = open_store(f"sqlite:///{tmp_path / 'web.db'}")
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(store: Store, clock: Clock):
    return create_app(store, clock=clock, secret="test secret",
                      limiter=LoginLimiter(clock=clock))


def _csrf(html: str) -> str:
    m = re.search(r'name="csrf-token" content="([^"]+)"', html)
    assert m, "the page carries the session's CSRF token"
    return m.group(1)


def login(client: TestClient, user: str = "ann", password: str = PASSWORD):
    token = _csrf(client.get("/login").text)
    return client.post("/login", data={"username": user, "password": password,
                                       "csrf_token": token}, follow_redirects=False)


@pytest.fixture
def director(app) -> TestClient:
    c = TestClient(app)
    assert login(c).status_code == 303
    c.headers["X-CSRF-Token"] = _csrf(c.get("/console").text)
    return c


def events_of(store: Store, name: str) -> list[dict]:
    info = store.find_stream("tournament", name)
    assert info is not None
    return [{"type": e.type, **e.payload} for e in store.read(info.id)]


def event_count(store: Store) -> int:
    return sum(len(store.read(s.id)) for s in store.streams())


# --- users -------------------------------------------------------------------------------------


def test_users_are_stored_with_argon2_hashes_only(store_url: str) -> None:
    with open_store(store_url) as s:
        users = UserStore(s)
        u = users.add("dan", "director", PASSWORD)
        assert u.is_director
        assert users.authenticate("dan", PASSWORD) == u
        assert users.authenticate("dan", PASSWORD + "x") is None
        assert users.authenticate("nobody", PASSWORD) is None
        from sqlalchemy import text
        with s.engine.connect() as conn:
            stored = conn.execute(text("select password_hash from users")).scalar_one()
        assert stored.startswith("$argon2id$") and PASSWORD not in stored


@pytest.mark.parametrize("name, role, password, message", [
    ("ann", "director", PASSWORD, "already exists"),
    ("bob", "boss", PASSWORD, "director or floor"),
    ("bob", "floor", "short", "at least 8"),
    (" bob", "floor", PASSWORD, "spaces"),
])
def test_a_bad_user_is_refused_and_nothing_stored(store: Store, name, role, password,
                                                  message) -> None:
    before = UserStore(store).names()
    with pytest.raises(UserError, match=message):
        UserStore(store).add(name, role, password)
    assert UserStore(store).names() == before


def test_cli_users_add_reads_the_password_from_stdin(tmp_path: Path) -> None:
    db = str(tmp_path / "u.db")
    r = CliRunner().invoke(cli_app, ["users", "add", "eve", "--role", "director",
                                     "--password-stdin", "--db", db], input=PASSWORD + "\n")
    assert r.exit_code == 0, r.output
    with open_store(f"sqlite:///{db}") as s:
        assert UserStore(s).authenticate("eve", PASSWORD) is not None
    again = CliRunner().invoke(cli_app, ["users", "add", "eve", "--role", "floor",
                                         "--password-stdin", "--db", db], input=PASSWORD)
    assert again.exit_code == 2
    assert "Error: a user named 'eve' already exists" in again.output
    short = CliRunner().invoke(cli_app, ["users", "add", "fay", "--role", "floor",
                                         "--password-stdin", "--db", db], input="abc\n")
    assert short.exit_code == 2 and "at least 8 characters" in short.output


def test_cli_serve_refuses_a_bad_port() -> None:
    r = CliRunner().invoke(cli_app, ["serve", "--port", "0"])
    assert r.exit_code == 2 and "Error: --port 0" in r.output


# --- login, session, CSRF, rate limit ----------------------------------------------------------


def test_login_sets_a_signed_httponly_samesite_cookie(app) -> None:
    c = TestClient(app)
    r = login(c)
    assert r.status_code == 303 and r.headers["location"] == "/console"
    cookie = r.headers["set-cookie"].lower()
    assert "pokertd_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert c.get("/console").status_code == 200
    # A tampered cookie is no session.
    value = c.cookies.get("pokertd_session")
    c.cookies.set("pokertd_session", value[:-3] + ("AAA" if value[-3:] != "AAA" else "BBB"))
    assert c.get("/console/api/events/Friday").status_code == 401


def test_wrong_password_is_401_and_the_login_form_says_so(app) -> None:
    r = login(TestClient(app), password="wrong password")
    assert r.status_code == 401 and "wrong user name or password" in r.text


def test_login_rate_limit(app, clock: Clock) -> None:
    c = TestClient(app)
    for _ in range(5):
        assert login(c, password="guess guess").status_code == 401
    r = login(c)  # even the right password waits out the window
    assert r.status_code == 429 and "too many failed logins" in r.text
    assert int(r.headers["retry-after"]) > 0
    clock.now += 61
    assert login(c).status_code == 303


def test_logout_needs_the_csrf_token_and_ends_the_session(director: TestClient) -> None:
    token = director.headers.pop("X-CSRF-Token")   # the form's field, as the page sends it
    assert director.post("/logout", data={"csrf_token": "forged"}).status_code == 403
    assert director.get("/console").status_code == 200
    r = director.post("/logout", data={"csrf_token": token}, follow_redirects=False)
    assert r.status_code == 303
    assert director.get("/console/api/events/Friday").status_code == 401


def test_a_post_without_the_csrf_token_is_403_and_writes_nothing(director: TestClient,
                                                                 store: Store) -> None:
    token = director.headers.pop("X-CSRF-Token")
    r = director.post("/console/api/events", json={"name": "Friday"})
    assert r.status_code == 403 and "CSRF" in r.json()["error"]
    r = director.post("/console/api/events", json={"name": "Friday"},
                      headers={"X-CSRF-Token": token[::-1]})
    assert r.status_code == 403
    assert store.streams() == []
    r = director.post("/console/api/events", json={"name": "Friday"},
                      headers={"X-CSRF-Token": token})
    assert r.status_code == 201


def _console_requests(app) -> list[tuple[str, str, bool]]:
    from web_routes import app_routes, fill

    return [(m, fill(path, name="Friday"), html) for m, path, html in app_routes(app)
            if path.startswith("/console")]


def test_anonymous_gets_401_or_403_on_every_console_route(app, director: TestClient) -> None:
    """The console's API is 401/403; its pages lead to the login form, which leads back
    (issue 22: an anonymous /console)."""
    director.post("/console/api/events", json={"name": "Friday"})
    requests = _console_requests(app)
    assert len(requests) >= 12
    anon = TestClient(app)
    anon.get("/")   # a session with a CSRF token of its own does not help
    for method, path, page in requests:
        r = anon.request(method, path, json={}, follow_redirects=False)
        if page and method == "GET":
            assert r.status_code == 303, (path, r.status_code)
            assert r.headers["location"] == f"/login?next={quote(path)}"
            form = anon.get(r.headers["location"]).text
            assert f'name="next" value="{html.escape(path)}"' in form
        else:
            assert r.status_code in (401, 403), (method, path, r.status_code)
    assert {p for m, p, page in requests if page} >= {"/console", "/console/events/Friday",
                                                      "/console/players"}
    # The public screens are readable.
    for path in ("/", "/events/Friday/clock", "/events/Friday/seats", "/events/Friday/state"):
        assert anon.get(path).status_code == 200, path


def test_the_floor_role_reads_the_console_but_cannot_act(app, director: TestClient,
                                                        store: Store) -> None:
    director.post("/console/api/events", json={"name": "Friday"})
    floor = TestClient(app)
    assert login(floor, "flo").status_code == 303
    token = _csrf(floor.get("/console").text)
    assert floor.get("/console/events/Friday").status_code == 200
    assert "New event" not in floor.get("/console").text
    before = event_count(store)
    r = floor.post("/console/api/events/Friday/register", json={"players": ["Ann"]},
                   headers={"X-CSRF-Token": token})
    assert r.status_code == 403 and "floor role" in r.json()["error"]
    assert event_count(store) == before


# --- refusals: 4xx with the CLI's message, nothing written, never a 500 -----------------------


def _started(director: TestClient, name: str = "Friday", seed: int = 7,
             players: int = 12) -> dict:
    assert director.post("/console/api/events", json={"name": name, "seed": seed}
                         ).status_code == 201
    assert director.post(f"/console/api/events/{name}/register",
                         json={"players": PLAYERS[:players]}).status_code == 200
    assert director.post(f"/console/api/events/{name}/start").status_code == 200
    return director.get(f"/console/api/events/{name}").json()


@pytest.mark.parametrize("path, body, status, message", [
    ("/console/api/events", {"name": "Friday"}, 409, "a tournament named 'Friday' already "
                                                     "exists"),
    ("/console/api/events", {"name": "New", "preset": "poker"}, 422, "preset"),
    ("/console/api/events", {"name": "New", "buy_in": 10, "to_prize_pool": 20}, 400,
     "the prize-pool part is from 0 to the buy-in"),
    ("/console/api/events", {"name": "New", "seats": 1}, 422, "seats"),
    ("/console/api/events/Friday/register", {"players": ["Ann,Bob"]}, 422,
     "a name may not contain ',' or '='"),
    ("/console/api/events/Friday/register", {"players": []}, 422, "players"),
    ("/console/api/events/Friday/register", {"players": ["Player 01"]}, 400, "Player 01"),
    ("/console/api/events/Friday/start", {}, 400, "already"),
    ("/console/api/events/Friday/resume", {}, 400, "not stopped"),
    ("/console/api/events/Friday/bust", {"players": ["Nobody"]}, 400, "unknown player"),
    ("/console/api/events/Friday/bust", {"players": ["Player 01"], "by": "Player 01"}, 400,
     "Player 01"),
    ("/console/api/events/Friday/bust", {"players": ["Player 01", "Player 02"]}, 400,
     "ranked by their stacks at the start of the hand"),
    ("/console/api/events/Friday/buttons", {"buttons": {"9": 1}}, 400, "table 9"),
    ("/console/api/events/Friday/buttons", {"buttons": {"x": 1}}, 422, "buttons"),
    ("/console/api/events/Friday/deal", {"kind": "icm", "agree": ["Player 01"]}, 400, ""),
    ("/console/api/events/Nowhere/start", {}, 404, "no tournament named 'Nowhere'"),
    ("/console/api/events/Friday/hand-for-hand", {"action": "dance"}, 422, "action"),
])
def test_bad_input_is_a_4xx_with_a_clear_message_and_nothing_written(
        director: TestClient, store: Store, path, body, status, message) -> None:
    _started(director)
    before = events_of(store, "Friday")
    streams = len(store.streams())
    r = director.post(path, json=body)
    assert r.status_code == status, r.text
    assert message in r.json()["error"]
    assert events_of(store, "Friday") == before
    assert len(store.streams()) == streams


def test_the_messages_are_the_clis(director: TestClient, tmp_path: Path) -> None:
    """The same refusal from the CLI and from the console: the same words."""
    _started(director)
    r = director.post("/console/api/events/Friday/bust", json={"players": ["Nobody"]})
    db = str(tmp_path / "cli.db")
    run = CliRunner().invoke
    run(cli_app, ["tournament", "new", "Friday", "--seed", "7", "--db", db])
    run(cli_app, ["tournament", "register", "Friday", *PLAYERS[:12], "--db", db])
    run(cli_app, ["tournament", "start", "Friday", "--db", db])
    cli = run(cli_app, ["tournament", "bust", "Friday", "Nobody", "--db", db])
    assert cli.exit_code == 2
    assert cli.output.strip() == f"Error: {r.json()['error']}"


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12)
                    | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(["register", "start", "pause", "resume", "arrive", "bust",
                                "buttons", "hand-for-hand", "deal", "announce"]),
       body=JSON | st.fixed_dictionaries({"players": st.lists(st.text(max_size=10),
                                                             max_size=3)}))
def test_no_request_makes_a_500(director: TestClient, command: str, body) -> None:
    if director.get("/console/api/events/Friday").status_code == 404:
        _started(director)
    r = director.post(f"/console/api/events/Friday/{command}", json=body)
    assert r.status_code < 500, r.text
    assert isinstance(r.json(), dict)


def test_a_body_that_is_not_json_is_422(director: TestClient) -> None:
    r = director.post("/console/api/events", content=b"{not json",
                      headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]


def test_a_player_name_cannot_break_out_of_the_page(director: TestClient) -> None:
    director.post("/console/api/events", json={"name": "Friday"})
    evil = "</script><script>alert(1)</script>"
    assert director.post("/console/api/events/Friday/register",
                         json={"players": [evil]}).status_code == 200
    for path in ("/events/Friday/clock", "/console/events/Friday"):
        page = director.get(path).text
        assert "<script>alert(1)" not in page


# --- the same events as the CLI -----------------------------------------------------------------


def _without_times(events: list[dict]) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "at"} for e in events]


def test_the_console_and_the_cli_write_the_same_events(director: TestClient, store: Store,
                                                       tmp_path: Path) -> None:
    """Design: a command given in the browser or in the CLI is the same event in the same
    log. The same commands, one way into each of two databases: the logs are equal (the
    clock's readings aside)."""
    state = _started(director, seed=2026, players=len(PLAYERS))
    db = str(tmp_path / "cli.db")

    def cli(*args: str) -> None:
        r = CliRunner().invoke(cli_app, ["tournament", *args, "--db", db])
        assert r.exit_code == 0, r.output

    cli("new", "Friday", "--seed", "2026")
    cli("register", "Friday", *PLAYERS)
    cli("start", "Friday")
    # Bust the first player of the smallest table, knocked out by his neighbour, until a
    # balancing move waits for buttons; report them; then a pause and a resume.
    for _ in range(6):
        tables = sorted(state["tables"], key=lambda t: (len(t["seats"]), t["table"]))
        seats = tables[0]["seats"]
        out, by = seats[0]["player"], seats[1]["player"]
        r = director.post("/console/api/events/Friday/bust", json={"players": [out], "by": by})
        assert r.status_code == 200, r.text
        cli("bust", "Friday", out, "--by", by)
        state = director.get("/console/api/events/Friday").json()
        wait = state["balancing"]
        if wait and wait["buttons_needed"]:
            buttons = {str(t): 1 for t in wait["buttons_needed"]}
            r = director.post("/console/api/events/Friday/buttons", json={"buttons": buttons})
            assert r.status_code == 200, r.text
            cli("moves", "Friday", "--button", ",".join(f"{t}=1" for t in buttons))
            state = director.get("/console/api/events/Friday").json()
    assert director.post("/console/api/events/Friday/pause").status_code == 200
    cli("pause", "Friday")
    assert director.post("/console/api/events/Friday/resume").status_code == 200
    cli("resume", "Friday")
    with open_store(f"sqlite:///{db}") as other:
        from_cli = events_of(other, "Friday")
    from_web = events_of(store, "Friday")
    assert {e["type"] for e in from_web} >= {"created", "registered", "started", "seated",
                                             "busted", "clock_paused", "clock_resumed"}
    assert _without_times(from_web) == _without_times(from_cli)


def test_search_as_you_type_over_known_players(director: TestClient) -> None:
    director.post("/console/api/events", json={"name": "Monday"})
    director.post("/console/api/events/Monday/register",
                  json={"players": ["Ann Arbor", "Bob", "Joanna"]})
    got = director.get("/console/api/players", params={"q": "an"}).json()["players"]
    assert got == ["Ann Arbor", "Joanna"]   # starting with it first, then containing it


def test_announcements_are_switched_by_the_director(director: TestClient) -> None:
    director.post("/console/api/events", json={"name": "Friday"})
    assert director.get("/events/Friday/state").json()["settings"] == {}
    r = director.post("/console/api/events/Friday/announce", json={"spoken": True})
    assert r.status_code == 200
    assert director.get("/events/Friday/state").json()["settings"] == {"spoken": True}


def test_unknown_pages_are_404_not_500(app) -> None:
    c = TestClient(app)
    for path in ("/events/Nowhere/clock", "/events/Nowhere/state", "/events/Nowhere/stream",
                 "/no/such/page"):
        r = c.get(path)
        assert r.status_code == 404, path
    assert "no tournament named 'Nowhere'" in html.unescape(c.get("/events/Nowhere/clock").text)
    assert json.loads(c.get("/events/Nowhere/state").text)["error"]


def test_the_demo_make_run_serves(store: Store) -> None:
    """`make run` (pokertd serve --demo): a Gananda event of 27 players with its clock
    running, and a director whose printed password logs in."""
    from pokertd.web.demo import DEMO_EVENT, seed_demo
    from pokertd.web.views import snapshot
    from pokertd.services.tournaments import TournamentService

    user, password = seed_demo(store)
    s = snapshot(TournamentService(store), DEMO_EVENT)
    assert s["entrants"] == 27 and s["started"] and s["clock"]["running"]
    assert len(s["tables"]) == 3
    found = UserStore(store).authenticate(user, password)
    assert found is not None and found.is_director
    again, other = seed_demo(store)   # a second run: the same event, a new login
    assert again != user and other != password
    assert TournamentService(store).names().count(DEMO_EVENT) == 1


def test_the_screens_qr_codes(director: TestClient) -> None:
    director.post("/console/api/events", json={"name": "Friday"})
    r = director.get("/events/Friday/qr.svg", params={"to": "seats"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.lstrip().startswith(("<?xml", "<svg"))
    assert director.get("/events/Friday/qr.svg", params={"to": "admin"}).status_code == 422
    assert director.get("/events/Nowhere/qr.svg").status_code == 404


def test_an_event_with_its_own_structure(director: TestClient, store: Store) -> None:
    """The new-event form's structure: the preset's levels and breaks, edited."""
    preset = director.get("/console/api/presets/gananda").json()
    assert preset["buy_in"] == 25 and preset["to_prize_pool"] == 20
    structure = preset["structure"]
    structure["periods"][0]["minutes"] = 30
    structure["starting_stack"] = 3000
    r = director.post("/console/api/events", json={"name": "Deep", "structure": structure})
    assert r.status_code == 201, r.text
    created = events_of(store, "Deep")[0]["config"]["structure"]
    assert created["periods"][0]["minutes"] == 30 and created["starting_stack"] == 3000
    bad = dict(structure, periods=[{"kind": "level", "minutes": 20, "small_blind": 50,
                                    "big_blind": 20}])
    r = director.post("/console/api/events", json={"name": "Bad", "structure": bad})
    assert r.status_code == 400 and r.json()["error"].startswith("structure: level 1")
    assert store.find_stream("tournament", "Bad") is None
    assert director.get("/console/api/presets/poker").status_code == 404


def test_chip_race_rebuys_and_last_hands_from_the_console(director: TestClient,
                                                          clock: Clock) -> None:
    """IFP 56: at the chip-up break (Gananda: break 1 after level 4 races off the 5s) the
    console races table by table; a rebuy outside a rebuy period is refused (IFP 59: Gananda
    has none); the day's last hands (IFP 14) stop the clock."""
    state = _started(director)
    early = {s["player"]: 1505 for s in state["tables"][0]["seats"]}
    r = director.post("/console/api/events/Friday/chip-race",
                      json={"table": state["tables"][0]["table"], "stacks": early})
    assert r.status_code == 400 and "no chip race is due" in r.json()["error"]
    clock.now += 4 * 25 * 60 + 1
    state = director.get("/console/api/events/Friday").json()
    assert state["chip_race"]["going_out"] == [5] and state["clock"]["on_break"]
    assert "Chip race" in director.get("/console/events/Friday/live").text
    table = state["tables"][0]
    stacks = {s["player"]: 1505 for s in table["seats"]}
    r = director.post("/console/api/events/Friday/chip-race",
                      json={"table": table["table"], "stacks": stacks})
    assert r.status_code == 200 and r.json()["events"][0]["type"] == "chip_raced"
    r = director.post("/console/api/events/Friday/chip-race",
                      json={"table": table["table"], "stacks": stacks})
    assert r.status_code == 400 and "already raced" in r.json()["error"]
    r = director.post("/console/api/events/Friday/rebuy", json={"player": PLAYERS[0]})
    assert r.status_code == 400 and "IFP 59: no rebuys in this event" in r.json()["error"]
    assert not director.get("/console/api/events/Friday").json()["rebuys_offered"]
    r = director.post("/console/api/events/Friday/last-hands", json={"hands": 99})
    assert r.status_code == 422


def test_undo_of_a_wrong_bust_out_restores_exactly_the_earlier_state(
        director: TestClient, store: Store) -> None:
    """Issue 9, undo: the console shows what the undo changes back, then takes the command
    back (an event: the log keeps everything); the state is exactly the earlier one; redo
    puts it back."""
    state = _started(director)
    before = director.get("/console/api/events/Friday").json()
    victim = state["tables"][0]["seats"][0]["player"]
    assert director.post("/console/api/events/Friday/bust",
                         json={"players": [victim]}).status_code == 200
    wrong = director.get("/console/api/events/Friday").json()
    assert wrong["undo"]["text"].startswith(f"bust {victim}")
    stored = len(events_of(store, "Friday"))
    preview = director.post("/console/api/events/Friday/undo",
                            json={"expected": wrong["undo"]["batch"], "dry_run": True}).json()
    assert preview["dry_run"] and any(victim in line for line in preview["changes"])
    assert len(events_of(store, "Friday")) == stored           # a preview writes nothing
    r = director.post("/console/api/events/Friday/undo",
                      json={"expected": wrong["undo"]["batch"]})
    assert r.status_code == 200, r.text
    after = director.get("/console/api/events/Friday").json()
    volatile = ("seq", "server_time", "undo", "redo", "pending_moves")
    assert {k: v for k, v in after.items() if k not in volatile} == {
        k: v for k, v in before.items() if k not in volatile}
    assert len(events_of(store, "Friday")) > stored             # the undo is an event
    assert after["redo"]["text"].startswith(f"bust {victim}")
    # The batch shown is no longer the one to undo: refused, nothing written.
    r = director.post("/console/api/events/Friday/undo",
                      json={"expected": wrong["undo"]["batch"]})
    assert r.status_code == 400 and "not batch" in r.json()["error"]
    r = director.post("/console/api/events/Friday/redo",
                      json={"expected": after["redo"]["batch"]})
    assert r.status_code == 200
    assert director.get("/console/api/events/Friday").json()["players_left"] == 11


def test_a_finished_event_shows_its_winner_as_the_one_player_left_and_no_clock(
        director: TestClient, clock: Clock) -> None:
    """Once the last bust-out leaves a winner, the screens and the console say 1 player of
    the entrants (the winner, holding every chip), not 0, and the clock, stopped for the
    final table (Gananda: Final Table) as it was, is no longer shown as stopped for it."""
    _started(director, players=12)
    while True:
        s = director.get("/console/api/events/Friday").json()
        left = [p["name"] for p in s["players"] if not p["out"]]
        if len(left) == 1:
            break
        clock.now += 60
        assert director.post("/console/api/events/Friday/bust",
                             json={"players": [left[0]]}).status_code == 200
    s = director.get("/console/api/events/Friday").json()
    public = director.get("/events/Friday/state").json()
    for snap in (s, public):
        assert snap["finished"] and snap["winner"] == left[0]
        assert (snap["players_left"], snap["entrants"]) == (1, 12)
        assert snap["average_stack"] == snap["chips"] == 12 * 1500
        assert snap["clock"] is None and snap["next"] is None
    live = director.get("/console/events/Friday/live").text
    assert re.search(r'id="s-players">1 / 12<', live), live
    assert "<td>1 / 12</td>" in director.get("/console").text


def test_rebuys_and_addons_in_their_periods_with_the_money_each_brings(
        director: TestClient, clock: Clock) -> None:
    """IFP 59 / WPA 6: an event whose structure (edited on the new-event form) has a rebuy
    period to level 2 and an add-on after level 2; the console records a rebuy in the period
    and the add-on after it, and shows the money: each is one buy-in, its prize-pool part to
    the pool and the rest the fee (here 30 = 25 + 5)."""
    structure = director.get("/console/api/presets/gananda").json()["structure"]
    structure["rebuys"] = {"until_level": 2, "chips": 1500, "max_per_player": None,
                           "max_stack": None}
    structure["addon"] = {"after_level": 2, "chips": 2000, "max_per_player": 1, "min_stack": 1}
    r = director.post("/console/api/events", json={"name": "Rebuy", "structure": structure,
                                                   "buy_in": 30, "to_prize_pool": 25})
    assert r.status_code == 201, r.text
    director.post("/console/api/events/Rebuy/register", json={"players": PLAYERS[:12]})
    assert director.post("/console/api/events/Rebuy/start").status_code == 200
    r = director.post("/console/api/events/Rebuy/rebuy", json={"player": PLAYERS[0]})
    assert r.status_code == 200, r.text
    clock.now += 2 * 25 * 60 + 5             # past level 2: the add-on, no more rebuys
    r = director.post("/console/api/events/Rebuy/rebuy", json={"player": PLAYERS[1]})
    assert r.status_code == 400
    r = director.post("/console/api/events/Rebuy/addon", json={"player": PLAYERS[1]})
    assert r.status_code == 200, r.text
    s = director.get("/console/api/events/Rebuy").json()
    assert s["money"] == {"buy_in": 30, "to_prize_pool": 25, "fee": 5, "entries": 12,
                          "rebuys": 1, "addons": 1, "taken": 14 * 30, "fees": 14 * 5,
                          "prize_pool": 14 * 25}
    assert s["prize_pool"] == 14 * 25
    paid = {p["name"]: p["paid"] for p in s["players"]}
    assert (paid[PLAYERS[0]], paid[PLAYERS[1]], paid[PLAYERS[2]]) == (60, 60, 30)
    live = director.get("/console/events/Rebuy/live").text
    assert "<tr><td>Rebuys</td><td>1</td><td>30</td><td>25</td><td>5</td></tr>" in live
    assert ("<tr class=\"total\"><td>Total</td><td>14</td><td>420</td><td>350</td>"
            "<td>70</td></tr>") in live
    assert "1 rebuys, 0 add-ons; paid 60" in live


def test_absent_players_registered_and_their_arrival(director: TestClient) -> None:
    """IFP 8: a player registered absent is dealt in (his stack in play, the blinds posted)
    until he arrives; the console records his arrival, and refuses it twice."""
    director.post("/console/api/events", json={"name": "Friday", "seed": 7})
    director.post("/console/api/events/Friday/register", json={"players": PLAYERS[:11]})
    r = director.post("/console/api/events/Friday/register",
                      json={"players": [PLAYERS[11]], "absent": True})
    assert r.status_code == 200, r.text
    assert director.post("/console/api/events/Friday/start").status_code == 200
    s = director.get("/console/api/events/Friday").json()
    late = next(p for p in s["players"] if p["name"] == PLAYERS[11])
    assert late["absent"] and s["players_left"] == 12
    assert "(absent, IFP 8)" in director.get("/console/events/Friday/live").text
    r = director.post("/console/api/events/Friday/arrive", json={"player": PLAYERS[11]})
    assert r.status_code == 200 and r.json()["events"][0]["type"] == "arrived"
    s = director.get("/console/api/events/Friday").json()
    assert not next(p for p in s["players"] if p["name"] == PLAYERS[11])["absent"]
    r = director.post("/console/api/events/Friday/arrive", json={"player": PLAYERS[11]})
    assert r.status_code == 400 and PLAYERS[11] in r.json()["error"]


def test_a_console_command_that_meets_a_cli_command_is_run_again_on_the_new_state(
        director: TestClient, app, store: Store, clock: Clock, monkeypatch) -> None:
    """Issue 9: the CLI and the console on one event at once. The CLI's bust-out is stored
    between the console's load and its append: the store refuses the console's batch
    (ConcurrencyError, nothing written), the console runs the command again on the new state;
    each bust-out is in the log once."""
    from pokertd.services.tournaments import TournamentService

    state = _started(director)
    first, second = (state["tables"][0]["seats"][0]["player"],
                     state["tables"][1]["seats"][0]["player"])
    service = app.state.service
    original = TournamentService.commit
    raced = []

    def commit(self, loaded, *args, **kwargs):  # type: ignore[no-untyped-def]
        if self is service and not raced:
            raced.append(True)
            TournamentService(store, clock=clock).bust("Friday", second)  # the CLI, meanwhile
        return original(self, loaded, *args, **kwargs)

    monkeypatch.setattr(TournamentService, "commit", commit)
    r = director.post("/console/api/events/Friday/bust", json={"players": [first]})
    assert r.status_code == 200, r.text
    busted = [e["player"] for e in events_of(store, "Friday") if e["type"] == "busted"]
    assert sorted(busted) == sorted([first, second])
    assert director.get("/console/api/events/Friday").json()["players_left"] == 10
