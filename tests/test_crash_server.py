"""Crashes of the web server (issue 13): a real `pokertd serve` process killed with SIGKILL at
seeded moments, measured in events committed (or in commands done), never in seconds:

- a dealt tournament run by the server (bots at two tables, the director balancing, breaking
  and forming the final table), killed 100 times;
- a live tournament driven by a director through the web API and the CLI at once, killed 100
  times, now between two commands, now with a command in flight (a web request sent and not
  answered, or a CLI process killed with the server).

After each kill the stored log is checked: the log before the kill is a prefix of every later
one (the restarted server rewrote nothing and lost nothing), every command answered as done is
in it, no command and no hand is in it twice, the replay of the log is consistent and no chip
appears or disappears. The live event's replayed state equals an uninterrupted run's after as
many commands, and play goes on to the same winner and results as that run. The dealt event is
seeded (room/seeds.py: each deck and each bot decision derived from the seed and the
logs; the event plays in rounds on its own clock, room/dealt_tables.py): it plays on to a
winner that its log's replay confirms (every hand, every bust-out, the places and prizes), and
to the same hands, winner, places and prizes as an uninterrupted run of it in process.

The servers are forked from one warm process (tests/serve_zygote.py), each child running the
`pokertd serve` command itself over an SQLite file in memory-backed /dev/shm: a restart costs a
fraction of a second, not the seconds of a cold start on a busy machine.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import httpx
import pytest

import crash_driver as driver
import seeded_events
from forking import Forks, Served, alive, exit_code, kill
from pokertd.engine import replay
from pokertd.services.tournaments import KIND, TournamentService
from pokertd.storage import UserStore, open_store
from pokertd.tournament.house import config_preset

KILLS = 100
PER_EVENT = 20                # kills of one dealt event, then the next
SECRET = "the crash tests' session secret"
PASSWORD = "a director's long password"
RESULTS: dict[str, str] = {}


# --- the servers ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def forks(tmp_path_factory):
    f = Forks(tmp_path_factory.mktemp("zygote") / "log", {"POKERTD_SECRET": SECRET})
    try:
        yield f
    finally:
        f.close()
        for line in RESULTS.values():
            print(f"\n{line}")


@pytest.fixture
def fast_dir(tmp_path: Path):
    """A directory in memory-backed /dev/shm where there is one (thousands of commits)."""
    import shutil

    shm = Path("/dev/shm")
    where = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path
    yield where
    if where != tmp_path:
        shutil.rmtree(where, ignore_errors=True)


def csrf_of(html: str) -> str:
    return html.split('name="csrf-token" content="')[1].split('"')[0]


# --- the log, read as it is on disk -------------------------------------------------------


def rows(db: Path) -> dict[tuple[str, str], list[tuple[int, str, str]]]:
    """Every stream's events, (kind, name) -> [(seq, type, payload)], read with sqlite3."""
    if not db.exists():
        return {}
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        out: dict[tuple[str, str], list[tuple[int, str, str]]] = {}
        for kind, name, seq, type_, payload in con.execute(
                "SELECT s.kind, s.name, e.seq, e.type, e.payload FROM events e "
                "JOIN streams s ON s.id = e.stream_id ORDER BY s.id, e.seq"):
            out.setdefault((kind, name), []).append((seq, type_, payload))
        return out
    finally:
        con.close()


def check_prefix(before: dict, after: dict) -> None:
    """Nothing committed before a kill is lost or changed afterwards."""
    for key, old in before.items():
        assert after.get(key, [])[:len(old)] == old, f"{key}: the log changed after a restart"


# --- a dealt tournament run by the server --------------------------------------------------

# (levels of 3 minutes: 6 rounds of the seeded event's clock a level, some 50 hands an event)
EVENT = {"preset": "ifp-2012", "seats": 8, "table_size": 4, "bots": 8, "bot_kind": "random",
         "level_minutes": 3, "act_seconds": 5, "bot_delay": 0, "pause_seconds": 0,
         "seed": "1313"}
