"""The event store through SQLAlchemy: PostgreSQL, and creating or migrating any database.

Imported only when needed (SQLAlchemy and Alembic take a good part of a second to import): an
SQLite file already at the newest schema revision is served by :mod:`pokertd.storage.sqlite`.
Every change is an event appended in the same transaction as its effects::

    store = open_store("postgresql+psycopg://td@db.example/pokertd")
    stream = store.create_stream("tournament", "Gananda 2026-11-29", {"preset": "gananda"})
    with store.unit_of_work() as (session, log):
        log.append(stream.id, expected=0, events=[NewEvent("registered", {"player": "Ann"})])
        session.add(SomeDerivedRow(...))      # committed with the events, or not at all
    events = store.read(stream.id)            # [RecordedEvent(seq=1, type="registered", ...)]

Appends are optimistic: the caller says which event it last saw (``expected``, 0 for an empty
stream); if the stream has moved on, :class:`ConcurrencyError` is raised and nothing is written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy import Engine, create_engine, event, func, insert, inspect, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from .base import (
    SUPPORTED,
    ConcurrencyError,
    DatabaseFailure,
    EventLog,
    NoDatabase,
    RecordedEvent,
    Store,
    StoreUnavailable,
    StreamExists,
    StreamInfo,
    UnknownStream,
    UnsupportedDatabase,
)
from .models import Event, Stream
from .sqlite import SQLITE_BUSY_TIMEOUT_S, configure_connection, json_dumps

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

# Execution option that makes a SQLite connection start its transaction with BEGIN IMMEDIATE
# (take the write lock first, so read-then-write cannot be overtaken by another writer).
WRITE = "pokertd_write"

# Key of the PostgreSQL advisory lock held while the schema is upgraded, so that two
# processes opening a fresh database at once do not both create the tables.
_MIGRATION_LOCK = 0x706F6B65  # "poke"

# Seconds to wait for a PostgreSQL server to answer before saying it cannot be reached.
POSTGRESQL_CONNECT_TIMEOUT_S = 10



def _stream_info(row: Stream) -> StreamInfo:
    return StreamInfo(row.id, row.kind, row.name, row.created_at, row.config)


# --------------------------------------------------------------------------- the log


class SQLAlchemyLog(EventLog):
    """The event log's statements in one SQLAlchemy session's transaction."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def find_stream(self, kind: str, name: str) -> StreamInfo | None:
        row = self.session.scalar(select(Stream).where(Stream.kind == kind, Stream.name == name))
        return None if row is None else _stream_info(row)

    def streams(self, kind: str | None = None) -> list[StreamInfo]:
        query = select(Stream).order_by(Stream.id)
        if kind is not None:
            query = query.where(Stream.kind == kind)
        return [_stream_info(row) for row in self.session.scalars(query)]

    def _stream(self, stream_id: int) -> StreamInfo | None:
        row = self.session.get(Stream, stream_id)
        return None if row is None else _stream_info(row)

    def _insert_stream(
        self, kind: str, name: str, config: dict[str, Any], created_at: datetime
    ) -> StreamInfo:
        row = Stream(kind=kind, name=name, config=config, created_at=created_at)
        self.session.add(row)
        try:
            self.session.flush()
        except IntegrityError as exc:  # another transaction took the name meanwhile
            raise StreamExists(kind, name) from exc
        return _stream_info(row)

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

    def _insert_events(
        self, stream_id: int, expected: int, recorded: Sequence[RecordedEvent]
    ) -> None:
        rows = [
            {
                "stream_id": stream_id,
                "seq": e.seq,
                "type": e.type,
                "payload": e.payload,
                "recorded_at": e.recorded_at,
            }
            for e in recorded
        ]
        try:
            self.session.execute(insert(Event), rows)
        except IntegrityError as exc:  # a writer that bypassed the lock got there first
            raise ConcurrencyError(stream_id, expected, expected + 1) from exc

    def _read(self, stream_id: int, after: int, limit: int | None) -> list[RecordedEvent]:
        query = (
            select(Event.seq, Event.type, Event.payload, Event.recorded_at)
            .where(Event.stream_id == stream_id, Event.seq > after)
            .order_by(Event.seq)
        )
        if limit is not None:
            query = query.limit(limit)
        return [
            RecordedEvent(stream_id, seq, type_, payload, recorded_at)
            for seq, type_, payload, recorded_at in self.session.execute(query)
        ]


# --------------------------------------------------------------------------- the store


