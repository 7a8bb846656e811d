"""The ``pokertd`` command line (Typer + Rich). Thin: each command calls the layers.
The console script is :func:`pokertd.__main__.main`."""

from .app import app

__all__ = ["app"]
