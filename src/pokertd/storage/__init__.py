"""Storage: the append-only event log in SQLite or PostgreSQL (DESIGN: "State changes are events").

Each aggregate (a tournament, later a league season) is an event stream. Events are appended,
never changed, in transactions::

    from pokertd.storage import NewEvent, open_store

    store = open_store()        # $POKERTD_DB, else ~/.local/share/pokertd/pokertd.db
    t = store.create_stream("tournament", "Friday 27", {"preset": "gananda"})
    with store.transaction() as log:
        log.append(t.id, expected=0, events=[NewEvent("registered", {"player": "Ann"})])
    for e in store.read(t.id):
        print(e.seq, e.type, e.payload)

    store = open_store(url, create=False)   # a command that only reads: nothing is created

Layers that keep derived rows beside the events use ``store.unit_of_work()``, which gives a
SQLAlchemy session and the log in one transaction. The schema is migrated by Alembic
(``migrations/``) to the newest revision on open. Importing this package is cheap: an SQLite
file at the newest revision is served through ``sqlite3`` (:mod:`.sqlite`), and SQLAlchemy and
Alembic are imported only for PostgreSQL, for creating or migrating a database, and for the
names below that are theirs (models, engines, migrations).
"""

from __future__ import annotations

from typing import Any

from .base import (
    HEAD_REVISION,
    ConcurrencyError,
    DatabaseFailure,
    EventLog,
    InvalidEvent,
    NewEvent,
    NoDatabase,
    RecordedEvent,
    StorageError,
    Store,
    StoreUnavailable,
    StreamExists,
    StreamInfo,
    UnknownStream,
    UnsupportedDatabase,
)
from .opening import default_path, default_url, open_store, sqlite_url
from .sqlite import SQLiteLog, SQLiteStore

# Names that need SQLAlchemy: imported when first asked for (PEP 562).
_SQLALCHEMY_NAMES = {
    "Base": ".models",
    "Event": ".models",
    "Stream": ".models",
    "UTCDateTime": ".models",
    "SQLAlchemyLog": ".store",
    "SQLAlchemyStore": ".store",
    "alembic_config": ".store",
    "create_store_engine": ".store",
    "open_sqlalchemy_store": ".store",
    "upgrade_schema": ".store",
    # The web console's users (migration 0002).
    "User": ".users",
    "UserError": ".users",
    "UserStore": ".users",
    # Its sessions and failed logins (migration 0003).
    "LoginFailures": ".web_sessions",
    "WebSessions": ".web_sessions",
}


def __getattr__(name: str) -> Any:
    module = _SQLALCHEMY_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "HEAD_REVISION",
    "Base",
    "ConcurrencyError",
    "DatabaseFailure",
    "Event",
    "EventLog",
    "InvalidEvent",
    "NewEvent",
    "NoDatabase",
    "RecordedEvent",
    "SQLAlchemyLog",
    "SQLAlchemyStore",
    "SQLiteLog",
    "SQLiteStore",
    "StorageError",
    "Store",
    "StoreUnavailable",
    "Stream",
    "StreamExists",
    "StreamInfo",
    "UTCDateTime",
    "UnknownStream",
    "UnsupportedDatabase",
    "User",
    "UserError",
    "UserStore",
    "LoginFailures",
    "WebSessions",
    "alembic_config",
    "create_store_engine",
    "default_path",
    "default_url",
    "open_sqlalchemy_store",
    "open_store",
    "sqlite_url",
    "upgrade_schema",
]
