"""``pokertd payouts`` and ``pokertd icm``: prize structures and ICM equity.

Bad input (no entrants, a negative stack, more prizes than stacks, ...) is a usage error: a
clear message and exit status 2.
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer
from .output import Console, Table

from .app import OutputFormat, app


class Structure(str, Enum):
    gananda = "gananda"
    generated = "generated"


class Method(str, Enum):
    auto = "auto"
    exact = "exact"
    monte_carlo = "monte-carlo"


def _int_list(text: str, what: str, option: str) -> list[int]:
    items = [t.strip() for t in text.split(",")]
    out = []
    for t in items:
        try:
            out.append(int(t))
        except ValueError:
            raise typer.BadParameter(f"{what}: {t!r} is not a whole number (expected e.g. 5000,3000,2000)",
                                     param_hint=option) from None
    return out


@app.command()
def payouts(
    entrants: Annotated[int, typer.Option(help="Players at the start of the tournament.")],
    pool: Annotated[int, typer.Option(help="Prize pool in whole money units (e.g. dollars).")],
    structure: Annotated[Structure, typer.Option(help="gananda (2-54 entrants) or generated (any field).")]
    = Structure.gananda,
    buy_in: Annotated[int | None, typer.Option(
        help="Generated: prize-pool share of one buy-in (default pool // entrants).")] = None,
    paid_share: Annotated[str, typer.Option(help="Generated: share of the field paid, e.g. 0.15.")] = "0.15",
    min_cash: Annotated[str, typer.Option(help="Generated: minimum cash as a multiple of the buy-in.")] = "1.5",
    unit: Annotated[int, typer.Option(help="Round amounts to this many money units.")] = 1,
    table_file: Annotated[str | None, typer.Option(
        "--table", help="A payout table of your own (.toml or .json, percentages of the pool "
                        "by field size, as the shipped Gananda one); replaces --structure.")]
    = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
) -> None:
    """The prize for each paid place; the amounts sum to the pool exactly.

    Example: pokertd payouts --entrants 23 --pool 460 --format json
    """
    from ..tournament.payouts import (
        PayoutError, gananda_payouts, generated_payouts, load_payout_table,
    )

    if entrants < 2:
        raise typer.BadParameter(f"entrants must be at least 2 for a tournament, got {entrants}",
                                 param_hint="--entrants")
    if pool < 0:
        raise typer.BadParameter(f"the pool must be zero or more, got {pool}", param_hint="--pool")
    try:
        if table_file is not None:
            if not table_file.endswith((".toml", ".json")):
                raise PayoutError(f"--table {table_file}: a payout table is a .toml or .json file")
            try:
                table = load_payout_table(table_file)
            except OSError as exc:
                raise PayoutError(f"--table {table_file}: {exc.strerror or exc}") from None
            amounts = table.payouts(entrants, pool, unit=unit)
            rule = table.rule or table.name
        elif structure is Structure.gananda:
            amounts = gananda_payouts(entrants, pool, unit=unit)
            rule = "Gananda: Payout"
        else:
            amounts = generated_payouts(entrants, pool, buy_in=buy_in if buy_in is not None else pool // entrants,
                                        paid_share=paid_share, min_cash_multiple=min_cash, unit=unit)
            rule = "generated"
    except PayoutError as exc:
        raise typer.BadParameter(str(exc)) from None
    rows = [{"place": i, "amount": a} for i, a in enumerate(amounts, start=1)]
    if output is OutputFormat.json:
        typer.echo(json.dumps(rows))
        return
    table = Table(title=f"{entrants} entrants, pool {pool:,} ({rule})")
    table.add_column("place", justify="right")
    table.add_column("amount", justify="right")
    table.add_column("share", justify="right")
    for r in rows:
        table.add_row(str(r["place"]), f"{r['amount']:,}", f"{r['amount'] / pool:.2%}" if pool else "-")
    Console().print(table)


@app.command()
def icm(
    stacks: Annotated[str, typer.Option(help="Chip stacks, comma-separated: 5000,3000,2000.")],
    prizes: Annotated[str, typer.Option(help="Prizes for 1st, 2nd, ..., comma-separated: 50,30,20.")],
    method: Annotated[Method, typer.Option(help="auto (exact up to 20 players), exact or monte-carlo.")]
    = Method.auto,
    samples: Annotated[int, typer.Option(help="Monte Carlo finishing orders.")] = 1_000_000,
    seed: Annotated[int | None, typer.Option(help="Seed for Monte Carlo, for a reproducible result.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
) -> None:
    """Each stack's ICM (Malmuth-Harville) equity in the prizes, in the order given.

    Example: pokertd icm --stacks 5000,3000,2000 --prizes 50,30,20 --format json
    """
    from ..tournament.icm import ICMError, chip_equities, icm_equities

    chip_stacks = _int_list(stacks, "stacks", "--stacks")
    prize_list = _int_list(prizes, "prizes", "--prizes")
    try:
        equities = icm_equities(chip_stacks, prize_list, method=method.value, samples=samples, seed=seed)
        chips = chip_equities(chip_stacks, sum(prize_list))
    except ICMError as exc:
        raise typer.BadParameter(str(exc)) from None
    rows = [{"stack": s, "equity": round(e, 6)} for s, e in zip(chip_stacks, equities)]
    if output is OutputFormat.json:
        typer.echo(json.dumps(rows))
        return
    table = Table(title=f"ICM: {len(chip_stacks)} stacks, prizes {', '.join(map(str, prize_list))}")
    table.add_column("stack", justify="right")
    table.add_column("chips %", justify="right")
    table.add_column("ICM equity", justify="right")
    table.add_column("chip equity", justify="right")
    total = sum(chip_stacks)
    for r, c in zip(rows, chips):
        table.add_row(f"{r['stack']:,}", f"{r['stack'] / total:.2%}", f"{r['equity']:,.2f}", f"{float(c):,.2f}")
    Console().print(table)
