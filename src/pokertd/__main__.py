"""``pokertd`` and ``python -m pokertd``: the command line.

Start-up builds some hundred thousand objects that live as long as the process (modules,
classes, Typer's commands); the cyclic collector would scan them again and again while they
are made (about 5% of a short command) and once more at exit. So the console script holds it
while the modules load, and the root callback (:func:`pokertd.cli.app.main`) freezes what
start-up made and turns it back on before the command runs. Importing :mod:`pokertd.cli` (a
test, a script) leaves the collector alone.
"""

import gc
import importlib


def main() -> None:
    gc.disable()
    root = importlib.import_module("pokertd.cli.app")   # the module (pokertd.cli.app is the Typer)
    root.COLLECTOR_HELD = True
    root.app()


if __name__ == "__main__":
    main()
