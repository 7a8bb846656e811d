"""``pokertd tournament pause, resume, hand-for-hand, last-hands``: the clock (IFP 61; TDA
RP-8; IFP 14; WPA 9). Declared in :mod:`pokertd.cli.live` (the ``tournament`` group) and run
here.
"""

from __future__ import annotations

import typer

from .app import OutputFormat
from .live import HandForHandAction
from .live_common import _echo_json, _print_clock, _run


def pause(name: str, reason: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament pause``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.pause(name, reason, command_id=command_id))
    _print_clock(out.clock)
    typer.echo("clock stopped")


def resume(name: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament resume``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.resume(name, command_id=command_id))
    _print_clock(out.clock)
    typer.echo("clock running")


def hand_for_hand(name: str, action: HandForHandAction, output: OutputFormat,
                  command_id: str | None, db: str | None) -> None:
    """``pokertd tournament hand-for-hand``, as :mod:`pokertd.cli.live` declares it."""
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


def last_hands(name: str, hands: int | None, output: OutputFormat, command_id: str | None,
               db: str | None) -> None:
    """``pokertd tournament last-hands``, as :mod:`pokertd.cli.live` declares it."""
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
