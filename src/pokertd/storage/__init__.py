"""Storage: the append-only event log in SQLite or PostgreSQL (DESIGN: "State changes are events").

Each aggregate (a tournament, later a league season) is an event stream. Events are appended,
never changed, in transactions that also carry the rows derived from them::

    from pokertd.storage import NewEvent, open_store

    store = open_store()        # $POKERTD_DB, else ~/.local/share/pokertd/pokertd.db
    t = store.create_stream("tournament", "Friday 27", {"preset": "gananda"})
    with store.unit_of_work() as (session, log):
        log.append(t.id, expected=0, events=[NewEvent("registered", {"player": "Ann"})])
        session.add(...)        # derived rows: committed with the events or not at all
    for e in store.read(t.id):
        print(e.seq, e.type, e.payload)

The schema is migrated by Alembic (``migrations/``) to the newest revision on every open.
"""

from .models import Base, Event, Stream, UTCDateTime
from .store import (
    ConcurrencyError,
    EventLog,
    InvalidEvent,
    NewEvent,
    RecordedEvent,
    StorageError,
    Store,
    StreamExists,
    StreamInfo,
    UnknownStream,
    alembic_config,
    create_store_engine,
    default_path,
    default_url,
    open_store,
    upgrade_schema,
)
from .users import User, UserError, UserStore  # the web console's users (migration 0002)

__all__ = [
    "Base",
    "ConcurrencyError",
    "Event",
    "EventLog",
    "InvalidEvent",
    "NewEvent",
    "RecordedEvent",
    "StorageError",
    "Store",
    "Stream",
    "StreamExists",
    "StreamInfo",
    "UTCDateTime",
    "UnknownStream",
    "User",
    "UserError",
    "UserStore",
    "alembic_config",
    "create_store_engine",
    "default_path",
    "default_url",
    "open_store",
    "upgrade_schema",
]
