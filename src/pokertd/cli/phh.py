"""``pokertd phh``: replay PHH hand histories through the engine, export engine hands as PHH.

``pokertd phh replay [--rules PRESET] [--check] PATH...`` prints one JSON line per hand::

    {"path": ..., "ok": true, "finishing_stacks": [...]}
    {"path": ..., "ok": false, "error": ..., "action": i}

The finishing stacks come from ``starting_stacks`` and ``actions`` alone; ``--check`` also
compares them with the file's ``finishing_stacks``. The exit status is 0 when every hand is
ok, 1 otherwise.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated

import typer

from .app import app

phh_app = typer.Typer(name="phh", help="PHH hand histories: replay them, export engine hands.",
                      no_args_is_help=True)
app.add_typer(phh_app, name="phh")


@phh_app.command("replay")
def replay_cmd(
    paths: Annotated[list[Path], typer.Argument(help="PHH files or folders (searched recursively).")],
    rules: Annotated[str, typer.Option(help="Rules preset: ifp-2012, wpa or tda-2024.")] = "ifp-2012",
    check: Annotated[bool, typer.Option("--check", help="Also compare with the recorded finishing_stacks.")] = False,
) -> None:
    """Replay hands from their starting stacks and actions; one JSON line per hand."""
    from ..formats.phh import find_files, replay_file
    from ..rules import RuleSet
    try:
        preset = RuleSet.preset(rules)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--rules") from None
    ok = True
    out = sys.stdout
    files = find_files(paths)
    for f in files:
        r = replay_file(f, preset, check=check)
        ok = ok and r.ok
        out.write(r.to_json() + "\n")
    out.flush()
    raise typer.Exit(0 if ok and files else 1)


@phh_app.command("export")
def export_cmd(
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here (default: stdout).")] = None,
    events: Annotated[Path | None, typer.Option(help="A hand's events (JSON list, as Hand.events()) to export.")] = None,
    players: Annotated[int, typer.Option(help="Players, for a hand played here.")] = 6,
    stack: Annotated[int, typer.Option(help="Starting stack of each player.")] = 10000,
    blinds: Annotated[str, typer.Option(help="Small/big blind, e.g. 50/100.")] = "50/100",
    ante: Annotated[int, typer.Option(help="Ante per player.")] = 0,
    limit: Annotated[bool, typer.Option("--limit", help="Fixed-limit (FT) instead of no-limit (NT).")] = False,
    rules: Annotated[str, typer.Option(help="Rules preset.")] = "ifp-2012",
    seed: Annotated[int, typer.Option(help="Seed for the cards and the random legal actions.")] = 0,
) -> None:
    """Write a hand played by the engine as PHH: the events of --events, or a hand played
    here with random legal actions (seeded)."""
    from ..engine import Hand, replay
    from ..formats.phh import dumps, export_hand
    if events is not None:
        h = replay(json.loads(events.read_text(encoding="utf-8")))
    else:
        try:
            sb, bb = (int(x) for x in blinds.split("/"))
        except ValueError:
            raise typer.BadParameter("blinds look like 50/100", param_hint="--blinds") from None
        rng = random.Random(seed)
        h = Hand([stack] * players, (sb, bb), ante=ante, structure="fixed-limit" if limit else "no-limit",
                 rules=rules, rng=rng)
        while not h.done:
            la = h.legal_actions()
            kinds = ["cc"] + (["f"] if la.call else []) + (["r"] if la.min_raise_to is not None else [])
            k = rng.choice(kinds)
            if k == "f":
                h.fold()
            elif k == "cc":
                h.check_call()
            else:
                h.raise_to(rng.randint(la.min_raise_to, la.max_raise_to))
    text = dumps(export_hand(h))
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
