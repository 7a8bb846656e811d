"""Command ids (issue 13: "every command that was answered as done is in it", "none applied
twice"): a console command sent again with its ``command_id`` after its answer was lost is not
applied again, it is answered with the first one's outcome and ``already_done``; on SQLite and
PostgreSQL, through the service, the web API (two requests with one id at once among them) and
the CLI; a malformed id or one given to another command is refused, nothing written."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from pokertd.services.history import COMMAND
from pokertd.services.tournaments import (
    KIND,
    CommandIdReused,
    TournamentService,
    TournamentServiceError,
)
from pokertd.storage import UserStore, open_store
from pokertd.tournament.house import config_preset
from pokertd.web.app import create_app
from pokertd.web.forms import COMMAND_ID as FORM_ID

PASSWORD = "a director's long password"
PLAYERS = [f"p{i:02d}" for i in range(1, 21)]
T0 = 1_800_000_000.0


def markers(store, name: str = "Night") -> list[dict]:
    info = store.find_stream(KIND, name)
    return [e.payload for e in store.read(info.id) if e.type == COMMAND]


def busts(store, name: str = "Night") -> list[str]:
    return [p for m in markers(store, name) if m["command"] == "bust"
            for p in m["args"]["players"]]


def started(service: TournamentService) -> None:
    service.create("Night", config_preset("gananda"), seed=3)
    service.register("Night", PLAYERS)
    service.start("Night")


# --- the service ------------------------------------------------------------------------------


def test_a_command_sent_again_with_its_id_is_applied_once_even_after_a_restart(store_url):
    """The id is in the log with the command's events: a second service on the store (the
    server restarted) finds it too, and answers with the first one's events."""
    with open_store(store_url) as store:
        svc = TournamentService(store, clock=lambda: T0)
        first = svc.create("Night", config_preset("gananda"), seed=3, command_id="create-0001")
        again = svc.create("Night", config_preset("gananda"), seed=3, command_id="create-0001")
        assert again.repeated and [e.seq for e in again.events] == [e.seq for e in first.events]
        svc.register("Night", PLAYERS, command_id="register-01")
        svc.start("Night", command_id="start-0001")
        out = svc.bust_hand("Night", ["p05"], command_id="bust-p05-01")
        assert not out.repeated
        head = store.head(store.find_stream(KIND, "Night").id)
    with open_store(store_url) as store:               # a new process: nothing in memory
        svc = TournamentService(store, clock=lambda: T0 + 60)
        again = svc.bust_hand("Night", ["p05"], command_id="bust-p05-01")
        assert again.repeated and again.batch == out.batch
        assert [(e.seq, e.type, e.payload) for e in again.events] == \
            [(e.seq, e.type, e.payload) for e in out.events]
        assert svc.register("Night", PLAYERS, command_id="register-01").repeated
        assert store.head(store.find_stream(KIND, "Night").id) == head   # nothing written
        assert busts(store) == ["p05"]
        assert sum(1 for p in svc.load("Night").tournament.players.values() if p.out) == 1


def test_an_undo_sent_again_with_its_id_undoes_once(store_url):
    """Without its id an undo sent again would take back the command before as well; with it
    the answer is the first one's, what it changed back included."""
    with open_store(store_url) as store:
        svc = TournamentService(store, clock=lambda: T0)
        started(svc)
        svc.bust_hand("Night", ["p01"])
        svc.bust_hand("Night", ["p02"])
        first = svc.undo("Night", command_id="undo-000001")
        again = svc.undo("Night", command_id="undo-000001")
        assert again.repeated and again.batch == first.batch
        assert again.result.command.id == first.result.command.id       # bust p02
        # What it changed back, as the first answer said (the log replayed to then).
        assert again.result.changes == first.result.changes
        assert "p02 is back in play (was out in place 19)" in again.result.changes
        assert again.result.moves == first.result.moves
        t = svc.load("Night").tournament
        assert t.players["p01"].out and not t.players["p02"].out


