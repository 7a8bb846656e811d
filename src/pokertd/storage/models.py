"""The tables of the event store: one event stream per aggregate, and its events.

An aggregate is a thing whose history is a sequence of events: a tournament, later a league
season. ``streams`` holds one row per aggregate (its kind, name and configuration) and
``events`` holds its events, numbered 1, 2, 3, ... within the stream. Events are only ever
appended (DESIGN: "State changes are events"); the first migration installs triggers that
refuse UPDATE and DELETE on ``events`` in the database itself.

Layers that keep derived rows (standings, seat maps, ...) declare their tables on
:class:`Base` too, so that one metadata and one migration history describe the whole schema.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Dialect,
    ForeignKey,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from .base import KIND_LENGTH, NAME_LENGTH, TYPE_LENGTH, utc_now


# Constraint names fixed by convention, so the migrations and the models name them alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every backend.

    PostgreSQL keeps ``timestamptz``; SQLite has no time zones, so the value is stored as naive
    UTC and given its UTC zone back when read. Naive datetimes are refused on the way in.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: timestamps must carry a time zone")
        value = value.astimezone(timezone.utc)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc)


class Base(DeclarativeBase):
    """Declarative base of every pokertd table."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {dict[str, Any]: JSON, datetime: UTCDateTime}


class Stream(Base):
    """One aggregate's event stream: a tournament, a league season, ..."""

    __tablename__ = "streams"
    __table_args__ = (UniqueConstraint("kind", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH))
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    config: Mapped[dict[str, Any]] = mapped_column(default=dict)

    events: Mapped[list[Event]] = relationship(
        back_populates="stream", order_by="Event.seq", viewonly=True
    )


class Event(Base):
    """One event of a stream. ``seq`` runs 1, 2, 3, ... without gaps within its stream."""

    __tablename__ = "events"

    stream_id: Mapped[int] = mapped_column(ForeignKey("streams.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    type: Mapped[str] = mapped_column(String(TYPE_LENGTH))
    payload: Mapped[dict[str, Any]]
    recorded_at: Mapped[datetime] = mapped_column(default=utc_now)

    stream: Mapped[Stream] = relationship(back_populates="events", viewonly=True)


# The web console's users table (migration 0002) belongs to the same metadata, so that one
# metadata describes the whole schema whichever module is imported first.
from . import users as _users  # noqa: E402,F401
from . import web_sessions as _web_sessions  # noqa: E402,F401  (migration 0003)
