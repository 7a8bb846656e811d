"""Seeded dealt events played in process (tests/test_seeded.py, and the reference run of
tests/test_crash_server.py): the game server's tables ticked by hand on a clock of our own,
at a pace drawn from ``pace`` (one table at a time, in a random order), optionally restarted
(a new server and director over the same store) along the way."""

from __future__ import annotations

import json
import random
from typing import Any

from pokertd.room.dealt_tables import DealtEvents
from pokertd.room.server import TableServer
from pokertd.services.tournaments import TournamentService

CREATE = ("preset", "seats", "table_size", "level_minutes", "act_seconds", "bot_delay",
          "pause_seconds", "seed")


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def serve(store: Any, clock: Clock, pace: int) -> tuple[TableServer, DealtEvents]:
    """A game server and its dealt events over ``store`` (as `pokertd serve` starts them)."""
    tables = TableServer(store, clock=clock, rng=lambda n: random.Random(f"{pace}:{n}"))
    events = DealtEvents(tables, TournamentService(store, clock=clock))
    tables.load_all()
    events.load_all()
    return tables, events


def play(store: Any, name: str, settings: dict[str, Any], *, pace: int = 0,
         restarts: tuple[int, ...] = (), steps: int = 200_000) -> DealtEvents:
    """Create event ``name`` (``settings``: the web API's, ``bots`` of ``bot_kind``), start
    it and play it to its winner; after each step number in ``restarts`` the server and the
    director are started again from the store."""
    clock = Clock()
    rng = random.Random(pace)
    _, events = serve(store, clock, pace)
    host = events.create(name, **{k: settings[k] for k in CREATE if k in settings})
    events.add_bots(name, host, settings["bots"], settings.get("bot_kind", "random"))
    if settings["seats"] > settings["table_size"]:
        events.start(name, host)
    for step in range(steps):
        if events.summary(name)["state"] == "finished":
            return events
        if step in restarts:
            _, events = serve(store, clock, pace + step)
        clock.now += rng.choice((0.5, 1, 3))
        tables = list(events.event(name).tables.values())
        rng.shuffle(tables)
        for t in tables[:rng.randint(1, len(tables))]:
            t.tick(clock.now)
    raise AssertionError(f"{name}: no winner after {steps} steps")


def hands(store: Any, name: str) -> dict[str, list[tuple[str, str]]]:
    """Each table's log of event ``name`` as (type, payload) text, without the ``opened``
    event (its host token differs from run to run)."""
    out = {}
    for info in store.streams("table"):
        recs = store.read(info.id)
        if recs[0].payload.get("event") == name:
            out[info.name] = [(r.type, json.dumps(r.payload, sort_keys=True)) for r in recs[1:]]
    return out
