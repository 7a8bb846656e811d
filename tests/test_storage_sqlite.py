"""The sqlite3 backend of the event store: an SQLite file at the newest schema revision is read
and written without SQLAlchemy or Alembic, and both SQLite backends read each other's rows.

The shared behaviour (appends, concurrency, rollbacks, crashes) is in test_storage.py and
test_storage_crash.py, which run against this backend too (the ``sqlite`` store_backend)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import timezone
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from pokertd.storage import (
    HEAD_REVISION,
    NewEvent,
    NoDatabase,
    SQLAlchemyStore,
    SQLiteStore,
    alembic_config,
    default_path,
    open_sqlalchemy_store,
    open_store,
    upgrade_schema,
)

HEAVY = ("sqlalchemy", "alembic", "platformdirs")


def _python(code: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_head_revision_is_alembics_head() -> None:
    """The revision the sqlite3 backend trusts without Alembic is the newest migration's."""
    assert HEAD_REVISION == ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_importing_the_package_loads_no_database_library() -> None:
    out = _python(
        f"""
        import sys
        import pokertd.storage
        print([m for m in sys.modules if m.split(".")[0] in {HEAVY!r}])
        """
    )
    assert out.strip() == "[]"


def test_a_file_at_the_head_revision_is_used_without_sqlalchemy(tmp_path: Path) -> None:
    """Read a stream, append after it (optimistic, BEGIN IMMEDIATE), list and find streams:
    SQLAlchemy and Alembic are never imported; the next process sees the appends."""
    url = f"sqlite:///{tmp_path / 'td.db'}"
    with open_store(url) as store:  # creates the file: SQLAlchemy and Alembic migrate it
        t = store.create_stream("tournament", "Friday 27", {"preset": "gananda"})
        store.append(t.id, 0, [NewEvent("registered", {"player": f"P{i}"}) for i in range(200)])
    out = _python(
        f"""
        import json, sys
        from pokertd.storage import ConcurrencyError, NewEvent, SQLiteStore, open_store
        store = open_store(sys.argv[1], create=False)
        assert isinstance(store, SQLiteStore), store
        info = store.find_stream("tournament", "Friday 27")
        events = store.read(info.id)
        store.append(info.id, events[-1].seq, [NewEvent("started", {{"level": 1}})])
        try:
            store.append(info.id, events[-1].seq, [NewEvent("late")])
        except ConcurrencyError as exc:
            refused = exc.actual
        with store.transaction() as log:
            season = log.create_stream("season", "2026")
            log.append(season.id, 0, [NewEvent("event", {{"name": "Week 1"}})])
        store.close()
        print(json.dumps([len(events), refused,
                          [m for m in sys.modules if m.split(".")[0] in {HEAVY!r}]]))
        """,
        url,
    )
    count, refused, heavy = json.loads(out)
    assert (count, refused, heavy) == (200, 201, [])
    with open_sqlalchemy_store(url) as store:
        t = store.find_stream("tournament", "Friday 27")
        assert t is not None
        assert [e.type for e in store.read(t.id, after=199)] == ["registered", "started"]
        assert [s.name for s in store.streams()] == ["Friday 27", "2026"]


def test_open_store_serves_an_sqlite_file_with_the_sqlite3_backend(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'td.db'}"
    with open_store(url) as created:  # created and migrated, then served by sqlite3
        assert isinstance(created, SQLiteStore)
    with open_store(url) as opened:
        assert isinstance(opened, SQLiteStore) and opened.backend == "sqlite"
        assert opened.url == url
    with open_store("sqlite://") as memory:  # in memory: created with each connection
        assert isinstance(memory, SQLAlchemyStore)


