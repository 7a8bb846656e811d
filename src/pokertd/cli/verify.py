"""``pokertd verify HAND.json...``: check provably fair hands (:mod:`pokertd.engine.fair`).

Each file is a hand revealed after play: ``pokertd simulate --fair DIR`` writes them, and a
served table dealing fairly gives each of its hands at ``GET /tables/NAME/hands/N.json``. For
each one the checks passed are printed; a hand that fails a check prints ``Error: FILE: fails
verification: reason``. Exit status: 0 every hand verified, 1 a hand failed a check, 2 a file
that is not a revealed hand (not JSON, a field missing, unknown or of the wrong kind).
"""

# No `from __future__ import annotations`: Typer reads each parameter's annotation.
import json
from pathlib import Path
from typing import Annotated

import typer

from .app import app, fail


@app.command()
def verify(
    hands: Annotated[list[Path], typer.Argument(help="Revealed hands (JSON files).")],
) -> None:
    """Check provably fair hands: the commitment, the deck order from the seeds, the cards dealt.
    """
    from ..engine.fair import FairnessError, MalformedHand, verify as check

    failed = malformed = False
    for path in hands:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise fail(f"{path}: cannot read it ({exc.strerror or exc})") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise fail(f"{path}: not a JSON file ({exc})") from None
        try:
            passed = check(record)
        except MalformedHand as exc:
            fail(f"{path}: not a revealed hand: {exc}")
            malformed = True
            continue
        except FairnessError as exc:
            fail(f"{path}: fails verification: {exc}")
            failed = True
            continue
        typer.echo(f"{path}: verified")
        for line in passed:
            typer.echo(f"  {line}")
    if malformed:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)
