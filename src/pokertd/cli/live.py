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

This module declares the group's commands (their arguments, options and help: what
``pokertd tournament --help`` reads) and nothing more; each command's work is in the module of
its group, imported when it runs: :mod:`~pokertd.cli.live_registration`,
:mod:`~pokertd.cli.live_clock`, :mod:`~pokertd.cli.live_eliminations`,
:mod:`~pokertd.cli.live_money`, :mod:`~pokertd.cli.live_floor`,
:mod:`~pokertd.cli.live_reading`, :mod:`~pokertd.cli.seats`, :mod:`~pokertd.cli.undo` and
:mod:`~pokertd.cli.live_forecast`, with their shared parts in :mod:`~pokertd.cli.live_common`.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from .app import Db, OutputFormat, app, fail

live = typer.Typer(
    name="tournament",
    help="Run a live tournament: new, register, unregister, start, pause, resume, clock, levels, "
         "arrive, penalty, "
         "bust, button, rebuy, addon, hand-for-hand, last-hands, chip-race, status, moves, "
         "seats, payouts, deal, undo, redo, list, forecast. State is kept in the database "
         "(--db).",
    no_args_is_help=True,
)
app.add_typer(live, name="tournament")

class Preset(str, Enum):
    gananda = "gananda"
    ifp = "ifp-2012"
    wpa = "wpa"
    tda = "tda-2024"


class ClockAction(str, Enum):
    next = "next"
    previous = "previous"
    add = "add"
    subtract = "subtract"
    set = "set"


class LevelsAction(str, Enum):
    show = "show"
    level = "level"
    add = "add"
    break_ = "break"
    remove_break = "remove-break"


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
    from . import live_registration as run
    run.new(name, preset, seed, seats, structure, buy_in, to_prize_pool, payouts, command_id, db)


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
    from . import live_registration as run
    run.register(name, players, absent, command_id, db)


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
    from . import live_registration as run
    run.unregister(name, players, command_id, db)


@live.command(name="list")
def list_tournaments(output: Format = OutputFormat.table, db: Db = None) -> None:
    """Every tournament in the database, oldest first: created (not started), running or
    finished, the players (left of the entrants), the level now and the winner."""
    from . import live_reading as run
    run.list_tournaments(output, db)


@live.command()
def start(name: Name, command_id: CommandId = None, db: Db = None) -> None:
    """Start the clock and draw the seats at random (IFP 5)."""
    from . import live_registration as run
    run.start(name, command_id, db)


