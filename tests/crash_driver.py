"""A director's script for the crash tests (tests/test_crash_live.py): a live tournament run
through the tournament service, one command after another, resumable.

``python crash_driver.py URL ACKS`` finds how far the stored log has got (the number of command
batches in it), carries on with the next command, and after each command returns writes
``done I`` to ACKS (the command was acknowledged). Killed at any moment and started again, it
goes on from the log: a command whose batch was committed is not sent again. The clock is a
function of the command's number, so a run's events do not depend on when it was killed.
A command refused because the database is away (DatabaseFailure) is tried again.

With ``ids`` (the PostgreSQL restart test), every command carries a command id, and a command
refused because the database went away is sent again as it was, with its id, without reading
the log first: the service answers one already committed as already done (``repeated``) and
applies it once. :func:`drive_web` does the same through the console's web API (a 503 answer
sent again with the same id).
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


def command_id(i: int) -> str:
    return f"crash-night-{i:04d}"


def run_command(svc: TournamentService, command: tuple[str, ...],
                cid: str | None = None) -> bool:
    """The command run; True when it was already done (its id in the log)."""
    verb = command[0]
    if verb == "create":
        out = svc.create(NAME, config_preset("gananda"), seed=7, command_id=cid)
    elif verb == "register":
        out = svc.register(NAME, PLAYERS, command_id=cid)
    elif verb == "start":
        out = svc.start(NAME, command_id=cid)
    elif verb == "bust":
        out = svc.bust(NAME, command[1], command_id=cid)
    elif verb == "pause":
        out = svc.pause(NAME, command_id=cid)
    else:
        out = svc.resume(NAME, command_id=cid)
    return out.repeated


def drive(url: str, acks: str | None = None, *, retry_s: float = 60.0,
          ids: bool = False, resent: list[tuple[int, bool]] | None = None) -> None:
    """``resent`` (with ``ids``): each command sent again, and whether it was already done."""
    store = open_store(url)
    out = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644) if acks else None
    steps = script()
    i = applied(store)
    svc = TournamentService(store, clock=lambda: T0 + 30.0 * i)
    try:
        while i < len(steps):
            deadline = time.monotonic() + retry_s
            tries = 0
            while True:
                try:
                    if ids:
                        done = run_command(svc, steps[i], command_id(i))
                        if tries and resent is not None:
                            resent.append((i, done))
                        break
                    i = applied(store)      # where the log is: a committed command is done
                    if i >= len(steps):
                        break
                    run_command(svc, steps[i])
                    break
                except DatabaseFailure:
                    if time.monotonic() > deadline:
                        raise
                    tries += 1
                    time.sleep(0.05)
            if i >= len(steps):
                break
            if out is not None:
                os.write(out, f"done {i}\n".encode())
            i += 1
    finally:
        store.close()


def web_request(i: int) -> tuple[str, dict]:
    """Command ``i`` as the console's API takes it, with its command id."""
    command = script()[i]
    verb = command[0]
    body: dict = {"command_id": command_id(i)}
    if verb == "create":
        return "/console/api/events", {**body, "name": NAME, "preset": "gananda", "seed": 7}
    if verb == "register":
        body["players"] = PLAYERS
    elif verb == "bust":
        body["players"] = [command[1]]
    return f"/console/api/events/{NAME}/{verb}", body


def drive_web(client, acks: str, *, clock: list[float], retry_s: float = 60.0,
              resent: list[tuple[int, bool]] | None = None) -> None:
    """The script through the console's API (``client``: a director's logged-in test client of
    a server whose clock reads ``clock[0]``). A request answered 503 (the database away) or
    not answered is sent again as it was, with its command id, until it is done."""
    out = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        for i in range(len(script())):
            clock[0] = T0 + 30.0 * i
            path, body = web_request(i)
            deadline = time.monotonic() + retry_s
            tries = 0
            while True:
                r = client.post(path, json=body)
                if r.status_code in (200, 201):
                    break
                assert r.status_code == 503, (i, r.status_code, r.text)
                assert "send it again with the same command_id" in r.json()["error"]
                assert time.monotonic() < deadline, f"command {i}: {r.text}"
                tries += 1
                time.sleep(0.05)
            if tries and resent is not None:
                resent.append((i, r.json()["already_done"]))
            os.write(out, f"done {i}\n".encode())
    finally:
        os.close(out)


if __name__ == "__main__":
    drive(sys.argv[1], sys.argv[2])
