"""The whole server under load (issue 13, "Load"): tournaments and tables at once, bot clients
over loopback websockets, a director at work, for half an hour; no error, memory bounded, and
at the end every tournament and table equal to the replay of its log.

    python bench/load.py [--minutes 30] [--db URL] [--json FILE] [--quick]

A `pokertd serve` process (SQLite in a temporary directory, or ``--db URL``, e.g. PostgreSQL)
runs, by default, 10 tournaments and 25 tables in play with 300 bot clients:

- 3 dealt multi-table events of 40 (tables of 10) and 4 sit-and-gos of 10, entered through the
  event API, each entrant a client that says hello with his seat's token, plays, and follows
  his seat when the director moves him (``GET .../seat``); once out he watches a table of his
  event (a spectator: no hole card);
- 3 live events run by a director through the console's API: registration (some players
  absent, arriving later), bust-outs, the buttons a balancing move needs (IFP 11a), the seat
  moves confirmed as carried out, the clock paused and resumed;
- 9 cash tables of 10 seats, a client in each (buying in again when broke), and 50 clients
  watching them.

A tournament that finishes is followed by a new one of its kind with the same clients (or the
same director), so the load stays: the tables in play go from 25 down as the multi-table
events break tables, and back up with the next ones. The clients are those of
bench/tables.py (bench/_table_clients.py: the project's SensibleBot on what each frame shows;
the latency of an action is from its send to the arrival, at every client of its table, of the
first frame that includes it). A director's command's latency is its HTTP round trip.

Reported: actions/s and director commands/s, p50/p99/max of their latencies, the errors (frames
of type error, HTTP answers other than 2xx, sockets closed, a player out of time; all must be
0), the server's resident memory at the start, after the warm-up (``--warmup`` minutes) and at
the end (the growth after the warm-up must stay under ``--max-growth`` MiB), the load average.
Then the clients stop acting (every table waits for its player to act), and every table's
state as the server sends it to a spectator is compared with the replay of its log
(:meth:`Table.load` here, over the same database), every tournament's console snapshot with the
snapshot of a fresh replay at the server's time, and every dealt event's summary with the one
its replayed logs give. The run fails (exit 1) on an error, a mismatch or memory beyond the bound.

The bound, 64 MiB after a 5-minute warm-up, allows for what the server keeps by design: the
tournaments and tables in play, the replays of the last 64 tournaments loaded (the service's
cache), and of each finished dealt event only its summary, a few kilobytes (the event and its
tables leave memory ``DealtEvents.GRACE`` seconds after it finishes and are read from the
store when asked for; they were kept before, about 0.6 MiB a tournament). It fails a leak of
a few kilobytes a hand or a few hundred bytes an action (a run plays some 10,000 hands,
100,000 actions); the report gives the growth per tournament created after the warm-up.
All clients run in this one process, which shares the machine with the server: the figures
include that; the load average says what else ran.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import random
import re
import secrets
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import console  # noqa: E402
from _table_clients import (  # noqa: E402
    Errors, Histogram, Meter, Player, Server, cpu_s, csrf_of, http_client, rss_mib, sample,
)
from rich.table import Table as RichTable  # noqa: E402

PASSWORD = "bench load password"
# The time to act: a bot acts at once, so a player out of time is an error of the run; and once
# the clients stop, every table waits this long for its player, while it is compared.
ACT_SECONDS = 120


@dataclass
class Plan:
    """What runs at once (the default: the issue's 10 tournaments, 25 tables, 300 clients)."""

    mtts: int = 3                # dealt multi-table events
    mtt_size: int = 40
    sngs: int = 4                # sit-and-gos (one table, dealt when full)
    table_size: int = 10
    live: int = 3                # live events run by a director
    live_players: int = 60
    cash: int = 9                # cash tables, every seat a client
    rail: int = 50               # clients watching the cash tables
    minutes: float = 30.0
    warmup: float = 5.0          # minutes before the memory is taken as the reference
    max_growth: float = 64.0     # MiB the server may grow after the warm-up
    pause: float = 1.0           # seconds between hands
    level_minutes: int = 2       # the dealt events' levels (the fast structure)
    command_interval: float = 0.5  # seconds between a director's commands

    @property
    def tournaments(self) -> int:
        return self.mtts + self.sngs + self.live

    @property
    def tables(self) -> int:
        return self.mtts * math.ceil(self.mtt_size / self.table_size) + self.sngs + self.cash

    @property
    def clients(self) -> int:
        return (self.mtts * self.mtt_size + (self.sngs + self.cash) * self.table_size
                + self.rail)


QUICK = dict(mtts=1, mtt_size=12, sngs=1, table_size=6, live=1, live_players=30, cash=2,
             rail=4, minutes=1.0, warmup=0.25, level_minutes=1)


class Load:
    def __init__(self, plan: Plan, server: Server, url: str, user: str) -> None:
        self.plan = plan
        self.server = server
        self.url = url
        self.user = user
        self.tag = secrets.token_hex(2)          # names of this run (a database may be reused)
        self.meter = Meter()
        self.commands = Histogram()              # a director's commands (console API)
        self.reads = Histogram()                 # a director's reads of his event
        self.api = Histogram()                   # the event API: create, enter, start, seat
        self.errors = Errors()
        self.stopping = False
        self.rng = random.Random(13)
        self.tournaments: list[str] = []
        self.dealt: list[str] = []
        self.cash_tables: list[str] = []
        self.samples: list[dict[str, float]] = []
        self.rss: dict[str, float] = {}
        self.tasks: list[asyncio.Task[Any]] = []
        self.counting_from = time.perf_counter()
        self.finished_events = 0

    # --- HTTP -------------------------------------------------------------------------------

    async def call(self, http: Any, method: str, path: str, hist: Histogram,
                   **kw: Any) -> Any:
        sent = time.perf_counter()
        try:
            r = await http.request(method, path, **kw)
        except Exception as exc:
            self.errors.add(f"{method} {path}: {type(exc).__name__}: {exc}")
            return None
        hist.add(time.perf_counter() - sent)
        if not 200 <= r.status_code < 300:
            self.errors.add(f"{method} {path}: {r.status_code} {r.text[:200]}")
            return None
        return r.json()

    def ws(self, table: str) -> str:
        return f"{self.server.ws_base}/tables/{quote(table)}/ws"

    # --- the dealt events ---------------------------------------------------------------------

    async def dealt_slot(self, http: Any, csrf: str, kind: str, k: int) -> None:
        """One dealt event after another, each with the same number of clients."""
        p = self.plan
        size = p.mtt_size if kind == "MTT" else p.table_size
        headers = {"X-CSRF-Token": csrf}
        for gen in itertools.count(1):
            if self.stopping:
                return
            name = f"{kind} {k}.{gen} {self.tag}"
            made = await self.call(http, "POST", "/tables/api/events", self.api, headers=headers,
                                   json={"name": name, "preset": "gananda", "seats": size,
                                         "table_size": p.table_size,
                                         "level_minutes": p.level_minutes,
                                         "act_seconds": ACT_SECONDS, "pause_seconds": p.pause})
            if made is None:
                return
            self.tournaments.append(name)
            self.dealt.append(name)
            tokens = []
            for i in range(size):
                got = await self.call(http, "POST", f"/tables/api/events/{quote(name)}/enter",
                                      self.api, headers=headers, json={"name": f"P{i + 1:02d}"})
                if got is None:
                    return
                tokens.append(got["token"])
            if kind == "MTT":
                if await self.call(http, "POST", f"/tables/api/events/{quote(name)}/start",
                                   self.api, headers=headers,
                                   json={"host": made["host"]}) is None:
                    return
            done = [False]
            entrants = [asyncio.create_task(self.entrant(http, name, t, f"{name}:P{i + 1:02d}",
                                                         done))
                        for i, t in enumerate(tokens)]
            self.tasks += entrants
            while not self.stopping:
                await asyncio.sleep(2.0)
                s = await self.call(http, "GET", f"/tables/api/events/{quote(name)}", self.api)
                if s is None or s["state"] == "finished":
                    break
            if self.stopping:
                return
            self.finished_events += 1
            done[0] = True
            for t in entrants:
                t.cancel()
            await asyncio.gather(*entrants, return_exceptions=True)

    async def entrant(self, http: Any, event: str, token: str, label: str,
                      done: list[bool]) -> None:
        """A dealt event's player: at his table, then at the next one the director seats him
        at, until he is out; then he watches his event."""
        player = Player(label, self.meter, self.errors, lambda: self.stopping or done[0])
        lost_since: float | None = None
        while not (self.stopping or done[0]):
            where = await self.call(http, "GET", f"/tables/api/events/{quote(event)}/seat",
                                    self.api, params={"token": token})
            if where is None:
                return
            if where.get("out"):
                break
            if where["table"] is None:
                # Between two tables (a move being seated) or the event just over.
                lost_since = lost_since or time.perf_counter()
                if time.perf_counter() - lost_since > 30:
                    self.errors.add(f"{label}: no seat for 30 s though not out")
                    return
                await asyncio.sleep(0.2)
                continue
            lost_since = None
            reason = await player.play(self.ws(where["table"]), where["table"], token=token)
            if reason in ("error", "closed"):
                return
        while not (self.stopping or done[0]):
            s = await self.call(http, "GET", f"/tables/api/events/{quote(event)}", self.api)
            if s is None:
                return
            tables = [t for t in s["tables"] if len(t["players"]) >= 2]
            if not tables:
                await asyncio.sleep(1.0)
                continue
            t = max(tables, key=lambda t: len(t["players"]))["name"]
            if await player.play(self.ws(t), t, watch=True) in ("error", "closed"):
                return

    # --- the cash tables --------------------------------------------------------------------

    async def cash(self, http: Any, csrf: str) -> None:
        p = self.plan
        for k in range(p.cash):
            name = f"Cash {k + 1} {self.tag}"
            made = await self.call(http, "POST", "/tables/api/tables", self.api,
                                   headers={"X-CSRF-Token": csrf}, json={
                                       "name": name, "seats": p.table_size, "small_blind": 5,
                                       "big_blind": 10, "act_seconds": ACT_SECONDS,
                                       "pause_seconds": p.pause})
            if made is None:
                return
            self.cash_tables.append(name)
            for seat in range(1, p.table_size + 1):
                player = Player(f"{name}:{seat}", self.meter, self.errors, lambda: self.stopping)
                self.tasks.append(asyncio.create_task(player.play(
                    self.ws(name), name, join={"type": "join", "name": f"C{seat}", "seat": seat,
                                               "stack": 1000})))
        for r in range(p.rail):
            name = self.cash_tables[r % len(self.cash_tables)]
            player = Player(f"rail {r + 1}", self.meter, self.errors, lambda: self.stopping)
            self.tasks.append(asyncio.create_task(player.play(self.ws(name), name, watch=True)))

    # --- the live events --------------------------------------------------------------------

    async def director(self, k: int) -> None:
        """A director running one live event after another through the console's API."""
        p = self.plan
        async with http_client(self.server.base) as http:
            page = (await http.get("/login")).text
            form = re.search(r'name="csrf_token" value="([^"]+)"', page)
            assert form is not None
            r = await http.post("/login", data={"username": self.user, "password": PASSWORD,
                                                "csrf_token": form.group(1)})
            if r.status_code not in (200, 303):
                self.errors.add(f"director login: {r.status_code}")
                return
            headers = {"X-CSRF-Token": await csrf_of(http, "/console")}

            async def cmd(name: str, what: str, body: dict[str, Any] | None = None) -> Any:
                return await self.call(http, "POST", f"/console/api/events/{quote(name)}/{what}"
                                       if what else "/console/api/events", self.commands,
                                       headers=headers, json=body)

            for gen in itertools.count(1):
                if self.stopping:
                    return
                name = f"Live {k}.{gen} {self.tag}"
                if await cmd(name, "", {"name": name, "preset": "gananda"}) is None:
                    return
                self.tournaments.append(name)
                players = [f"L{i + 1:03d}" for i in range(p.live_players)]
                absent = set(players[-3:])            # registered absent (IFP 8), arrive later
                present = [x for x in players if x not in absent]
                for i in range(0, len(present), 20):
                    if await cmd(name, "register", {"players": present[i:i + 20]}) is None:
                        return
                if await cmd(name, "register", {"players": sorted(absent),
                                                "absent": True}) is None:
                    return
                if await cmd(name, "start") is None:
                    return
                while not self.stopping:
                    await asyncio.sleep(p.command_interval)
                    s = await self.call(http, "GET", f"/console/api/events/{quote(name)}",
                                        self.reads)
                    if s is None:
                        return
                    if s["finished"]:
                        self.finished_events += 1
                        break
                    seats = {t["table"]: t["seats"] for t in s["tables"]}
                    wait = s["balancing"]
                    todo = [m for m in s["moves"] if not m["confirmed"]]
                    here = [x["name"] for x in s["players"] if x["absent"] and not x["out"]]
                    if wait and wait["buttons_needed"]:
                        # IFP 11a: the buttons of the tables the balancing move is between.
                        out = await cmd(name, "buttons", {"buttons": {
                            str(t): self.rng.choice(seats[t])["seat"]
                            for t in wait["buttons_needed"]}})
                    elif todo:
                        out = await cmd(name, "moves", {"move": todo[0]["key"]})
                    elif here:
                        out = await cmd(name, "arrive", {"player": here[0]})
                    elif s["clock"] and not s["clock"]["running"]:
                        # Paused by him, or stopped by the rules (Gananda: Final Table, once
                        # it is seated): he starts it again.
                        out = await cmd(name, "resume")
                    elif self.rng.random() < 0.05:
                        out = await cmd(name, "pause", {"reason": "director"})
                    else:
                        t = self.rng.choice([t for t in s["tables"] if t["seats"]])
                        victim, by = (self.rng.sample(t["seats"], 2) if len(t["seats"]) >= 2
                                      else (t["seats"][0], None))
                        body = {"players": [victim["player"]]}
                        if by is not None:
                            body["by"] = by["player"]
                        out = await cmd(name, "bust", body)
                    if out is None:
                        return

    # --- the run ----------------------------------------------------------------------------

    def take_sample(self, lobby: dict[str, Any] | None) -> None:
        in_play = None          # (the lobby not read: an error, counted)
        if lobby is not None:
            in_play = sum(1 for t in lobby["tables"] if len(t["players"]) >= 2)
            for e in lobby["events"]:
                if e["state"] == "running":
                    in_play += sum(1 for t in e["tables"] if len(t["players"]) >= 2)
        self.samples.append({"t": time.perf_counter() - self.counting_from,
                             "rss_mib": rss_mib(self.server.pid),
                             "load1": os.getloadavg()[0], "tables_in_play": in_play})

    async def run(self) -> dict[str, Any]:
        p = self.plan
        self.rss["start"] = rss_mib(self.server.pid)
        async with http_client(self.server.base) as http:
            csrf = await csrf_of(http)
            await self.cash(http, csrf)
            slots = [asyncio.create_task(self.dealt_slot(http, csrf, "MTT", k + 1))
                     for k in range(p.mtts)]
            slots += [asyncio.create_task(self.dealt_slot(http, csrf, "SNG", k + 1))
                      for k in range(p.sngs)]
            slots += [asyncio.create_task(self.director(k + 1)) for k in range(p.live)]
            stop_sampling = asyncio.Event()

            async def one_sample() -> None:
                lobby = await self.call(http, "GET", "/tables/api/lobby", self.api)
                self.take_sample(lobby)

            # The figures count from here: every slot has set up its first event by now.
            await asyncio.sleep(min(10.0, p.minutes * 60 / 6))
            self.reset_counts()
            sampler = asyncio.create_task(sample(5.0, stop_sampling, one_sample))
            start = time.perf_counter()
            self.wall = (time.time(), time.time() + p.minutes * 60)
            end = start + p.minutes * 60
            warm = start + min(p.warmup, p.minutes / 2) * 60
            cpu = (cpu_s(self.server.pid), time.process_time())
            while time.perf_counter() < end:
                if "warm" not in self.rss and time.perf_counter() >= warm:
                    self.rss["warm"] = rss_mib(self.server.pid)
                    created_before_warm = len(self.tournaments)
                if self.server.proc.poll() is not None:
                    self.errors.add(f"the server exited ({self.server.proc.returncode})")
                    break
                await asyncio.sleep(min(1.0, max(0.0, end - time.perf_counter())))
            elapsed = time.perf_counter() - start
            self.wall = (self.wall[0], time.time())
            cpu_share = {"server": (cpu_s(self.server.pid) - cpu[0]) / elapsed,
                         "clients": (time.process_time() - cpu[1]) / elapsed}
            self.rss["end"] = rss_mib(self.server.pid)
            if "warm" not in self.rss:
                self.rss["warm"] = self.rss["end"]
                created_before_warm = len(self.tournaments)
            stop_sampling.set()
            await sampler
            counts = {"actions": self.meter.actions, "latency": self.meter.hist.ms(),
                      "missing": self.meter.missing, "commands": self.commands.ms(),
                      "reads": self.reads.ms(), "api": self.api.ms()}
            # Stop: the clients stop acting, every table waits for its player to act.
            self.stopping = True
            self.meter.finish(time.perf_counter())
            await asyncio.sleep(0.5)
            for t in self.tasks + slots:
                t.cancel()
            await asyncio.gather(*self.tasks, *slots, return_exceptions=True)
            counts["missing"] = self.meter.missing
            await asyncio.sleep(p.pause + 1.0)      # a hand between two deals is dealt
            checks = await self.check(http)
        return {"elapsed_s": elapsed, **counts, "errors": self.errors.count,
                "hands": checks["hands"],
                "first_errors": self.errors.first, "rss_mib": dict(self.rss),
                "samples": self.samples, "checks": checks,
                "events_finished": self.finished_events, "cpu_share": cpu_share,
                "tournaments_created": len(self.tournaments),
                "created_after_warmup": len(self.tournaments) - created_before_warm}

    def reset_counts(self) -> None:
        self.meter.hist = Histogram()
        self.meter.actions = 0
        self.commands, self.reads, self.api = Histogram(), Histogram(), Histogram()
        self.counting_from = time.perf_counter()
        self.finished_events = 0

    # --- the check: the state the server holds equals the replay of the log ------------------

    async def check(self, http: Any) -> dict[str, Any]:
        from pokertd.storage import open_store

        out: dict[str, Any] = {"tables": 0, "tournaments": 0, "dealt_events": 0,
                               "mismatches": [], "hands": 0}
        with open_store(self.url, create=False) as store:
            names = self.table_names(store)
            for name in names:
                await self.retry(out, "table", name, lambda n=name: self.check_table(store, n))
                self.count_log(store, name, out)
            director = await self.director_client()
            try:
                for name in reversed(self.tournaments):
                    await self.retry(out, "tournament", name,
                                     lambda n=name: self.check_tournament(store, director, n))
            finally:
                await director.aclose()
            for name in reversed(self.dealt):
                await self.retry(out, "dealt_event", name,
                                 lambda n=name: self.check_dealt(store, http, n))
        return out

    def count_log(self, store: Any, name: str, out: dict[str, Any]) -> None:
        """From a table's log: the hands ended during the run, and every player who ran out of
        time then (IFP 8: marked away), an error of the run (a bot acts at once)."""
        from pokertd.room.tables import KIND

        t0, t1 = self.wall
        for e in store.read(store.find_stream(KIND, name).id):
            at = e.recorded_at.timestamp()
            if not t0 <= at <= t1:
                continue
            if e.type == "hand" and e.payload["event"]["type"] == "ended":
                out["hands"] += 1
            elif e.type == "away":
                self.errors.add(f"{name}: seat {e.payload['seat']} ran out of time (IFP 8: away)")

    async def retry(self, out: dict[str, Any], what: str, name: str, fn: Any) -> None:
        """A state that moved while it was compared (a deal, a player out of time) is read
        again; one that differs with nothing moving is a mismatch."""
        for attempt in range(5):
            same, diff = await fn()
            if same:
                out[what + "s"] += 1
                return
            if diff is not None and attempt >= 2:
                break
            await asyncio.sleep(0.3)
        out["mismatches"].append(f"{what} {name!r}: "
                                 + (diff or "it changed every time it was compared"))

    def table_names(self, store: Any) -> list[str]:
        """This run's tables: the cash tables, then those of the dealt events, the newest
        first (the ones still in play, compared before their players run out of time)."""
        from pokertd.room.tables import KIND

        streams = store.streams(KIND)
        dealt = {name: k for k, name in enumerate(self.dealt)}
        tables = [s.name for s in streams if s.name in set(self.cash_tables)]
        return tables + [s.name for s in sorted(
            (s for s in streams if s.config.get("event") in dealt),
            key=lambda s: -dealt[s.config["event"]])]

    async def server_frame(self, name: str) -> dict[str, Any]:
        import websockets

        async with websockets.connect(self.ws(name), max_size=None, ping_interval=None) as ws:
            return json.loads(await ws.recv())

    async def check_table(self, store: Any, name: str) -> tuple[bool, str | None]:
        from pokertd.room.tables import Table, view

        before = await self.server_frame(name)
        replayed = json.loads(json.dumps(view(Table.load(store, name, clock=time.monotonic),
                                              None)))
        after = await self.server_frame(name)
        if before["version"] != after["version"]:
            return False, None                       # it moved meanwhile: read again
        for f in (before, replayed):
            if f.get("hand") and "clock" in f["hand"]:
                f["hand"]["clock"].pop("elapsed")    # the time the actor has had: not state
            # how often the clients' view changed: a hand stopped and gone on (IFP 61) changes
            # it with nothing written, so the version is no state of the log
            f.pop("version", None)
        return before == replayed, _diff(before, replayed)

    async def director_client(self) -> Any:
        http = http_client(self.server.base)
        page = (await http.get("/login")).text
        form = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert form is not None
        await http.post("/login", data={"username": self.user, "password": PASSWORD,
                                        "csrf_token": form.group(1)})
        return http

    async def check_tournament(self, store: Any, http: Any,
                               name: str) -> tuple[bool, str | None]:
        from fastapi.encoders import jsonable_encoder

        from pokertd.services.tournaments import TournamentService
        from pokertd.web.views import snapshot

        r = await http.get(f"/console/api/events/{quote(name)}")
        if r.status_code != 200:
            return False, f"{r.status_code} {r.text[:200]}"
        served = r.json()
        at = served["server_time"]
        fresh = TournamentService(store, clock=lambda: at)    # a replay from the first event
        replayed = jsonable_encoder(snapshot(fresh, name, console=True))
        if replayed["seq"] != served["seq"]:
            return False, None
        # (the moves still to make are the service clock's: the replay's clock is the served time)
        return served == replayed, _diff(served, replayed)

    async def check_dealt(self, store: Any, http: Any, name: str) -> tuple[bool, str | None]:
        from fastapi.encoders import jsonable_encoder

        r = await http.get(f"/tables/api/events/{quote(name)}")
        if r.status_code != 200:
            return False, f"{r.status_code} {r.text[:200]}"
        served = r.json()
        from pokertd.room.dealt_tables import replayed_summary

        replayed = jsonable_encoder(replayed_summary(store, name))
        return served == replayed, _diff(served, replayed)


def _diff(a: Any, b: Any, where: str = "") -> str | None:
    """The first place two JSON values differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{where}.{k}: only on one side"
            d = _diff(a[k], b[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = _diff(x, y, f"{where}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{where}: {a!r} (server) against {b!r} (replay)"


def prepare(url: str) -> str:
    """The director's login, in the database before the server opens it."""
    from pokertd.storage import UserStore, open_store

    user = f"load{secrets.token_hex(3)}"
    with open_store(url) as store:
        UserStore(store).add(user, "director", PASSWORD)
    return user


def report(plan: Plan, out: dict[str, Any]) -> bool:
    secs = out["elapsed_s"]
    rss = out["rss_mib"]
    growth = rss["end"] - rss["warm"]
    loads = [s["load1"] for s in out["samples"]] or [os.getloadavg()[0]]
    tables = [s["tables_in_play"] for s in out["samples"]
              if s["tables_in_play"] is not None] or [0]
    checks = out["checks"]
    ok = (out["errors"] == 0 and growth <= plan.max_growth and not checks["mismatches"]
          and out["actions"] > 0)
    t = RichTable(title=f"{plan.tournaments} tournaments ({plan.mtts} multi-table, {plan.sngs} "
                        f"sit-and-go, {plan.live} live), {plan.tables} tables, {plan.clients} "
                        f"clients, {secs / 60:.1f} min; load average {sum(loads) / len(loads):.1f} "
                        f"(max {max(loads):.1f}) on {os.cpu_count()} cores",
                  title_justify="left")
    for col in ("what", "count", "per s", "p50 ms", "p99 ms", "max ms"):
        t.add_column(col, justify="left" if col == "what" else "right")
    lat = out["latency"]
    t.add_row("actions (websocket; latency: to every client of the table)",
              f"{out['actions']:,}", f"{out['actions'] / secs:.1f}", f"{lat['p50_ms']:.1f}",
              f"{lat['p99_ms']:.1f}", f"{lat['max_ms']:.1f}")
    t.add_row("  frames that showed an action", f"{lat['count']:,}",
              f"{lat['count'] / secs:.1f}", "", "", "")
    t.add_row("  hands ended (from the tables' logs)", f"{out['hands']:,}",
              f"{out['hands'] / secs:.1f}", "", "", "")
    for label, key in (("director commands (console API)", "commands"),
                       ("director reads (console snapshot)", "reads"),
                       ("event API (create, enter, start, seat, lobby)", "api")):
        h = out[key]
        t.add_row(label, f"{h['count']:,}", f"{h['count'] / secs:.1f}", f"{h['p50_ms']:.1f}",
                  f"{h['p99_ms']:.1f}", f"{h['max_ms']:.1f}")
    console.print(t)
    console.print(f"tables in play: {min(tables)} to {max(tables)} (mean "
                  f"{sum(tables) / len(tables):.1f}); tournaments created "
                  f"{out['tournaments_created']}, finished during the run "
                  f"{out['events_finished']}")
    per_event = (f", {growth / out['created_after_warmup']:+.1f} per tournament created "
                 f"meanwhile ({out['created_after_warmup']})" if out["created_after_warmup"]
                 else "")
    console.print(f"server RSS MiB: start {rss['start']:.0f}, after the warm-up "
                  f"{rss['warm']:.0f}, end {rss['end']:.0f} (growth {growth:+.0f}{per_event}; "
                  f"bound {plan.max_growth:g}: "
                  f"{'ok' if growth <= plan.max_growth else 'EXCEEDED'})")
    step = max(5.0, secs / 10)          # ten points over the run, at most one per 5 s
    series, next_t = [], 0.0
    for smp in out["samples"]:
        if smp["t"] >= next_t:
            series.append(f"{smp['t'] / 60:.1f} min {smp['rss_mib']:.0f}")
            next_t = smp["t"] + step
    console.print("server RSS MiB over the run: " + ", ".join(series))
    cpu = out["cpu_share"]
    console.print(f"CPU, in cores: the server {cpu['server']:.2f}, this process (the clients "
                  f"and directors) {cpu['clients']:.2f}")
    console.print(f"errors: {out['errors']}; frames showing an action not seen within 5 s by a "
                  f"client still at its table: {out['missing']}")
    for e in out["first_errors"][:10]:
        console.print(f"  error: {e}")
    console.print(f"replay check: {checks['tables']} tables, {checks['tournaments']} tournaments, "
                  f"{checks['dealt_events']} dealt events equal to the replay of their logs; "
                  f"mismatches: {len(checks['mismatches'])}")
    for m in checks["mismatches"][:10]:
        console.print(f"  mismatch: {m}")
    console.print("PASS" if ok else "FAIL")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="a small run: 3 tournaments, 5 tables, 34 clients, 1 minute")
    ap.add_argument("--db", help="the database URL (default: SQLite in a temporary directory)")
    ap.add_argument("--json", help="write the figures to this file as JSON")
    for f in Plan.__dataclass_fields__.values():
        ap.add_argument("--" + f.name.replace("_", "-"), type=type(f.default), default=None)
    args = ap.parse_args(argv)
    base = {**asdict(Plan()), **(QUICK if args.quick else {})}
    plan = Plan(**{k: getattr(args, k) if getattr(args, k) is not None else v
                   for k, v in base.items()})
    tmp = None if args.db else tempfile.mkdtemp(prefix="pokertd-bench-load-")
    url = args.db or str(Path(tmp) / "load.db")
    user = prepare(url)
    server = Server(url)
    try:
        server.wait_ready()
        out = asyncio.run(Load(plan, server, url, user).run())
        if server.proc.poll() is not None:
            out["errors"] += 1
            out["first_errors"].append(f"the server exited ({server.proc.returncode})")
    finally:
        server.stop()
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    logged = server.errors()
    if "Traceback" in logged:
        out["errors"] += 1
        out["first_errors"].append("the server logged: " + logged[-1500:])
    ok = report(plan, out)
    if args.json:
        Path(args.json).write_text(json.dumps({"plan": asdict(plan), **out, "ok": ok},
                                              indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