@live.command()
def pause(
    name: Name,
    reason: Annotated[str, typer.Option(help="Why the clock stops.")] = "director",
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Stop the clock."""
    from . import live_clock as run
    run.pause(name, reason, command_id, db)


@live.command()
def resume(name: Name, command_id: CommandId = None, db: Db = None) -> None:
    """Restart the clock."""
    from . import live_clock as run
    run.resume(name, command_id, db)


@live.command()
def clock(
    name: Name,
    action: Annotated[ClockAction, typer.Argument(
        help="next or previous (the next or previous level or break, at its full time); add "
             "or subtract TIME (to or from the time left); set TIME (the time left).")],
    time: Annotated[str | None, typer.Argument(
        help="For add, subtract and set: 5m, 90s, 1h, 12:30 (minutes:seconds), 1:05:00, or "
             "a number of minutes.", show_default=False)] = None,
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Set the clock (IFP 1 / TDA 1: the director's decision): go to the next or previous
    level, add or take off time, set the time left. The level it brings starts with the next
    hand (IFP 23 / TDA 23: announce it); undo takes it back. Shown on the room's screens at
    once."""
    from . import live_clock as run
    run.clock(name, action, time, output, command_id, db)


@live.command()
def levels(
    name: Name,
    action: Annotated[LevelsAction, typer.Argument(
        help="show (default); level N: change level N; add: a level at the end; break N: a "
             "break after level N; remove-break N: take break N out.")] = LevelsAction.show,
    number: Annotated[int | None, typer.Argument(
        help="The level (level, break) or the break (remove-break).",
        show_default=False)] = None,
    minutes: Annotated[int | None, typer.Option("--minutes", help="Its duration.")] = None,
    blinds: Annotated[str | None, typer.Option(
        "--blinds", help="Small and big blind: 150/300.")] = None,
    ante: Annotated[int | None, typer.Option("--ante", help="The ante (every player).")] = None,
    bb_ante: Annotated[int | None, typer.Option(
        "--bb-ante", help="A big-blind ante (TDA RP-11) instead of the ante.")] = None,
    color_up: Annotated[str | None, typer.Option(
        "--color-up", help="A break: the chips that go out at it, 25 or 25,100 (a chip race, "
                           "IFP 56).")] = None,
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """Show the levels and breaks (played, now, to come), or change the ones still to come
    (IFP 1 / TDA 1): a level's duration, blinds and antes, a level added at the end, a break
    added or removed. The levels played and the one being played do not change (IFP 23); a
    structure that breaks its rules (blinds that do not rise, antes that fall: TDA RP-11; a
    chip-up of colours not in play: IFP 56) is refused with its message. Undo takes it back."""
    from . import live_clock as run
    run.levels(name, action, number, minutes, blinds, ante, bb_ante, color_up, output,
               command_id, db)


@live.command()
def penalty(name: Name, player: Annotated[str, typer.Argument(help="The player penalised.")],
            kind: Annotated[str, typer.Option("--penalty", help="warning, hands, rounds or disqualification.")],
            rounds: Annotated[int, typer.Option("--rounds", help="Rounds missed: one hand per player at his table, him included, per round.")] = 0,
            hands: Annotated[int, typer.Option("--hands", help="Hands missed.")] = 0,
            command_id: CommandId = None,
            db: Db = None) -> None:
    """A penalty (IFP 70, WPA 41, TDA 71): while it runs he is away, dealt in, his blinds and
    antes posted, his hand killed; a disqualified player's chips are removed from play."""
    from . import live_registration as run
    run.penalty(name, player, kind, rounds, hands, command_id, db)


@live.command()
def arrive(name: Name, player: Annotated[str, typer.Argument(help="The absent player.")],
           command_id: CommandId = None,
           db: Db = None) -> None:
    """An absent player arrives and plays his stack (IFP 8; Gananda: Absent/Late Players)."""
    from . import live_registration as run
    run.arrive(name, player, command_id, db)


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
    from . import live_eliminations as run
    run.bust(name, players, by, stacks, button, command_id, db)


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
    from . import live_floor as run
    run.button(name, table, seat, output, command_id, db)


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
    from . import live_clock as run
    run.hand_for_hand(name, action, output, command_id, db)


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
    from . import live_clock as run
    run.last_hands(name, hands, output, command_id, db)


@live.command(name="chip-race")
def chip_race(
    name: Name,
    table: Annotated[int, typer.Argument(help="The table racing.")],
    stacks: Annotated[str, typer.Option(
        "--stacks", help="Every player's chips at the table before the race: "
                         "Ann=1525,Bob=2210,...")],
    correction: Annotated[str | None, typer.Option(
        "--correction", help="The last table's count is short of the chips in play: record "
                             "the difference as a count correction, with your reason (TDA 1; "
                             "undone with the race).")] = None,
    output: Format = OutputFormat.table,
    command_id: CommandId = None,
    db: Db = None,
) -> None:
    """The chip race at one table at a chip-up break (IFP 56; WPA 14; TDA 24 under its
    preset): the odd chips of the colours going out raced from seat 1, at most one chip to a
    player, rounded by the preset, no one raced out. The colours leave play once every table
    has raced; the last table's count completes the count of the chips in play, and one short
    of them is refused unless recorded as a --correction."""
    from . import live_floor as run
    run.chip_race(name, table, stacks, output, command_id, db, correction)


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
    from . import live_money as run
    run.rebuy(name, player, stack, command_id, db)


@live.command()
def addon(name: Name, player: Annotated[str, typer.Argument(help="The player.")],
          command_id: CommandId = None,
          db: Db = None) -> None:
    """An add-on after its level (WPA 6)."""
    from . import live_money as run
    run.addon(name, player, command_id, db)


@live.command()
def status(name: Name, output: Format = OutputFormat.table, db: Db = None) -> None:
    """The clock (level, blinds, time left), the players left and the tables."""
    from . import live_reading as run
    run.status(name, output, db)


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
    from . import live_reading as run
    run.moves(name, all_moves, button, output, db)


@live.command()
def payouts(name: Name, output: Format = OutputFormat.table, db: Db = None) -> None:
    """The prize of each paid place (fixed when the field is final), with who finished there;
    after a deal (IFP 62), what each player in it is paid."""
    from . import live_reading as run
    run.payouts(name, output, db)


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
    from . import live_money as run
    run.deal(name, kind, agree, stacks, amounts, left_to_play_for, command_id, db)


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