DEALT = "Night"               # every dealt event the same seeded tournament, killed elsewhere


def check_dealt(event: Dealt, log: dict) -> bool:
    """The checks of a dealt event's log after a kill; True when it has its winner."""
    name, acked = event.name, event.acked
    ev = log.get(("table_event", name), [])
    types = [t for _, t, _ in ev]
    if "created" in acked:
        assert types.count("entered") == EVENT["bots"], types
    if "started" in acked:
        assert "started" in types
    assert types.count("started") <= 1
    tables = {}
    for (kind, tname), recs in log.items():
        if kind != "table":
            continue
        first = json.loads(recs[0][2])
        if first.get("event") != name:
            continue
        hands: dict[int, list[dict]] = {}
        started = []
        for _, t, p in recs:
            if t == "hand_started":
                started.append(json.loads(p)["hand"])
            elif t == "hand":
                x = json.loads(p)
                hands.setdefault(x["hand"], []).append(x["event"])
        # Each hand dealt once, numbered on without a gap; each ended at most once.
        assert started == list(range(1, len(started) + 1)), (tname, started)
        ended = []
        for number in started:
            events = hands[number]
            assert events[0]["type"] == "started"
            kinds = [e["type"] for e in events]
            assert kinds.count("ended") <= 1, (tname, number)
            begun = sum(events[0]["config"]["stacks"])
            if kinds[-1] == "ended":
                assert sum(events[-1]["stacks"]) == begun, (tname, number)
                ended.append((events[0]["config"]["stacks"], events[-1]["stacks"]))
            else:                                   # in progress: stacks and pot
                h = replay(events)
                assert sum(h.stacks) + h.total_pot == begun, (tname, number)
        tables[first["table"]] = ended
    if "started" not in types or ("tournament", name) not in log:
        return False
    tm = event.service.load(name).tournament
    start = tm.structure.starting_stack
    assert tm.chips == start * tm.entrants == start * EVENT["seats"]
    assert sum(p.stack for p in tm.players.values()) == tm.chips
    recorded: dict[int, list] = {}
    for e in tm.event_dicts():
        if e["type"] == "hand_played":
            recorded.setdefault(e["table"], []).append((e["start"], e["end"]))
    for tid, ended in tables.items():
        # The director recorded each hand over once, in order, with its stacks: a hand
        # over but not yet recorded (the round was ending) is the only difference.
        got = recorded.get(tid, [])
        assert len(ended) - 1 <= len(got) <= len(ended), (tid, len(got), len(ended))
        assert [(sorted(a), sorted(b)) for a, b in got] == \
            [(sorted(a), sorted(b)) for a, b in ended[:len(got)]], tid
    busted = [e["player"] for e in tm.event_dicts() if e["type"] == "busted"]
    assert len(busted) == len(set(busted)), "a player busted twice"
    if tm.finished:
        assert tm.winner is not None and tm.players[tm.winner].stack == tm.chips
        places = sorted(r["place"] for r in tm.results())
        assert len(places) == tm.entrants and places.count(1) == 1
        # One place each, or shared (IFP 57: out in the same hand with equal stacks).
        assert all(p == k + 1 or p == places[k - 1] for k, p in enumerate(places)), places
        assert sum(p.prize for p in tm.players.values()) == tm.prize_pool
        assert len(busted) == tm.entrants - 1
    return tm.finished


