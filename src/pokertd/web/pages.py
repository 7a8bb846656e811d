"""Rendering a page for the routers beside the application's own routes (web/app.py): the
templates, the user logged in and the CSRF token, as ``create_app``'s pages have them."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse

from .auth import csrf_token, current_user


def render(request: Request, template: str, status_code: int = 200,
           **context: Any) -> HTMLResponse:
    templates = request.app.state.templates
    return templates.TemplateResponse(
        request, template,
        {"user": current_user(request), "csrf": csrf_token(request), **context},
        status_code=status_code)
