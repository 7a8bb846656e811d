"""``pokertd equity``: equity of hands and ranges, exact or Monte Carlo: hold'em, and with
``--game plo|plo8`` Omaha and Omaha hi-lo."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer
from .output import Console, Table

from .app import OutputFormat, app


class Game(str, Enum):
    holdem = "holdem"
    plo = "plo"
    plo8 = "plo8"


def equity_table(result, title: str) -> Table:
    table = Table(title=title)
    table.add_column("hand")
    table.add_column("win", justify="right")
    table.add_column("tie", justify="right")
    table.add_column("equity", justify="right")
    for p in result.players:
        table.add_row(p.hand, f"{p.win:.4%}", f"{p.tie:.4%}", f"{p.equity:.4%}")
    return table


@app.command()
def equity(
    hands: Annotated[list[str], typer.Argument(help="Two or more hands or ranges: AhAs, KdKc, 'QQ+,AKs'.")],
    board: Annotated[str, typer.Option(help="Known board cards, e.g. 2c7d9h.")] = "",
    dead: Annotated[str, typer.Option(help="Dead cards that cannot come, e.g. 3s4s.")] = "",
    samples: Annotated[int | None, typer.Option(help="Monte Carlo with this many samples (default: exact).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for Monte Carlo, for a reproducible result.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
    game: Annotated[Game, typer.Option(help="holdem, plo (Omaha: four cards, two of them with "
                                       "three of the board) or plo8 (Omaha hi-lo eight or better).")]
    = Game.holdem,
) -> None:
    """Win, tie and equity of each hand: exact (every board) unless --samples is given.

    Omaha (--game plo, plo8) is exact when the boards are few enough, else 20,000 random
    boards.

    Example: pokertd equity AhAs KdKc --board 2c7d9h
    """
    try:
        if game is Game.holdem:
            from ..evaluator.equity import equity as compute
            from .compiling import compiling_notice

            # Ranges and Monte Carlo run in the Numba kernels (hand against hand does not).
            ranges = samples is not None or any(len(h.strip()) != 4 for h in hands)
            if ranges:
                with compiling_notice():
                    result = compute(hands, board, dead, samples=samples, seed=seed)
            else:
                result = compute(hands, board, dead, samples=samples, seed=seed)
        else:
            from ..evaluator.omaha_equity import omaha_equity
            result = omaha_equity(hands, board, dead, hilo=game is Game.plo8, samples=samples,
                                  seed=seed)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if output is OutputFormat.json:
        typer.echo(json.dumps(result.to_dict()))
        return
    how = "exact" if result.exact else f"Monte Carlo, seed {seed}" if seed is not None else "Monte Carlo"
    title = f"{'board ' + board if board else 'pre-flop'}: {result.boards:,} {'boards' if result.exact else 'samples'} ({how})"
    Console().print(equity_table(result, title))
