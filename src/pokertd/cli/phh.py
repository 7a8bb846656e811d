"""``pokertd phh``: replay PHH hand histories through the engine, export engine hands as PHH.

``pokertd phh replay [--rules PRESET] [--check] [--jobs N] PATH...`` prints one JSON line
per hand, in the order of the files::

    {"path": ..., "ok": true, "finishing_stacks": [...]}
    {"path": ..., "ok": false, "error": ..., "action": i}

The finishing stacks come from ``starting_stacks`` and ``actions`` alone; ``--check`` also
compares them with the file's ``finishing_stacks`` (a file that records none is replayed and
reported ``"checked": false``, not as failed). The exit status is 0 when every hand is ok, 1
otherwise. ``--jobs`` (default: every core) replays runs of consecutive files in forked
processes, each taking the next run when it is free; the lines and the status are the same for
any number of jobs.
"""

# No `from __future__ import annotations`: Typer reads each parameter's annotation, and a
# string annotation costs it an eval (a compile) per parameter at every start.
import gc
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .app import app

phh_app = typer.Typer(name="phh", help="PHH hand histories: replay them, export engine hands.",
                      no_args_is_help=True)
app.add_typer(phh_app, name="phh")

# Below this many files per process a fork costs more than it saves.
FILES_PER_JOB = 64


@phh_app.command("replay")
def replay_cmd(
    paths: Annotated[list[Path], typer.Argument(help="PHH files or folders (searched recursively).")],
    rules: Annotated[str | None, typer.Option(
        help="Rules preset: ifp-2012, wpa or tda-2024 (default: the one each file names in "
             "_rules, else ifp-2012).")] = None,
    check: Annotated[bool, typer.Option("--check", help="Also compare with the recorded finishing_stacks.")] = False,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Processes replaying at once (default: all cores; 1: this process).")] = None,
) -> None:
    """Replay hands from their starting stacks and actions; one JSON line per hand."""
    # Importing the engine and replaying leave no garbage cycles worth collecting: the
    # collector would only cost time (and, in forked processes, copy the pages it touches).
    collecting = gc.isenabled()
    gc.disable()
    try:
        ok, files = _replay_all(paths, rules, check, jobs)
    finally:
        if collecting:
            gc.enable()
    raise typer.Exit(0 if ok and files else 1)


