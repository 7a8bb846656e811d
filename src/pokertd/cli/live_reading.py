"""``pokertd tournament list, status, moves, payouts``: what a director reads of his events
(each read records what the clock has brought first). Declared in :mod:`pokertd.cli.live`
(the ``tournament`` group) and run here.
"""

from __future__ import annotations

import json
from typing import Any

import typer

from .app import OutputFormat, fail
from .live_common import _buttons, _print_balancing, _print_clock, _print_rulings, _run
from .output import Console, Table


def list_tournaments(output: OutputFormat, db: str | None) -> None:
    """``pokertd tournament list``, as :mod:`pokertd.cli.live` declares it."""
    rows = _run(db, lambda s: s.summaries())
    if output is OutputFormat.json:
        typer.echo(json.dumps(rows))
        return
    if not rows:
        typer.echo("no tournaments yet (pokertd tournament new NAME)")
        return
    table = Table(title="tournaments")
    for column in ("tournament", "preset", "state", "players", "level"):
        table.add_column(column, justify="right" if column == "players" else "left")
    for r in rows:
        if r["state"] == "finished":
            now = f"won by {r['winner']}"
        elif r["state"] == "running":
            now = (f"break {r['break']} after level {r['level']}" if r["break"]
                   else f"level {r['level']}")
        else:
            now = "not started"
        players = (f"{r['players_left']} of {r['entrants']}" if r["state"] == "running"
                   else str(r["entrants"]))
        table.add_row(r["tournament"], r["preset"], r["state"], players, now)
    Console().print(table)


def status(name: str, output: OutputFormat, db: str | None) -> None:
    """``pokertd tournament status``, as :mod:`pokertd.cli.live` declares it."""
    from ..services.tournaments import status as read_status

    from ..tournament import events as ev

    def command(service: Any) -> tuple[Any, dict[str, Any]]:
        out = service.observe(name)              # what the clock brought is recorded first
        return out, {"tournament": name, **read_status(out.tournament, service.now()),
                     # Item 7: what this read recorded of the clock's (a level, the Gananda
                     # level-3 removal, a table broken, the payouts fixed).
                     "recorded": [ev.to_dict(e) for e in out.clock]}
    out, st = _run(db, command)
    if output is OutputFormat.json:
        typer.echo(json.dumps(st))
        return
    _print_clock(out.clock)
    con = Console()
    con.print(f"[bold]{name}[/bold] ({st['preset']}): {st['entrants']} entrants, "
              f"prize pool {st['prize_pool']:,}")
    c = st["clock"]
    if st["finished"]:
        con.print(f"finished: {st['winner']} wins")
    elif c is None:
        con.print("not started")
    else:
        if c["on_break"]:
            now = f"break {c['break']} after level {c['level']}"
        else:
            ante = f", ante {c['ante']}" if c["ante"] else (
                f", big blind ante {c['big_blind_ante']}" if c["big_blind_ante"] else "")
            now = f"level {c['level']}: blinds {c['small_blind']}/{c['big_blind']}{ante}"
        left = c["seconds_left"]
        left_text = "last level" if left is None else f"{int(left) // 60}:{int(left) % 60:02d} left"
        state = "running" if c["running"] else "stopped by the director" if c[
            "pause_reason"] == "director" else f"stopped ({c['pause_reason']})"
        con.print(f"{now}, {left_text}, clock {state}")
        nxt = c["next_level"]
        if nxt is not None:
            ante = f", ante {nxt['ante']}" if nxt["ante"] else (
                f", big blind ante {nxt['big_blind_ante']}" if nxt["big_blind_ante"] else "")
            con.print(f"next: level {nxt['level']}, blinds {nxt['small_blind']}/"
                      f"{nxt['big_blind']}{ante}")
        brk = c["next_break"]
        if brk is not None:
            secs = int(brk["seconds_to"])
            con.print(f"next break (break {brk['break']}, after level {brk['after_level']}"
                      + (", chip-up" if brk["color_up"] else "")
                      + f") in {secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}"
                      if secs >= 3600 else
                      f"next break (break {brk['break']}, after level {brk['after_level']}"
                      + (", chip-up" if brk["color_up"] else "")
                      + f") in {secs // 60}:{secs % 60:02d}")
        elif not c["on_break"]:
            con.print("no break left in the structure")
        con.print(f"{st['players_left']} players left at {len(st['tables'])} table(s), "
                  f"{st['chips']:,} chips in play, average stack {st['average_stack']:,}")
        for c in st["count_corrections"]:
            con.print(f"chips in play corrected by {c['chips']:+,} at a chip race (TDA 1): "
                      f"{c['reason']}", markup=False)
        if st["places_provisional"]:
            con.print("registration is open: places are provisional until it closes (a late "
                      "entry finishes above every player out)")
        if st["seats"] is not None and st["registration_open"]:
            con.print(f"{st['seats'] - st['entrants']} of {st['seats']} seats unsold")
        if len(st["break_order"]) > 1:         # WPA 4: the breaking order, posted
            con.print("tables break in the order "
                      f"{', '.join(map(str, st['break_order']))} (the last is the final table)")
        h4h = st["hand_for_hand"]
        if h4h and h4h["on"]:
            con.print(f"hand-for-hand ({h4h['rule']}): {h4h['hands']} hand(s) done, every "
                      "table starts each hand together")
        if st["last_hands"] is not None:
            con.print(f"end of day: the last {st['last_hands']} hands ({st['last_hands_rule']})")
        if st["halted_tables"]:
            con.print(f"play halted ({st['halt_rule']}) at table(s) "
                      f"{', '.join(map(str, st['halted_tables']))} until a player is moved in")
        b = st["balancing"]
        if b is not None:
            need = b["buttons_needed"]
            con.print(f"balancing due ({b['rule']}): table {b['from_table']} gives a player to "
                      f"table {b['to_table']}"
                      + (f"; record the button at table(s) {', '.join(map(str, need))} "
                         "(pokertd tournament button)" if need else ""))
        race = st["chip_race"]
        if race is not None:
            con.print(f"chip race ({race['rule']}): the "
                      f"{', '.join(map(str, race['going_out']))} chips go out; tables to race: "
                      f"{', '.join(map(str, race['tables_left']))}")
    d = st["dead_stacks"]
    if d is not None:
        con.print(f"{d['seats']} unsold seat(s): {d['chips']:,} chips taken out of play "
                  f"({d['rule']})")
    deal = st["deal"]
    if deal is not None:      # IFP 62: what the deal pays, in place of the payouts it covers
        left = deal["left_to_play_for"]
        con.print(f"deal (IFP 62, {deal['method']}) agreed by {', '.join(deal['agreed_by'])}: "
                  + ", ".join(f"{p} {a:,}" for p, a in deal["amounts"].items())
                  + (f"; {left:,} left to play for" if left else ""))
    if st["payouts"] is None and not st["finished"]:
        con.print("payouts: fixed when late registration, rebuys and add-ons close")
    if st["finished"]:
        table = Table(title="results")
        for column in ("place", "player", "prize", "knockouts"):
            table.add_column(column, justify="left" if column == "player" else "right")
        for r in st["results"]:
            table.add_row(str(r["place"]), r["player"], f"{r['prize']:,}", str(r["knockouts"]))
        con.print(table)
        return
    for tab in st["tables"]:
        title = f"table {tab['table']}"
        if tab["button"] is not None:
            title += f", button seat {tab['button']}"
        if tab["halted"]:
            title += f" (play halted, {st['halt_rule']})"
        table = Table(title=title)
        table.add_column("seat", justify="right")
        table.add_column("player")
        for s in tab["seats"]:
            table.add_row(str(s["seat"]), s["player"])
        con.print(table)


