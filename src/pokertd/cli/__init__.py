"""The ``pokertd`` command line (Typer + Rich). Thin: each command calls the layers."""

import gc

# Start-up builds some hundred thousand objects that live as long as the process (modules,
# classes, Typer's commands); the cyclic collector would scan them again and again while they
# are made (about 5% of a short command), and once more at exit. So it waits while the
# modules load, and the command's callback (``app.main``) freezes what start-up made and turns
# it back on before the command runs.
gc.disable()

from .app import app  # noqa: E402

__all__ = ["app"]