def dealt_kills(forks: Forks, fast_dir: Path) -> None:
    """100 SIGKILLs of `pokertd serve` while its bots play two-table events: each at a seeded
    number of events committed after the restart (0: during the start-up, when the server
    resumes the round the log left), some with the host's start command in flight. An event
    takes PER_EVENT kills at most (its log stays short, a restart cheap), then the next one;
    the last is played on to its winner by one more server."""
    rng = random.Random(1313)
    kills = 0
    events: list[Dealt] = []
    http = httpx.Client(timeout=30)
    while kills < KILLS:
        ev = Dealt(fast_dir, len(events))
        events.append(ev)
        while ev.kills < PER_EVENT and kills < KILLS:
            srv = forks.serve(ev.db)
            ev.command(srv, http, rng)
            if alive(srv.pid):
                ev.wait_events(srv, rng.randint(0, 250))
                srv.kill()
            ev.kills += 1
            kills += 1
            if ev.check():
                break                          # its winner (checked): the next event
    last = events[-1]
    srv = forks.serve(last.db)                 # one more run, not killed, to the winner
    last.command(srv, http, None)
    deadline = time.monotonic() + 120
    while not _finished(last.db, last.name):
        assert alive(srv.pid) and time.monotonic() < deadline, forks.tail()
        time.sleep(0.05)
    srv.wait_up()
    http.base_url = srv.base
    summary = http.get(f"/tables/api/events/{last.name}").json()
    srv.kill()
    http.close()
    assert last.check()
    tm = last.service.load(last.name).tournament
    assert summary["winner"] == tm.winner and summary["results"] == tm.results()
    # The uninterrupted run of the same seeded event, in process: every event killed on the
    # way has its hands, its winner, its places and its prizes.
    with open_store(f"sqlite:///{fast_dir / 'reference.db'}") as store:
        reference = seeded_events.play(store, DEALT, EVENT)
        ref = reference.service.load(DEALT).tournament
        ref_hands = _hands_played(ref)
        assert ref.finished and len(ref_hands) > 10
        for k, ev in enumerate(events):
            if ev.finished:
                got = ev.service.load(DEALT).tournament
                hands = _hands_played(got)
                first = next((i for i, (a, b) in enumerate(zip(hands, ref_hands)) if a != b),
                             min(len(hands), len(ref_hands)))
                assert hands == ref_hands, (f"event {k} ({ev.kills} kills): hand {first} is "
                                            f"{hands[first:first + 1]}, uninterrupted "
                                            f"{ref_hands[first:first + 1]}")
                assert got.winner == ref.winner and got.results() == ref.results()
    for ev in events:
        ev.close()
    won = sum(1 for ev in events if ev.finished)
    RESULTS["dealt"] = (f"dealt tournament: {kills} SIGKILLs of pokertd serve survived over "
                        f"{len(events)} events ({won} played to their winner: the winner, "
                        f"places, prizes and {len(ref_hands)} hands of the uninterrupted run), "
                        "0 events lost")


def _hands_played(tm) -> list[tuple]:
    """The director's record of every hand (the time left out: the server's clock started
    at its own moment)."""
    return [(e["table"], e["hand"], e["level"], e["button"], e["players"], e["start"], e["end"])
            for e in tm.event_dicts() if e["type"] == "hand_played"]


class Dealt:
    """One dealt event of the test, in a database of its own, and what is known of it."""

    def __init__(self, where: Path, k: int) -> None:
        self.db, self.name = where / f"dealt{k}.db", DEALT
        self.host: str | None = None
        self.acked: set[str] = set()
        self.log: dict = {}
        self.kills = 0
        self.finished = False
        self._store = None

    @property
    def service(self) -> TournamentService:
        if self._store is None:
            self._store = open_store(f"sqlite:///{self.db}", create=False, upgrade=False)
            self._service = TournamentService(self._store)   # its replays kept: incremental
        return self._service

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def command(self, srv: Served, http: httpx.Client, rng: random.Random | None) -> None:
        """The host's commands still to do: open the event with its bots, start it (sent,
        and with ``rng`` sometimes the server killed before it answers)."""
        if self.host is not None and "started" in self.acked:
            return
        srv.wait_up()
        http.base_url = srv.base
        csrf = csrf_of(http.get("/tables").text)
        if self.host is None:
            r = http.post("/tables/api/events", headers={"X-CSRF-Token": csrf},
                          json={"name": self.name, **EVENT})
            assert r.status_code == 201, r.text
            self.host = r.json()["host"]
            self.acked.add("created")
        if any(t == "started" for _, t, _ in rows(self.db).get(("table_event", self.name), [])):
            self.acked.add("started")          # done before the last kill, its answer lost
            return
        if rng is not None and rng.random() < 0.4:
            sent = threading.Thread(target=_start_quietly,
                                    args=(http, self.name, self.host, csrf, self.acked))
            sent.start()
            time.sleep(rng.choice([0, 0.001, 0.003, 0.01, 0.03]))
            srv.kill()
            sent.join()
            return
        r = http.post(f"/tables/api/events/{self.name}/start", headers={"X-CSRF-Token": csrf},
                      json={"host": self.host})
        assert r.status_code == 200, r.text
        self.acked.add("started")

    def wait_events(self, srv: Served, n: int) -> None:
        """Until ``n`` more events are committed (or the event has its winner)."""
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            def head() -> int:
                return con.execute("SELECT coalesce(max(rowid), 0) FROM events").fetchone()[0]
            target = head() + n
            deadline = time.monotonic() + 60
            while head() < target and alive(srv.pid) and not _finished(self.db, self.name):
                if time.monotonic() > deadline:
                    last = con.execute("SELECT type, payload FROM events "
                                       "ORDER BY rowid DESC LIMIT 4").fetchall()
                    raise AssertionError(f"no play after a restart: the log ends {last}; "
                                         f"{srv.forks.tail()}")
                time.sleep(0.003)
        finally:
            con.close()

    def check(self) -> bool:
        after = rows(self.db)
        check_prefix(self.log, after)
        self.log = after
        self.finished = check_dealt(self, after)
        return self.finished


