"""``pokertd tournament rebuy, addon, deal``: rebuys and add-ons (IFP 59; WPA 6) and deals
(IFP 62). Declared in :mod:`pokertd.cli.live` (the ``tournament`` group) and run here.
"""

from __future__ import annotations

import typer

from .app import fail
from .live import DealKind
from .live_common import _amounts, _names, _print_clock, _print_moves, _print_rulings, _run


def rebuy(name: str, player: str, stack: int | None, command_id: str | None,
          db: str | None) -> None:
    """``pokertd tournament rebuy``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.rebuy(name, player, stack=stack, command_id=command_id))
    t = out.tournament
    _print_clock(out.clock)
    e = out.result[0]
    player = e.player                          # as registered (names match in any case)
    typer.echo(f"{player} rebought ({t.players[player].rebuys} rebuy(s)): {e.chips:,} chips, "
               f"prize pool {t.prize_pool:,}")
    for e in out.result:
        if e.type == "seated":
            typer.echo(f"{player} is not out (IFP 59): seat him at table {e.table} seat "
                       f"{e.seat}")
    _print_moves(out.result)
    _print_rulings(t, out.result)


def addon(name: str, player: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament addon``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.addon(name, player, command_id=command_id))
    t = out.tournament
    _print_clock(out.clock)
    player = out.result[-1].player
    typer.echo(f"{player} took the add-on: {t.players[player].stack} chips, "
               f"prize pool {t.prize_pool}")


def deal(name: str, kind: DealKind, agree: str, stacks: str, amounts: str, left_to_play_for: int,
         command_id: str | None, db: str | None) -> None:
    """``pokertd tournament deal``, as :mod:`pokertd.cli.live` declares it."""
    agreed = _names(agree, "--agree")
    chips = _amounts(stacks, "--stacks") if stacks else None
    custom = _amounts(amounts, "--amounts") if amounts else None
    if kind is DealKind.custom and custom is None:
        raise fail("--kind custom: give each remaining player's amount with --amounts "
                   "(e.g. Ann=300,Bob=200)")
    if kind is not DealKind.custom and custom is not None:
        raise fail(f"--amounts is for --kind custom; --kind {kind.value} computes them")
    out = _run(db, lambda s: s.deal(name, kind.value, agreed, stacks=chips, amounts=custom,
                                    left_to_play_for=left_to_play_for, command_id=command_id))
    _print_clock(out.clock)
    d = out.tournament.deal
    assert d is not None
    typer.echo(f"deal ({d['method']}, {d['valuation']}) agreed by {', '.join(d['agreed_by'])}:")
    for p, a in zip(d["players"], d["amounts"]):
        typer.echo(f"{p}: {a:,}")
    if d["left_to_play_for"]:
        typer.echo(f"left to play for: {d['left_to_play_for']:,}")
