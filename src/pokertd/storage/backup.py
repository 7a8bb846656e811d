"""Backup and restore of a whole store (``pokertd backup FILE``, ``pokertd restore FILE``).

A backup is a JSON-lines file, the same whichever backend wrote it, so a store backed up from
SQLite restores into PostgreSQL and the other way round::

    {"format": "pokertd-backup", "version": 1, "schema": "0002"}
    {"stream": {"id", "kind", "name", "created_at", "config"}}      one line per stream
    {"event": {"stream_id", "seq", "type", "payload", "recorded_at"}}   per event, in order
    {"user": {"id", "name", "role", "password_hash", "created_at"}}   per console user
    {"end": {"streams": N, "events": N, "users": N}, "sha256": "..."}

The last line counts the rows and carries the SHA-256 of every line before it: a file cut
short or changed is refused before anything is written. A restore goes into an empty store
(no stream, no user) in one transaction, keeping every id, sequence number and timestamp, and
then reads every stream back and compares its events with the file's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from .base import HEAD_REVISION, Store, StorageError

FORMAT = "pokertd-backup"
VERSION = 1


class BackupError(StorageError, ValueError):
    """A backup that cannot be written or restored as asked; nothing was written."""


@dataclass(frozen=True)
class BackupSummary:
    streams: int
    events: int
    users: int

    def __str__(self) -> str:
        return f"{self.streams} streams, {self.events} events, {self.users} users"


def _line(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def _tables() -> tuple[Any, Any, Any]:
    from .models import Event, Stream
    from .users import UserRow
    return Stream.__table__, Event.__table__, UserRow.__table__


def _when(value: datetime) -> str:
    from datetime import timezone
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc).isoformat()


def backup(store: Store, path: str | Path) -> BackupSummary:
    """Write every stream, event and user of ``store`` to ``path`` (one read transaction)."""
    from sqlalchemy import select

    streams, events, users = _tables()
    path = Path(path)
    digest = hashlib.sha256()
    counts = {"streams": 0, "events": 0, "users": 0}
    tmp = path.with_name(path.name + ".partial")
    try:
        with store.engine.connect() as conn, conn.begin(), tmp.open("w", encoding="utf-8") as out:
            def put(obj: Any) -> None:
                text = _line(obj)
                digest.update(text.encode())
                out.write(text)

            put({"format": FORMAT, "version": VERSION, "schema": HEAD_REVISION})
            for r in conn.execute(select(streams).order_by(streams.c.id)).mappings():
                put({"stream": {"id": r["id"], "kind": r["kind"], "name": r["name"],
                                "created_at": _when(r["created_at"]), "config": r["config"]}})
                counts["streams"] += 1
            for r in conn.execute(select(events).order_by(events.c.stream_id,
                                                          events.c.seq)).mappings():
                put({"event": {"stream_id": r["stream_id"], "seq": r["seq"], "type": r["type"],
                               "payload": r["payload"],
                               "recorded_at": _when(r["recorded_at"])}})
                counts["events"] += 1
            for r in conn.execute(select(users).order_by(users.c.id)).mappings():
                put({"user": {"id": r["id"], "name": r["name"], "role": r["role"],
                              "password_hash": r["password_hash"],
                              "created_at": _when(r["created_at"])}})
                counts["users"] += 1
            out.write(_line({"end": counts, "sha256": digest.hexdigest()}))
        tmp.replace(path)            # a backup file is whole or absent
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BackupError(f"cannot write the backup {path}: {exc.strerror or exc}") from None
    return BackupSummary(**counts)


def read_backup(path: str | Path) -> tuple[list[dict], list[dict], list[dict]]:
    """The streams, events and users of a backup file, checked whole (count and digest)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BackupError(f"cannot read the backup {path}: {getattr(exc, 'strerror', None) or exc}"
                          ) from None
    lines = text.splitlines(keepends=True)
    if not lines:
        raise BackupError(f"{path} is empty: not a pokertd backup")
    rows = []
    for k, x in enumerate(lines, start=1):
        try:
            rows.append(json.loads(x))
        except json.JSONDecodeError as exc:
            raise BackupError(f"{path}: line {k} is not JSON ({exc.msg})") from None
    head = rows[0]
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise BackupError(f"{path}: line 1 is not a pokertd backup header")
    if head.get("version") != VERSION:
        raise BackupError(f"{path}: backup version {head.get('version')!r}; this pokertd "
                          f"reads version {VERSION}")
    end = rows[-1]
    if len(rows) < 2 or not isinstance(end, dict) or set(end) != {"end", "sha256"}:
        raise BackupError(f"{path}: the last line is not the backup's end: the file is cut short")
    digest = hashlib.sha256("".join(lines[:-1]).encode()).hexdigest()
    if digest != end["sha256"]:
        raise BackupError(f"{path}: the SHA-256 of its lines is not the one recorded at its end: "
                          "the file was changed or damaged")
    out: dict[str, list[dict]] = {"stream": [], "event": [], "user": []}
    for k, r in enumerate(rows[1:-1], start=2):
        if not isinstance(r, dict) or len(r) != 1 or next(iter(r)) not in out:
            raise BackupError(f"{path}: line {k} is not a stream, event or user")
        kind, value = next(iter(r.items()))
        out[kind].append(value)
    got = {"streams": len(out["stream"]), "events": len(out["event"]), "users": len(out["user"])}
    if got != end["end"]:
        raise BackupError(f"{path}: holds {got}, its end line says {end['end']}")
    return out["stream"], out["event"], out["user"]


