"""Who is asking: the session cookie, the CSRF token and the login rate limit.

- The session is a cookie signed with the server's secret (Starlette's SessionMiddleware,
  itsdangerous): HttpOnly, SameSite=Lax, 12 hours. It holds the user's id and the session's
  CSRF token, nothing else; logging in starts a fresh session (no fixation).
- Every state-changing request (POST) carries the session's CSRF token, in the
  ``X-CSRF-Token`` header (the console's scripts) or the ``csrf_token`` form field (the login
  and logout forms); a missing or wrong token is 403 and nothing changes. SameSite=Lax keeps
  the cookie off other sites' posts too; the token is the check that does not depend on it.
- Logins are rate limited: after ``LOGIN_ATTEMPTS`` failures within ``LOGIN_WINDOW_S``
  seconds from one address, or for one user name, further attempts are refused with 429
  until the window has moved on (a password cannot be guessed at speed).
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable

from fastapi import HTTPException, Request

from pokertd.storage.users import User

SESSION_COOKIE = "pokertd_session"
SESSION_MAX_AGE_S = 12 * 3600
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"
LOGIN_ATTEMPTS = 5
LOGIN_WINDOW_S = 60.0


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


def log_in(request: Request, user: User) -> None:
    request.session.clear()
    request.session["uid"] = user.id
    request.session["csrf"] = secrets.token_urlsafe(32)


def log_out(request: Request) -> None:
    request.session.clear()


def current_user(request: Request) -> User | None:
    uid = request.session.get("uid")
    if not isinstance(uid, int):
        return None
    return request.app.state.users.get(uid)


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


class LoginLimiter:
    """Failed logins per key (an address, a user name) in a sliding window."""

    def __init__(self, attempts: int = LOGIN_ATTEMPTS, window: float = LOGIN_WINDOW_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.attempts = attempts
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        q = self._failures.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if not q:
            del self._failures[key]
            return deque()
        return q

    def retry_after(self, *keys: str) -> float:
        """Seconds until one more attempt is allowed for all ``keys`` (0: allowed now)."""
        wait = 0.0
        for key in keys:
            q = self._recent(key)
            if len(q) >= self.attempts:
                wait = max(wait, q[0] + self.window - self.clock())
        return wait

    def failed(self, *keys: str) -> None:
        now = self.clock()
        for key in keys:
            self._failures.setdefault(key, deque()).append(now)

    def succeeded(self, *keys: str) -> None:
        for key in keys:
            self._failures.pop(key, None)
