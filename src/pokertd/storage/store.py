"""The event store: open a database, append events atomically, read them back.

Every change is an event appended in the same transaction as its effects::

    store = open_store()                      # SQLite file in the user's data directory
    stream = store.create_stream("tournament", "Gananda 2026-11-29", {"preset": "gananda"})
    with store.unit_of_work() as (session, log):
        log.append(stream.id, expected=0, events=[NewEvent("registered", {"player": "Ann"})])
        session.add(SomeDerivedRow(...))      # committed with the events, or not at all
    events = store.read(stream.id)            # [RecordedEvent(seq=1, type="registered", ...)]

Appends are optimistic: the caller says which event it last saw (``expected``, 0 for an empty
stream); if the stream has moved on, :class:`ConcurrencyError` is raised and nothing is written.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, func, insert, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from .models import KIND_LENGTH, NAME_LENGTH, TYPE_LENGTH, Event, Stream, utc_now

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

# Execution option that makes a SQLite connection start its transaction with BEGIN IMMEDIATE
# (take the write lock first, so read-then-write cannot be overtaken by another writer).
_WRITE = "pokertd_write"

# Key of the PostgreSQL advisory lock held while the schema is upgraded, so that two
# processes opening a fresh database at once do not both create the tables.
_MIGRATION_LOCK = 0x706F6B65  # "poke"

SQLITE_BUSY_TIMEOUT_S = 30.0


# --------------------------------------------------------------------------- errors


class StorageError(Exception):
    """Base class of the errors this package raises on purpose."""


class UnknownStream(StorageError, LookupError):
    def __init__(self, stream_id: int) -> None:
        super().__init__(f"no event stream with id {stream_id}")
        self.stream_id = stream_id


class StreamExists(StorageError):
    def __init__(self, kind: str, name: str) -> None:
        super().__init__(f"a {kind} stream named {name!r} already exists")
        self.kind = kind
        self.name = name


class ConcurrencyError(StorageError):
    """The stream is not at the sequence number the caller expected; nothing was written."""

    def __init__(self, stream_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"stream {stream_id}: expected to append after event {expected}, "
            f"but the stream is at event {actual}; nothing was written"
        )
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class InvalidEvent(StorageError, ValueError):
    """An event (or stream configuration) that cannot be stored as given."""


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its type and a JSON object payload."""

    type: str
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """An event as stored: its stream, its number in the stream, and when it was recorded."""

    stream_id: int
    seq: int
    type: str
    payload: dict[str, Any]
    recorded_at: datetime


@dataclass(frozen=True, slots=True)
class StreamInfo:
    id: int
    kind: str
    name: str
    created_at: datetime
    config: dict[str, Any]


def _stream_info(row: Stream) -> StreamInfo:
    return StreamInfo(row.id, row.kind, row.name, row.created_at, row.config)


