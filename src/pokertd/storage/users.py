"""The users of the web console: a name, a role and an Argon2 password hash.

Users are accounts, not tournament state: they live in their own table (migration 0002), not
in the event log. Two roles: ``director`` runs events from the console; ``floor`` sees the
console read-only. The password is never stored, only its Argon2id hash (argon2-cffi), which
carries its own salt and parameters::

    users = UserStore(open_store(url))
    users.add("ann", "director", "correct horse battery staple")
    users.authenticate("ann", "correct horse battery staple")   # User(...) or None
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Integer, String, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session
from sqlalchemy.orm import Mapped, mapped_column

from .base import DatabaseFailure
from .models import Base, utc_now

if TYPE_CHECKING:
    from .store import Store

ROLES = ("director", "floor")
USER_NAME_LENGTH = 64
MIN_PASSWORD_LENGTH = 8


class UserError(ValueError):
    """A user that cannot be added as asked; nothing was written."""


class UserRow(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(USER_NAME_LENGTH), unique=True)
    role: Mapped[str] = mapped_column(String(20))
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    role: str

    @property
    def is_director(self) -> bool:
        return self.role == "director"


def _hasher():  # type: ignore[no-untyped-def]
    from argon2 import PasswordHasher

    return PasswordHasher()


def check_user(name: str, role: str, password: str) -> None:
    """Refuse a bad name, role or password with a message saying what would be right."""
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise UserError(f"user name {name!r}: give a name without spaces around it")
    if len(name) > USER_NAME_LENGTH:
        raise UserError(f"user name {name[:20]!r}...: at most {USER_NAME_LENGTH} characters")
    if role not in ROLES:
        raise UserError(f"role {role!r}: director or floor")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise UserError(f"the password must have at least {MIN_PASSWORD_LENGTH} characters")


class UserStore:
    """The users table of one store (its engine and sessions)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # A hash to verify against when the name is unknown, so that a wrong name takes as
        # long as a wrong password (no user enumeration by timing).
        self._dummy: str | None = None

    def add(self, name: str, role: str, password: str) -> User:
        check_user(name, role, password)
        row = UserRow(name=name, role=role, password_hash=_hasher().hash(password),
                      created_at=utc_now())
        try:
            with self.store.unit_of_work() as (session, _):
                if session.scalar(select(UserRow.id).where(UserRow.name == name)) is not None:
                    raise UserError(f"a user named {name!r} already exists")
                session.add(row)
                session.flush()
                return User(row.id, row.name, row.role)
        except IntegrityError:  # another process added the name meanwhile
            raise UserError(f"a user named {name!r} already exists") from None

    def set_password(self, name: str, password: str) -> User:
        """A new password for ``name``; every session of his ends in the same transaction (a
        cookie taken with the old password no longer logs anyone in)."""
        from .web_sessions import WebSessions

        if len(password) < MIN_PASSWORD_LENGTH:
            raise UserError(f"the password must have at least {MIN_PASSWORD_LENGTH} characters")
        digest = _hasher().hash(password)
        with self.store.unit_of_work() as (session, _):
            row = session.scalar(select(UserRow).where(UserRow.name == name))
            if row is None:
                known = ", ".join(u.name for u in self.names()) or "none yet"
                raise UserError(f"no user named {name!r} (the users: {known})")
            row.password_hash = digest
            WebSessions(self.store).end_all(row.id, session)
            return User(row.id, row.name, row.role)

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """A session to read the users; the database out of reach (a PostgreSQL restart) is
        :class:`DatabaseFailure`, as for the event log (the web answers 503, not a crash)."""
        try:
            with self.store.session() as session:
                yield session
        except OperationalError as exc:
            reason = str(exc.orig if exc.orig is not None else exc).splitlines()[0]
            raise DatabaseFailure(f"database: {reason}") from exc

    def get(self, user_id: int) -> User | None:
        with self._reading() as session:
            row = session.get(UserRow, user_id)
            return None if row is None else User(row.id, row.name, row.role)

    def names(self) -> list[User]:
        with self._reading() as session:
            rows = session.scalars(select(UserRow).order_by(UserRow.id))
            return [User(r.id, r.name, r.role) for r in rows]

    def authenticate(self, name: str, password: str) -> User | None:
        """The user if ``password`` is his, else None (unknown name or wrong password)."""
        from argon2.exceptions import InvalidHashError, VerificationError

        hasher = _hasher()
        with self._reading() as session:
            row = session.scalar(select(UserRow).where(UserRow.name == name))
            found = None if row is None else (row.id, row.name, row.role, row.password_hash)
        if found is None:
            if self._dummy is None:
                self._dummy = hasher.hash("not a password of anyone")
            try:
                hasher.verify(self._dummy, password)
            except VerificationError:
                pass
            return None
        try:
            hasher.verify(found[3], password)
        except (VerificationError, InvalidHashError):
            return None
        return User(found[0], found[1], found[2])
