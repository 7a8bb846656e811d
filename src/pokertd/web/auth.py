"""Who is asking: the session, the CSRF token and the login rate limit.

- The session: a cookie signed with the server's secret (Starlette's SessionMiddleware,
  itsdangerous), HttpOnly, SameSite=Lax, 12 hours, holding a session token and the session's
  CSRF token. The token names a session kept in the database
  (:class:`~pokertd.storage.web_sessions.WebSessions`): logging out ends it on the server, so a
  copy of the cookie taken before is refused at once (issue 22); a new password ends all of
  the user's sessions. Logging in starts a fresh session (no fixation).
- Every state-changing request (POST) carries the session's CSRF token, in the
  ``X-CSRF-Token`` header (the console's scripts) or the ``csrf_token`` form field (the login
  and logout forms); a missing or wrong token is 403 and nothing changes. SameSite=Lax keeps
  the cookie off other sites' posts too; the token is the check that does not depend on it.
- Logins are rate limited per address and per address and user name, never per user name
  alone (anyone could then lock the director out by failing with his name, issue 22): after
  ``LOGIN_ATTEMPTS`` failures for one name from one address, or ``ADDRESS_ATTEMPTS`` from one
  address whatever the names, within ``LOGIN_WINDOW_S`` seconds, that address's further
  attempts are refused with 429 until the window has moved on; another address is not
  affected. The failures are rows in the database, so a restart does not reset the count.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from fastapi import HTTPException, Request

from pokertd.storage.users import User

if TYPE_CHECKING:
    from pokertd.storage.web_sessions import LoginFailures, WebSessions

SESSION_COOKIE = "pokertd_session"
SESSION_MAX_AGE_S = 12 * 3600
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"
LOGIN_ATTEMPTS = 5
# One address may try several names (a club's players behind one router): a wider limit.
ADDRESS_ATTEMPTS = 4 * LOGIN_ATTEMPTS
LOGIN_WINDOW_S = 60.0
_UNREAD = object()          # the request's user not looked up yet


def csrf_token(request: Request) -> str:
    """The session's CSRF token, created with the session."""
    token = request.session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


async def check_csrf(request: Request) -> None:
    """403 unless the request carries the session's CSRF token (header or form field)."""
    expected = request.session.get("csrf")
    given = request.headers.get(CSRF_HEADER)
    if given is None and request.headers.get("content-type", "").startswith(
            ("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()
        value = form.get(CSRF_FIELD)
        given = value if isinstance(value, str) else None
    if not isinstance(expected, str) or given is None or not hmac.compare_digest(
            expected.encode(), given.encode()):
        raise HTTPException(403, "missing or wrong CSRF token: reload the page and try again")


def _sessions(request: Request) -> WebSessions:
    return request.app.state.sessions  # type: ignore[no-any-return]


def _now(request: Request) -> float:
    return float(request.app.state.clock())


def log_in(request: Request, user: User) -> None:
    log_out(request)
    token = _sessions(request).start(user.id, _now(request), SESSION_MAX_AGE_S)
    request.session["sid"] = token
    request.session["csrf"] = secrets.token_urlsafe(32)
    request.state.user = user


def log_out(request: Request) -> None:
    """End the session on the server (its cookie is refused from now on), then clear it."""
    token = request.session.get("sid")
    if isinstance(token, str):
        _sessions(request).end(token)
    request.session.clear()
    request.state.user = None


def current_user(request: Request) -> User | None:
    """The user of the request's live session (read once per request), else None."""
    known = getattr(request.state, "user", _UNREAD)
    if known is not _UNREAD:
        return known  # type: ignore[no-any-return]
    token = request.session.get("sid")
    user = None
    if isinstance(token, str):
        user = _sessions(request).user(token, _now(request))
    request.state.user = user
    return user


def console_user(request: Request) -> User:
    """The logged-in user (director or floor), else 401."""
    user = current_user(request)
    if user is None:
        raise HTTPException(401, "log in to use the console")
    return user


def director(request: Request) -> User:
    """The logged-in director, else 401 (no login) or 403 (the floor role reads only)."""
    user = console_user(request)
    if not user.is_director:
        raise HTTPException(403, f"{user.name} has the floor role: only a director can do this")
    return user


def login_keys(address: str, name: str) -> tuple[tuple[str, int], ...]:
    """The limiter's keys of a login and each one's limit: the address, and the address with
    the name. Never the name alone: from another address the user can still log in."""
    return ((f"ip:{address}", ADDRESS_ATTEMPTS), (f"ip:{address} user:{name}", LOGIN_ATTEMPTS))


class LoginLimiter:
    """Failed logins per key in a sliding window, kept in the database (``failures``; bound
    by :func:`pokertd.web.app.create_app` to its store when not given)."""

    def __init__(self, failures: LoginFailures | None = None, *,
                 window: float = LOGIN_WINDOW_S,
                 clock: Callable[[], float] = time.time) -> None:
        self.failures = failures
        self.window = window
        self.clock = clock          # wall time: the failures are kept across restarts

    def _store(self) -> LoginFailures:
        if self.failures is None:
            raise RuntimeError("LoginLimiter: no store of failures (create_app binds one)")
        return self.failures

    def retry_after(self, keys: tuple[tuple[str, int], ...]) -> float:
        """Seconds until one more attempt is allowed for every key (0: allowed now)."""
        now = self.clock()
        wait = 0.0
        for key, limit in keys:
            times = self._store().recent(key, now - self.window)
            if len(times) >= limit:
                # The window frees one attempt when the oldest failure that fills it ages out.
                wait = max(wait, times[-limit] + self.window - now)
        return wait

    def failed(self, keys: tuple[tuple[str, int], ...]) -> None:
        now = self.clock()
        self._store().add(tuple(k for k, _ in keys), now, now - self.window)

    def succeeded(self, key: str) -> None:
        self._store().clear(key)
