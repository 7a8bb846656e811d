"""Keeping results safe (issue 13): ``pokertd backup`` / ``pokertd restore`` of the whole
store, SQLite and PostgreSQL, into the same kind and into the other, checked by comparing every
stream's events; and an Alembic upgrade from a database made by the first schema (0001) keeping
every event."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.storage import NewEvent, open_store
from pokertd.storage.backup import BackupError, backup, restore, stream_events

runner = CliRunner()


def fill(url: str) -> dict:
    """A store with a live tournament, a league stream and a console user, through the CLI."""
    for args in (["tournament", "new", "Friday", "--preset", "gananda", "--seed", "3"],
                 ["tournament", "register", "Friday", "Ann", "Bob", "Cy", "Dee", "Eve"],
                 ["tournament", "start", "Friday"],
                 ["tournament", "bust", "Friday", "Eve", "--by", "Ann"]):
        result = runner.invoke(app, [*args, "--db", url])
        assert result.exit_code == 0, (args, result.output)
    store = open_store(url)
    try:
        s = store.create_stream("league", "Gananda 2026", {"points": "gananda", "ünï": "cödé"})
        store.append(s.id, 0, [NewEvent("imported", {"rows": [1, 2.5, None, "x"], "n": {"a": []}}),
                               NewEvent("note", {"text": "a \"quoted\"\nline"})])
        from pokertd.storage import UserStore
        UserStore(store).add("ann", "director", "correct horse battery")
        return stream_events(store)
    finally:
        store.close()


def other_url(kind: str, tmp_path: Path, postgres_server) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'restored.db'}"
    return postgres_server.create_database()


@pytest.mark.parametrize("into", ["sqlite", "postgresql"])
def test_backup_and_restore_keep_every_event_also_into_the_other_kind(store_url, into, tmp_path,
                                                                      request):
    before = fill(store_url)
    file = tmp_path / "backup.jsonl"
    result = runner.invoke(app, ["backup", str(file), "--db", store_url])
    assert result.exit_code == 0, result.output
    assert "2 streams" in result.output and "1 users" in result.output
    target = other_url(into, tmp_path, request.getfixturevalue("postgres_server")
                       if into == "postgresql" else None)
    result = runner.invoke(app, ["restore", str(file), "--db", target])
    assert result.exit_code == 0, result.output
    assert "every stream's events match" in result.output
    store = open_store(target)
    try:
        assert stream_events(store) == before
        from pokertd.storage import UserStore
        assert UserStore(store).authenticate("ann", "correct horse battery") is not None
        # The restored store goes on: a new stream does not collide with a restored id.
        s = store.create_stream("league", "next", {})
        assert s.id not in {i.id for i in store.streams() if i.name != "next"}
    finally:
        store.close()
    # The restored tournament replays and takes commands.
    result = runner.invoke(app, ["tournament", "bust", "Friday", "Dee", "--by", "Bob",
                                 "--db", target])
    assert result.exit_code == 0, result.output


def test_restore_refuses_a_store_that_is_not_empty_and_writes_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'a.db'}"
    before = fill(url)
    file = tmp_path / "b.jsonl"
    store = open_store(url)
    try:
        backup(store, file)
        with pytest.raises(BackupError, match="already holds 2 streams .* restore into a new"):
            restore(store, file)
        assert stream_events(store) == before
    finally:
        store.close()


def test_a_damaged_or_cut_backup_is_refused_before_a_database_is_made(tmp_path):
    url = f"sqlite:///{tmp_path / 'a.db'}"
    fill(url)
    file = tmp_path / "b.jsonl"
    assert runner.invoke(app, ["backup", str(file), "--db", url]).exit_code == 0
    lines = file.read_text().splitlines(keepends=True)
    cases = {
        "cut.jsonl": "".join(lines[:-2]),
        "changed.jsonl": "".join(lines).replace('"Bob"', '"Rob"'),
        "junk.jsonl": "".join(lines[:2]) + "{nope\n" + "".join(lines[2:]),
        "empty.jsonl": "",
    }
    reasons = {"cut.jsonl": "cut short", "changed.jsonl": "changed or damaged",
               "junk.jsonl": "line 3 is not JSON", "empty.jsonl": "empty"}
    for name, content in cases.items():
        (tmp_path / name).write_text(content)
        target = tmp_path / f"{name}.db"
        result = runner.invoke(app, ["restore", str(tmp_path / name), "--db", str(target)])
        assert result.exit_code == 2, (name, result.output)
        assert result.output.startswith("Error: ") and reasons[name] in result.output, result.output
        assert not target.exists()


def test_backup_of_a_missing_store_is_refused(tmp_path):
    result = runner.invoke(app, ["backup", str(tmp_path / "x.jsonl"),
                                 "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 2 and result.output.startswith("Error: ")
    assert not (tmp_path / "x.jsonl").exists()


def test_an_upgrade_from_the_first_schema_keeps_every_event(store_url):
    """A database made by migration 0001 (streams and events only), filled through its own
    tables, then opened by this pokertd: Alembic upgrades it to the head and every event
    is still there, unchanged, and appends go on."""
    from pokertd.storage import upgrade_schema

    engine = create_engine(store_url)
    upgrade_schema(engine, "0001")
    when = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)
    events = []
    with engine.begin() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0001"
        for sid in (1, 2):
            connection.execute(text(
                "INSERT INTO streams (id, kind, name, created_at, config) "
                "VALUES (:id, 'tournament', :name, :at, :config)"),
                {"id": sid, "name": f"old {sid}", "at": when, "config": json.dumps({"seed": sid})})
            for seq in range(1, 41):
                payload = {"n": seq, "who": f"p{seq % 7}", "chips": [seq * 100, None]}
                events.append((f"old {sid}", seq, "registered", payload))
                connection.execute(text(
                    "INSERT INTO events (stream_id, seq, type, payload, recorded_at) "
                    "VALUES (:sid, :seq, 'registered', :payload, :at)"),
                    {"sid": sid, "seq": seq, "payload": json.dumps(payload), "at": when})
    engine.dispose()
    store = open_store(store_url)                 # migrates to the head revision
    try:
        with store.engine.connect() as connection:
            from pokertd.storage import HEAD_REVISION
            assert connection.execute(
                text("SELECT version_num FROM alembic_version")).scalar_one() == HEAD_REVISION
        got = [(info.name, e.seq, e.type, e.payload)
               for info in store.streams() for e in store.read(info.id)]
        assert got == events
        assert all(e.recorded_at == when for e in store.read(1))
        store.append(1, 40, [NewEvent("registered", {"n": 41})])
        assert store.head(1) == 41
    finally:
        store.close()