def _start_quietly(http: httpx.Client, name: str, host: str, csrf: str, acked: set) -> None:
    with contextlib.suppress(httpx.HTTPError):
        r = http.post(f"/tables/api/events/{name}/start", headers={"X-CSRF-Token": csrf},
                      json={"host": host})
        if r.status_code == 200:
            acked.add("started")


def _finished(db: Path, name: str) -> bool:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute(
            "SELECT count(*) FROM events e JOIN streams s ON s.id = e.stream_id "
            "WHERE s.kind = 'tournament' AND s.name = ? AND e.type = 'finished'",
            (name,)).fetchone()[0] > 0
    except sqlite3.OperationalError:
        return False
    finally:
        con.close()


# --- a live tournament through the web API and the CLI ------------------------------------

STEPS = driver.script()        # create, register, start, the bust-outs, a pause and a resume


def by_cli(i: int) -> bool:
    """Every fourth command through the CLI, the others through the web API."""
    return i % 4 == 3


def projection(t) -> str:
    """The tournament's state without the clock's times (the server's clock is the real one):
    the players, stacks, places, seats, tables, level, prize pool, payouts and winner."""
    s = t.state()
    s.pop("clock")
    return json.dumps(s, sort_keys=True, default=str)


@pytest.fixture(scope="module")
def live_reference(tmp_path_factory):
    """The uninterrupted run, in process: the state after each number of commands (0 = no
    tournament) and the log's command markers."""
    url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'ref.db'}"
    store = open_store(url)
    try:
        svc = TournamentService(store, clock=lambda: driver.T0)
        states = [""]
        for command in STEPS:
            verb = command[0]
            if verb == "create":
                svc.create(driver.NAME, config_preset("gananda"), seed=7)
            elif verb == "register":
                svc.register(driver.NAME, driver.PLAYERS)
            elif verb == "start":
                svc.start(driver.NAME)
            elif verb == "bust":
                svc.bust_hand(driver.NAME, [command[1]])      # what the web and the CLI call
            elif verb == "pause":
                svc.pause(driver.NAME)
            else:
                svc.resume(driver.NAME)
            states.append(projection(svc.load(driver.NAME).tournament))
        info = store.find_stream(KIND, driver.NAME)
        markers = [e.payload["command"] for e in store.read(info.id) if e.type == "command"]
        t = svc.load(driver.NAME).tournament
        assert t.finished
        return {"states": states, "markers": markers, "winner": t.winner,
                "results": t.results()}
    finally:
        store.close()


