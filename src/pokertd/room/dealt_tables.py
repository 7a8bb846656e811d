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
from dataclasses import dataclass, field, replace
from typing import Any

from pokertd.storage import NewEvent

from .server import TableServer, event_key
from .tables import BOT_KINDS, Seat, Table, TableConfig, TableError, hash_token, new_token
from pokertd.services.tournaments import Loaded, TournamentService

__all__ = ["EVENT_KIND", "ROUND_SECONDS", "DealtEvents", "fast_structure"]

EVENT_KIND = "table_event"
#: A seeded event's clock: the seconds of a round of hands (about an online hand's pace).
ROUND_SECONDS = 30.0


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


@dataclass
class Entrant:
    name: str
    bot: str | None
    token: str | None


@dataclass
class DealtEvent:
    name: str
    stream_id: int
    head: int
    settings: dict[str, Any]
    host: str
    password: str | None
    entrants: list[Entrant] = field(default_factory=list)
    started: bool = False
    loaded: Loaded | None = None
    tables: dict[int, Table] = field(default_factory=dict)
    # the hands dealt and not yet recorded: table id -> the director's setup of its hand
    round: dict[int, Any] = field(default_factory=dict)
    away: set[str] = field(default_factory=set)
    next_round_at: float | None = None
    pending: list[Any] = field(default_factory=list)    # IFP 61: the round's bust-outs
    h4h_dealt: bool = False          # a hand-for-hand round is being played
    timer: Any = None                # the next deal on a break
    broken: bool = False             # the store refused a write: loaded again (_recover)
    finishing: bool = False          # finished: its summary on its way to its stream
    summary: dict[str, Any] | None = None    # recorded once finished (``finished``)
    out: list[str] = field(default_factory=list)   # and the players out then
    # A seeded event (see the module docstring): its clock (at a round's deal, then at its
    # end) and the round's tables whose hand is over and in the store. None: the wall clock.
    clock: float | None = None
    over: set[int] = field(default_factory=set)
    # IFP 61: the round's tables stopped at an all-in showdown whose end is in the store:
    # recorded once they go on (_release)
    held: set[int] = field(default_factory=set)

    @property
    def seed(self) -> str | None:
        return self.settings.get("seed")


def read_event(store: Any, name: str) -> DealtEvent | None:
    """Dealt event ``name`` as its stream records it (settings, host, entrants, started), or
    None when there is no such event."""
    info = store.find_stream(EVENT_KIND, name)
    if info is None:
        return None
    recorded = store.read(info.id)
    first = recorded[0].payload
    ev = DealtEvent(name, info.id, recorded[-1].seq, first["settings"], first["host"],
                    first.get("password"))
    for rec in recorded[1:]:
        if rec.type == "entered":
            ev.entrants.append(Entrant(rec.payload["name"], rec.payload.get("bot"),
                                       rec.payload.get("token")))
        elif rec.type == "started":
            ev.started = True
        elif rec.type == "finished":
            ev.summary = rec.payload["summary"]
            ev.out = rec.payload["out"]
    return ev


def summarize(ev: DealtEvent) -> dict[str, Any]:
    """What :meth:`DealtEvents.summary` gives of event ``ev`` from its state: the settings and
    entrants; once started, the director's places, payouts and winner, the tables' seats."""
    s = ev.settings
    out: dict[str, Any] = {
        "name": ev.name, "preset": s["preset"], "seats": s["seats"],
        "table_size": s["table_size"], "password": ev.password is not None,
        "state": "registering", "entrants": [{"name": e.name, "bot": e.bot}
                                             for e in ev.entrants],
        "tables": [], "results": [], "payouts": None, "winner": None,
        "seeded": ev.seed is not None, "fair": bool(s.get("fair"))}
    if ev.loaded is not None:
        tm = ev.loaded.tournament
        out["state"] = "finished" if tm.finished else "running"
        out["results"] = tm.results()
        out["payouts"] = None if tm.payouts is None else list(tm.payouts)
        out["winner"] = tm.winner
        out["players_left"] = tm.alive
        out["prize_pool"] = tm.prize_pool
        out["tables"] = [{"table": tid, "name": t.name, "players": [
            {"seat": k, "name": p.name, "stack": stack}
            for k, (p, stack) in enumerate(zip(t.seats, t.shown_stacks()), start=1)
            if p is not None]}
            for tid, t in sorted(ev.tables.items()) if any(t.seats)]
    return out