class SQLAlchemyStore(Store):
    """An opened database through a SQLAlchemy engine, its sessions and the event log."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._reader = sessionmaker(bind=engine, expire_on_commit=False)
        self._writer = sessionmaker(
            bind=engine.execution_options(**{WRITE: True}), expire_on_commit=False
        )

    @property
    def engine(self) -> Engine:
        return self._engine

    @property
    def url(self) -> str:
        return self._engine.url.render_as_string(hide_password=False)

    @property
    def backend(self) -> str:
        return self._engine.dialect.name

    def session(self) -> Session:
        """A session for reading (derived rows, reports). Writes go through unit_of_work()."""
        return self._reader()

    @contextmanager
    def unit_of_work(self) -> Iterator[tuple[Session, SQLAlchemyLog]]:
        """One transaction: events appended with ``log`` and rows written with ``session``
        commit together when the block ends, or roll back together if it raises."""
        with self._failures():
            with self._writer() as session, session.begin():
                yield session, SQLAlchemyLog(session)

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """The database's refusals (server gone, read-only file, locked too long, ...) as
        :class:`DatabaseFailure`, one line."""
        try:
            yield
        except OperationalError as exc:
            raise DatabaseFailure(f"database {_where(self._engine)}: {_reason(exc)}") from exc

    @contextmanager
    def _log(self) -> Iterator[SQLAlchemyLog]:
        with self.unit_of_work() as (_, log):
            yield log

    def transaction(self) -> AbstractContextManager[SQLAlchemyLog]:
        return self._log()

    @contextmanager
    def _read_log(self) -> Iterator[SQLAlchemyLog]:
        with self._failures():
            with self._reader() as session, session.begin():
                yield SQLAlchemyLog(session)

    def _reading(self) -> AbstractContextManager[SQLAlchemyLog]:
        return self._read_log()

    def close(self) -> None:
        self._engine.dispose()


# --------------------------------------------------------------------------- engines


def _sqlite_engine(url: URL) -> Engine:
    database = url.database or ""
    in_memory = database in ("", ":memory:")
    if in_memory:
        # One connection shared by everyone: an in-memory database lives in its connection.
        engine = create_engine(
            url,
            poolclass=StaticPool,
            connect_args={"check_same_thread": False},
            json_serializer=json_dumps,
        )
    else:
        if not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S}, json_serializer=json_dumps
        )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # SQLAlchemy decides where transactions begin (see _on_begin); the settings are the
        # sqlite3 backend's.
        configure_connection(dbapi_connection, in_memory)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        write = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _postgresql_engine(url: URL) -> Engine:
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    connect_args = {}
    if "connect_timeout" not in url.query:
        connect_args["connect_timeout"] = POSTGRESQL_CONNECT_TIMEOUT_S
    return create_engine(
        url, json_serializer=json_dumps, pool_pre_ping=True, connect_args=connect_args
    )


def create_store_engine(url: str | URL) -> Engine:
    """An engine set up for pokertd: SQLite with WAL, foreign keys and explicit transactions;
    PostgreSQL through psycopg 3. Other databases are refused (:class:`UnsupportedDatabase`)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise UnsupportedDatabase(f"{str(url)!r} is not a database URL: {SUPPORTED}") from None
    if parsed.drivername in ("sqlite", "sqlite+pysqlite"):
        return _sqlite_engine(parsed)
    if parsed.drivername in ("postgresql", "postgresql+psycopg"):
        return _postgresql_engine(parsed)
    hint = " (PostgreSQL is postgresql://)" if parsed.get_backend_name() == "postgres" else ""
    raise UnsupportedDatabase(
        f"unsupported database {parsed.render_as_string(hide_password=True)!r}{hint}: {SUPPORTED}"
    )


# --------------------------------------------------------------------------- the schema


def alembic_config() -> Config:
    """Alembic configuration for the migrations shipped in this package (no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade_schema(engine: Engine, revision: str = "head") -> None:
    """Bring the database schema to ``revision`` in one transaction, one process at a time."""
    config = alembic_config()
    with engine.execution_options(**{WRITE: True}).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def _where(engine: Engine) -> str:
    url = engine.url
    if url.get_backend_name() == "sqlite":
        return str(url.database or "memory")
    return url.render_as_string(hide_password=True)


def _reason(exc: DBAPIError) -> str:
    """The driver's message on one line."""
    text_ = str(exc.orig) if exc.orig is not None else str(exc)
    return "; ".join(line.strip() for line in text_.splitlines() if line.strip())


def _unavailable(engine: Engine, exc: DBAPIError) -> StoreUnavailable:
    where, reason = _where(engine), _reason(exc)
    if engine.dialect.name == "postgresql":
        return StoreUnavailable(
            f"cannot reach the PostgreSQL database {where}: {reason} (check that the server is "
            "running and the URL's host, port, user, password and database name)"
        )
    return StoreUnavailable(f"cannot open the SQLite database {where}: {reason}")


def open_sqlalchemy_store(
    url: str | URL, *, create: bool = True, upgrade: bool = True
) -> SQLAlchemyStore:
    """Open the database at ``url`` through SQLAlchemy and upgrade its schema (``upgrade``).

    ``create=False``: a database without pokertd's tables is refused (:class:`NoDatabase`)
    instead of being given them. A database that cannot be reached, or whose schema this
    version of pokertd does not know, is :class:`StoreUnavailable`; nothing is written."""
    engine = create_store_engine(url)
    try:
        if not create:
            with engine.connect() as connection:
                present = inspect(connection).has_table("alembic_version")
            if not present:
                raise NoDatabase(
                    f"no pokertd database at {_where(engine)} (the database has no pokertd "
                    "tables; a command that records something, such as tournament new, "
                    "creates them)"
                )
        if upgrade:
            upgrade_schema(engine)
    except DBAPIError as exc:
        engine.dispose()
        raise _unavailable(engine, exc) from None
    except CommandError as exc:
        engine.dispose()
        raise StoreUnavailable(
            f"the database {_where(engine)} has a schema this version of pokertd does not know "
            f"({exc}); it was made by a newer pokertd: upgrade pokertd to open it"
        ) from None
    except BaseException:
        engine.dispose()
        raise
    return SQLAlchemyStore(engine)