@pytest.fixture(scope="module")
def director_db(tmp_path_factory) -> Path:
    """A database with a director (the Argon2 hash made once, the file copied per event)."""
    path = tmp_path_factory.mktemp("director") / "template.db"
    with open_store(f"sqlite:///{path}") as s:
        UserStore(s).add("td", "director", PASSWORD)
    return path


class Live:
    """One live event of the test, in a database of its own: the director's web session
    (kept across restarts: the cookie is signed with $POKERTD_SECRET), what was answered as
    done, and the log as last read."""

    def __init__(self, where: Path, k: int, template: Path, forks: Forks) -> None:
        import shutil

        self.db = where / f"live{k}.db"
        shutil.copy(template, self.db)
        self.out = where / f"cli{k}"
        self.forks = forks
        self.http = httpx.Client(timeout=30)
        self.csrf: str | None = None
        self.acked: set[int] = set()
        self.log: dict = {}
        self.store = open_store(f"sqlite:///{self.db}", create=False)
        self.service = TournamentService(self.store)
        self.cli_runs = self.web_requests = 0
        self.pending: int | None = None     # a web command in flight when the server died
        self.resent: list[bool] = []         # each one sent again: was it already done?

    def close(self) -> None:
        self.http.close()
        self.store.close()

    def applied(self) -> int:
        """Commands in the log: the created batch, then one marker per command batch."""
        recs = rows(self.db).get((KIND, driver.NAME))
        return 0 if recs is None else 1 + sum(1 for _, t, _ in recs if t == "command")

    def connect(self, srv: Served) -> None:
        srv.wait_up()
        self.http.base_url = srv.base
        if self.csrf is None:
            page = self.http.get("/login").text
            r = self.http.post("/login", data={"username": "td", "password": PASSWORD,
                                               "csrf_token": csrf_of(page)},
                               follow_redirects=False)
            assert r.status_code == 303, r.text
            self.csrf = csrf_of(self.http.get("/console").text)

    def web(self, i: int) -> httpx.Response:
        command = STEPS[i]
        verb, name = command[0], driver.NAME
        # Each command with its id, the same when it is sent again (issue 13).
        path, body = f"/console/api/events/{name}/{verb}", {"command_id": driver.command_id(i)}
        if verb == "create":
            path, body = "/console/api/events", {**body, "name": name, "preset": "gananda",
                                                 "seed": 7}
        elif verb == "register":
            body["players"] = driver.PLAYERS
        elif verb == "bust":
            body["players"] = [command[1]]
        self.web_requests += 1
        return self.http.post(path, json=body, headers={"X-CSRF-Token": self.csrf or ""})

    def cli(self, i: int) -> int:
        command = STEPS[i]
        verb, name = command[0], driver.NAME
        args = {"create": ["new", name, "--preset", "gananda", "--seed", "7"],
                "register": ["register", name, *driver.PLAYERS],
                "bust": ["bust", name, *command[1:]]}.get(verb, [verb, name])
        args += ["--command-id", driver.command_id(i)]
        self.cli_runs += 1
        return self.forks.cli(self.db, self.out, "tournament", *args)

    def run(self, i: int) -> None:
        """Command ``i``, answered as done (through the channel of its number)."""
        if by_cli(i):
            pid = self.cli(i)
            assert exit_code(self.out, pid) == 0, self.out.read_text()[-2000:]
        else:
            r = self.web(i)
            assert r.status_code in (200, 201), r.text
        self.acked.add(i)

    def in_flight(self, i: int, srv: Served, rng: random.Random) -> None:
        """Command ``i`` sent, and the server (and a CLI run) killed before it answers."""
        pause = rng.choice([0, 0.001, 0.003, 0.01, 0.02])
        if by_cli(i):
            pid = self.cli(i)
            time.sleep(pause)
            kill(pid)
            srv.kill()
            if exit_code(self.out, pid, wait=False) == 0:
                self.acked.add(i)
            else:
                self.pending = i
            return
        answered: list[int] = []

        def send() -> None:
            with contextlib.suppress(httpx.HTTPError):
                answered.append(self.web(i).status_code)
        sent = threading.Thread(target=send)
        sent.start()
        time.sleep(pause)
        srv.kill()
        sent.join()
        if answered and answered[0] in (200, 201):
            self.acked.add(i)
        else:
            self.pending = i

    def resend(self) -> None:
        """The command in flight when the server (and the CLI run) was killed, sent again as it
        was, with its command id, before anything else: applied once, already done exactly
        when the log has it."""
        i, self.pending = self.pending, None
        if i is None:
            return
        in_log = self.applied() > i
        if by_cli(i):
            pid = self.cli(i)
            assert exit_code(self.out, pid) == 0, self.out.read_text()[-2000:]
            last = self.out.read_text().strip().splitlines()[-1]      # this run's last line
            assert last.startswith("already done: this command id is in the log") is in_log, last
        else:
            r = self.web(i)
            assert r.status_code in (200, 201), r.text
            assert r.json()["already_done"] is in_log, (i, in_log, r.text)
        self.resent.append(in_log)
        self.acked.add(i)

    def check(self, reference: dict) -> int:
        """The checks after a kill; the number of commands in the log."""
        after = rows(self.db)
        check_prefix(self.log, after)
        self.log = after
        n = self.applied()
        assert all(i < n for i in self.acked), f"answered {max(self.acked)}, the log has {n}"
        if n == 0:
            return 0
        t = self.service.load(driver.NAME).tournament
        assert projection(t) == reference["states"][n]
        markers = [json.loads(p) for _, ty, p in after[(KIND, driver.NAME)] if ty == "command"]
        assert [m["command"] for m in markers] == reference["markers"][:n - 1]
        busts = [m["args"]["players"][0] for m in markers if m["command"] == "bust"]
        assert len(busts) == len(set(busts)), "a bust-out applied twice"
        # A live event's director reports bust-outs, not hands: each player's starting stack
        # is in play until he is out, when it has gone to the others (IFP 57).
        start = t.structure.starting_stack
        assert t.chips == start * t.entrants
        held = sum(p.stack for p in t.players.values()) + start * sum(
            1 for p in t.players.values() if p.out)
        assert held == t.chips, f"{held} chips held, the events say {t.chips}"
        return n