def replayed_summary(store: Any, name: str) -> dict[str, Any]:
    """Event ``name``'s summary from its logs replayed (its own stream, the director's
    tournament and each of its tables), not from the summary recorded when it finished: what
    a check of the server's answers compares them with."""
    import time

    from .tables import KIND, Table

    ev = read_event(store, name)
    if ev is None:
        raise _unknown(name)
    if ev.started:
        ev.loaded = TournamentService(store).load(name)
        for info in store.streams(KIND):
            if info.config.get("event") == name:
                t = Table.load(store, info.name, clock=time.monotonic)
                if t.table_id is not None:
                    ev.tables[t.table_id] = t
    return summarize(ev)


class DealtEvents:
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
                    self.done[info.name] = _record_text(ev)

    def load_all(self) -> None:
        self._read_finished()
        for info in self.store.streams(EVENT_KIND):
            if info.name not in self.events and info.name not in self.done:
                self._load(info.name)

    def _load(self, name: str) -> DealtEvent:
        ev = read_event(self.store, name)
        if ev is None:
            raise _unknown(name)
        if ev.summary is not None:                  # finished and recorded so: not loaded
            self.done[name] = _record_text(ev)
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
        self.done[ev.name] = _record_text(ev)
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
                raise _unknown(name)
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

    # --- the tables ---------------------------------------------------------------------

    def _table_name(self, ev: DealtEvent, tid: int) -> str:
        return f"{ev.name} · table {tid}"

    def _hook(self, ev: DealtEvent, t: Table) -> None:
        t.hand_source = ev.name
        if ev.loaded is not None:
            t.rules = ev.loaded.tournament.rules
        t.on_hand_end = lambda table, ev=ev: self._hand_done(ev, table)
        assert t.table_id is not None
        ev.tables[t.table_id] = t

    def rehook(self, t: Table) -> None:
        if t.event in self.events and t.table_id is not None:
            ev = self.events[t.event]
            self._hook(ev, t)
            if t.table_id in ev.held:
                self._stop(ev, t)           # loaded again while stopped (IFP 61)
                if t.held() is None:
                    ev.held.discard(t.table_id)
                    self._over(ev, t.table_id)

    def _table(self, ev: DealtEvent, tid: int) -> Table:
        t = ev.tables.get(tid)
        if t is None:
            name = self._table_name(ev, tid)
            if name in self.server.tables:
                t = self.server.tables[name]
            else:
                s = ev.settings
                config = TableConfig(seats=s["table_size"], small_blind=1, big_blind=2,
                                     act_seconds=s["act_seconds"], bot_delay=s["bot_delay"],
                                     pause_seconds=s["pause_seconds"],
                                     time_bank=s.get("time_bank", 30.0),
                                     bank_refill=s.get("bank_refill", 10.0),
                                     rules=_rules_name(ev), fair=bool(s.get("fair")))
                t, _ = self.server.open_table(name, config, event=ev.name, table_id=tid,
                                              seed=ev.seed)
            self._hook(ev, t)
        return t

    def _seat_tables(self, ev: DealtEvent) -> None:
        """Every table between hands seated as the director has it (a ``seating`` event
        where it changed); a table the director broke is left empty. A table in the middle
        of a hand keeps its seats: the director moves no one from or to it (see _deal)."""
        tm = ev.loaded.tournament  # type: ignore[union-attr]
        fl = tm.floor
        assert fl is not None
        for t in ev.tables.values():
            for s in t.seats:
                if s is not None and s.away:
                    ev.away.add(s.name)
                elif s is not None:
                    ev.away.discard(s.name)
        by_name = {e.name: e for e in ev.entrants}
        for tid in set(fl.tables) | set(ev.tables):
            if tid in ev.round:
                continue
            ft = fl.tables.get(tid)
            t = self._table(ev, tid)
            want: list[dict[str, Any] | None] = []
            for k in range(t.config.seats):
                p = ft.seats[k] if ft is not None and k < len(ft.seats) else None
                if p is None:
                    want.append(None)
                    continue
                e = by_name[str(p)]
                want.append({"name": e.name, "stack": tm.players[e.name].stack, "bot": e.bot,
                             "token": e.token, "away": e.name in ev.away})
            have = [None if s is None else {"name": s.name, "stack": s.stack, "bot": s.bot,
                                            "token": s.token, "away": s.away} for s in t.seats]
            if want != have:
                t._commit([("seating", {"seats": want})])
                self.server.broadcast(t.name)

    def _deal(self, ev: DealtEvent) -> None:
        """Deal the next hand at every table between hands, unless the rules make it wait
        (the module docstring): hand-for-hand, a move to make, a break."""
        from pokertd.tournament.balancing import balancing_pair, needs_balancing, tables_to_break
        from pokertd.tournament.clock import FINAL_TABLE, TABLE_BROKEN

        loaded = ev.loaded
        assert loaded is not None
        if ev.broken:
            return                 # being loaded again from the store
        tm = loaded.tournament
        now = self.service.now() if ev.clock is None else self._round_clock(ev)
        ev.next_round_at = None
        if tm.finished:
            self._seat_tables(ev)
            self._finish(ev)
            return
        fl = tm.floor
        assert fl is not None
        all_idle = not ev.round
        st = tm.clock.status(now)
        if st.on_break:
            # No hands on a break; a colour-up is raced off at its start (IFP 56), every
            # table between hands.
            if all_idle:
                brk = tm.structure.breaks[st.break_number - 1]
                if brk.color_up and tm.colours_due(now):
                    tm.chip_up(brk.color_up)
                self._commit(ev, now)
                self._seat_tables(ev)
            self._later(ev, (st.seconds_left or 1.0) + 0.05)
            return
        tm.advance(now)
        if tm.clock.hand_for_hand:
            if not all_idle:
                return             # IFP 61: the next hand begins at all tables together
            if ev.pending or ev.h4h_dealt:
                if ev.pending:
                    # IFP 57 / IFP 61 (TDA RP-8 A: the hands in progress at the announcement
                    # too): out in the same hand
                    tm.eliminate(ev.pending)
                    ev.pending = []
                if ev.h4h_dealt and not tm.finished:
                    tm.hand_for_hand_hand_done(now)
                ev.h4h_dealt = False
                if tm.finished:
                    self._commit(ev, now)
                    self._seat_tables(ev)
                    self._finish(ev)
                    return
        s = tm.structure
        idle = set(fl.tables) - set(ev.round)
        waiting: set[int] = set()           # tables between hands kept for a move
        if (fl.table_count > 1 and fl.player_count <= s.final_table_size) or \
                tables_to_break(fl) > 0:
            # IFP 15 / IFP 10: the players of the tables broken go to seats anywhere; no
            # table may be in a hand
            if not all_idle:
                self._commit(ev, now)
                return
            if tm.rearrange(now) and tm.clock.pause_reason in (FINAL_TABLE, TABLE_BROKEN):
                tm.resume(now)                   # WPA 4: once seated, play goes on
        elif needs_balancing(fl, s.balance_difference):
            # IFP 11a: moved between hands of both tables; a move that involves a table in a
            # hand waits for it, the table it involves between hands waiting too
            tm.rearrange(now, ready=idle)
            pair = balancing_pair(fl, s.balance_difference)
            if pair is not None:
                waiting = set(pair) & idle
        paid = sum(1 for a in tm.payouts if a) if tm.payouts is not None else None
        h4h = paid is not None and fl.table_count > 1 and paid < tm.alive <= paid + fl.table_count
        if h4h != tm.clock.hand_for_hand:
            # IFP 61 on the bubble; TDA RP-8 A: the hands in progress are finished first.
            tm.hand_for_hand(now, h4h)
            if h4h and not all_idle:
                self._commit(ev, now)
                return
        setups = {}
        for tid in sorted(fl.tables):
            if tid not in ev.round and tid not in waiting and fl.tables[tid].count >= 2:
                setups[tid] = tm.next_hand(tid, now)
        self._commit(ev, now)
        self._seat_tables(ev)
        if tm.clock.hand_for_hand and setups:
            ev.h4h_dealt = True
        ev.round.update(setups)
        ev.over.difference_update(setups)
        for tid, setup in setups.items():
            self._table(ev, tid).start_hand(self.server.clock(), setup)
            self.server.broadcast(self._table_name(ev, tid))
            self.server.wake(self._table_name(ev, tid))

    def _hand_done(self, ev: DealtEvent, table: Table) -> None:
        assert table.table_id is not None
        if table.table_id in ev.round:
            tid = table.table_id
            self._stop(ev, table)

            # The director records the hand only once the table's end of it is in the store:
            # a crash between the two would otherwise leave a hand recorded that the table's
            # log has still in play (and replays it again).
            def written(ok: bool) -> None:
                if not ok:
                    return
                self._release(ev)
                if table.held() is not None:
                    ev.held.add(tid)           # IFP 61: recorded once it goes on
                else:
                    self._over(ev, tid)
            self.server.after_written(table.name, written)

    def _over(self, ev: DealtEvent, tid: int) -> None:
        """Table ``tid``'s hand is over and in the store: recorded after the pause (a seeded
        event's with the round's last)."""
        if ev.clock is None:
            self._later(ev, ev.settings["pause_seconds"], lambda: self._table_done(ev, tid))
        else:                          # a seeded event: the round ends with its last hand
            ev.over.add(tid)
            self._later(ev, ev.settings["pause_seconds"], lambda: self._round_done(ev))

    # --- IFP 61: the all-in stop under hand-for-hand ------------------------------------

    def _in_hand(self, ev: DealtEvent, tid: int) -> bool:
        """Whether table ``tid`` of the round has its hand of the round still to finish (in
        play, or not dealt yet)."""
        t = ev.tables.get(tid)
        if t is None or t.hand is not None or not t.history:
            return True
        return t.history[0].positions["hand"] != ev.round[tid].positions.hand

    def _stop(self, ev: DealtEvent, table: Table) -> None:
        """IFP 61: "If a player is "all-in" and facing a showdown while playing hand-for-hand,
        the hand will be stopped, and continued when all the hands on other tables are
        finished." Table ``table``'s hand of the round just over, an all-in showdown, is
        stopped while another table of the round is still in its hand: its clients see it
        as it stood when the betting closed (Table.stop). Never outside hand-for-hand, nor
        at a table alone in its round (a sit-and-go)."""
        tid = table.table_id
        loaded = ev.loaded
        if loaded is None or tid not in ev.round or not loaded.tournament.clock.hand_for_hand \
                or self._in_hand(ev, tid):
            return
        if any(self._in_hand(ev, u) for u in ev.round if u != tid):
            table.stop()

    def _release(self, ev: DealtEvent) -> None:
        """IFP 61: once no table of the round is still in its hand, the stopped hands go on
        (their clients see the board, the showdown, the awards) and are recorded."""
        if any(self._in_hand(ev, tid) for tid in ev.round):
            return
        for tid in sorted(ev.round):
            t = ev.tables[tid]
            if t.go_on():
                self.server.broadcast(t.name)
        held, ev.held = sorted(ev.held), set()
        for tid in held:
            self._over(ev, tid)

    def _later(self, ev: DealtEvent, delay: float, then: Any = None) -> None:
        """``then`` (the next deal when None) after ``delay`` seconds."""
        on_break = then is None

        def go() -> None:
            if on_break:
                ev.timer = None
            with contextlib.suppress(TableError):
                (then or (lambda: self._deal(ev)))()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            go()                 # no event loop (a test driving the tables by hand)
            return
        if on_break:
            if ev.timer is not None:
                ev.timer.cancel()
            ev.next_round_at = self.server.clock() + delay
            ev.timer = loop.call_later(delay, go)
        else:
            loop.call_later(delay, go)

    def _record(self, ev: DealtEvent, tid: int) -> None:
        """Record table ``tid``'s hand and put out its players left without chips (under
        hand-for-hand they wait for the round's other tables: IFP 61)."""
        loaded = ev.loaded
        assert loaded is not None
        tm = loaded.tournament
        setup = ev.round.pop(tid)
        t = ev.tables[tid]
        played = next(p for p in t.history if p.positions["hand"] == setup.positions.hand)
        end = played.events[-1]["stacks"]
        if played.level is not None and played.level != setup.level_number:
            setup = setup._replace(level_number=played.level)
        tm.record_hand(setup, end, self._now(ev))
        busts = self._busts(setup.players, setup.stacks, played, tid)
        if not busts:
            return
        if tm.clock.hand_for_hand:
            ev.pending.extend(busts)             # IFP 61 / IFP 57: out in the same hand
        elif not tm.finished:
            tm.eliminate(busts)

    @staticmethod
    def _busts(players: Any, stacks: Any, played: Any, tid: int) -> list[Any]:
        """The players a hand put out (``players`` and their ``stacks`` at its start, in
        position order), each with who knocked him out."""
        from pokertd.engine import replay
        from pokertd.sim import knockouts
        from pokertd.tournament.director import Bust

        end = played.events[-1]["stacks"]
        out = [i for i, x in enumerate(end) if x == 0]
        if not out:
            return []
        ko = knockouts(replay(played.events), out)
        return [Bust(players[i], tid, stacks[i], players[ko[i]] if i in ko else None)
                for i in out]

    def _table_done(self, ev: DealtEvent, tid: int) -> None:
        """A table's hand is over: record it, then deal on."""
        t = ev.tables.get(tid)
        if tid not in ev.round or t is None or t.hand is not None or ev.loaded is None or \
                ev.broken or t.held() is not None:
            return                     # (a stopped hand, IFP 61: recorded once it goes on)
        self._record(ev, tid)
        self._commit(ev, self.service.now())
        self._deal(ev)

    def _round_done(self, ev: DealtEvent) -> None:
        """A seeded event's table has finished its hand: the round ends when every table of
        it has, each table's end in the store."""
        if ev.loaded is not None and not ev.broken and ev.round and all(
                tid in ev.over and ev.tables[tid].hand is None for tid in ev.round):
            self._end_round(ev)

    def _end_round(self, ev: DealtEvent) -> None:
        """Record every table's hand that is over, then deal on."""
        if ev.clock is not None and ev.round:
            ev.clock += ROUND_SECONDS          # a seeded event's round is over
        for tid in sorted(ev.round):
            if ev.tables[tid].hand is None and ev.tables[tid].held() is None:
                self._record(ev, tid)       # (a stopped hand waits: IFP 61)
        assert ev.loaded is not None
        self._commit(ev, self._now(ev))
        self._deal(ev)

    def _now(self, ev: DealtEvent) -> float:
        """The director's time: the wall clock, or a seeded event's own."""
        return self.service.now() if ev.clock is None else ev.clock

    def _seeded_clock(self, ev: DealtEvent) -> None:
        """A seeded event's clock as its log has it: the end of its last round recorded (the
        time of its hands), or its start."""
        if ev.seed is None or ev.loaded is None:
            return
        from pokertd.tournament.events import HandPlayed

        tm = ev.loaded.tournament
        at = next((e.at for e in reversed(tm.events) if isinstance(e, HandPlayed)), None)
        ev.clock = at if at is not None else tm.clock.started_at

    def _round_clock(self, ev: DealtEvent) -> float:
        """A seeded event's time of its next deal: its clock, a break skipped to its end (its
        colour-up raced off at its start, every table between hands: IFP 56)."""
        loaded = ev.loaded
        assert loaded is not None and ev.clock is not None
        tm = loaded.tournament
        now = ev.clock
        st = tm.clock.status(now)
        while st.on_break and not tm.finished:
            assert st.break_number is not None
            brk = tm.structure.breaks[st.break_number - 1]
            if brk.color_up and tm.colours_due(now):
                tm.chip_up(brk.color_up)
                self._commit(ev, now)
            now += (st.seconds_left or 1.0) + 0.05
            st = tm.clock.status(now)
        ev.clock = now
        return now

    def _resume(self, ev: DealtEvent) -> None:
        """After a restart: each table as the logs left it."""
        tm = ev.loaded.tournament  # type: ignore[union-attr]
        fl = tm.floor
        if tm.finished or fl is None:
            return
        from pokertd.tournament.events import HandPlayed

        self._seeded_clock(ev)
        now = self.service.now() if ev.clock is None else self._round_clock(ev)
        # A table's last hand is in the round when the director has not recorded it: the
        # table dealt more hands than he recorded there. (Not the button's hand number: a
        # final table formed at a table's number starts a button of its own.)
        recorded: dict[int, int] = {}
        for e in tm.events:
            if isinstance(e, HandPlayed):
                recorded[e.table] = recorded.get(e.table, 0) + 1
        for tid, t in ev.tables.items():
            ft = fl.tables.get(tid)
            if ft is None or ft.button is None:
                continue
            last = t.played or (t.history[0] if t.history else None)
            if t.hands > recorded.get(tid, 0):
                ev.round[tid] = tm.next_hand(tid, now)
            elif tm.clock.hand_for_hand and t.played is None and last is not None:
                # recorded, its players out not yet eliminated: they wait for the round
                ev.pending += [b for b in self._busts(last.names, last.events[0]["config"]["stacks"],
                                                      last, tid) if not tm.players[b.player].out]
        if ev.clock is not None and ev.round:
            # A seeded round cut short in its deal (at start-up the tables' deals are commits
            # of their own): every table that can play is in it, the rest are dealt now.
            rest = {tid: tm.next_hand(tid, now) for tid in sorted(fl.tables)
                    if tid not in ev.round and fl.tables[tid].count >= 2}
            if rest:
                self.service.commit(ev.loaded, "table round", {}, now)  # type: ignore[arg-type]
                self._seat_tables(ev)
                ev.round.update(rest)
                for tid, setup in rest.items():
                    self._table(ev, tid).start_hand(self.server.clock(), setup)
        if tm.clock.hand_for_hand and (ev.round or ev.pending):
            ev.h4h_dealt = True
        for tid in sorted(ev.round):
            # IFP 61: a hand stopped at its all-in showdown stays stopped while another table
            # of the round is still in its hand (nothing was written for the stop; a table
            # kept in memory through a reload is stopped again only if it still must be)
            t = ev.tables[tid]
            was = t.go_on()
            self._stop(ev, t)
            if t.held() is not None:
                ev.held.add(tid)
            elif was:
                self.server.broadcast(t.name)
        if ev.clock is not None:
            # a seeded event's round ends when all its hands are over (those over are stored)
            ev.over = {tid for tid in ev.round if ev.tables[tid].hand is None}
            if len(ev.over) < len(ev.round):
                return
        self._end_round(ev)

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


def _record_text(ev: DealtEvent) -> str:
    """What is kept of a finished event out of memory: its summary and who is out, as JSON."""
    return json.dumps({"summary": ev.summary, "out": ev.out})


def _rules_name(ev: DealtEvent) -> str:
    from pokertd.tournament.house import config_preset
    name = config_preset(ev.settings["preset"]).rules.name
    from pokertd.rules import PRESETS
    return name if name in PRESETS else "ifp-2012"


def _unknown(name: str) -> TableError:
    class UnknownEvent(TableError, LookupError):
        pass
    return UnknownEvent(f"no dealt event named {name!r}")