def test_both_sqlite_backends_read_each_others_rows(tmp_path: Path) -> None:
    """Same rows, columns, JSON text and timestamp text, whichever backend wrote them."""
    url = f"sqlite:///{tmp_path / 'td.db'}"
    payload = {"z": 1, "a": [1, 2.5, None, True], "text": "10♠ Ünïcödé", "huge": 2**80}
    fast, slow = open_store(url), open_sqlalchemy_store(url)
    try:
        assert isinstance(fast, SQLiteStore) and isinstance(slow, SQLAlchemyStore)
        a = fast.create_stream("tournament", "by sqlite3", {"k": [1, 2]})
        b = slow.create_stream("tournament", "by sqlalchemy", {"k": [1, 2]})
        written = {
            a.id: fast.append(a.id, 0, [NewEvent("e", payload), NewEvent("f")]),
            b.id: slow.append(b.id, 0, [NewEvent("e", payload), NewEvent("f")]),
        }
        for reader in (fast, slow):
            assert reader.stream(a.id) == a and reader.stream(b.id) == b
            assert reader.streams() == [a, b]
            for stream_id, recorded in written.items():
                events = reader.read(stream_id)
                assert events == list(recorded)
                assert list(events[0].payload) == list(payload)
                assert all(e.recorded_at.tzinfo is timezone.utc for e in events)
        with slow.engine.connect() as connection:
            rows = connection.execute(text(
                "SELECT stream_id, seq, type, payload, recorded_at, typeof(recorded_at) "
                "FROM events ORDER BY stream_id, seq")).all()
            streams = connection.execute(text(
                "SELECT name, config, created_at, typeof(created_at) FROM streams ORDER BY id")).all()
        by = {stream_id: [r for r in rows if r[0] == stream_id] for stream_id in written}
        assert [r[2:4] for r in by[a.id]] == [r[2:4] for r in by[b.id]]  # type, payload text
        assert by[a.id][0][3] == json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        for row in rows:  # naive UTC text, microseconds always: 2026-12-01 08:44:33.168305
            assert row[5] == "text" and len(row[4]) == 26 and row[4][10] == " "
        assert [s[1] for s in streams] == ['{"k":[1,2]}'] * 2
        assert all(s[3] == "text" and len(s[2]) == 26 for s in streams)
    finally:
        fast.close()
        slow.close()


def test_an_older_schema_is_migrated_then_served_by_sqlite3(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'td.db'}"
    with open_sqlalchemy_store(url) as store:
        from alembic import command

        config = alembic_config()
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
    with pytest.raises(NoDatabase, match="holds no pokertd tables"):
        open_store(url, create=False)  # at the base revision: no tables to read
    with open_store(url) as store:
        assert isinstance(store, SQLiteStore)
        t = store.create_stream("tournament", "T")
        assert store.append(t.id, 0, [NewEvent("e")])[0].seq == 1
    with open_sqlalchemy_store(url, upgrade=False) as store:
        upgrade_schema(store.engine)  # already at the head: nothing to do
        with store.engine.connect() as connection:
            version = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        assert version == [(HEAD_REVISION,)]


def test_sqlite3_connections_have_the_store_settings(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'td.db'}") as store:
        assert isinstance(store, SQLiteStore)
        with store.transaction() as log:
            pragma = lambda name: log.connection.execute(f"PRAGMA {name}").fetchone()[0]  # noqa: E731
            assert pragma("journal_mode") == "wal"
            assert pragma("foreign_keys") == 1
            assert pragma("synchronous") == 2  # FULL
            assert pragma("busy_timeout") == 30_000
            assert log.connection.in_transaction


def test_a_read_inside_a_transaction_uses_another_connection(tmp_path: Path) -> None:
    """The store reads what is committed while a transaction of the same thread is open."""
    with open_store(f"sqlite:///{tmp_path / 'td.db'}") as store:
        t = store.create_stream("tournament", "T")
        with store.transaction() as log:
            log.append(t.id, 0, [NewEvent("e")])
            assert store.head(t.id) == 0 and log.head(t.id) == 1
        assert store.head(t.id) == 1


def test_default_path_is_platformdirs_answer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    for xdg in (str(tmp_path / "xdg"), None, "relative/ignored"):
        if xdg is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", xdg)
        expected = Path(platformdirs.user_data_dir("pokertd", appauthor=False)) / "pokertd.db"
        assert default_path() == expected