def moves(name: str, all_moves: bool, button: str | None, output: OutputFormat,
          db: str | None) -> None:
    """``pokertd tournament moves``, as :mod:`pokertd.cli.live` declares it."""
    from ..services.tournaments import describe_move, seat_changes
    from ..tournament import events as ev

    buttons = _buttons(button)
    if buttons is not None:
        t = _run(db, lambda s: s.buttons(name, buttons).tournament)
    else:
        seen = _run(db, lambda s: s.observe(name))
        t = seen.tournament
        _print_clock(seen.clock, err=output is OutputFormat.json)
    changes = seat_changes(t.events, latest=not all_moves)
    if output is OutputFormat.json:
        typer.echo(json.dumps([ev.to_dict(e) for e in changes]))
        return
    if not changes:
        typer.echo("no moves to make")
    for e in changes:
        for line in describe_move(e):
            typer.echo(line)
    _print_rulings(t, changes)
    _print_balancing(t, name)


def payouts(name: str, output: OutputFormat, db: str | None) -> None:
    """``pokertd tournament payouts``, as :mod:`pokertd.cli.live` declares it."""
    seen = _run(db, lambda s: s.observe(name))
    t = seen.tournament
    _print_clock(seen.clock, err=output is OutputFormat.json)
    if t.payouts is None:
        raise fail(f"{name}: the payouts are fixed when the field is final (at the start, or "
                   "when late registration, rebuys and add-ons close)")
    at: dict[int, list[str]] = {}
    for p in t.players.values():
        if p.place is not None:
            at.setdefault(p.place, []).append(p.name)
    rows: list[dict[str, Any]] = [{"place": i, "amount": a, "players": sorted(at.get(i, []))}
                                  for i, a in enumerate(t.payouts, start=1)]
    from ..services.tournaments import prize_won

    # What each player of a row is paid: the place's amount, or his share of the places a tie
    # spans (IFP 57), or what a deal gave him (IFP 62); the places a deal covers are marked.
    dealt = len(t.deal["players"]) if t.deal is not None else 0
    for r in rows:
        if r["players"] or t.finished:
            r["prizes"] = {p: prize_won(t, p) for p in r["players"]}
        if t.deal is not None:
            r["deal"] = r["place"] <= dealt
    if output is OutputFormat.json:
        typer.echo(json.dumps(rows))
        return
    table = Table(title=f"{name}: {t.entrants} entrants, prize pool {t.prize_pool:,}")
    table.add_column("place", justify="right")
    table.add_column("amount", justify="right")
    table.add_column("player")
    for r in rows:
        paid = r.get("prizes", {})
        players = ", ".join(p + (f" ({paid[p]:,})" if paid.get(p) not in (None, r["amount"])
                                 else "") for p in r["players"])
        table.add_row(str(r["place"]), "deal" if r.get("deal") else f"{r['amount']:,}",
                      players)
    Console().print(table)
    if t.deal is not None:
        d = t.deal
        typer.echo(f"the deal (IFP 62, {d['method']}), agreed by {', '.join(d['agreed_by'])}:")
        table = Table()
        table.add_column("player")
        table.add_column("paid", justify="right")
        table.add_column("place", justify="right")
        for p, a in zip(d["players"], d["amounts"]):
            place = t.players[p].place
            table.add_row(p, f"{a:,}", "-" if place is None else str(place))
        Console().print(table)
        if d["left_to_play_for"]:
            Console().print(f"{d['left_to_play_for']:,} left to play for: the winner's")
