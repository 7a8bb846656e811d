"""The event store on an SQLite file through the standard library's ``sqlite3``.

A command that reads a tournament and appends a few events should not pay for importing
SQLAlchemy and Alembic (issue 8: the CLI answers at once). Once the file's schema is at the
newest revision (:data:`~pokertd.storage.base.HEAD_REVISION`), nothing here needs them: the
statements are written out, and they read and write exactly the rows the SQLAlchemy backend
does (same columns, the same compact JSON text, timestamps as naive UTC text in SQLAlchemy's
``YYYY-MM-DD HH:MM:SS.ffffff`` form), so either backend reads what the other wrote.

The connection settings are those of the SQLAlchemy backend too (it calls
:func:`configure_connection`): a 30 s busy timeout, foreign keys on, write-ahead logging,
``synchronous = FULL``, and writes that start with ``BEGIN IMMEDIATE`` (the write lock first, so
that a read-then-append is never overtaken by another writer).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime, timezone
from typing import Any

from .base import (
    ConcurrencyError,
    DatabaseFailure,
    EventLog,
    RecordedEvent,
    Store,
    StreamExists,
    StreamInfo,
    UnknownStream,
)

SQLITE_BUSY_TIMEOUT_S = 30.0


def json_dumps(value: Any) -> str:
    """The JSON text both backends store: compact, UTF-8 as is, no NaN."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def timestamp_text(value: datetime) -> str:
    """A timestamp as SQLAlchemy's SQLite DateTime stores it: naive UTC, microseconds always."""
    return value.astimezone(timezone.utc).replace(tzinfo=None).isoformat(" ", "microseconds")


