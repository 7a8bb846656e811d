"""``pokertd tournament ...``: a live event run by the director, kept in the database.

Each command loads the tournament from its events, runs one director command and appends the
new events in one transaction (:mod:`pokertd.services.tournaments`), so the state survives
anything that happens to the process::

    pokertd tournament new "Friday 27" --preset gananda
    pokertd tournament register "Friday 27" Ann Bob Cid Dan
    pokertd tournament start "Friday 27"
    pokertd tournament bust "Friday 27" Dan --by Ann
    pokertd tournament moves "Friday 27"
    pokertd tournament status "Friday 27" --format json

``--db URL`` on every command: a database URL or an SQLite file path; default ``$POKERTD_DB``,
else ``pokertd.db`` in the user's data directory. Bad input (an unknown tournament or player,
busting someone twice, a deal not everyone agrees to, ...) prints a clear message on standard
error and exits with status 2; nothing is written. A command that lost a race with another
writer exits with status 1, also writing nothing.

``--command-id ID`` on every command that changes an event: the script's id for the command
(8 to 64 letters, digits, ``-`` or ``_``), stored with its events. A script that does not know
whether a command was recorded (the process or the database went away) runs it again with the
same id: if the log holds it, nothing is applied again and the command prints ``already done``
and exits with status 0.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from typing import Annotated, Any, TypeVar

import typer
from .output import Console, Table

from .app import Db, OutputFormat, app, fail

live = typer.Typer(
    name="tournament",
    help="Run a live tournament: new, register, unregister, start, pause, resume, arrive, penalty, "
         "bust, button, rebuy, addon, hand-for-hand, last-hands, chip-race, status, moves, "
         "seats, payouts, deal, undo, redo, list, forecast. State is kept in the database "
         "(--db).",
    no_args_is_help=True,
)
app.add_typer(live, name="tournament")

T = TypeVar("T")


class Preset(str, Enum):
    gananda = "gananda"
    ifp = "ifp-2012"
    wpa = "wpa"
    tda = "tda-2024"


class HandForHandAction(str, Enum):
    start = "start"
    hand_done = "hand-done"
    stop = "stop"


class SeatsFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    html = "html"


class DealKind(str, Enum):
    icm = "icm"
    chip_chop = "chip-chop"
    chip_chop_lowest_locked = "chip-chop-lowest-locked"
    custom = "custom"


Name = Annotated[str, typer.Argument(help="The tournament's name.")]
def _command_id(value: str | None) -> str | None:
    """``--command-id`` checked before the database is opened (nothing created for a bad one)."""
    if value is not None:
        from ..services.tournaments import TournamentServiceError, check_command_id

        try:
            check_command_id(value)
        except TournamentServiceError as exc:
            raise fail(f"--command-id: {exc}") from None
    return value


CommandId = Annotated[str | None, typer.Option(
    "--command-id", callback=_command_id,
    help="An id for this command (8 to 64 letters, digits, - or _): run again with the same "
         "id, a command already recorded is not applied twice (it says 'already done', "
         "exit 0).")]
Format = Annotated[OutputFormat, typer.Option("--format", help="table or json.")]


@contextmanager
def _service(db: str | None, *, create: bool = False) -> Iterator[Any]:
    """The tournament service on the store at ``db``; refusals become exit status 2.
    Only a command that creates a tournament (``create``) may create the database: any other
    finds none at a mistyped path and says so, creating nothing."""
    from ..services.tournaments import TournamentService, TournamentServiceError
    from ..storage import ConcurrencyError, StorageError, open_store

    try:
        store = open_store(db, create=create)
    except StorageError as exc:  # StoreUnavailable: the problem and what would be right
        raise fail(str(exc)) from None
    try:
        yield TournamentService(store)
    except ConcurrencyError as exc:
        raise fail(f"another command changed the tournament meanwhile ({exc}); run it again",
                   1) from None
    except (TournamentServiceError, StorageError, ValueError) as exc:
        # DirectorError, DealError, ClockError: the pure layers' refusals are ValueErrors.
        raise fail(str(exc)) from None
    finally:
        store.close()


def _run(db: str | None, command: Callable[[Any], T], *, create: bool = False) -> T:
    with _service(db, create=create) as service:
        out = command(service)
    if getattr(out, "repeated", False) is True:
        # --command-id of a command the log already holds: it is not applied again.
        batch = getattr(out, "batch", None)
        typer.echo("already done: this command id is in the log"
                   + (f" (batch {batch})" if batch is not None else "")
                   + "; nothing applied again")
        raise typer.Exit(0)
    return out


def _names(text: str, option: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise fail(f"{option}: give at least one player, comma-separated")
    return names


def _amounts(text: str, option: str) -> dict[str, int]:
    """``Ann=30000,Bob=20000`` as a mapping of player to whole number."""
    out: dict[str, int] = {}
    for item in (t.strip() for t in text.split(",")):
        player, sep, value = item.rpartition("=")
        player = player.strip()
        try:
            amount = int(value)
        except ValueError:
            amount = None
        if not sep or not player or amount is None:
            raise fail(f"{option}: {item!r} is not PLAYER=AMOUNT (e.g. Ann=30000,Bob=20000)")
        if player in out:
            raise fail(f"{option}: {player} is listed twice")
        out[player] = amount
    return out


def _buttons(text: str | None, option: str = "--button") -> dict[int, int] | None:
    """``2=5,1=3`` (table 2's button on seat 5, table 1's on seat 3) as table -> seat."""
    if text is None:
        return None
    out: dict[int, int] = {}
    for item in (t.strip() for t in text.split(",")):
        table, sep, seat = item.partition("=")
        try:
            pair = (int(table), int(seat))
        except ValueError:
            pair = None
        if not sep or pair is None:
            raise fail(f"{option}: {item!r} is not TABLE=SEAT, the seat of the dealer button at "
                       "a table (e.g. 2=5,1=3)")
        if pair[0] in out:
            raise fail(f"{option}: table {pair[0]} is listed twice")
        out[pair[0]] = pair[1]
    return out


def _print_balancing(t: Any, name: str) -> None:
    """A live balancing move waiting for the buttons (IFP 11a; WPA 5): say which."""
    wait = None if t.finished or t.dealt else t.balancing_wait()
    if wait is None or not wait["buttons_needed"]:
        return
    tables = ", ".join(str(x) for x in wait["buttons_needed"])
    example = ",".join(f"{x}=SEAT" for x in wait["buttons_needed"])
    typer.echo(f"balancing due ({wait['rule']}): table {wait['from_table']} gives a player to "
               f"table {wait['to_table']}; record the button at table(s) {tables}: "
               f"pokertd tournament moves {name!r} --button {example}")


def _echo_json(out: Any, **extra: Any) -> None:
    """A command's result as JSON: the events it appended (as stored) and ``extra``."""
    typer.echo(json.dumps({"events": [{"seq": e.seq, "type": e.type, **e.payload}
                                      for e in out.events], **extra}))