def restore(store: Store, path: str | Path) -> BackupSummary:
    """Restore a backup into ``store``, which must be empty; all of it or nothing."""
    from sqlalchemy import func, select, text

    streams_rows, event_rows, user_rows = read_backup(path)
    streams, events, users = _tables()

    def when(value: str) -> datetime:
        return datetime.fromisoformat(value)

    with store.engine.connect() as conn:
        with conn.begin():
            have = conn.execute(select(func.count()).select_from(streams)).scalar_one()
            have_users = conn.execute(select(func.count()).select_from(users)).scalar_one()
            if have or have_users:
                raise BackupError(f"the store {store.backend} already holds {have} streams and "
                                  f"{have_users} users: restore into a new, empty database")
            try:
                if streams_rows:
                    conn.execute(streams.insert(), [
                        {**s, "created_at": when(s["created_at"])} for s in streams_rows])
                if event_rows:
                    conn.execute(events.insert(), [
                        {**e, "recorded_at": when(e["recorded_at"])} for e in event_rows])
                if user_rows:
                    conn.execute(users.insert(), [
                        {**u, "created_at": when(u["created_at"])} for u in user_rows])
            except (KeyError, TypeError, ValueError) as exc:
                raise BackupError(f"{path}: a row is not as a backup writes it ({exc})") from None
            if conn.dialect.name == "postgresql":
                # Explicit ids leave the serial sequences behind: the next stream or user
                # would collide with a restored one.
                for table in ("streams", "users"):
                    conn.execute(text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"))
    mismatch = compare(store, streams_rows, event_rows)
    if mismatch:
        raise BackupError(f"restored, but the store differs from the backup: {mismatch}")
    return BackupSummary(len(streams_rows), len(event_rows), len(user_rows))


def stream_events(store: Store) -> dict[tuple[str, str], list[tuple[int, str, Any, str]]]:
    """Every stream's events as (seq, type, payload, recorded_at), by (kind, name)."""
    out = {}
    for info in store.streams():
        out[(info.kind, info.name)] = [(e.seq, e.type, e.payload, _when(e.recorded_at))
                                       for e in store.read(info.id)]
    return out


def compare(store: Store, streams_rows: list[dict], event_rows: list[dict]) -> str | None:
    """None when every stream of the backup has exactly its events in ``store``; otherwise the
    first difference."""
    want: dict[tuple[str, str], list[tuple[int, str, Any, str]]] = {}
    by_id = {s["id"]: (s["kind"], s["name"]) for s in streams_rows}
    for s in streams_rows:
        want[by_id[s["id"]]] = []
    for e in event_rows:
        want[by_id[e["stream_id"]]].append((e["seq"], e["type"], e["payload"],
                                            _when(datetime.fromisoformat(e["recorded_at"]))))
    got = stream_events(store)
    if set(got) != set(want):
        return f"streams {sorted(set(got) ^ set(want))} are in one and not the other"
    for key, evs in want.items():
        if got[key] != evs:
            n = next((i for i, (a, b) in enumerate(zip(got[key], evs)) if a != b),
                     min(len(got[key]), len(evs)))
            return f"the {key[0]} {key[1]!r}: event {n + 1} differs"
    return None
