"""Crashes of a live tournament (issue 13): the director's process killed with SIGKILL at
seeded random moments, on SQLite and PostgreSQL (100 kills in all; each director forked warm
from tests/serve_zygote.py, so that a kill lands among its commands, not in Python's start-up); PostgreSQL restarted (pg_ctl restart, and
once killed) in the middle of the event, the directors sending each command with its command id
(through the service and the console's API) and a command in flight again with the same id;
two directors' processes sending commands to one event at once.

After each kill the stored log is checked against an uninterrupted run of the same script
(tests/crash_driver.py, its clock a function of the command's number): the state replayed
from the committed events equals the uninterrupted run's state after as many commands, every
command acknowledged as done is in the log, no command is in it twice, and the chips in play
are what the events say. Then a new process carries on, to the same winner and the same
results as the uninterrupted run."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import crash_driver as driver
from forking import Forks, exit_code, kill
from pokertd.services.history import COMMAND
from pokertd.services.tournaments import KIND, TournamentService
from pokertd.storage import open_store

HERE = Path(__file__).parent
KILLS = {"sqlite": 70, "postgresql": 30}       # seeded moments per backend
# A kill comes this long (seconds, uniform) after its process is forked: opening the store
# and a few commands (about one in twenty of a second on SQLite, more on PostgreSQL).
DELAYS = {"sqlite": (0.005, 0.3), "postgresql": (0.01, 0.6)}
RESTARTS: list[str] = []                        # what the PostgreSQL tests survived (report)


def state(t) -> str:
    return json.dumps(t.state(), sort_keys=True, default=str)


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> list[str]:
    """The uninterrupted run: the state after each number of commands (0 = no tournament)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('reference') / 'ref.db'}"
    store = open_store(url)
    states = [""]
    try:
        steps = driver.script()
        for i, command in enumerate(steps):
            svc = TournamentService(store, clock=lambda i=i: driver.T0 + 30.0 * i)
            driver.run_command(svc, command)
            states.append(state(svc.load(driver.NAME).tournament))
        assert svc.load(driver.NAME).tournament.finished
    finally:
        store.close()
    return states


def check_log(url: str, reference: list[str], acked: set[int]) -> int:
    """The checks after a crash; the number of commands in the log."""
    store = open_store(url)
    try:
        n = driver.applied(store)
        assert all(i < n for i in acked), f"acknowledged {sorted(acked)[-1]}, log has {n}"
        if n == 0:
            return 0
        svc = TournamentService(store, clock=lambda: driver.T0 + 30.0 * n)
        t = svc.load(driver.NAME).tournament
        assert state(t) == reference[n]
        info = store.find_stream(KIND, driver.NAME)
        markers = [e.payload for e in store.read(info.id) if e.type == COMMAND]
        busts = [m["args"]["players"][0] for m in markers if m["command"] == "bust"]
        assert len(busts) == len(set(busts)), "a bust-out applied twice"
        assert [m["command"] for m in markers] == [c[0] for c in driver.script()[1:n]]
        # A live event's director reports bust-outs, not hands: each player's starting stack
        # is in play until he is out, when it has gone to the others (IFP 57).
        start = t.structure.starting_stack
        assert t.chips == start * t.entrants, f"{t.chips} chips in play for {t.entrants} entrants"
        held = sum(p.stack for p in t.players.values()) + start * sum(
            1 for p in t.players.values() if p.out)
        assert held == t.chips, f"{held} chips held, the events say {t.chips}"
        return n
    finally:
        store.close()


def acks_of(path: Path) -> set[int]:
    if not path.exists():
        return set()
    return {int(x.split()[1]) for x in path.read_text().splitlines() if x.startswith("done ")}


@pytest.fixture(scope="module")
def forks(tmp_path_factory):
    f = Forks(tmp_path_factory.mktemp("zygote") / "log")
    try:
        yield f
    finally:
        f.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_live_tournament_killed_at_random_moments_loses_nothing(backend, reference, tmp_path,
                                                                   request, forks):
    """KILLS[backend] kills at seeded moments; an event that reaches its winner meanwhile is
    checked whole and the kills go on with the same script on a new database."""
    def new_url(k: int) -> str:
        if backend == "sqlite":
            return f"sqlite:///{tmp_path / f'crash{k}.db'}"
        return request.getfixturevalue("postgres_server").create_database()

    rng = random.Random(2026)
    runs = 0
    url, acks = new_url(runs), tmp_path / f"acks{runs}"
    kills = 0
    out = tmp_path / "driver"
    while kills < KILLS[backend]:
        pid = forks.drive(url, out, acks)
        time.sleep(rng.uniform(*DELAYS[backend]))
        kill(pid)
        code = exit_code(out, pid, wait=False)
        # Killed, or done before the kill: never another end (an exception's exit code).
        assert code in (None, 0), out.read_text()[-2000:]
        kills += code is None
        if check_log(url, reference, acks_of(acks)) == len(reference) - 1:
            runs += 1                      # the winner as uninterrupted: a new event
            url, acks = new_url(runs), tmp_path / f"acks{runs}"
    # The last event carried on to the end by one more process: the same winner and results.
    pid = forks.drive(url, out, acks)
    assert exit_code(out, pid) == 0, out.read_text()[-2000:]
    assert check_log(url, reference, acks_of(acks)) == len(reference) - 1
    print(f"\n{backend}: {kills} SIGKILLs survived over {runs + 1} events, 0 commands lost")


