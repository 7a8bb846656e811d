"""Opening a store (issue 14, item 6): a read never creates anything, and every problem of
opening is one typed error that names it and what would be right; nothing is created or changed.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from pathlib import Path

import pytest

from pokertd.storage import (
    DatabaseFailure,
    NewEvent,
    NoDatabase,
    SQLiteStore,
    StorageError,
    StoreUnavailable,
    UnsupportedDatabase,
    open_store,
)

READ, CREATE = {"create": False}, {"create": True}


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


# ------------------------------------------------------------------------- SQLite files


def test_a_read_of_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mistyped" / "dir" / "td.db"
    with pytest.raises(NoDatabase, match=f"no database at {path} \\(no such file; check the path"):
        open_store(f"sqlite:///{path}", create=False)
    assert _files(tmp_path) == []


def test_a_missing_file_is_created_in_its_directory(tmp_path: Path) -> None:
    path = tmp_path / "td.db"
    with open_store(str(path), create=True) as store:  # a plain path is an SQLite file
        assert isinstance(store, SQLiteStore) and store.url == f"sqlite:///{path}"
        store.create_stream("tournament", "T")
    with open_store(f"sqlite:///{path}", create=False) as store:
        assert [s.name for s in store.streams()] == ["T"]


@pytest.mark.parametrize("url", ["{}", "sqlite:///{}"])
def test_a_named_file_in_a_missing_directory_is_refused_and_nothing_created(
        tmp_path: Path, url: str) -> None:
    """Issue 22: a mistyped --db directory is named, not created (a tree of new directories
    and a database nobody looks for)."""
    path = tmp_path / "mistyped" / "dir" / "td.db"
    with pytest.raises(StoreUnavailable, match=re.escape(
            f"cannot create the database {path}: the directory {path.parent} does not exist; "
            f"create it first (mkdir -p {path.parent})")):
        open_store(url.format(path), create=True)
    assert _files(tmp_path) == []


@pytest.mark.parametrize("options", [READ, CREATE])
def test_a_directory_is_refused(tmp_path: Path, options: dict) -> None:
    with pytest.raises(StoreUnavailable, match=f"{tmp_path} is a directory, not a database file; "
                                               f"give the path of a file, such as {tmp_path}/pokertd.db"):
        open_store(str(tmp_path), **options)
    assert _files(tmp_path) == []


def test_a_file_where_a_directory_should_be(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    path = tmp_path / "notes.txt" / "td.db"
    with pytest.raises(NoDatabase, match="notes.txt is a file, not a directory"):
        open_store(str(path), create=False)
    with pytest.raises(StoreUnavailable, match="cannot create the database .*notes.txt is a file"):
        open_store(str(path), create=True)
    assert _files(tmp_path) == ["notes.txt"]


def test_a_location_that_cannot_be_written() -> None:
    """/proc takes no new files, whoever asks (root included)."""
    with pytest.raises(StoreUnavailable, match="cannot create the database /proc/pokertd.db: .*"
                                               "give a path in a directory you can write to"):
        open_store("/proc/pokertd.db", create=True)
    assert not Path("/proc/pokertd.db").exists()


@pytest.mark.parametrize("options", [READ, CREATE])
def test_a_file_that_is_not_an_sqlite_database(tmp_path: Path, options: dict) -> None:
    path = tmp_path / "results.csv"
    path.write_text("name,place\nAnn,1\n" * 200)
    before = path.read_bytes()
    with pytest.raises(StoreUnavailable, match=f"{path} is not an SQLite database; give the path "
                                               "of a pokertd database, or of a new file"):
        open_store(str(path), **options)
    assert path.read_bytes() == before and _files(tmp_path) == ["results.csv"]


@pytest.mark.parametrize("options", [READ, CREATE])
def test_another_programs_sqlite_database_is_left_alone(tmp_path: Path, options: dict) -> None:
    path = tmp_path / "photos.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(StoreUnavailable, match="photos.db is another program's SQLite database "
                                               r"\(tables albums\), not a pokertd database"):
        open_store(str(path), **options)
    assert path.read_bytes() == before  # not switched to WAL, no tables added
    assert _files(tmp_path) == ["photos.db"]


def test_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "td.db"
    path.touch()
    with pytest.raises(NoDatabase, match="holds no pokertd tables"):
        open_store(str(path), create=False)
    assert path.stat().st_size == 0
    with open_store(str(path), create=True) as store:  # an empty SQLite database: given the tables
        assert store.streams() == []


def test_a_schema_from_a_newer_pokertd(store_url: str) -> None:
    from sqlalchemy import text

    with open_store(store_url) as store, store.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'ffff'"))
    for options in (READ, CREATE):
        with pytest.raises(StoreUnavailable, match="has a schema this version of pokertd does not "
                                                   "know .*upgrade pokertd to open it"):
            open_store(store_url, **options)


def test_a_database_locked_too_long_is_a_database_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokertd.storage.sqlite as backend

    path = tmp_path / "td.db"
    with open_store(str(path)) as store:
        t = store.create_stream("tournament", "T")
    monkeypatch.setattr(backend, "SQLITE_BUSY_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        with open_store(str(path)) as store:
            with pytest.raises(DatabaseFailure, match=f"database {path}: database is locked"):
                store.append(t.id, 0, [NewEvent("e")])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with open_store(str(path)) as store:
        assert store.read(t.id) == []


def test_concurrent_creators_of_one_new_file(tmp_path: Path) -> None:
    path = tmp_path / "td.db"
    start, errors = threading.Barrier(4), []

    def opener() -> None:
        start.wait()
        try:
            open_store(str(path), create=True).close()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with open_store(str(path), create=False) as store:
        assert store.streams() == []


# ------------------------------------------------------------------------- PostgreSQL


def test_a_postgresql_database_without_pokertd_tables(postgres_server) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import create_engine, inspect

    url = postgres_server.create_database()
    with pytest.raises(NoDatabase, match="no pokertd database at postgresql.*has no pokertd tables"):
        open_store(url, create=False)
    engine = create_engine(url)
    try:
        assert inspect(engine).get_table_names() == []  # nothing created
    finally:
        engine.dispose()
    with open_store(url, create=True) as store:
        store.create_stream("tournament", "T")
    with open_store(url, create=False) as store:
        assert [s.name for s in store.streams()] == ["T"]


def test_a_postgresql_server_that_cannot_be_reached(tmp_path: Path, postgres_server) -> None:  # type: ignore[no-untyped-def]
    no_socket = f"postgresql+psycopg://postgres@/pokertd?host={tmp_path / 'nowhere'}"
    refusing = "postgresql://td:secret@127.0.0.1:1/pokertd"  # nothing listens on port 1
    missing = postgres_server.url("no_such_database")
    for url, reason in (
        (no_socket, "No such file or directory"),
        (refusing, "Connection refused"),
        (missing, 'database "no_such_database" does not exist'),
    ):
        for options in (READ, CREATE):
            with pytest.raises(StoreUnavailable) as refused:
                open_store(url, **options)
            message = str(refused.value)
            assert message.startswith("cannot reach the PostgreSQL database ") and reason in message
            assert "check that the server is running and the URL's host, port" in message
            assert "\n" not in message and "secret" not in message


# ------------------------------------------------------------------------- URLs


@pytest.mark.parametrize("url, message", [
    ("mysql://td:secret@db.example/pokertd", re.escape("unsupported database 'mysql://td:***@db.example/"
                                                       "pokertd': use sqlite:///PATH or postgresql")),
    ("postgres://td@db.example/pokertd", r"\(PostgreSQL is postgresql://\)"),
    ("postgresql+psycopg2://td@db.example/pokertd", "unsupported database"),
    ("  ", "an empty database path"),
])
def test_a_url_of_another_kind(url: str, message: str) -> None:
    for options in (READ, CREATE):
        with pytest.raises(UnsupportedDatabase, match=message) as refused:
            open_store(url, **options)
        assert isinstance(refused.value, ValueError) and isinstance(refused.value, StorageError)
