"""``--db`` through the command line (issue 14, item 6): a read command never creates a
database; every problem opening one is a single ``Error:`` line naming it and what would be
right, exit status 2, no traceback, nothing created."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

READS = [
    ["tournament", "status", "Friday"],
    ["tournament", "moves", "Friday"],
    ["tournament", "payouts", "Friday"],
    ["league", "standings"],
    ["league", "seasons"],
    ["league", "toc"],
    ["league", "members"],
]
# Commands that record into a tournament or season that must already be there.
RECORDS = [
    ["tournament", "register", "Friday", "Ann"],
    ["tournament", "start", "Friday"],
    ["league", "add", "Friday", "--season", "2026"],
]
CREATES = [["tournament", "new", "Friday"]]


def _run(args: list[str], db: str | None = None, env: dict | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, [*args, *(["--db", db] if db is not None else [])], env=env)


def _refused(result, *phrases: str) -> str:  # type: ignore[no-untyped-def]
    """The one line of a refusal (exit 2, nothing on stdout, no traceback)."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr, result.exception)
    assert isinstance(result.exception, SystemExit)
    message = result.stderr
    assert message.startswith("Error: ") and message.count("\n") == 1, message
    assert "Traceback" not in message and result.stdout == ""
    for phrase in phrases:
        assert phrase in message, (phrase, message)
    return message


@pytest.mark.parametrize("args", READS + RECORDS, ids=" ".join)
def test_a_command_on_a_missing_database_creates_nothing(args: list[str], tmp_path: Path) -> None:
    path = tmp_path / "mistyped" / "td.db"
    _refused(_run(args, str(path)), f"Error: no database at {path} (no such file; check the path")
    _refused(_run(args, f"sqlite:///{path}"), f"no database at {path}")
    _refused(_run(args, env={"POKERTD_DB": str(path)}), f"no database at {path}")
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_is_not_created_by_a_read(tmp_path: Path) -> None:
    env = {"POKERTD_DB": None, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    _refused(_run(["tournament", "status", "Friday"], env=env),
             f"no database at {tmp_path / 'xdg' / 'pokertd' / 'pokertd.db'}")
    assert list(tmp_path.iterdir()) == []
    done = _run(["tournament", "new", "Friday"], env=env)  # a creating command creates it
    assert done.exit_code == 0, done.stderr
    assert (tmp_path / "xdg" / "pokertd" / "pokertd.db").is_file()
    assert _run(["tournament", "status", "Friday"], env=env).exit_code == 0


# Every command that may create a database, with its --db in a directory that does not exist.
CREATING = [
    ["tournament", "new", "Friday"],
    ["league", "import", "{csv}"],
    ["serve", "--port", "8123"],
    ["users", "add", "ann", "--role", "director", "--password-stdin"],
    ["restore", "{backup}"],
]


@pytest.mark.parametrize("args", CREATING, ids=lambda a: " ".join(a[:2]))
def test_a_creating_command_refuses_a_missing_directory_and_creates_nothing(
        args: list[str], tmp_path: Path) -> None:
    """Issue 22: ``--db`` in a directory that does not exist is refused (exit 2) with the
    directory's name; no directory, no database is made."""
    from pokertd.storage import open_store
    from pokertd.storage.backup import backup

    given = tmp_path / "given"
    given.mkdir()
    csv = given / "2014.csv"
    csv.write_text("event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
                   "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Ann\n")
    with open_store(str(given / "full.db")) as full:
        backup(full, given / "full.backup")
    args = [a.format(csv=csv, backup=given / "full.backup") for a in args]
    before = _files(tmp_path)
    path = tmp_path / "mistyped" / "td.db"
    result = CliRunner().invoke(app, [*args, "--db", str(path)],
                                input="a long enough password\n")
    _refused(result, f"the directory {path.parent} does not exist",
             f"mkdir -p {path.parent}")
    assert _files(tmp_path) == before


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_tournament_new_and_league_import_create_the_database(tmp_path: Path) -> None:
    (tmp_path / "new").mkdir()
    (tmp_path / "league").mkdir()
    db = tmp_path / "new" / "td.db"
    assert _run(["tournament", "new", "Friday"], str(db)).exit_code == 0
    assert _run(["tournament", "register", "Friday", "Ann", "Bob"], str(db)).exit_code == 0
    assert "2 entrants" in _run(["tournament", "status", "Friday"], str(db)).stdout
    csv = tmp_path / "2014.csv"
    csv.write_text("event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
                   "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Ann\n")
    league_db = tmp_path / "league" / "l.db"
    done = _run(["league", "import", str(csv)], str(league_db))
    assert done.exit_code == 0, done.stderr
    assert "Ann" in _run(["league", "standings"], str(league_db)).stdout


def _problems(tmp_path: Path) -> list[tuple[str, str, list[str]]]:
    (tmp_path / "adir").mkdir()
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    with sqlite3.connect(tmp_path / "photos.db") as connection:
        connection.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY)")
    connection.close()
    return [
        ("a directory", str(tmp_path / "adir"),
         [f"{tmp_path / 'adir'} is a directory, not a database file; give the path of a file, "
          f"such as {tmp_path / 'adir' / 'pokertd.db'}"]),
        ("a file as a directory", str(tmp_path / "notes.txt" / "td.db"),
         ["notes.txt is a file, not a directory"]),
        ("not SQLite", str(tmp_path / "notes.txt"),
         [f"{tmp_path / 'notes.txt'} is not an SQLite database; give the path of a pokertd database"]),
        ("another program's", str(tmp_path / "photos.db"),
         ["is another program's SQLite database (tables albums), not a pokertd database"]),
        ("no PostgreSQL socket", f"postgresql+psycopg://td@/pokertd?host={tmp_path / 'nowhere'}",
         ["cannot reach the PostgreSQL database", "No such file or directory",
          "check that the server is running"]),
        ("PostgreSQL refusing", "postgresql://td:secret@127.0.0.1:1/pokertd",
         ["cannot reach the PostgreSQL database postgresql+psycopg://td:***@127.0.0.1:1/pokertd",
          "Connection refused"]),
        ("another database", "mysql://td@db.example/pokertd",
         ["unsupported database 'mysql://td@db.example/pokertd': use sqlite:///PATH or "
          "postgresql+psycopg://USER@HOST/DATABASE"]),
        ("postgres://", "postgres://td@db.example/pokertd", ["(PostgreSQL is postgresql://)"]),
    ]


