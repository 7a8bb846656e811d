"""Opening a store: where the database is, which backend serves it, and what may be created.

:func:`open_store` serves an SQLite file whose schema is at the newest revision with the
``sqlite3`` backend, importing neither SQLAlchemy nor Alembic; a new or older file is created or
migrated through SQLAlchemy and Alembic first, and then served the same way. PostgreSQL (and an
in-memory or ``file:`` URI SQLite database) goes through SQLAlchemy.

``create=True`` creates the file, never a directory the user named: a path (``--db``,
``$POKERTD_DB``) in a directory that does not exist is refused with the directory's name (a
mistyped path would otherwise leave a tree of new directories behind); only the default
location (:func:`default_path`) is created with its directories.
``create=False`` is for the commands that only read (and record the clock's events): a missing
file or a database without pokertd's tables is :class:`NoDatabase`, and nothing is created.
Every problem of opening is a :class:`StoreUnavailable` saying what is wrong and what would be
right: a directory, a location that cannot be written, a file that is not an SQLite database,
another program's database, a PostgreSQL server that cannot be reached, a URL of another kind.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from .base import (
    SUPPORTED,
    HEAD_REVISION,
    NoDatabase,
    Store,
    StoreUnavailable,
    UnsupportedDatabase,
)
from .sqlite import SQLITE_BUSY_TIMEOUT_S, SQLiteStore, configure_connection, file_uri

_SQLITE_SCHEMES = ("sqlite", "sqlite+pysqlite")
_POSTGRESQL_SCHEMES = ("postgresql", "postgresql+psycopg")

_CREATES = "a command that records something, such as tournament new or league import, creates it"


def default_path() -> Path:
    """``pokertd.db`` in the user's data directory (``$XDG_DATA_HOME/pokertd`` on Linux,
    ``~/.local/share/pokertd`` when that is unset)."""
    if sys.platform.startswith("linux"):
        # What platformdirs answers on Linux, without the cost of importing it.
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = xdg if os.path.isabs(xdg) else os.path.expanduser("~/.local/share")
        return Path(base) / "pokertd" / "pokertd.db"
    import platformdirs

    return Path(platformdirs.user_data_dir("pokertd", appauthor=False)) / "pokertd.db"


def sqlite_url(path: str | Path) -> str:
    """The URL of the SQLite file ``path`` (as SQLAlchemy renders it)."""
    return "sqlite:///" + quote(str(path), safe=" +/")


def default_url() -> str:
    """``$POKERTD_DB`` (a database URL, or a path to an SQLite file), else :func:`default_path`."""
    configured = os.environ.get("POKERTD_DB", "").strip()
    if configured:
        if "://" in configured:
            return configured
        return sqlite_url(Path(configured).expanduser())
    return sqlite_url(default_path())


def sqlite_file(url: str) -> str | None:
    """The path of the SQLite file a URL names; None for any other URL (another backend, an
    in-memory database, a ``file:`` URI or query options: those are SQLAlchemy's to read)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in _SQLITE_SCHEMES or not rest.startswith("/") or "?" in rest:
        return None
    database = unquote(rest[1:])  # as SQLAlchemy reads a URL's database
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return database


def hide_password(url: str) -> str:
    """The URL with its password, if any, shown as ``***``."""
    scheme, sep, rest = url.partition("://")
    authority, slash, path = rest.partition("/")
    user, at, host = authority.rpartition("@")
    if not at or ":" not in user:
        return url
    return f"{scheme}{sep}{user.split(':', 1)[0]}:***@{host}{slash}{path}"


def _check_scheme(url: str) -> None:
    scheme = url.partition("://")[0]
    if scheme not in _SQLITE_SCHEMES + _POSTGRESQL_SCHEMES:
        hint = " (PostgreSQL is postgresql://)" if scheme.split("+")[0] == "postgres" else ""
        raise UnsupportedDatabase(f"unsupported database {hide_password(url)!r}{hint}: {SUPPORTED}")


def open_store(url: Any = None, *, create: bool = True, upgrade: bool = True) -> Store:
    """Open the database at ``url`` (a URL, a SQLAlchemy URL, or the path of an SQLite file;
    default :func:`default_url`), bringing its schema to the newest revision (``upgrade``).

    ``create=True``: a missing SQLite file or an empty database is created; the directories on
    the way only for the default location (``url`` None and no ``$POKERTD_DB``): a named
    file's directory must exist.
    ``create=False``: nothing is created; a missing one is :class:`NoDatabase`.
    Any other problem opening it: :class:`StoreUnavailable` (:class:`UnsupportedDatabase` for
    a URL of another kind)."""
    make_dirs = url is None and not os.environ.get("POKERTD_DB", "").strip()
    if url is None:
        url = default_url()
    elif not isinstance(url, str):  # a SQLAlchemy URL: keep the password, it opens the database
        url = url.render_as_string(hide_password=False)
    elif "://" not in url:  # a path: an SQLite file, as in $POKERTD_DB and --db
        if not url.strip():
            raise UnsupportedDatabase(f"an empty database path: {SUPPORTED}")
        url = sqlite_url(Path(url).expanduser())
    path = sqlite_file(url)
    if path is not None:
        return _open_sqlite_file(path, url, create=create, upgrade=upgrade,
                                 make_dirs=make_dirs)
    _check_scheme(url)
    from .store import open_sqlalchemy_store

    return open_sqlalchemy_store(url, create=create, upgrade=upgrade)


def _cannot_create(path: Path, exc: OSError) -> StoreUnavailable:
    reason = exc.strerror or str(exc)
    at = f" ({exc.filename})" if exc.filename and str(exc.filename) != str(path) else ""
    return StoreUnavailable(
        f"cannot create the database {path}: {reason}{at}; give a path in a directory you can "
        "write to"
    )


def _not_sqlite(path: Path, exc: sqlite3.DatabaseError) -> StoreUnavailable:
    if "not a database" in str(exc):
        return StoreUnavailable(
            f"{path} is not an SQLite database; give the path of a pokertd database, or of a "
            "new file to create one"
        )
    return StoreUnavailable(
        f"cannot open the SQLite database {path}: {exc} (SQLite needs to read and write the "
        "file and to create its -wal and -shm files beside it)"
    )


def _file_in_the_way(path: Path) -> Path | None:
    """The nearest ancestor of ``path`` that exists and is not a directory, if any."""
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else parent
    return None


def _create_file(path: Path, make_dirs: bool) -> bool:
    """Create the empty file (an empty SQLite database), and its directories if ``make_dirs``
    (else a missing directory is refused); False if another process created it first."""
    blocker = _file_in_the_way(path)
    if blocker is not None:
        raise StoreUnavailable(
            f"cannot create the database {path}: {blocker} is a file, not a directory; give a "
            "path in a directory"
        )
    if not make_dirs and not path.parent.is_dir():
        raise StoreUnavailable(
            f"cannot create the database {path}: the directory {path.parent} does not exist; "
            f"create it first (mkdir -p {path.parent}) or give a path in an existing directory"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _cannot_create(path, exc) from None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    except OSError as exc:
        raise _cannot_create(path, exc) from None
    os.close(fd)
    return True


def _remove(path: Path) -> None:
    for leftover in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))):
        try:
            leftover.unlink()
        except FileNotFoundError:
            pass


