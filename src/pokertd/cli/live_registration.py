"""``pokertd tournament new, register, unregister, start, penalty, arrive``: setting an event
up and its field (IFP 5, 8, 9; penalties IFP 70, WPA 41, TDA 71). Declared in
:mod:`pokertd.cli.live` (the ``tournament`` group) and run here.
"""

from __future__ import annotations

import json

import typer

from .app import fail
from .live import Preset
from .live_common import _print_clock, _run


def new(name: str, preset: Preset, seed: int | None, seats: int | None, structure: str | None,
        buy_in: int | None, to_prize_pool: int | None, payouts: str | None, command_id: str | None,
        db: str | None) -> None:
    """``pokertd tournament new``, as :mod:`pokertd.cli.live` declares it."""
    from dataclasses import replace

    from ..tournament.house import config_preset
    from ..tournament.structure import Structure, StructureError

    config = config_preset(preset.value)
    if structure is not None:
        try:
            with open(structure, encoding="utf-8") as f:
                text = f.read()
        except OSError as exc:
            raise fail(f"--structure {structure}: {exc.strerror or exc}") from None
        try:
            if structure.endswith(".toml"):
                custom = Structure.from_toml(text)
            elif structure.endswith(".json"):
                custom = Structure.from_json(text)
            else:
                raise StructureError("a structure is a .toml or .json file")
        except StructureError as exc:
            raise fail(f"--structure {structure}: {exc}") from None
        import tomllib

        from ..tournament.house import seated_for

        # WPA 2: nine a table, unless the structure says otherwise (the file parsed above).
        raw = tomllib.loads(text) if structure.endswith(".toml") else json.loads(text)
        config = replace(config, structure=seated_for(
            preset.value, custom, stated="max_players_per_table" in raw))
    if seats is not None:
        if seats < 2:
            raise fail(f"--seats {seats}: a tournament needs at least two seats")
        config = replace(config, seats=seats)
    if buy_in is not None or to_prize_pool is not None:
        # Issue 4, Configuration: buy-in, fee and rake split (Gananda: $25 = $20 + $5).
        money_in = config.buy_in if buy_in is None else buy_in
        pool_part = to_prize_pool if to_prize_pool is not None else (
            money_in if buy_in is not None else config.to_prize_pool)
        if money_in < 0 or not 0 <= pool_part <= money_in:
            raise fail(f"--buy-in {money_in} with --to-prize-pool {pool_part}: the prize-pool "
                       "part is from 0 to the buy-in")
        config = replace(config, buy_in=money_in, to_prize_pool=pool_part)
    if payouts is not None:
        from ..tournament.payouts import PayoutError, load_payout_table

        if payouts in ("gananda", "generated"):
            config = replace(config, payout=payouts, payout_table=None)
        elif payouts.endswith((".toml", ".json")):
            try:
                table = load_payout_table(payouts)
            except OSError as exc:
                raise fail(f"--payouts {payouts}: {exc.strerror or exc}") from None
            except PayoutError as exc:
                raise fail(f"--payouts {payouts}: {exc}") from None
            config = replace(config, payout_table=table)
        else:
            raise fail(f"--payouts {payouts!r}: gananda, generated, or a .toml or .json "
                       "payout table")
    _run(db, lambda s: s.create(name, config, seed=seed, command_id=command_id), create=True)
    table = config.payout_table
    typer.echo(f"created {name!r} ({preset.value}, buy-in {config.buy_in}, "
               f"{config.to_prize_pool} to the prize pool"
               + (f", payouts by table {table.name!r}" if table is not None else "")
               + (f", {seats} seats for sale)" if seats is not None else ")"))


def register(name: str, players: list[str], absent: bool, command_id: str | None,
             db: str | None) -> None:
    """``pokertd tournament register``, as :mod:`pokertd.cli.live` declares it."""
    for p in players:
        # The other commands name players in lists (--agree Ann,Bob; --stacks Ann=30000): a
        # name holding ',' or '=', or spaces around it, could never be named there again.
        if "," in p or "=" in p or p != p.strip():
            raise fail(f"player {p!r}: a name may not contain ',' or '=' nor start or end with "
                       "a space (the commands' lists: --agree Ann,Bob, --stacks Ann=30000)")
    out = _run(db, lambda s: s.register(name, players, absent=absent, command_id=command_id))
    t = out.tournament
    typer.echo(f"registered {len(players)}: {t.entrants} entrants, prize pool {t.prize_pool}"
               + (f", {t.unsold_seats} of {t.config.seats} seats unsold"
                  if t.config.seats is not None else ""))
    for e in out.result:
        if e.type == "seated":
            typer.echo(f"seat: {e.player} at table {e.table} seat {e.seat}")
    _print_clock(out.clock)


def unregister(name: str, players: list[str], command_id: str | None, db: str | None) -> None:
    """``pokertd tournament unregister``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.unregister(name, players, command_id=command_id))
    t = out.tournament
    gone = ", ".join(e.player for e in out.result)
    typer.echo(f"unregistered {gone}: {t.entrants} entrants, prize pool {t.prize_pool}")


def start(name: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament start``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.start(name, command_id=command_id))
    t = out.tournament
    assert t.floor is not None
    typer.echo(f"started: {t.entrants} players at {t.floor.table_count} table(s)")
    for tid, table in sorted(t.floor.tables.items()):
        seated = ", ".join(f"{k + 1}: {p}" for k, p in enumerate(table.seats) if p is not None)
        typer.echo(f"table {tid}: {seated}")
    _print_clock([e for e in out.result if e.type != "seated"] + list(out.clock))


def penalty(name: str, player: str, kind: str, rounds: int, hands: int, command_id: str | None,
            db: str | None) -> None:
    """``pokertd tournament penalty``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.penalty(name, player, kind, rounds=rounds, hands=hands,
                                       command_id=command_id))
    e = out.result[0]
    if kind == "disqualification":
        typer.echo(f"{e.player} is disqualified, his chips removed from play ({e.rule})")
    elif e.hands:
        typer.echo(f"{e.player} misses {e.hands} hands, away from the table ({e.rule})")
    else:
        typer.echo(f"{e.player}: a warning ({e.rule})")


def arrive(name: str, player: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament arrive``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.arrive(name, player, command_id=command_id))
    _print_clock(out.clock)
    player = out.result[-1].player          # as registered (names match in any case)
    typer.echo(f"{player} has arrived: {out.tournament.players[player].stack:,} chips")
