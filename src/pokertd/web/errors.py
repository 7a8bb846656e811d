"""What the application says when it cannot do what was asked, in words a director reads: the
database out of reach (a 503 whose message fits the request), and the validator's length checks
said plainly (issue 22)."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from sqlalchemy.exc import DBAPIError

from pokertd.storage import DatabaseFailure

RETRY_AFTER_S = 5


def away(request: Request, exc: Exception) -> str:
    """What to say while the database is out of reach (restarted, the network), by request."""
    if isinstance(exc, DBAPIError):     # a router's own query: one line, not the SQL
        exc = DatabaseFailure(f"database: {str(exc.orig or exc).splitlines()[0]}")
    if request.url.path == "/login":
        return f"{exc}: cannot check the password now; log in again in a moment"
    if request.method != "GET":
        # A command in flight may have been recorded or not; sent again with its command_id,
        # it is applied once.
        return (f"{exc}: the command may or may not have been recorded; send it again with "
                "the same command_id (it is not applied twice)")
    return (f"{exc}: the database cannot be reached for now; nothing was changed, and this "
            f"page tries again by itself every {RETRY_AFTER_S} seconds")


def in_words(e: Any) -> str | None:
    """A length check's refusal said for a director ("the name is empty: type it"), not in
    the validator's words ("String should have at least 1 character"); None for the others."""
    kind, ctx, given = e.get("type"), e.get("ctx") or {}, e.get("input")
    label = str((e.get("loc") or ("value",))[-1]).replace("_", " ")
    if kind == "string_too_short":
        least = ctx.get("min_length", 1)
        if least == 1 and given == "":
            return ("the file is empty: choose a CSV file with a header row, then one player a "
                    "row" if label == "csv" else f"empty: type the {label} first")
        return f"too short: at least {least} characters"
    if kind == "string_too_long":
        return (f"too long ({len(given)} characters): at most {ctx.get('max_length')}"
                if isinstance(given, str) else f"too long: at most {ctx.get('max_length')}")
    if kind == "too_short":
        least = ctx.get("min_length", 1)
        return "none given: give at least one" if least == 1 else f"give at least {least}"
    if kind == "too_long":
        return f"too many: at most {ctx.get('max_length')}"
    return None
