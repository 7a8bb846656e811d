"""Nothing lost on a crash: a writer process killed with SIGKILL at a random moment.

A child process appends batches of events in a loop, each batch in one unit of work together
with a derived row (a tally of events and batches), and notes each batch after its commit
returned. The test kills it at a random moment, reopens the store and checks that what is
there is exactly a prefix of committed transactions: every acknowledged batch, at most the one
batch whose commit had not been acknowledged yet, no half batch, numbers 1..N without gaps, and
the derived row in step with the events. Then a new writer carries on from there, and is
killed in turn. On PostgreSQL and on SQLite through each SQLite backend (sqlite3, with the
derived row written in plain SQL in the same transaction, and SQLAlchemy).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import ForeignKey
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from pokertd.storage import NewEvent, Stream

if TYPE_CHECKING:
    from conftest import StoreBackend

ROUNDS = 4

WRITER = '''
import os
import sys

from pokertd.storage import NewEvent, SQLiteStore, open_store

url, backend, stream_id, acks = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
if backend == "sqlite-sqlalchemy":
    from pokertd.storage import open_sqlalchemy_store as open_store
store = open_store(url)
fast = backend == "sqlite"
assert isinstance(store, SQLiteStore) == fast, store
out = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
head = store.head(stream_id)
batch = 0 if head == 0 else store.read(stream_id, after=head - 1)[0].payload["batch"] + 1
os.write(out, f"start {head}\\n".encode())
if not fast:
    from sqlalchemy import ForeignKey
    from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

    from pokertd.storage import Stream

    class TallyBase(DeclarativeBase):
        pass

    class Tally(TallyBase):
        __tablename__ = "crash_tally"
        stream_id: Mapped[int] = mapped_column(ForeignKey(Stream.__table__.c.id), primary_key=True)
        events: Mapped[int]
        batches: Mapped[int]

# sqlite: the sqlite3 backend's own transaction, the derived row written with plain SQL on
# its connection (and SQLAlchemy never imported); otherwise SQLAlchemy's unit of work.
assert ("sqlalchemy" in sys.modules) != fast
while True:
    size = 1 + batch % 5
    events = [
        NewEvent(
            "chips",
            {"batch": batch, "index": k, "size": size, "seq": head + 1 + k, "stack": 10**12 + k},
        )
        for k in range(size)
    ]
    if fast:
        with store.transaction() as log:
            log.append(stream_id, head, events)
            log.connection.execute(
                "INSERT INTO crash_tally (stream_id, events, batches) VALUES (?, ?, 1) "
                "ON CONFLICT (stream_id) DO UPDATE SET events = events + excluded.events, "
                "batches = batches + 1",
                (stream_id, size),
            )
    else:
        with store.unit_of_work() as (session, log):
            log.append(stream_id, head, events)
            tally = session.get(Tally, stream_id)
            if tally is None:
                tally = Tally(stream_id=stream_id, events=0, batches=0)
                session.add(tally)
            tally.events += size
            tally.batches += 1
    head += size
    batch += 1
    os.write(out, f"{head}\\n".encode())  # only after the commit returned
'''


class TallyBase(DeclarativeBase):
    pass


class Tally(TallyBase):
    __tablename__ = "crash_tally"
    stream_id: Mapped[int] = mapped_column(ForeignKey(Stream.__table__.c.id), primary_key=True)
    events: Mapped[int]
    batches: Mapped[int]


def batch_size(batch: int) -> int:
    return 1 + batch % 5


def _wait_for_line(path: Path, child: subprocess.Popen[bytes], stderr: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().endswith(b"\n"):
            return
        if child.poll() is not None:
            raise AssertionError(f"writer exited with {child.returncode}:\n{stderr.read_text()}")
        time.sleep(0.01)
    raise AssertionError(f"writer did not start within 120 s:\n{stderr.read_text()}")


def test_killed_writer_leaves_a_consistent_prefix(store_backend: StoreBackend, tmp_path: Path) -> None:
    seed = int.from_bytes(os.urandom(4), "big")
    chance = random.Random(seed)
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    store_url = store_backend.url
    with store_backend.open() as store:
        TallyBase.metadata.create_all(store.engine)
        stream_id = store.create_stream("tournament", "crash test").id

    committed = 0
    for round_ in range(ROUNDS):
        acks = tmp_path / f"acks-{round_}.txt"
        stderr = tmp_path / f"stderr-{round_}.txt"
        with stderr.open("wb") as err:
            child = subprocess.Popen(
                [sys.executable, str(script), store_url, store_backend.name, str(stream_id), str(acks)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
            )
        try:
            _wait_for_line(acks, child, stderr)
            moment = chance.uniform(0.0, 0.8)
            time.sleep(moment)
            assert child.poll() is None, f"writer died by itself:\n{stderr.read_text()}"
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        assert child.returncode == -signal.SIGKILL

        first, *rest = acks.read_text().split("\n")
        assert first == f"start {committed}", "a restarted writer sees the last committed state"
        acked = [int(line) for line in rest[:-1]]  # whole lines only: the last has no newline
        acknowledged = acked[-1] if acked else committed

        where = f"(seed {seed}, round {round_}, killed after {moment:.3f} s)"
        with store_backend.open() as store:
            events = store.read(stream_id)
            with store.session() as session:
                tally = session.get(Tally, stream_id)
        n = len(events)
        assert [e.seq for e in events] == list(range(1, n + 1)), f"gap in the numbers {where}"
        assert all(e.payload["seq"] == e.seq for e in events), where
        # Whole batches only, numbered 0, 1, 2, ... each of its full size, in order.
        batches: list[list[int]] = []
        for e in events:
            if e.payload["index"] == 0:
                batches.append([])
            batches[-1].append(e.payload["index"])
            assert e.payload["batch"] == len(batches) - 1, where
        for number, indices in enumerate(batches):
            assert indices == list(range(batch_size(number))), f"half-written batch {where}"
        # Every acknowledged commit is there; at most the one unacknowledged batch more.
        assert n >= acknowledged, f"lost committed events: {n} < {acknowledged} {where}"
        allowed = {acknowledged} | {acknowledged + batch_size(len(batches) - 1)}
        assert n in allowed, f"{n} events, acknowledged {acknowledged} {where}"
        # The derived row was committed with exactly the same transactions as the events.
        if n == 0:
            assert tally is None, where
        else:
            assert tally is not None and (tally.events, tally.batches) == (n, len(batches)), where
        committed = n

    assert committed > 0, f"no writer ever committed a batch (seed {seed})"

    # The stream goes on normally after the crashes.
    with store_backend.open() as store:
        recorded = store.append(stream_id, committed, [NewEvent("after the crashes", {"n": 1})])
        assert recorded[0].seq == committed + 1
