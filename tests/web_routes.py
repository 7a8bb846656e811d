"""Every HTTP route of the web application, the included routers' too, so that a test over
"every page" covers a page added later without being told."""

from __future__ import annotations

from typing import Any

from fastapi.responses import HTMLResponse
from fastapi.routing import APIRoute


def app_routes(app: Any) -> list[tuple[str, str, bool]]:
    """(method, path template, is an HTML page) of every HTTP route of ``app``."""
    out: list[tuple[str, str, bool]] = []

    def walk(routes: list[Any], prefix: str) -> None:
        for route in routes:
            if isinstance(route, APIRoute):
                html = isinstance(route.response_class, type) and issubclass(
                    route.response_class, HTMLResponse)
                out.extend((m, prefix + route.path, html) for m in sorted(route.methods))
            elif hasattr(route, "original_router"):      # FastAPI's included router
                walk(route.original_router.routes,
                     prefix + (getattr(route.include_context, "prefix", "") or ""))
    walk(app.routes, "")
    assert out, "the application has routes"
    return out


def fill(path: str, **values: str) -> str:
    """The path with its parameters filled (``{name}`` -> values["name"], else "x")."""
    import re

    return re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: values.get(m.group(1), "x"), path)
