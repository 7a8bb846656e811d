"""``pokertd simulate``: a whole dealt tournament played by bots, to a winner.

Progress (players left, hands, level) goes to standard error with Rich, and not at all with
``--format json``; the results go to standard output. The same seed gives the same output.
Bad input (fewer than two players, ...) is a usage error: a clear message and exit status 2.
"""

# No `from __future__ import annotations`: Typer reads each parameter's annotation, and a
# string annotation costs it an eval (a compile) per parameter at every start.
import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from .output import Console, RichConsole, Table

from .app import OutputFormat, app


class Preset(str, Enum):
    gananda = "gananda"
    ifp = "ifp-2012"
    wpa = "wpa"
    tda = "tda-2024"


class Bot(str, Enum):
    sensible = "sensible"
    random = "random"


class StructureName(str, Enum):
    preset = "preset"
    gananda = "gananda"
    horse = "horse"


@contextmanager
def _collector_held() -> Iterator[None]:
    """The cyclic garbage collector off while the tournament plays: the hands and the
    director make no garbage cycles, but the event log grows by a hand's records each hand and
    the collector scanned it again and again (about a sixth of a 10,000-player run)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@app.command()
def simulate(
    players: Annotated[int, typer.Option(help="Players in the field (2 or more).")],
    preset: Annotated[Preset, typer.Option(help="gananda (the house on ifp-2012), ifp-2012, wpa "
                                           "or tda-2024 over the Gananda structure.")]
    = Preset.gananda,
    seed: Annotated[int, typer.Option(help="Seed for seats, cards and bots.")] = 0,
    bot: Annotated[Bot, typer.Option(help="sensible or random bots.")] = Bot.sensible,
    seconds_per_hand: Annotated[int, typer.Option(help="Simulated seconds per hand.")] = 120,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
    structure: Annotated[StructureName, typer.Option(
        help="The preset's structure, gananda, or horse (limit hold'em, Omaha hi-lo, razz, "
             "stud and stud hi-lo, an orbit each, eight-handed).")] = StructureName.preset,
    fair: Annotated[Path | None, typer.Option(
        "--fair", help="Deal provably fairly and write each revealed hand to this folder "
                       "(NNNNNN.json, checked by pokertd verify).")] = None,
    hand_histories: Annotated[Path | None, typer.Option(
        "--hand-histories", help="Write every hand's history to this folder (see "
                                 "--hand-history-format).")] = None,
    hand_history_format: Annotated[str, typer.Option(
        "--hand-history-format", help="phh (one NNNNNN.phh a hand) or pokerstars (one PokerStars "
                                      "hand-history file of every hand, in order).")] = "phh",
) -> None:
    """Play a dealt freezeout with bots to a winner and print the results.

    Example: pokertd simulate --players 27 --preset gananda --seed 2026 --format json
    """
    from ..sim import simulate as run

    if players < 2:
        raise typer.BadParameter(f"a tournament needs at least 2 players, got {players}",
                                 param_hint="--players")
    if seconds_per_hand < 1:
        raise typer.BadParameter(f"a hand takes at least 1 second, got {seconds_per_hand}",
                                 param_hint="--seconds-per-hand")
    chosen = None if structure is StructureName.preset else structure.value
    histories = _hand_histories(hand_histories, hand_history_format, seed)
    reveal = None
    if fair is not None:
        try:
            fair.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise typer.BadParameter(f"cannot make the folder {fair}: {exc.strerror or exc}",
                                     param_hint="--fair") from None
        count = [0]

        def reveal(record) -> None:  # type: ignore[no-untyped-def]
            count[0] += 1
            (fair / f"{count[0]:06d}.json").write_text(json.dumps(record), encoding="utf-8")
    if output is OutputFormat.json:
        with _collector_held():
            result = run(players, preset=preset.value, seed=seed, bot=bot.value,
                         seconds_per_hand=seconds_per_hand, structure=chosen, fair=reveal,
                         hand_done=histories)
        typer.echo(json.dumps(result.to_dict()))
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    err = RichConsole(stderr=True)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[info]}"), TimeElapsedColumn(), console=err,
                  transient=True) as progress:
        task = progress.add_task("players out", total=players - 1, info="")

        def show(t) -> None:  # type: ignore[no-untyped-def]
            progress.update(task, completed=t.entrants - max(t.alive, 1),
                            info=f"{t.hands:,} hands, level {t.level}")

        with _collector_held():
            result = run(players, preset=preset.value, seed=seed, bot=bot.value,
                         seconds_per_hand=seconds_per_hand, progress=show, structure=chosen,
                         fair=reveal, hand_done=histories)
    t = result.tournament
    table = Table(title=f"{players} players ({preset.value}"
                        f"{'' if chosen is None else ', ' + chosen}), {result.hands:,} hands, prize pool "
                        f"{result.prize_pool:,}, winner {t.winner}")
    table.add_column("place", justify="right")
    table.add_column("player")
    table.add_column("prize", justify="right")
    table.add_column("knockouts", justify="right")
    for r in result.results:
        if r["prize"] or r["place"] <= 10:
            table.add_row(str(r["place"]), r["player"], f"{r['prize']:,}", str(r["knockouts"]))
    Console().print(table)
    shown = sum(1 for r in result.results if r["prize"] or r["place"] <= 10)
    if shown < players:
        Console().print(f"{players - shown} more players out of the money (--format json lists all)")


def _hand_histories(folder: Path | None, fmt: str, seed: int):  # type: ignore[no-untyped-def]
    """The hook writing each hand's history into ``folder`` (None: no histories)."""
    if folder is None:
        return None
    from ..sim.hand_histories import FORMATS, HandHistories
    if fmt not in FORMATS:
        raise typer.BadParameter(f"{fmt!r}: one of {', '.join(FORMATS)}", param_hint="--hand-history-format")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise typer.BadParameter(f"cannot make the folder {folder}: {exc.strerror or exc}",
                                 param_hint="--hand-histories") from None
    return HandHistories(folder, fmt, tournament=max(seed, 0) + 1)
