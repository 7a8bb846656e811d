"""Dealt tournaments at playable tables: a sit-and-go of one table, or a multi-table event
whose seating, balancing, table breaking, final table, places and payouts are the tournament
director's (:class:`~pokertd.tournament.director.Tournament`, kept by
:class:`~pokertd.services.tournaments.TournamentService` in its own stream).

Each event has a stream of kind ``"table_event"`` (``opened``: the settings, the host's token
hash, the password's salted hash; ``entered``: a player or a bot, with his token's hash;
``started``), the director's tournament stream of the same name, and one table stream per
table (:mod:`pokertd.room.tables`: the hands, and a ``seating`` event each time the
director's seats change).

Each table plays at its own pace: when its hand is over (and the pause for the showdown has
passed) the hand is recorded (:meth:`Tournament.record_hand`), its players out of chips are
eliminated (IFP 57: out in the same hand, ranked by the preset's rule) and the table is dealt
its next hand (positions, stacks, blinds and antes from :meth:`Tournament.next_hand`), while
the other tables go on with theirs. The tables wait for one another only where the rules say:

- hand-for-hand on the bubble (IFP 61: "each hand is begun simultaneously at all tables";
  TDA RP-8 A: "finish the current hand you're on then hold up"): once it is announced, each
  table finishes its hand and waits; the next hand is dealt at every table together, and the
  players out in that round of hands are eliminated together; a table whose hand reaches an
  all-in showdown while another table of the round is still in its hand is stopped (IFP 61:
  "the hand will be stopped, and continued when all the hands on other tables are
  finished"): its clients see the hand as it stood when the betting closed
  (:mod:`pokertd.room.allin_stop`), and the rest of it, and the director's record of it,
  once no table of the round is left in its hand;
- moving players is done between hands: a balancing move (IFP 11a) between hands of the two
  tables it involves (the one that is between hands waits for the other), breaking a table
  (IFP 10) and forming the final table (IFP 15), whose players may go to any table, once
  every table is between hands;
- no hand is dealt on a break; the colour-up is raced off when every table is between hands
  (IFP 56).

The director's records go to the store as the tables' changes do, by the game server's
writer thread (off the event loop), in the order they were made: a table's end of hand is in
the store before the director records it (he waits for it), and the changes of the event's
tables made while his batch is on its way rest on it (refused, they are not written either,
and the event is loaded again from the store as a restart finds it). No client hears of a
change, nor of the hand dealt after it, before the store has it.

A restart finds each table where the logs left it: a hand in progress goes on, a hand over but
not yet recorded is recorded (under hand-for-hand, the players its table has put out and the
director has not eliminated yet wait for the round again; a hand stopped at its all-in
showdown, IFP 61, is stopped again while another table of the round is still in its hand).

A seeded event (the ``seed`` setting: for tests, research and replays, never real play; see
:mod:`pokertd.room.seeds`) must give the same tournament in every run, killed and
restarted or not, whatever the pace of its tables. So it plays in rounds, as hand-for-hand
does (IFP 61: "each hand is begun simultaneously at all tables"), from its first hand: every
table deals its next hand only when every table has finished its hand and the director has
recorded them all together, table by table in number order (outside hand-for-hand the
players out in a round are eliminated in that order, as if each table's hand had ended before
the next one's; under it they are out in the same hand and tie, IFP 57). Every move,
break and final table is then made with every table between hands, and its clock is its
rounds', not the wall's: each round is :data:`ROUND_SECONDS` of the event's clock from its
deal to its end (the director's time of its hands), and a break is skipped to its end (its
colour-up raced off at its start, IFP 56). The decks and the bots' decisions are the seed's,
the director's seats and buttons too (it is created with the seed); what the bots' delays and
the pause between hands change is only when a round ends, never what it holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import secrets
from dataclasses import replace
from typing import Any

from pokertd.services.tournaments import TournamentService
from pokertd.storage import NewEvent

from .dealt_record import (
    EVENT_KIND,
    DealtEvent,
    Entrant,
    read_event,
    record_text,
    replayed_summary,
    summarize,
    unknown_event,
)
from .dealt_rounds import ROUND_SECONDS, DealtRounds
from .errors import TableError
from .seats import BOT_KINDS, TableConfig, hash_token, new_token
from .server import TableServer, event_key
from .tables import Table

__all__ = ["EVENT_KIND", "ROUND_SECONDS", "DealtEvents", "fast_structure", "replayed_summary"]


def fast_structure(level_minutes: int = 1) -> dict[str, Any]:
    """A quick structure for practice and tests: 1,000 chips (20 big blinds), blinds doubling
    each level."""
    blinds = [(25, 50), (50, 100), (100, 200), (200, 400), (400, 800), (800, 1600),
              (1500, 3000), (3000, 6000), (6000, 12000), (12000, 24000), (25000, 50000)]
    return {"name": "fast", "starting_stack": 1000, "periods": [
        {"kind": "level", "minutes": level_minutes, "small_blind": s, "big_blind": b}
        for s, b in blinds]}


def _hash_password(password: str, salt: str | None = None) -> str:
    salt = salt or secrets.token_hex(8)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), bytes.fromhex(salt), 100_000)
    return f"{salt}${digest.hex()}"


def _password_ok(stored: str, given: str) -> bool:
    salt, _ = stored.split("$", 1)
    return hmac.compare_digest(stored, _hash_password(given, salt))


class DealtEvents(DealtRounds):
    """The dealt tournaments of a game server's store (see the module docstring).

    An event that has finished is recorded so in its stream (``finished``, with its summary)
    once everything it tells of is in the store; :attr:`GRACE` seconds later it leaves memory
    with its tables (a server running sit-and-gos all day does not grow with them): its
    summary in the lobby and on its page, and its players' results, are then answered from
    that record, its tables from their logs (:meth:`TableServer.table`); a restart loads
    neither its director nor its tables."""

    #: Seconds a finished event and its tables stay in memory (its players read their results).
    GRACE = 30.0

    def __init__(self, server: TableServer, service: TournamentService) -> None:
        self.server = server
        self.service = service
        self.store = server.store
        self.events: dict[str, DealtEvent] = {}
        self.done: dict[str, str] = {}       # finished and out of memory: its record, as JSON
        self._recovering: set[asyncio.Task[None]] = set()
        server.extensions.append(self)

    # --- the log ------------------------------------------------------------------------

    def retired_tables(self) -> set[str]:
        """The tables of the events finished and recorded so (none is loaded: what is asked
        of them is read from the store)."""
        from .tables import KIND

        self._read_finished()
        return {info.name for info in self.store.streams(KIND)
                if info.config.get("event") in self.done}

    def _read_finished(self) -> None:
        for info in self.store.streams(EVENT_KIND):
            if info.name not in self.events and info.name not in self.done:
                ev = read_event(self.store, info.name)
                if ev is not None and ev.summary is not None:
                    self.done[info.name] = record_text(ev)

    def load_all(self) -> None:
        self._read_finished()
        for info in self.store.streams(EVENT_KIND):
            if info.name not in self.events and info.name not in self.done:
                self._load(info.name)

    def _load(self, name: str) -> DealtEvent:
        ev = read_event(self.store, name)
        if ev is None:
            raise unknown_event(name)
        if ev.summary is not None:                  # finished and recorded so: not loaded
            self.done[name] = record_text(ev)
            self.events.pop(name, None)
            for t in list(self.server.tables.values()):
                if t.event == name:
                    self.server.retire(t.name)
            return ev
        if ev.started:
            ev.loaded = self.service.load(name)
        self.events[name] = ev
        if ev.started:
            for k, t in list(self.server.tables.items()):
                if t.event == name and t.table_id is not None:
                    self._hook(ev, t)
            self._resume(ev)
            if ev.loaded is not None and ev.loaded.tournament.finished:
                self._finish(ev)            # finished before its summary was recorded
        return ev

    def _commit(self, ev: DealtEvent, now: float) -> None:
        """The director's events since his last commit, as one batch. Once the game server
        runs, its writer thread appends them after every change made before (the ends of
        hands recorded among them: see _hand_done), off the event loop; the changes of the
        event's tables made while they are on their way rest on them (the hands dealt from
        the director's setups, the seats he changed: no client hears of them before the
        director's batch is in the store). Refused, the event is loaded again as a restart
        finds it (_recover)."""
        loaded = ev.loaded
        assert loaded is not None
        if not self.server.writing:
            self.service.commit(loaded, "table round", {}, now)
            return
        batch = self.service.batch(loaded, "table round", {}, now)
        if batch is None:
            return
        key = event_key(ev.name)
        self.server.write(key, loaded.stream_id, *batch)
        self.server.after_written(key, lambda ok: ok or self._refused(ev))

    def _refused(self, ev: DealtEvent) -> None:
        if ev.broken:
            return
        ev.broken = True
        if ev.timer is not None:
            ev.timer.cancel()
        task = asyncio.get_running_loop().create_task(self._recover(ev))
        self._recovering.add(task)
        task.add_done_callback(self._recovering.discard)

    async def _recover(self, ev: DealtEvent) -> None:
        """Event ``ev`` as the store has it, as a restart finds it (_resume), once no change
        of it or of its tables is on its way and the tables the store refused a change of
        are loaded again (the game server does that)."""
        server = self.server
        while self.events.get(ev.name) is ev:
            await asyncio.sleep(0.5)
            names = [self._table_name(ev, tid) for tid in ev.tables]
            if server.pending(event_key(ev.name)) or any(
                    server.pending(n) or (n in server.tables and server.tables[n].broken)
                    for n in names):
                continue
            with contextlib.suppress(Exception):     # the store still failing: again
                self._load(ev.name)

    def _finish(self, ev: DealtEvent) -> None:
        """Event ``ev`` has finished: its summary (and who is out) recorded in its stream once
        every change of it and of its tables is in the store, then, :attr:`GRACE` seconds on,
        the event and its tables out of memory (at once while the server starts; never with
        no event loop: a test driving the tables by hand)."""
        if ev.finishing or ev.summary is not None:
            return
        ev.finishing = True
        assert ev.loaded is not None
        summary = summarize(ev)
        payload = {"summary": summary,
                   "out": sorted(p.name for p in ev.loaded.tournament.players.values() if p.out)}
        results = {r["player"]: r for r in summary["results"]}
        if not self.server.writing:
            self._append(ev, "finished", payload)
            ev.summary = summary
            ev.out = payload["out"]
            for t in ev.tables.values():     # the players still seated: the winner
                self.server.tell_finished(t.name, ev.name, results)
            with contextlib.suppress(RuntimeError):
                asyncio.get_running_loop()
                self._drop(ev)
            return
        keys = self.keys(ev.name)
        left = [len(keys), True]

        def one(ok: bool) -> None:
            left[0] -= 1
            left[1] = left[1] and ok
            if left[0]:
                return
            if not left[1]:
                ev.finishing = False         # a refused change: the event is loaded again
                return
            key = event_key(ev.name)
            self.server.write(key, ev.stream_id, ev.head, [NewEvent("finished", payload)])
            ev.head += 1

            def written(ok: bool) -> None:
                if not ok:
                    self._refused(ev)
                    return
                ev.summary = summary
                ev.out = payload["out"]
                for t in ev.tables.values():     # the players still seated: the winner
                    self.server.tell_finished(t.name, ev.name, results)
                asyncio.get_running_loop().call_later(self.GRACE, self._drop, ev)
            self.server.after_written(key, written)
        for k in keys:
            self.server.after_written(k, one)

    def _drop(self, ev: DealtEvent) -> None:
        """The finished event ``ev`` and its tables out of memory (see the class docstring)."""
        if self.events.get(ev.name) is not ev:
            return
        self.done[ev.name] = record_text(ev)
        del self.events[ev.name]
        if ev.timer is not None:            # a break's timer would keep the event alive
            ev.timer.cancel()
            ev.timer = None
        for t in ev.tables.values():
            if self.server.tables.get(t.name) is t:
                self.server.retire(t.name)

    def _append(self, ev: DealtEvent, kind: str, payload: dict[str, Any]) -> None:
        rec = self.store.append(ev.stream_id, ev.head, [NewEvent(kind, payload)])
        ev.head = rec[-1].seq

    def event(self, name: str) -> DealtEvent:
        """Event ``name`` (one finished and out of memory: as its stream records it, its
        director and tables not loaded)."""
        ev = self.events.get(name)
        if ev is None:
            ev = read_event(self.store, name) if name in self.done else None
            if ev is None:
                raise unknown_event(name)
        return ev

    # --- commands -----------------------------------------------------------------------

    def create(self, name: str, *, preset: str = "gananda", seats: int = 10,
               table_size: int = 10, password: str | None = None,
               level_minutes: float | None = None, act_seconds: float = 20.0,
               bot_delay: float = 1.0, pause_seconds: float = 2.0,
               seed: str | int | None = None, fair: bool = False, time_bank: float = 30.0,
               bank_refill: float = 10.0) -> str:
        """A new event taking ``seats`` entrants at tables of ``table_size``; a sit-and-go
        when they fit one table (it starts when the last seat is taken). ``level_minutes``:
        the fast structure (:func:`fast_structure`) instead of the preset's. ``seed``: a
        seeded event, the same in every run (the module docstring; for tests, research and
        replays: its cards are known to whoever knows the seed); none, the system CSPRNG's
        decks. ``fair``: every table of the event deals verifiably
        (:mod:`pokertd.room.fair_deal`). ``time_bank``: each player's time bank, given back
        ``bank_refill`` seconds at each new level (the house's rule, :mod:`pokertd.room.turns`).
        The host token is returned (the host adds bots and starts a multi-table event)."""
        from pokertd.tournament.house import config_preset

        from .seeds import check_seed

        name = " ".join(str(name).split())
        if not 1 <= len(name) <= 60 or "/" in name:
            raise TableError("give the event a name of 1 to 60 characters, without '/'")
        config_preset(preset)                    # an unknown preset is refused here
        if not 2 <= seats <= 1000:
            raise TableError(f"seats={seats}: 2 to 1000 entrants")
        if not 2 <= table_size <= 10:
            raise TableError(f"table_size={table_size}: 2 to 10 seats a table")
        if self.store.find_stream(EVENT_KIND, name) is not None or \
                self.store.find_stream("tournament", name) is not None:
            raise TableError(f"an event named {name!r} already exists")
        TableConfig(act_seconds=act_seconds, bot_delay=bot_delay, pause_seconds=pause_seconds,
                    fair=fair, time_bank=time_bank, bank_refill=bank_refill)
        try:
            seed = check_seed(seed)
        except ValueError as exc:
            raise TableError(str(exc)) from None
        host = new_token()
        settings = {"preset": preset, "seats": seats, "table_size": table_size,
                    "level_minutes": level_minutes, "act_seconds": act_seconds,
                    "bot_delay": bot_delay, "pause_seconds": pause_seconds,
                    "time_bank": time_bank, "bank_refill": bank_refill}
        if seed is not None:
            settings["seed"] = seed
        if fair:
            settings["fair"] = True
        with self.store.transaction() as log:
            info = log.create_stream(EVENT_KIND, name, {"preset": preset})
            log.append(info.id, 0, [NewEvent("opened", {
                "settings": settings, "host": hash_token(host),
                "password": None if not password else _hash_password(password)})])
        self._load(name)
        return host

    def enter(self, name: str, player: str, password: str = "", *, bot: str | None = None,
              host: str | None = None) -> str | None:
        """A player (or, for the host, a bot) takes one of the event's seats; a person gets
        his token. The event's password is asked of people, not of the host's bots."""
        ev = self.event(name)
        player = " ".join(str(player).split())
        if not 1 <= len(player) <= 40:
            raise TableError("give a name of 1 to 40 characters")
        if ev.started:
            raise TableError(f"{name!r} has started: entries are closed")
        if bot is not None:
            if not (host and hmac.compare_digest(ev.host, hash_token(host))):
                raise TableError("only the event's host adds bots")
            if bot not in BOT_KINDS:
                raise TableError(f"bot {bot!r}: one of {', '.join(BOT_KINDS)}")
        elif ev.password is not None and not _password_ok(ev.password, password):
            raise TableError("wrong password for this event")
        if len(ev.entrants) >= ev.settings["seats"]:
            raise TableError(f"all {ev.settings['seats']} seats of {name!r} are taken")
        if any(e.name.casefold() == player.casefold() for e in ev.entrants):
            raise TableError(f"{player!r} has already entered: choose another name")
        token = None if bot else new_token()
        self._append(ev, "entered", {"name": player, "bot": bot,
                                     "token": None if token is None else hash_token(token)})
        ev.entrants.append(Entrant(player, bot, None if token is None else hash_token(token)))
        if len(ev.entrants) == ev.settings["seats"] and \
                ev.settings["seats"] <= ev.settings["table_size"]:
            self._start(ev)                      # a sit-and-go starts when it is full
        return token

    def add_bots(self, name: str, host: str, count: int, kind: str = "sensible") -> None:
        ev = self.event(name)
        have = {e.name for e in ev.entrants}
        k = 1
        for _ in range(count):
            while f"Bot {k}" in have:
                k += 1
            self.enter(name, f"Bot {k}", bot=kind, host=host)
            have.add(f"Bot {k}")

    def start(self, name: str, host: str) -> None:
        ev = self.event(name)
        if not hmac.compare_digest(ev.host, hash_token(host)):
            raise TableError("only the event's host starts it")
        if ev.started:
            raise TableError(f"{name!r} has already started")
        if len(ev.entrants) < 2:
            raise TableError(f"{len(ev.entrants)} entrant(s): a tournament needs two")
        self._start(ev)

    def _start(self, ev: DealtEvent) -> None:
        from pokertd.tournament.house import config_preset
        from pokertd.tournament.structure import Structure

        s = ev.settings
        config = config_preset(s["preset"])
        data = (fast_structure(max(1, round(s["level_minutes"]))) if s["level_minutes"]
                else config.structure.to_dict())
        data["max_players_per_table"] = s["table_size"]
        data["final_table_size"] = min(data.get("final_table_size", s["table_size"]),
                                       s["table_size"])
        data["late_registration_until_level"] = None
        data["absent_stack_removed_at_level"] = None
        config = replace(config, structure=Structure.from_dict(data), seats=None)
        # Three commits before ``started``: a start cut short by a crash goes on from where
        # the director's log stopped (the event's name is refused to any other tournament).
        if self.store.find_stream("tournament", ev.name) is None:
            self.service.create(ev.name, config, dealt=True, seed=ev.seed)
        tm = self.service.load(ev.name).tournament
        if not tm.players:
            self.service.register(ev.name, [e.name for e in ev.entrants])
        if not tm.started:
            self.service.start(ev.name)
        self._append(ev, "started", {})
        ev.started = True
        ev.loaded = self.service.load(ev.name)
        self._seeded_clock(ev)
        self._deal(ev)

    # --- reading ------------------------------------------------------------------------

    def keys(self, name: str | None = None) -> list[Any]:
        """The game server's write keys (:meth:`TableServer.written`) of event ``name``
        (every event when None): its director's and its tables'. An answer built now and
        given once these are written tells of nothing the store does not have."""
        evs = self.events.values() if name is None else [self.event(name)]
        return [k for ev in evs for k in (event_key(ev.name), *(t.name for t in ev.tables.values()))]

    def where(self, name: str, token: str) -> dict[str, Any]:
        """Where the token's player sits now, or his result once he is out."""
        ev = self.event(name)
        h = hash_token(token)
        e = next((e for e in ev.entrants if e.token and hmac.compare_digest(e.token, h)), None)
        if e is None:
            raise TableError("this token entered no one in the event")
        out: dict[str, Any] = {"player": e.name, "table": None, "seat": None}
        if ev.summary is not None and ev.loaded is None:       # finished, out of memory
            for t in ev.summary["tables"]:
                for p in t["players"]:
                    if p["name"] == e.name:
                        out.update(table=t["name"], seat=p["seat"])
            r = next(r for r in ev.summary["results"] if r["player"] == e.name)
            out.update(place=r["place"], prize=r["prize"], out=e.name in ev.out)
            return out
        for tid, t in ev.tables.items():
            for k, s in enumerate(t.seats, start=1):
                if s is not None and s.name == e.name:
                    out.update(table=t.name, seat=k)
        if ev.loaded is not None:
            p = ev.loaded.tournament.players[e.name]
            out.update(place=p.place, prize=p.prize, out=p.out)
        return out

    def whereabouts(self, t: Table, token: str) -> dict[str, Any] | None:
        """For the game server's ``unseated`` frame: where the token's player went when
        table ``t`` of an event freed his seat (``moved``: his table and seat now; ``out``:
        his place and prize, IFP 57); None: not an event's table."""
        if t.event is None or t.event not in self.events:
            return None
        try:
            w = self.where(t.event, token)
        except (TableError, LookupError):
            return None
        if w.get("out"):
            return {"reason": "out", "event": t.event, "place": w.get("place"),
                    "prize": w.get("prize")}
        if w["table"] is not None and w["table"] != t.name:
            return {"reason": "moved", "event": t.event, "to": {"table": w["table"],
                                                                "seat": w["seat"]}}
        return {"event": t.event}

    def summary(self, name: str) -> dict[str, Any]:
        text = self.done.get(name)
        if text is not None:
            return json.loads(text)["summary"]
        return summarize(self.event(name))

    def lobby(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in self.summary(n).items() if k != "results"}
                for n in sorted(self.events.keys() | self.done.keys())]

