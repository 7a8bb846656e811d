"""The ``pokertd`` command line (Typer + Rich). Thin: each command calls the layers."""

from .app import app

__all__ = ["app"]
