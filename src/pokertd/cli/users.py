"""``pokertd users ...``: the web console's accounts.

    pokertd users add ann --role director          # the password is asked twice
    echo "$PASSWORD" | pokertd users add bob --role floor --password-stdin
    pokertd users password ann                     # a new password: his sessions end
    pokertd users list

Roles: ``director`` runs events from the console; ``floor`` sees it read-only. Passwords are
stored as Argon2 hashes only. A bad name, role or password, or a name taken: the message,
exit 2, nothing stored.
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated

import typer

from .app import Db, app, fail

users = typer.Typer(name="users", help="The web console's users: add, list.",
                    no_args_is_help=True)
app.add_typer(users, name="users")


class Role(str, Enum):
    director = "director"
    floor = "floor"


def _store(db: str | None, create: bool = True):  # type: ignore[no-untyped-def]
    from ..storage import StorageError, open_store

    try:
        return open_store(db, create=create)
    except (ValueError, StorageError) as exc:
        raise fail(f"cannot open the database: {exc}") from None


@users.command()
def add(
    name: Annotated[str, typer.Argument(help="The user name to log in with.")],
    role: Annotated[Role, typer.Option(help="director (runs events) or floor (reads).")],
    password_stdin: Annotated[bool, typer.Option(
        "--password-stdin", help="Read the password from the first line of standard input "
                                 "instead of asking for it.")] = False,
    db: Db = None,
) -> None:
    """Add a user of the web console, with a role and a password (at least 8 characters)."""
    from ..storage.users import UserError, UserStore, check_user

    password = _read_password(password_stdin, "Password")
    try:
        check_user(name, role.value, password)
    except UserError as exc:
        raise fail(str(exc)) from None
    store = _store(db)
    try:
        user = UserStore(store).add(name, role.value, password)
    except UserError as exc:
        raise fail(str(exc)) from None
    finally:
        store.close()
    typer.echo(f"added {user.name} ({user.role})")


@users.command()
def password(
    name: Annotated[str, typer.Argument(help="The user whose password changes.")],
    password_stdin: Annotated[bool, typer.Option(
        "--password-stdin", help="Read the password from the first line of standard input "
                                 "instead of asking for it.")] = False,
    db: Db = None,
) -> None:
    """Give a user a new password (at least 8 characters); his sessions in the console end."""
    from ..storage.users import UserError, UserStore

    new = _read_password(password_stdin, "New password")
    store = _store(db, create=False)
    try:
        user = UserStore(store).set_password(name, new)
    except UserError as exc:
        raise fail(str(exc)) from None
    finally:
        store.close()
    typer.echo(f"new password for {user.name}; his console sessions are ended")


@users.command(name="list")
def list_users(db: Db = None) -> None:
    """Every user and his role."""
    from ..storage.users import UserStore

    store = _store(db)
    try:
        for u in UserStore(store).names():
            typer.echo(f"{u.name}\t{u.role}")
    finally:
        store.close()


def _read_password(stdin: bool, prompt: str) -> str:
    """The first line of standard input (``--password-stdin``), else asked twice, hidden."""
    if stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return typer.prompt(prompt, hide_input=True, confirmation_prompt=True)