def live_kills(forks: Forks, fast_dir: Path, live_reference: dict, director_db: Path) -> None:
    """100 SIGKILLs of `pokertd serve` while a director runs a live event through the web API
    and the CLI (every fourth command): each after a seeded number of commands done (0 to 3),
    half of them with the next command in flight. After a restart a web command that was in
    flight is sent again as it was, with its command id: answered already done exactly when
    the log has it; then the director goes on with the first command not in the log: none is
    lost, none applied twice, and the event goes on to the uninterrupted run's winner and
    results."""
    rng = random.Random(2613)
    kills = 0
    events: list[Live] = []
    ev = None
    try:
        while True:
            if ev is None or ev.applied() == len(STEPS):
                ev = Live(fast_dir, len(events), director_db, forks)
                events.append(ev)
            srv = forks.serve(ev.db)
            ev.connect(srv)
            ev.resend()
            if kills == KILLS:                 # one more server, not killed: to the end
                while (i := ev.applied()) < len(STEPS):
                    ev.run(i)
                srv.kill()
                assert ev.check(live_reference) == len(STEPS)
                break
            for _ in range(rng.randint(0, 3)):
                i = ev.applied()
                if i == len(STEPS):
                    break
                ev.run(i)
            i = ev.applied()
            if i < len(STEPS) and rng.random() < 0.5:
                ev.in_flight(i, srv, rng)
            srv.kill()
            kills += 1
            ev.check(live_reference)
        for e in events:
            if e.applied() == len(STEPS):
                t = e.service.load(driver.NAME).tournament
                assert t.winner == live_reference["winner"]
                assert t.results() == live_reference["results"]
        cli = sum(e.cli_runs for e in events)
        web = sum(e.web_requests for e in events)
        resent = [x for e in events for x in e.resent]
        RESULTS["live"] = (f"live tournament: {kills} SIGKILLs of pokertd serve survived over "
                           f"{len(events)} events ({web} web commands, {cli} CLI runs; "
                           f"{len(resent)} in flight sent again with their command ids, "
                           f"{sum(resent)} of them already done), "
                           "0 commands lost, 0 applied twice, the same winner and results")
    finally:
        for e in events:
            e.close()