def start_after_kill(server) -> None:
    """Start the server again once its backends (left by the killed postmaster) have gone:
    until then the old shared memory is in use and pg_ctl start fails."""
    command = [str(server.bindir / "pg_ctl"), "-D", str(server.data), "-l", str(server.log),
               "-w", "-t", "60", "start"]
    if server.as_postgres:
        command = ["runuser", "-u", server.user, "--", *command]
    for _ in range(60):
        time.sleep(0.5)
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True,
                              cwd=server.dir, timeout=120)
        if done.returncode == 0:
            return
    raise AssertionError(f"PostgreSQL did not start again: {done.stdout!r} {done.stderr!r}")


def test_postgresql_restarted_and_killed_mid_event_reconnects_and_applies_each_command_once(
        postgres_server, reference, tmp_path):
    """The store's engine reconnects by itself (pool pre-ping). Two directors run the event's
    script during the restarts, each command with its command id: one through the service (a
    script; a command in flight when the server went away is refused with DatabaseFailure),
    one through the console's web API (answered 503, "send it again with the same
    command_id"). Each sends a refused command again as it was, with its id, without reading
    the log: one committed before the server went away is answered already done, the others are
    applied; none is lost, none applied twice."""
    from fastapi.testclient import TestClient

    from pokertd.storage import UserStore
    from pokertd.web.app import create_app

    urls = {"service": postgres_server.create_database(),
            "web": postgres_server.create_database()}
    acks = {k: tmp_path / f"acks-{k}" for k in urls}
    resent: dict[str, list[tuple[int, bool]]] = {k: [] for k in urls}
    errors: list[BaseException] = []
    web_store = open_store(urls["web"])
    UserStore(web_store).add("td", "director", "a director's long password")
    clock = [driver.T0]
    client = TestClient(create_app(web_store, clock=lambda: clock[0], secret="restarts"))
    token = client.get("/login").text.split('name="csrf-token" content="')[1].split('"')[0]
    assert client.post("/login", data={"username": "td", "csrf_token": token,
                                       "password": "a director's long password"},
                       follow_redirects=False).status_code == 303
    client.headers["X-CSRF-Token"] = (client.get("/console").text
                                      .split('name="csrf-token" content="')[1].split('"')[0])

    def run(which: str) -> None:
        try:
            if which == "service":
                driver.drive(urls[which], str(acks[which]), retry_s=90, ids=True,
                             resent=resent[which])
            else:
                driver.drive_web(client, str(acks[which]), clock=clock, retry_s=90,
                                 resent=resent[which])
        except BaseException as exc:        # noqa: BLE001 - reported by the test
            errors.append(exc)

    directors = [threading.Thread(target=run, args=(k,)) for k in urls]
    for d in directors:
        d.start()
    pid_file = postgres_server.data / "postmaster.pid"
    try:
        for k in range(4):
            time.sleep(0.6)
            if k == 2:                       # once killed: SIGKILL to the postmaster
                pid = int(pid_file.read_text().split()[0])
                os.kill(pid, signal.SIGKILL)
                start_after_kill(postgres_server)
                RESTARTS.append("killed")
            else:
                postgres_server._run("pg_ctl", "-D", str(postgres_server.data), "-m", "fast",
                                     "-w", "-t", "60", "restart")
                RESTARTS.append("restart")
    finally:
        for d in directors:
            d.join(timeout=180)
        web_store.close()
    assert not any(d.is_alive() for d in directors) and not errors, errors
    for k, url in urls.items():
        assert check_log(url, reference, acks_of(acks[k])) == len(reference) - 1, k
    # The directors' commands did meet the restarts: some were sent again.
    assert resent["service"] or resent["web"], resent
    again = {k: f"{len(v)} sent again ({sum(d for _, d in v)} already done)"
             for k, v in resent.items()}
    print(f"\nPostgreSQL: {len(RESTARTS)} restarts survived ({', '.join(RESTARTS)}); "
          f"service: {again['service']}, web API: {again['web']}; "
          "0 commands lost or applied twice")


def test_two_directors_at_once_apply_each_command_exactly_once_or_refuse_it(tmp_path):
    """Two `pokertd tournament bust` processes per player, started together, for every
    bust-out of the event: one is done, the other refused (the player is out, or another
    command changed the tournament meanwhile), never both."""
    db = tmp_path / "two.db"
    env = {**os.environ, "POKERTD_DB": str(db)}

    def cli(*args: str) -> subprocess.Popen:
        return subprocess.Popen([str(Path(sys.executable).parent / "pokertd"), *args], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    players = [f"q{i}" for i in range(1, 9)]
    for args in (["tournament", "new", "Two", "--preset", "gananda", "--seed", "5"],
                 ["tournament", "register", "Two", *players], ["tournament", "start", "Two"]):
        p = cli(*args)
        assert p.wait(timeout=60) == 0, p.stderr.read()
    done = refused = 0
    for player in players[:-1]:
        both = [cli("tournament", "bust", "Two", player), cli("tournament", "bust", "Two", player)]
        codes = [p.wait(timeout=60) for p in both]
        errs = [p.stderr.read() for p in both]
        assert sorted(codes) in ([0, 1], [0, 2]), (codes, errs)
        loser = errs[codes.index(0) ^ 1]
        assert loser.startswith("Error: ") and ("already out" in loser or "meanwhile" in loser), loser
        done += 1
        refused += 1
    store = open_store(str(db))
    try:
        t = TournamentService(store).load("Two").tournament
        assert t.finished and t.winner == players[-1]
        info = store.find_stream(KIND, "Two")
        busts = [e.payload["args"]["players"][0] for e in store.read(info.id)
                 if e.type == COMMAND and e.payload["command"] == "bust"]
        assert sorted(busts) == sorted(players[:-1])           # each exactly once
    finally:
        store.close()
