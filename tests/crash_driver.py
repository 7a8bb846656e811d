"""A director's script for the crash tests (tests/test_crash_live.py): a live tournament run
through the tournament service, one command after another, resumable.

``python crash_driver.py URL ACKS`` finds how far the stored log has got (the number of command
batches in it), carries on with the next command, and after each command returns writes
``done I`` to ACKS (the command was acknowledged). Killed at any moment and started again, it
goes on from the log: a command whose batch was committed is not sent again. The clock is a
function of the command's number, so a run's events do not depend on when it was killed.
A command refused because the database is away (DatabaseFailure) is tried again.
"""

from __future__ import annotations

import os
import random
import sys
import time

from pokertd.services.history import COMMAND
from pokertd.services.tournaments import KIND, TournamentService
from pokertd.storage import DatabaseFailure, open_store
from pokertd.tournament.house import config_preset

NAME = "Crash Night"
PLAYERS = [f"p{i:02d}" for i in range(1, 91)]
T0 = 1_700_000_000.0


def script() -> list[tuple[str, ...]]:
    """The commands, the same every run: create, register, start, then the bust-outs in a
    seeded order, with a pause and a resume early on, to one winner."""
    order = PLAYERS[:]
    random.Random(13).shuffle(order)
    out: list[tuple[str, ...]] = [("create",), ("register",), ("start",)]
    for k, p in enumerate(order[:-1]):
        out.append(("bust", p))
        if k in (2, 5):
            out += [("pause",), ("resume",)]
    return out


def applied(store) -> int:
    """Commands in the log: the created batch, then one marker per command batch."""
    info = store.find_stream(KIND, NAME)
    if info is None:
        return 0
    return 1 + sum(1 for e in store.read(info.id) if e.type == COMMAND)


def run_command(svc: TournamentService, command: tuple[str, ...]) -> None:
    verb = command[0]
    if verb == "create":
        svc.create(NAME, config_preset("gananda"), seed=7)
    elif verb == "register":
        svc.register(NAME, PLAYERS)
    elif verb == "start":
        svc.start(NAME)
    elif verb == "bust":
        svc.bust(NAME, command[1])
    elif verb == "pause":
        svc.pause(NAME)
    else:
        svc.resume(NAME)


def drive(url: str, acks: str | None = None, *, retry_s: float = 60.0) -> None:
    store = open_store(url)
    out = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644) if acks else None
    steps = script()
    i = applied(store)
    svc = TournamentService(store, clock=lambda: T0 + 30.0 * i)
    try:
        while i < len(steps):
            deadline = time.monotonic() + retry_s
            while True:
                try:
                    i = applied(store)      # where the log is: a committed command is done
                    if i >= len(steps):
                        break
                    run_command(svc, steps[i])
                    break
                except DatabaseFailure:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            if i >= len(steps):
                break
            if out is not None:
                os.write(out, f"done {i}\n".encode())
            i += 1
    finally:
        store.close()


if __name__ == "__main__":
    drive(sys.argv[1], sys.argv[2])