def test_an_id_given_to_another_command_or_malformed_is_refused_and_nothing_written(tmp_path):
    with open_store(f"sqlite:///{tmp_path / 'x.db'}") as store:
        svc = TournamentService(store, clock=lambda: T0)
        started(svc)
        svc.bust_hand("Night", ["p01"], command_id="bust-p01-01")
        head = store.head(store.find_stream(KIND, "Night").id)
        with pytest.raises(CommandIdReused, match=r"'bust-p01-01' was given to 'bust p01'"):
            svc.bust_hand("Night", ["p02"], command_id="bust-p01-01")
        for bad in ("short", "has space 123", "x" * 65, "ünïcödé-123", ""):
            with pytest.raises(TournamentServiceError, match="8 to 64 letters, digits"):
                svc.pause("Night", command_id=bad)
        assert store.head(store.find_stream(KIND, "Night").id) == head


# --- the web API ------------------------------------------------------------------------------


def console(store) -> TestClient:
    """A director logged in to a server on ``store``, with the session's CSRF token."""
    import re

    c = TestClient(create_app(store, clock=lambda: T0, secret="the command id tests"))
    token = re.search(r'name="csrf-token" content="([^"]+)"', c.get("/login").text).group(1)
    r = c.post("/login", data={"username": "td", "password": PASSWORD, "csrf_token": token},
               follow_redirects=False)
    assert r.status_code == 303
    c.headers["X-CSRF-Token"] = re.search(r'name="csrf-token" content="([^"]+)"',
                                          c.get("/console").text).group(1)
    return c


@pytest.fixture
def web_store(store_url):
    store = open_store(store_url)
    UserStore(store).add("td", "director", PASSWORD)
    try:
        yield store
    finally:
        store.close()


def test_the_console_api_answers_a_resent_command_already_done_with_the_first_outcome(web_store):
    c = console(web_store)
    api = "/console/api/events/Night"
    body = {"name": "Night", "seed": 3, "command_id": "6f1c0c1e-7d1b-4a8e-9f50-0f1e2d3c4b5a"}
    first = c.post("/console/api/events", json=body)
    again = c.post("/console/api/events", json=body)
    assert first.status_code == again.status_code == 201
    assert first.json()["already_done"] is False and again.json()["already_done"] is True
    assert again.json()["events"] == first.json()["events"]
    assert c.post(f"{api}/register", json={"players": PLAYERS}).status_code == 200
    # start and resume take an optional body: without it, as before; with it, its id.
    r = c.post(f"{api}/start", json={"command_id": "start-00001"})
    assert r.status_code == 200 and r.json()["already_done"] is False
    assert c.post(f"{api}/start", json={"command_id": "start-00001"}).json()["already_done"]
    bust = {"players": ["p07"], "command_id": "0123456789abcdef0123456789abcdef"}
    first = c.post(f"{api}/bust", json=bust)
    again = c.post(f"{api}/bust", json=bust)
    assert first.status_code == again.status_code == 200
    assert first.json()["already_done"] is False and again.json()["already_done"] is True
    assert again.json()["events"] == first.json()["events"]
    assert again.json()["command_id"] == bust["command_id"]
    assert busts(web_store) == ["p07"]
    # Without an id a resend is a new command, refused here: "already out".
    r = c.post(f"{api}/bust", json={"players": ["p07"]})
    assert r.status_code == 400 and "already out" in r.json()["error"]
    # Undo twice with one id: one undo.
    undo = {"command_id": "undo-the-bust"}
    first, again = c.post(f"{api}/undo", json=undo), c.post(f"{api}/undo", json=undo)
    assert first.status_code == again.status_code == 200 and again.json()["already_done"]
    assert again.json()["command"] == first.json()["command"] == "bust p07"
    assert again.json()["changes"] == first.json()["changes"] != []
    state = c.get(f"/console/api/events/Night").json()
    assert state["players_left"] == len(PLAYERS) and state["started"]
    # A console note (the spoken switch) sent again is not written twice.
    note = {"spoken": True, "command_id": "spoken-on-1"}
    assert c.post(f"{api}/announce", json=note).json()["already_done"] is False
    assert c.post(f"{api}/announce", json=note).json()["already_done"] is True