def _open_sqlite_file(database: str, url: str, *, create: bool, upgrade: bool,
                      make_dirs: bool = False) -> Store:
    path = Path(database).expanduser()
    if str(path) != database:
        url = sqlite_url(path)
    try:
        is_dir, exists = path.is_dir(), path.exists()
    except OSError as exc:  # a directory on the way that may not be searched, ...
        raise StoreUnavailable(f"cannot open the database {path}: {exc.strerror or exc}") from None
    if is_dir:
        raise StoreUnavailable(
            f"{path} is a directory, not a database file; give the path of a file, such as "
            f"{path / 'pokertd.db'}"
        )
    created = False
    if not exists:
        if not create:
            blocker = _file_in_the_way(path)
            why = "no such file" if blocker is None else f"{blocker} is a file, not a directory"
            raise NoDatabase(f"no database at {path} ({why}; check the path: {_CREATES})")
        created = _create_file(path, make_dirs)
    try:
        store = _probe(path, url, create=create, upgrade=upgrade)
    except BaseException:
        if created:  # nothing left behind of a database that could not be made
            _remove(path)
        raise
    return store


def _probe(path: Path, url: str, *, create: bool, upgrade: bool) -> Store:
    """Read the file's schema revision without changing the file, then open it: at once if
    the revision is the newest, after Alembic's migrations otherwise."""
    try:
        connection = sqlite3.connect(
            file_uri(str(path)), uri=True, timeout=SQLITE_BUSY_TIMEOUT_S, check_same_thread=False
        )
    except sqlite3.DatabaseError as exc:
        raise _not_sqlite(path, exc) from None
    try:
        connection.isolation_level = None
        tables = [name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        revision = None
        if "alembic_version" in tables:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = None if row is None else str(row[0])
        if revision == HEAD_REVISION:
            configure_connection(connection)
    except sqlite3.DatabaseError as exc:
        connection.close()
        raise _not_sqlite(path, exc) from None
    if revision == HEAD_REVISION:
        return SQLiteStore(str(path), url, connection=connection)
    connection.close()
    if "alembic_version" not in tables and tables:
        shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
        raise StoreUnavailable(
            f"{path} is another program's SQLite database (tables {shown}), not a pokertd "
            "database; give the path of a pokertd database, or of a new file to create one"
        )
    if revision is None and not create:
        raise NoDatabase(f"no database at {path} (the file holds no pokertd tables: {_CREATES})")
    store = SQLiteStore(str(path), url)
    if upgrade:
        from .store import open_sqlalchemy_store

        store.adopt_engine(open_sqlalchemy_store(url, create=True, upgrade=True).engine)
    return store
