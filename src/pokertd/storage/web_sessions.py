"""The web console's login sessions and failed logins, kept in the database (migration 0003).

A session is a random token in the user's (signed) cookie; the server keeps only its SHA-256,
with the user and the time it ends. Logging out deletes the row, so a copy of the cookie taken
before is refused at once, on this server and on any other serving the same database; a new
password deletes every session of the user. Failed logins are rows (a key and a time) so that
the rate limit outlives a restart of the server::

    sessions = WebSessions(store)
    token = sessions.start(user.id, now, ttl_s=12 * 3600)   # into the cookie
    sessions.user(token, now)                                 # User(...) or None
    sessions.end(token)

Times are seconds since the epoch (the web application's clock), as floats.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import Float, ForeignKey, Integer, String, delete, select
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Mapped, mapped_column

from .base import DatabaseFailure
from . import users
from .models import Base

if TYPE_CHECKING:
    from .store import Store

LOGIN_KEY_LENGTH = 200


class WebSessionRow(Base):
    __tablename__ = "web_sessions"

    # The SHA-256 of the cookie's token: the table read does not give a usable cookie.
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         index=True)
    started_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class LoginFailureRow(Base):
    __tablename__ = "login_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(LOGIN_KEY_LENGTH), index=True)
    at: Mapped[float] = mapped_column(Float)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@contextmanager
def _failures() -> Iterator[None]:
    """The database out of reach (a PostgreSQL restart) is :class:`DatabaseFailure`, as for
    the event log: the web answers 503, not a crash."""
    try:
        yield
    except (OperationalError, InterfaceError) as exc:
        reason = str(exc.orig if exc.orig is not None else exc).splitlines()[0]
        raise DatabaseFailure(f"database: {reason}") from exc


class WebSessions:
    """The sessions of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def start(self, user_id: int, now: float, ttl_s: float) -> str:
        """A new session of ``user_id`` until ``now + ttl_s``: its token, for the cookie.
        Ended sessions' rows go at the same time (the table holds the live ones)."""
        token = secrets.token_urlsafe(32)
        with _failures(), self.store.unit_of_work() as (session, _):
            session.execute(delete(WebSessionRow).where(WebSessionRow.expires_at <= now))
            session.add(WebSessionRow(id=_digest(token), user_id=user_id, started_at=now,
                                      expires_at=now + ttl_s))
        return token

    def user(self, token: str, now: float) -> users.User | None:
        """The user of a live session, else None (unknown, ended or expired)."""
        with _failures(), self.store.session() as session:
            u = users.UserRow
            row = session.execute(
                select(u.id, u.name, u.role)
                .join(WebSessionRow, WebSessionRow.user_id == u.id)
                .where(WebSessionRow.id == _digest(token), WebSessionRow.expires_at > now)
            ).first()
        return None if row is None else users.User(row[0], row[1], row[2])

    def end(self, token: str) -> None:
        with _failures(), self.store.unit_of_work() as (session, _):
            session.execute(delete(WebSessionRow).where(WebSessionRow.id == _digest(token)))

    def end_all(self, user_id: int, session: Any = None) -> None:
        """End every session of a user (his password changed); in ``session``'s transaction
        when given."""
        statement = delete(WebSessionRow).where(WebSessionRow.user_id == user_id)
        if session is not None:
            session.execute(statement)
            return
        with _failures(), self.store.unit_of_work() as (own, _):
            own.execute(statement)


class LoginFailures:
    """Failed logins by key (an address; an address and a user name), with their times."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def recent(self, key: str, since: float) -> list[float]:
        """The times of ``key``'s failures after ``since``, oldest first."""
        with _failures(), self.store.session() as session:
            return list(session.scalars(
                select(LoginFailureRow.at).where(LoginFailureRow.key == key[:LOGIN_KEY_LENGTH],
                                                 LoginFailureRow.at > since)
                .order_by(LoginFailureRow.at)))

    def add(self, keys: tuple[str, ...], now: float, forget_before: float) -> None:
        """One failure for each key at ``now``; failures older than ``forget_before`` (out of
        every window) are deleted on the way."""
        with _failures(), self.store.unit_of_work() as (session, _):
            session.execute(delete(LoginFailureRow).where(LoginFailureRow.at <= forget_before))
            session.add_all(LoginFailureRow(key=k[:LOGIN_KEY_LENGTH], at=now) for k in keys)

    def clear(self, key: str) -> None:
        with _failures(), self.store.unit_of_work() as (session, _):
            session.execute(delete(LoginFailureRow).where(
                LoginFailureRow.key == key[:LOGIN_KEY_LENGTH]))