def test_the_console_api_refuses_a_malformed_id_422_and_another_commands_id_409(tmp_path):
    with open_store(f"sqlite:///{tmp_path / 'x.db'}") as store:
        UserStore(store).add("td", "director", PASSWORD)
        started(TournamentService(store, clock=lambda: T0))
        c = console(store)
        head = store.head(store.find_stream(KIND, "Night").id)
        for bad in ("short", "with space 1", "x" * 65, 12345678, "<script>alert(1)</script>"):
            r = c.post("/console/api/events/Night/pause", json={"command_id": bad})
            assert r.status_code == 422, r.text
            assert r.json()["error"].startswith("command_id: ")
            if isinstance(bad, str):
                assert "is not a command id: give 8 to 64 letters" in r.json()["error"]
        assert store.head(store.find_stream(KIND, "Night").id) == head
        assert c.post("/console/api/events/Night/pause",
                      json={"command_id": "pause-000001"}).status_code == 200
        r = c.post("/console/api/events/Night/resume", json={"command_id": "pause-000001"})
        assert r.status_code == 409 and "was given to 'pause" in r.json()["error"]
        assert FORM_ID.pattern == r"[A-Za-z0-9_-]{8,64}"     # the service's own, as checked


def test_two_requests_with_one_id_at_once_are_applied_once(web_store):
    """Two servers on one database, each sent the same bust-out with the same id at the same
    moment, for ten bust-outs: each applied once; one answer done, the other already done
    (the loser's append failed on the winner's, and its retry found the id)."""
    started(TournamentService(web_store, clock=lambda: T0))
    clients = [console(web_store), console(web_store)]
    for k, player in enumerate(PLAYERS[:10]):
        body = {"players": [player], "command_id": f"bust-{player}-{k:04d}"}
        answers: list = [None, None]
        gate = threading.Barrier(2)

        def send(i: int) -> None:
            gate.wait()
            answers[i] = clients[i].post("/console/api/events/Night/bust", json=body)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        assert sorted(a.json()["already_done"] for a in answers) == [False, True]
        assert answers[0].json()["events"] == answers[1].json()["events"]
    assert busts(web_store) == PLAYERS[:10]
    t = TournamentService(web_store, clock=lambda: T0).load("Night").tournament
    assert sorted(p.name for p in t.players.values() if p.out) == PLAYERS[:10]


# --- the CLI ----------------------------------------------------------------------------------


def test_the_cli_command_id_lets_a_script_run_a_command_again_safely(tmp_path):
    from pokertd.cli import app as cli_app

    db = str(tmp_path / "cli.db")
    run = CliRunner().invoke
    for args in (["new", "Night", "--seed", "3"], ["register", "Night", *PLAYERS[:9]],
                 ["start", "Night"]):
        assert run(cli_app, ["tournament", *args, "--db", db]).exit_code == 0
    bust = ["tournament", "bust", "Night", "p03", "--command-id", "script-bust-p03", "--db", db]
    first, again = run(cli_app, bust), run(cli_app, bust)
    assert first.exit_code == 0 and "p03 is out in place 9" in first.output
    assert again.exit_code == 0 and again.output.startswith("already done: this command id")
    bad = run(cli_app, ["tournament", "pause", "Night", "--command-id", "no good", "--db", db])
    assert bad.exit_code == 2 and "Error: --command-id: command id 'no good': give 8 to 64 " \
        "letters, digits" in bad.output
    other = str(tmp_path / "none.db")
    bad = run(cli_app, ["tournament", "new", "Other", "--command-id", "x", "--db", other])
    assert bad.exit_code == 2 and not (tmp_path / "none.db").exists()   # nothing created
    with open_store(db) as store:
        assert busts(store) == ["p03"]
        assert [m.get("command_id") for m in markers(store) if m["command"] == "bust"] == \
            ["script-bust-p03"]