def test_the_server_killed_100_times_in_a_dealt_and_100_in_a_live_tournament_loses_nothing(
        forks, fast_dir, live_reference, director_db):
    """The two runs above at the same time, each with its own databases and servers (the
    machine's cores share the restarts): the dealt tournament's kills and the live one's."""
    errors: list[BaseException] = []

    def run(kills, *args) -> None:
        try:
            kills(*args)
        except BaseException as exc:           # noqa: BLE001 - raised below
            errors.append(exc)
    runs = [threading.Thread(target=run, args=(dealt_kills, forks, fast_dir)),
            threading.Thread(target=run, args=(live_kills, forks, fast_dir, live_reference,
                                               director_db))]
    for t in runs:
        t.start()
    for t in runs:
        t.join()
    if errors:
        raise errors[0]


def test_a_dealt_event_whose_start_was_cut_short_after_the_directors_create_starts(tmp_path):
    """Found by the kills above: a crash after the start had created the director's
    tournament (and before the event's ``started``) left an event that could never start
    (TournamentExists, a 500). The start goes on from the director's log: the tournament
    created once, the players registered once, and play begins."""
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.room.server import TableServer

    with open_store(f"sqlite:///{tmp_path / 'cut.db'}") as store:
        events = DealtEvents(TableServer(store), TournamentService(store))
        host = events.create("Cut", preset="ifp-2012", seats=8, table_size=4, bot_delay=0)
        events.add_bots("Cut", host, 8, "random")


        def crash(name: str) -> None:
            raise SystemExit("killed")         # the process dies before the clock starts

        events.service.start = crash           # the director's create and register are done
        with pytest.raises(SystemExit):
            events.start("Cut", host)
        again = DealtEvents(TableServer(store), TournamentService(store))
        again.load_all()
        again.start("Cut", host)
        tm = TournamentService(store).load("Cut").tournament
        assert tm.started and tm.entrants == 8
        kinds = [e["type"] for e in tm.event_dicts()]
        assert kinds.count("created") == 1 and kinds.count("registered") == 8
        assert again.summary("Cut")["state"] == "running"
        assert any(t.hand is not None or t.hands for t in again.event("Cut").tables.values())