def _print_clock(events: Any, err: bool = False) -> None:
    """What the clock brought since the last command (recorded with this one); ``err``: on
    standard error (a command whose standard output is data: JSON, CSV, HTML)."""
    if err:
        import contextlib
        import sys

        with contextlib.redirect_stdout(sys.stderr):
            _print_clock(events)
        return
    for e in events:
        if e.type == "level_started":
            typer.echo(f"level {e.level} has started" + (f" ({e.rule})" if e.rule else ""))
        elif e.type == "dead_stacks_removed":
            chips = ", ".join(f"{n} x {v}" for v, n in e.by_value)
            typer.echo(f"registration closed: remove the starting stacks of {e.seats} unsold "
                       f"seat(s), {e.chips:,} chips" + (f" ({chips})" if chips else "")
                       + f" ({e.rule})")
        elif e.type == "busted":
            typer.echo(f"{e.player} is out in place {e.place}: {e.removed:,} chips removed "
                       f"({e.rule})")
        elif e.type == "payouts_fixed":
            typer.echo(f"payouts fixed: {e.entrants} entrants, prize pool {e.pool:,}")
        elif e.type == "clock_paused":
            typer.echo(f"clock stopped ({e.reason}): resume once the players are seated")
    _print_moves(list(events))


def _print_rulings(t: Any, events: list[Any]) -> None:
    """What to tell the floor (halted tables, players waiting for the button, the final
    table's button draw: IFP 11a, IFP 10, IFP 16)."""
    from ..services.tournaments import rulings

    for line in rulings(t, events):
        typer.echo(line)


def _print_moves(events: list[Any]) -> None:
    from ..services.tournaments import describe_move, seat_changes

    for e in seat_changes(events, latest=False):
        for line in describe_move(e):
            typer.echo(f"move: {line}")


