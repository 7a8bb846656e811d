"""A dealt event's own stream (kind :data:`EVENT_KIND`) and what is told of the event: its
state as the stream records it (:func:`read_event`: settings, host, entrants, started,
finished), its summary for the lobby and its page (:func:`summarize`), and the same from its
logs replayed (:func:`replayed_summary`). The events are played by
:class:`pokertd.room.dealt_tables.DealtEvents` (its module docstring tells how)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pokertd.services.tournaments import Loaded, TournamentService

from .errors import TableError
from .tables import Table

__all__ = ["EVENT_KIND", "DealtEvent", "Entrant", "read_event", "record_text",
           "replayed_summary", "summarize", "unknown_event"]

EVENT_KIND = "table_event"


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
    # A seeded event (see :mod:`pokertd.room.dealt_tables`): its clock (at a round's deal,
    # then at its end) and the round's tables whose hand is over and in the store. None: the
    # wall clock.
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
        raise unknown_event(name)
    if ev.started:
        ev.loaded = TournamentService(store).load(name)
        for info in store.streams(KIND):
            if info.config.get("event") == name:
                t = Table.load(store, info.name, clock=time.monotonic)
                if t.table_id is not None:
                    ev.tables[t.table_id] = t
    return summarize(ev)


def record_text(ev: DealtEvent) -> str:
    """What is kept of a finished event out of memory: its summary and who is out, as JSON."""
    return json.dumps({"summary": ev.summary, "out": ev.out})


def unknown_event(name: str) -> TableError:
    class UnknownEvent(TableError, LookupError):
        pass
    return UnknownEvent(f"no dealt event named {name!r}")
