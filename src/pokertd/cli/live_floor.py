"""``pokertd tournament button, chip-race``: a table's dealer button as the director reports it
(IFP 11a, 17; WPA 5) and a table's chip race (IFP 56; WPA 14; TDA 24). Declared in
:mod:`pokertd.cli.live` (the ``tournament`` group) and run here.
"""

from __future__ import annotations

import typer

from .app import OutputFormat
from .live_common import (
    _amounts, _echo_json, _print_balancing, _print_clock, _print_moves, _print_rulings, _run,
)


def button(name: str, table: int, seat: int, output: OutputFormat, command_id: str | None,
           db: str | None) -> None:
    """``pokertd tournament button``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.buttons(name, {table: seat}, command_id=command_id))
    t = out.tournament
    if output is OutputFormat.json:
        _echo_json(out, balancing=t.balancing_wait())
        return
    from ..services.tournaments import preset_rule

    _print_clock(out.clock)
    rule = preset_rule(t, "dead_button")          # IFP 17; TDA 32; Gananda; WPA: none
    tab = t.floor.tables.get(table) if t.floor is not None else None
    if tab is not None and tab.button is not None and tab.count >= 2:
        typer.echo(f"table {table}: button on seat {seat}"
                   + (f" (dead button{', ' + rule if rule else ''})"
                      if tab.seats[seat - 1] is None else "")
                   + f"; big blind next: seat {tab.button.next_big_blind_seat(tab.seats)}")
    _print_moves(out.result)
    _print_rulings(t, out.result)
    _print_balancing(t, name)


def chip_race(name: str, table: int, stacks: str, output: OutputFormat, command_id: str | None,
              db: str | None, correction: str | None = None) -> None:
    """``pokertd tournament chip-race``, as :mod:`pokertd.cli.live` declares it."""
    chips = _amounts(stacks, "--stacks")
    out = _run(db, lambda s: s.chip_race(name, table, chips, correction=correction,
                                         command_id=command_id))
    t = out.tournament
    e = out.result[-1]
    seats = t.floor.tables[table].seats
    rows = []
    before = dict(e.before)
    cards = dict(e.cards)
    for seat, after in e.stacks:
        rows.append({"seat": seat, "player": seats[seat - 1], "before": before[seat],
                     "cards": list(cards.get(seat, ())), "won": seat in e.winners,
                     "after": after})
    if output is OutputFormat.json:
        _echo_json(out, table=table, going_out=list(e.going_out), rule=e.rule, seats=rows)
        return
    _print_clock(out.clock)
    for c in out.result:
        if c.type == "count_corrected":
            typer.echo(f"count corrected ({c.rule}): {c.chips:+,} chips ({c.reason}); "
                       f"{t.chips:,} chips in play")
    going = ", ".join(str(v) for v in e.going_out)
    typer.echo(f"table {table}: the {going} chips are raced off ({e.rule})")
    for r in rows:
        typer.echo(f"seat {r['seat']} {r['player']}: {r['before']:,} -> {r['after']:,}"
                   + (f" (cards {' '.join(r['cards'])})" if r["cards"] else "")
                   + (" wins a chip" if r["won"] else ""))
    if t.racing:
        left = sorted(set(t.floor.tables) - t.raced_tables)
        typer.echo(f"tables still to race: {', '.join(map(str, left))}")
    else:
        typer.echo(f"every table has raced: the {going} chips are out of play")