# --- commands ---------------------------------------------------------------------------------


@live.command()
def new(
    name: Name,
    preset: Annotated[Preset, typer.Option(help="gananda (the house on ifp-2012), or ifp-2012, "
                                           "wpa, tda-2024 over the Gananda structure.")]
    = Preset.gananda,
    seed: Annotated[int | None, typer.Option(
        help="Seed for the seat draws (default: the system's secure generator, IFP 5).")] = None,
    seats: Annotated[int | None, typer.Option(
        help="Seats for sale, each laid out with a starting stack: registration stops when "
             "they are sold; the unsold seats' stacks are removed when registration closes "
             "(IFP 9).")] = None,
    structure: Annotated[str | None, typer.Option(
        help="A structure file of your own (.toml or .json: levels, breaks, starting stack, "
             "late registration, rebuys, add-on), as the shipped Gananda one; replaces the "
             "preset's.")] = None,
    buy_in: Annotated[int | None, typer.Option(
        "--buy-in", help="The buy-in in whole money units (default: the preset's, 25).")] = None,
    to_prize_pool: Annotated[int | None, typer.Option(
        "--to-prize-pool", help="The part of each buy-in that goes to the prize pool; the rest "
                                "is the fee (Gananda: 20 of 25, the other 5 to the TOC pool). "
                                "Default: the preset's, or the whole buy-in if --buy-in is "
                                "given.")] = None,
    payouts: Annotated[str | None, typer.Option(
        "--payouts", help="gananda, generated, or a payout table of your own (.toml or .json, "
                          "percentages of the pool by field size, as the shipped Gananda one; "
                          "larger fields than it covers get the generated structure).")] = None,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Create a live tournament: a preset, and what it changes of it (structure, money,
    payouts, seats). A bad setting: the message, exit 2, nothing stored."""
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


@live.command()
def register(
    name: Name,
    players: Annotated[list[str], typer.Argument(help="Players to register.")],
    absent: Annotated[bool, typer.Option("--absent", help="Paid but not at the table: dealt "
                                         "in, blinds posted, cards killed (IFP 8); under the "
                                         "Gananda house removed at level 3.")] = False,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Register players: all of them or, one refused, none.

    After the start, late entries are seated while registration is open (IFP 9).
    """
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


@live.command()
def unregister(
    name: Name,
    players: Annotated[list[str], typer.Argument(help="Players whose registration is "
                                                 "withdrawn.")],
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Withdraw registrations before the start (their buy-ins leave the prize pool): all of
    them or, one refused, none. After the start a player is in the field (IFP 5, IFP 8)."""
    out = _run(db, lambda s: s.unregister(name, players, command_id=command_id))
    t = out.tournament
    gone = ", ".join(e.player for e in out.result)
    typer.echo(f"unregistered {gone}: {t.entrants} entrants, prize pool {t.prize_pool}")


@live.command(name="list")
def list_tournaments(output: Format = OutputFormat.table, db: Db = None) -> None:
    """Every tournament in the database, oldest first: created (not started), running or
    finished, the players (left of the entrants), the level now and the winner."""
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


@live.command()
def start(name: Name, command_id: CommandId = None, db: Db = None) -> None:
    """Start the clock and draw the seats at random (IFP 5)."""
    out = _run(db, lambda s: s.start(name, command_id=command_id))
    t = out.tournament
    assert t.floor is not None
    typer.echo(f"started: {t.entrants} players at {t.floor.table_count} table(s)")
    for tid, table in sorted(t.floor.tables.items()):
        seated = ", ".join(f"{k + 1}: {p}" for k, p in enumerate(table.seats) if p is not None)
        typer.echo(f"table {tid}: {seated}")
    _print_clock([e for e in out.result if e.type != "seated"] + list(out.clock))


@live.command()
def pause(
    name: Name,
    reason: Annotated[str, typer.Option(help="Why the clock stops.")] = "director",
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Stop the clock."""
    out = _run(db, lambda s: s.pause(name, reason, command_id=command_id))
    _print_clock(out.clock)
    typer.echo("clock stopped")


@live.command()
def resume(name: Name, command_id: CommandId = None, db: Db = None) -> None:
    """Restart the clock."""
    out = _run(db, lambda s: s.resume(name, command_id=command_id))
    _print_clock(out.clock)
    typer.echo("clock running")


@live.command()
def penalty(name: Name, player: Annotated[str, typer.Argument(help="The player penalised.")],
            kind: Annotated[str, typer.Option("--penalty", help="warning, hands, rounds or disqualification.")],
            rounds: Annotated[int, typer.Option("--rounds", help="Rounds missed: one hand per player at his table, him included, per round.")] = 0,
            hands: Annotated[int, typer.Option("--hands", help="Hands missed.")] = 0,
            command_id: CommandId = None,
            db: Db = None) -> None:
    """A penalty (IFP 70, WPA 41, TDA 71): while it runs he is away, dealt in, his blinds and
    antes posted, his hand killed; a disqualified player's chips are removed from play."""
    out = _run(db, lambda s: s.penalty(name, player, kind, rounds=rounds, hands=hands,
                                       command_id=command_id))
    e = out.result[0]
    if kind == "disqualification":
        typer.echo(f"{e.player} is disqualified, his chips removed from play ({e.rule})")
    elif e.hands:
        typer.echo(f"{e.player} misses {e.hands} hands, away from the table ({e.rule})")
    else:
        typer.echo(f"{e.player}: a warning ({e.rule})")


@live.command()
def arrive(name: Name, player: Annotated[str, typer.Argument(help="The absent player.")],
           command_id: CommandId = None,
           db: Db = None) -> None:
    """An absent player arrives and plays his stack (IFP 8; Gananda: Absent/Late Players)."""
    out = _run(db, lambda s: s.arrive(name, player, command_id=command_id))
    _print_clock(out.clock)
    player = out.result[-1].player          # as registered (names match in any case)
    typer.echo(f"{player} has arrived: {out.tournament.players[player].stack:,} chips")


@live.command()
def bust(
    name: Name,
    players: Annotated[list[str], typer.Argument(
        help="The player out; several: out in the same hand (IFP 57).")],
    by: Annotated[str | None, typer.Option(
        "--by", help="Who won his chips (the knockout): a name, or for several players out "
                     "PLAYER=WINNER,... (Ann=Cid,Bob=Dan).")] = None,
    stacks: Annotated[str, typer.Option(
        "--stacks", help="Several players out in one hand: each one's stack at the start of the "
                         "hand, Ann=1400,Bob=1600; the larger finishes higher, equal stacks tie "
                         "(IFP 57, WPA 8, Gananda: Winning the Tournament).")] = "",
    button: Annotated[str | None, typer.Option(
        "--button", help="The dealer buttons now, TABLE=SEAT,...: who moves when the tables "
                         "are balanced (IFP 11a: the player due the big blind next; WPA 5: "
                         "the big blind) and to which seat.")] = None,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Record a bust-out, or several in one hand, then print the seat moves it calls for (IFP
    10, 11a, 15). The player credited with a knockout (--by) sits at the busted player's
    table (IFP 57)."""
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
            typer.echo(f"{e.player} is out in place {e.place}{tie}{ko}: {_prize(t, e.player)}")
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


def _prize(t: Any, player: str) -> str:
    """The prize a player out has won, as the bust-out announces it."""
    from ..services.tournaments import prize_won

    prize = prize_won(t, player)
    if prize is None:
        return "the prize is known when the payouts are fixed"
    if t.deal is not None and player in t.deal["players"]:
        return f"prize {prize:,} (the deal, IFP 62)"
    return f"prize {prize:,}" if prize else "no prize"


@live.command()
def button(
    name: Name,
    table: Annotated[int, typer.Argument(help="The table.")],
    seat: Annotated[int, typer.Argument(help="The seat the dealer button is on, for the hand "
                                        "being played (or just played; after a bust-out at "
                                        "the table, the hand he busted in); an empty seat is "
                                        "a dead button (IFP 17).")],
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Record where the dealer button is at a table, then make the balancing move it allows.

    The software does not see the hands: a balancing move (IFP 11a: the player due the big
    blind next, to the worst position; WPA 5: the player in the big blind) waits for the
    buttons of both its tables, reported after the bust-out that called for it.
    """
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


@live.command(name="hand-for-hand")
def hand_for_hand(
    name: Name,
    action: Annotated[HandForHandAction, typer.Argument(
        help="start; hand-done (every table has finished the current hand); stop.")],
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Hand-for-hand play near the money (IFP 61: every table starts each hand together, the
    clock runs; TDA RP-8 under its preset: the clock stops and two minutes come off it for
    each hand). Players out in the same hand at different tables: one bust command."""
    out = _run(db, lambda s: s.hand_for_hand(name, action.value, command_id=command_id))
    t = out.tournament
    if output is OutputFormat.json:
        _echo_json(out, hand_for_hand=t.clock.hand_for_hand, hands=t.hand_for_hand_hands)
        return
    from ..services.tournaments import preset_rule

    _print_clock(out.clock)
    rule = preset_rule(t, "hand_for_hand")
    timing = ("the clock stopped, " + f"{t.clock.seconds_per_hand // 60} minutes off it per hand "
              f"({rule})" if t.clock.seconds_per_hand else f"the clock runs ({rule})")
    if action is HandForHandAction.start:
        typer.echo(f"hand-for-hand: every table starts each hand together; {timing}")
    elif action is HandForHandAction.hand_done:
        typer.echo(f"hand-for-hand: hand {t.hand_for_hand_hands} done at every table; deal "
                   "the next one together")
    else:
        typer.echo(f"hand-for-hand ended after {t.hand_for_hand_hands} hand(s)")


@live.command(name="last-hands")
def last_hands(
    name: Name,
    hands: Annotated[int | None, typer.Option(
        "--hands", help="The number a player drew (3 to 7); default: drawn at random here.")]
    = None,
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """End of day (IFP 14; WPA 9): within the last 15 minutes of the day's final level the
    clock stops and the last 3 to 7 hands are announced. `resume` starts the next day."""
    out = _run(db, lambda s: s.last_hands(name, hands, command_id=command_id))
    t = out.tournament
    if output is OutputFormat.json:
        _echo_json(out, last_hands=t.clock.last_hands)
        return
    _print_clock(out.clock)
    e = out.result[-1]
    from ..services.tournaments import preset_rule

    typer.echo(f"clock stopped: the last {e.hands} hands of the day"
               + (" (drawn at random)" if e.drawn else "")
               + f" ({preset_rule(t, 'end_of_day_hands')})")


@live.command(name="chip-race")
def chip_race(
    name: Name,
    table: Annotated[int, typer.Argument(help="The table racing.")],
    stacks: Annotated[str, typer.Option(
        "--stacks", help="Every player's chips at the table before the race: "
                         "Ann=1525,Bob=2210,...")],
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """The chip race at one table at a chip-up break (IFP 56; WPA 14; TDA 24 under its
    preset): the odd chips of the colours going out raced from seat 1, at most one chip to a
    player, rounded by the preset, no one raced out. The colours leave play once every table
    has raced."""
    chips = _amounts(stacks, "--stacks")
    out = _run(db, lambda s: s.chip_race(name, table, chips, command_id=command_id))
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


@live.command()
def rebuy(name: Name, player: Annotated[str, typer.Argument(help="The player.")],
          stack: Annotated[int | None, typer.Option(
              "--stack", help="His chips as counted, checked against the rebuy limit; "
                              "without it his word that he is broke or under the limit is "
                              "taken. A player reported busted rebuys with none and stays "
                              "in.")] = None,
          command_id: CommandId = None,
          db: Db = None) -> None:
    """A rebuy in the rebuy period (IFP 59; WPA 6): the rebuys a player and the limit are
    checked; a busted player who rebuys before the next hand stays in (IFP 59)."""
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


@live.command()
def addon(name: Name, player: Annotated[str, typer.Argument(help="The player.")],
          command_id: CommandId = None,
          db: Db = None) -> None:
    """An add-on after its level (WPA 6)."""
    out = _run(db, lambda s: s.addon(name, player, command_id=command_id))
    t = out.tournament
    _print_clock(out.clock)
    player = out.result[-1].player
    typer.echo(f"{player} took the add-on: {t.players[player].stack} chips, "
               f"prize pool {t.prize_pool}")


@live.command()
def status(name: Name, output: Format = OutputFormat.table, db: Db = None) -> None:
    """The clock (level, blinds, time left), the players left and the tables."""
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


@live.command()
def moves(
    name: Name,
    all_moves: Annotated[bool, typer.Option("--all", help="Every move so far, not only the "
                                            "last rearrangement's.")] = False,
    button: Annotated[str | None, typer.Option(
        "--button", help="Record the dealer buttons first, TABLE=SEAT,...: a balancing move "
                         "waits for the buttons of both its tables (IFP 11a; WPA 5).")] = None,
    output: Format = OutputFormat.table,
    db: Db = None,
) -> None:
    """The seat moves to make, with old and new table and seat.

    Those of the last rearrangement (a balancing move, a table broken, the final table drawn).
    A live balancing move is made once the buttons of its two tables are known (--button, or
    the button command): the player due the big blind next moves to the worst position (IFP
    11a; WPA 5: the big blind).
    """
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


@live.command()
def payouts(name: Name, output: Format = OutputFormat.table, db: Db = None) -> None:
    """The prize of each paid place (fixed when the field is final), with who finished there;
    after a deal (IFP 62), what each player in it is paid."""
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


@live.command()
def deal(
    name: Name,
    kind: Annotated[DealKind, typer.Option("--kind", help="icm, chip-chop, "
                                           "chip-chop-lowest-locked or custom.")],
    agree: Annotated[str, typer.Option("--agree", help="Every remaining player, "
                                       "comma-separated: each agrees (IFP 62).")],
    stacks: Annotated[str, typer.Option("--stacks", help="Each remaining player's chips: "
                                        "Ann=30000,Bob=20000.")] = "",
    amounts: Annotated[str, typer.Option("--amounts", help="custom: each remaining player's "
                                         "amount: Ann=300,Bob=200.")] = "",
    left_to_play_for: Annotated[int, typer.Option(help="Taken off first prize and played "
                                                  "for.")] = 0,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Record a deal of the prizes still to be paid (IFP 62)."""
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


# --- undo and redo (run by pokertd.cli.undo) --------------------------------------------------


DryRun = Annotated[bool, typer.Option("--dry-run", help="Show what it would change back; "
                                       "write nothing.")]


@live.command()
def undo(name: Name, output: Format = OutputFormat.table, dry_run: DryRun = False,
         command_id: CommandId = None, db: Db = None) -> None:
    """Undo the last command (a wrong bust-out, a wrong registration, ...), and again for the
    one before. The undo is recorded as an event (nothing is deleted) and the output lists what
    it changes back, with the seat moves to reverse. The clock's events recorded with the
    command (a level change, the Gananda level-3 removal) are recorded again if they are due."""
    from . import undo as run
    run.undo(name, output, dry_run, db, command_id)


@live.command()
def redo(name: Name, output: Format = OutputFormat.table, dry_run: DryRun = False,
         command_id: CommandId = None, db: Db = None) -> None:
    """Put back the last command undone, exactly as it was recorded. A command given after
    an undo clears what could be redone."""
    from . import undo as run
    run.redo(name, output, dry_run, db, command_id)


@live.command()
def seats(
    name: Name,
    output: Annotated[SeatsFormat, typer.Option(
        "--format", help="table, json, csv, or html (a standalone page to print or put on a "
                         "screen).")] = SeatsFormat.table,
    everyone: Annotated[bool, typer.Option("--all", help="The players out too, with their "
                                           "places.")] = False,
    db: Db = None,
) -> None:
    """Every player in play alphabetically with his table and seat (absent players marked),
    to find a seat at the door or print the seating chart."""
    from . import seats as run
    run.seats(name, output.value, everyone, db)


@live.command()
def forecast(
    name: Name,
    finish_by: Annotated[str | None, typer.Option(
        "--finish-by", help="A target (HH:MM, the first after the start, or YYYY-MM-DD HH:MM): "
                            "the chance of finishing by then, and a change of the levels to "
                            "come if the forecast misses it.")] = None,
    runs: Annotated[int, typer.Option(help="Simulated rests of the event.")] = 200,
    hands_per_hour: Annotated[float | None, typer.Option(
        "--hands-per-hour", help="Hands each table deals an hour (default: measured from the "
                                 "bust-outs so far, 30 until three are out).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the runs.")] = 0,
    jobs: Annotated[int, typer.Option(help="Processes on this machine.")] = 1,
    ray: Annotated[str | None, typer.Option(
        help="Run the simulations as Ray tasks on the cluster at this address (or auto).")]
    = None,
    output: Format = OutputFormat.table,
    db: Db = None,
) -> None:
    """The live forecast: the bubble, the final table and the end with their bands, from the
    event's state and its bust-out times (they measure the room's pace)."""
    from . import live_forecast as run
    run.forecast(name, runs, hands_per_hour, finish_by, seed, jobs, ray, output.value, db)