def parse_timestamp(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


def configure_connection(connection: sqlite3.Connection, in_memory: bool = False) -> None:
    """The settings of every pokertd SQLite connection (of either backend)."""
    # The caller, not the sqlite3 module, decides where transactions begin.
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
    cursor.execute("PRAGMA foreign_keys = ON")
    if not in_memory:
        enable_wal(cursor)
        # FULL: a commit is on disk when commit() returns, even across a power cut.
        cursor.execute("PRAGMA synchronous = FULL")
    cursor.close()


def enable_wal(cursor: Any) -> None:
    """Switch the database file to write-ahead logging (a setting stored in the file).

    Switching needs the file to itself, and SQLite answers "database is locked" at once,
    without its busy handler, when another connection is opening it at the same moment
    (several processes opening a fresh database). Retry until the busy timeout; once one
    connection has switched, the others find WAL already set and change nothing."""
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_S
    delay = 0.005
    while True:
        try:
            mode = cursor.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() == "wal":
                return
            mode = cursor.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal" and time.monotonic() >= deadline:
                return  # a file system without WAL support: SQLite keeps its rollback journal
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(delay)
        delay = min(delay * 2, 0.1)


def _info(row: tuple[Any, ...]) -> StreamInfo:
    id_, kind, name, created_at, config = row
    return StreamInfo(id_, kind, name, parse_timestamp(created_at), json.loads(config))


_STREAM_COLUMNS = "id, kind, name, created_at, config"


class SQLiteLog(EventLog):
    """The event log's statements on one sqlite3 connection, inside its transaction."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def find_stream(self, kind: str, name: str) -> StreamInfo | None:
        row = self.connection.execute(
            f"SELECT {_STREAM_COLUMNS} FROM streams WHERE kind = ? AND name = ?", (kind, name)
        ).fetchone()
        return None if row is None else _info(row)

    def streams(self, kind: str | None = None) -> list[StreamInfo]:
        if kind is None:
            rows = self.connection.execute(f"SELECT {_STREAM_COLUMNS} FROM streams ORDER BY id")
        else:
            rows = self.connection.execute(
                f"SELECT {_STREAM_COLUMNS} FROM streams WHERE kind = ? ORDER BY id", (kind,)
            )
        return [_info(row) for row in rows]

    def _stream(self, stream_id: int) -> StreamInfo | None:
        row = self.connection.execute(
            f"SELECT {_STREAM_COLUMNS} FROM streams WHERE id = ?", (stream_id,)
        ).fetchone()
        return None if row is None else _info(row)

    def _insert_stream(
        self, kind: str, name: str, config: dict[str, Any], created_at: datetime
    ) -> StreamInfo:
        try:
            cursor = self.connection.execute(
                "INSERT INTO streams (kind, name, created_at, config) VALUES (?, ?, ?, ?)",
                (kind, name, timestamp_text(created_at), json_dumps(config)),
            )
        except sqlite3.IntegrityError as exc:  # another transaction took the name meanwhile
            raise StreamExists(kind, name) from exc
        id_ = cursor.lastrowid
        assert id_ is not None
        return StreamInfo(id_, kind, name, created_at, config)

    def _require(self, stream_id: int, lock: bool = False) -> None:
        # No row lock in SQLite: its write transactions start with BEGIN IMMEDIATE and so
        # already run one at a time.
        found = self.connection.execute(
            "SELECT 1 FROM streams WHERE id = ?", (stream_id,)
        ).fetchone()
        if found is None:
            raise UnknownStream(stream_id)

    def _head(self, stream_id: int) -> int:
        row = self.connection.execute(
            "SELECT coalesce(max(seq), 0) FROM events WHERE stream_id = ?", (stream_id,)
        ).fetchone()
        return int(row[0])

    def _insert_events(
        self, stream_id: int, expected: int, recorded: Sequence[RecordedEvent]
    ) -> None:
        at = timestamp_text(recorded[0].recorded_at)
        try:
            self.connection.executemany(
                "INSERT INTO events (stream_id, seq, type, payload, recorded_at) "
                "VALUES (?, ?, ?, ?, ?)",
                [(stream_id, e.seq, e.type, json_dumps(e.payload), at) for e in recorded],
            )
        except sqlite3.IntegrityError as exc:  # a writer that bypassed the lock got there first
            raise ConcurrencyError(stream_id, expected, expected + 1) from exc

    def _read(self, stream_id: int, after: int, limit: int | None) -> list[RecordedEvent]:
        query = (
            "SELECT seq, type, payload, recorded_at FROM events "
            "WHERE stream_id = ? AND seq > ? ORDER BY seq"
        )
        parameters: tuple[int, ...] = (stream_id, after)
        if limit is not None:
            query += " LIMIT ?"
            parameters += (limit,)
        loads, stamp = json.loads, parse_timestamp
        return [
            RecordedEvent(stream_id, seq, type_, loads(payload), stamp(recorded_at))
            for seq, type_, payload, recorded_at in self.connection.execute(query, parameters)
        ]


def file_uri(path: str) -> str:
    """An SQLite URI that opens ``path`` for reading and writing and never creates it."""
    quoted = path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    return f"file:{quoted}?mode=rw"


def connect(path: str) -> sqlite3.Connection:
    """A configured connection to the existing SQLite file ``path`` (never created here)."""
    connection = sqlite3.connect(
        file_uri(path), uri=True, timeout=SQLITE_BUSY_TIMEOUT_S, check_same_thread=False
    )
    try:
        configure_connection(connection)
    except BaseException:
        connection.close()
        raise
    return connection


class SQLiteStore(Store):
    """An SQLite file whose schema is at the newest revision, through ``sqlite3``.

    Thread-safe: each operation takes an idle connection (or opens one) and gives it back, so
    threads, and a read inside another operation's transaction, use connections of their own.
    """

    def __init__(self, path: str, url: str, connection: sqlite3.Connection | None = None) -> None:
        """``connection``: one already opened and configured (:func:`configure_connection`),
        taken into the store's pool."""
        self.path = path
        self._url = url
        self._engine: Any = None  # SQLAlchemy's, made on first use (derived rows, reports)
        self._lock = threading.Lock()
        self._idle: list[sqlite3.Connection] = [] if connection is None else [connection]
        self._open: list[sqlite3.Connection] = list(self._idle)
        self._closed = False

    @property
    def url(self) -> str:
        return self._url

    @property
    def backend(self) -> str:
        return "sqlite"

    def adopt_engine(self, engine: Any) -> None:
        """Use ``engine`` (SQLAlchemy's, on the same file) for :attr:`engine`; closed with the store."""
        self._engine = engine

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise DatabaseFailure(f"the store on {self.path} is closed")
            connection = self._idle.pop() if self._idle else None
        if connection is None:
            connection = connect(self.path)
            with self._lock:
                self._open.append(connection)
        try:
            yield connection
        finally:
            if connection.in_transaction:  # an error inside a statement the block did not end
                connection.rollback()
            with self._lock:
                self._idle.append(connection)

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[SQLiteLog]:
        try:
            with self._connection() as connection:
                connection.execute(begin)
                try:
                    yield SQLiteLog(connection)
                    connection.execute("COMMIT")
                finally:
                    if connection.in_transaction:
                        connection.rollback()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, (sqlite3.IntegrityError, sqlite3.ProgrammingError)):
                raise
            # Locked past the busy timeout, a read-only or damaged file, a full disk, ...
            raise DatabaseFailure(f"database {self.path}: {exc}") from exc

    def transaction(self) -> AbstractContextManager[SQLiteLog]:
        """One write transaction (BEGIN IMMEDIATE): its appends commit together or not at all."""
        return self._transaction("BEGIN IMMEDIATE")

    def _reading(self) -> AbstractContextManager[SQLiteLog]:
        # One snapshot for the statements of one read (the events and the stream's existence).
        return self._transaction("BEGIN")

    # --- SQLAlchemy, for derived rows: imported on first use -----------------------------------

    @property
    def engine(self) -> Any:
        if self._engine is None:
            from .store import create_store_engine

            self._engine = create_store_engine(self._url)
        return self._engine

    def session(self) -> Any:
        from sqlalchemy.orm import Session

        return Session(self.engine, expire_on_commit=False)

    @contextmanager
    def unit_of_work(self) -> Iterator[tuple[Any, SQLiteLog]]:
        """(SQLAlchemy session, log) in one transaction on one connection: the derived rows
        written with the session and the events appended with the log commit together."""
        from sqlalchemy.orm import Session

        from .store import WRITE

        with Session(self.engine.execution_options(**{WRITE: True}),
                     expire_on_commit=False) as session, session.begin():
            # session.connection() begins the transaction (BEGIN IMMEDIATE); the log's
            # statements run on the same sqlite3 connection, inside it.
            raw = session.connection().connection.dbapi_connection
            assert isinstance(raw, sqlite3.Connection)
            yield session, SQLiteLog(raw)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            connections, self._open, self._idle = self._open, [], []
        for connection in connections:
            connection.close()
        if self._engine is not None:
            self._engine.dispose()
