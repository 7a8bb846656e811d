"""``pokertd tournament bust``: bust-outs, one player or one hand's (IFP 57; WPA 8), the
prize each has won and the seat moves they call for. Declared in :mod:`pokertd.cli.live` (the
``tournament`` group) and run here.
"""

from __future__ import annotations

from typing import Any

import typer

from .app import fail
from .live_common import (
    _amounts, _buttons, _print_balancing, _print_clock, _print_moves, _print_rulings, _run,
)


def bust(name: str, players: list[str], by: str | None, stacks: str, button: str | None,
         command_id: str | None, db: str | None) -> None:
    """``pokertd tournament bust``, as :mod:`pokertd.cli.live` declares it."""
    start = _amounts(stacks, "--stacks") if stacks else None
    buttons = _buttons(button)
    knockers: str | dict[str, str] | None = by
    if by is not None and "=" in by:
        knockers = {}
        for item in (x.strip() for x in by.split(",")):
            player, sep, winner = item.partition("=")
            if not sep or not player.strip() or not winner.strip():
                raise fail(f"--by: {item!r} is not PLAYER=WINNER (e.g. Ann=Cid,Bob=Dan)")
            if player.strip() in knockers:
                raise fail(f"--by: {player.strip()} is listed twice")
            knockers[player.strip()] = winner.strip()
    out = _run(db, lambda s: s.bust_hand(name, players, start_stacks=start,
                                         knocked_out_by=knockers, buttons=buttons,
                                         command_id=command_id))
    t = out.tournament
    _print_clock(out.clock)
    for e in out.result:
        if e.type == "busted":
            tie = f" (tied for {e.tied} places)" if e.tied > 1 else ""
            ko = f", knocked out by {e.knocked_out_by}" if e.knocked_out_by else ""
            if e.knocked_out_by and by is None:
                ko += " (heads-up: his last opponent, the only possible knockout, IFP 57)"
            typer.echo(f"{e.player} is out in place {e.place}{_provisional(t)}{tie}{ko}: "
                       f"{_prize(t, e.player)}")
        elif e.type == "clock_paused":
            typer.echo(f"clock stopped ({e.reason}): resume once the players are seated")
        elif e.type == "hand_for_hand" and not e.on:
            typer.echo(f"hand-for-hand play ends: {e.reason}; the clock runs")
    _print_moves(out.result)
    _print_rulings(t, list(out.clock) + list(out.result))
    if t.finished:
        assert t.winner is not None
        typer.echo(f"{t.winner} wins: {_prize(t, t.winner)}")
    else:
        typer.echo(f"{t.alive} players left")
        _print_balancing(t, name)


def _provisional(t: Any) -> str:
    """Gananda: Winning the Tournament; IFP 9: a late entry finishes above every player out."""
    if not t.places_provisional:
        return ""
    return (" (provisional until registration closes: a late entry finishes above every "
            "player out)")


def _prize(t: Any, player: str) -> str:
    """The prize a player out has won, as the bust-out announces it."""
    from ..services.tournaments import prize_won

    prize = prize_won(t, player)
    if prize is None:
        return "the prize is known when the payouts are fixed"
    if t.deal is not None and player in t.deal["players"]:
        return f"prize {prize:,} (the deal, IFP 62)"
    return f"prize {prize:,}" if prize else "no prize"