def test_a_cli_and_the_web_api_directing_one_event_at_once_apply_each_command_once(
        forks, fast_dir, director_db):
    """Two directors on one event: the console's web API (through `pokertd serve`) and the
    CLI, sending their commands at the same moment. Different bust-outs sent together are
    both applied (a command that lost the race is run again on the new state, or refused as
    changed meanwhile and sent again by its director); the same bust-out sent by both is
    applied once, the other refused with a message. The log has each bust-out once."""
    players = [f"q{i:02d}" for i in range(1, 15)]
    ev = Live(fast_dir, 99, director_db, forks)
    srv = forks.serve(ev.db)
    try:
        ev.connect(srv)
        h = {"X-CSRF-Token": ev.csrf or ""}
        for path, body in (("/console/api/events", {"name": "Two", "seed": 5}),
                           ("/console/api/events/Two/register", {"players": players}),
                           ("/console/api/events/Two/start", {})):
            assert ev.http.post(path, json=body, headers=h).status_code in (200, 201)

        def both(web_player: str, cli_player: str) -> tuple[httpx.Response, int, str]:
            answers: list[httpx.Response] = []
            sent = threading.Thread(target=lambda: answers.append(ev.http.post(
                "/console/api/events/Two/bust", json={"players": [web_player]}, headers=h)))
            pid = forks.cli(ev.db, ev.out, "tournament", "bust", "Two", cli_player)
            sent.start()
            code = exit_code(ev.out, pid)
            sent.join()
            return answers[0], code, ev.out.read_text()

        same = refused = again = 0
        for k in range(0, 8, 2):               # different players, at once: both applied
            a, b = players[k], players[k + 1]
            r, code, said = both(a, b)
            if r.status_code == 409:           # lost the race three times: sent again
                again += 1
                r = ev.http.post("/console/api/events/Two/bust", json={"players": [a]},
                                 headers=h)
            assert r.status_code == 200, r.text
            if code != 0:
                assert "meanwhile" in said, said
                again += 1
                assert exit_code(ev.out, forks.cli(ev.db, ev.out, "tournament", "bust", "Two", b)) == 0
        for p in players[8:-1]:                 # the same player, at once: once
            r, code, said = both(p, p)
            assert (r.status_code == 200) != (code == 0), (r.text, code, said)
            if r.status_code == 200:
                assert code in (1, 2) and said.strip().splitlines()[-1].startswith("Error: ")
                assert "already out" in said or "meanwhile" in said, said
            else:
                assert r.status_code in (400, 409) and r.json()["error"], r.text
            same += 1
            refused += 1
        srv.kill()
        info = ev.store.find_stream(KIND, "Two")
        busts = [e.payload["args"]["players"][0] for e in ev.store.read(info.id)
                 if e.type == "command" and e.payload["command"] == "bust"]
        assert sorted(busts) == sorted(players[:-1])          # each exactly once
        t = ev.service.load("Two").tournament
        assert t.finished and t.winner == players[-1]
        RESULTS["two"] = (f"two directors (web API and CLI at once): {len(busts)} bust-outs "
                          f"applied once each, {refused} sent twice refused once, {again} "
                          "lost races sent again")
    finally:
        srv.kill()
        ev.close()


def test_a_dealt_event_killed_as_its_final_table_is_formed_resumes_and_plays_on(tmp_path):
    """Found by the kills above: a crash after the director formed the final table at a table
    number that had hands before (its own button placed, IFP 15) and before its first hand
    was dealt: the restart took the table's last hand (of the old button, not recorded under
    the new one) for the round in progress, and failed (StopIteration at start-up, or the
    round's end refused by the button: a server that could not start, or an event that
    stalled). The round is the tables whose last hand the director has not recorded."""
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.room.server import TableServer
    from pokertd.room.tables import Table

    class Clock:
        now = 1000.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()

    def server(store):
        tables = TableServer(store, clock=clock, rng=lambda n: random.Random(f"3:{n}"))
        return tables, DealtEvents(tables, TournamentService(store, clock=clock))

    with open_store(f"sqlite:///{tmp_path / 'final.db'}") as store:
        tables, events = server(store)
        host = events.create("Final", preset="ifp-2012", seats=8, table_size=4,
                             level_minutes=1, act_seconds=5, bot_delay=0, pause_seconds=0)
        events.add_bots("Final", host, 8, "random")
        start_hand = Table.start_hand
        cut: list[int] = []

        def crash_at_the_final_table(table, now, setup=None):
            tm = events.event("Final").loaded.tournament
            if not cut and any(e.type == "final_table_formed" for e in tm.events):
                cut.append(table.table_id)
                raise SystemExit("killed")     # the process dies before the deal
            return start_hand(table, now, setup)
        Table.start_hand = crash_at_the_final_table
        try:
            events.start("Final", host)
            ev = events.event("Final")
            for _ in range(20000):
                clock.now += 3
                for t in list(ev.tables.values()):
                    t.tick(clock.now)
        except SystemExit:
            pass
        finally:
            Table.start_hand = start_hand
        assert cut, "the final table was formed"
        again, events2 = server(store)
        again.load_all()
        events2.load_all()                    # was: StopIteration
        ev = events2.event("Final")
        for _ in range(20000):
            if events2.summary("Final")["state"] == "finished":
                break
            clock.now += 3
            for t in list(ev.tables.values()):
                t.tick(clock.now)
        tm = TournamentService(store, clock=clock).load("Final").tournament
        assert tm.finished and tm.players[tm.winner].stack == tm.chips
        assert events2.summary("Final")["winner"] == tm.winner