def _check_json(value: Any, where: str) -> None:
    """Refuse what JSON would not give back unchanged (tuples, non-string keys, NaN, ...)."""
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidEvent(f"{where}: {value!r} is not a JSON number")
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            _check_json(item, f"{where}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidEvent(f"{where}: key {key!r} is not a string (JSON keys are strings)")
            _check_json(item, f"{where}[{key!r}]")
        return
    hint = " (use a list: JSON has no tuples)" if isinstance(value, tuple) else ""
    raise InvalidEvent(f"{where}: {type(value).__name__} {value!r} is not JSON{hint}")


def _check_text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidEvent(f"{what} must be a non-empty string, not {value!r}")
    if len(value) > limit:
        raise InvalidEvent(f"{what} {value[:40]!r}... is longer than {limit} characters")
    return value


# --------------------------------------------------------------------------- the log


class EventLog:
    """Appends and reads events inside one session's transaction."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def create_stream(
        self, kind: str, name: str, config: dict[str, Any] | None = None
    ) -> StreamInfo:
        _check_text(kind, "stream kind", KIND_LENGTH)
        _check_text(name, "stream name", NAME_LENGTH)
        config = {} if config is None else config
        if not isinstance(config, dict):
            raise InvalidEvent(f"stream config must be a JSON object, not {config!r}")
        _check_json(config, "stream config")
        taken = self.session.scalar(
            select(Stream.id).where(Stream.kind == kind, Stream.name == name)
        )
        if taken is not None:
            raise StreamExists(kind, name)
        row = Stream(kind=kind, name=name, config=config, created_at=utc_now())
        self.session.add(row)
        try:
            self.session.flush()
        except IntegrityError as exc:  # another transaction took the name meanwhile
            raise StreamExists(kind, name) from exc
        return _stream_info(row)

    def stream(self, stream_id: int) -> StreamInfo:
        row = self.session.get(Stream, stream_id)
        if row is None:
            raise UnknownStream(stream_id)
        return _stream_info(row)

    def find_stream(self, kind: str, name: str) -> StreamInfo | None:
        row = self.session.scalar(select(Stream).where(Stream.kind == kind, Stream.name == name))
        return None if row is None else _stream_info(row)

    def streams(self, kind: str | None = None) -> list[StreamInfo]:
        query = select(Stream).order_by(Stream.id)
        if kind is not None:
            query = query.where(Stream.kind == kind)
        return [_stream_info(row) for row in self.session.scalars(query)]

    def head(self, stream_id: int) -> int:
        """The sequence number of the stream's last event (0 when it has none)."""
        self._require(stream_id)
        return self._head(stream_id)

    def _head(self, stream_id: int) -> int:
        return self.session.execute(
            select(func.coalesce(func.max(Event.seq), 0)).where(Event.stream_id == stream_id)
        ).scalar_one()

    def _require(self, stream_id: int, lock: bool = False) -> None:
        query = select(Stream.id).where(Stream.id == stream_id)
        if lock:
            # PostgreSQL: appenders to one stream queue here. SQLite renders no FOR UPDATE;
            # its write transactions start with BEGIN IMMEDIATE and so already run one by one.
            query = query.with_for_update()
        if self.session.scalar(query) is None:
            raise UnknownStream(stream_id)

    def append(
        self, stream_id: int, expected: int, events: Iterable[NewEvent]
    ) -> tuple[RecordedEvent, ...]:
        """Append ``events`` after event number ``expected``; all of them or, on error, none.

        Raises :class:`ConcurrencyError` when the stream's last event is not ``expected``.
        """
        batch = list(events)
        if isinstance(expected, bool) or not isinstance(expected, int) or expected < 0:
            raise ValueError(f"expected must be a sequence number >= 0, not {expected!r}")
        for i, item in enumerate(batch):
            if not isinstance(item, NewEvent):
                raise InvalidEvent(f"event {i} of the batch is {item!r}, not a NewEvent")
            _check_text(item.type, f"event {i} type", TYPE_LENGTH)
            if not isinstance(item.payload, dict):
                raise InvalidEvent(f"event {i} ({item.type}): payload must be a JSON object")
            _check_json(item.payload, f"event {i} ({item.type}) payload")
        self._require(stream_id, lock=True)
        actual = self._head(stream_id)
        if actual != expected:
            raise ConcurrencyError(stream_id, expected, actual)
        if not batch:
            return ()
        now = utc_now()
        recorded = tuple(
            RecordedEvent(stream_id, expected + 1 + i, item.type, item.payload, now)
            for i, item in enumerate(batch)
        )
        rows = [
            {
                "stream_id": stream_id,
                "seq": e.seq,
                "type": e.type,
                "payload": e.payload,
                "recorded_at": now,
            }
            for e in recorded
        ]
        try:
            self.session.execute(insert(Event), rows)
        except IntegrityError as exc:  # a writer that bypassed the lock got there first
            raise ConcurrencyError(stream_id, expected, expected + 1) from exc
        return recorded

    def read(
        self, stream_id: int, after: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        """The stream's events numbered above ``after``, in order."""
        query = (
            select(Event.seq, Event.type, Event.payload, Event.recorded_at)
            .where(Event.stream_id == stream_id, Event.seq > after)
            .order_by(Event.seq)
        )
        if limit is not None:
            query = query.limit(limit)
        result = [
            RecordedEvent(stream_id, seq, type_, payload, recorded_at)
            for seq, type_, payload, recorded_at in self.session.execute(query)
        ]
        if not result:
            self._require(stream_id)
        return result


# --------------------------------------------------------------------------- the store


class Store:
    """An opened database: engine, sessions, and the event log's operations."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._reader = sessionmaker(bind=engine, expire_on_commit=False)
        self._writer = sessionmaker(
            bind=engine.execution_options(**{_WRITE: True}), expire_on_commit=False
        )

    @property
    def url(self) -> URL:
        return self.engine.url

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.engine.dialect.name

    def session(self) -> Session:
        """A session for reading (derived rows, reports). Writes go through unit_of_work()."""
        return self._reader()

    @contextmanager
    def unit_of_work(self) -> Iterator[tuple[Session, EventLog]]:
        """One transaction: events appended with ``log`` and rows written with ``session``
        commit together when the block ends, or roll back together if it raises."""
        with self._writer() as session, session.begin():
            yield session, EventLog(session)

    @contextmanager
    def _reading(self) -> Iterator[EventLog]:
        with self._reader() as session, session.begin():
            yield EventLog(session)

    def create_stream(
        self, kind: str, name: str, config: dict[str, Any] | None = None
    ) -> StreamInfo:
        with self.unit_of_work() as (_, log):
            return log.create_stream(kind, name, config)

    def append(
        self, stream_id: int, expected: int, events: Sequence[NewEvent]
    ) -> tuple[RecordedEvent, ...]:
        with self.unit_of_work() as (_, log):
            return log.append(stream_id, expected, events)

    def read(self, stream_id: int, after: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        with self._reading() as log:
            return log.read(stream_id, after, limit)

    def head(self, stream_id: int) -> int:
        with self._reading() as log:
            return log.head(stream_id)

    def stream(self, stream_id: int) -> StreamInfo:
        with self._reading() as log:
            return log.stream(stream_id)

    def find_stream(self, kind: str, name: str) -> StreamInfo | None:
        with self._reading() as log:
            return log.find_stream(kind, name)

    def streams(self, kind: str | None = None) -> list[StreamInfo]:
        with self._reading() as log:
            return log.streams(kind)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


# --------------------------------------------------------------------------- opening


def default_path() -> Path:
    """``pokertd.db`` in the user's data directory (``$XDG_DATA_HOME/pokertd`` on Linux,
    ``~/.local/share/pokertd`` when that is unset)."""
    return Path(platformdirs.user_data_dir("pokertd", appauthor=False)) / "pokertd.db"


def default_url() -> str:
    """``$POKERTD_DB`` (a database URL, or a path to an SQLite file), else :func:`default_path`."""
    configured = os.environ.get("POKERTD_DB", "").strip()
    if configured:
        if "://" in configured:
            return configured
        return URL.create("sqlite", database=str(Path(configured).expanduser())).render_as_string()
    return URL.create("sqlite", database=str(default_path())).render_as_string()


def _sqlite_engine(url: URL) -> Engine:
    database = url.database or ""
    in_memory = database in ("", ":memory:")
    if in_memory:
        # One connection shared by everyone: an in-memory database lives in its connection.
        engine = create_engine(
            url,
            poolclass=StaticPool,
            connect_args={"check_same_thread": False},
            json_serializer=_json_dumps,
        )
    else:
        if not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S}, json_serializer=_json_dumps
        )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # SQLAlchemy, not the sqlite3 module, decides where transactions begin (see _on_begin).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if not in_memory:
            _enable_wal(cursor)
            # FULL: a commit is on disk when commit() returns, even across a power cut.
            cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        write = connection.get_execution_options().get(_WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _enable_wal(cursor: Any) -> None:
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


def _json_dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _postgresql_engine(url: URL) -> Engine:
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    return create_engine(url, json_serializer=_json_dumps, pool_pre_ping=True)


def create_store_engine(url: str | URL) -> Engine:
    """An engine set up for pokertd: SQLite with WAL, foreign keys and explicit transactions;
    PostgreSQL through psycopg 3. Other databases are refused."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return _sqlite_engine(parsed)
    if backend == "postgresql":
        return _postgresql_engine(parsed)
    raise ValueError(
        f"unsupported database {parsed.render_as_string(hide_password=True)!r}: "
        "use sqlite:///PATH or postgresql+psycopg://USER@HOST/DATABASE"
    )


def alembic_config() -> Config:
    """Alembic configuration for the migrations shipped in this package (no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade_schema(engine: Engine, revision: str = "head") -> None:
    """Bring the database schema to ``revision`` in one transaction, one process at a time."""
    config = alembic_config()
    with engine.execution_options(**{_WRITE: True}).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def open_store(url: str | URL | None = None, *, upgrade: bool = True) -> Store:
    """Open the database at ``url`` (default: :func:`default_url`) and upgrade its schema."""
    engine = create_store_engine(default_url() if url is None else url)
    try:
        if upgrade:
            upgrade_schema(engine)
    except BaseException:
        engine.dispose()
        raise
    return Store(engine)
