"""What every backend of the event store shares, with no database library imported.

The errors, the values (:class:`NewEvent`, :class:`RecordedEvent`, :class:`StreamInfo`), the
checks an event passes before it is stored, and the two interfaces: :class:`EventLog` (the
operations inside one transaction) and :class:`Store` (an opened database). The backends are
:mod:`pokertd.storage.sqlite` (the standard library's ``sqlite3``, for an SQLite file whose
schema is at the newest revision) and :mod:`pokertd.storage.store` (SQLAlchemy: PostgreSQL,
and creating or migrating any database). Both write the same rows, so each reads the other's.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import field
from datetime import datetime, timezone
from typing import Any

from pokertd.records import Record, record

# The newest Alembic revision (migrations/versions/). A database whose alembic_version holds
# it needs no migration, so the sqlite3 backend may open it without importing Alembic; a test
# checks that this is Alembic's head.
HEAD_REVISION = "0003"

# Longest names accepted; checked in Python so that SQLite (which ignores VARCHAR lengths)
# and PostgreSQL refuse the same input.
KIND_LENGTH = 50
NAME_LENGTH = 200
TYPE_LENGTH = 100

SUPPORTED = "use sqlite:///PATH or postgresql+psycopg://USER@HOST/DATABASE"


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


# --------------------------------------------------------------------------- errors


class StorageError(Exception):
    """Base class of the errors this package raises on purpose."""


class StoreUnavailable(StorageError):
    """The database cannot be opened as a pokertd store: the message names the problem and
    what would be right. Nothing was created or written."""


class NoDatabase(StoreUnavailable):
    """No pokertd database where the URL points, and the caller asked not to create one."""


class UnsupportedDatabase(StoreUnavailable, ValueError):
    """A URL that names no database pokertd can use (only SQLite and PostgreSQL)."""


class DatabaseFailure(StorageError):
    """The database refused an operation (read-only file, disk full, locked too long, ...)."""


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


@record
class NewEvent(Record):
    """An event to append: its type and a JSON object payload."""

    type: str
    payload: dict[str, Any] = field(default_factory=dict)


@record
class RecordedEvent(Record):
    """An event as stored: its stream, its number in the stream, and when it was recorded."""

    stream_id: int
    seq: int
    type: str
    payload: dict[str, Any]
    recorded_at: datetime


@record
class StreamInfo(Record):
    id: int
    kind: str
    name: str
    created_at: datetime
    config: dict[str, Any]


def check_json(value: Any, where: str) -> None:
    """Refuse what JSON would not give back unchanged (tuples, non-string keys, NaN, ...)."""
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidEvent(f"{where}: {value!r} is not a JSON number")
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            check_json(item, f"{where}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidEvent(f"{where}: key {key!r} is not a string (JSON keys are strings)")
            check_json(item, f"{where}[{key!r}]")
        return
    hint = " (use a list: JSON has no tuples)" if isinstance(value, tuple) else ""
    raise InvalidEvent(f"{where}: {type(value).__name__} {value!r} is not JSON{hint}")


def check_text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidEvent(f"{what} must be a non-empty string, not {value!r}")
    if len(value) > limit:
        raise InvalidEvent(f"{what} {value[:40]!r}... is longer than {limit} characters")
    return value


# --------------------------------------------------------------------------- the log


class EventLog(ABC):
    """Appends and reads events inside one transaction. The checks and the optimistic
    concurrency are here; a backend supplies the statements (the ``_`` methods)."""

    def create_stream(
        self, kind: str, name: str, config: dict[str, Any] | None = None
    ) -> StreamInfo:
        check_text(kind, "stream kind", KIND_LENGTH)
        check_text(name, "stream name", NAME_LENGTH)
        config = {} if config is None else config
        if not isinstance(config, dict):
            raise InvalidEvent(f"stream config must be a JSON object, not {config!r}")
        check_json(config, "stream config")
        if self.find_stream(kind, name) is not None:
            raise StreamExists(kind, name)
        return self._insert_stream(kind, name, config, utc_now())

    def stream(self, stream_id: int) -> StreamInfo:
        info = self._stream(stream_id)
        if info is None:
            raise UnknownStream(stream_id)
        return info

    @abstractmethod
    def find_stream(self, kind: str, name: str) -> StreamInfo | None: ...

    @abstractmethod
    def streams(self, kind: str | None = None) -> list[StreamInfo]: ...

    def head(self, stream_id: int) -> int:
        """The sequence number of the stream's last event (0 when it has none)."""
        self._require(stream_id)
        return self._head(stream_id)

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
            check_text(item.type, f"event {i} type", TYPE_LENGTH)
            if not isinstance(item.payload, dict):
                raise InvalidEvent(f"event {i} ({item.type}): payload must be a JSON object")
            check_json(item.payload, f"event {i} ({item.type}) payload")
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
        self._insert_events(stream_id, expected, recorded)
        return recorded

    def read(
        self, stream_id: int, after: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        """The stream's events numbered above ``after``, in order."""
        result = self._read(stream_id, after, limit)
        if not result:
            self._require(stream_id)
        return result

    # --- the backend's statements -------------------------------------------------------------

    @abstractmethod
    def _stream(self, stream_id: int) -> StreamInfo | None: ...

    @abstractmethod
    def _insert_stream(
        self, kind: str, name: str, config: dict[str, Any], created_at: datetime
    ) -> StreamInfo:
        """Insert the stream row; :class:`StreamExists` if another transaction took the name."""

    @abstractmethod
    def _require(self, stream_id: int, lock: bool = False) -> None:
        """:class:`UnknownStream` unless the stream exists; with ``lock``, appenders to the
        stream queue here until this transaction ends."""

    @abstractmethod
    def _head(self, stream_id: int) -> int: ...

    @abstractmethod
    def _insert_events(
        self, stream_id: int, expected: int, recorded: Sequence[RecordedEvent]
    ) -> None:
        """Insert the events; :class:`ConcurrencyError` if a writer got there first."""

    @abstractmethod
    def _read(self, stream_id: int, after: int, limit: int | None) -> list[RecordedEvent]: ...


# --------------------------------------------------------------------------- the store


class Store(ABC):
    """An opened database and the event log's operations, each in its own transaction.

    ``transaction()`` gives an :class:`EventLog` whose appends commit together when the block
    ends, or roll back together if it raises. ``unit_of_work()`` gives (SQLAlchemy session,
    log) in one transaction, for layers that write derived rows beside the events; ``engine``
    and ``session()`` are SQLAlchemy's, for those rows and for reports. On the sqlite3 backend
    these three import SQLAlchemy when first used; the rest never does.
    """

    @property
    @abstractmethod
    def url(self) -> str:
        """The database URL (with its password, if any: it opens the same database)."""

    @property
    @abstractmethod
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[EventLog]: ...

    @abstractmethod
    def _reading(self) -> AbstractContextManager[EventLog]: ...

    @abstractmethod
    def unit_of_work(self) -> AbstractContextManager[tuple[Any, EventLog]]: ...

    @property
    @abstractmethod
    def engine(self) -> Any: ...

    @abstractmethod
    def session(self) -> Any:
        """A SQLAlchemy session for reading (derived rows, reports)."""

    @abstractmethod
    def close(self) -> None: ...

    def create_stream(
        self, kind: str, name: str, config: dict[str, Any] | None = None
    ) -> StreamInfo:
        with self.transaction() as log:
            return log.create_stream(kind, name, config)

    def append(
        self, stream_id: int, expected: int, events: Sequence[NewEvent]
    ) -> tuple[RecordedEvent, ...]:
        with self.transaction() as log:
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

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