@pytest.mark.parametrize("args", [READS[0], READS[3], RECORDS[0], CREATES[0]], ids=" ".join)
def test_every_store_problem_is_one_line_and_exit_2(args: list[str], tmp_path: Path) -> None:
    problems = _problems(tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    for what, db, phrases in problems:
        message = _refused(_run(args, db), *phrases)
        assert "secret" not in message, what
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before  # nothing created or changed


def test_a_location_that_cannot_be_written_through_the_cli() -> None:
    _refused(_run(["tournament", "new", "Friday"], "/proc/pokertd.db"),
             "Error: cannot create the database /proc/pokertd.db: ",
             "give a path in a directory you can write to")
    _refused(_run(["tournament", "status", "Friday"], "/proc/pokertd.db"),
             "no database at /proc/pokertd.db")


PROBE = """
import json, sys
from pokertd.cli import app
code = 0
try:
    app(sys.argv[1:], prog_name="pokertd")
except SystemExit as exc:
    code = exc.code
sys.__stdout__.write("\\nRESULT " + json.dumps(
    [code, sorted({m.split(".")[0] for m in sys.modules} & {"sqlalchemy", "alembic"})]) + "\\n")
"""


def _database_libraries(*args: str) -> tuple[int, list[str]]:
    """Exit status of ``pokertd ARGS`` in a new process, and which of SQLAlchemy and Alembic
    it imported."""
    import json
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          timeout=120)
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")]
    assert line, (proc.stdout, proc.stderr)
    code, libraries = json.loads(line[-1][len("RESULT "):])
    return code, libraries


def test_commands_on_an_sqlite_database_import_no_sqlalchemy(tmp_path: Path) -> None:
    """Issue 8: an SQLite file at the newest schema is read and written through sqlite3."""
    db = str(tmp_path / "td.db")
    assert _run(["tournament", "new", "Friday"], db).exit_code == 0
    csv = tmp_path / "2014.csv"
    csv.write_text("event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
                   "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Ann\n")
    assert _run(["league", "import", str(csv), "--season", "2014"], db).exit_code == 0
    for args in (["tournament", "register", "Friday", "Ann", "Bob", "Cid"],
                 ["tournament", "start", "Friday"],
                 ["tournament", "status", "Friday"],
                 ["tournament", "moves", "Friday"],
                 ["tournament", "bust", "Friday", "Cid", "--by", "Ann"],
                 ["league", "standings"]):
        assert _database_libraries(*args, "--db", db) == (0, []), args