def _replay_all(paths: list[Path], rules: str | None, check: bool, jobs: int | None) -> tuple[bool, list[str]]:
    """Print the lines of every file's replay, in order; whether all were ok, and the files."""
    from ..formats.phh import find_file_names
    from ..rules import RuleSet
    try:
        preset = None if rules is None else RuleSet.preset(rules)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--rules") from None
    files = find_file_names(paths)
    workers = min(jobs or os.cpu_count() or 1, max(1, len(files) // FILES_PER_JOB))
    if not hasattr(os, "fork"):                 # Windows: no fork, all in this process
        workers = 1
    ok = True
    out = sys.stdout
    for chunk_ok, text in (_replay_forked(files, preset, check, workers) if workers > 1
                           else [_replay_run(files, preset, check)]):
        ok = ok and chunk_ok
        out.write(text)
    out.flush()
    return ok, files


def _replay_run(files: list[str], preset: Any, check: bool) -> tuple[bool, str]:
    """Replay ``files`` here: whether every hand is ok, and their JSON lines."""
    from ..formats.phh import replay_file
    ok = True
    lines = []
    for f in files:
        r = replay_file(f, preset, check=check)
        ok = ok and r.ok
        lines.append(r.to_json())
    lines.append("")
    return ok, "\n".join(lines)


def _replay_forked(files: list[str], preset: Any, check: bool, workers: int):
    """The runs of ``files`` replayed by this process and ``workers - 1`` forked children,
    yielded in order.

    The files are cut into runs of FILES_PER_JOB and the runs handed out as tickets: their
    numbers written into one pipe before the fork, each process taking the next number as it
    is free (a read of one ticket from a pipe is atomic), so a process slowed by other work
    on its core replays fewer runs instead of holding up the rest. A child sends its runs'
    lines through its own pipe once the tickets are gone (writing earlier could block it while
    this process replays); its exit status says it finished."""
    import struct
    k = len(files)
    # At most 8,192 tickets of 4 bytes: they fit in a pipe's buffer (64 KiB on Linux), so
    # writing them all before anyone reads cannot block.
    step = max(FILES_PER_JOB, -(-k // 8192))
    bounds = list(range(0, k, step)) + [k]
    runs = len(bounds) - 1
    tickets_read, tickets_write = os.pipe()
    with os.fdopen(tickets_write, "wb") as pipe:
        pipe.write(struct.pack(f"<{runs}I", *range(runs)))

    def take_runs(failed: list[int]) -> dict[int, tuple[bool, str]]:
        done = {}
        while len(ticket := os.read(tickets_read, 4)) == 4:
            run = struct.unpack("<I", ticket)[0]
            failed[:] = [run]
            done[run] = _replay_run(files[bounds[run]:bounds[run + 1]], preset, check)
        failed.clear()
        return done

    def run_files(run: int) -> str:
        return f"{files[bounds[run]]} to {files[bounds[run + 1] - 1]}"

    children = []
    for _ in range(workers - 1):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:                                    # the child: replay, send, exit
            status, failed = 3, []
            try:
                os.close(read)
                done = take_runs(failed)
                with os.fdopen(write, "wb") as pipe:
                    for run, (ok, text) in done.items():
                        data = text.encode()
                        pipe.write(struct.pack("<IBQ", run, ok, len(data)) + data)
                status = 0
            except BaseException:                       # noqa: BLE001 - report, then exit
                import traceback
                traceback.print_exc()
                if failed:                              # the run it died in, for the error
                    os.write(write, struct.pack("<IBQ", failed[0], 2, 0))
            finally:
                os._exit(status)
        os.close(write)
        children.append((pid, read))
    done = take_runs([])
    os.close(tickets_read)
    for pid, read in children:
        with os.fdopen(read, "rb") as pipe:
            data = pipe.read()
        status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
        at = 0
        while at < len(data):
            run, ok, size = struct.unpack_from("<IBQ", data, at)
            at += 13
            if ok == 2:
                raise RuntimeError(f"the process replaying {run_files(run)} failed (exit status {status})")
            done[run] = bool(ok), data[at:at + size].decode()
            at += size
        if status != 0:
            raise RuntimeError(f"a process replaying PHH files failed (exit status {status})")
    for run in range(runs):
        yield done[run]


@phh_app.command("export")
def export_cmd(
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here (default: stdout).")] = None,
    events: Annotated[Path | None, typer.Option(help="A hand's events (JSON list, as Hand.events()) to export.")] = None,
    players: Annotated[int, typer.Option(help="Players, for a hand played here.")] = 6,
    stack: Annotated[int, typer.Option(help="Starting stack of each player.")] = 10000,
    blinds: Annotated[str, typer.Option(help="Small/big blind, e.g. 50/100.")] = "50/100",
    ante: Annotated[int, typer.Option(help="Ante per player.")] = 0,
    limit: Annotated[bool, typer.Option("--limit", help="Fixed-limit (FT) instead of no-limit (NT).")] = False,
    rules: Annotated[str, typer.Option(help="Rules preset.")] = "ifp-2012",
    seed: Annotated[int, typer.Option(help="Seed for the cards and the random legal actions.")] = 0,
    variant: Annotated[str | None, typer.Option(
        help="A mixed game to play here instead of hold'em (PHH code: PO, FO/8, F7S, F7S/8, FR, "
             "N2L1D, F2L3D, FB (badugi), NS (short deck) ...); limit bets the big blind and twice "
             "it, stud antes --ante and brings in the small blind, short deck antes --ante and "
             "the button posts the big blind.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="phh, or pokerstars (a PokerStars hand history).")] = "phh",
) -> None:
    """Write a hand played by the engine as PHH (or as a PokerStars hand history): the events
    of --events, or a hand played here with random legal actions (seeded)."""
    import json
    import random
    from ..engine import Hand, replay
    from ..formats.phh import dumps, export_hand
    if fmt not in ("phh", "pokerstars"):
        raise typer.BadParameter(f"{fmt!r}: phh or pokerstars", param_hint="--format")
    if variant is not None or (events is not None and _mixed_events(events)):
        mixed = _export_mixed(events, variant, players, stack, blinds, ante, rules, seed)
        if fmt == "pokerstars":
            text = _pokerstars(mixed)
        else:
            from ..formats.phh_mixed import export_mixed
            text = dumps(export_mixed(mixed))
    elif events is not None:
        h = replay(json.loads(events.read_text(encoding="utf-8")))
    else:
        try:
            sb, bb = (int(x) for x in blinds.split("/"))
        except ValueError:
            raise typer.BadParameter("blinds look like 50/100", param_hint="--blinds") from None
        rng = random.Random(seed)
        h = Hand([stack] * players, (sb, bb), ante=ante, structure="fixed-limit" if limit else "no-limit",
                 rules=rules, rng=rng)
        while not h.done:
            la = h.legal_actions()
            kinds = ["cc"] + (["f"] if la.call else []) + (["r"] if la.min_raise_to is not None else [])
            k = rng.choice(kinds)
            if k == "f":
                h.fold()
            elif k == "cc":
                h.check_call()
            else:
                h.raise_to(rng.randint(la.min_raise_to, la.max_raise_to))
    if variant is None and not (events is not None and _mixed_events(events)):
        text = _pokerstars(h) if fmt == "pokerstars" else dumps(export_hand(h))
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")


def _mixed_events(events: Path) -> bool:
    """Events of a mixed-game hand (MixedHand.events(): the 'started' event names the variant)."""
    import json
    data = json.loads(events.read_text(encoding="utf-8"))
    return (bool(data) and isinstance(data[0], dict) and data[0].get("type") == "started"
            and isinstance(data[0].get("config"), dict) and "variant" in data[0]["config"])


def _pokerstars(hand: Any) -> str:
    """A finished engine hand as a PokerStars hand history (refusals as usage errors)."""
    from ..formats.pokerstars import PokerStarsError, write_hand
    try:
        return write_hand(hand)
    except PokerStarsError as e:
        raise typer.BadParameter(str(e), param_hint="--format") from None


def _export_mixed(events: Path | None, variant: str | None, players: int, stack: int, blinds: str,
                  ante: int, rules: str, seed: int) -> Any:
    """A mixed-game hand: replayed from its events, or played here at random."""
    import json
    import random
    from ..bots.mixed import play_random
    from ..engine.games import BUTTON_BLIND, game
    from ..engine.mixed import MixedHand
    if events is not None:
        try:
            return MixedHand.replay(json.loads(events.read_text(encoding="utf-8")))
        except ValueError as e:
            raise typer.BadParameter(str(e), param_hint="--events") from None
    assert variant is not None
    try:
        g, _ = game(variant)
        sb, bb = (int(x) for x in blinds.split("/"))
    except ValueError as e:
        raise typer.BadParameter(str(e) if "variant" in str(e) or "game" in str(e)
                                 else "blinds look like 50/100", param_hint="--variant") from None
    rng = random.Random(seed)
    if g.forced == BUTTON_BLIND and ante <= 0:
        raise typer.BadParameter(f"{g.name} is dealt with an ante from every player and a button "
                                 "blind (the big blind of --blinds): give --ante, e.g. --ante 100",
                                 param_hint="--ante")
    kw = (dict(antes=ante, bring_in=sb) if g.stud else
          dict(blinds=[0] * (players - 1) + [bb], antes=ante) if g.forced == BUTTON_BLIND else
          dict(blinds=([bb, sb] if players == 2 else [sb, bb] + [0] * (players - 2)), antes=ante))
    try:
        h = MixedHand(variant, [stack] * players, small_bet=bb, big_bet=2 * bb, min_bet=bb,
                      rules=rules, rng=rng, **kw)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--variant") from None
    play_random(h, rng)
    return h


@phh_app.command("convert")
def convert_cmd(
    paths: Annotated[list[Path], typer.Argument(help="PHH files or folders (searched recursively).")],
    to: Annotated[str, typer.Option("--to", help="The format to write: pokerstars.")] = "pokerstars",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here (default: stdout).")] = None,
    hero: Annotated[int | None, typer.Option(
        help="The player (1 for p1 ...) whose hole cards are dealt face up, as in his own "
             "history; by default every player's known cards.")] = None,
    rules: Annotated[str | None, typer.Option(
        help="Rules preset the hands are replayed under (default: the one each file names in "
             "_rules, else ifp-2012).")] = None,
) -> None:
    """Convert PHH hands to PokerStars hand histories, one file of all of them, in order.

    Each hand is replayed by the engine (its pots and winners are the engine's); names,
    seats, table, hand number and date come from the PHH file where it gives them. A hand
    that cannot be converted stops the conversion with its file named, and nothing is
    written."""
    from ..formats.phh import PHHError, find_files, load
    from ..formats.pokerstars import PokerStarsError, dumps, from_phh
    if to != "pokerstars":
        raise typer.BadParameter(f"{to!r}: the format PHH converts to here is pokerstars", param_hint="--to")
    files = find_files(paths)
    if not files:
        raise typer.BadParameter(f"no .phh file in {', '.join(map(str, paths))}", param_hint="PATHS")
    texts = []
    for f in files:
        try:
            data = load(f)
            texts.append(from_phh(data, hero=None if hero is None else hero - 1, rules=rules))
        except (PHHError, PokerStarsError, OSError) as e:
            typer.echo(f"{f}: {e}", err=True)
            raise typer.Exit(1) from None
    text = dumps(texts)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
